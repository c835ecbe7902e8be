"""Overrunning requests and dying workers under a real gunicorn.

An answer past REQUEST_DEADLINE_MS is a 503 problem, not a killed worker; a worker that does get killed
(timeout, SIGKILL) is counted in /metrics and logged as one JSON line; and under steady load a SIGKILLed
worker costs at most the requests it had in flight.
"""

import json
import os
import signal
import sys
from pathlib import Path

import pytest

from .live import SteadyLoad, gunicorn, metric_total, request, wait_until
from .slowgame import score_body

pytestmark = pytest.mark.integration

SLOW_APP = "tests.integration.slow_wsgi:app"
CHEAP = json.dumps({"state": {"board": {"1": {"owner": "anna", "shop": "photo"}}}}).encode()
CHEAP_PATH = "/v1/games/chinatown/score"
SLOW_FORK = (sys.executable, "-m", "gunicorn", "-c", str(Path(__file__).with_name("slow_fork_gunicorn.py")))


def test_an_overrunning_answer_is_a_503_problem_and_the_worker_lives():
    # 5 s of CPU against a 1 s deadline, then an answer that costs nothing: on a loaded machine too, the
    # first overruns and the second is in time.
    with gunicorn({"REQUEST_DEADLINE_MS": "1000"}, app=SLOW_APP, workers=1) as server:
        pids = server.worker_pids()
        answer = request(server.port, "POST", "/v1/games/fake/score", score_body(50))
        assert answer.status == 503
        assert answer.headers["content-type"] == "application/problem+json"
        assert answer.headers["retry-after"] == "1"
        assert answer.json()["type"] == "/problems/deadline-exceeded"
        assert request(server.port, "POST", "/v1/games/fake/score", score_body(0)).status == 200
        assert server.worker_pids() == pids
        assert metric_total(server.port, "citygames_deadline_exceeded_total", game="fake", op="score") == 1
        assert metric_total(server.port, "citygames_worker_exits_total") == 0


def test_the_deadline_times_each_answer_not_the_queue_before_it():
    """One gevent worker, twenty concurrent answers of 0.1 s of CPU each: 2 s of work in all, past the
    1.5 s deadline, yet each answer's own computation is within it (15 times over, so a loaded machine
    does not push one past it), so every one is a 200."""
    from concurrent.futures import ThreadPoolExecutor

    with gunicorn({"REQUEST_DEADLINE_MS": "1500"}, app=SLOW_APP, workers=1) as server:
        with ThreadPoolExecutor(20) as pool:
            statuses = list(
                pool.map(
                    lambda n: (
                        request(server.port, "POST", "/v1/games/fake/score", score_body(1, f"b{n}"), timeout=60).status
                    ),
                    range(20),
                )
            )
        assert statuses == [200] * 20
        computed = metric_total(server.port, "citygames_cache_lookups_total", kind="answer.fake.score", result="miss")
        assert computed == 20  # distinct bodies: every answer was computed, none came from the memo
        assert metric_total(server.port, "citygames_deadline_exceeded_total") == 0


def test_a_worker_timeout_is_counted_and_logged_as_json():
    # The deadline is set above gunicorn's (shortened) timeout on purpose, to reach the kill.
    with gunicorn({"REQUEST_DEADLINE_MS": "20000"}, app=SLOW_APP, workers=1, extra_args=("--timeout", "2")) as server:
        with pytest.raises(OSError):
            request(server.port, "POST", "/v1/games/fake/score", score_body(100), timeout=30)
        wait_until(lambda: metric_total(server.port, "citygames_worker_exits_total") >= 1, 30, "the worker's exit")
        assert metric_total(server.port, "citygames_worker_timeouts_total") == 1
        assert metric_total(server.port, "citygames_worker_exits_total", cause="timeout") == 1
        lines = server.json_lines()
        timeouts = [l for l in lines if l.get("event") == "worker_timeout"]
        exits = [l for l in lines if l.get("event") == "worker_exit"]
        assert len(timeouts) == 1 and timeouts[0]["level"] == "ERROR"
        assert len(exits) == 1 and exits[0]["pid"] == timeouts[0]["pid"] and exits[0]["cause"] == "timeout"


def test_a_worker_killed_under_load_loses_at_most_its_requests_in_flight():
    clients = 4
    with gunicorn(workers=2) as server:
        with SteadyLoad(server.port, CHEAP_PATH, CHEAP, clients=clients) as load:
            wait_until(lambda: load.count() >= 50, 20, "some load")
            victim = server.worker_pids()[0]
            os.kill(victim, signal.SIGKILL)
            before = load.count()
            wait_until(lambda: load.count() >= before + 200, 30, "load to go on after the kill")
        report = load.report
        assert len(report.failed) <= clients, report.failed  # at most one in flight per client
        assert report.ok >= 250
        wait_until(lambda: len(server.worker_pids()) == 2, 20, "gunicorn to replace the worker")
        assert metric_total(server.port, "citygames_worker_exits_total", cause="SIGKILL") == 1
        exits = [l for l in server.json_lines() if l.get("event") == "worker_exit"]
        assert [(l["pid"], l["cause"]) for l in exits] == [(victim, "SIGKILL")]


def test_a_worker_stopped_right_after_its_fork_stops_and_is_replaced():
    """A worker keeps the master's signal handlers from its fork until gunicorn installs its own, and the
    master's handler only queues the signal in the worker's copy of the master's queue: a SIGTERM sent then
    was lost, and the worker lived on, heartbeating, never replaced
    (https://github.com/benoitc/gunicorn/issues/1910). Each new worker pauses in that moment here
    (slow_fork_gunicorn.py), so the SIGTERM surely lands in it: it must still stop the worker, and the
    master must replace it."""
    with gunicorn(command=SLOW_FORK, workers=1) as server:
        first = server.worker_pids()
        os.kill(first[0], signal.SIGTERM)
        wait_until(lambda: set(server.worker_pids()) - set(first), 60, "the first worker's replacement")
        (second,) = set(server.worker_pids()) - set(first)
        os.kill(second, signal.SIGTERM)  # within its pause, before its own handlers
        wait_until(lambda: second not in server.worker_pids(), 60, "the worker stopped right after its fork to end")
        wait_until(lambda: set(server.worker_pids()) - {*first, second}, 60, "its replacement")

        def exits() -> list[tuple[int, str]]:  # the master's lines, written by its log thread a moment later
            return [(line["pid"], line["cause"]) for line in server.json_lines() if line.get("event") == "worker_exit"]

        wait_until(lambda: len(exits()) >= 2, 30, "the master's two worker_exit lines")
        assert exits() == [(first[0], "ok"), (second, "ok")]
