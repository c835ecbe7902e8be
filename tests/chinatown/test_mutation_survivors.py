"""Rules the sampled mutation run (tests/mutation) found no test for."""

import signal
from contextlib import contextmanager
from dataclasses import replace

from service.engine.chinatown import GAME
from service.engine.chinatown.board import components, is_connected
from service.engine.chinatown.data import SHOP_TYPES
from service.engine.chinatown.state import EndTurn, Keep, Pending, Reveal, Trade, Transfer
from service.schemas.chinatown import WIRE

from .helpers import codes, make_state, partial


def keep_five_each(state):
    for p in state.players:
        out = GAME.apply(state, Keep(p.id, tuple(sorted(p.hand)[:5])))
        assert out.legal, out.violations
        state = out.state
    return state


def test_reshuffle_of_the_discards_needs_both_a_known_deck_and_the_shuffle_seed():
    digital = GAME.setup(["anna", "bob", "chang"], 12, {})
    # the deck at the table, the bag digital: the seed left in the state has no deck to shuffle
    table_deck = replace(digital, deck=None)
    assert GAME.validate(table_deck) == []
    after = keep_five_each(table_deck)
    assert after.phase == "trade" and after.deck is None and after.shuffle_seed == digital.shuffle_seed
    # a known deck without a seed: the discards go back unshuffled, the same answer every time
    no_seed = replace(digital, shuffle_seed=None)
    assert GAME.validate(no_seed) == []
    once, again = keep_five_each(no_seed), keep_five_each(no_seed)
    assert once == again and once.shuffle_seed is None
    discards = [lot for p in digital.players for lot in p.hand if lot not in sorted(p.hand)[:5]]
    assert once.deck[-len(discards) :] == tuple(discards)


def test_tile_draw_reveal_names_only_tiles_the_bag_can_hold_not_a_type_the_game_lacks():
    # the wire refuses unknown shop types; the engine's own check must too, a tile the bag never held
    state = make_state("draw", players=("anna", "bob", "chang"))
    assert state.pending == Pending("draw", "anna", 7)
    out = GAME.apply(state, Reveal("anna", tiles=("unicorn",) + ("photo",) * 6))
    assert codes(out) == ["chinatown.reveal.tile_unavailable"]
    assert out.violations[0].pointer == "/move/tiles/0"


def test_validate_the_deck_holds_each_building_card_once():
    state = GAME.setup(["anna", "bob", "chang"], 12, {})
    assert GAME.validate(state) == []
    twice = replace(state, deck=state.deck + state.deck[:1])  # every card still accounted for, one twice
    assert codes(GAME.validate(twice)) == ["chinatown.state.deck_mismatch"]


def year_two_draw(held: dict[str, int]):
    """3 players, year 2, anna to draw 4 tiles; the 21 tiles of year 1 held as ``held``."""
    state = make_state("draw", round_no=2, tiles={"chang": held})
    assert state.pending == Pending("draw", "anna", 4)
    return state


def test_reveals_are_listed_one_tile_at_a_time_for_each_type_the_bag_can_still_give():
    # chang holds all 6 photo tiles: photo is the one type the bag can no longer give
    state = year_two_draw({"photo": 6, "restaurant": 5, "factory": 5, "antiques": 5})
    listed = GAME.legal_moves(state)
    assert listed == [Reveal("anna", tiles=(shop,)) for shop in SHOP_TYPES if shop != "photo"]
    assert codes(GAME.apply(state, Reveal("anna", tiles=("photo",)))) == ["chinatown.reveal.tile_unavailable"]


def test_a_scarce_type_late_in_type_order_is_listed_until_its_last_tile_is_out():
    # antiques (10th of 12 types): 6 held by chang, the bag's last 3 revealed one by one
    state = year_two_draw({"photo": 6, "antiques": 6, "restaurant": 5, "factory": 4})
    for _ in range(3):
        assert Reveal("anna", tiles=("antiques",)) in GAME.legal_moves(state)
        state = GAME.apply(state, Reveal(state.pending.player, tiles=("antiques",))).state
    assert all(m.tiles != ("antiques",) for m in GAME.legal_moves(state))


def test_oversized_group_split_reading_a_t_of_five_photos_keeps_the_complete_shop_connected():
    # 1 above 3 above 7, with 6 and 8 either side of 7: no simple cut leaves the rest connected
    result = GAME.score(partial({lot: ("anna", "photo") for lot in (1, 3, 6, 7, 8)}))
    complete = [s["lots"] for s in result["shops"] if s["complete"]]
    assert len(complete) == 1 and is_connected(set(complete[0]))
    assert sorted(s["size"] for s in result["shops"]) == [2, 3]
    assert result["totals"]["anna"] == 50000 + 20000


