"""The pinned shuffle (docs/wire.md, "Randomness").

Fisher-Yates from the last index down, each index drawn as ``int(r * (i + 1))`` where ``r`` comes from
``random.Random(seed).random()``: the one part of Python's generator whose sequence the language
promises to keep across versions. Any client can reproduce a deal from the seed with this recipe.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_MIN = 0
SEED_MAX = 2**53 - 1  # the largest integer every JSON parser keeps exact (an IEEE double's 53 bits)
SEED_SPAN = SEED_MAX + 1  # seeds an engine draws for later reshuffles: rng.below(SEED_SPAN)


class Rng:
    """A seeded source of the pinned draws; every method consumes ``random()`` values only."""

    def __init__(self, seed: int):
        self._random = random.Random(seed)

    def below(self, n: int) -> int:
        """A uniform index in ``range(n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return int(self._random.random() * n)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list holding ``items`` in the pinned Fisher-Yates order."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    return Rng(seed).shuffled(items)
