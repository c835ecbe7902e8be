"""validate and the remaining refusals: each rule code answered where it belongs."""

from __future__ import annotations

from service.engine.kit import awaited_text, replace
from service.engine.skyline3000 import GAME, checks
from service.engine.skyline3000.state import Block, Building, Pile, ScoreInput, default_options

from .helpers import codes, give_hand, in_round, mv, put, settle, start, with_player


def test_unknown_card_is_refused():
    assert codes(GAME.apply(start(), mv("discard", "anna", card="joker-1"))) == ["card.unknown"]


def test_unknown_factory_building_is_refused():
    state = give_hand(start(), "anna", ["roof-1"])
    assert codes(GAME.apply(state, mv("roof", "anna", card="roof-1", building=9, roof="arched"))) == [
        "factory.unknown_building"
    ]


def test_billboard_on_a_billboard_is_a_bad_target():
    assert codes(GAME.apply(start(), mv("billboard", "anna", block="red-2", target="billboard"))) == [
        "placement.bad_target"
    ]


def test_auction_without_a_lot_is_refused():
    state = start()
    for pid in ("anna", "bob", "cleo"):
        state = GAME.apply(state, mv("pass", pid)).state
    state = replace(state, auction_house=((), state.auction_house[1], state.auction_house[2]))
    assert "auction.no_lot" in codes(GAME.apply(state, mv("bid", "anna", cards=[])))
    assert "auction.no_lot" in codes(GAME.validate(state))


def test_draw_from_an_unknown_pile_is_refused_and_a_drawer_without_draws_is_no_state():
    state = start()
    for pid in ("anna", "bob", "cleo"):
        state = GAME.apply(state, mv("pass", pid)).state
    for _ in range(3):
        state = settle(state, {}).state
    assert state.phase == "draw"
    assert codes(GAME.apply(state, mv("draw", "anna", pile="coins"))) == ["draw.unknown_pile"]
    none_left = replace(state, draws_left=tuple((p, 0 if p == state.turn else n) for p, n in state.draws_left))
    assert codes(GAME.validate(none_left)) == ["state.phase"]
    assert codes(GAME.apply(none_left, mv("draw", state.turn, pile="roof"))) == ["state.phase"]


def test_validate_unknown_player_pieces():
    state = put(start(), "red-2", [("anna", 1, "arched")])
    state = state.with_block("red-2", replace(state.block("red-2"), billboards=("zed",)))
    assert "state.unknown_player" in codes(GAME.validate(state))
    assert "state.unknown_player" in codes(GAME.validate(replace(start(), key="zed")))


def test_validate_duplicate_players_and_player_count():
    state = start()
    twins = replace(state, players=(state.players[0], state.players[0]))
    assert "state.duplicate_player" in codes(GAME.validate(twins))
    alone = replace(state, players=state.players[:1])
    assert "state.player_count" in codes(GAME.validate(alone))


def test_validate_developments_add_up():
    state = replace(start(), removed_developments=("green",))
    assert "state.developments" in codes(GAME.validate(state))
    state = start()
    state = state.with_block("red-1", replace(state.block("red-1"), greens=0))
    state = replace(state, removed_developments=("green",))
    assert codes(GAME.validate(state)) == ["state.developments"]  # a printed starting green is missing


def test_validate_hand_and_pile_sizes():
    state = start()
    state = state.with_player(replace(state.player("anna"), hand_size=3))
    assert "state.hand_size" in codes(GAME.validate(state))
    state = start()
    state = state.with_pile("roof", replace(state.pile("roof"), draw_size=1))
    assert "state.pile_size" in codes(GAME.validate(state))


def test_validate_district_roofs_and_block_roofs():
    state = start()
    for b in ("red-1", "red-2", "red-3"):
        state = put(state, b, [("anna", 1, "arched")])
    assert "state.district_roofs" in codes(GAME.validate(state))


def test_validate_large_platform_and_unknown_block():
    inp = ScoreInput(
        options=default_options(),
        blocks=(("red-2", Block(large="castle")), ("green-7", Block(buildings=(Building("a", 1, "arched"),)))),
    )
    found = {v["code"].split(".", 1)[1] for v in GAME.score(inp)["violations"]}
    assert {"state.large", "state.unknown_block"} <= found


def test_validate_pending_must_fit():
    from service.engine.skyline3000.state import Pending

    state = replace(start(), pending=Pending("draw", "anna", "roof"))
    assert "state.pending" in codes(GAME.validate(state))


