"""Where memoised values live. A store maps keys to JSON text; it never raises to its caller except
``StoreUnavailable``, which means "compute instead"."""

from __future__ import annotations

import logging
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cachetools import TTLCache

from ..metrics import CACHE_BREAKER_TRIPS, CACHE_BYTES, CACHE_WRITE_ERRORS
from .bounded import Limits, bounded_call
from .breaker import DOWN, Breaker
from .clients import RedisTarget, connect, read_many
from .seal import SEALED_OVERHEAD, Rejected, seal, unseal

log = logging.getLogger("service.cache")

# What one entry costs beyond its key and text (sys.getsizeof of each): the entry object below,
# TTLCache's link node, and a slot in each of its three dicts, rounded up.
ENTRY_OVERHEAD = 320
# A value larger than this share of the budget is not kept: one entry never evicts much of the rest.
LARGEST_SHARE = 16
# Redis connections per worker process, and so the most Redis calls it makes at once.
MAX_CONNECTIONS = 16
# What a background write (a pipeline of SETs) may take beyond a read's deadline: off the request path.
WRITE_SECONDS = 1.0


_connecting = threading.local()  # per thread (per greenlet under gevent): seconds spent opening connections


if TYPE_CHECKING:  # what the mixin is mixed into, for its super() calls
    from redis.connection import AbstractConnection as _Connection
else:
    _Connection = object


class _TimesItsConnects(_Connection):
    """Mixed into the clients' connection classes: a call that had to open a connection first (the TCP
    handshake and redis-py's own greeting, several round trips) is not a slow read."""

    def connect(self) -> None:
        # redis-py's connect is untyped.
        if getattr(self, "_sock", None) is not None:
            super().connect()  # type: ignore[no-untyped-call]
            return
        started = time.perf_counter()
        try:
            super().connect()  # type: ignore[no-untyped-call]
        finally:
            _connecting.seconds = getattr(_connecting, "seconds", 0.0) + time.perf_counter() - started


def _timed(base: type) -> type:
    return type(f"Timed{base.__name__}", (_TimesItsConnects, base), {})


class StoreUnavailable(Exception):
    """The store could not answer (down, slow, breaker open); the caller computes instead."""


class StoreSkipped(StoreUnavailable):
    """Not even asked: the circuit breaker is open."""


class Store(Protocol):
    name: str

    def fetch(self, keys: Sequence[str]) -> dict[str, str | Rejected]:
        """The texts found for ``keys`` (missing keys absent); raises StoreUnavailable."""

    def put(self, items: Mapping[str, str]) -> None:
        """Remember ``items``; failures are counted, never raised."""


def entry_size(key: str, text: str) -> int:
    return sys.getsizeof(key) + sys.getsizeof(text) + ENTRY_OVERHEAD


class _Entry:
    __slots__ = ("text", "size")

    def __init__(self, text: str, size: int):
        self.text, self.size = text, size


class _BytesLRU(TTLCache[str, _Entry]):
    """TTLCache weighed in bytes (``maxsize``), and holding at most ``max_entries`` entries."""

    def __init__(self, max_bytes: int, max_entries: int, ttl: float):
        super().__init__(maxsize=max_bytes, ttl=ttl, getsizeof=lambda entry: entry.size)
        self.max_entries = max_entries

    def __setitem__(self, key: str, entry: _Entry) -> None:
        super().__setitem__(key, entry)
        while len(self) > self.max_entries:
            self.popitem()


class MemoryStore:
    """A thread-safe LRU with a time to live, private to this process, bounded in bytes: every entry
    is charged its key, its text and ``ENTRY_OVERHEAD``; one larger than 1/16 of the budget is not kept."""

    name = "memory"

    def __init__(self, max_entries: int, ttl_seconds: int, max_bytes: int = 64 * 1024 * 1024):
        self.max_bytes = max_bytes
        self.largest = max_bytes // LARGEST_SHARE
        self._cache = _BytesLRU(max_bytes, max_entries, ttl_seconds)
        self._lock = threading.Lock()

    def fetch(self, keys: Sequence[str]) -> dict[str, str | Rejected]:
        with self._lock:
            found = {key: self._cache.get(key) for key in keys}
        return {key: entry.text for key, entry in found.items() if entry is not None}

    def put(self, items: Mapping[str, str]) -> None:
        sized = [(key, _Entry(text, entry_size(key, text))) for key, text in items.items()]
        with self._lock:
            for key, entry in sized:
                if entry.size <= self.largest:
                    self._cache[key] = entry
            CACHE_BYTES.labels(tier=self.name).set(self._cache.currsize)

    @property
    def bytes(self) -> int:
        """The bytes charged for the entries held now."""
        with self._lock:
            return int(self._cache.currsize)

    def keys(self) -> list[str]:
        with self._lock:
            return list(self._cache.keys())

    def __len__(self) -> int:
        with self._lock:
            return len(self._cache)


