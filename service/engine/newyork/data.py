"""New York's catalogues and tables: the 54 tiles, banks, money cards, building types and points.

The tiles are copied from ``shared/data/newyork_tiles.json`` into ``tiles.json`` beside this module
(Alhambra's 54 tiles with walls read as streets; an assumption, see DESIGN.md section 9).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import NamedTuple

from .state import Tile

BANKS = ("blue", "green", "yellow", "red")  # market order, first bank to last
VALUES = tuple(range(1, 10))
COPIES = 3  # three of each card; two in the 2-player game
COPIES_TWO_PLAYERS = 2
EDGES = ("n", "e", "s", "w")
SCORING_CARDS = ("A", "B")
SCORINGS = ("A", "B", "final")

TYPES = ("skyscraper", "park", "church", "theater", "museum", "station")
# Alhambra's six kinds in tier order (1 = cheapest, fewest points).
ALHAMBRA_KINDS = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
FIXED_TIERS = {"church": 4, "park": 5, "skyscraper": 6}  # from the seed's own examples
TIERED_TYPES = ("museum", "theater", "station")

START_SUM = 20  # starting money is dealt until at least this
MONEY_SLOTS = 4
TAKE_LIMIT = 5  # several money cards may be taken when they sum to at most this
DUMMY_FIRST = 6  # tiles the dummy gets at setup and after scoring A
PILES = 5


class CatalogueTile(NamedTuple):
    id: int
    alhambra: str
    cost: int
    streets: str


def _canonical_streets(edges) -> str:
    return "".join(e for e in EDGES if e in edges)


def _load() -> tuple[CatalogueTile, ...]:
    text = resources.files(__package__).joinpath("tiles.json").read_text(encoding="utf-8")
    raw = json.loads(text)["tiles"]
    return tuple(CatalogueTile(t["id"], t["alhambra_type"], t["cost"], _canonical_streets(t["streets"])) for t in raw)


CATALOGUE: tuple[CatalogueTile, ...] = _load()
TILE_IDS = tuple(t.id for t in CATALOGUE)
TILE_COUNT = len(CATALOGUE)


def tiers(type_tiers: dict[str, int] | tuple) -> dict[str, int]:
    """Each New York type's Alhambra tier (1..6) under the ``type_tiers`` option."""
    out = dict(FIXED_TIERS)
    out.update(dict(type_tiers))
    return out


def tiers_are_valid(type_tiers) -> bool:
    given = dict(type_tiers)
    return set(given) == set(TIERED_TYPES) and sorted(given.values()) == [1, 2, 3]


def catalogue(type_tiers) -> dict[int, Tile]:
    """The 54 tiles as engine tiles, typed by the tier mapping (a valid mapping only). A fresh dict on each
    call (54 small tiles: cheap), so no caller can change another's."""
    by_tier = {tier: kind for kind, tier in tiers(type_tiers).items()}
    return {t.id: Tile(t.id, by_tier[ALHAMBRA_KINDS.index(t.alhambra) + 1], t.streets, t.cost) for t in CATALOGUE}


def catalogue_tile(type_tiers, tile_id: int) -> Tile:
    """One catalogue tile as an engine tile under the tier mapping."""
    t = CATALOGUE[TILE_IDS.index(tile_id)]
    kind = {tier: kind for kind, tier in tiers(type_tiers).items()}[ALHAMBRA_KINDS.index(t.alhambra) + 1]
    return Tile(t.id, kind, t.streets, t.cost)


def points_table(tier: int) -> dict[str, tuple[int, ...]]:
    """Points per place in each scoring for one tier: A t; B t+7, t; final t+15, t+7, t."""
    return {"A": (tier,), "B": (tier + 7, tier), "final": (tier + 15, tier + 7, tier)}


def scoring_tables(type_tiers) -> dict[str, dict[str, tuple[int, ...]]]:
    return {kind: points_table(tier) for kind, tier in tiers(type_tiers).items()}


def money_cards(copies: int) -> list[tuple[str, int]]:
    """Every money card in canonical order: bank, then value, then copy."""
    return [(bank, value) for bank in BANKS for value in VALUES for _ in range(copies)]
