"""Prometheus metrics shared by the HTTP edge and the cache.

Under gunicorn the deploy config sets PROMETHEUS_MULTIPROC_DIR, which switches prometheus_client to its
multiprocess mode so that /metrics sums every worker.
"""

from __future__ import annotations

import glob
import os
import threading

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest, multiprocess
from prometheus_client.mmap_dict import MmapedDict

# The methods a label may name; any other (made up by a client) is counted as OTHER_METHOD, so that no
# request can add a series.
METHODS = frozenset(("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"))
OTHER_METHOD = "other"
# The kinds of multiprocess file whose values add up across processes (a dead worker's count still counts).
SUMMED_KINDS = ("counter", "histogram")
ARCHIVE = "archive"
ARCHIVING = threading.Lock()


class ArchiveAwareCollector(multiprocess.MultiProcessCollector):
    """The master's collector: it reads the files while no dead worker's are being archived."""

    def collect(self):
        with ARCHIVING:
            return list(super().collect())


def method_label(method: str) -> str:
    return method if method in METHODS else OTHER_METHOD


REQUESTS = Counter("citygames_http_requests_total", "HTTP requests answered", ["route", "method", "status"])
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
    "Cached values refused and recomputed, by reason (mac, undecodable, shape, content_type, etag)",
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
CACHE_WRITE_ERRORS = Counter("citygames_cache_write_errors_total", "Memo writes that failed or were dropped", ["tier"])
LOG_LINES_DROPPED = Counter(
    "citygames_log_lines_dropped_total", "Log lines dropped because the log stream did not keep up (never blocked on)"
)


def render_metrics() -> tuple[bytes, str]:
    from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY

    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST


def archive_dead_worker(path: str, pid: int) -> None:
    """In the master, after worker ``pid`` ended: its gauges go (prometheus_client's own bookkeeping) and
    its counters and histograms are added into one archive file per kind and their files removed, so the
    directory holds the live workers' files and two more, however many workers have come and gone (it
    held 41 files, 13 MB, after an hour of worker restarts). Only the master writes the archive."""
    multiprocess.mark_process_dead(pid, path)
    for kind in SUMMED_KINDS:
        for dead in glob.glob(os.path.join(path, f"{kind}_{pid}.db")):
            archive = MmapedDict(os.path.join(path, f"{kind}_{ARCHIVE}.db"))
            try:
                with ARCHIVING:  # the master's scrape never sees a value both archived and in its file
                    for key, value, timestamp, _ in MmapedDict.read_all_values_from_file(dead):
                        archived, _ = archive.read_value(key)
                        archive.write_value(key, archived + value, timestamp)
                    os.remove(dead)
            finally:
                archive.close()
