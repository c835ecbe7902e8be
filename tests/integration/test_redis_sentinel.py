"""The shared cache on a primary behind Sentinel (``REDIS_SENTINELS``, ``REDIS_SENTINEL_SERVICE``): the
primary is found through the sentinel, and found again after a failover. The primary killed under load
fails no request, and the answers computed afterwards are written to the promoted replica."""

from __future__ import annotations

import pytest

from service.cache.clients import RedisTarget
from service.cache.stores import RedisStore

from .live import SteadyLoad, distinct_chinatown_scores, gunicorn, wait_until
from .redis_topologies import client, redis_sentinel

pytestmark = pytest.mark.integration

SECRET = "integration-hmac-secret-0123456789abcdef"
PATH = "/v1/games/chinatown/score"


def test_the_primary_is_found_through_the_sentinel_and_values_stay_sealed():
    with redis_sentinel() as setup:
        target = RedisTarget(setup.url, sentinels=(("127.0.0.1", setup.sentinel),), service=setup.service)
        store = RedisStore(target, 60, secret=SECRET.encode(), timeout_ms=500)
        store.put({"cg:t:v1:a": "one"})
        assert store.flush(5)
        assert client(setup.primary).get("cg:t:v1:a").endswith(b":one")  # sealed: h1:<mac>:one
        assert store.fetch(["cg:t:v1:a", "cg:t:v1:missing"]) == {"cg:t:v1:a": "one"}
        client(setup.primary).set("cg:t:v1:forged", b"h1:" + b"0" * 64 + b":evil")
        assert store.fetch(["cg:t:v1:forged"])["cg:t:v1:forged"].reason == "mac"


def test_a_primary_killed_under_load_fails_no_request_and_answers_go_to_the_promoted_replica():
    with redis_sentinel() as setup:
        wait_until(setup.knows_replica, 15, "the sentinel to know the replica")
        env = {
            "CACHE_HMAC_SECRET": SECRET,
            "WORKERS": "1",
            "REDIS_SENTINELS": setup.sentinels,
            "REDIS_SENTINEL_SERVICE": setup.service,
            "REDIS_URL": setup.url,
            "REDIS_RETRY_MS": "200",
            "REDIS_TIMEOUT_MS": "200",
        }
        with gunicorn(env, workers=1) as served:
            with SteadyLoad(served.port, PATH, distinct_chinatown_scores(), clients=4, pace=0.01) as load:
                load.wait_for(60)
                wait_until(lambda: client(setup.primary).dbsize() > 20, 15, "answers written to the primary")
                setup.kill(setup.primary)
                wait_until(
                    lambda: setup.primary_port() == setup.replica and setup.is_primary(setup.replica),
                    20,
                    "the sentinel to promote the replica",
                )
                promoted = client(setup.replica).dbsize()
                load.wait_for(150)
                wait_until(
                    lambda: client(setup.replica).dbsize() > promoted + 20,
                    20,
                    "answers written to the promoted replica",
                )
            assert load.report.failed == [], load.report.failed[:5]
            assert load.report.ok >= 210