def test_oversized_group_split_leaves_the_remainder_connected_when_a_later_cut_allows_it():
    # the path 11-7-3-4-5 of photos: the first cut from lot 3 (3, 4, 7) would strand 5 and 11 apart,
    # a cut from the same path's other lots leaves a remainder of two touching tiles
    result = GAME.score(partial({lot: ("anna", "photo") for lot in (3, 4, 5, 7, 11)}))
    pieces = [s["lots"] for s in result["shops"]]
    assert sorted(len(lots) for lots in pieces) == [2, 3]
    assert all(components(set(lots)) == [sorted(lots)] for lots in pieces)  # not is_connected: under test
    assert result["totals"]["anna"] == 50000 + 20000


def test_final_scoring_totals_are_each_players_money_and_0_while_unknown():
    state = WIRE.score_state().load(
        {
            "board": {"12": {"owner": "anna", "shop": "photo"}},
            "players": [{"id": "anna", "money": 120000}, {"id": "bob", "money": 0}, {"id": "chang"}],
        }
    )
    result = GAME.score(state, "final")
    assert result["totals"] == {"anna": 120000, "bob": 0, "chang": 0}
    assert "chinatown.score.money_unknown" in [v["code"] for v in result["violations"]]


def finished_game(money: dict[str, int]):
    """Year 6 played out by ending every turn: anna owns 2 tiles on the board, bob 1, chang none; then each
    player's money set to ``money``."""
    layout = {12: ("anna", "photo"), 13: ("anna", "seafood"), 14: ("bob", "tea_house")}
    state = make_state("place", round_no=6, board_layout=layout)
    for pid in ("anna", "bob", "chang"):
        state = GAME.apply(state, EndTurn(pid)).state
    assert state.phase == "end"
    return replace(state, players=tuple(replace(p, money=money[p.id]) for p in state.players))


def test_status_names_the_richest_the_winner_even_by_a_dollar_on_a_state_validate_refuses(client):
    # status answers every state the wire loads, even an inconsistent one: the wire takes any dollar amount
    # (validate alone asks for multiples of $10,000). Money decides; tiles on the board only break a tie,
    # so bob's $1 beats anna's $0 and her 2 tiles, and an unknown amount counts as $0.
    for anna in (0, None):
        end = finished_game({"anna": anna, "bob": 1, "chang": 0})
        assert "chinatown.state.money" in codes(GAME.validate(end))
        assert GAME.status(end).winners == ("bob",)
        raw = WIRE.state().dump(end)
        r = client.post("/v1/games/chinatown/view", json={"state": raw, "player": "chang"})
        assert r.status_code == 200 and r.json["status"]["winners"] == ["bob"]


@contextmanager
def answered_within(seconds: float):
    """Fails the test, instead of hanging it, when the block takes longer than ``seconds``."""

    def stop(signum, frame):
        raise AssertionError(f"no answer within {seconds} s")

    before = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def test_trade_pass_on_a_lot_reaches_the_parties_it_is_passed_to_and_no_one_else():
    # chang gives lot 18 to lucy, who passes it on to simon; simon gives lucy's lot 16 without receiving it
    layout = {16: ("lucy", "tea_house"), 18: ("chang", "tea_house")}
    state = make_state("trade", players=("chang", "lucy", "simon"), board_layout=layout)
    chain = Trade("chang", (Transfer("chang", "lucy", lots=(18,)), Transfer("lucy", "simon", lots=(18,))))
    stray = Trade("simon", (Transfer("chang", "lucy", lots=(18,)), Transfer("simon", "chang", lots=(16,))))
    with answered_within(1.0):  # the search along the passes must end
        passed = GAME.apply(state, chain)
        refused = GAME.apply(state, stray)
    assert passed.legal, passed.violations
    assert passed.state.board.get(18).owner == "simon"
    assert codes(refused) == ["chinatown.trade.lot_not_owned"]
    assert refused.violations[0].pointer == "/move/transfers/1/lots/0"


def test_shops_are_the_touching_lots_of_one_type_and_lots_apart_are_shops_apart():
    # 3 touches 7, 1 does not: photos on 3 and 7 are one shop of 2, photos on 1 and 7 two shops of 1
    with answered_within(1.0):  # the walk over touching lots must end
        touching = GAME.score(partial({3: ("anna", "photo"), 7: ("anna", "photo")}))
        apart = GAME.score(partial({1: ("anna", "photo"), 7: ("anna", "photo")}))
    assert [(s["lots"], s["size"]) for s in touching["shops"]] == [([3, 7], 2)]
    assert touching["totals"]["anna"] == 20000
    assert sorted(s["size"] for s in apart["shops"]) == [1, 1]
    assert apart["totals"]["anna"] == 10000 + 10000
