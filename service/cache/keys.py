"""Content-addressed keys: ``cg:{kind}:{rules_version}:{blake2b(canonical_json(material))}``."""
from __future__ import annotations

import hashlib
import json
from typing import Any


def _refuse_floats(value: Any) -> None:
    if isinstance(value, float):
        raise TypeError("memo material must hold integers, not floats")
    if isinstance(value, dict):
        for item in value.values():
            _refuse_floats(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _refuse_floats(item)


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, integers only (so equal content always hashes the same)."""
    _refuse_floats(value)
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def memo_key(kind: str, rules_version: str, material: Any) -> str:
    digest = hashlib.blake2b(canonical_json(material).encode(), digest_size=20).hexdigest()
    return f"cg:{kind}:{rules_version}:{digest}"
