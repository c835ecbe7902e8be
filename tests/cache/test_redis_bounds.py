"""A Redis (or whoever holds the link to it) can cost a call only bounded time and bounded memory: a reply
longer than the largest value the service writes is refused before it is read, a reply that dribbles in
ends at the call's deadline, a Redis that never answers too; each is a failure the breaker counts.

Against a hostile fake Redis on loopback (tests/fake_redis.py). Outcomes are asserted, never durations:
the dribbling reply is paced under the per-read timeout, so only the whole call's deadline can end it."""

import tracemalloc

import pytest

from service.cache.breaker import DOWN, OPEN
from service.cache.stores import RedisStore, StoreUnavailable
from tests.fake_redis import HostileRedis

from .support import SECRET


def store(url, timeout_ms=50, **kwargs):
    return RedisStore(url, 60, secret=SECRET.encode(), timeout_ms=timeout_ms, breaker_reset_seconds=600, **kwargs)


def test_a_reply_longer_than_any_value_written_is_refused_without_being_read():
    with HostileRedis("huge") as hostile:
        redis = store(hostile.url, timeout_ms=1000, max_value_bytes=64 * 1024)
        tracemalloc.start()
        try:
            with pytest.raises(StoreUnavailable):
                redis.fetch(["k"])
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert hostile.reads == 1
    # 200 MiB announced; what was held is a read buffer's worth, not the reply
    assert peak < 2 * 1024 * 1024, peak


def test_a_reply_of_many_values_is_bounded_by_the_values_asked_for():
    # two keys asked for, a thousand values of 60 KiB answered: each fits, their sum does not
    with HostileRedis("array", size=60 * 1024) as hostile:
        redis = store(hostile.url, timeout_ms=1000, max_value_bytes=64 * 1024)
        tracemalloc.start()
        try:
            with pytest.raises(StoreUnavailable) as refused:
                redis.fetch(["a", "b"])
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert hostile.reads == 1
    assert "InvalidResponse" in str(refused.value)
    assert peak < 2 * 1024 * 1024, peak


def test_a_reply_dribbling_in_under_the_read_timeout_ends_at_the_calls_deadline():
    # a byte every 0.1 s never trips the 0.3 s read timeout; the whole reply would take ~5 s and be valid
    with HostileRedis("dribble", size=40, interval=0.1) as hostile:
        redis = store(hostile.url, timeout_ms=300)
        with pytest.raises(StoreUnavailable) as refused:
            redis.fetch(["k"])
    assert "TimeoutError" in str(refused.value)


@pytest.mark.parametrize("mode", ["huge", "dribble", "silent"])
def test_the_breaker_counts_each_hostile_reply_as_a_failure(mode):
    with HostileRedis(mode, size=200 * 1024 * 1024 if mode == "huge" else 5) as hostile:
        redis = store(hostile.url, max_value_bytes=64 * 1024)
        for _ in range(redis.breaker.fail_max):
            with pytest.raises(StoreUnavailable):
                redis.fetch(["k"])
        assert redis.breaker.state == OPEN and redis.breaker.reason == DOWN, redis.breaker.detail


def test_a_value_longer_than_the_largest_is_not_written():
    redis = store("redis://127.0.0.1:1/0", max_value_bytes=1000)
    redis.put({"small": "x" * 10, "large": "y" * 1001})
    assert redis._writes.qsize() == 1 and set(redis._writes.get_nowait()) == {"small"}
