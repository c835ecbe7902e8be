"""Rules the sampled mutation run (tests/mutation) found no test for, at a real table (hidden hands)."""

from __future__ import annotations

from collections import Counter

from service.engine.kit import replace
from service.engine.skyline3000 import GAME
from service.engine.skyline3000.hidden import hidden_draw_sizes, unknown_cards
from service.engine.skyline3000.state import Auction, default_options

from .helpers import codes, mv, reveal_tops, settle

SEATS = ("orange", "purple", "green")


def table_auction():
    """A real-table game whose construction phase everyone passed: the first auction, no pile laid."""
    state = reveal_tops(GAME.setup(list(SEATS), 1, default_options(chance="table")))
    while state.phase == "construction":
        state = GAME.apply(state, mv("pass", state.turn)).state
    assert state.phase == "auction" and not state.auction.sealed
    assert all(p.hand is None for p in state.players)
    return state


def test_key_holder_reports_the_piles_the_bids_move_is_listed_for_the_key_only():
    state = table_auction()
    listed = [m for m in GAME.legal_moves(state) if m.type == "bids"]
    assert listed and {m.player for m in listed} == {state.key}
    assert [m for m in GAME.legal_moves(state, player=state.key) if m.type == "bids"] == listed
    other = next(p for p in SEATS if p != state.key)
    assert not [m for m in GAME.legal_moves(state, player=other) if m.type == "bids"]
    assert GAME.apply(state, listed[0]).legal


def test_hidden_hand_holds_each_card_once_and_no_more_cards_than_its_size():
    state = table_auction()
    bidder = state.players[0]
    unknown = unknown_cards(state)
    fits = tuple(unknown[:2])
    assert codes(GAME.validate(replace(state, auction=Auction(1, ((bidder.id, fits),))))) == []
    twice = (unknown[0], unknown[0])
    assert "state.cards" in codes(GAME.validate(replace(state, auction=Auction(1, ((bidder.id, twice),)))))
    too_many = spread(state, unknown, bidder.hand_size + 1)
    assert "state.cards" in codes(GAME.validate(replace(state, auction=Auction(1, ((bidder.id, too_many),)))))


def spread(state, unknown, n):
    """n unknown cards taken so that every hidden draw pile can still be full: only the hand's size can
    refuse them."""
    deck = {c.id: c.deck for c in state.options.cards}
    spare = Counter(deck[c] for c in unknown)
    spare.subtract(hidden_draw_sizes(state))
    taken = []
    for card in unknown:
        if spare[deck[card]] > 0 and len(taken) < n:
            taken.append(card)
            spare[deck[card]] -= 1
    assert len(taken) == n
    return tuple(taken)


def test_reading_development_without_place_one_open_platform_is_enough_for_a_green():
    # the other side of test_auction's boundary: one open small platform per block, all taken but one
    from service.engine.skyline3000 import data
    from service.engine.skyline3000.state import BlockSpec, default_board

    from .helpers import put
    from .test_auction import auction_state

    one_open = default_options(
        board=tuple(BlockSpec(b.id, b.district, 1 + b.starting_greens, b.starting_greens) for b in default_board())
    )
    state = auction_state({"purple": ["roof-8"]}, options=one_open)
    left_open = data.BLOCK_IDS[-1]
    for i, block_id in enumerate(data.BLOCK_IDS[:-1]):
        state = put(state, block_id, billboards=[SEATS[i % 3]])
    assert GAME.validate(state) == []
    out = settle(state, {"orange": [], "purple": ["roof-8"], "green": []})
    assert out.legal and out.state.removed_developments == ()
    assert out.state.award.player == "purple" and out.state.award.tile == "green"
    assert [m.block for m in GAME.legal_moves(out.state, move_type="develop")] == [left_open]
    developed = GAME.apply(out.state, mv("develop", "purple", block=left_open))
    assert developed.legal and developed.state.block(left_open).greens == out.state.block(left_open).greens + 1


def test_reading_reshuffle_seed_wraps_modulo_2_to_the_63():
    from service.engine.skyline3000.effects import reshuffle_seed

    # (2**63 - 1) * 1000003 + 0 + 1 is -1000003 + 1 modulo 2**63: the recipe the reading states
    assert reshuffle_seed(2**63 - 1, 0) == 2**63 - 1_000_002
    assert reshuffle_seed(5, 2) == 5_000_018


