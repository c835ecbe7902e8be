"""Each engine's ``status``: who the game awaits in the positions where that is not simply "the player on
turn" (simultaneous choices, auctions, the final placement, reveals at a real table)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from service.engine.chinatown import GAME as CHINATOWN
from service.engine.core import Status
from service.engine.fifthavenue import GAME as FIFTH
from service.engine.newyork import GAME as NEWYORK
from service.engine.skyline3000 import GAME as SKYLINE


def play_until(game, state, reached: Callable[[Any], bool], seed: int, limit: int = 3000):
    """Random legal moves from ``state`` until ``reached(state)``; None if the game ends first."""
    rnd = random.Random(seed)
    for _ in range(limit):
        if reached(state):
            return state
        moves = game.legal_moves(state)
        if not moves:
            return None
        state = game.apply(state, rnd.choice(moves)).state
    return None


def movers(game, state) -> set[str]:
    return {m.player for m in game.legal_moves(state)}


def test_status_of_keeps_nobody_awaited_once_over_and_no_winner_before():
    assert Status.of("end", 6, ["anna"], True, ["anna"]) == Status("end", 6, (), True, ("anna",))
    assert Status.of("keep", 1, ["anna", None, "anna"], False, ["anna"]) == Status("keep", 1, ("anna",), False, ())


def test_chinatown_keeping_is_simultaneous_from_the_first_player_clockwise():
    state = CHINATOWN.setup(["anna", "ben", "cleo", "dan"], 4, {})
    state = replace(state, first_player="cleo")
    status = CHINATOWN.status(state)
    assert (status.phase, status.round, status.to_move) == ("keep", 1, ("cleo", "dan", "anna", "ben"))
    keep = next(m for m in CHINATOWN.legal_moves(state) if m.player == "dan")
    after = CHINATOWN.apply(state, keep).state
    assert CHINATOWN.status(after).to_move == ("cleo", "anna", "ben")


def test_chinatown_a_pending_deal_awaits_the_player_it_is_for():
    state = CHINATOWN.setup(["anna", "ben", "cleo"], 4, {"chance": "table"})
    assert state.pending is not None
    assert CHINATOWN.status(state).to_move == (state.pending.player,)


def test_skyline_sealed_bids_await_every_player_yet_to_lay_a_pile():
    start = SKYLINE.setup(["anna", "ben", "cleo"], 2, {})
    laid = play_until(
        SKYLINE, start, lambda s: s.phase == "auction" and s.auction is not None and len(s.auction.sealed) == 1, seed=2
    )
    assert laid is not None
    down = laid.auction.sealed[0][0]
    status = SKYLINE.status(laid)
    assert status.to_move == tuple(p for p in laid.player_ids() if p != down)
    assert movers(SKYLINE, laid) <= set(status.to_move)


def test_fifth_avenue_an_auction_awaits_the_bidder_to_act_not_the_turns_player():
    start = FIFTH.setup(["anna", "ben", "cleo"], 1, {})
    bidding = play_until(
        FIFTH,
        start,
        lambda s: (
            s.auction is not None
            and s.pending is None
            and s.auction.stage == "bidding"
            and s.auction.to_act != s.turn.player
        ),
        seed=1,
    )
    assert bidding is not None
    assert FIFTH.status(bidding).to_move == (bidding.auction.to_act,)
    assert movers(FIFTH, bidding) == {bidding.auction.to_act}


def test_new_york_final_placement_awaits_everyone_with_awarded_tiles_in_seat_order():
    start = NEWYORK.setup(["anna", "ben", "cleo"], 6, {})
    final = play_until(
        NEWYORK, start, lambda s: s.phase == "final_placement" and sum(1 for p in s.players if p.to_place) >= 2, seed=6
    )
    assert final is not None
    status = NEWYORK.status(final)
    assert status.to_move == tuple(p.id for p in final.players if p.to_place)
    assert movers(NEWYORK, final) == set(status.to_move)


def test_new_york_a_reveal_at_a_real_table_awaits_the_player_whose_turn_drew():
    start = NEWYORK.setup(["anna", "ben"], 3, {})
    table = replace(start, bag=None, money_deck=None, shuffle_seed=None)
    pending = play_until(NEWYORK, table, lambda s: s.pending is not None, seed=3)
    assert pending is not None
    status = NEWYORK.status(pending)
    assert status.to_move == (pending.players[pending.current].id,)
    assert {m.type for m in NEWYORK.legal_moves(pending)} == {"reveal"}
    assert movers(NEWYORK, pending) == set(status.to_move)
