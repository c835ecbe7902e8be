"""Scale-out: two replicas (real gunicorn, each its own port) behind HAProxy share one Redis.

An answer computed on replica A is a Redis hit on replica B; stopping replica A under steady load
gracefully through HAProxy loses no request; killing it or its worker loses only the requests it held.
"""

import json
import os
import signal

import pytest

from .live import (
    SteadyLoad,
    distinct_chinatown_scores,
    free_port,
    gunicorn,
    haproxy,
    kill_group,
    metric_total,
    redis_server,
    request,
    wait_until,
)

pytestmark = pytest.mark.integration

PATH = "/v1/games/chinatown/score"
ENV = {"CACHE_HMAC_SECRET": "integration-hmac-secret-0123456789abcdef", "WORKERS": "1"}


def redis_hits(port):
    return metric_total(
        port, "citygames_cache_lookups_total", kind="answer.chinatown.score", tier="redis", result="hit"
    )


def test_an_answer_computed_on_one_replica_is_a_redis_hit_on_the_other():
    body = json.dumps({"state": {"board": {"7": {"owner": "scale-out", "shop": "tea_house"}}}}).encode()
    with redis_server() as redis:
        # What is checked is sharing, not speed: a Redis call given 2 s, so that on a loaded machine the
        # first call of a fresh worker (connecting too) is not cut at the default 50 ms and taken as a miss.
        env = {**ENV, "REDIS_URL": redis.url, "REDIS_TIMEOUT_MS": "2000"}
        with gunicorn(env, workers=1) as a, gunicorn(env, workers=1) as b:
            first = request(a.port, "POST", PATH, body)
            assert first.status == 200
            wait_until(lambda: redis.client().dbsize() >= 1, 10, "A's answer to reach Redis")
            assert redis_hits(b.port) == 0
            second = request(b.port, "POST", PATH, body)
            assert second.status == 200 and second.body == first.body
            assert redis_hits(b.port) == 1
            assert redis_hits(a.port) == 0


@pytest.mark.parametrize("stop", ["replica-sigterm", "replica-sigkill", "worker-sigkill"])
def test_stopping_a_replica_loses_no_request_and_killing_one_only_what_it_held(stop):
    """Through deploy/haproxy/haproxy.cfg, checking each replica's master on its probe port: a request
    that never reached a replica (a refused connection) is sent to the other one, and no answer is ever
    cut off after its head, since the service writes each answer's head and body at once. What had
    reached the stopped replica is not resent (a query of death would kill every replica in turn): a
    killed worker's requests in flight, or a graceful stop's connections left in its listen queue, each a 502."""
    clients = 4
    with redis_server() as redis:
        env = {**ENV, "REDIS_URL": redis.url}
        with (
            gunicorn({**env, "PROBE_PORT": str(free_port())}, workers=1) as a,
            gunicorn({**env, "PROBE_PORT": str(free_port())}, workers=1) as b,
            haproxy([a, b], {"RATE_LIMIT": "100000000"}) as front,  # one client address: no rate limit here
        ):
            # The clients wait longer than HAProxy's server timeout (15 s), after which it sends a request
            # again: a request that reached the killed worker's listener just before HAProxy took the
            # replica out waits there for the next worker to boot, later on a slower machine, but is not lost.
            with SteadyLoad(front.port, PATH, distinct_chinatown_scores(), clients=clients, timeout=60) as load:
                load.wait_for(60, timeout=120)
                served_by_a = metric_total(a.port, "citygames_http_requests_total", route="/v1/games/<game_id>/score")
                assert served_by_a > 0  # both replicas were taking the load
                if stop == "worker-sigkill":
                    for pid in a.worker_pids():
                        os.kill(pid, signal.SIGKILL)
                else:
                    kill_group(a.process, signal.SIGTERM if stop == "replica-sigterm" else signal.SIGKILL)
                load.wait_for(200, timeout=120)
            # A request sent whole is never resent (it might be what killed the worker). What can fail is what
            # had reached replica A when it stopped: a killed worker's request in flight, or in a graceful stop
            # a connection still waiting in its listen queue when it closed it (the kernel had accepted it).
            # Each client has one request out at a time, and one more may reach A before HAProxy's check marks
            # it down: at most two a client, each a 502; everything else is answered, most of it by B.
            assert len(load.report.failed) <= 2 * clients, (load.report.failed[:5], front.not_clean()[-40:])
            assert all(failure.startswith("status 502") for failure in load.report.failed), load.report.failed
            assert load.report.ok > 200
            assert metric_total(b.port, "citygames_http_requests_total", route="/v1/games/<game_id>/score") > 100