def test_a_hidden_pile_with_one_card_left_may_show_that_card_face_up_but_an_empty_one_none():
    state = table_auction()
    roofs = [c for c in unknown_cards(state) if state.options.card(c).deck == "roof"]
    pile = replace(state.pile("roof"), discard=tuple(roofs[:7]), top=roofs[-1])
    last_card = state.with_pile("roof", replace(pile, draw_size=1))
    assert GAME.validate(last_card) == []
    empty = state.with_pile("roof", replace(pile, draw_size=0))
    assert "state.pile_top" in codes(GAME.validate(empty))


def test_round_scoring_reports_zero_points_for_a_player_with_nothing_on_the_board():
    from .helpers import put
    from .test_auction import won

    state = put(won(tile_stack=3), "yellow-1", [("purple", 1, "arched")])
    out = GAME.apply(state, mv("develop", "purple", block="yellow-1"))
    scoring = next(e.data for e in out.events if e.kind == "round_scored")
    assert scoring["awarded"] == {"orange": 0, "purple": 2, "green": 0}
    assert out.state.player("orange").points == state.player("orange").points


def test_a_block_placings_memo_entry_naming_a_player_without_a_building_there_is_recomputed():
    from service.engine.memo import memo_scope
    from service.engine.skyline3000.scoring import all_placings

    from .helpers import put
    from .test_auction import auction_state

    class Poisoned:
        def get_or_compute_many(self, kind, materials, compute, check=None):
            return [{"first": ["mallory"], "second": []} for _ in materials]

    state = put(auction_state({}), "yellow-1", [("purple", 2, "arched")])
    with memo_scope(Poisoned()):
        places = all_placings([("yellow-1", state.block("yellow-1"))], state.options)
    assert places["yellow-1"] == {"first": ["purple"], "second": []}


def test_reading_final_tiebreak_an_empty_hand_loses_to_a_single_card_worth_1():
    from .helpers import give_hand, in_round, start
    from .test_draw_and_end import to_draw

    s = in_round(start(), 4)
    for pid in ("bob", "cleo"):
        s = give_hand(s, pid, [], exact=True)
    s = give_hand(s, "anna", ["roof-1"], exact=True)
    s = to_draw(replace(s, players=tuple(replace(p, points=10) for p in s.players)))
    assert s.phase == "over" and {p.points for p in s.players} == {10} and s.player("anna").hand == ("roof-1",)
    for rule in ("highest_card", "highest_total"):
        assert GAME.score(replace(s, options=replace(s.options, final_tiebreak=rule)))["winners"] == ["anna"]


def test_reading_billboard_replacement_cost_nothing_to_pay_is_never_refused_even_below_zero():
    # option unpaid_cost `refused` refuses a cost the points cannot cover; a free replacement costs nothing,
    # so even a score below 0 (the state schema allows one) is no reason to refuse it
    from .helpers import give_hand, put, start, with_player

    state = put(give_hand(start(billboard_replacement_cost=0), "anna", ["contract-1"]), "red-2", billboards=["anna"])
    state = with_player(state, "anna", points=-1)
    assert state.options.unpaid_cost == "refused" and GAME.validate(state) == []
    out = GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2", target="billboard"))
    assert out.legal and out.state.player("anna").points == -1
    charged = replace(state, options=replace(state.options, billboard_replacement_cost=1))
    assert codes(
        GAME.apply(charged, mv("contract", "anna", card="contract-1", building=0, block="red-2", target="billboard"))
    ) == ["points.cannot_pay"]


def test_score_names_winners_only_for_a_finished_game_or_scoring_final():
    import random

    # a game in round 2 reached by legal moves, the three players on different points
    rnd = random.Random(3)
    state = GAME.setup(list(SEATS), 3)
    while not (state.phase == "construction" and state.round >= 2 and len({p.points for p in state.players}) == 3):
        assert state.phase != "over"
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state))).state
    round_score = GAME.score(state)
    assert round_score["scoring"] == "round" and round_score["winners"] == []
    assert GAME.score(state, "round")["winners"] == []
    final = GAME.score(state, "final")
    standings = final["standings"]
    assert final["scoring"] == "final" and final["winners"] == [max(standings, key=standings.get)]


