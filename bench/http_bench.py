"""HTTP benchmark: the JSON-echo floor and real endpoints, side by side in one run.

    .venv/bin/python bench/http_bench.py                      # every bench/requests/*.json
    .venv/bin/python bench/http_bench.py --memo none --seconds 5 bench/requests/newyork-*.json

Each request file is {"path": "/v1/games/...", "body": {...}}, or a bare body named <game>-<route>-...
(posted to /v1/games/<game>/<route>; a name with no route in it is a score request). For each, the floor is the echo route answering the
same body on the same gunicorn configuration; the ratio is the endpoint's requests/s over the floor's.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(port: int, workers: int, memo: str) -> subprocess.Popen:
    env = dict(
        os.environ,
        PORT=str(port),
        WORKERS=str(workers),
        LOG_LEVEL="WARNING",
        PROMETHEUS_MULTIPROC_DIR=tempfile.mkdtemp(prefix="bench-metrics-"),
        BENCH_MEMO=memo,
    )
    env["PYTHONPATH"] = f"{ROOT}:{ROOT / 'bench'}"
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy" / "gunicorn.conf.py"), "bench_app:app"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(300):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            connection.getresponse().read()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("gunicorn did not start")


def worker_cpu_seconds(master: int) -> dict[int, float]:
    """User and system CPU seconds used so far by each of the gunicorn master's worker processes (Linux
    /proc), by pid."""
    clock = os.sysconf("SC_CLK_TCK")
    found = {}
    for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        found[int(pid)] = (int(fields[11]) + int(fields[12])) / clock
    return found


def cpu_used(before: dict[int, float], after: dict[int, float]) -> float:
    """The workers' CPU seconds between two readings; NaN when a worker was replaced in between (gunicorn's
    max_requests), since the new one's start-up would count as serving."""
    if set(before) != set(after):
        return float("nan")
    return sum(after[pid] - before[pid] for pid in after)


