"""One checkout, in process: each case's endpoint CPU paired against its floor's in the same run.

    .venv/bin/python bench/floor_cpu.py [--rounds 7] [--batch 15] [cases...]          # cold (no memo)
    .venv/bin/python bench/floor_cpu.py --sealed [cases...]                            # cold, states sealed
    .venv/bin/python bench/floor_cpu.py --yardsticks [cases...]                        # warm, both tiers

Cold: a worker (``paired_cpu.serve``: ``bench_app.app`` through WSGI calls, no gunicorn) answers a batch
of the echo floor and then a batch of the endpoint with the same body, by turns, ``--rounds`` times;
printed per case: the median floor and endpoint ms of CPU per request and the median of floor over
endpoint (1.0 = as cheap as the floor), then the median and the lowest over the cases.

``--sealed`` gives the app a secret and sends each state with the seal the service answers it with,
as a client playing on from the service's own answers does (legal-moves, moves and score take it).

``--yardsticks`` measures the two warm tiers in one run, by turns: a Redis hit (``--memo redis``,
BENCH_REDIS_URL) against the floor plus one Redis GET (``/bench/echo-redis``), and a hit in the
in-process tier (``--memo memory``) against the floor. REDIS_SLOW_MS and REDIS_TIMEOUT_MS default
to 5000 and 2000 here, so that a loaded machine's slow reads never trip the breaker mid-measurement.

Without a case the 24 mid/end cases of ``bench/requests`` are measured.
"""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path

from paired_cpu import HERE, Side


def default_cases() -> list[str]:
    return [str(p) for p in sorted((HERE / "requests").glob("*-*-*-*p.json")) if "-mid-" in p.name or "-end-" in p.name]


def ratios(side: Side, index: int, floor: str, rounds: int, batch: int) -> tuple[float, float, float]:
    """Median floor ms, endpoint ms and floor/endpoint over ``rounds`` paired batches."""
    pairs = [(side.batch(index, floor, batch), side.batch(index, "endpoint", batch)) for _ in range(rounds)]
    med = statistics.median
    return med(f for f, _ in pairs), med(e for _, e in pairs), med(f / e for f, e in pairs)


def summary(label: str, values: list[float]) -> str:
    return f"{label}: median {statistics.median(values):.2f}, lowest {min(values):.2f}, highest {max(values):.2f}"


def cold(files: list[str], rounds: int, batch: int, seal: bool) -> None:
    if seal:
        os.environ["BENCH_SEALED"] = "1"
        os.environ.setdefault("CACHE_HMAC_SECRET", "bench-only-secret-not-for-deploys-0123456789")
    side = Side(HERE.parent, "none", files)
    print(
        f"cold{' (states sealed)' if seal else ''}, rounds={rounds} batch={batch}; "
        "ms of CPU per request, medians of the rounds"
    )
    print(f"{'case':34}{'floor':>8}{'cold':>8}{'floor/cold':>12}")
    found = []
    try:
        for index, file in enumerate(files):
            floor, endpoint, ratio = ratios(side, index, "floor", rounds, batch)
            found.append(ratio)
            print(f"{Path(file).stem:34}{floor:8.3f}{endpoint:8.3f}{ratio:12.2f}", flush=True)
    finally:
        side.close()
    print(summary("floor/cold", found))


def yardsticks(files: list[str], rounds: int, batch: int) -> None:
    # A hit's cost is measured, not the breaker's judgement: on a loaded machine Redis reads slower than
    # REDIS_SLOW_MS, and a bypassed Redis would be measured as computing.
    os.environ.setdefault("REDIS_SLOW_MS", "5000")
    os.environ.setdefault("REDIS_TIMEOUT_MS", "2000")
    sides = {"redis": Side(HERE.parent, "redis", files), "memory": Side(HERE.parent, "memory", files)}
    print(f"warm, rounds={rounds} batch={batch}; ms of CPU per request, medians of the rounds")
    print(f"{'case':34}{'+GET':>8}{'redis hit':>10}{'+GET/hit':>10}{'floor':>8}{'mem hit':>9}{'floor/hit':>11}")
    found: dict[str, list[float]] = {"redis": [], "memory": []}
    try:
        for index, file in enumerate(files):
            get_floor, redis_hit, redis_ratio = ratios(sides["redis"], index, "floor-redis", rounds, batch)
            floor, memory_hit, memory_ratio = ratios(sides["memory"], index, "floor", rounds, batch)
            found["redis"].append(redis_ratio)
            found["memory"].append(memory_ratio)
            print(
                f"{Path(file).stem:34}{get_floor:8.3f}{redis_hit:10.3f}{redis_ratio:10.2f}"
                f"{floor:8.3f}{memory_hit:9.3f}{memory_ratio:11.2f}",
                flush=True,
            )
    finally:
        for side in sides.values():
            side.close()
    print(summary("Redis hit against the floor plus one GET (target 0.9)", found["redis"]))
    print(summary("in-process tier against the floor (target 0.9)", found["memory"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("requests", nargs="*")
    parser.add_argument("--yardsticks", action="store_true")
    parser.add_argument("--sealed", action="store_true")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--batch", type=int, default=15)
    args = parser.parse_intermixed_args()
    files = [str(Path(f).resolve()) for f in args.requests] or default_cases()
    if args.yardsticks:
        yardsticks(files, args.rounds, args.batch)
    else:
        cold(files, args.rounds, args.batch, args.sealed)


if __name__ == "__main__":
    main()
