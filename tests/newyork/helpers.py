"""Small builders for New York tests."""

from __future__ import annotations

from dataclasses import replace

from service.engine.newyork import GAME
from service.engine.newyork.city import CityIndex
from service.engine.newyork.data import catalogue
from service.engine.newyork.state import Card, Move, Options, Placed, Player, State, Tile

TILES = catalogue(Options().type_tiers)


def tile(kind: str = "park", streets: str = "") -> Tile:
    return Tile(None, kind, "".join(e for e in "nesw" if e in streets))


def city(*entries) -> tuple[Placed, ...]:
    """entries: (x, y, kind, streets) or (x, y, catalogue_id)."""
    out = []
    for e in entries:
        if len(e) == 3:
            out.append(Placed(e[0], e[1], TILES[e[2]]))
        else:
            out.append(Placed(e[0], e[1], tile(e[2], e[3])))
    return tuple(out)


def index(*entries) -> CityIndex:
    return CityIndex(city(*entries))


def codes(violations) -> list[str]:
    return [v.code for v in violations]


def card(bank: str, value: int) -> Card:
    return Card(bank, value)


def partial_state(cities: dict[str, tuple[Placed, ...]], dummy=None, **kw) -> State:
    players = tuple(Player(id=pid, city=c) for pid, c in cities.items())
    return State(players=players, dummy=dummy, partial=True, **kw)


def start(n: int = 3, seed: int = 1, **options) -> State:
    return GAME.setup([f"p{i}" for i in range(n)], seed, options)


def mv(type_: str, player: str, **kw) -> Move:
    if "slots" in kw:
        kw["slots"] = tuple(kw["slots"])
    if "cards" in kw:
        kw["cards"] = tuple(Card(*c) for c in kw["cards"])
    return Move(type_, player, **kw)


def current_id(state: State) -> str:
    return state.players[state.current].id


def set_player(state: State, i: int, **changes) -> State:
    players = list(state.players)
    players[i] = replace(players[i], **changes)
    return replace(state, players=tuple(players))
