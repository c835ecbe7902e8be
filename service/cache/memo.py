"""Memoisation over an ordered list of stores: ask each in turn, compute what none has, write back.

Values are kept as text, JSON unless the caller brings its own ``Codec``, so a hit is always a fresh
object (the engine cannot corrupt a cached value by mutating it) and every read is re-validated: a value
Redis could not verify (``seal``), undecodable text, or a value the caller's ``check`` rejects is counted
by reason, recomputed and overwritten; only values computed here or verified and checked are ever copied
into memory.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..config import Settings
from ..metrics import CACHE, CACHE_REJECTED
from .clients import RedisTarget
from .keys import bytes_key, memo_key
from .policy import IN_PROCESS_ONLY
from .seal import Rejected
from .stores import MemoryStore, RedisStore, Store, StoreSkipped, StoreUnavailable

log = logging.getLogger("service.cache")
_MAX_BOUND = 64


_LOOKUPS: dict[tuple[str, str, str], Any] = {}


def _lookups(kind: str, tier: str, result: str) -> Any:
    """``CACHE.labels(kind=kind, tier=tier, result=result)``, looked up by prometheus_client once per label
    set (its ``labels`` checks and joins the values at every call: a fifth of a warm hit's own work). The
    label sets are few: kinds and tiers are the code's, results the five above."""
    child = _LOOKUPS.get((kind, tier, result))
    if child is None:
        child = _LOOKUPS[kind, tier, result] = CACHE.labels(kind=kind, tier=tier, result=result)
    return child


class Codec:
    """How values are written as text and read back; ``loads`` raises ValueError on text it cannot read."""

    @staticmethod
    def dumps(value: Any) -> str:
        return json.dumps(value, separators=(",", ":"))

    @staticmethod
    def loads(text: str) -> Any:
        return json.loads(text)


JSON = Codec()


class CorruptValue(Exception):
    """Raised by a ``check`` to refuse a value with a reason more precise than ``shape``."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Memo:
    """``engine.core.Memo`` over ``stores`` (first = fastest). Bind it to a game with ``bound``.
    ``notes`` says what was configured but is not in use (for /readyz)."""

    def __init__(
        self,
        stores: Sequence[Store],
        rules_version: str = "",
        in_process_only: frozenset[str] = frozenset(),
        notes: tuple[str, ...] = (),
    ):
        self.stores = tuple(stores)
        self.rules_version = rules_version
        self.in_process_only = in_process_only
        self.notes = notes
        self._bound: dict[str, Memo] = {}  # bound(version), made once a version (every request binds one)

    @property
    def backend(self) -> str:
        return "+".join(store.name for store in self.stores) or "none"

    def bound(self, rules_version: str) -> Memo:
        bound = self._bound.get(rules_version)
        if bound is None:
            if len(self._bound) >= _MAX_BOUND:  # versions come from the code (a game's rules): a few
                self._bound.clear()
            bound = self._bound[rules_version] = Memo(self.stores, rules_version, self.in_process_only, self.notes)
        return bound

    def keeps(self, kind: str) -> bool:
        """Whether any store would read or keep a value of ``kind`` (with none, a caller need not even
        make its key)."""
        return bool(self._stores_for(kind))

    def _stores_for(self, kind: str) -> tuple[Store, ...]:
        if kind in self.in_process_only:
            return tuple(store for store in self.stores if isinstance(store, MemoryStore))
        return self.stores

    def get_or_compute(
        self,
        kind: str,
        material: Any,
        compute: Callable[[], Any],
        check: Callable[[Any], bool] | None = None,
        codec: Codec = JSON,
    ) -> Any:
        return self.get_or_compute_many(kind, [material], lambda _m: compute(), check, codec)[0]

    def get_or_compute_many(
        self,
        kind: str,
        materials: Sequence[Any],
        compute: Callable[[Any], Any],
        check: Callable[[Any], bool] | None = None,
        codec: Codec = JSON,
    ) -> list[Any]:
        stores = self._stores_for(kind)
        if not stores:  # nothing would be read or kept: no key is worth computing
            return [compute(m) for m in materials]
        shared = any(not isinstance(store, MemoryStore) for store in stores)
        keys = [memo_key(kind, self.rules_version, m, refuse_floats=shared) for m in materials]
        return self._through(stores, kind, keys, materials, compute, check, codec)

    def get_or_compute_bytes(
        self,
        kind: str,
        prefix: bytes,
        data: bytes,
        compute: Callable[[], Any],
        check: Callable[[Any], bool] | None = None,
        codec: Codec = JSON,
    ) -> Any:
        """``get_or_compute`` for material that is bytes (``keys.bytes_key``): no dict to canonicalise."""
        stores = self._stores_for(kind)
        if not stores:
            return compute()
        key = bytes_key(kind, self.rules_version, prefix, data)
        return self._through(stores, kind, [key], [None], lambda _m: compute(), check, codec)[0]

    def _through(
        self,
        stores: Sequence[Store],
        kind: str,
        keys: list[str],
        materials: Sequence[Any],
        compute: Callable[[Any], Any],
        check: Callable[[Any], bool] | None,
        codec: Codec,
    ) -> list[Any]:
        """Each store in turn for the keys not found yet, then compute the rest and write them back."""
        values: dict[str, Any] = {}
        missing_in: dict[str, list[str]] = {}  # store name -> keys it lacked or held bad (to overwrite)
        for store in stores:
            wanted = [k for k in dict.fromkeys(keys) if k not in values]
            if not wanted:
                break
            found = self._fetch(store, kind, wanted)
            for key in wanted:
                value = self._decode(found[key], check, codec) if key in found else None
                if key in found and not isinstance(value, Rejected):
                    _lookups(kind, store.name, "hit").inc()
                    values[key] = value
                    continue
                if isinstance(value, Rejected):
                    _lookups(kind, store.name, "corrupt").inc()
                    CACHE_REJECTED.labels(kind=kind, tier=store.name, reason=value.reason).inc()
                elif found is not _UNAVAILABLE:
                    _lookups(kind, store.name, "miss").inc()
                missing_in.setdefault(store.name, []).append(key)
        computed = self._compute_missing(keys, materials, values, compute)
        self._report_saving(stores, computed)
        self._write_back(stores, missing_in, values, codec)
        return [values[key] for key in keys]

    @staticmethod
    def _compute_missing(
        keys: list[str], materials: Sequence[Any], values: dict[str, Any], compute: Callable[[Any], Any]
    ) -> list[float]:
        durations = []
        for key, material in zip(keys, materials):
            if key not in values:
                started = time.perf_counter()
                values[key] = compute(material)
                durations.append(time.perf_counter() - started)
        return durations

    @staticmethod
    def _report_saving(stores: Sequence[Store], durations: list[float]) -> None:
        """Tell Redis what a hit would have saved, so that its breaker can tell "slower than the work"."""
        if durations:
            for store in stores:
                if isinstance(store, RedisStore):
                    store.note_saving(sum(durations) / len(durations))

    def _fetch(self, store: Store, kind: str, keys: list[str]) -> dict[str, str | Rejected]:
        try:
            return store.fetch(keys)
        except StoreUnavailable as exc:
            result = "skipped" if isinstance(exc, StoreSkipped) else "error"
            _lookups(kind, store.name, result).inc(len(keys))
            return _UNAVAILABLE

    @staticmethod
    def _decode(text: str | Rejected, check: Callable[[Any], bool] | None, codec: Codec) -> Any:
        if isinstance(text, Rejected):
            return text
        try:
            value = codec.loads(text)
        except (TypeError, ValueError):
            return Rejected("undecodable")
        try:
            if check is not None and not check(value):
                return Rejected("shape")
        except CorruptValue as refused:
            return Rejected(refused.reason)
        except Exception:  # a check that trips over a malformed value has rejected it
            return Rejected("shape")
        return value

    @staticmethod
    def _write_back(
        stores: Sequence[Store], missing_in: dict[str, list[str]], values: dict[str, Any], codec: Codec
    ) -> None:
        for store in stores:
            keys = missing_in.get(store.name)
            if keys:
                store.put({key: codec.dumps(values[key]) for key in keys})


class _Unavailable(dict[str, str | Rejected]):
    """The empty answer of a store that could not be asked (counted as error/skipped, not as misses)."""


_UNAVAILABLE = _Unavailable()


class MemoryMemo(Memo):
    def __init__(self, max_entries: int = 50_000, ttl_seconds: int = 6 * 3600, max_bytes: int = 64 * 1024 * 1024):
        super().__init__([MemoryStore(max_entries, ttl_seconds, max_bytes)])


class RedisMemo(Memo):
    def __init__(self, url: str, secret: bytes, ttl_seconds: int = 6 * 3600, **options: Any):
        super().__init__([RedisStore(url, ttl_seconds, secret=secret, **options)])


class TieredMemo(Memo):
    """Memory first, then Redis, then compute; what is computed or found (verified) in Redis is written
    through. Kinds in ``in_process_only`` never go to Redis (cheaper to compute than a round trip)."""

    def __init__(self, memory: MemoryStore, redis_store: RedisStore, in_process_only: frozenset[str] = frozenset()):
        super().__init__([memory, redis_store], in_process_only=in_process_only)


# Of CACHE_MAX_BYTES, the share that may wait in the Redis write queue; the LRU gets the rest.
WRITE_QUEUE_SHARE = 8
NO_SECRET = (
    "REDIS_URL is set but CACHE_HMAC_SECRET is not: Redis is neither read nor written "
    "(its values could not be verified); the in-process cache alone is in use"
)


def redis_target(settings: Settings) -> RedisTarget | None:
    """Where the shared cache lives, if anywhere: REDIS_URL (a node of a cluster with REDIS_CLUSTER=1),
    or the primary the sentinels of REDIS_SENTINELS know as REDIS_SENTINEL_SERVICE."""
    if settings.redis_sentinels:
        return RedisTarget(
            settings.redis_url, sentinels=settings.redis_sentinels, service=settings.redis_sentinel_service
        )
    if settings.redis_url:
        return RedisTarget(settings.redis_url, cluster=settings.redis_cluster)
    return None


def build_memo(settings: Settings) -> Memo:
    target = redis_target(settings)
    use_redis = bool(target and settings.cache_hmac_secret)
    queue_bytes = settings.cache_max_bytes // WRITE_QUEUE_SHARE if use_redis else 0
    memory = MemoryStore(settings.cache_max_entries, settings.cache_ttl_seconds, settings.cache_max_bytes - queue_bytes)
    if not use_redis:
        notes = (NO_SECRET,) if target else ()
        if notes:
            log.warning(NO_SECRET)
        return Memo([memory], in_process_only=IN_PROCESS_ONLY, notes=notes)
    assert target is not None and settings.cache_hmac_secret is not None  # use_redis says both are set
    redis_store = RedisStore(
        target,
        settings.cache_ttl_seconds,
        secret=settings.cache_hmac_secret.encode(),
        timeout_ms=settings.redis_timeout_ms,
        breaker_fail_max=settings.breaker_fail_max,
        breaker_reset_seconds=settings.breaker_reset_seconds,
        slow_ms=settings.redis_slow_ms,
        max_pending_bytes=queue_bytes,
        max_value_bytes=memory.largest,
    )
    return TieredMemo(memory, redis_store, IN_PROCESS_ONLY)
