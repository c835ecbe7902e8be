"""A soak: mixed valid and invalid traffic through one gunicorn worker with recycling off (``--max-requests
0``), and the worker's resident memory sampled as it goes. Shared by the CI test (test_soak.py, about a
minute) and the longer run in bench/soak.py.

The in-process cache is the only store that grows with distinct requests, and it is bounded in bytes
(CACHE_MAX_BYTES, the smallest allowed here: 1 MiB), so memory must settle once the cache is full: the
soak first sends enough requests to fill the cache (FILL), then measures.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .live import Gunicorn, gunicorn, request

CACHE_BOUND = 1024 * 1024
# The cache is full after about 500 new scores and setups (about 3,000 requests of the mix, measured in
# process: 587 entries, 1,048,156 bytes); the soak sends twice that before it measures.
FILL = 6_000
SOAK_ENV = {"CACHE_MAX_BYTES": str(CACHE_BOUND), "LOG_LEVEL": "WARNING"}


def rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for {pid}")


def mixed_requests() -> Callable[[], tuple[str, str, bytes | None]]:
    """Each call the next of a rotation: a new valid score (a new cache entry), a valid setup, a body that
    is not JSON, a schema error, an unknown game, a description."""
    numbers = itertools.count()

    def board(n: int) -> bytes:
        owner = f"p{n}"
        return json.dumps({"state": {"board": {"1": {"owner": owner, "shop": "photo"}}}}).encode()

    kinds = [
        lambda n: ("POST", "/v1/games/chinatown/score", board(n)),
        lambda n: ("POST", "/v1/games/newyork/setup", json.dumps({"players": [f"a{n}", "b"], "seed": n}).encode()),
        lambda n: ("POST", "/v1/games/chinatown/score", b'{"state": {"board": '),
        lambda n: ("POST", "/v1/games/skyline3000/validate", json.dumps({"state": {"players": n}}).encode()),
        lambda n: ("POST", "/v1/games/nope/score", b"{}"),
        lambda n: ("GET", "/v1/games/fifthavenue", None),
    ]

    def next_request() -> tuple[str, str, bytes | None]:
        n = next(numbers)
        return kinds[n % len(kinds)](n)

    return next_request


@dataclass
class Soak:
    server: Gunicorn
    pid: int
    sent: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    samples: list[tuple[int, int]] = field(default_factory=list)  # (requests sent, worker RSS)

    def drive(self, count: int, clients: int = 2) -> None:
        """``count`` more requests from ``clients`` threads, then an RSS sample."""
        next_request = mixed_requests()
        lock = threading.Lock()
        left = [count]

        def run() -> None:
            while True:
                with lock:
                    if left[0] <= 0:
                        return
                    left[0] -= 1
                    method, path, body = next_request()
                status = request(self.server.port, method, path, body).status
                with lock:
                    self.statuses[status] = self.statuses.get(status, 0) + 1

        threads = [threading.Thread(target=run) for _ in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.sent += count
        self.samples.append((self.sent, rss(self.pid)))

    def fill_cache(self, count: int = FILL) -> None:
        """Enough requests to fill the in-process cache: a full cache then evicts as it adds."""
        self.drive(count)


def soak_server():
    """One worker, never recycled, with the smallest cache."""
    return gunicorn(SOAK_ENV, workers=1, extra_args=("--max-requests", "0"))
