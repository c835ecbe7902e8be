"""Positions the games reach, in pairs a few moves apart, for the explain tests: seeded walks through each
game's listed moves (its reveals at a real table among them) and, in Chinatown's trading phase, trades
(which legal-moves does not list) of a lot for money."""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from service.engine.chinatown.state import Trade, Transfer
from service.engine.registry import load_game, spec
from service.schemas.common import load_wire

PLAYERS = {"skyline3000": ["anna", "ben"]}
STEPS = 70  # moves a walk plays: past every phase of a first round (and an auction in Skyline 3000)


@dataclass(frozen=True)
class Walk:
    game: str
    chance: str
    seed: int
    states: tuple[Any, ...]
    moves: tuple[Any, ...]


def explainer(game_id: str):
    """The game's own explain module (a re-skin's is its family's)."""
    return importlib.import_module(f"service.engine.{spec(game_id).sources[0]}.explain")


@cache
def wire_state(game_id: str):
    return load_wire(spec(game_id)).state()


def project(game_id: str):
    return wire_state(game_id).dump


def _trade(state, rnd: random.Random) -> Trade | None:
    """A lot passed from an awaited player to another, with 10000 back when the other can pay."""
    if state.phase != "trade" or state.pending is not None:
        return None
    owners: dict[str, list[int]] = {}
    for lot, cell in state.board.items():
        owners.setdefault(cell.owner, []).append(lot)
    givers = [pid for pid in state.ids if pid not in state.done and owners.get(pid)]
    if not givers:
        return None
    giver = rnd.choice(givers)
    taker = rnd.choice([pid for pid in state.ids if pid != giver])
    transfers = [Transfer(giver, taker, lots=(rnd.choice(sorted(owners[giver])),))]
    if (state.seated(taker).money or 0) >= 10000:
        transfers.append(Transfer(taker, giver, money=10000))
    return Trade(giver, tuple(transfers))


@cache
def walk(game_id: str, chance: str, seed: int) -> Walk:
    game = load_game(game_id)
    rnd = random.Random(f"{game_id}-{chance}-{seed}")
    players = PLAYERS.get(game_id, ["anna", "ben", "cleo"])
    state = game.setup(players, seed, {"chance": "table"} if chance == "table" else {})
    states, moves = [state], []
    for _ in range(STEPS):
        move = _trade(state, rnd) if game_id == "chinatown" and rnd.random() < 0.5 else None
        if move is not None and game.move_violations(state, move):
            move = None
        if move is None:
            listed = game.legal_moves(state)
            if not listed:
                break
            move = rnd.choice(listed)
        outcome = game.apply(state, move)
        assert outcome.legal, outcome.violations
        state = outcome.state
        states.append(state)
        moves.append(move)
    return Walk(game_id, chance, seed, tuple(states), tuple(moves))


def pairs(game_id: str, per_walk: int, seeds=(0, 1)) -> list[tuple[Walk, int, int]]:
    """``(walk, start, distance)`` for positions 1, 2 and 3 moves apart, at starts drawn from each walk."""
    out = []
    for chance in ("digital", "table"):
        for seed in seeds:
            played = walk(game_id, chance, seed)
            rnd = random.Random(seed)
            for start in rnd.sample(range(len(played.moves) - 2), per_walk):
                out.extend((played, start, distance) for distance in (1, 2, 3))
    return out
