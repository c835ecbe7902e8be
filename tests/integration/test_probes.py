"""The probes under load: while every worker computes, the master's /livez still answers 200 and its
/readyz answers 503 ``busy``; once the load stops, /readyz passes again. A worker-served probe could answer
neither while its worker computes (a request here holds its worker for seconds of CPU)."""

import json

import pytest

from tests.ports import free_port

from .live import SteadyLoad, gunicorn, request, wait_until
from .slowgame import score_body

pytestmark = pytest.mark.integration


def probe(port: int, path: str):
    try:
        answer = request(port, "GET", path, timeout=5)
    except OSError:
        return None
    return answer.status, json.loads(answer.body)


def test_liveness_answers_and_readiness_says_busy_while_every_worker_computes():
    probe_port = free_port()
    env = {"PROBE_PORT": str(probe_port), "REQUEST_DEADLINE_MS": "20000"}
    with gunicorn(env, app="tests.integration.slow_wsgi:app", workers=2) as server:
        wait_until(lambda: workers_seen(probe_port) == 2, 30, "the probes to see both workers")
        assert probe(probe_port, "/readyz")[0] == 200
        # three clients, each request 1.5 s of CPU that never yields: both workers busy the whole time
        with SteadyLoad(
            server.port, "/v1/games/fake/score", lambda: score_body(15, next_name()), clients=3, timeout=60
        ):
            wait_until(lambda: (probe(probe_port, "/readyz") or (0,))[0] == 503, 60, "readiness to say busy")
            status, ready = probe(probe_port, "/readyz")
            assert status == 503 and ready["status"] == "fail" and ready["output"] == "busy"
            assert all(worker["busy"] for worker in ready["checks"]["workers"])
            status, alive = probe(probe_port, "/livez")
            assert status == 200 and alive["status"] == "pass"
        wait_until(lambda: (probe(probe_port, "/readyz") or (0,))[0] == 200, 60, "readiness once the load stops")
        assert probe(probe_port, "/nothing")[0] == 404


def workers_seen(probe_port: int) -> int:
    """How many workers a passing /readyz lists (0 while it does not pass): each registers once booted."""
    answer = probe(probe_port, "/readyz")
    return len(answer[1]["checks"]["workers"]) if answer and answer[0] == 200 else 0


_names = iter(f"p{n}" for n in range(10**6))


def next_name() -> str:
    return next(_names)  # a new body each time: no answer comes from the cache
