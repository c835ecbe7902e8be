"""New York's engine state: frozen dataclasses (and a city's tiles, frozen msgspec Structs) and tuples only;
``apply`` builds new ones.

The dataclasses built by the thousand (the moves a listing checks, the players and the states) write
their ``__init__`` by hand: the one a frozen dataclass is given sets each field through
``object.__setattr__``, which costs twice as much as setting the instance's dict at once. The fields, their
order and their defaults stay the dataclass's (``test_state_classes_are_built_as_their_fields_say``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

import msgspec

from ..kit import replace
from .options import Options

_set = object.__setattr__


@dataclass(frozen=True)
class Tile:
    """A building tile. ``id`` is the catalogue id (1..54) or None for an inline tile of a score request.

    ``kind`` is a New York type (or ``start`` for Times Square); ``streets`` holds the edges with a
    street, in the order n, e, s, w (e.g. ``"ns"``).
    """

    id: int | None
    kind: str
    streets: str
    cost: int | None = None


class Card(NamedTuple):
    bank: str
    value: int


DeckEntry = Card | str  # a money card, or the scoring card "A" / "B"


class Placed(msgspec.Struct, frozen=True):
    """A tile in a city at (x, y). A msgspec Struct, not a dataclass as the others here, because every state
    a request loads holds dozens of them: one is made in C (a fifth of the cost of a frozen dataclass's
    ``__init__``), and compares and hashes by its members as a frozen dataclass does."""

    x: int
    y: int
    tile: Tile


@dataclass(frozen=True, init=False)
class Player:
    id: str
    city: tuple[Placed, ...] = ()
    reserve: tuple[Tile, ...] = ()
    money: tuple[Card, ...] | None = ()  # None: the values are hidden from the viewer
    points: int = 0
    to_place: tuple[Tile, ...] = ()  # bought (or awarded at the end) and not yet placed
    money_count: int | None = None  # with hidden money: how many cards (public), when known

    def __init__(
        self,
        id: str,
        city: tuple[Placed, ...] = (),
        reserve: tuple[Tile, ...] = (),
        money: tuple[Card, ...] | None = (),
        points: int = 0,
        to_place: tuple[Tile, ...] = (),
        money_count: int | None = None,
    ):
        _set(
            self,
            "__dict__",
            {
                "id": id,
                "city": city,
                "reserve": reserve,
                "money": money,
                "points": points,
                "to_place": to_place,
                "money_count": money_count,
            },
        )

    @property
    def cards_held(self) -> int | None:
        """How many money cards the player holds: public even when their values are hidden."""
        return len(self.money) if self.money is not None else self.money_count


@dataclass(frozen=True)
class Dummy:
    """The 2-player game's imaginary third player: its tiles (full state) or only its counts (scoring), and
    the majority points its scorings have given it."""

    tiles: tuple[Tile, ...] | None = None
    counts: tuple[tuple[str, int], ...] | None = None
    points: int = 0


@dataclass(frozen=True)
class Pending:
    """What must be revealed at a real table before play goes on.

    kind: ``money_card`` (slot 0..3 of the money market), ``market_tile`` (slot = a bank),
    ``dummy_tile`` (slot None), ``starting_money`` (slot = the id of the player being dealt, at setup).
    """

    kind: str
    slot: int | str | None = None


ACTIONS = ("take_money", "buy", "rebuild_place", "rebuild_remove", "rebuild_swap", "end_turn")
PLACEMENTS = ("place", "reserve", "give_dummy")
MOVE_TYPES = ACTIONS + PLACEMENTS + ("reveal",)
MONEY_DRAWS = ("money_card", "starting_money")  # the pending draws a money card (or a scoring card) answers
CITY_MOVES = frozenset(("rebuild_place", "rebuild_remove", "rebuild_swap", "end_turn", "place"))  # ask a city

PHASES = ("setup", "actions", "placement", "refill", "final_placement", "over")  # setup: a real table's deal


_FRESH: Any = object()  # State's options when none is given: a fresh Options(), as its default_factory


@dataclass(frozen=True, init=False)
class State:
    options: Options = field(default_factory=Options)
    players: tuple[Player, ...] = ()
    current: int | None = None
    phase: str = "actions"
    market: tuple[Tile | None, ...] = (None, None, None, None)  # by bank, in market order
    money_market: tuple[Card | None, ...] = (None, None, None, None)
    bag: tuple[Tile, ...] | None = None
    money_deck: tuple[DeckEntry, ...] | None = None
    discard: tuple[Card, ...] = ()
    scorings_done: int = 0
    dummy: Dummy | None = None
    dummy_owed: int = 0
    pending: Pending | None = None
    shuffle_seed: int | None = None
    winners: tuple[str, ...] | None = None
    partial: bool = False  # loaded from a scoring-only body: no turn checks

    def __init__(
        self,
        options: Options = _FRESH,
        players: tuple[Player, ...] = (),
        current: int | None = None,
        phase: str = "actions",
        market: tuple[Tile | None, ...] = (None, None, None, None),
        money_market: tuple[Card | None, ...] = (None, None, None, None),
        bag: tuple[Tile, ...] | None = None,
        money_deck: tuple[DeckEntry, ...] | None = None,
        discard: tuple[Card, ...] = (),
        scorings_done: int = 0,
        dummy: Dummy | None = None,
        dummy_owed: int = 0,
        pending: Pending | None = None,
        shuffle_seed: int | None = None,
        winners: tuple[str, ...] | None = None,
        partial: bool = False,
    ):
        _set(
            self,
            "__dict__",
            {
                "options": Options() if options is _FRESH else options,
                "players": players,
                "current": current,
                "phase": phase,
                "market": market,
                "money_market": money_market,
                "bag": bag,
                "money_deck": money_deck,
                "discard": discard,
                "scorings_done": scorings_done,
                "dummy": dummy,
                "dummy_owed": dummy_owed,
                "pending": pending,
                "shuffle_seed": shuffle_seed,
                "winners": winners,
                "partial": partial,
            },
        )


@dataclass(frozen=True, init=False)
class Move:
    """One move. ``type`` (one of ``MOVE_TYPES``) picks which of the other fields matter."""

    type: str
    player: str
    slots: tuple[int, ...] = ()  # take_money
    slot: str | None = None  # buy: a bank
    cards: tuple[Card, ...] = ()  # buy
    tile: int | None = None  # place / reserve / give_dummy / rebuild_place / rebuild_swap / reveal
    x: int | None = None
    y: int | None = None
    rotation: int = 0
    card: DeckEntry | None = None  # reveal of a money (or scoring) card

    def __init__(
        self,
        type: str,
        player: str,
        slots: tuple[int, ...] = (),
        slot: str | None = None,
        cards: tuple[Card, ...] = (),
        tile: int | None = None,
        x: int | None = None,
        y: int | None = None,
        rotation: int = 0,
        card: DeckEntry | None = None,
    ):
        _set(
            self,
            "__dict__",
            {
                "type": type,
                "player": player,
                "slots": slots,
                "slot": slot,
                "cards": cards,
                "tile": tile,
                "x": x,
                "y": y,
                "rotation": rotation,
                "card": card,
            },
        )


def with_player(state: State, index: int, player: Player) -> State:
    players = list(state.players)
    players[index] = player
    return replace(state, players=tuple(players))


def player_index(state: State, player_id: str) -> int | None:
    for i, p in enumerate(state.players):
        if p.id == player_id:
            return i
    return None