def test_reading_final_tiebreak_a_card_worth_0_ties_with_an_empty_hand():
    # option `cards` lets a card be worth 0; a hand holding only that card is worth no more than no hand
    from service.engine.skyline3000.options import DEFAULT_CARDS

    from .helpers import give_hand, in_round, start
    from .test_draw_and_end import to_draw

    cards = {**DEFAULT_CARDS, "roof": [0, *DEFAULT_CARDS["roof"][1:]]}
    s = in_round(start(cards=cards), 4)
    assert s.options.card("roof-1").value == 0
    s = give_hand(s, "bob", [], exact=True)
    s = give_hand(s, "cleo", [], exact=True)
    s = give_hand(s, "anna", ["roof-1"], exact=True)
    s = to_draw(replace(s, players=tuple(replace(p, points=10) for p in s.players)))
    assert s.phase == "over" and {p.points for p in s.players} == {10} and s.player("anna").hand == ("roof-1",)
    for rule in ("highest_card", "highest_total"):
        assert GAME.score(replace(s, options=replace(s.options, final_tiebreak=rule)))["winners"] == [
            "anna",
            "bob",
            "cleo",
        ]


def test_sound_remembered_block_placings_are_used_without_computing_them_again(monkeypatch):
    # the memo is there to save the work: a kept placing that passes the check is the answer, not recomputed
    from service.engine.memo import memo_scope
    from service.engine.skyline3000 import scoring

    from ..memos import CountingMemo
    from .helpers import put
    from .test_auction import auction_state

    state = put(auction_state({}), "yellow-1", [("purple", 2, "arched"), ("orange", 1, "peaked")])
    memo = CountingMemo()
    with memo_scope(memo):
        first = GAME.score(state)
    calls = []
    real = scoring.compute_placings
    monkeypatch.setattr(scoring, "compute_placings", lambda material: calls.append(material) or real(material))
    with memo_scope(memo):
        again = GAME.score(state)
    assert again == first and again["blocks"]["yellow-1"]["first"] == ["purple"]
    assert calls == []


def test_reading_spaceport_bonus_a_player_with_nothing_on_the_board_owes_every_one_of_his_six_cards():
    # only the Spaceport's extra cards may be declined; a player owning nothing anywhere has none, so even
    # his last owed card cannot be declined
    from service.engine.skyline3000.scoring import score_blocks

    from .test_rules_played import play, spaceport_won

    state, key = spaceport_won()
    for _ in range(6):
        state, _ = play(state, mv("draw", key, pile="contract"))
    state, _ = play(state, mv("stop", key))
    other = state.turn
    assert other != key and other not in score_blocks(state.blocks, state.options)["players"]
    for _ in range(5):
        state, _ = play(state, mv("draw", other, pile="contract"))
    assert state.turn == other and state.draws_of(other) == 1
    assert codes(GAME.apply(state, mv("stop", other))) == ["draw.cards_owed"]
    assert not [m for m in GAME.legal_moves(state) if m.type == "stop"]
    state, _ = play(state, mv("draw", other, pile="contract"))
    assert state.turn != other and state.draws_of(other) == 0


def test_legal_moves_pages_an_empty_hand_hidden_from_the_viewer_is_not_searched_for_cards():
    # option empty_hand `billboards`: the Key holder, his hand played out, keeps his turn for billboards. In
    # another player's view his hand is hidden but its size, 0, is public: no card of it is a candidate, so
    # the listing (and a page's cursor, which counts candidates) is the same as with the hand known
    from .test_rules_played import discard_all

    state, key = discard_all({"empty_hand": "billboards"})
    assert state.turn == key and state.player(key).hand == ()
    view = GAME.view(state, next(p for p in SEATS if p != key))
    assert view.player(key).hand is None and view.player(key).hand_size == 0 and GAME.validate(view) == []
    assert list(GAME.candidates(view, None, None)) == list(GAME.candidates(state, None, None))
    page, known = GAME.legal_page(view, None, None, 0, 2), GAME.legal_page(state, None, None, 0, 2)
    assert [m.type for m in page.moves] == ["pass", "billboard"] and page.moves == known.moves
    assert page.next_start == known.next_start == 2
