"""Memory is bounded in bytes (CACHE_MAX_BYTES), not entries: many distinct large answers never make
the in-process cache exceed its budget, and the worker's memory levels off."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from service import create_app
from service.cache.stores import ENTRY_OVERHEAD, MemoryStore, entry_size

ROOT = Path(__file__).resolve().parents[2]
MiB = 1024 * 1024


def test_the_store_never_holds_more_bytes_than_its_budget():
    store = MemoryStore(max_entries=1_000_000, ttl_seconds=60, max_bytes=MiB)
    text = "x" * 20_000
    for i in range(500):
        store.put({f"k{i}": text})
        assert store.bytes <= MiB
    assert len(store) == MiB // entry_size("k100", text)
    assert store.fetch(["k499"]) == {"k499": text} and store.fetch(["k0"]) == {}


def test_every_entry_is_charged_its_key_its_text_and_the_bookkeeping():
    store = MemoryStore(max_entries=10, ttl_seconds=60, max_bytes=MiB)
    store.put({"key": "value", "k2": "é" * 100})
    assert store.bytes == entry_size("key", "value") + entry_size("k2", "é" * 100)
    assert entry_size("key", "value") == sys.getsizeof("key") + sys.getsizeof("value") + ENTRY_OVERHEAD
    assert entry_size("k", "é" * 100) > entry_size("k", "e" * 100)  # wider characters cost more


def test_an_entry_larger_than_a_sixteenth_of_the_budget_is_not_kept():
    store = MemoryStore(max_entries=10, ttl_seconds=60, max_bytes=MiB)
    store.put({"small": "s" * 1000, "large": "L" * (MiB // 16)})
    assert store.fetch(["small", "large"]) == {"small": "s" * 1000}


def test_the_entry_count_still_bounds_many_tiny_entries():
    store = MemoryStore(max_entries=3, ttl_seconds=60, max_bytes=MiB)
    store.put({str(i): "1" for i in range(10)})
    assert len(store) == 3


def render_bodies(count):
    """Distinct request bodies (the cache key is the body's hash) whose answers are 73 KB pictures."""
    state = json.loads((ROOT / "bench/requests/chinatown-income-5p-round6.json").read_text())["state"]
    text = json.dumps({"state": state})
    return [(text + " " * i).encode() for i in range(count)]


def test_answers_through_the_app_never_exceed_the_budget():
    app = create_app({"redis_url": None, "cache_max_bytes": 2 * MiB})
    client, store = app.test_client(), app.extensions["memo"].stores[0]
    largest = 0
    for body in render_bodies(60):
        response = client.post("/v1/games/chinatown/render", data=body, content_type="application/json")
        assert response.status_code == 200 and len(response.data) > 60_000
        largest = max(largest, store.bytes)
        assert store.bytes <= 2 * MiB
    assert largest > 1.5 * MiB  # the budget was reached, and held


RSS_SCRIPT = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, {root!r})
    from tests.cache.test_memory_bound import render_bodies
    from service import create_app

    def rss():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * 4096

    app = create_app({{"redis_url": None, "cache_max_bytes": {budget}}})
    client, store = app.test_client(), app.extensions["memo"].stores[0]
    samples, answered = [], 0
    for i, body in enumerate(render_bodies({count})):
        response = client.post("/v1/games/chinatown/render", data=body, content_type="application/json")
        answered += len(response.data)
        assert store.bytes <= {budget}
        if (i + 1) % {every} == 0:
            samples.append(rss())
    print(json.dumps({{"rss": samples, "answered": answered, "entries": len(store)}}))
""")


def test_the_worker_memory_levels_off_under_many_distinct_large_answers():
    """1,200 distinct 73 KB answers (88 MB in all) through an app with a 16 MiB budget, in a process of
    its own: its RSS after the first third and at the end differ by far less than what was answered.
    A generous bound (8 MiB of drift) against the 58 MB the last two thirds would add unbounded."""
    budget, count, every = 16 * MiB, 1200, 400
    script = RSS_SCRIPT.format(root=str(ROOT), budget=budget, count=count, every=every)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    first, *_, last = report["rss"]
    assert report["answered"] > 80 * 1000 * 1000
    assert report["entries"] < 16 * MiB // 70_000
    assert last - first < 8 * MiB, report


def test_the_cache_bytes_are_in_the_metrics():
    app = create_app({"redis_url": None, "cache_max_bytes": 2 * MiB})
    client = app.test_client()
    client.post("/v1/games/chinatown/render", data=render_bodies(1)[0], content_type="application/json")
    metrics = client.get("/metrics").get_data(as_text=True)
    (line,) = [l for l in metrics.splitlines() if l.startswith('citygames_cache_bytes{tier="memory"}')]
    assert float(line.split()[-1]) == app.extensions["memo"].stores[0].bytes > 70_000


def test_the_queue_of_redis_writes_is_bounded_in_bytes_too(redis_url):
    """While Redis is slow to take writes, what waits for it stays under its share; the rest is
    dropped and counted (a write is only ever an optimisation)."""
    from urllib.parse import urlparse

    from prometheus_client import REGISTRY

    from service.cache.stores import RedisStore
    from tests.faults import DelayProxy

    from .support import SECRET

    def dropped():
        return REGISTRY.get_sample_value("citygames_cache_write_errors_total", {"tier": "redis"}) or 0

    upstream = urlparse(redis_url)
    with DelayProxy(upstream.port, delay=0.3, lifetime=30) as proxy:
        store = RedisStore(
            f"{proxy.url}{upstream.path}", 60, secret=SECRET.encode(), timeout_ms=3000, max_pending_bytes=100_000
        )
        before = dropped()
        for i in range(10):
            store.put({f"cg:t.queue:v1:{i}": "v" * 30_000})
            assert store._pending_bytes <= 100_000
        assert dropped() - before >= 6
        assert store.flush(timeout=10)
        assert store._pending_bytes == 0
