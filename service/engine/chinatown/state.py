"""Frozen engine types: the state, the board and the moves (``MOVE_TYPES``), and the seating order the
phases go by."""

from __future__ import annotations

from collections.abc import ItemsView, Mapping
from dataclasses import dataclass, field
from typing import ClassVar

import msgspec

from .options import Options

PHASES = ("deal", "keep", "draw", "trade", "place", "end")


class Lot(msgspec.Struct, frozen=True):
    """A claimed lot: its owner's marker and, once built, the shop tile under it. A frozen value as the
    dataclasses here are, a msgspec Struct because a board holds up to 85 of them: one is made in C."""

    owner: str
    shop: str | None = None


@dataclass(frozen=True)
class Board:
    """Claimed lots only (an unclaimed lot is empty and has no marker). Never mutated."""

    cells: tuple[tuple[int, Lot], ...] = ()
    _map: dict[int, Lot] = field(default_factory=dict, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(sorted(self.cells)))
        object.__setattr__(self, "_map", dict(self.cells))

    @classmethod
    def of(cls, mapping: Mapping[int, Lot]) -> Board:
        """The board of these lots (what ``Board(tuple(mapping.items()))`` makes, sorting them once)."""
        cells = tuple(sorted(mapping.items()))
        board = object.__new__(cls)
        object.__setattr__(board, "cells", cells)
        object.__setattr__(board, "_map", dict(cells))
        return board

    def as_dict(self) -> dict[int, Lot]:
        return dict(self._map)

    def get(self, lot: int) -> Lot | None:
        return self._map.get(lot)

    def items(self) -> ItemsView[int, Lot]:
        return self._map.items()

    def __len__(self) -> int:
        return len(self._map)

    def with_lots(self, changes: Mapping[int, Lot]) -> Board:
        merged = dict(self._map)
        merged.update(changes)
        return Board.of(merged)


@dataclass(frozen=True)
class Player:
    id: str
    money: int | None  # None: hidden (a view of another player)
    hand: tuple[int, ...] | None  # building cards held this year (None: hidden)
    tiles: tuple[tuple[str, int], ...] = ()  # unplaced shop tiles, sorted, counts > 0

    def tile_count(self, shop: str) -> int:
        return dict(self.tiles).get(shop, 0)


def tiles_tuple(counts: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((shop, n) for shop, n in counts.items() if n > 0))


@dataclass(frozen=True)
class Pending:
    """A draw the table must reveal: ``deal`` (building cards) or ``draw`` (shop tiles) for one player."""

    kind: str
    player: str
    count: int


@dataclass(frozen=True)
class State:
    options: Options
    players: tuple[Player, ...]
    round: int
    phase: str
    first_player: str
    done: tuple[str, ...]  # who finished the current phase step (dealt, kept, drawn, ended trading, placed)
    board: Board
    deck: tuple[int, ...] | None  # hidden order of the building cards (None at a real table)
    bag: tuple[str, ...] | None  # hidden order of the shop tiles (None at a real table)
    shuffle_seed: int | None  # seeds the reshuffle of discards into the deck (digital play)
    pending: Pending | None = None

    def player(self, pid: str) -> Player | None:
        for p in self.players:
            if p.id == pid:
                return p
        return None

    def seated(self, pid: str) -> Player:
        """The player ``pid``, whom the caller knows to be in the game (a consistent state, a checked move)."""
        player = self.player(pid)
        assert player is not None, f"{pid!r} is not in the game"
        return player

    def index_of(self, pid: str) -> int:
        for i, p in enumerate(self.players):
            if p.id == pid:
                return i
        return -1

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.players)


def seat_order(state: State) -> tuple[str, ...]:
    """Player ids clockwise from the first player (the players list is the seating order)."""
    ids = state.ids
    start = state.index_of(state.first_player)
    if start < 0:
        return ids
    return ids[start:] + ids[:start]


def next_undone(state: State) -> str | None:
    """The first player in seating order from the first player who has not finished the phase step."""
    for pid in seat_order(state):
        if pid not in state.done:
            return pid
    return None


@dataclass(frozen=True)
class Partial:
    """A scoring input: the board and, when given, the players and their money."""

    board: Board
    player_ids: tuple[str, ...] | None = None
    money: tuple[tuple[str, int | None], ...] | None = None


# ---- moves -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Keep:
    type: ClassVar[str] = "keep"
    player: str
    lots: tuple[int, ...]


@dataclass(frozen=True)
class Reveal:
    type: ClassVar[str] = "reveal"
    player: str
    lots: tuple[int, ...] | None = None
    tiles: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Transfer:
    giver: str
    receiver: str
    lots: tuple[int, ...] = ()
    tiles: tuple[str, ...] = ()
    money: int = 0


@dataclass(frozen=True)
class Trade:
    type: ClassVar[str] = "trade"
    player: str
    transfers: tuple[Transfer, ...]


@dataclass(frozen=True)
class EndTrading:
    type: ClassVar[str] = "end_trading"
    player: str


@dataclass(frozen=True)
class Place:
    type: ClassVar[str] = "place"
    player: str
    lot: int
    shop: str


@dataclass(frozen=True)
class EndTurn:
    type: ClassVar[str] = "end_turn"
    player: str


Move = Keep | Reveal | Trade | EndTrading | Place | EndTurn
MOVE_TYPES = ("reveal", "keep", "trade", "end_trading", "place", "end_turn")
