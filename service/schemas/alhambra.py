"""Wire schemas for Alhambra: New York's, built for Alhambra's edition (its currencies, its six buildings,
its options and its components' names, ``AlhambraState``...)."""

from __future__ import annotations

from ..engine.alhambra.data import ALHAMBRA
from ..engine.alhambra.options import OPTIONS
from .newyork import MOVE_FIELDS, build

_ALHAMBRA = build(ALHAMBRA, OPTIONS)
WIRE = _ALHAMBRA.wire
DEFAULT_TILES = _ALHAMBRA.default_tiles

__all__ = ["DEFAULT_TILES", "MOVE_FIELDS", "WIRE"]
