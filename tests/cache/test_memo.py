"""The memo: content-addressed keys, the in-process store, Redis shared between instances, and Redis
being down, slow or full of garbage never failing a request."""

import socket

import pytest
import redis

from service import create_app
from service.cache import MemoryMemo, RedisMemo, canonical_json, memo_key
from service.cache.memo import Memo
from service.cache.seal import unseal
from service.cache.stores import MemoryStore, RedisStore, StoreSkipped

from .support import SECRET, lookups, with_redis


class Counter:
    def __init__(self, value):
        self.value, self.calls = value, 0

    def __call__(self, *args):
        self.calls += 1
        return self.value


def test_canonical_json_sorts_keys_and_refuses_floats():
    assert canonical_json({"b": [1, {"y": 2, "x": 1}], "a": None}) == '{"a":null,"b":[1,{"x":1,"y":2}]}'
    with pytest.raises(TypeError):
        canonical_json({"a": 1.5})


def test_keys_carry_kind_and_rules_version_and_depend_on_content_only():
    key = memo_key("newyork.longest_street", "newyork-1", {"b": 1, "a": 2})
    assert key.startswith("cg:newyork.longest_street:newyork-1:")
    assert key == memo_key("newyork.longest_street", "newyork-1", {"a": 2, "b": 1})
    assert key != memo_key("newyork.longest_street", "newyork-2", {"a": 2, "b": 1})


def test_memory_memo_computes_once():
    memo, compute = MemoryMemo().bound("v1"), Counter({"length": 7})
    assert memo.get_or_compute("t.once", [1, 2], compute) == {"length": 7}
    assert memo.get_or_compute("t.once", [1, 2], compute) == {"length": 7}
    assert compute.calls == 1


def test_a_hit_is_a_fresh_object_so_callers_cannot_corrupt_the_cache():
    memo = MemoryMemo().bound("v1")
    first = memo.get_or_compute("t.fresh", 1, lambda: [1, 2])
    first.append(3)
    assert memo.get_or_compute("t.fresh", 1, lambda: [9]) == [1, 2]


def test_get_or_compute_many_computes_only_the_misses():
    memo = MemoryMemo().bound("v1")
    memo.get_or_compute("t.many", "a", lambda: "A")
    computed = []
    values = memo.get_or_compute_many("t.many", ["a", "b", "b"], lambda m: computed.append(m) or m.upper())
    assert values == ["A", "B", "B"] and computed == ["b"]


def test_memory_store_is_bounded():
    store = MemoryStore(max_entries=3, ttl_seconds=60)
    store.put({str(i): "1" for i in range(10)})
    assert len(store) == 3


def test_a_value_the_check_rejects_is_recomputed_and_overwritten():
    store = MemoryStore(10, 60)
    memo = Memo([store], "v1")
    key = memo_key("t.check", "v1", 5)
    store.put({key: '"garbage"'})
    before = lookups("t.check", "memory", "corrupt")
    assert memo.get_or_compute("t.check", 5, lambda: 25, check=lambda v: isinstance(v, int)) == 25
    assert lookups("t.check", "memory", "corrupt") == before + 1
    assert store.fetch([key]) == {key: "25"}


# --- against a real Redis -----------------------------------------------------------------------


def test_a_value_computed_through_one_app_is_a_hit_through_a_second(redis_url):
    first, second = create_app(with_redis(redis_url)), create_app(with_redis(redis_url))
    compute = Counter([3, 4])
    memo_one = first.extensions["memo"].bound("v1")
    assert memo_one.get_or_compute("t.shared", {"city": 1}, compute) == [3, 4]
    memo_one.stores[1].flush()
    hits = lookups("t.shared", "redis", "hit")
    assert second.extensions["memo"].bound("v1").get_or_compute("t.shared", {"city": 1}, compute) == [3, 4]
    assert compute.calls == 1
    assert lookups("t.shared", "redis", "hit") == hits + 1


def test_a_corrupt_redis_value_is_ignored_and_overwritten(redis_url):
    memo = RedisMemo(redis_url, SECRET.encode()).bound("v1")
    key = memo_key("t.corrupt", "v1", 1)
    raw = redis.Redis.from_url(redis_url)
    for garbage in (b"{not json", b"\xff\xfe", b'"a string where a number belongs"'):
        raw.set(key, garbage)
        assert memo.get_or_compute("t.corrupt", 1, lambda: 41, check=lambda v: isinstance(v, int)) == 41
        memo.stores[0].flush()
        assert unseal(SECRET.encode(), key, raw.get(key)) == "41"


