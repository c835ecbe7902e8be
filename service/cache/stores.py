"""Where memoised values live. A store maps keys to JSON text; it never raises to its caller."""
from __future__ import annotations

import logging
import os
import queue
import threading
import time
from typing import Mapping, Protocol, Sequence

import pybreaker
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry
from cachetools import TTLCache

from ..metrics import CACHE_WRITE_ERRORS

log = logging.getLogger("service.cache")


class StoreUnavailable(Exception):
    """The store could not answer (down, slow, breaker open); the caller computes instead."""


class Store(Protocol):
    name: str

    def fetch(self, keys: Sequence[str]) -> dict[str, str]:
        """The texts found for ``keys`` (missing keys absent); raises StoreUnavailable."""

    def put(self, items: Mapping[str, str]) -> None:
        """Remember ``items``; failures are counted, never raised."""


class MemoryStore:
    """A bounded, thread-safe LRU with a time to live, private to this process."""

    name = "memory"

    def __init__(self, max_entries: int, ttl_seconds: int):
        self._cache: TTLCache[str, str] = TTLCache(maxsize=max_entries, ttl=ttl_seconds)
        self._lock = threading.Lock()

    def fetch(self, keys: Sequence[str]) -> dict[str, str]:
        with self._lock:
            return {key: self._cache[key] for key in keys if key in self._cache}

    def put(self, items: Mapping[str, str]) -> None:
        with self._lock:
            for key, text in items.items():
                self._cache[key] = text

    def __len__(self) -> int:
        with self._lock:
            return len(self._cache)


class RedisStore:
    """Redis with short timeouts, no retries, a circuit breaker, and writes off the request path.

    A request pays at most one round trip (an MGET); values computed on a miss are written by a
    background thread so the answer never waits for Redis twice.
    """

    name = "redis"

    def __init__(
        self,
        url: str,
        ttl_seconds: int,
        timeout_ms: int = 50,
        breaker_fail_max: int = 3,
        breaker_reset_seconds: int = 10,
        max_pending_writes: int = 2048,
    ):
        timeout = timeout_ms / 1000
        pool = redis.BlockingConnectionPool.from_url(
            url,
            max_connections=16,
            timeout=timeout,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            health_check_interval=30,
            retry=Retry(NoBackoff(), 0),
        )
        self._client = redis.Redis(connection_pool=pool, retry=Retry(NoBackoff(), 0))
        self._ttl = ttl_seconds
        self.breaker = pybreaker.CircuitBreaker(
            fail_max=breaker_fail_max, reset_timeout=breaker_reset_seconds, name="redis"
        )
        self._writes: queue.Queue[dict[str, str]] = queue.Queue(maxsize=max_pending_writes)
        self._writer_pid: int | None = None
        self._writer_lock = threading.Lock()

    # reads ---------------------------------------------------------------------------------
    def fetch(self, keys: Sequence[str]) -> dict[str, str]:
        if not keys:
            return {}
        try:
            values = self.breaker.call(self._client.mget, list(keys))
        except Exception as exc:  # redis errors, timeouts, an open breaker: all mean "compute"
            raise StoreUnavailable(type(exc).__name__) from exc
        found = {}
        for key, raw in zip(keys, values or ()):
            if raw is None:
                continue
            try:
                found[key] = raw.decode("utf-8") if isinstance(raw, bytes) else str(raw)
            except UnicodeDecodeError:
                found[key] = ""  # undecodable bytes are corrupt: the memo rejects and rewrites
        return found

    def ping(self) -> bool:
        try:
            return bool(self.breaker.call(self._client.ping))
        except Exception:
            return False

    @property
    def breaker_open(self) -> bool:
        return self.breaker.current_state == pybreaker.STATE_OPEN

    # writes --------------------------------------------------------------------------------
    def put(self, items: Mapping[str, str]) -> None:
        if not items:
            return
        self._ensure_writer()
        try:
            self._writes.put_nowait(dict(items))
        except queue.Full:
            CACHE_WRITE_ERRORS.labels(tier=self.name).inc()

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
                self._writes.task_done()

    def _write(self, items: Mapping[str, str]) -> None:
        def pipeline_set() -> None:
            with self._client.pipeline(transaction=False) as pipe:
                for key, text in items.items():
                    pipe.set(key, text, ex=self._ttl)
                pipe.execute()

        try:
            self.breaker.call(pipeline_set)
        except Exception as exc:
            CACHE_WRITE_ERRORS.labels(tier=self.name).inc()
            log.debug("redis memo write failed: %s", type(exc).__name__)
