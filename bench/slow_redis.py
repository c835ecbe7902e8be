"""A Redis slower than the work it saves must not slow the service down: throughput without
Redis against throughput with a Redis that takes ``--delay-ms`` per command (through the delaying proxy
of tests/faults.py), in one run on the same gunicorn configuration.

    .venv/bin/python bench/slow_redis.py                          # 40 ms, Redis db 14 on :6379
    .venv/bin/python bench/slow_redis.py --delay-ms 0 --seconds 5 # the same with a healthy Redis

Two pairs: a repeated request with Redis as the only tier (so every request would ask it) against no
cache at all; and distinct requests (every one a miss in memory, so every one would ask Redis) on the
production memo (memory, then Redis) against memory only. The breaker should bypass the slow Redis
within a few requests per worker.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.http_bench import free_port, load, read_case, start_server  # noqa: E402
from tests.faults import DelayProxy  # noqa: E402

WHITESPACE = b" \t\n\r"


def distinct(body: bytes, n: int) -> bytes:
    """``body`` followed by ``n`` written in whitespace: the same JSON, a different cache key."""
    tail = bytearray()
    while True:
        n, digit = divmod(n, 4)
        tail.append(WHITESPACE[digit])
        if not n:
            return body + b"\n" + bytes(tail)


def load_distinct(port: int, path: str, body: bytes, seconds: float, connections: int) -> dict:
    """Like http_bench.load, but no two requests carry the same bytes."""
    counter, lock = itertools.count(1), threading.Lock()

    def next_body() -> bytes:
        with lock:
            n = next(counter)
        return distinct(body, n)

    return load(port, path, next_body, seconds, connections)


def measure(memo: str, case: Path, seconds: float, connections: int, workers: int, unique: bool) -> dict:
    port = free_port()
    server = start_server(port, workers, memo)
    run = load_distinct if unique else load
    try:
        _name, path, body = read_case(case)
        run(port, path, body, 1.0, connections)  # warm up, and let the breakers judge
        return run(port, path, body, seconds, connections)
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--delay-ms", type=float, default=40)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/14")
    parser.add_argument(
        "--timeout-ms",
        type=int,
        default=200,
        help="REDIS_TIMEOUT_MS for the server: above the delay, so Redis is slow, not failing",
    )
    parser.add_argument("case", nargs="?", type=Path, default=ROOT / "bench/requests/newyork-score-6p-endgame.json")
    args = parser.parse_args()
    upstream = urlparse(args.redis)
    os.environ["REDIS_TIMEOUT_MS"] = str(args.timeout_ms)
    pairs = [
        ("repeated request", False, "none", "no cache", "redis", "Redis only"),
        ("distinct requests", True, "memory", "memory only", "tiered", "memory, then Redis"),
    ]
    print(
        f"case {args.case.name}, {args.workers} workers, {args.connections} connections, {args.seconds} s each, "
        f"REDIS_TIMEOUT_MS={args.timeout_ms}, Redis {args.delay_ms:g} ms per command"
    )
    for title, unique, fast_memo, fast_label, slow_memo, slow_label in pairs:
        baseline = measure(fast_memo, args.case, args.seconds, args.connections, args.workers, unique)
        with DelayProxy(upstream.port, delay=args.delay_ms / 1000, lifetime=args.seconds * 4 + 60) as proxy:
            os.environ["BENCH_REDIS_URL"] = f"{proxy.url}{upstream.path}"
            slow = measure(slow_memo, args.case, args.seconds, args.connections, args.workers, unique)
        print(title)
        for label, result in ((fast_label, baseline), (slow_label, slow)):
            print(
                f"  {label:<22}{result['rps']:>8.0f} rps  p50 {result['p50_ms']:>6.2f} ms  "
                f"p99 {result['p99_ms']:>7.2f} ms  non-200 {result['non_200']}"
            )
        print(f"  ratio {slow['rps'] / baseline['rps']:.2f}")


if __name__ == "__main__":
    main()
