"""Prometheus metrics shared by the HTTP edge and the cache.

Under gunicorn the deploy config sets PROMETHEUS_MULTIPROC_DIR, which switches prometheus_client to its
multiprocess mode so that /metrics sums every worker.
"""
from __future__ import annotations

import os

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client import multiprocess

REQUESTS = Counter(
    "citygames_http_requests_total", "HTTP requests answered", ["route", "method", "status"]
)
LATENCY = Histogram(
    "citygames_http_request_duration_seconds",
    "Time to answer an HTTP request",
    ["route", "method"],
    # Up to gunicorn's 30 s worker timeout, so a request near the deadline or the kill is still seen.
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0),
)
DEADLINES = Counter(
    "citygames_deadline_exceeded_total", "Answers abandoned at REQUEST_DEADLINE_MS (503)", ["game", "op"]
)
WORKER_TIMEOUTS = Counter(
    "citygames_worker_timeouts_total", "Workers aborted by gunicorn for missing their heartbeat (timeout)"
)
WORKER_EXITS = Counter(
    "citygames_worker_exits_total",
    "Worker processes that ended, by cause: 'ok' (exit code 0 or a graceful SIGTERM), 'timeout' (gunicorn "
    "aborted it), 'code N', or the signal that killed it (SIGKILL: often out of memory)",
    ["cause"],
)
CACHE = Counter(
    "citygames_cache_lookups_total",
    "Memo lookups by evaluation kind, tier and result (hit, miss, corrupt, error, skipped)",
    ["kind", "tier", "result"],
)
CACHE_REJECTED = Counter(
    "citygames_cache_rejected_total",
    "Cached values refused and recomputed, by reason (mac, undecodable, shape, content_type)",
    ["kind", "tier", "reason"],
)
CACHE_BYTES = Gauge(
    "citygames_cache_bytes",
    "Bytes charged for the entries of the in-process cache (summed over live workers)",
    ["tier"],
    multiprocess_mode="livesum",
)
CACHE_BREAKER_TRIPS = Counter(
    "citygames_cache_breaker_trips_total",
    "Times the circuit breaker started bypassing a store, by reason (slow, down)",
    ["tier", "reason"],
)
CACHE_WRITE_ERRORS = Counter(
    "citygames_cache_write_errors_total", "Memo writes that failed or were dropped", ["tier"]
)


def render_metrics() -> tuple[bytes, str]:
    from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY

    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
