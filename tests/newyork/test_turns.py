"""Turns: take money, buy, rebuild, end-of-turn placement, refills, scorings, the dummy, the end."""

from dataclasses import replace

from service.engine.newyork import GAME
from service.engine.newyork.data import BANKS
from service.engine.newyork.state import Card, Placed

from .helpers import codes, current_id, mv, set_player, start
from .table import deck_top, give_money, put_market, set_money_market, take_from_bag, tile

BLUE_PARK = 41  # a park (garden) costing 10, no streets


def table(n=3, seed=1):
    """A 3-player game where the current player holds blue 4, 7 and 6 and green 5; known markets."""
    s = start(n, seed)
    s = put_market(s, 0, BLUE_PARK)
    s = give_money(s, s.current, [("blue", 4), ("blue", 7), ("blue", 6), ("green", 5)])
    s = set_money_market(s, [("blue", 9), ("green", 2), ("yellow", 3), ("red", 1)])
    assert GAME.validate(s) == []
    return s


def ok(state, move):
    out = GAME.apply(state, move)
    assert out.legal, out.violations
    assert GAME.validate(out.state) == []
    return out


def refused(state, move):
    out = GAME.apply(state, move)
    assert not out.legal
    return codes(out.violations)


# --- taking money ------------------------------------------------------------------------------------


def test_take_money_one_card_of_any_value():
    s = table()
    out = ok(s, mv("take_money", current_id(s), slots=[0]))
    me = out.state.players[s.current]
    assert Card("blue", 9) in me.money
    assert out.state.current == (s.current + 1) % 3  # the turn ended and the next player is on
    assert all(c is not None for c in out.state.money_market)  # refilled


def test_take_money_several_cards_summing_to_at_most_five():
    s = table()
    ok(s, mv("take_money", current_id(s), slots=[1, 2]))  # 2 + 3
    assert refused(s, mv("take_money", current_id(s), slots=[1, 2, 3])) == ["newyork.money.over_five"]
    assert refused(s, mv("take_money", current_id(s), slots=[0, 3])) == ["newyork.money.over_five"]


def test_take_money_duplicate_or_empty_slot_is_refused():
    s = table()
    assert "newyork.money.duplicate_slot" in refused(s, mv("take_money", current_id(s), slots=[1, 1]))
    s2 = replace(s, money_market=(None,) + s.money_market[1:], money_deck=s.money_deck + (s.money_market[0],))
    assert refused(s2, mv("take_money", current_id(s2), slots=[0])) == ["newyork.money.empty_slot"]


# --- buying ------------------------------------------------------------------------------------------


def test_buy_exact_payment_grants_another_action():
    s = table()
    out = ok(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 4), ("blue", 6)]))
    st = out.state
    assert st.phase == "actions" and st.current == s.current
    assert [t.id for t in st.players[s.current].to_place] == [BLUE_PARK]
    assert st.market[0] is None  # not refilled during the turn
    assert sorted(st.discard[-2:]) == [Card("blue", 4), Card("blue", 6)]


def test_buy_seed_example_overpaying_ends_the_actions_without_change():
    s = table()
    out = ok(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 4), ("blue", 7)]))  # 11 for 10
    assert out.state.phase == "placement"
    assert Card("blue", 6) in out.state.players[s.current].money
    assert len(out.state.players[s.current].money) == 2  # 6 and green 5 left, nothing back


def test_buy_in_the_wrong_currency_is_refused():
    s = table()
    got = refused(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 6), ("green", 5)]))
    assert "newyork.buy.wrong_bank" in got


def test_buy_with_cards_not_in_hand_is_refused():
    s = table()
    assert "newyork.buy.not_in_hand" in refused(
        s, mv("buy", current_id(s), slot="blue", cards=[("blue", 9), ("blue", 1)])
    )


def test_buy_underpaid_is_refused():
    s = table()
    assert refused(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 7)])) == ["newyork.buy.underpaid"]


def test_reading_allow_surplus_cards_a_payment_may_hold_more_than_needed():
    # the seed: "pay at least the building's value; pay more and you get no change"
    s = table()
    more = mv("buy", current_id(s), slot="blue", cards=[("blue", 4), ("blue", 6), ("blue", 7)])  # 17 for 10
    out = ok(s, more)
    assert out.state.phase == "placement"  # not exact: no extra action, and no change
    assert out.state.players[s.current].money == (Card("green", 5),)
    strict = replace(s, options=replace(s.options, allow_surplus_cards=False))  # the earlier assumption
    assert refused(strict, more) == ["newyork.buy.surplus_card"]
    ok(strict, mv("buy", current_id(s), slot="blue", cards=[("blue", 4), ("blue", 7)]))  # 11: no card droppable
    strict = give_money(strict, s.current, [("blue", 1), ("blue", 4), ("blue", 6)])
    droppable = mv("buy", current_id(s), slot="blue", cards=[("blue", 1), ("blue", 4), ("blue", 6)])  # 11 - 1 = 10
    assert refused(strict, droppable) == ["newyork.buy.surplus_card"]
    ok(replace(strict, options=s.options), droppable)


