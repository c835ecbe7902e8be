"""Memos for the tests: the engine's memo protocol (``get_or_compute``, ``get_or_compute_many``) kept in a
dict and counted, or computed always and recorded."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from service.engine.memo import ComputeAlways, memo_scope


class RecordingMemo(ComputeAlways):
    """Computes every value, and records the kinds the engine asked for."""

    def __init__(self) -> None:
        self.kinds: set[str] = set()

    def get_or_compute(self, kind: str, material: Any, compute: Callable[[], Any], check=None) -> Any:
        self.kinds.add(kind)
        return super().get_or_compute(kind, material, compute, check)

    def get_or_compute_many(self, kind: str, materials: Sequence[Any], compute: Callable[[Any], Any], check=None):
        self.kinds.add(kind)
        return super().get_or_compute_many(kind, materials, compute, check)


class CountingMemo:
    """Keeps values in ``store`` under ``(kind, material as JSON)``; ``computed_kinds`` lists the kind of every
    value computed, ``hits`` counts the values served from the store. A stored value its ``check`` refuses
    is computed again."""

    def __init__(self) -> None:
        self.store: dict[tuple[str, str], Any] = {}
        self.computed_kinds: list[str] = []
        self.hits = 0

    @property
    def computed(self) -> int:
        return len(self.computed_kinds)

    def get_or_compute(self, kind: str, material: Any, compute: Callable[[], Any], check=None) -> Any:
        key = (kind, json.dumps(material, sort_keys=True))
        if key in self.store and (check is None or check(self.store[key])):
            self.hits += 1
            return self.store[key]
        self.computed_kinds.append(kind)
        self.store[key] = compute()
        return self.store[key]

    def get_or_compute_many(self, kind: str, materials: Sequence[Any], compute: Callable[[Any], Any], check=None):
        return [self.get_or_compute(kind, m, lambda m=m: compute(m), check) for m in materials]


def play_seeded(game: Any, memo: Any, steps: int = 40) -> None:
    """Seeded moves of three players from a setup, then the score and the picture, inside ``memo``'s scope:
    every evaluation the engine remembers on the way is asked of ``memo``."""
    with memo_scope(memo):
        state = game.setup(["ann", "bob", "cy"], 3, {})
        for step in range(steps):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, moves[step % len(moves)]).state
        game.score(state)
        game.render(state)
