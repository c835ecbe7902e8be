"""Small builders for Alhambra tests: games reached by legal moves from a seeded setup."""

from __future__ import annotations

import random
from collections.abc import Callable

from service.engine.alhambra import GAME
from service.engine.newyork.state import Card, Move, Placed, Player, State, Tile

RULES_PAGE = "/v1/games/alhambra/rules#"


def start(n: int = 3, seed: int = 1, **options) -> State:
    return GAME.setup([f"p{i}" for i in range(n)], seed, options)


def mv(type_: str, player: str, **kw) -> Move:
    if "slots" in kw:
        kw["slots"] = tuple(kw["slots"])
    if "cards" in kw:
        kw["cards"] = tuple(Card(*c) for c in kw["cards"])
    return Move(type_, player, **kw)


def codes(violations) -> list[str]:
    return [v.code for v in violations]


def ok(state: State, move: Move):
    out = GAME.apply(state, move)
    assert out.legal, out.violations
    assert GAME.validate(out.state) == []
    return out


def play_until(
    state: State, found: Callable[[State, Move], bool], seed: int = 0, steps: int = 3000
) -> tuple[State, Move]:
    """Random legal moves from ``state`` until one of the listed moves satisfies ``found``: that state and move."""
    rnd = random.Random(seed)
    for _ in range(steps):
        moves = GAME.legal_moves(state)
        hit = [m for m in moves if found(state, m)]
        if hit:
            return state, hit[0]
        assert moves and state.phase != "over", "the game ended first"
        state = ok(state, rnd.choice(moves)).state
    raise AssertionError("not found")


def play_out(state: State, seed: int = 0, steps: int = 4000, each: Callable | None = None) -> State:
    """Random legal moves until the game is over (``each(state, move, outcome)`` after every move)."""
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.phase == "over":
            return state
        move = rnd.choice(GAME.legal_moves(state))
        out = ok(state, move)
        if each is not None:
            each(state, move, out)
        state = out.state
    raise AssertionError("the game did not end")


def inline(kind: str, walls: str = "") -> Tile:
    return Tile(None, kind, "".join(e for e in "nesw" if e in walls))


def partial(cities: dict[str, tuple[Placed, ...]]) -> State:
    return State(players=tuple(Player(id=pid, city=c) for pid, c in cities.items()), partial=True)