def test_validate_phase_markers():
    state = replace(start(), phase="over")
    assert "state.phase" in codes(GAME.validate(state))
    state = replace(start(), phase="develop")
    assert "state.phase" in codes(GAME.validate(state))


def test_validate_block_capacity():
    state = put(start(), "blue-3", billboards=["anna", "bob", "cleo", "anna", "bob", "cleo", "anna"])
    assert codes(GAME.validate(state)) == []  # 7 open small platforms, all taken
    state = put(state, "blue-3", billboards=["bob"])
    assert codes(GAME.validate(state)) == ["state.block_capacity"]


def test_validate_hidden_information_in_a_complete_auction():
    state = start()
    for pid in ("anna", "bob", "cleo"):
        state = GAME.apply(state, mv("pass", pid)).state
    from service.engine.skyline3000.state import Auction

    state = replace(state, auction=Auction(1, (("anna", None), ("bob", ()), ("cleo", ()))))
    assert "state.hidden_information" in codes(GAME.validate(state))


def test_a_pile_that_is_not_its_deck_is_flagged():
    state = start()
    roof = state.pile("roof")
    state = state.with_pile("floor", replace(state.pile("floor"), discard=(roof.draw[0],)))
    state = state.with_pile("roof", Pile(draw=roof.draw[1:], draw_size=len(roof.draw) - 1))
    assert "state.cards" in codes(GAME.validate(state))


def test_with_player_helper_keeps_sizes():
    state = with_player(start(), "anna", hand=())
    assert state.player("anna").hand_size == 0


def test_a_state_validate_refuses_is_refused_by_apply_and_has_no_legal_moves():
    state = replace(start(), floors=start().floors - 7)  # the supply off by 7
    assert codes(GAME.validate(state)) == ["state.floors"]
    out = GAME.apply(state, mv("pass", "anna"))
    assert not out.legal and out.violations == tuple(GAME.validate(state))
    assert GAME.legal_moves(state) == [] and GAME.legal_moves(state, "anna") == []
    assert GAME.apply(start(), mv("pass", "anna")).legal and len(GAME.legal_moves(start())) > 0


def test_not_your_turn_names_the_awaited_player():
    out = GAME.apply(start(), mv("pass", "bob"))
    assert codes(out) == ["turn.not_your_turn"]
    assert out.violations[0].message == "It is not \u2068bob\u2069's turn: the game awaits \u2068anna\u2069."
    assert out.violations[0].pointer == "/move/player"


def test_awaited_players_are_named_as_one_id_or_a_list():
    assert awaited_text(["ben"]) == "ben"
    assert awaited_text(["ben", "carl"]) == "ben and carl"
    assert awaited_text(["ben", "carl", "dora"]) == "ben, carl and dora"
    state = start()
    for pid in ("anna", "bob", "cleo"):
        state = GAME.apply(state, mv("pass", pid)).state
    assert checks.awaited(state) == ("anna", "bob", "cleo")  # the auction: every pile still to be laid
    state = GAME.apply(state, mv("bid", "bob", cards=[])).state
    assert checks.awaited(state) == ("anna", "cleo")


def test_validate_auction_house_fits_the_round_and_phase():
    assert GAME.validate(in_round(start(), 3)) == []
    assert codes(GAME.validate(replace(start(), round=2))) == ["state.auction_house"]  # round 1's lots unsold
    early = put(start(), "yellow-2", large="megamarket")  # a megamarket is sold in round 3 at the earliest
    assert codes(GAME.validate(early)) == ["state.auction_house"]
    out = GAME.apply(early, mv("pass", "anna"))
    assert codes(out) == ["state.auction_house"] and GAME.legal_moves(early) == []


def test_validate_floors_add_up_to_90_on_both_sides():
    state = start()
    assert GAME.validate(state) == []
    for off in (-1, 1):
        assert codes(GAME.validate(replace(state, floors=state.floors + off))) == ["state.floors"], off


def test_a_card_in_two_places_is_pointed_at_where_it_is_found_again():
    state = start()
    twice = state.player("bob").hand[0]
    doubled = with_player(state, "anna", hand=state.player("anna").hand + (twice,))
    found = [v for v in GAME.validate(doubled) if v.message == f"{twice} is in 2 places."]
    assert [(v.code, v.pointer) for v in found] == [("skyline3000.state.cards", "/state/players/1/hand/0")]
    unknown = with_player(state, "anna", hand=state.player("anna").hand + ("roof-99",))
    found = [v for v in GAME.validate(unknown) if v.message == "No card 'roof-99' in this game."]
    assert [v.pointer for v in found] == [f"/state/players/0/hand/{len(state.player('anna').hand)}"]
