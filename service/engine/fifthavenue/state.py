"""Fifth Avenue's state and moves as frozen dataclasses (the state's parts as frozen msgspec Structs, which
cost a fraction of a dataclass to build), and ``MOVE_TYPES``.

Every changed state is a new object built with ``replace``, so a state handed to the engine is
never mutated. The wire form of these types lives in the game's schema module (``service.schemas``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from ..kit import build, replace
from . import data as D
from .options import Options

MOVE_TYPES = (
    "place_start",
    "take_skyscrapers",
    "place_business",
    "black_and_move",
    "value_district",
    "take_cards",
    "move_commissioner",
    "bid",
    "pass",
    "build",
    "building_stop",
    "reveal",
)


class Skyscrapers(msgspec.Struct, frozen=True, gc=False):
    owner: str
    count: int


class Plot(msgspec.Struct, frozen=True, gc=False):
    colour: str
    businesses: tuple[str, ...] = ()
    skyscrapers: Skyscrapers | None = None


class District(msgspec.Struct, frozen=True, gc=False):
    id: str
    plots: tuple[Plot, ...]
    stopped: bool = False


class Park(msgspec.Struct, frozen=True, gc=False):
    skyscrapers: tuple[Skyscrapers, ...] = ()
    businesses: tuple[str, ...] = ()


class Player(msgspec.Struct, frozen=True, gc=False):
    id: str
    points: int = 0
    supply: int = 0
    general: int = 0
    hand: tuple[str, ...] | None = ()
    hand_size: int = 0


class Dummy(msgspec.Struct, frozen=True, gc=False):
    id: str = D.DUMMY_ID
    general: int = D.SKYSCRAPERS_PER_PLAYER


class Stack(msgspec.Struct, frozen=True, gc=False):
    top: int | None
    below: tuple[int, ...] | None
    count: int


class BlackDeck(msgspec.Struct, frozen=True, gc=False):
    cards: tuple[int, ...] | None
    count: int


class Commissioner(msgspec.Struct, frozen=True, gc=False):
    at: str = D.CITY_HALL
    markers: tuple[str, ...] = ()


class Turn(msgspec.Struct, frozen=True, gc=False):
    player: str
    phase: str
    action: str | None = None
    start_queue: tuple[str, ...] = ()


class Bid(msgspec.Struct, frozen=True, gc=False):
    player: str
    colour: str
    cards: tuple[str, ...]


class Auction(msgspec.Struct, frozen=True, gc=False):
    commissioner: str
    trigger: str
    resume: str  # "action2" (triggered by action C) or "next_turn" (by the third action)
    site: str
    queue: tuple[str, ...]  # sites still to auction after this one
    stage: str  # "bidding" | "resolve" (the winner chooses how many to build, or a stop)
    order: tuple[str, ...]
    to_act: str | None
    full: bool = False
    park_colour: str | None = None
    bids: tuple[Bid, ...] = ()
    passed: tuple[str, ...] = ()
    dummy_bid: tuple[int, ...] | None = None
    winner: str | None = None


class Pending(msgspec.Struct, frozen=True, gc=False):
    kind: str
    district: str | None = None
    colours: tuple[str, ...] = ()
    draws: tuple[tuple[str, int], ...] = ()
    index: int = 0
    count: int = 0


class Result(msgspec.Struct, frozen=True, gc=False):
    winners: tuple[str, ...]
    central_park_tiles: tuple[str, ...]


@dataclass(frozen=True)
class State:
    options: Options
    players: tuple[Player, ...]
    districts: tuple[District, ...]
    park: Park = field(default_factory=Park)
    dummy: Dummy | None = None
    supply_row: tuple[tuple[str, ...] | None, ...] = ()
    box: int = D.BOX_BUSINESSES
    removed_businesses: tuple[str, ...] = ()
    removed_skyscrapers: tuple[Skyscrapers, ...] = ()
    stacks: tuple[tuple[str, Stack], ...] = ()
    black_deck: BlackDeck = BlackDeck((), 0)
    discard: tuple[str, ...] = ()
    commissioners: tuple[tuple[str, Commissioner], ...] = tuple((c, Commissioner()) for c in D.COMMISSIONERS)
    businesses_placed: int = 0
    turn: Turn | None = None
    auction: Auction | None = None
    park_order: tuple[int, ...] | None = None
    result: Result | None = None
    pending: Pending | None = None
    seed: int | None = None  # seeds every later shuffle (digital play); null at a real table and in a view
    partial: bool = False  # a partial scoring input (any subset of the board) rather than a whole game
    # what the checks derive from this very state (every changed state is a new object with an empty one)
    derived: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)


def whole_state(**members: Any) -> State:
    """``State(**members)``, built by the kit's ``build`` (a load makes one from every member)."""
    return build(State, **members)


@dataclass(frozen=True)
class Move:
    """One move; ``type`` says which of the optional fields matter."""

    type: str
    player: str
    district: str | None = None
    plot: str | None = None
    business: str | None = None
    commissioner: str | None = None
    to: str | None = None
    colours: tuple[str, ...] | None = None
    colour: str | None = None
    cards: tuple[str, ...] | None = None
    count: int | None = None
    # reveal fields
    tops: tuple[tuple[str, int | None], ...] | None = None
    drawn: tuple[tuple[str, tuple[int, ...]], ...] | None = None
    tiles: tuple[str, ...] | None = None
    bid: tuple[int, ...] | None = None


def new_move(type: str, player: str, **given: Any) -> Move:  # noqa: A002 - Move's own field name
    """``Move(type, player, **given)``, built by the kit's ``build`` (a listing builds many)."""
    return build(Move, type=type, player=player, **given)


_COLOUR_RANK = {c: i for i, c in enumerate(D.COLOURS)}


def canonical(m: Move) -> Move:
    """The same move with its unordered parts in one order: colours (the order of the colour stacks),
    bid cards and revealed tiles sorted. A reveal's ``bid`` is a draw sequence and keeps its order.
    A move already in order (every listed move) is returned as it is."""
    changes: dict[str, Any] = {}
    if m.colours is not None:
        colours = tuple(sorted(m.colours, key=lambda c: (_COLOUR_RANK.get(c, 99), c)))
        if colours != m.colours:
            changes["colours"] = colours
    if m.cards is not None:
        cards = tuple(sorted(m.cards))
        if cards != m.cards:
            changes["cards"] = cards
    if m.tiles is not None:
        tiles = tuple(sorted(m.tiles))
        if tiles != m.tiles:
            changes["tiles"] = tiles
    if m.drawn is not None:
        drawn = tuple(sorted((k, tuple(sorted(v))) for k, v in m.drawn))
        if drawn != m.drawn:
            changes["drawn"] = drawn
    return replace(m, **changes) if changes else m
