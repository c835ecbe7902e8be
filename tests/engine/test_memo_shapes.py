"""Every remembered kind declares its value as a msgspec type beside the code that computes it, and a kept
value is sound only when msgspec converts it to that type (and the kind's invariant holds): what the games
compute on seeded play converts; a kept value with a key missing or extra, a wrong type, a bool for an int
or a broken invariant is refused by the store and recomputed. A re-skin remembers under its own kinds."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pytest

from service.cache.memo import MemoryMemo
from service.engine.kit import Edition
from service.engine.memo import ComputeAlways
from service.engine.registry import SPECS

from ..memos import RecordingMemo, play_seeded

STEPS = 40


class Capturing(ComputeAlways):
    """Computes every value and keeps, by kind, what the engine asked: the material, the computation, the
    check it passed (its declared shape) and the value."""

    def __init__(self) -> None:
        self.asked: dict[str, list[tuple[Any, Callable[[], Any], Callable[[Any], bool], Any]]] = {}

    def get_or_compute(self, kind: str, material: Any, compute: Callable[[], Any], check: Any = None) -> Any:
        value = compute()
        self.asked.setdefault(kind, []).append((material, compute, check, value))
        return value

    def get_or_compute_many(
        self, kind: str, materials: Sequence[Any], compute: Callable[[Any], Any], check: Any = None
    ) -> list[Any]:
        return [self.get_or_compute(kind, m, lambda m=m: compute(m), check) for m in materials]


@lru_cache(maxsize=1)
def asked() -> dict[str, list[tuple[Any, Callable[[], Any], Callable[[Any], bool], Any]]]:
    memo = Capturing()
    for spec in SPECS.values():
        play_seeded(spec.engine, memo, STEPS)
    return memo.asked


KINDS = sorted(kind for spec in SPECS.values() for kind in spec.memo_kinds)


def bump(key: str) -> Callable[[Any], Any]:
    def broken(value: Any) -> Any:
        value[0][key] += 1
        return value

    return broken


def twice_placed(value: dict[str, list[str]]) -> dict[str, list[str]]:
    value["second"].append(value["first"][0])
    return value


# Each kind's invariant, broken (the kind's name under its game): a value of the right types that the
# type's __post_init__ or the kind's invariant function refuses.
BROKEN: dict[str, Callable[[Any], Any]] = {
    "shops": bump("income"),  # not what the income table pays
    "district_valuation": bump("points"),  # not per_skyscraper * count
    "longest_street": lambda v: {**v, "length": v["length"] + 1},  # not as many edges
    "majorities": lambda v: v[:-1],  # a participant's row missing
    "block_placings": twice_placed,
}


def fit(kind: str, value: Any) -> bool:
    """Whether ``value`` has the parts the corruptions below need (a first shop, row, edge, placing)."""
    name = kind.split(".", 1)[1]
    if name == "block_placings":
        return bool(value["first"])
    if name == "longest_street":
        return bool(value["edges"])
    return bool(value)


def record_of(value: Any) -> Any:
    """The first record of a value: its first dict (a Struct's), or its first innermost list (a tuple's)."""
    while isinstance(value, list) and value and isinstance(value[0], (list, dict)):
        value = value[0]
    return value


def corruptions(kind: str, value: Any) -> dict[str, Any]:
    """A key (or an element) missing, one extra, a wrong type, a bool for an int (where the value holds
    ints), the kind's invariant broken."""
    changes: dict[str, Callable[[Any], Any]] = {
        "missing": lambda r: r.pop(next(iter(r))) if isinstance(r, dict) else r.pop(),
        "extra": lambda r: r.__setitem__("extra", 1) if isinstance(r, dict) else r.append(0),
        "wrong type": lambda r: r.__setitem__(first(r), {int: "1", str: 1}.get(type(r[first(r)]), "x")),
    }
    if any(type(v) is int for v in _values(record_of(value))):
        changes["bool for int"] = lambda r: r.__setitem__(next(k for k in _keys(r) if type(r[k]) is int), True)
    out: dict[str, Any] = {}
    for how, change in changes.items():
        corrupt = copy.deepcopy(value)
        change(record_of(corrupt))
        out[how] = corrupt
    out["invariant"] = BROKEN[kind.split(".", 1)[1]](copy.deepcopy(value))
    return out


def _keys(record: Any) -> list[Any]:
    return list(record) if isinstance(record, dict) else list(range(len(record)))


def _values(record: Any) -> list[Any]:
    return [record[k] for k in _keys(record)]


def first(record: Any) -> Any:
    return _keys(record)[0]


@pytest.mark.parametrize("kind", KINDS)
def test_what_each_game_computes_in_seeded_play_converts_to_its_declared_shape(kind):
    seen = asked().get(kind, [])
    assert any(fit(kind, value) for *_, value in seen), kind  # the walk reaches values worth corrupting
    for _, _, check, value in seen:
        assert check(value), (kind, value)


@pytest.mark.parametrize("kind", KINDS)
def test_a_corrupt_kept_value_is_refused_and_recomputed(kind):
    material, compute, check, value = next(entry for entry in asked()[kind] if fit(kind, entry[3]))
    for how, corrupt in corruptions(kind, value).items():
        assert not check(corrupt), (kind, how, corrupt)
        memo = MemoryMemo().bound("v1")
        memo.get_or_compute(kind, material, lambda c=corrupt: c)  # kept as it is, unchecked
        assert memo.get_or_compute(kind, material, compute, check) == value, (kind, how)
        assert memo.get_or_compute(kind, material, lambda: None, check) == value, (kind, how)  # overwritten


@pytest.mark.parametrize("game", ["skyline3000", "fifthavenue"])
def test_a_reskin_remembers_under_its_own_kinds(game):
    spec = SPECS[game]
    engine = spec.engine
    package = __import__(f"service.engine.{game}.book", fromlist=["book_of"])
    original = engine.book.edition
    reskin = Edition(id=f"{game}x", name="Another", texts=original.texts, remembered=original.remembered)
    memo = RecordingMemo()
    play_seeded(type(engine)(spec.info, package.book_of(reskin)), memo, steps=80)  # moves that score on the way
    assert memo.kinds == set(reskin.memo_kinds) != set(original.memo_kinds)
