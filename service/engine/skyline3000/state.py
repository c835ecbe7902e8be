"""Frozen state types of Skyline 3000. ``apply`` builds new ones with ``replace`` (the kit's: a Struct by
``msgspec.structs.replace``, a dataclass slot by slot)."""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from ..kit import replace
from . import data
from .options import BlockSpec, Card, Options, default_board, default_options, make_cards

# Every move type, in the order the game's info lists them (the one place they are written).
MOVE_TYPES = (
    "floor",
    "roof",
    "contract",
    "billboard",
    "discard",
    "pass",
    "bid",
    "bids",
    "develop",
    "draw",
    "stop",
    "reveal",
)
# Where a contract or billboard move puts its piece on a block.
TARGETS = ("empty", "billboard", "large", "green")
# How a listed move stands for a family of moves (its ``family`` field), by move type:
# ``subsets``: any pile of the listed bid's cards (a hand with more than data.BID_LIST_LIMIT distinct piles);
# ``unknown_hand``: any pile of at most hand_size cards that no known place holds (a hidden hand);
# ``piles``: the Key holder's report with each player's pile any his own ``bid`` listing allows, no card twice.
FAMILIES = {"bid": ("subsets", "unknown_hand"), "bids": ("piles",)}


# The state types are msgspec Structs (frozen, compared and hashed by value as frozen dataclasses are):
# a state's many buildings, its players and the state itself are made at C speed, by a request's load
# (``msgspec.convert``) as by the rules' copies (``replace``). A pile stays a dataclass: its
# ``__post_init__`` derives its top, which a frozen Struct cannot set; a move too (``explain`` reads a move's
# parameters as a dataclass's fields).
class FactoryBuilding(msgspec.Struct, frozen=True):
    floors: int
    roof: str | None = None  # None: unfinished


class Building(msgspec.Struct, frozen=True):
    owner: str
    floors: int
    roof: str


class Block(msgspec.Struct, frozen=True):
    buildings: tuple[Building, ...] = ()
    greens: int = 0
    billboards: tuple[str, ...] = ()  # owners
    large: str | None = None  # spaceport | megamarket | None

    def used_platforms(self) -> int:
        return len(self.buildings) + self.greens + len(self.billboards)


class Player(msgspec.Struct, frozen=True):
    id: str
    points: int = data.START_POINTS
    hand: tuple[str, ...] | None = ()  # None: hidden (the size stays public)
    hand_size: int = 0
    factory: tuple[FactoryBuilding, ...] = ()
    arched: int = 0  # roof pieces left
    peaked: int = 0
    billboards: int = 0  # billboards left
    billboards_retired: int = 0  # billboards removed from the game by a building placed on them
    passed: bool = False

    def roofs_left(self, shape: str) -> int:
        return self.arched if shape == "arched" else self.peaked


@dataclass(frozen=True, slots=True)
class Pile:
    draw: tuple[str, ...] | None = ()  # top first; None: unknown order (a real table, or a view)
    draw_size: int = 0
    discard: tuple[str, ...] = ()
    top: str | None = None  # the face-up top card (public); derived when the order is known

    def __post_init__(self) -> None:
        if self.draw is not None:
            object.__setattr__(self, "top", self.draw[0] if self.draw else None)


# A player's sealed pile in an auction: (player, bid cards, or None while it is hidden from a view).
SealedPile = tuple[str, tuple[str, ...] | None]


class Auction(msgspec.Struct, frozen=True):
    stack: int  # 1..3
    sealed: tuple[SealedPile, ...] = ()

    def sealed_of(self, player: str) -> tuple[bool, tuple[str, ...] | None]:
        for pid, bid in self.sealed:
            if pid == player:
                return True, bid
        return False, None


class Award(msgspec.Struct, frozen=True):
    player: str
    tile: str


class Pending(msgspec.Struct, frozen=True):
    """A card the table must reveal: ``top``, the face-up top card of a pile whose order is unknown (at
    setup, after a draw, after a reshuffle); ``draw``, a card drawn from a pile whose top was not known.
    ``player`` makes the reveal: the drawing player, or the one whose move uncovered the card."""

    kind: str  # "top" | "draw"
    player: str
    pile: str