class RedisStore:
    """Redis with short timeouts, no retries, a latency-aware circuit breaker, sealed values, and
    writes off the request path: one Redis, a Redis Cluster or a primary behind Sentinel (``target``,
    see ``clients``), each the same way.

    A request pays at most one round trip per server it needs (an MGET; on a cluster one per node);
    values computed on a miss are sealed and written by a background thread, whose queue is bounded in
    bytes, so the answer never waits for Redis twice.
    Every value read is verified against ``secret`` before anyone sees it (``seal.unseal``).

    A call costs bounded time and memory whatever Redis sends (``bounded``): a read, connection set-up
    included, ends within twice ``timeout_ms`` (each socket operation within one), a write within
    WRITE_SECONDS more; a value longer than ``max_value_bytes`` (UTF-8) is neither written nor read, and
    a reply longer than the values asked for is refused before it is read. Either is a failure for
    the breaker.
    """

    name = "redis"

    def __init__(
        self,
        target: RedisTarget | str,
        ttl_seconds: int,
        *,
        secret: bytes,
        timeout_ms: int = 50,
        breaker_fail_max: int = 3,
        breaker_reset_seconds: float = 10,
        slow_ms: float = 10,
        max_pending_bytes: int = 8 * 1024 * 1024,
        max_value_bytes: int = 1024 * 1024,
    ):
        if not secret:
            raise ValueError("a RedisStore needs a secret to seal and verify values")
        self.target = RedisTarget.of(target)
        self._timeout = timeout_ms / 1000
        self.max_value_bytes = max_value_bytes
        self._sealed_bytes = max_value_bytes + SEALED_OVERHEAD
        # A reply holds at most the values asked for and their framing (a RESP header per value).
        self._limits = Limits(value_bytes=self._sealed_bytes, reply_bytes=max(self._sealed_bytes, 1024 * 1024) + 1024)
        self._client: Any = None
        self._client_lock = threading.Lock()
        self._secret = secret
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self._ttl = ttl_seconds
        self.breaker = Breaker(breaker_fail_max, breaker_reset_seconds, slow_ms, on_trip=self._tripped)
        self._writes: queue.Queue[dict[str, str]] = queue.Queue()
        self._pending_bytes = 0
        self.max_pending_bytes = max_pending_bytes
        self._pending_lock = threading.Lock()
        self._writer_pid: int | None = None
        self._writer_lock = threading.Lock()

    @property
    def kind(self) -> str:
        return self.target.kind

    def _connected(self) -> Any:
        """The client, made on first use (a cluster client asks its node for the slots as it is made,
        which may fail like any call); the time that takes is a connection's, not a read's."""
        if self._client is None:
            with self._client_lock:
                if self._client is None:
                    started = time.perf_counter()
                    try:
                        self._client = connect(self.target, self._timeout, MAX_CONNECTIONS, _timed, self._limits)
                    finally:
                        _connecting.seconds = getattr(_connecting, "seconds", 0.0) + time.perf_counter() - started
        return self._client

    def _tripped(self, reason: str) -> None:
        CACHE_BREAKER_TRIPS.labels(tier=self.name, reason=reason).inc()
        log.warning("redis bypassed", extra={"reason": reason})

    def _guarded(
        self,
        call: Callable[..., Any],
        *args: Any,
        probe_allowed: bool = True,
        timed: bool = True,
        wait: float = 0.0,
        seconds: float | None = None,
        reply_bytes: int | None = None,
    ) -> Any:
        """``call`` through the breaker, timed; any error (or an open breaker) is StoreUnavailable.

        At most ``MAX_CONNECTIONS`` calls at once: a request that finds them all busy (many greenlets
        under gevent) skips Redis rather than waiting, which is no fault of Redis's. The time charged to
        Redis is the wall time of the call less the CPU this OS thread spent meanwhile (under gevent
        the other greenlets computing while this one waits are not Redis's slowness) and less the time
        spent opening a new connection. The whole call ends within ``seconds`` (twice the timeout unless
        given) and reads replies of at most ``reply_bytes`` (``bounded.bounded_call``).
        """
        if not self._slots.acquire(timeout=wait) if wait else not self._slots.acquire(blocking=False):
            raise StoreSkipped("every Redis connection is busy")
        try:
            ticket = self.breaker.admit(probe_allowed)
            if ticket is None:
                raise StoreSkipped(f"circuit breaker open ({self.breaker.reason})")
            _connecting.seconds = 0.0
            started, cpu = time.perf_counter(), time.thread_time()
            try:
                with bounded_call(self._timeout * 2 if seconds is None else seconds, reply_bytes):
                    result = call(*args)
            except BaseException as exc:
                self.breaker.failed(ticket, exc)
                raise StoreUnavailable(type(exc).__name__) from exc
            waited = (time.perf_counter() - started) - (time.thread_time() - cpu) - _connecting.seconds
            self.breaker.succeeded(ticket, max(waited, 0.0), timed)
            return result
        finally:
            self._slots.release()

    # reads ---------------------------------------------------------------------------------
    def fetch(self, keys: Sequence[str]) -> dict[str, str | Rejected]:
        if not keys:
            return {}
        values = self._guarded(
            lambda: read_many(self._connected(), self.kind, list(keys)),
            reply_bytes=len(keys) * (self._sealed_bytes + 32) + 32,
        )
        return {key: unseal(self._secret, key, raw) for key, raw in zip(keys, values or ()) if raw is not None}

    def note_saving(self, seconds: float) -> None:
        self.breaker.note_saving(seconds)

    def ping(self) -> bool:
        try:
            return bool(self._guarded(lambda: self._connected().ping()))
        except StoreUnavailable:
            return False

    def health(self) -> dict[str, str]:
        """For /readyz: ``pass``; ``warn`` when bypassed as slow; ``fail`` when down."""
        answered = self.ping()
        breaker = self.breaker
        if breaker.is_open:
            retry = f"bypassed, probed again every {breaker.reset_seconds:g} s"
            if breaker.reason == DOWN:
                return {
                    "status": "fail",
                    "reason": "down",
                    "detail": f"Redis does not answer ({breaker.detail}); circuit breaker open, {retry}",
                }
            return {
                "status": "warn",
                "reason": "slow",
                "detail": f"Redis is slower than the work it saves ({breaker.detail}); {retry}",
            }
        if not answered:
            return {"status": "fail", "reason": "down", "detail": "Redis does not answer; computing without it"}
        return {"status": "pass"}

    @property
    def breaker_open(self) -> bool:
        return self.breaker.is_open

    # writes --------------------------------------------------------------------------------
    def put(self, items: Mapping[str, str]) -> None:
        items = {key: text for key, text in items.items() if self._fits(text)}
        if not items:
            return
        size = sum(sys.getsizeof(text) for text in items.values())
        with self._pending_lock:
            if self._pending_bytes + size > self.max_pending_bytes:
                CACHE_WRITE_ERRORS.labels(tier=self.name).inc()
                return
            self._pending_bytes += size
        self._ensure_writer()
        self._writes.put_nowait(dict(items))

    def _fits(self, text: str) -> bool:
        """Short enough to be written, and so read back (a UTF-8 character is at most 4 bytes)."""
        return len(text) * 4 <= self.max_value_bytes or len(text.encode("utf-8")) <= self.max_value_bytes

    def flush(self, timeout: float = 2.0) -> bool:
        """Wait until every queued write was attempted (for tests and shutdown)."""
        deadline = time.monotonic() + timeout
        while self._writes.unfinished_tasks:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return True

    def _ensure_writer(self) -> None:
        # gunicorn forks workers after import: each process needs its own writer thread.
        if self._writer_pid == os.getpid():
            return
        with self._writer_lock:
            if self._writer_pid != os.getpid():
                threading.Thread(target=self._write_forever, name="redis-memo-writer", daemon=True).start()
                self._writer_pid = os.getpid()

    def _write_forever(self) -> None:
        while True:
            items = self._writes.get()
            try:
                self._write(items)
            finally:
                with self._pending_lock:
                    self._pending_bytes -= sum(sys.getsizeof(text) for text in items.values())
                self._writes.task_done()

    def _write(self, items: Mapping[str, str]) -> None:
        def pipeline_set() -> None:
            with self._connected().pipeline(transaction=False) as pipe:
                for key, text in items.items():
                    pipe.set(key, seal(self._secret, key, text), ex=self._ttl)
                pipe.execute()

        try:
            # Writes never probe an open breaker (only reads decide it is healthy again), and their
            # duration says nothing about a read's, so they are not timed.
            self._guarded(
                pipeline_set, probe_allowed=False, timed=False, wait=1.0, seconds=self._timeout * 2 + WRITE_SECONDS
            )
        except StoreUnavailable as exc:
            CACHE_WRITE_ERRORS.labels(tier=self.name).inc()
            log.debug("redis memo write failed: %s", exc)