def test_buy_at_most_four_tiles_a_turn():
    s = start(3, seed=3)
    me = s.current
    costs = [t.cost for t in s.market]
    cards = []
    for bank, cost in zip(BANKS, costs):
        cards.append((bank, cost) if cost <= 9 else None)
    if None in cards:  # pick a seed where every price is one card
        return
    s = give_money(s, me, cards)
    for bank, cost in cards:
        s = ok(s, mv("buy", current_id(s), slot=bank, cards=[(bank, cost)])).state
    assert len(s.players[me].to_place) == 4 and s.phase == "actions"
    assert [m for m in GAME.legal_moves(s) if m.type == "buy"] == []
    assert "newyork.buy.empty_slot" in refused(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 1)]))


# --- rebuilding --------------------------------------------------------------------------------------


def test_rebuild_reserve_to_city_ends_the_turn():
    s = table()
    s, park = take_from_bag(s, 42)  # a park, no streets
    s = set_player(s, s.current, reserve=(park,))
    out = ok(s, mv("rebuild_place", current_id(s), tile=42, x=1, y=0))
    me = out.state.players[s.current]
    assert me.reserve == () and me.city == (Placed(1, 0, park),)
    assert out.state.current != s.current


def test_rebuild_city_to_reserve_and_swap():
    s = table()
    s, a = take_from_bag(s, 42)
    s, b = take_from_bag(s, 31)  # a church, no streets
    s = set_player(s, s.current, city=(Placed(1, 0, a),), reserve=(b,))
    swapped = ok(s, mv("rebuild_swap", current_id(s), tile=31, x=1, y=0)).state.players[s.current]
    assert swapped.city == (Placed(1, 0, b),) and swapped.reserve == (a,)
    removed = ok(s, mv("rebuild_remove", current_id(s), x=1, y=0)).state.players[s.current]
    assert removed.city == () and set(removed.reserve) == {a, b}


def test_rebuild_the_start_tile_never_moves():
    s = table()
    assert refused(s, mv("rebuild_remove", current_id(s), x=0, y=0)) == ["newyork.rebuild.start_tile"]


def test_rebuild_with_a_tile_not_in_reserve_is_refused():
    s = table()
    assert refused(s, mv("rebuild_place", current_id(s), tile=42, x=1, y=0)) == ["newyork.rebuild.not_in_reserve"]


def test_rebuild_after_exact_purchases_then_place_bought_tiles():
    # the seed's example: buy, buy (both exact), rebuild; only then are the bought tiles placed
    s = table()
    s, reserved = take_from_bag(s, 42)
    s = set_player(s, s.current, reserve=(reserved,))
    s = ok(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 4), ("blue", 6)])).state
    s = ok(s, mv("rebuild_place", current_id(s), tile=42, x=1, y=0)).state
    assert s.phase == "placement" and [t.id for t in s.players[s.current].to_place] == [BLUE_PARK]


# --- end of turn placement ---------------------------------------------------------------------------


def _bought(n=3):
    s = table(n)
    return ok(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 4), ("blue", 7)])).state


def test_placement_lists_every_legal_cell():
    s = _bought()
    places = {(m.x, m.y) for m in GAME.legal_moves(s, move_type="place")}
    assert places == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    assert [m.type for m in GAME.legal_moves(s) if m.type != "place"] == ["reserve"]


def test_placement_into_the_city_then_refill_and_next_player():
    s = _bought()
    me = s.current
    out = ok(s, mv("place", current_id(s), tile=BLUE_PARK, x=0, y=1))
    assert out.state.players[me].city[0] == Placed(0, 1, tile(BLUE_PARK))
    assert out.state.current == (me + 1) % 3 and out.state.phase == "actions"
    assert all(t is not None for t in out.state.market)


def test_placement_into_the_reserve():
    s = _bought()
    out = ok(s, mv("reserve", current_id(s), tile=BLUE_PARK))
    assert out.state.players[s.current].reserve == (tile(BLUE_PARK),)


def test_placement_breaking_a_building_rule_is_refused():
    s = _bought()
    assert refused(s, mv("place", current_id(s), tile=BLUE_PARK, x=2, y=0)) == [
        "newyork.placement.no_contact",
        "newyork.placement.unreachable",
    ]


def test_placement_of_a_tile_not_bought_is_refused():
    s = _bought()
    assert refused(s, mv("reserve", current_id(s), tile=1)) == ["newyork.placement.not_to_place"]


