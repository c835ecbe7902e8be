"""A hostile Redis against a real gunicorn: one that answers every read with a 200 MiB reply, one that
dribbles a byte a second, one that never answers. Every request is answered 200 (computed without
Redis), and each worker's memory stays within 50 MB of what it held before.

Outcomes only: no duration is asserted; each request has the client's generous 10 s timeout, which the
call's deadline (twice REDIS_TIMEOUT_MS) keeps far away."""

from pathlib import Path

import pytest

from tests.fake_redis import HostileRedis

from .live import distinct_chinatown_scores, gunicorn, request

pytestmark = pytest.mark.integration

PATH = "/v1/games/chinatown/score"
REQUESTS = 16
MARGIN = 50 * 1024 * 1024


def rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for {pid}")


@pytest.mark.parametrize("mode", ["huge", "dribble", "silent"])
def test_a_hostile_redis_costs_no_request_and_no_memory(mode):
    with HostileRedis(mode) as hostile:
        env = {
            "REDIS_URL": hostile.url,
            "CACHE_HMAC_SECRET": "integration-hmac-secret-0123456789abcdef",
            "REDIS_TIMEOUT_MS": "50",
            "REDIS_RETRY_MS": "100",  # the breaker probes the hostile Redis again and again
        }
        bodies = distinct_chinatown_scores()
        with gunicorn(env) as server:
            request(server.port, "POST", PATH, bodies())  # each worker's imports done before measuring
            request(server.port, "POST", PATH, bodies())
            before = {pid: rss(pid) for pid in server.worker_pids()}
            statuses = [request(server.port, "POST", PATH, bodies()).status for _ in range(REQUESTS)]
            after = {pid: rss(pid) for pid in server.worker_pids()}
        assert hostile.reads > 0  # it was asked, and so had its chance to do harm
    assert statuses == [200] * REQUESTS
    assert set(after) == set(before), "a worker was replaced"
    grown = {pid: after[pid] - before[pid] for pid in before}
    assert all(growth < MARGIN for growth in grown.values()), grown
