"""Content-addressed keys: ``cg:{kind}:{rules_version}:{blake2b(canonical_json(material))}``, or, for
material that is bytes already (a request's body), ``blake2b(prefix + bytes)`` (``bytes_key``)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

import orjson

_CONTAINERS = frozenset({dict, list, tuple})
_PLAIN = frozenset({int, str, bool, type(None)}) | _CONTAINERS


def _refuse_floats(value: Any) -> None:
    """Every member's type looked at container by container in C (``map(type, ...)``): a material is
    checked on every memo lookup, so this is on the hot path. Any other type (a float subclass...) is
    walked with isinstance."""
    stack: list[Iterable[Any]] = [[value]]
    while stack:
        items = stack.pop()
        kinds = set(map(type, items))
        if not kinds <= _PLAIN:
            for item in items:
                _refuse_floats_slowly(item)
            continue
        if kinds & _CONTAINERS:
            stack.extend(item.values() if type(item) is dict else item for item in items if type(item) in _CONTAINERS)


def _refuse_floats_slowly(value: Any) -> None:
    if isinstance(value, float):
        raise TypeError("memo material must hold integers, not floats")
    if isinstance(value, dict):
        for item in value.values():
            _refuse_floats_slowly(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _refuse_floats_slowly(item)


def canonical_json(value: Any, refuse_floats: bool = True) -> str:
    """Sorted keys, no whitespace, integers only (so equal content always hashes the same).

    orjson writes the same text as ``json.dumps(sort_keys=True)`` for such content (keys sorted by code
    point, compact, UTF-8), several times faster; what it refuses (non-string keys, integers past 64
    bits) the standard library writes. ``refuse_floats=False`` skips the walk that refuses floats, for
    keys that never leave the process: there a float (``1.0`` written apart from ``1``) can only cost a
    miss, never serve another replica a value computed from other content."""
    if refuse_floats:
        _refuse_floats(value)
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS).decode()
    except TypeError:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def memo_key(kind: str, rules_version: str, material: Any, refuse_floats: bool = True) -> str:
    digest = hashlib.blake2b(canonical_json(material, refuse_floats).encode(), digest_size=20).hexdigest()
    return f"cg:{kind}:{rules_version}:{digest}"


def bytes_key(kind: str, rules_version: str, prefix: bytes, data: bytes) -> str:
    """The key of ``data`` named by ``prefix``, in one hash pass over both. The prefix must be
    self-delimiting (canonical JSON of an object, then a NUL), so that no two pairs hash the same text."""
    digest = hashlib.blake2b(prefix, digest_size=20)
    digest.update(data)
    return f"cg:{kind}:{rules_version}:{digest.hexdigest()}"
