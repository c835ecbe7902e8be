"""Running a whole game log through one game's ``apply``: the same checks as single moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .core import Event, Violation


@dataclass(frozen=True)
class ReplayResult:
    valid: bool
    state: Any
    first_illegal_index: int | None
    first_illegal: tuple[Violation, ...]
    events: tuple[tuple[int, Event], ...]


def replay(game: Any, state: Any, moves: Sequence[Any]) -> ReplayResult:
    """Apply ``moves`` in order; stop at the first illegal one and keep the state reached before it."""
    events: list[tuple[int, Event]] = []
    for index, move in enumerate(moves):
        outcome = game.apply(state, move)
        if not outcome.legal:
            return ReplayResult(False, state, index, outcome.violations, tuple(events))
        state = outcome.state
        events.extend((index, event) for event in outcome.events)
    return ReplayResult(True, state, None, (), tuple(events))
