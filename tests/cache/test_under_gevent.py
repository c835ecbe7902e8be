"""The Redis tier under gevent's monkeypatching (the serving worker class may be gevent): the background
writer, the breaker and many concurrent requests work when threads and sockets are greenlets.
Runs in a process of its own (monkeypatching must come first), with the delaying proxy in this one (in real
threads, so that it forwards however busy the child's greenlets are); skipped when gevent is not installed."""

import importlib.util
import json
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.faults import DelayProxy

from .support import SECRET

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent("""
    from gevent import monkey
    monkey.patch_all()

    import json, sys, time
    import gevent
    sys.path.insert(0, {root!r})
    from service import create_app

    def parent_sets_delay(delay):
        # the proxy runs in the test's own process, in real threads: asked here, set there, then go on
        print("delay", delay, flush=True)
        sys.stdin.readline()

    def bodies(start, count):
        return [json.dumps({{"state": {{"board": {{}}}}}}) + " " * i for i in range(start, start + count)]

    def post_in_waves(client, start, count, wave):
        return sorted({{status for first in range(start, start + count, wave)
                        for status in post_concurrently(client, bodies(first, wave))}})

    def post_concurrently(client, items):
        jobs = [gevent.spawn(client.post, "/v1/games/chinatown/score", data=b, content_type="application/json")
                for b in items]
        gevent.joinall(jobs, timeout=100)
        return sorted({{job.value.status_code for job in jobs}})

    report = {{}}
    # No verdict here may hang on the machine's speed. A healthy read is judged against a 5 s budget,
    # which only a process kept off the cores for seconds misses (a read's time excludes the CPU its
    # process spent meanwhile, not the time it waited for a core); a slow one is 1 s behind the proxy,
    # a floor four times over its 250 ms budget that no machine can undercut, and still 4 s short of
    # the 5 s timeout that would call it down. Requests go in waves (ten, four when slow): a wave's CPU,
    # which a read's greenlet may wait for, stays a fraction of a second even at load 10 (held at load 21).
    # Flushing and recovery are bounded by tries, not by short waits.
    healthy = {{"redis_url": {proxy_url!r} + {db!r}, "cache_hmac_secret": {secret!r}, "redis_timeout_ms": 5000,
               "redis_slow_ms": 5000}}
    app = create_app(healthy)
    client, store = app.test_client(), app.extensions["memo"].stores[1]
    report["fast"] = post_in_waves(client, 0, 30, 10)
    report["flushed"] = store.flush(60)
    fresh = create_app(healthy)
    report["shared"] = post_in_waves(fresh.test_client(), 0, 30, 10)
    report["shared_state"] = fresh.extensions["memo"].stores[1].breaker.state
    slow_app = create_app({{**healthy, "redis_slow_ms": 250, "breaker_reset_seconds": 0.3}})
    slow_client, slow_store = slow_app.test_client(), slow_app.extensions["memo"].stores[1]
    parent_sets_delay(1.0)
    report["slow"] = post_in_waves(slow_client, 100, 12, 4)
    report["slow_state"] = (slow_store.breaker.state, slow_store.breaker.reason)
    parent_sets_delay(0.0)
    for _ in range(20):
        time.sleep(0.3)  # the reset: the next request probes Redis again
        post_concurrently(slow_client, bodies(1000 + _, 1))
        if slow_store.breaker.state == "closed":
            break
    report["recovered"] = slow_store.breaker.state
    print(json.dumps(report))
""")


@pytest.mark.skipif(importlib.util.find_spec("gevent") is None, reason="gevent is not installed")
def test_the_redis_tier_works_under_gevent_monkeypatching(redis_url):
    upstream = urlparse(redis_url)
    with DelayProxy(upstream.port, delay=0.0, lifetime=300) as proxy:
        script = SCRIPT.format(root=str(ROOT), proxy_url=proxy.url, db=upstream.path, secret=SECRET)
        errors = tempfile.TemporaryFile(mode="w+")
        child = subprocess.Popen(
            [sys.executable, "-c", script],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            cwd=ROOT,
        )
        lines = []
        for line in child.stdout:
            lines.append(line)
            if line.startswith("delay "):
                proxy.delay = float(line.split()[1])
                child.stdin.write("go\n")
                child.stdin.flush()
        status = child.wait(timeout=600)
        errors.seek(0)
        assert status == 0, errors.read()[-3000:]
    report = json.loads(lines[-1])
    assert report["fast"] == report["shared"] == report["slow"] == [200]
    assert report["flushed"] and report["shared_state"] == "closed", report
    assert report["slow_state"] == ["open", "slow"], report
    assert report["recovered"] == "closed", report
