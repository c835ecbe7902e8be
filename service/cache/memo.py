"""Memoisation over an ordered list of stores: ask each in turn, compute what none has, write back.

Values are kept as JSON text, so a hit is always a fresh object (the engine cannot corrupt a cached
value by mutating it) and every read is re-validated: undecodable text, or a value the caller's
``check`` rejects, counts as corrupt and is recomputed and overwritten.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Sequence

from ..config import Settings
from ..metrics import CACHE
from .keys import memo_key
from .policy import IN_PROCESS_ONLY
from .stores import MemoryStore, RedisStore, Store, StoreUnavailable

_MISSING = object()


class Memo:
    """``engine.core.Memo`` over ``stores`` (first = fastest). Bind it to a game with ``bound``."""

    def __init__(self, stores: Sequence[Store], rules_version: str = "",
                 in_process_only: frozenset[str] = frozenset()):
        self.stores = tuple(stores)
        self.rules_version = rules_version
        self.in_process_only = in_process_only

    @property
    def backend(self) -> str:
        return "+".join(store.name for store in self.stores) or "none"

    def bound(self, rules_version: str) -> "Memo":
        return Memo(self.stores, rules_version, self.in_process_only)

    def _stores_for(self, kind: str) -> tuple[Store, ...]:
        if kind in self.in_process_only:
            return tuple(store for store in self.stores if isinstance(store, MemoryStore))
        return self.stores

    def get_or_compute(self, kind, material, compute, check=None):
        return self.get_or_compute_many(kind, [material], lambda _m: compute(), check)[0]

    def get_or_compute_many(
        self,
        kind: str,
        materials: Sequence[Any],
        compute: Callable[[Any], Any],
        check: Callable[[Any], bool] | None = None,
    ) -> list[Any]:
        keys = [memo_key(kind, self.rules_version, m) for m in materials]
        values: dict[str, Any] = {}
        missing_in: dict[str, list[str]] = {}  # store name -> keys it lacked (to backfill)
        for store in self._stores_for(kind):
            wanted = [k for k in dict.fromkeys(keys) if k not in values]
            if not wanted:
                break
            found = self._fetch(store, kind, wanted)
            for key in wanted:
                value = self._decode(found.get(key), check) if key in found else _MISSING
                if value is _MISSING:
                    CACHE.labels(kind=kind, tier=store.name, result="corrupt" if key in found else "miss").inc()
                    missing_in.setdefault(store.name, []).append(key)
                else:
                    CACHE.labels(kind=kind, tier=store.name, result="hit").inc()
                    values[key] = value
        for key, material in zip(keys, materials):
            if key not in values:
                values[key] = compute(material)
        self._write_back(missing_in, values)
        return [values[key] for key in keys]

    def _fetch(self, store: Store, kind: str, keys: list[str]) -> dict[str, str]:
        try:
            return store.fetch(keys)
        except StoreUnavailable:
            CACHE.labels(kind=kind, tier=store.name, result="error").inc(len(keys))
            return {}

    @staticmethod
    def _decode(text: str | None, check: Callable[[Any], bool] | None) -> Any:
        try:
            value = json.loads(text)
        except (TypeError, ValueError):
            return _MISSING
        try:
            if check is not None and not check(value):
                return _MISSING
        except Exception:  # a check that trips over a malformed value has rejected it
            return _MISSING
        return value

    def _write_back(self, missing_in: dict[str, list[str]], values: dict[str, Any]) -> None:
        for store in self.stores:
            keys = missing_in.get(store.name)
            if keys:
                store.put({key: json.dumps(values[key], separators=(",", ":")) for key in keys})


class MemoryMemo(Memo):
    def __init__(self, max_entries: int = 50_000, ttl_seconds: int = 6 * 3600):
        super().__init__([MemoryStore(max_entries, ttl_seconds)])


class RedisMemo(Memo):
    def __init__(self, url: str, ttl_seconds: int = 6 * 3600, timeout_ms: int = 50, **breaker: int):
        super().__init__([RedisStore(url, ttl_seconds, timeout_ms, **breaker)])


class TieredMemo(Memo):
    """Memory first, then Redis, then compute; what is computed or found in Redis is written through.
    Kinds in ``in_process_only`` never go to Redis (cheaper to compute than a round trip)."""

    def __init__(self, memory: MemoryStore, redis_store: RedisStore, in_process_only: frozenset[str] = frozenset()):
        super().__init__([memory, redis_store], in_process_only=in_process_only)


def build_memo(settings: Settings) -> Memo:
    memory = MemoryStore(settings.cache_max_entries, settings.cache_ttl_seconds)
    if not settings.redis_url:
        return Memo([memory], in_process_only=IN_PROCESS_ONLY)
    redis_store = RedisStore(
        settings.redis_url,
        settings.cache_ttl_seconds,
        settings.redis_timeout_ms,
        breaker_fail_max=settings.breaker_fail_max,
        breaker_reset_seconds=settings.breaker_reset_seconds,
    )
    return TieredMemo(memory, redis_store, IN_PROCESS_ONLY)
