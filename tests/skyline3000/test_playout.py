"""60 seeded random games for 2, 3 and 4 players through legal_moves and apply: conservation of floors,
roofs, billboards, developments and cards after every move; listed moves are accepted; a sample of
unlisted moves is refused; states round-trip through the wire schemas."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from service.engine.kit import replace
from service.engine.skyline3000 import GAME, checks, data
from service.engine.skyline3000.candidates import card_kind, distinct_piles
from service.engine.skyline3000.checks import PHASE_MOVES
from service.engine.skyline3000.state import TARGETS, Move, default_options
from service.schemas.skyline3000 import WIRE

from .helpers import assert_conserved, play

GAMES = {2: 20, 3: 20, 4: 20}  # the conformance suite plays every game again with the player to move's unlisted moves


def random_move(state, rnd):
    """A move of the player the game awaits (so a refusal tests a rule, not the turn), often an unlisted one."""
    kinds = PHASE_MOVES.get(state.phase, ()) or ("pass",)
    kind = rnd.choice(kinds + ("reveal",))
    awaited = checks.awaited(state) or state.player_ids()
    player = state.key if kind == "bids" else rnd.choice(awaited)
    all_cards = [c.id for c in state.options.cards]
    p = state.player(player)
    pool = list(p.hand or ()) + rnd.sample(all_cards, 2)
    n = len(p.factory)
    return Move(
        kind,
        player,
        card=rnd.choice(pool) if kind in ("floor", "roof", "contract", "discard", "reveal") else None,
        building=rnd.randrange(0, n + 2) if kind in ("roof", "contract") else None,
        buildings=tuple(rnd.randrange(max(n - 3, 0), n + 3) for _ in range(rnd.choice((2, 2, 2, 1, 3))))
        if kind == "floor"
        else None,
        roof=rnd.choice(data.ROOFS) if kind == "roof" else None,
        block=rnd.choice(data.BLOCK_IDS) if kind in ("contract", "billboard", "develop") else None,
        target=rnd.choice(TARGETS) if kind in ("contract", "billboard") else None,
        cards=tuple(rnd.sample(pool, rnd.randrange(0, 3))) if kind == "bid" else None,
        piles=tuple((q, ()) for q in state.player_ids()) if kind == "bids" else None,
        pile=rnd.choice(data.DECKS) if kind == "draw" else None,
    )


def complete_listing(state, move):
    """Is legal_moves exhaustive for this move's type here? (a big or hidden hand's bids and the table's report
    are listed as families)"""
    if move.type == "bid":
        hand = state.player(move.player).hand
        return hand is not None and distinct_piles(state, hand) is not None
    return move.type != "bids"


def canonical(state, move):
    """A move as the listing names it: a bid is the multiset of its cards' kinds; a floor card's placement the
    heights it raises (their order and which of several equal buildings do not matter); a roof or contract the
    kind of the building it names."""
    p = state.player(move.player)
    if move.cards is not None:
        hand = set(p.hand or ()) if p else set()
        return replace(move, cards=tuple(sorted(str(card_kind(state, c)) if c in hand else c for c in move.cards)))
    factory = p.factory if p else ()
    if move.buildings is not None:
        n = len(factory)
        if all(0 <= t < n + 2 for t in move.buildings):
            key = tuple(
                sorted(
                    (str((factory[t].floors, factory[t].roof)) if t < n else str(n - 1 - t), move.buildings.count(t))
                    for t in set(move.buildings)
                )
            )
            return replace(move, buildings=key)
        return replace(move, buildings=tuple(sorted(move.buildings)))
    if move.building is not None and 0 <= move.building < len(factory):
        b = factory[move.building]
        return replace(move, building=(b.floors, b.roof))
    return move


def checker(stats):
    def check(state, moves, chosen, rnd):
        assert GAME.validate(state) == []
        assert_conserved(state)
        stats["steps"] += 1
        sample = moves if stats["steps"] % 25 == 0 else rnd.sample(moves, min(2, len(moves)))
        for move in sample:
            assert GAME.apply(state, move).legal, move
        listed = {canonical(state, m) for m in moves}
        for _ in range(2):
            move = random_move(state, rnd)
            if canonical(state, move) not in listed and complete_listing(state, move):
                out = GAME.apply(state, move)
                assert not out.legal, move
                stats["refused"] += 1
                stats["turn_refusals"] += any(v.code.endswith("turn.not_your_turn") for v in out.violations)
            elif canonical(state, move) in listed:
                assert GAME.apply(state, move).legal, move
        for move in moves:
            if move.type == "floor":
                stats["floor_placements"][len(set(move.buildings))] += 1

    return check


@pytest.mark.parametrize("players", sorted(GAMES))
def test_random_playouts_conserve_everything(players):
    stats = {"steps": 0, "refused": 0, "turn_refusals": 0, "floor_placements": Counter()}
    ids = [f"p{i}" for i in range(players)]
    for seed in range(GAMES[players]):
        state, steps = play(ids, 1000 * players + seed, check=checker(stats))
        assert state.phase == "over" and state.round == 4
        assert_conserved(state)
        assert GAME.validate(state) == []
        result = GAME.score(state)
        assert result["violations"] == [] and set(result["winners"]) <= set(ids)
    assert stats["refused"] > 100
    assert stats["turn_refusals"] == 0  # every unlisted move was the awaited player's: refused by a rule
    assert stats["floor_placements"][1] > 0 and stats["floor_placements"][2] > 0  # one building and two


def test_random_playouts_at_a_real_table_reveal_every_draw():
    stats = {"steps": 0, "refused": 0, "turn_refusals": 0, "floor_placements": Counter()}
    reveals = 0
    for seed in range(12):
        players = [f"p{i}" for i in range(2 + seed % 3)]

        def check(state, moves, chosen, rnd):
            nonlocal reveals
            checker(stats)(state, moves, chosen, rnd)
            if state.pending is not None:
                reveals += 1
                assert moves and all(m.type == "reveal" for m in moves)

        state, _ = play(players, 77 + seed, check=check, table=True)
        assert state.phase == "over" and GAME.validate(state) == []
    assert reveals > 100


def test_playout_states_round_trip_through_the_wire():
    schema = WIRE.state()
    moves = WIRE.move()
    rnd = random.Random(5)
    for players in (2, 3, 4):
        state = GAME.setup([f"p{i}" for i in range(players)], players)
        while state.phase != "over":
            assert schema.load(schema.dump(state)) == state
            listed = GAME.legal_moves(state)
            assert moves.load(moves.dump(listed, many=True), many=True) == listed
            state = GAME.apply(state, rnd.choice(listed)).state
        assert schema.load(schema.dump(state)) == state


def test_games_set_up_for_a_real_table_play_through_with_hidden_hands():
    for seed in range(4):
        ids = [f"p{i}" for i in range(2 + seed % 3)]
        state = GAME.setup(ids, seed, default_options(chance="table"))
        assert all(p.hand is None and p.hand_size == 8 for p in state.players)
        assert all(p.draw is None and p.top is None for _, p in state.piles) and state.seed is None
        assert GAME.validate(state) == []
        rnd = random.Random(seed)
        steps = 0
        while state.phase != "over":
            moves = GAME.legal_moves(state)
            assert moves
            passes = [m for m in moves if m.type == "pass"]
            move = passes[0] if passes and rnd.random() < 0.3 else rnd.choice(moves)
            out = GAME.apply(state, move)
            assert out.legal, (move, out.violations)
            state = out.state
            if steps % 10 == 0:
                assert GAME.validate(state) == []
            steps += 1
        assert GAME.validate(state) == []
