"""Alhambra's edition of the New York tables: its six buildings with the points its rulebook prints, its
four currencies and their colours, over the same 54 tiles (New York's catalogue is Alhambra's)."""

from __future__ import annotations

from ..kit import N_
from ..newyork.data import ALHAMBRA_KINDS, CATALOGUE, Edition

# The points of each building in the three scorings, as the rulebook's table prints them: the first
# scoring pays the majority only, the second the first two places, the final scoring the first three.
POINTS = {
    "pavilion": {"A": (1,), "B": (8, 1), "final": (16, 8, 1)},
    "seraglio": {"A": (2,), "B": (9, 2), "final": (17, 9, 2)},
    "arcades": {"A": (3,), "B": (10, 3), "final": (18, 10, 3)},
    "chambers": {"A": (4,), "B": (11, 4), "final": (19, 11, 4)},
    "garden": {"A": (5,), "B": (12, 5), "final": (20, 12, 5)},
    "tower": {"A": (6,), "B": (13, 6), "final": (21, 13, 6)},
}

ALHAMBRA = Edition(
    id="alhambra",
    name="Alhambra",
    types=ALHAMBRA_KINDS,
    fixed_tiers={kind: tier for tier, kind in enumerate(ALHAMBRA_KINDS, 1)},
    tiered_types=(),
    points={tier: POINTS[kind] for tier, kind in enumerate(ALHAMBRA_KINDS, 1)},
    banks=("denar", "dirham", "ducat", "florin"),
    bank_colours={"denar": "#2e9b45", "dirham": "#e8892a", "ducat": "#2f6fd6", "florin": "#e0b400"},
    type_colours={
        "pavilion": "#5b8fd1",
        "seraglio": "#d0574f",
        "arcades": "#a8784a",
        "chambers": "#e8e4da",
        "garden": "#5cad5c",
        "tower": "#8e6bbf",
        "start": "#7fc8d8",
    },
    short={
        "pavilion": N_("PAV"),
        "seraglio": N_("SER"),
        "arcades": N_("ARC"),
        "chambers": N_("CHA"),
        "garden": N_("GAR"),
        "tower": N_("TOW"),
    },
    dummy="Dirk",
    labels={
        "title": N_("Alhambra table: {players}"),
        "heading_one": N_("Alhambra - {n} player"),
        "heading_many": N_("Alhambra - {n} players"),
        "start": N_("Fountain"),
        "longest": N_("longest wall: {length}"),
        "dummy": N_("Dirk (2-player game): majorities only"),
        "market_slot": N_("{bank} square"),
    },
    tiles=CATALOGUE,
    edge="wall",
)
