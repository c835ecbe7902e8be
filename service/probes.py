"""Probes that tell the truth under load, served by the gunicorn master on PROBE_PORT.

A probe answered by the request workers waits behind whatever they compute: under a gevent worker a
CPU-bound request holds every other connection of its worker, the probe's included, so eight looping
clients once put ``/healthz`` past Kubernetes' timeouts and healthy pods would have been restarted. The
master computes nothing, so it answers at once; what it answers is read from a table the workers keep in
shared memory (one slot a worker, assigned by the master before it forks the worker):

- each worker's event loop writes the time every TICK_SECONDS from a greenlet of its own, so a slot whose
  time is older than BUSY_AFTER_SECONDS belongs to a worker busy computing (its loop cannot run);
- each worker counts the requests it has in flight.

``/livez`` passes while the master runs and at least one worker is alive, and fails (``stuck``) once every
running worker's loop has not ticked for longer than gunicorn's worker ``timeout``: the master restarts a
worker that misses its heartbeat, but a master that cannot (itself blocked, say on a log pipe nobody
reads) would otherwise leave a pod that answers nothing reported alive. ``/readyz`` (503 when it fails, its reason in ``output``) fails:

- ``busy`` while every worker is busy or holds QUEUED_LIMIT requests, so the pod is taken out of the
  Service's endpoints (or a load balancer's rotation) until it catches up;
- ``starting`` while no worker runs its loop yet (at the start, or while the only worker is replaced):
  a request sent then would wait in the listener's queue for a worker to boot;
- ``stopping`` from the moment a stop began (SIGTERM: the master has closed its listeners), while the
  workers finish the requests they hold, so that a load balancer stops sending before the replica is gone.

The app's own ``/readyz`` still reports the cache.
"""

from __future__ import annotations

import json
import logging
import mmap
import struct
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from .version import SERVICE_VERSION

SLOTS = 64  # WORKERS is at most 64 (service/config.py)
_SLOT = struct.Struct("qqd")  # pid, requests in flight, monotonic time of the loop's last tick
TICK_SECONDS = 0.25
BUSY_AFTER_SECONDS = 1.0
QUEUED_LIMIT = 64
HEALTH_JSON = "application/health+json"
log = logging.getLogger("service.probes")


class WorkerTable:
    """SLOTS slots in anonymous shared memory, made before any worker is forked (so each inherits it)."""

    def __init__(self) -> None:
        self._memory = mmap.mmap(-1, SLOTS * _SLOT.size)

    def read(self, slot: int) -> tuple[int, int, float]:
        return _SLOT.unpack_from(self._memory, slot * _SLOT.size)

    def write(self, slot: int, pid: int, in_flight: int, tick: float) -> None:
        _SLOT.pack_into(self._memory, slot * _SLOT.size, pid, in_flight, tick)

    def free_slot(self, taken: set[int]) -> int:
        return min(set(range(SLOTS)) - taken)


# --- in the master ----------------------------------------------------------------------------


def assign_slot(table: WorkerTable, server: Any, worker: Any) -> None:
    """``pre_fork``: the lowest slot no live worker holds; cleared, so that a dead worker's is not read."""
    taken = {getattr(w, "probe_slot", -1) for w in server.WORKERS.values()}
    worker.probe_slot = table.free_slot(taken)
    table.write(worker.probe_slot, 0, 0, time.monotonic())


def verdicts(table: WorkerTable, server: Any, now: float) -> dict[str, Any]:
    stuck_after = float(getattr(getattr(server, "cfg", None), "timeout", 0) or 30)
    workers = []
    for pid, worker in list(server.WORKERS.items()):
        slot = getattr(worker, "probe_slot", None)
        if slot is None:
            continue
        owner, in_flight, tick = table.read(slot)
        if owner != pid:
            continue  # forked, not yet running its loop: neither busy nor idle
        busy = now - tick > BUSY_AFTER_SECONDS or in_flight >= QUEUED_LIMIT
        workers.append({"pid": pid, "in_flight": in_flight, "loop_lag_s": round(max(now - tick, 0), 3), "busy": busy})
    return {
        "workers": workers,
        "alive": bool(server.WORKERS),
        "busy": bool(workers) and all(w["busy"] for w in workers),
        "stuck": bool(workers) and all(w["loop_lag_s"] > stuck_after for w in workers),
        "stuck_after_s": stuck_after,
        "stopping": not server.LISTENERS,  # the arbiter empties its listeners as its stop begins
    }


def unready(found: dict[str, Any]) -> str | None:
    """Why ``/readyz`` fails for these verdicts, or None when it passes."""
    if found["stopping"]:
        return "stopping"
    if not found["alive"]:
        return "no worker is alive"
    if not found["workers"]:
        return "starting"
    if found["busy"]:
        return "busy"
    return None


def serve_probes(table: WorkerTable, server: Any, port: int, host: str = "0.0.0.0") -> ThreadingHTTPServer:
    class Probe(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            found = verdicts(table, server, time.monotonic())
            output: str | None
            if self.path == "/livez":
                ok = found["alive"] and not found["stuck"]
                output = (
                    "no worker is alive"
                    if not found["alive"]
                    else f"every worker's loop has been stuck for more than {found['stuck_after_s']:g} s"
                )
            elif self.path == "/readyz":
                reason = unready(found)
                ok, output = reason is None, reason
            else:
                self._answer(404, {"status": "fail", "output": "not found"})
                return
            payload: dict[str, Any] = {
                "status": "pass" if ok else "fail",
                "service_version": SERVICE_VERSION,
                "checks": {"workers": found["workers"]},
            }
            if not ok:
                payload["output"] = output
            self._answer(200 if ok else 503, payload)

        def _answer(self, status: int, payload: dict) -> None:
            body = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", HEALTH_JSON)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass  # probes every few seconds would drown the log

    httpd = ThreadingHTTPServer((host, port), Probe)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, name="probes", daemon=True).start()
    return httpd


# --- in a worker -----------------------------------------------------------------------------------


class WorkerSlot:
    """A worker's own slot: its loop's tick (a greenlet) and its requests in flight."""

    def __init__(self, table: WorkerTable, slot: int, pid: int):
        self.table, self.slot, self.pid = table, slot, pid
        self.in_flight = 0
        self._write()

    def _write(self) -> None:
        self.table.write(self.slot, self.pid, self.in_flight, time.monotonic())

    def start_ticking(self) -> None:
        import gevent

        def tick() -> None:
            while True:
                self._write()
                gevent.sleep(TICK_SECONDS)

        gevent.spawn(tick)

    def started(self) -> None:
        self.in_flight += 1
        self._write()

    def ended(self) -> None:
        self.in_flight -= 1
        self._write()
