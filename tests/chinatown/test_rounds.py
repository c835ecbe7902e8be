"""The six years and their phases."""

from dataclasses import replace

import pytest

from service.engine.chinatown import GAME
from service.engine.chinatown.scoring import winners
from service.engine.chinatown.state import EndTrading, EndTurn, Keep, Place, Trade, Transfer
from service.engine.core import RulesError
from tests.scores import by_id

from .helpers import board, codes, make_state

# The seed's table 1: cards dealt / kept per player, by player count and round.
SEED_TABLE = {
    3: [(7, 5), (6, 4), (6, 4), (6, 4), (6, 4), (6, 4)],
    4: [(6, 4), (5, 3), (5, 3), (5, 3), (5, 3), (5, 3)],
    5: [(5, 3), (5, 3), (5, 3), (4, 2), (4, 2), (4, 2)],
}


def play_simple_year(state):
    """Everyone keeps the first cards of their hand, ends trading, places nothing."""
    for p in state.players:
        keep_n = len(GAME.legal_moves(state, p.id, "keep")[0].lots)
        out = GAME.apply(state, Keep(p.id, tuple(sorted(state.player(p.id).hand)[:keep_n])))
        assert out.legal, out.violations
        state = out.state
    for pid in state.ids:
        state = GAME.apply(state, EndTrading(pid)).state
    events = []
    for _ in state.ids:
        turn = GAME.legal_moves(state, move_type="end_turn")[0].player
        out = GAME.apply(state, EndTurn(turn))
        assert out.legal, out.violations
        events += out.events
        state = out.state
    return state, events


@pytest.mark.parametrize("n", [3, 4, 5])
def test_deal_by_the_table_for_the_player_count_and_round(n):
    players = [f"p{i}" for i in range(n)]
    state = GAME.setup(players, 7, {})
    for round_no in range(1, 7):
        dealt, kept = SEED_TABLE[n][round_no - 1]
        assert state.phase == "keep" and state.round == round_no
        assert [len(p.hand) for p in state.players] == [dealt] * n
        assert all(len(m.lots) == kept for m in GAME.legal_moves(state, "p0"))
        before_tiles = [sum(c for _, c in p.tiles) for p in state.players]
        claimed_before = len(state.board)
        state, _ = play_simple_year(state)
        assert len(state.board) == claimed_before + n * kept
        drawn = dealt if round_no == 1 else kept  # round 1: the first number, later the kept number
        assert [sum(c for _, c in p.tiles) for p in state.players] == [b + drawn for b in before_tiles]
    assert state.phase == "end"


def test_setup_gives_each_player_50000_and_first_listed_starts():
    state = GAME.setup(["anna", "bob", "chang"], 1, {})
    assert [p.money for p in state.players] == [50000] * 3
    assert state.first_player == "anna" and state.round == 1
    assert len(state.deck) == 85 - 21 and len(state.bag) == 90


def test_setup_is_deterministic_for_a_seed():
    a = GAME.setup(["anna", "bob", "chang"], 42, {})
    assert a == GAME.setup(["anna", "bob", "chang"], 42, {})
    assert a != GAME.setup(["anna", "bob", "chang"], 43, {})


def test_player_count_reading_three_to_five_players():
    for players in (["a", "b"], ["a", "b", "c", "d", "e", "f"]):
        with pytest.raises(RulesError) as err:
            GAME.setup(players, 1, {})
        assert err.value.violations[0].code == "chinatown.state.player_count"
    with pytest.raises(RulesError):
        GAME.setup(["a", "a", "b"], 1, {})


# ---- keep -----------------------------------------------------------------------------------------


def keep_state():
    hands = {"anna": [1, 2, 3, 4, 5, 6, 7], "bob": [8, 9, 10, 11, 12, 13, 14], "chang": [15, 16, 17, 18, 19, 20, 21]}
    return make_state("keep", hands=hands)