def load(
    port: int, path: str, body: bytes | Callable[[], bytes], seconds: float, connections: int, master: int | None = None
) -> dict:
    """``connections`` keep-alive clients posting ``body`` (or a new body from it, if callable) for
    ``seconds``; with the gunicorn ``master``'s pid, also the workers' CPU milliseconds per request."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds

    def worker() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        mine: list[float] = []
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            sent = body() if callable(body) else body
            connection.request("POST", path, sent, {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            mine.append(time.perf_counter() - started)
            if response.status != 200:
                with lock:
                    errors[0] += 1
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=worker) for _ in range(connections)]
    cpu_before = worker_cpu_seconds(master) if master else {}
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    cpu = cpu_used(cpu_before, worker_cpu_seconds(master)) if master else float("nan")
    latencies.sort()
    return {
        "rps": len(latencies) / elapsed,
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[int(len(latencies) * 0.99) - 1] * 1000,
        "requests": len(latencies),
        "non_200": errors[0],
        "cpu_ms": cpu * 1000 / max(len(latencies), 1),
    }


ROUTES = ("legal-moves", "moves", "validate", "replay", "view", "render", "setup", "score")


def read_case(path: Path) -> tuple[str, str, bytes]:
    """``{"path", "body"}``, or a bare body named ``<game>-<route>-...`` (any other name: score)."""
    data = json.loads(path.read_text())
    if "path" in data and "body" in data:
        return path.stem, data["path"], json.dumps(data["body"]).encode()
    game, _, rest = path.stem.partition("-")
    route = next((r for r in ROUTES if rest.startswith(r + "-") or rest == r), "score")
    return path.stem, f"/v1/games/{game}/{route}", json.dumps(data).encode()


def faults(args: argparse.Namespace) -> None:
    """The service as deployed (gevent workers, the real app, REDIS_URL), on bodies that differ on every
    request (so the in-process memo never hits and each request asks Redis, when there is one, first):
    no Redis; a redis-server of its own; the same behind a proxy adding ``--redis-delay-ms`` to every
    command; and no Redis with ``--slow-clients`` connections open that never finish their headers."""
    sys.path.insert(0, str(ROOT))
    from tests.faults import DelayProxy
    from tests.integration.live import distinct_chinatown_scores, gunicorn, redis_server, slow_header_clients

    path = "/v1/games/chinatown/score"
    secret = {"CACHE_HMAC_SECRET": "bench-hmac-secret-0123456789abcdef0123", "LOG_LEVEL": "WARNING"}

    def measure(name: str, env: dict[str, str], slow_clients: int = 0) -> None:
        with gunicorn({**secret, **env}, workers=args.workers) as server:
            load(server.port, path, distinct_chinatown_scores(), 0.5, 1)  # warm up
            with slow_header_clients(server.port, slow_clients):
                result = load(server.port, path, distinct_chinatown_scores(), args.seconds, args.connections)
        flag = "" if result["non_200"] == 0 else f"  ({result['non_200']} non-200 answers!)"
        print(
            f"{name:<34}{result['rps']:>9.0f}{result['p50_ms']:>9.2f}{result['p99_ms']:>9.2f}"
            f"{result['requests']:>10}{flag}",
            flush=True,
        )

    print(
        f"workers={args.workers} connections={args.connections} seconds={args.seconds} "
        f"load average={os.getloadavg()[0]:.2f}"
    )
    print(f"{'case':<34}{'rps':>9}{'p50 ms':>9}{'p99 ms':>9}{'requests':>10}")
    measure("no Redis", {})
    with redis_server() as redis:
        measure("Redis", {"REDIS_URL": redis.url})
        with DelayProxy(redis.port, args.redis_delay_ms / 1000) as proxy:
            slow_url = f"redis://:{redis.password}@127.0.0.1:{proxy.port}/0"
            measure(f"Redis slowed by {args.redis_delay_ms} ms", {"REDIS_URL": slow_url})
    measure(f"no Redis, {args.slow_clients} slow-header clients", {}, args.slow_clients)


def measure_case(port: int, master: int, file: Path, args: argparse.Namespace) -> None:
    """The floor and the endpoint, one after the other, ``rounds`` times: the ratio printed is the median of
    the rounds' ratios, with their range (the machine is shared, so one round can be unlucky). The CPU
    columns are the workers' CPU milliseconds per request, which the rest of the machine disturbs less.
    With ``--redis-floor`` each round also measures the floor with one Redis GET, and the endpoint's ratio
    to it is printed after the rest."""
    name, path, body = read_case(file)
    load(port, path, body, 0.5, 1)  # warm up (and warm the memo)
    if args.redis_floor:
        load(port, "/bench/echo-redis", body, 0.2, 1)
    rounds = []
    for _ in range(args.rounds):
        floor = load(port, "/bench/echo", body, args.seconds, args.connections, master)
        redis_floor = (
            load(port, "/bench/echo-redis", body, args.seconds, args.connections, master) if args.redis_floor else None
        )
        result = load(port, path, body, args.seconds, args.connections, master)
        rounds.append((result["rps"] / floor["rps"], floor, result, redis_floor))
    rounds.sort(key=lambda r: r[0])
    ratio, floor, result, _ = rounds[len(rounds) // 2]
    spread = f"{rounds[0][0]:.2f}-{rounds[-1][0]:.2f}"
    bad = sum(r[2]["non_200"] for r in rounds)
    flag = "" if bad == 0 else f"  ({bad} non-200 answers!)"
    extra = ""
    if args.redis_floor:
        to_redis = sorted(r[2]["rps"] / r[3]["rps"] for r in rounds)
        extra = (
            f"{statistics.median(to_redis):>9.2f}{f'{to_redis[0]:.2f}-{to_redis[-1]:.2f}':>12}"
            f"{_median_known(r[3]['cpu_ms'] for r in rounds):>10.2f}"
        )
    print(
        f"{name:<34}{len(body) / 1024:>9.1f}{floor['rps']:>11.0f}{result['rps']:>9.0f}"
        f"{result['p50_ms']:>9.2f}{result['p99_ms']:>9.2f}{ratio:>8.2f}{spread:>12}"
        f"{_median_known(r[1]['cpu_ms'] for r in rounds):>10.2f}"
        f"{_median_known(r[2]['cpu_ms'] for r in rounds):>8.2f}{extra}{flag}",
        flush=True,
    )


def _median_known(values) -> float:
    known = [v for v in values if v == v]  # NaN (a worker replaced mid-measurement) is unknown
    return statistics.median(known) if known else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("requests", nargs="*", type=Path)
    parser.add_argument(
        "--faults", action="store_true", help="measure the fault cases instead (no/own/slow Redis, slow-header clients)"
    )
    parser.add_argument("--redis-delay-ms", type=int, default=40, help="with --faults: added per Redis command")
    parser.add_argument(
        "--slow-clients", type=int, default=16, help="with --faults: connections that never finish their headers"
    )
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="floor-then-endpoint measurements per case; the median ratio is printed, with the range",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--memo", choices=["none", "memory", "redis", "tiered"], default="memory")
    parser.add_argument(
        "--redis-floor",
        action="store_true",
        help="also measure the floor with one Redis GET (/bench/echo-redis) and the ratio to it",
    )
    args = parser.parse_args()
    if args.faults:
        faults(args)
        return
    files = args.requests or sorted((ROOT / "bench" / "requests").glob("*.json"))
    port = free_port()
    server = start_server(port, args.workers, args.memo)
    try:
        print(
            f"memo={args.memo} workers={args.workers} connections={args.connections} seconds={args.seconds} "
            f"rounds={args.rounds} load average={os.getloadavg()[0]:.2f}"
        )
        print(
            f"{'case':<34}{'body KiB':>9}{'floor rps':>11}{'rps':>9}{'p50 ms':>9}{'p99 ms':>9}{'ratio':>8}"
            f"{'spread':>12}{'floor cpu':>10}{'cpu ms':>8}"
            + (f"{'to +GET':>9}{'spread':>12}{'+GET cpu':>10}" if args.redis_floor else "")
        )
        for file in files:
            measure_case(port, server.pid, file, args)
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
