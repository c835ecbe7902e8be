"""Reading score answers in tests: ``players`` is a list in seat order of ``{id, total, breakdown, ...}``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def by_id(players: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """A score answer's players keyed by id."""
    return {entry["id"]: entry for entry in players}
