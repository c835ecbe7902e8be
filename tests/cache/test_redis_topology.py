"""Which Redis the shared cache uses: one (REDIS_URL), a Cluster (REDIS_CLUSTER=1 and REDIS_URL any
node) or a primary behind Sentinel (REDIS_SENTINELS and REDIS_SENTINEL_SERVICE), and the settings that
cannot go together refused at start."""

from __future__ import annotations

import pytest

from service.cache.bounded import DeadlineConnection, Limits
from service.cache.clients import CLUSTER, SENTINEL, SINGLE, RedisTarget, _credentials, connect
from service.cache.memo import build_memo
from service.cache.stores import RedisStore
from service.config import ConfigError, settings_from_env

from .support import SECRET

BASE = {"CACHE_HMAC_SECRET": SECRET}


def redis_store(environ):
    memo = build_memo(settings_from_env({**BASE, **environ}))
    return next(store for store in memo.stores if isinstance(store, RedisStore))


def test_a_cluster_is_named_by_any_node():
    store = redis_store({"REDIS_CLUSTER": "1", "REDIS_URL": "redis://:pw@10.0.0.5:7000/0"})
    assert store.kind == CLUSTER and store.target.url == "redis://:pw@10.0.0.5:7000/0"


def test_sentinels_name_the_primary_and_the_url_gives_only_its_credentials():
    store = redis_store(
        {
            "REDIS_SENTINELS": "10.0.0.1:26379, [::1]:26380,sentinel-2:26379",
            "REDIS_SENTINEL_SERVICE": "citygames",
            "REDIS_URL": "redis://bob:s%40cret@ignored/3",
        }
    )
    assert store.kind == SENTINEL
    assert store.target.sentinels == (("10.0.0.1", 26379), ("::1", 26380), ("sentinel-2", 26379))
    assert store.target.service == "citygames"
    assert _credentials(store.target.url) == {"password": "s@cret", "username": "bob", "db": 3}
    assert _credentials("rediss://:pw@x/0") == {"password": "pw", "db": 0, "ssl": True}


def test_sentinels_need_no_url():
    assert redis_store({"REDIS_SENTINELS": "127.0.0.1:26379", "REDIS_SENTINEL_SERVICE": "x"}).kind == SENTINEL


def test_one_redis_stays_the_default():
    assert redis_store({"REDIS_URL": "redis://127.0.0.1:6379/0"}).kind == SINGLE
    assert redis_store({"REDIS_URL": "redis://127.0.0.1:6379/0", "REDIS_CLUSTER": "0"}).kind == SINGLE


@pytest.mark.parametrize(
    "environ, names",
    [
        ({"REDIS_CLUSTER": "1"}, "REDIS_URL"),
        ({"REDIS_CLUSTER": "1", "REDIS_URL": "unix:///tmp/r.sock"}, "REDIS_CLUSTER"),
        ({"REDIS_CLUSTER": "maybe", "REDIS_URL": "redis://x:1/0"}, "REDIS_CLUSTER"),
        ({"REDIS_SENTINELS": "127.0.0.1:26379"}, "REDIS_SENTINEL_SERVICE"),
        ({"REDIS_SENTINEL_SERVICE": "x"}, "REDIS_SENTINELS"),
        ({"REDIS_SENTINELS": "127.0.0.1", "REDIS_SENTINEL_SERVICE": "x"}, "REDIS_SENTINELS"),
        ({"REDIS_SENTINELS": "127.0.0.1:99999", "REDIS_SENTINEL_SERVICE": "x"}, "REDIS_SENTINELS"),
        ({"REDIS_SENTINELS": "127.0.0.1:1", "REDIS_SENTINEL_SERVICE": "bad name"}, "REDIS_SENTINEL_SERVICE"),
        (
            {
                "REDIS_SENTINELS": "127.0.0.1:1",
                "REDIS_SENTINEL_SERVICE": "x",
                "REDIS_CLUSTER": "1",
                "REDIS_URL": "redis://x:1/0",
            },
            "REDIS_CLUSTER",
        ),
    ],
)
def test_settings_that_cannot_go_together_are_refused_at_start(environ, names):
    with pytest.raises(ConfigError, match=names):
        settings_from_env(environ)


@pytest.mark.parametrize(
    "target",
    [
        RedisTarget("redis://127.0.0.1:1/0"),
        RedisTarget("redis://:pw@127.0.0.1:1/0", sentinels=(("127.0.0.1", 1),), service="x"),
    ],
)
def test_every_client_has_the_short_timeouts_no_retries_and_bounded_connections(target):
    made = connect(target, 0.05, 16, lambda base: base, Limits(value_bytes=1000, reply_bytes=5000))
    kwargs = made.connection_pool.connection_kwargs
    assert kwargs["socket_timeout"] == kwargs["socket_connect_timeout"] == 0.05
    assert kwargs["retry"].get_retries() == 0 and made.connection_pool.max_connections == 16
    # bounded in time (the socket honours the call's deadline) and in memory (the parser's limits)
    assert issubclass(made.connection_pool.connection_class, DeadlineConnection)
    assert kwargs["parser_class"].limits == Limits(value_bytes=1000, reply_bytes=5000)


def test_a_cluster_nobody_answers_is_a_store_failure_not_a_crash():
    from service.cache.memo import Memo

    store = RedisStore(RedisTarget("redis://127.0.0.1:1/0", cluster=True), 60, secret=SECRET.encode(), timeout_ms=50)
    memo = Memo([store]).bound("v1")
    assert memo.get_or_compute("t.cluster", 1, lambda: "computed") == "computed"
    assert store.health()["status"] == "fail"
