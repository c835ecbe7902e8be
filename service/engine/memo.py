"""Memoising the few evaluations worth keeping, behind the engine's own interface.

An engine asks ``remembered(kind, material, compute, check)`` for a value (a longest street, a block's
placings); it never takes a memo as a parameter. The edge decides where values are kept by running a
request inside ``memo_scope(memo)``: an in-process LRU, or the shared Redis for the kinds the cache policy
says pay for a round trip. Outside any scope every value is computed, so the engine is pure on its own.

``kind`` names the evaluation (``newyork.longest_street``); ``material`` is JSON-ready data (dicts, lists,
str, int, bool, None; no floats) that fully determines the value; ``compute`` makes the value from nothing
else. Values must be JSON-ready. ``check`` tells a sound value from a corrupt one: a kept value it rejects
is ignored and recomputed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol


class Memo(Protocol):
    """Where remembered values are kept (``service.cache`` has the stores)."""

    def get_or_compute(
        self, kind: str, material: Any, compute: Callable[[], Any], check: Callable[[Any], bool] | None = None
    ) -> Any: ...

    def get_or_compute_many(
        self,
        kind: str,
        materials: Sequence[Any],
        compute: Callable[[Any], Any],
        check: Callable[[Any], bool] | None = None,
    ) -> list[Any]: ...


class ComputeAlways:
    """Keeps nothing: every value is computed. The memo outside any scope."""

    def get_or_compute(
        self, kind: str, material: Any, compute: Callable[[], Any], check: Callable[[Any], bool] | None = None
    ) -> Any:
        return compute()

    def get_or_compute_many(
        self,
        kind: str,
        materials: Sequence[Any],
        compute: Callable[[Any], Any],
        check: Callable[[Any], bool] | None = None,
    ) -> list[Any]:
        return [compute(m) for m in materials]


COMPUTE_ALWAYS = ComputeAlways()
_current: ContextVar[Memo] = ContextVar("memo", default=COMPUTE_ALWAYS)


@contextmanager
def memo_scope(memo: Memo) -> Iterator[Memo]:
    """Run the block with ``memo`` keeping what the engine remembers (one request, in the edge)."""
    token = _current.set(memo)
    try:
        yield memo
    finally:
        _current.reset(token)


def remembered(kind: str, material: Any, compute: Callable[[], Any], check: Callable[[Any], bool] | None = None) -> Any:
    """The value of ``compute()`` for ``material``, from the scope's memo when it has a sound one."""
    return _current.get().get_or_compute(kind, material, compute, check)


def remembered_many(
    kind: str, materials: Sequence[Any], compute: Callable[[Any], Any], check: Callable[[Any], bool] | None = None
) -> list[Any]:
    """``remembered`` for several materials of one kind at once (one round trip to a shared store)."""
    return _current.get().get_or_compute_many(kind, materials, compute, check)