def test_keep_exactly_the_table_number_of_cards():
    out = GAME.apply(keep_state(), Keep("anna", (1, 2, 3, 4)))
    assert codes(out) == ["chinatown.keep.count"]


def test_keep_only_cards_in_hand_and_each_once():
    out = GAME.apply(keep_state(), Keep("anna", (1, 2, 3, 3, 9)))
    assert codes(out) == ["chinatown.keep.duplicate", "chinatown.keep.not_in_hand"]
    assert [v.pointer for v in out.violations] == ["/move/lots/3", "/move/lots/4"]


def test_keep_once_a_year():
    state = GAME.apply(keep_state(), Keep("anna", (1, 2, 3, 4, 5))).state
    assert codes(GAME.apply(state, Keep("anna", (1, 2, 3, 4, 5)))) == ["chinatown.keep.already_kept"]


def test_kept_cards_become_owner_markers_and_discards_return_to_the_deck():
    state = GAME.setup(["anna", "bob", "chang"], 5, {})
    hands = {p.id: sorted(p.hand) for p in state.players}
    for pid in state.ids:
        state = GAME.apply(state, Keep(pid, tuple(hands[pid][:5]))).state
    assert state.phase == "trade"
    for pid, hand in hands.items():
        assert all(state.board.get(lot).owner == pid for lot in hand[:5])
        assert all(lot in state.deck for lot in hand[5:])
    assert len(state.deck) == 85 - 15


def test_keep_is_a_move_of_the_keep_phase_only():
    assert codes(GAME.apply(make_state("trade"), Keep("anna", (1,)))) == ["chinatown.move.wrong_phase"]


# ---- trading --------------------------------------------------------------------------------------


def seed_trade_state():
    """Chang (tea house on 18) and Lucy (tea houses on 16, 17; empty lot 20; two dim sum tiles)."""
    layout = {16: ("lucy", "tea_house"), 17: ("lucy", "tea_house"), 18: ("chang", "tea_house"), 20: ("lucy", None)}
    return make_state("trade", players=("chang", "lucy", "simon"), board_layout=layout, tiles={"lucy": {"dim_sum": 2}})


def test_trade_seed_example_chang_and_lucy():
    state = seed_trade_state()
    move = Trade(
        "chang",
        (
            Transfer("chang", "lucy", lots=(18,), money=10000),
            Transfer("lucy", "chang", lots=(20,), tiles=("dim_sum", "dim_sum")),
        ),
    )
    out = GAME.apply(state, move)
    assert out.legal, out.violations
    after = out.state
    assert after.board.get(18).owner == "lucy" and after.board.get(18).shop == "tea_house"  # the tile stays
    assert after.board.get(20).owner == "chang" and after.board.get(20).shop is None
    assert after.player("chang").tile_count("dim_sum") == 2 and after.player("lucy").tile_count("dim_sum") == 0
    assert after.player("chang").money == 40000 and after.player("lucy").money == 60000
    lucy = by_id(GAME.score(after)["players"])["lucy"]["shops"]
    assert [(s["type"], s["size"], s["complete"], s["income"]) for s in lucy if s["type"] == "tea_house"] == [
        ("tea_house", 3, True, 50000)
    ]


def test_trade_between_three_parties():
    state = seed_trade_state()
    move = Trade(
        "simon",
        (
            Transfer("chang", "lucy", lots=(18,)),
            Transfer("lucy", "simon", tiles=("dim_sum",)),
            Transfer("simon", "chang", money=20000),
        ),
    )
    out = GAME.apply(state, move)
    assert out.legal, out.violations
    assert out.state.player("simon").tile_count("dim_sum") == 1
    assert out.state.player("chang").money == 70000


def test_trade_party_must_own_the_lots_it_gives():
    out = GAME.apply(seed_trade_state(), Trade("chang", (Transfer("chang", "lucy", lots=(16, 30)),)))
    assert codes(out) == ["chinatown.trade.lot_not_owned", "chinatown.trade.lot_not_owned"]
    assert out.violations[0].pointer == "/move/transfers/0/lots/0"


