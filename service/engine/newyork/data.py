"""New York's catalogues and tables, and the edition they make: what a re-skin of the game changes.

The 54 tiles (``tiles.json`` beside this module) are Alhambra's, walls read as streets (an assumption: the
reading ``tiles`` on the rules page). An :class:`Edition` holds everything that differs between New York and
a re-skin of it (Alhambra): the game's id and name, its building types and their tiers, the banks and their
colours, the scoring tables, the dummy's name and the picture's own labels. The engine object holds one and
passes it to the functions that need it; ``NEW_YORK`` is New York's.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import NamedTuple

from ..kit import N_
from .options import TypeTiers
from .state import Tile

VALUES = tuple(range(1, 10))
COPIES = 3  # three of each card; two in the 2-player game
COPIES_TWO_PLAYERS = 2
EDGES = ("n", "e", "s", "w")
SCORING_CARDS = ("A", "B")
SCORINGS = ("A", "B", "final")

# Alhambra's six kinds in tier order (1 = cheapest, fewest points): the catalogue names each tile's kind.
ALHAMBRA_KINDS = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")

START_SUM = 20  # starting money is dealt until at least this
MONEY_SLOTS = 4
TAKE_LIMIT = 5  # several money cards may be taken when they sum to at most this
DUMMY_FIRST = 6  # tiles the dummy gets at setup and after scoring A
PILES = 5

PointsTable = Mapping[str, tuple[int, ...]]  # scoring ("A", "B", "final") -> points per place


class CatalogueTile(NamedTuple):
    id: int
    alhambra: str
    cost: int
    streets: str


def _canonical_streets(edges: Collection[str]) -> str:
    return "".join(e for e in EDGES if e in edges)


def _load() -> tuple[CatalogueTile, ...]:
    text = resources.files(__package__).joinpath("tiles.json").read_text(encoding="utf-8")
    raw = json.loads(text)["tiles"]
    return tuple(CatalogueTile(t["id"], t["alhambra_type"], t["cost"], _canonical_streets(t["streets"])) for t in raw)


CATALOGUE: tuple[CatalogueTile, ...] = _load()
TILE_IDS = tuple(t.id for t in CATALOGUE)
TILE_COUNT = len(CATALOGUE)


def points_table(tier: int) -> dict[str, tuple[int, ...]]:
    """Points per place in each scoring for one tier: A t; B t+7, t; final t+15, t+7, t."""
    return {"A": (tier,), "B": (tier + 7, tier), "final": (tier + 15, tier + 7, tier)}


@dataclass(frozen=True, eq=False)
class Edition:
    """What a re-skin of New York changes: its names, words, colours and tables, over the same rules.

    ``types`` are the building types in the order scorings and pictures list them; ``fixed_tiers`` gives
    the Alhambra tier (1..6, the index of the tile's kind in ``ALHAMBRA_KINDS`` plus one) of each type the
    edition settles, and ``tiered_types`` the types whose tiers option ``type_tiers`` chooses (1, 2, 3 once
    each). ``points`` holds the scoring table of each tier. ``labels`` are the picture's own texts (message
    ids), by role."""

    id: str
    name: str
    types: tuple[str, ...]
    fixed_tiers: Mapping[str, int]
    tiered_types: tuple[str, ...]
    points: Mapping[int, PointsTable]
    banks: tuple[str, ...]  # market order, first bank to last
    bank_colours: Mapping[str, str]
    type_colours: Mapping[str, str]  # the start tile's under "start"
    short: Mapping[str, str]  # each type's short label on a tile
    dummy: str  # the 2-player game's dummy, as the game's rulebook names it
    labels: Mapping[str, str]
    tiles: tuple[CatalogueTile, ...] = CATALOGUE
    # what a tile's marked edges are in the game's own words: New York's streets, Alhambra's walls. The
    # wire names them so (a catalogue tile's and an inline tile's ``streets``/``walls``, the score's
    # ``street``/``wall`` and its category ``longest_street``/``longest_wall``), and so do the pictures.
    edge: str = "street"

    @property
    def edges(self) -> str:
        """The field naming a tile's marked edges: ``streets`` or ``walls``."""
        return self.edge + "s"

    @property
    def longest(self) -> str:
        """The score breakdown's category of the longest street or wall."""
        return "longest_" + self.edge

    @property
    def tile_ids(self) -> tuple[int, ...]:
        return tuple(t.id for t in self.tiles)

    def memo_kind(self, name: str) -> str:
        """The memo kind of one of the game's costly computations (e.g. ``newyork.longest_street``)."""
        return f"{self.id}.{name}"

    def tiers(self, type_tiers: TypeTiers) -> dict[str, int]:
        """Each type's tier (1..6) under the ``type_tiers`` option (which only the tiered types read)."""
        out = dict(self.fixed_tiers)
        out.update((kind, tier) for kind, tier in dict(type_tiers).items() if kind in self.tiered_types)
        return out

    def tiers_are_valid(self, type_tiers: TypeTiers) -> bool:
        if not self.tiered_types:
            return True
        given = dict(type_tiers)
        return set(given) == set(self.tiered_types) and sorted(given.values()) == [1, 2, 3]

    def catalogue(self, type_tiers: TypeTiers) -> dict[int, Tile]:
        """The 54 tiles as engine tiles, typed by the tier mapping (a valid mapping only). A fresh dict on
        each call (54 small tiles: cheap), so no caller can change another's."""
        by_tier = {tier: kind for kind, tier in self.tiers(type_tiers).items()}
        return {t.id: Tile(t.id, by_tier[ALHAMBRA_KINDS.index(t.alhambra) + 1], t.streets, t.cost) for t in self.tiles}

    def catalogue_tile(self, type_tiers: TypeTiers, tile_id: int) -> Tile:
        """One catalogue tile as an engine tile under the tier mapping."""
        t = self.tiles[self.tile_ids.index(tile_id)]
        kind = {tier: kind for kind, tier in self.tiers(type_tiers).items()}[ALHAMBRA_KINDS.index(t.alhambra) + 1]
        return Tile(t.id, kind, t.streets, t.cost)

    def scoring_tables(self, type_tiers: TypeTiers) -> dict[str, PointsTable]:
        return {kind: self.points[tier] for kind, tier in self.tiers(type_tiers).items()}

    def money_cards(self, copies: int) -> list[tuple[str, int]]:
        """Every money card in canonical order: bank, then value, then copy."""
        return [(bank, value) for bank in self.banks for value in VALUES for _ in range(copies)]


