"""No leak: mixed valid and invalid traffic (soak.py) through one worker that is never recycled. Once the
in-process cache has reached its byte bound, the worker's resident memory stays flat: 6,000 further
requests add less than MARGIN. (A leak of even 1 KiB a request would add 6 MB.) Outcomes only: request
counts, not durations. bench/soak.py runs the same for longer; bench/README.md has its result."""

import pytest

from .soak import Soak, soak_server

pytestmark = pytest.mark.integration

MARGIN = 4 * 1024 * 1024
SETTLE = 2_000
MEASURED = 6_000


def test_memory_settles_once_the_cache_is_full_with_recycling_off():
    with soak_server() as server:
        [pid] = server.worker_pids()
        soak = Soak(server, pid)
        soak.fill_cache()
        soak.drive(SETTLE)  # allocator arenas and first-use caches settle
        start = soak.samples[-1][1]
        for _ in range(3):
            soak.drive(MEASURED // 3)
        assert server.worker_pids() == [pid]  # the same worker all along: nothing recycled it
    assert set(soak.statuses) <= {200, 400, 404, 422}, soak.statuses  # never a 5xx
    grown = soak.samples[-1][1] - start
    assert grown < MARGIN, [(sent, size // 1024) for sent, size in soak.samples]
