"""Alhambra's options: New York's, each the same option, but for ``type_tiers``: Alhambra's rulebook gives
every building its points, so there is no tier mapping to choose."""

from __future__ import annotations

from ..kit import OptionBook
from ..newyork.options import OPTIONS as NEW_YORK_OPTIONS

OPTIONS = OptionBook([spec for spec in NEW_YORK_OPTIONS if spec.name != "type_tiers"])
