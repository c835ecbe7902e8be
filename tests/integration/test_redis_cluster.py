"""The shared cache on a Redis Cluster (``REDIS_CLUSTER=1``, ``REDIS_URL`` any node): keys spread over
the slots of three masters, a read of many keys is one round trip to each node it needs and no command
across slots, values stay sealed, and a master killed under load fails no request."""

from __future__ import annotations

import collections

import pytest
import redis
from redis.cluster import RedisCluster

from service.cache.clients import RedisTarget
from service.cache.seal import unseal
from service.cache.stores import RedisStore

from .live import SteadyLoad, distinct_chinatown_scores, gunicorn, wait_until
from .redis_topologies import redis_cluster

pytestmark = pytest.mark.integration

SECRET = "integration-hmac-secret-0123456789abcdef"
PATH = "/v1/games/chinatown/score"


def test_keys_spread_over_the_masters_and_a_read_is_one_round_trip_per_node(monkeypatch):
    with redis_cluster() as cluster:
        store = RedisStore(RedisTarget(cluster.url, cluster=True), 60, secret=SECRET.encode(), timeout_ms=500)
        texts = {f"cg:answer.t:v1:{n:040x}": f"value {n}" for n in range(60)}
        store.put(texts)
        assert store.flush(5)
        sizes = cluster.sizes()
        assert sum(sizes.values()) == 60 and all(size > 0 for size in sizes.values()), sizes
        sent: collections.Counter = collections.Counter()
        original = redis.connection.AbstractConnection.send_packed_command

        def counted(connection, command, *args, **kwargs):
            sent[connection.port] += 1
            return original(connection, command, *args, **kwargs)

        monkeypatch.setattr(redis.connection.AbstractConnection, "send_packed_command", counted)
        found = store.fetch(list(texts))  # no CROSSSLOT refusal: one MGET per slot, pipelined per node
        assert found == texts
        assert sorted(sent) == sorted(cluster.ports) and set(sent.values()) == {1}, sent
        monkeypatch.undo()
        raw = RedisCluster.from_url(cluster.url)
        for key, text in texts.items():  # sealed as on one Redis, under its own key
            assert unseal(SECRET.encode(), key, raw.get(key)) == text


def test_a_master_killed_under_load_fails_no_request_and_answers_go_on_to_the_others():
    with redis_cluster() as cluster:
        env = {
            "CACHE_HMAC_SECRET": SECRET,
            "WORKERS": "1",
            "REDIS_CLUSTER": "1",
            "REDIS_URL": cluster.url,
            "REDIS_RETRY_MS": "200",
            "REDIS_TIMEOUT_MS": "200",
        }
        with gunicorn(env, workers=1) as served:
            with SteadyLoad(served.port, PATH, distinct_chinatown_scores(), clients=4, pace=0.01) as load:
                load.wait_for(60)
                wait_until(lambda: all(size > 0 for size in cluster.sizes().values()), 15, "answers on every master")
                cluster.kill(cluster.ports[0])
                before = sum(cluster.sizes().values())
                load.wait_for(150)
                wait_until(
                    lambda: sum(cluster.sizes().values()) > before + 20, 20, "answers written to the masters left"
                )
            assert load.report.failed == [], load.report.failed[:5]
            assert load.report.ok >= 210