def test_placement_to_the_dummy_only_with_two_players():
    s = _bought(3)
    assert refused(s, mv("give_dummy", current_id(s), tile=BLUE_PARK)) == ["newyork.placement.no_dummy"]
    s2 = _bought(2)
    before = len(s2.dummy.tiles)
    out = ok(s2, mv("give_dummy", current_id(s2), tile=BLUE_PARK))
    assert len(out.state.dummy.tiles) == before + 1


def test_every_broken_rule_is_reported_not_only_the_first():
    s = table()
    other = s.players[(s.current + 1) % 3].id
    assert refused(s, mv("take_money", other, slots=[0, 3])) == [
        "newyork.turn.not_your_turn",
        "newyork.money.over_five",
    ]


def test_turn_order_and_phase_are_enforced():
    s = table()
    other = s.players[(s.current + 1) % 3].id
    assert refused(s, mv("take_money", other, slots=[0])) == ["newyork.turn.not_your_turn"]
    # every broken rule: the phase, and tile 1 was not bought
    assert refused(s, mv("reserve", current_id(s), tile=1)) == [
        "newyork.turn.wrong_phase",
        "newyork.placement.not_to_place",
    ]
    assert refused(s, mv("take_money", "nobody", slots=[0])) == ["newyork.turn.unknown_player"]
    b = _bought()
    assert refused(b, mv("take_money", current_id(b), slots=[0])) == ["newyork.turn.wrong_phase"]


def _no_money_on_the_table(s):
    """The face-up money cards go to the discard: taking money is impossible."""
    cards = tuple(c for c in s.money_market if c is not None)
    return replace(s, money_market=(None,) * 4, discard=s.discard + cards)


def test_reading_extra_action_optional_the_extra_action_must_be_taken():
    # the seed: pay the exact price and you get a new action and again choose among the three
    s = table()
    s = ok(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 4), ("blue", 6)])).state
    assert s.phase == "actions"
    assert refused(s, mv("end_turn", current_id(s))) == ["newyork.turn.cannot_end"]
    assert GAME.legal_moves(s, move_type="end_turn") == []
    loose = replace(s, options=replace(s.options, extra_action_optional=True))  # the earlier assumption
    assert ok(loose, mv("end_turn", current_id(s))).state.phase == "placement"


def test_reading_extra_action_optional_end_turn_when_no_action_is_possible():
    s = _no_money_on_the_table(table())
    s = give_money(s, s.current, [("blue", 4), ("blue", 6)])  # exactly the park; nothing else affordable
    s = ok(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 4), ("blue", 6)])).state
    assert s.phase == "actions" and s.players[s.current].money == ()
    assert [m.type for m in GAME.legal_moves(s)] == ["end_turn"]
    assert ok(s, mv("end_turn", current_id(s))).state.phase == "placement"


def test_reading_stalled_turn_a_pass_only_when_no_action_is_possible():
    s = _no_money_on_the_table(table())
    poor = give_money(s, s.current, [("red", 1)])  # every tile costs more than 1
    assert [m.type for m in GAME.legal_moves(poor)] == ["end_turn"]
    assert ok(poor, mv("end_turn", current_id(s))).state.current != s.current
    # a reserve tile that fits the city makes a rebuild possible: no pass then
    poor, park = take_from_bag(poor, 42)
    rebuild = set_player(poor, poor.current, reserve=(park,))
    assert refused(rebuild, mv("end_turn", current_id(s))) == ["newyork.turn.cannot_end"]
    # the player could buy the blue park (10): no pass, though no money card lies face up
    rich = give_money(s, s.current, [("blue", 4), ("blue", 7)])
    assert refused(rich, mv("end_turn", current_id(s))) == ["newyork.turn.cannot_end"]
    earlier = replace(rich, options=replace(rich.options, stalled_turn="no_money_face_up"))
    assert ok(earlier, mv("end_turn", current_id(s))).state.current != s.current
    # a money card face up: a pass is refused by either reading
    assert refused(table(), mv("end_turn", current_id(s))) == ["newyork.turn.cannot_end"]
    old = table()
    assert refused(
        replace(old, options=replace(old.options, stalled_turn="no_money_face_up")), mv("end_turn", current_id(s))
    ) == ["newyork.turn.cannot_end"]


# --- refills, scorings, the dummy --------------------------------------------------------------------


def test_scoring_A_when_revealed_and_replaced_by_a_money_card():
    s = table()
    s = deck_top(s, ["A"])
    expected = GAME.score(s, "A")["totals"]
    out = ok(s, mv("take_money", current_id(s), slots=[0]))
    st = out.state
    kinds = [e.kind for e in out.events]
    assert "scored" in kinds and st.scorings_done == 1
    assert [e.data for e in out.events if e.kind == "scored"] == [{"scoring": "A", "awarded": expected}]
    assert all(c is not None for c in st.money_market) and "A" not in st.money_deck
    assert {p.id: p.points for p in st.players} == expected