def test_trade_party_must_hold_the_tiles_and_money_it_gives():
    move = Trade(
        "lucy",
        (
            Transfer("lucy", "chang", tiles=("dim_sum", "dim_sum", "dim_sum")),
            Transfer("chang", "lucy", money=60000),
        ),
    )
    assert codes(GAME.apply(seed_trade_state(), move)) == ["chinatown.trade.tiles_short", "chinatown.trade.money_short"]


@pytest.mark.parametrize("given,legal", [(50000, True), (60000, False)])
def test_trade_money_short_boundary_all_one_has_is_given_one_unit_more_is_refused(given, legal):
    """Both sides of the money_short boundary (chang has $50,000; money comes in $10,000 units)."""
    state = seed_trade_state()
    assert state.player("chang").money == 50000
    out = GAME.apply(state, Trade("chang", (Transfer("chang", "lucy", money=given),)))
    assert out.legal is legal
    if legal:
        assert out.state.player("chang").money == 0 and out.state.player("lucy").money == 100000
    else:
        assert codes(out) == ["chinatown.trade.money_short"]
        assert out.violations[0].pointer == "/move/transfers/0/money"


@pytest.mark.parametrize("to_simon,legal", [(20000, True), (30000, False)])
def test_trade_money_short_boundary_counts_every_transfer_of_the_giver(to_simon, legal):
    state = seed_trade_state()
    out = GAME.apply(
        state, Trade("chang", (Transfer("chang", "lucy", money=30000), Transfer("chang", "simon", money=to_simon)))
    )
    assert out.legal is legal
    if not legal:
        assert codes(out) == ["chinatown.trade.money_short", "chinatown.trade.money_short"]


@pytest.mark.parametrize("count,legal", [(2, True), (3, False)])
def test_trade_tiles_short_boundary_all_held_tiles_may_be_given(count, legal):
    out = GAME.apply(seed_trade_state(), Trade("lucy", (Transfer("lucy", "chang", tiles=("dim_sum",) * count),)))
    assert out.legal is legal
    assert codes(out) == ([] if legal else ["chinatown.trade.tiles_short"])


def test_trade_money_in_multiples_of_10000():
    move = Trade("chang", (Transfer("chang", "lucy", money=15000),))
    out = GAME.apply(seed_trade_state(), move)
    assert codes(out) == ["chinatown.trade.money_denomination"]
    assert out.violations[0].message == "$15,000 is not a multiple of $10,000."


def test_trade_money_messages_write_dollars_with_thousands_separators():
    move = Trade("lucy", (Transfer("chang", "lucy", money=1_000_000),))
    out = GAME.apply(seed_trade_state(), move)
    assert [v.message for v in out.violations if v.code == "chinatown.trade.money_short"] == [
        "\u2068chang\u2069 cannot give $1,000,000 in this trade."  # the id isolated (FSI ... PDI)
    ]


def test_trade_reports_every_problem_of_every_transfer():
    move = Trade(
        "simon",
        (
            Transfer("chang", "chang", lots=(18,)),
            Transfer("zed", "lucy", money=10000),
            Transfer("lucy", "chang"),
            Transfer("lucy", "chang", lots=(16, 16)),
        ),
    )
    assert codes(GAME.apply(seed_trade_state(), move)) == [
        "chinatown.trade.not_party",
        "chinatown.trade.self",
        "chinatown.trade.unknown_party",
        "chinatown.trade.empty",
        "chinatown.trade.lot_twice",
    ]


def test_trade_only_in_the_trading_phase():
    move = Trade("chang", (Transfer("chang", "lucy", money=10000),))
    state = replace(seed_trade_state(), phase="place")
    assert codes(GAME.apply(state, move)) == ["chinatown.move.wrong_phase"]


