"""Chinatown's tables and catalogues (Filosofia / Z-Man 2008 edition), and the edition they make: what a
re-skin of the game changes.

Sources: the Hungarian rulebook (the seed: tables 1 and 2, the shop and tile counts) and the French
quick-start for the tiles drawn each year (the rules page's sections board, deal, draw and income).

An :class:`Edition` holds everything a re-skin of Chinatown may change: the game's id and name, the texts
that name the game, the tables it is played by (its income table) and the kinds it remembers. The engine
object holds one and its rule book carries it (``book.RuleBook`` over an edition) to every part of the rules
that reads it; ``CHINATOWN`` is Chinatown's. An option reaches the rules through the state's ``options``,
which the edition's tables read (``Edition.income``): a rule an option changes reads it there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..kit import N_

# Shop types with their complete ("maximum") size; each type has size + 3 tiles (the seed; rules page, section board).
SHOP_SIZES: dict[str, int] = {
    "photo": 3,
    "seafood": 3,
    "tea_house": 3,
    "jewelry": 4,
    "florist": 4,
    "tropical_fish": 4,
    "dim_sum": 5,
    "laundry": 5,
    "take_out": 5,
    "antiques": 6,
    "factory": 6,
    "restaurant": 6,
}
SHOP_TYPES: tuple[str, ...] = tuple(SHOP_SIZES)
SHOP_NAMES: dict[str, str] = {
    "photo": "Photo",
    "seafood": "Seafood",
    "tea_house": "Tea House",
    "jewelry": "Jewelry",
    "florist": "Florist",
    "tropical_fish": "Tropical Fish",
    "dim_sum": "Dim Sum",
    "laundry": "Laundry",
    "take_out": "Take-out",
    "antiques": "Antiques",
    "factory": "Factory",
    "restaurant": "Restaurant",
}
TILE_COUNTS: dict[str, int] = {shop: size + 3 for shop, size in SHOP_SIZES.items()}
TOTAL_TILES = sum(TILE_COUNTS.values())  # 90

# Income table (seed table 2), in dollars.
INCOMPLETE_INCOME: dict[int, int] = {1: 10000, 2: 20000, 3: 40000, 4: 60000, 5: 80000}
COMPLETE_INCOME: dict[int, int] = {3: 50000, 4: 80000, 5: 110000, 6: 140000}

MIN_PLAYERS = 3
MAX_PLAYERS = 5
ROUNDS = 6
FIRST_YEAR = 1965
START_MONEY = 50000
MONEY_UNIT = 10000  # the smallest money card
LOT_COUNT = 85
LOTS: tuple[int, ...] = tuple(range(1, LOT_COUNT + 1))

# Building cards dealt / kept per player, by player count and round (seed table 1).
DEAL_TABLE: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((7, 5), (6, 4), (6, 4), (6, 4), (6, 4), (6, 4)),
    4: ((6, 4), (5, 3), (5, 3), (5, 3), (5, 3), (5, 3)),
    5: ((5, 3), (5, 3), (5, 3), (4, 2), (4, 2), (4, 2)),
}


def dollars(amount: int) -> str:
    """Money as every message and picture writes it: ``$15,000``."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def cards_dealt(player_count: int, round_no: int) -> int:
    return DEAL_TABLE[player_count][round_no - 1][0]


def cards_kept(player_count: int, round_no: int) -> int:
    return DEAL_TABLE[player_count][round_no - 1][1]


def tiles_drawn(player_count: int, round_no: int) -> int:
    """Round 1 draws the dealt number, later rounds the kept number (the French quick-start; rules page, section draw)."""
    dealt, kept = DEAL_TABLE[player_count][round_no - 1]
    return dealt if round_no == 1 else kept


def year_of(round_no: int) -> int:
    return FIRST_YEAR + round_no - 1


@dataclass(frozen=True)
class Income:
    """An income table as a game is played by it: dollars by shop size, for an incomplete shop and for a
    complete one (seed table 2 unless an option changes it)."""

    incomplete: Mapping[int, int]
    complete: Mapping[int, int]

    def pay(self, size: int, complete_size: int) -> int:
        """Dollars a shop of ``size`` tiles pays when its type completes at ``complete_size``."""
        if size == complete_size:
            return self.complete[size]
        return self.incomplete.get(size, 0)

    def material(self) -> list[list[int]]:
        """The table as JSON-ready data: what a remembered value computed under it depends on."""
        return [[size, dollars] for table in (self.incomplete, self.complete) for size, dollars in table.items()] + [
            [len(self.incomplete)]
        ]

    def to_dict(self) -> dict[str, dict[str, int]]:
        return {
            "incomplete": {str(k): v for k, v in self.incomplete.items()},
            "complete": {str(k): v for k, v in self.complete.items()},
        }


PRINTED_INCOME = Income(INCOMPLETE_INCOME, COMPLETE_INCOME)

#: The templates (message ids) Chinatown's code writes where a text names the game, by role. A re-skin
#: gives its own (in its own name, with its own translations).
TEXTS: dict[str, str] = {
    "rule.player_count": N_("Chinatown is played by 3 to 5 players."),
    "setup.player_count": N_("Chinatown needs {min} to {max} players."),
    "state.player_count": N_("The state has {count} players; Chinatown takes {min} to {max}."),
    "picture.board": N_("Chinatown - board"),
    "picture.title": N_("Chinatown - {year} (round {round}), phase: {phase}"),
}


@dataclass(frozen=True, eq=False)
class Edition:
    """What a re-skin of Chinatown changes, over the same rules: its id and name (its rule codes, wire
    names and remembered kinds derive from the id), the texts that name the game (``TEXTS``' roles) and
    the tables it is played by. ``income`` reads the state's options, so a house rule that changes what
    shops pay is read there and nowhere else."""

    id: str
    name: str
    texts: Mapping[str, str] = field(default_factory=lambda: dict(TEXTS))
    printed_income: Income = PRINTED_INCOME

    def __post_init__(self) -> None:
        missing = set(TEXTS) - set(self.texts)
        if missing:
            raise ValueError(f"edition {self.id} lacks the texts {sorted(missing)}")

    def memo_kind(self, name: str) -> str:
        """The memo kind of one of the game's costly computations (``chinatown.shops``)."""
        return f"{self.id}.{name}"

    @property
    def memo_kinds(self) -> tuple[str, ...]:
        """Every kind the game remembers (each listed by the cache policy as in-process only)."""
        return (self.memo_kind(SHOPS),)

    def income(self, options: Any = None) -> Income:
        """The income table a game with these options (the state's; None: the defaults) is played by."""
        return self.printed_income


SHOPS = "shops"  # the remembered shops of a board layout (``scoring.shops_of``)

CHINATOWN = Edition(id="chinatown", name="Chinatown")

# The game's id: its rule codes, remembered kinds and wire name all derive from it.
GAME_ID = CHINATOWN.id


def shop_income(size: int, complete_size: int) -> int:
    """Dollars a shop of ``size`` tiles pays under the printed table (seed table 2)."""
    return PRINTED_INCOME.pay(size, complete_size)