def test_a_key_of_the_wrong_redis_type_is_a_miss(redis_url):
    memo = RedisMemo(redis_url, SECRET.encode()).bound("v1")
    key = memo_key("t.wrongtype", "v1", 1)
    raw = redis.Redis.from_url(redis_url)
    raw.rpush(key, "x")
    assert memo.get_or_compute("t.wrongtype", 1, lambda: 7) == 7


def closed_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_with_redis_down_requests_still_succeed_and_the_failure_is_counted():
    memo = create_app(with_redis(f"redis://127.0.0.1:{closed_port()}/0")).extensions["memo"].bound("v1")
    before = lookups("t.down", "redis", "error")
    assert memo.get_or_compute("t.down", 1, lambda: "computed") == "computed"
    assert lookups("t.down", "redis", "error") == before + 1


def test_the_breaker_opens_after_failures_and_skips_redis():
    store = RedisStore(
        f"redis://127.0.0.1:{closed_port()}/0",
        60,
        secret=SECRET.encode(),
        timeout_ms=50,
        breaker_fail_max=2,
        breaker_reset_seconds=60,
    )
    memo = Memo([store], "v1")
    for i in range(3):
        memo.get_or_compute("t.breaker", i, lambda i=i: i)
    assert store.breaker_open
    with pytest.raises(StoreSkipped):  # not even tried
        store.fetch(["k"])
    assert store.health()["status"] == "fail" and "ConnectionError" in store.health()["detail"]
    assert memo.get_or_compute("t.breaker", 99, lambda: 99) == 99


def test_a_silent_redis_times_out_and_the_value_is_computed():
    """A listener that accepts and never answers: the memo gives up after its short timeout and computes."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        memo = Memo([RedisStore(f"redis://127.0.0.1:{port}/0", 60, secret=SECRET.encode(), timeout_ms=50)], "v1")
        before = lookups("t.slow", "redis", "error")
        assert memo.get_or_compute("t.slow", 1, lambda: "computed") == "computed"
        assert lookups("t.slow", "redis", "error") == before + 1
        kwargs = memo.stores[0]._client.connection_pool.connection_kwargs
        assert kwargs["socket_timeout"] == kwargs["socket_connect_timeout"] == 0.05
        assert kwargs["retry"].get_retries() == 0


def test_tiered_memo_backfills_memory_from_redis(redis_url):
    writer = create_app(with_redis(redis_url)).extensions["memo"].bound("v1")
    writer.get_or_compute("t.tier", 1, lambda: "v")
    writer.stores[1].flush()
    reader = create_app(with_redis(redis_url)).extensions["memo"].bound("v1")
    reader.get_or_compute("t.tier", 1, lambda: "recomputed")
    memory_hits = lookups("t.tier", "memory", "hit")
    assert reader.get_or_compute("t.tier", 1, lambda: "recomputed") == "v"
    assert lookups("t.tier", "memory", "hit") == memory_hits + 1


def test_a_memo_with_no_store_computes_without_making_a_key(monkeypatch):
    def no_key(*_args, **_kwargs):
        raise AssertionError("a key was made for a memo that keeps nothing")

    monkeypatch.setattr("service.cache.memo.memo_key", no_key)
    compute = Counter({"length": 7})
    assert Memo([]).bound("v1").get_or_compute_many("k", [{"a": 1}, {"a": 2}], compute) == [{"length": 7}] * 2
    assert compute.calls == 2


def test_material_that_stays_in_process_is_not_walked_for_floats_and_a_float_only_misses():
    memo = Memo([MemoryStore(100, 60)], in_process_only=frozenset({"local"})).bound("v1")
    compute = Counter({"n": 1})
    assert memo.get_or_compute("local", {"a": 1.0}, compute) == {"n": 1}
    memo.get_or_compute("local", {"a": 1}, compute)
    assert compute.calls == 2  # 1.0 and 1 are two keys: a miss, never another content's value
    memo.get_or_compute("local", {"a": 1.0}, compute)
    assert compute.calls == 2


def test_material_that_may_go_to_redis_still_refuses_floats(redis_url):
    memo = Memo(
        [MemoryStore(100, 60), RedisStore(redis_url, 60, secret=SECRET)], in_process_only=frozenset({"local"})
    ).bound("v1")
    with pytest.raises(TypeError):
        memo.get_or_compute("shared", {"a": 1.0}, Counter({"n": 1}))
    assert memo.get_or_compute("local", {"a": 1.0}, Counter({"n": 1})) == {"n": 1}