def test_trading_ends_by_an_explicit_move_of_every_player():
    state = seed_trade_state()
    assert {m.player for m in GAME.legal_moves(state)} == {"chang", "lucy", "simon"}
    for pid in ("chang", "lucy"):
        state = GAME.apply(state, EndTrading(pid)).state
    assert state.phase == "trade"
    assert codes(GAME.apply(state, EndTrading("lucy"))) == ["chinatown.trade.already_ended"]
    state = GAME.apply(state, EndTrading("simon")).state
    assert state.phase == "place" and state.done == ()


def test_end_trading_votes_reading_a_trade_starts_the_vote_over():
    state = seed_trade_state()
    state = GAME.apply(state, EndTrading("simon")).state
    state = GAME.apply(state, Trade("chang", (Transfer("chang", "lucy", money=10000),))).state
    assert state.done == ()
    assert "simon" in {m.player for m in GAME.legal_moves(state)}


def test_legal_moves_do_not_enumerate_trades():
    assert all(m.type == "end_trading" for m in GAME.legal_moves(seed_trade_state()))


# ---- placement ----------------------------------------------------------------------------------


def place_state(**kw):
    layout = {12: ("anna", None), 13: ("anna", "photo"), 14: ("bob", None), 30: ("anna", None)}
    return make_state("place", board_layout=layout, tiles={"anna": {"photo": 2}, "bob": {"photo": 1}}, **kw)


def test_placement_on_own_empty_lot():
    out = GAME.apply(place_state(), Place("anna", 12, "photo"))
    assert out.legal
    assert out.state.board.get(12).shop == "photo" and out.state.player("anna").tile_count("photo") == 1
    assert [e.kind for e in out.events] == ["tile_placed"]


def test_placement_any_number_of_tiles_in_one_turn():
    state = GAME.apply(place_state(), Place("anna", 12, "photo")).state
    assert GAME.apply(state, Place("anna", 30, "photo")).legal


def test_placement_on_a_lot_of_another_player_is_refused():
    assert codes(GAME.apply(place_state(), Place("anna", 14, "photo"))) == ["chinatown.placement.lot_not_owned"]


def test_placement_on_an_unclaimed_lot_is_refused():
    assert codes(GAME.apply(place_state(), Place("anna", 1, "photo"))) == ["chinatown.placement.lot_not_owned"]


def test_placement_on_a_built_lot_is_refused():
    assert codes(GAME.apply(place_state(), Place("anna", 13, "photo"))) == ["chinatown.placement.lot_occupied"]


def test_placement_of_a_tile_not_held_is_refused():
    out = GAME.apply(place_state(), Place("anna", 12, "seafood"))
    assert codes(out) == ["chinatown.placement.tile_not_held"]
    assert out.violations[0].pointer == "/move/shop"


def test_placement_reports_every_violation():
    assert codes(GAME.apply(place_state(), Place("anna", 14, "seafood"))) == [
        "chinatown.placement.lot_not_owned",
        "chinatown.placement.tile_not_held",
    ]


def test_placement_in_turn_order_from_the_first_player():
    out = GAME.apply(place_state(), Place("bob", 14, "photo"))
    assert codes(out) == ["chinatown.move.not_your_turn"]
    assert out.violations[0].message == "It is not \u2068bob\u2069's turn: the game awaits \u2068anna\u2069."
    state = GAME.apply(place_state(), EndTurn("anna")).state  # a pass
    assert GAME.apply(state, Place("bob", 14, "photo")).legal
    assert codes(GAME.apply(state, Place("anna", 12, "photo"))) == ["chinatown.move.not_your_turn"]
    state = place_state(first_player="bob")
    assert GAME.apply(state, Place("bob", 14, "photo")).legal


def test_placement_legal_moves_list_every_tile_on_every_own_empty_lot_and_the_pass():
    state = place_state()
    moves = GAME.legal_moves(state, move_type="place")
    photo_lots = {m.lot for m in moves if m.shop == "photo"}
    assert {12, 30} <= photo_lots and not {13, 14} & photo_lots
    assert all(state.board.get(m.lot).owner == "anna" and state.board.get(m.lot).shop is None for m in moves)
    assert {m.shop for m in moves} == {shop for shop, _ in state.player("anna").tiles}
    assert GAME.legal_moves(place_state(), player="bob") == []
    assert EndTurn("anna") in GAME.legal_moves(place_state())