def test_scoring_B_and_the_dummy_gets_a_third_of_the_bag():
    s = table(2)
    s = replace(s, scorings_done=1, money_deck=tuple(e for e in s.money_deck if e != "A"))
    s = deck_top(s, ["B"])
    bag = len(s.bag)
    dummy = len(s.dummy.tiles)
    st = ok(s, mv("take_money", current_id(s), slots=[0])).state
    assert st.scorings_done == 2
    assert len(st.dummy.tiles) == dummy + bag // 3


def test_dummy_gets_six_tiles_after_the_first_scoring():
    s = deck_top(table(2), ["A"])
    st = ok(s, mv("take_money", current_id(s), slots=[0])).state
    assert len(st.dummy.tiles) == 12


def test_money_discard_is_reshuffled_when_the_deck_runs_out():
    s = table()
    deck_cards = [e for e in s.money_deck if isinstance(e, Card)]
    s = replace(s, money_deck=(), discard=tuple(deck_cards), scorings_done=2)
    out = ok(s, mv("take_money", current_id(s), slots=[0]))
    assert "money_reshuffled" in [e.kind for e in out.events]
    assert out.state.discard == () and len(out.state.money_deck) == len(deck_cards) - 1
    assert out.state.shuffle_seed != s.shuffle_seed


# --- the end of the game -----------------------------------------------------------------------------


def _endgame():
    """Bag empty; the current player overpays for the blue tile; money arranged per bank."""
    s = table()
    me = s.current
    others = [i for i in range(3) if i != me]
    # everything left in the bag goes into the current player's reserve
    s = set_player(s, me, reserve=s.bag)
    s = replace(s, bag=())
    s = give_money(s, others[0], [("green", 9), ("yellow", 5)])
    s = give_money(s, others[1], [("green", 9), ("yellow", 2)])
    return s, me, others


def test_end_when_the_market_cannot_be_refilled_leftovers_to_the_richest():
    s, me, others = _endgame()
    s = ok(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 4), ("blue", 7)])).state
    out = ok(s, mv("reserve", current_id(s), tile=BLUE_PARK))
    st = out.state
    kinds = [e.kind for e in out.events]
    assert "market_exhausted" in kinds
    # yellow: others[0] has 5 against 2 -> the tile goes to them; green 9 = 9 -> the tile stays
    assert st.market[1] is not None and st.market[2] is None
    assert st.phase == "final_placement"
    awarded = st.players[others[0]].to_place
    assert len(awarded) == 1
    # the red tile: nobody holds red money -> it stays
    assert st.market[3] is not None
    moves = GAME.legal_moves(st)
    assert {m.player for m in moves} == {st.players[others[0]].id}
    final = ok(st, mv("reserve", st.players[others[0]].id, tile=awarded[0].id))
    assert final.state.phase == "over" and final.state.scorings_done == 3
    assert "game_ended" in [e.kind for e in final.events]
    best = max(p.points for p in final.state.players)
    assert final.state.winners == tuple(p.id for p in final.state.players if p.points == best)
    assert GAME.legal_moves(final.state) == []
    assert refused(final.state, mv("take_money", current_id(final.state), slots=[0])) == ["newyork.turn.game_over"]


def test_end_with_equal_points_is_a_draw():
    s, me, others = _endgame()
    s = give_money(s, others[0], [("green", 9), ("yellow", 2)])  # ties everywhere
    s = ok(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 4), ("blue", 7)])).state
    out = ok(s, mv("reserve", current_id(s), tile=BLUE_PARK))
    assert out.state.phase == "over"
    assert set(out.state.winners) == {p.id for p in out.state.players}
    ended = [e.data for e in out.events if e.kind == "game_ended"]
    assert ended == [{"winners": list(out.state.winners), "standings": GAME.standings(out.state)}]
    assert len(ended[0]["winners"]) == len(out.state.players)  # everybody shares the win


# --- standings ---------------------------------------------------------------------------------------


def test_standings_are_points():
    s = set_player(table(), 0, points=17)
    assert GAME.standings(s)["p0"] == 17


# --- the one "not your turn" wording -----------------------------------------------------------------


def test_not_your_turn_names_whom_the_game_awaits():
    s = table()
    other = s.players[(s.current + 1) % 3].id
    out = GAME.apply(s, mv("take_money", other, slots=[0]))
    assert [(v.code, v.message, v.pointer) for v in out.violations] == [
        (
            "newyork.turn.not_your_turn",
            f"It is not \u2068{other}\u2069's turn: the game awaits \u2068{current_id(s)}\u2069.",
            "/move/player",
        )
    ]
