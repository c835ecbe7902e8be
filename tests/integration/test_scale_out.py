"""Scale-out (issue 9): two replicas (real gunicorn, each its own port) behind HAProxy share one Redis.

An answer computed on replica A is a Redis hit on replica B; stopping replica A under steady load
(gracefully, or with SIGKILL), or killing its worker, through HAProxy loses at most the requests in flight.
"""

import json
import os
import signal

import pytest

from .live import (
    SteadyLoad,
    distinct_chinatown_scores,
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
        env = {**ENV, "REDIS_URL": redis.url}
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
def test_stopping_a_replica_or_killing_a_worker_under_load_loses_at_most_its_requests_in_flight(stop):
    """Through deploy/haproxy/haproxy.cfg: a request that a dying replica or worker never answered is sent
    again to the other replica (retry-on, option redispatch), so the clients see at most the requests in flight
    fail."""
    clients = 4
    with redis_server() as redis:
        env = {**ENV, "REDIS_URL": redis.url}
        with gunicorn(env, workers=1) as a, gunicorn(env, workers=1) as b, haproxy([a.port, b.port]) as front:
            with SteadyLoad(front, PATH, distinct_chinatown_scores(), clients=clients) as load:
                load.wait_for(60)
                served_by_a = metric_total(a.port, "citygames_http_requests_total", route="/v1/games/<game_id>/score")
                assert served_by_a > 0  # both replicas were taking the load
                if stop == "worker-sigkill":
                    for pid in a.worker_pids():
                        os.kill(pid, signal.SIGKILL)
                else:
                    kill_group(a.process, signal.SIGTERM if stop == "replica-sigterm" else signal.SIGKILL)
                load.wait_for(200)
            # HAProxy sends again what a dying replica or worker never answered (retry-on, redispatch), so
            # most runs lose nothing; a response the worker had begun to send when it died cannot be sent
            # again, nor can one caught in a graceful stop's last moment, so at most the requests in flight.
            assert len(load.report.failed) <= clients, load.report.failed[:5]
            assert metric_total(b.port, "citygames_http_requests_total", route="/v1/games/<game_id>/score") > 100