def end_every_turn(state):
    """Every player ends the turn: the state after, and all the events on the way."""
    events = []
    for pid in ("anna", "bob", "chang"):
        out = GAME.apply(state, EndTurn(pid))
        events += out.events
        state = out.state
    return state, events


def test_income_after_the_last_placement_turn_and_the_year_advances():
    state = place_state()
    state, events = end_every_turn(state)
    income = next(e for e in events if e.kind == "income_scored")
    assert income.data["year"] == 1965
    assert income.data["awarded"]["anna"] == 10000  # a single photo on 13
    assert state.player("anna").money == 60000
    assert state.round == 2 and state.phase == "deal" and state.pending.kind == "deal"
    assert any(e.kind == "year_advanced" and e.data["year"] == 1966 for e in events)


def test_unplaced_tiles_and_empty_lots_earn_nothing():
    state = place_state()
    for pid in ("anna", "bob", "chang"):
        state = GAME.apply(state, EndTurn(pid)).state
    assert state.player("bob").money == 50000


def test_game_ends_after_1970_income_with_the_richest_winning():
    layout = {12: ("anna", "photo"), 14: ("bob", None)}
    state = make_state("place", round_no=6, board_layout=layout, money={"anna": 100000, "bob": 100000, "chang": 100000})
    state, events = end_every_turn(state)
    assert state.phase == "end"
    ended = next(e for e in events if e.kind == "game_ended")
    assert ended.data["winners"] == ["anna"]
    assert codes(GAME.apply(state, EndTurn("anna"))) == ["chinatown.move.game_over"]
    assert GAME.legal_moves(state) == []


def test_game_ended_reports_every_players_final_money():
    layout = {12: ("anna", "photo"), 14: ("bob", None)}
    state = make_state("place", round_no=6, board_layout=layout, money={"anna": 100000, "bob": 90000, "chang": 80000})
    state, events = end_every_turn(state)
    ended = next(e for e in events if e.kind == "game_ended")
    income = next(e for e in events if e.kind == "income_scored").data["awarded"]
    assert income["anna"] > 0 and income["bob"] == income["chang"] == 0
    assert ended.data["standings"] == {"anna": 100000 + income["anna"], "bob": 90000, "chang": 80000}
    assert ended.data["standings"] == {p.id: p.money for p in state.players}


def tied_game_end():
    layout = {12: ("anna", "photo"), 13: ("anna", "seafood"), 14: ("bob", "tea_house")}
    state = make_state("place", round_no=6, board_layout=layout, money={"anna": 90000, "bob": 100000, "chang": 110000})
    end = state
    for pid in ("anna", "bob", "chang"):
        end = GAME.apply(end, EndTurn(pid)).state
    # anna 90k + 20k = 110k, bob 100k + 10k = 110k, chang 110k: all equal; anna has 2 tiles on the board
    assert [p.money for p in end.players] == [110000] * 3
    return end


def test_tie_break_reading_more_tiles_on_board():
    end = tied_game_end()
    assert winners(end) == ["anna"]
    final = GAME.score(end, "final")
    assert final["winners"] == ["anna"]
    assert [(r["player"], r["place"]) for r in final["ranking"]] == [("anna", 1), ("bob", 2), ("chang", 3)]


def test_unbroken_tie_reading_players_still_equal_share_the_win():
    end = tied_game_end()
    shared = replace(end, board=board({12: ("anna", "photo"), 14: ("bob", "tea_house")}))
    assert winners(shared) == ["anna", "bob"]
    assert GAME.score(shared, "final")["winners"] == ["anna", "bob"]


