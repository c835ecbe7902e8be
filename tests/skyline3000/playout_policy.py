"""A simple building-minded player for seeded playouts, and the numbers a playout reports.

Construction: place the tallest building the rules allow; else roof the tallest unfinished building that
some block could take; else raise an unfinished building towards one floor above the tallest on the board
(splitting the card when two floors would overshoot); else pass. Auctions: bid one card at random or
nothing; developments go to a random listed block. Draws: the deck the hand is shortest of (contracts
counted double). Every move comes from ``legal_moves``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from service.engine.skyline3000 import GAME, data
from service.engine.skyline3000.board import tallest


def _board_top(state) -> int:
    return max((tallest(blk) for _, blk in state.blocks), default=0)


def _construction(state, moves, rnd):
    pid = state.turn
    factory = state.player(pid).factory
    by_type: dict[str, list] = {}
    for m in moves:
        by_type.setdefault(m.type, []).append(m)
    if "contract" in by_type:
        return max(by_type["contract"], key=lambda m: (factory[m.building].floors, m.target == "empty", rnd.random()))
    reach = _board_top(state) + 1
    roofs = [
        m
        for m in by_type.get("roof", ())
        if factory[m.building].floors <= max(reach, 1)
        and (factory[m.building].floors >= reach - 1 or rnd.random() < 0.3)
    ]
    if roofs:
        player = state.player(pid)
        return max(roofs, key=lambda m: (factory[m.building].floors, player.roofs_left(m.roof), rnd.random()))
    floors = by_type.get("floor", ())
    if floors:
        return max(floors, key=lambda m: _floor_value(factory, m.buildings, reach) + rnd.random() / 10)
    return by_type["pass"][0]


def _floor_value(factory, targets, reach) -> float:
    """Prefer floors that bring an unfinished building to ``reach`` without overshooting it."""
    value = 0.0
    heights = Counter(targets)
    for i, n in heights.items():
        height = (factory[i].floors if i < len(factory) else 0) + n
        value += 2 if height == reach else 1 if height < reach else -1
    return value


def _draw(state, moves):
    hand = state.player(moves[0].player).hand or ()
    held = Counter(state.options.card(c).deck for c in hand)
    want = {"contract": held["contract"] / 2, "floor": held["floor"], "roof": held["roof"]}
    return min(moves, key=lambda m: (want.get(m.pile, 9), m.pile))


def choose(state, moves, rnd):
    if state.phase == "construction":
        return _construction(state, moves, rnd)
    if state.phase == "auction":
        small = [m for m in moves if m.type == "bid" and len(m.cards) <= 1]
        return rnd.choice(small or moves)
    if state.phase == "draw" and moves[0].type == "draw":
        return _draw(state, moves)
    return rnd.choice(moves)


@dataclass
class Report:
    games: int = 0
    blocks_opened: list = field(default_factory=list)
    floors_placed: list = field(default_factory=list)
    heights: Counter = field(default_factory=Counter)
    tall_games: int = 0  # games where a building of 3 floors or more reached the board
    scores: list = field(default_factory=list)
    fill: list = field(default_factory=list)  # share of the small platforms taken at the end
    no_place: int = 0  # developments won but removed for want of a free place

    def add(self, state, no_place: int = 0) -> None:
        buildings = [b for _, blk in state.blocks for b in blk.buildings]
        self.games += 1
        self.blocks_opened.append(sum(1 for _, blk in state.blocks if blk.buildings))
        self.floors_placed.append(sum(b.floors for b in buildings))
        self.heights.update(b.floors for b in buildings)
        self.tall_games += any(b.floors >= 3 for b in buildings)
        self.scores.append(sorted((p.points for p in state.players), reverse=True))
        capacity = sum(state.options.block(b).small_platforms for b, _ in state.blocks)
        self.fill.append(sum(blk.used_platforms() for _, blk in state.blocks) / capacity)
        self.no_place += no_place

    def lines(self, players: int) -> list[str]:
        n = max(self.games, 1)
        mean_scores = [round(sum(s[i] for s in self.scores) / n, 1) for i in range(players)]
        return [
            f"{players} players, {self.games} games:",
            f"  blocks opened per game: mean {sum(self.blocks_opened) / n:.2f}, min {min(self.blocks_opened)}",
            f"  floors placed per game: mean {sum(self.floors_placed) / n:.1f}",
            f"  games with a building of 3+ floors on the board: {self.tall_games}",
            f"  height histogram: {dict(sorted(self.heights.items()))}",
            f"  final scores, best to worst, mean: {mean_scores}",
            f"  small platforms taken at the end: mean {100 * sum(self.fill) / n:.0f}%, max {100 * max(self.fill):.0f}%",
            f"  developments won but removed for want of a place: {self.no_place}",
        ]


def playout(players: int, seed: int, counts: Counter | None = None) -> object:
    """One seeded game to its end; ``counts`` tallies the events by kind and reason."""
    rnd = random.Random(seed)
    state = GAME.setup([f"p{i}" for i in range(players)], seed)
    steps = 0
    while state.phase != "over":
        moves = GAME.legal_moves(state)
        out = GAME.apply(state, choose(state, moves, rnd))
        assert out.legal, out.violations
        state = out.state
        if counts is not None:
            counts.update(f"{e.kind}:{e.data.get('reason', '')}" for e in out.events)
        steps += 1
        assert steps < 3000
    return state


def report(players: int, seeds) -> Report:
    result = Report()
    for seed in seeds:
        counts: Counter = Counter()
        state = playout(players, seed, counts)
        result.add(state, counts["development_removed:no free place for it"])
    return result


__all__ = ["Report", "choose", "data", "playout", "report"]