class State(msgspec.Struct, frozen=True):
    options: Options
    players: tuple[Player, ...]
    round: int
    phase: str
    key: str
    turn: str | None
    blocks: tuple[tuple[str, Block], ...]
    floors: int  # floors left in the shared supply
    auction_house: tuple[tuple[str, ...], ...]
    removed_developments: tuple[str, ...] = ()
    auction: Auction | None = None
    award: Award | None = None
    draws_left: tuple[tuple[str, int], ...] = ()
    piles: tuple[tuple[str, Pile], ...] = ()
    seed: int | None = None
    shuffles: int = 0
    pending: Pending | None = None

    # -- lookups -----------------------------------------------------------------------------
    def player_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.players)

    def player(self, pid: str) -> Player | None:
        for p in self.players:
            if p.id == pid:
                return p
        return None

    def seated(self, pid: str) -> Player:
        """The player of an id known to be in the game (a LookupError otherwise)."""
        player = self.player(pid)
        if player is None:
            raise LookupError(pid)
        return player

    def block_at(self, block_id: str) -> Block:
        """The block of an id known to be on the board (a LookupError otherwise)."""
        block = self.block(block_id)
        if block is None:
            raise LookupError(block_id)
        return block

    def player_index(self, pid: str) -> int:
        for i, p in enumerate(self.players):
            if p.id == pid:
                return i
        return -1

    def block(self, block_id: str) -> Block | None:
        for bid, block in self.blocks:
            if bid == block_id:
                return block
        return None

    def pile(self, deck: str) -> Pile:
        for name, pile in self.piles:
            if name == deck:
                return pile
        return Pile()

    def draws_of(self, pid: str) -> int:
        for name, n in self.draws_left:
            if name == pid:
                return n
        return 0

    # -- functional updates --------------------------------------------------------------------
    def with_player(self, new: Player) -> State:
        return replace(self, players=tuple(new if p.id == new.id else p for p in self.players))

    def with_block(self, block_id: str, new: Block) -> State:
        return replace(self, blocks=tuple((b, new if b == block_id else blk) for b, blk in self.blocks))

    def with_pile(self, deck: str, new: Pile) -> State:
        piles = dict(self.piles)
        piles[deck] = new
        return replace(self, piles=tuple((d, piles[d]) for d in data.DECKS if d in piles))

    def next_player(self, pid: str) -> str:
        """The player on the left (clockwise; the players list is the seating order)."""
        i = self.player_index(pid)
        return self.players[(i + 1) % len(self.players)].id

    def clockwise_from(self, pid: str) -> tuple[str, ...]:
        """Every player id, starting with ``pid`` and going clockwise."""
        i = max(self.player_index(pid), 0)
        ids = self.player_ids()
        return ids[i:] + ids[:i]


class ScoreInput(msgspec.Struct, frozen=True):
    """What ``score`` and ``render`` take: the blocks (any subset) and, when known, the players."""

    options: Options
    blocks: tuple[tuple[str, Block], ...]
    players: tuple[Player, ...] | None = None
    phase: str | None = None
    round: int | None = None
    state: State | None = None  # the full state when one was sent

    def block(self, block_id: str) -> Block | None:
        for bid, block in self.blocks:
            if bid == block_id:
                return block
        return None


@dataclass(frozen=True, slots=True)
class Move:
    type: str
    player: str
    card: str | None = None
    building: int | None = None
    roof: str | None = None
    buildings: tuple[int, ...] | None = None  # a floor card: the building each floor goes on
    block: str | None = None
    target: str | None = None  # where on the block: empty | billboard | large | green
    cards: tuple[str, ...] | None = None  # a sealed bid (cards above STOP)
    piles: tuple[tuple[str, tuple[str, ...]], ...] | None = None  # every player's bid (table)
    pile: str | None = None  # a deck to draw from
    # legal-moves only: this listed move stands for a family of moves (FAMILIES); a move sent with
    # it is the move its other fields spell
    family: str | None = None


__all__ = [
    "Auction",
    "Award",
    "Block",
    "BlockSpec",
    "Building",
    "Card",
    "FactoryBuilding",
    "Move",
    "Options",
    "Pending",
    "Pile",
    "Player",
    "ScoreInput",
    "SealedPile",
    "State",
    "default_board",
    "default_options",
    "make_cards",
]