NEW_YORK = Edition(
    id="newyork",
    name="New York",
    types=("skyscraper", "park", "church", "theater", "museum", "station"),
    fixed_tiers={"church": 4, "park": 5, "skyscraper": 6},  # from the seed's own examples
    tiered_types=("museum", "theater", "station"),
    points={tier: points_table(tier) for tier in range(1, 7)},
    banks=("blue", "green", "yellow", "red"),
    bank_colours={"blue": "#2f6fd6", "green": "#2e9b45", "yellow": "#e0b400", "red": "#d03a2f"},
    type_colours={
        "skyscraper": "#8e6bbf",
        "park": "#5cad5c",
        "church": "#e8e4da",
        "theater": "#d0574f",
        "museum": "#5b8fd1",
        "station": "#a8784a",
        "start": "#f2c744",
    },
    short={
        "skyscraper": N_("SKY"),
        "park": N_("PRK"),
        "church": N_("CHU"),
        "theater": N_("THE"),
        "museum": N_("MUS"),
        "station": N_("STA"),
    },
    dummy="Sanyi",
    labels={
        "title": N_("New York table: {players}"),
        "heading_one": N_("New York - {n} player"),
        "heading_many": N_("New York - {n} players"),
        "start": N_("Times Sq"),
        "longest": N_("longest street: {length}"),
        "dummy": N_("dummy (2-player game): majorities only"),
        "market_slot": N_("{bank} bank"),
    },
)

# New York's own tables, by the names the rest of the service and the tests use.
BANKS = NEW_YORK.banks
TYPES = NEW_YORK.types
TIERED_TYPES = NEW_YORK.tiered_types
FIXED_TIERS = NEW_YORK.fixed_tiers
tiers = NEW_YORK.tiers
tiers_are_valid = NEW_YORK.tiers_are_valid
catalogue = NEW_YORK.catalogue
catalogue_tile = NEW_YORK.catalogue_tile
scoring_tables = NEW_YORK.scoring_tables
money_cards = NEW_YORK.money_cards