def test_rotate_first_player_reading_default_keeps_the_card():
    state = place_state()
    for pid in ("anna", "bob", "chang"):
        state = GAME.apply(state, EndTurn(pid)).state
    assert state.first_player == "anna"
    rotating = place_state(options={"rotate_first_player": True, "chance": "table"})
    for pid in ("anna", "bob", "chang"):
        rotating = GAME.apply(rotating, EndTurn(pid)).state
    assert rotating.first_player == "bob" and rotating.pending.player == "bob"


def test_money_unlimited_reading_income_is_paid_in_dollars_without_a_bank_limit():
    layout = {lot: ("anna", "antiques") for lot in (71, 72, 73, 74, 75, 76)}
    state = make_state("place", round_no=2, board_layout=layout, money={"anna": 10**9})
    for pid in ("anna", "bob", "chang"):
        state = GAME.apply(state, EndTurn(pid)).state
    assert state.player("anna").money == 10**9 + 140000


def test_deal_order_reading_digital_deal_gives_blocks_from_the_first_player():
    state = GAME.setup(["anna", "bob", "chang"], 9, {})
    from service.engine.chinatown.data import LOTS
    from service.engine.random import Rng

    deck = Rng(9).shuffled(LOTS)
    assert [p.hand for p in state.players] == [tuple(deck[0:7]), tuple(deck[7:14]), tuple(deck[14:21])]


def test_moves_of_unknown_players_are_refused():
    assert codes(GAME.apply(place_state(), EndTurn("zed"))) == ["chinatown.move.unknown_player"]


def test_tiles_per_round_reading_round_one_draws_the_dealt_number_later_the_kept_number():
    # a table game: the pending draw names the count; 4 players draw 6 in 1965 and 3 afterwards
    state = make_state("draw", players=("a", "b", "c", "d"))
    assert state.pending.count == 6
    assert make_state("draw", round_no=2, players=("a", "b", "c", "d")).pending.count == 3
    assert make_state("draw", round_no=4, players=("a", "b", "c", "d", "e")).pending.count == 2


def test_replay_reports_each_year_income_as_a_scoring(client):
    import random

    from service.schemas.chinatown import WIRE

    rng = random.Random(8)
    state = GAME.setup(["a", "b", "c"], 8, {})
    moves = []
    while state.phase != "end":
        move = rng.choice(GAME.legal_moves(state))
        moves.append(WIRE.move().dump(move))
        state = GAME.apply(state, move).state
    r = client.post(
        "/v1/games/chinatown/replay", json={"setup": {"players": ["a", "b", "c"], "seed": 8}, "moves": moves}
    )
    assert r.status_code == 200 and r.json["valid"]
    scorings = r.json["scorings"]
    assert [s["year"] for s in scorings] == [1965, 1966, 1967, 1968, 1969, 1970]
    assert r.json["scores"] == {p.id: p.money for p in state.players}


def test_ownership_markers_reading_no_cap_on_lots_per_player():
    layout = {lot: ("anna", None) for lot in range(1, 32)}  # 31 lots, one more than a colour's markers
    state = make_state("trade", round_no=6, board_layout=layout)
    assert sum(1 for _, cell in state.board.items() if cell.owner == "anna") >= 31
    assert GAME.validate(state) == []
    out = GAME.apply(
        state,
        Trade(
            "bob", (Transfer("bob", "anna", lots=(next(lot for lot, c in state.board.items() if c.owner == "bob"),)),)
        ),
    )
    assert out.legal


def test_every_reading_is_described_with_provenance():
    described = GAME.describe()["readings"]
    assert {r["provenance"] for r in described} <= {"seed", "public source", "assumption"}
    assert {r["name"] for r in described} == {
        "player_count",
        "money_unlimited",
        "rotate_first_player",
        "oversized_group_split",
        "tiles_per_round",
        "trade_parties",
        "trade_pass_on",
        "end_trading_votes",
        "tie_break",
        "unbroken_tie",
        "ownership_markers",
        "deal_order",
    }
