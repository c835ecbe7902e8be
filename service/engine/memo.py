"""Memoising the few evaluations worth keeping, behind the engine's own interface.

An engine asks ``remembered(kind, material, compute, check)`` for a value (a longest street, a block's
placings); it never takes a memo as a parameter. The edge decides where values are kept by running a
request inside ``memo_scope(memo)``: an in-process LRU, or the shared Redis for the kinds the cache policy
says pay for a round trip. Outside any scope every value is computed, so the engine is pure on its own.

``kind`` names the evaluation (``newyork.longest_street``, an edition's ``memo_kind``); ``material`` is
JSON-ready data (dicts, lists, str, int, bool, None; no floats) that fully determines the value; ``compute``
makes the value from nothing else. Values must be JSON-ready. ``shape`` declares the value, a msgspec type
next to the code that computes it (Structs with the exact keys, ``Literal`` for closed sets, ``Meta``
bounds, ``__post_init__`` for what ties the fields together), and ``invariant`` what no type can say
(what the value owes to the material, as a shop's income to the income table): a kept value is sound
when msgspec converts it to ``shape`` and ``invariant`` accepts the converted value (``conforms``);
anything else is ignored and recomputed. The engine is given the kept value itself, never the converted
one, so a hit is the very JSON a computation gives.

A game played under another edition (a re-skin) keeps its values under its own kinds: where the edition
does not reach the computation as an argument, the game's engine runs its rules inside
``edition_scope(edition)`` and the computation names its kind with ``kind_of``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol

import msgspec


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


def conforms(value: Any, shape: Any, invariant: Callable[[Any], bool] | None = None) -> bool:
    """Whether a kept value is sound: msgspec converts it to ``shape`` (strictly: a bool is no int, a string
    no number, a Struct's keys are exactly its fields) and ``invariant``, if any, accepts the result."""
    try:
        typed = msgspec.convert(value, shape)
    except msgspec.ValidationError:
        return False
    return invariant is None or bool(invariant(typed))


def _check(shape: Any, invariant: Callable[[Any], bool] | None) -> Callable[[Any], bool]:
    return lambda value: conforms(value, shape, invariant)


def remembered(
    kind: str, material: Any, compute: Callable[[], Any], shape: Any, invariant: Callable[[Any], bool] | None = None
) -> Any:
    """The value of ``compute()`` for ``material``, from the scope's memo when it has a sound one (one that
    converts to ``shape`` and passes ``invariant``)."""
    return _current.get().get_or_compute(kind, material, compute, _check(shape, invariant))


def remembered_many(
    kind: str,
    materials: Sequence[Any],
    compute: Callable[[Any], Any],
    shape: Any,
    invariant: Callable[[Any], bool] | None = None,
) -> list[Any]:
    """``remembered`` for several materials of one kind at once (one round trip to a shared store)."""
    return _current.get().get_or_compute_many(kind, materials, compute, _check(shape, invariant))


class Edition(Protocol):
    """What names a game's memo kinds (``kit.Edition`` and the games' own editions)."""

    def memo_kind(self, name: str) -> str: ...


_edition: ContextVar[Edition | None] = ContextVar("memo_edition", default=None)


class edition_scope:  # noqa: N801 - used as a context manager, like contextlib's
    """Run the block with ``edition`` the edition in play: ``kind_of`` names its kinds. A game's engine
    enters it around the rules it runs (its book carries the edition); a plain class, as cheap as a
    context manager gets, for it is entered on every move."""

    __slots__ = ("edition", "token")

    def __init__(self, edition: Edition):
        self.edition = edition

    def __enter__(self) -> Edition:
        self.token = _edition.set(self.edition)
        return self.edition

    def __exit__(self, *exc: object) -> None:
        _edition.reset(self.token)


def kind_of(name: str, default: Edition) -> str:
    """The memo kind of ``name`` under the edition in play (``edition_scope``), else under ``default``
    (the game's own edition: its rules called directly, outside its engine)."""
    return (_edition.get() or default).memo_kind(name)
