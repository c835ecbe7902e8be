"""Before and after on a machine whose speed drifts: two checkouts' apps answer the same cases in process,
by turns, in small batches, and each side's endpoint CPU is compared with its own floor's.

    .venv/bin/python bench/paired_cpu.py BEFORE_CHECKOUT [--memo none|memory|redis] [--rounds 7] [--batch 15] [cases...]

BEFORE_CHECKOUT is another working tree of this repository (``git worktree add /tmp/before <commit>``);
the after side is this one. Each side runs in a process of its own started in its checkout (so it imports
that checkout's ``service``), serves ``bench_app.app`` through WSGI calls (no gunicorn, no sockets), and
measures ``time.process_time`` over a batch of the floor (/bench/echo) and then of the endpoint, with the
same body. The sides take turns every batch, so minute-to-minute drift falls on both. Printed per case:
each side's median floor and endpoint ms, endpoint over floor, and the median over rounds of after over
before.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _environ(path: str, raw: bytes) -> dict:
    return {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": path,
        "SERVER_NAME": "bench",
        "SERVER_PORT": "80",
        "HTTP_HOST": "bench",
        "wsgi.url_scheme": "http",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(raw)),
        "wsgi.input": io.BytesIO(raw),
        "wsgi.errors": sys.stderr,
        "SERVER_PROTOCOL": "HTTP/1.1",
    }


def serve(memo: str, files: list[str]) -> None:
    """The worker side: reads ``index floor|endpoint count`` lines, answers with ms of CPU per request."""
    os.environ["BENCH_MEMO"] = memo
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    sys.path[:0] = [str(Path.cwd() / "bench"), str(Path.cwd())]
    import bench_app  # noqa: PLC0415 - this checkout's, found through the path just set
    from http_bench import read_case  # noqa: PLC0415

    app = bench_app.app
    cases = [read_case(Path(f)) for f in files]
    if os.environ.get("BENCH_SEALED"):
        cases = [sealed(app, case) for case in cases]

    def call(path: str, raw: bytes) -> None:
        b"".join(app(_environ(path, raw), lambda *_: None))

    for name, path, raw in cases:
        refuse_unless_ok(app, name, path, raw)
    for _, path, raw in cases:  # warm: compiled plans, the memo when it is one
        for _ in range(3):
            call(path, raw)
            call("/bench/echo", raw)
            if memo == "redis":
                call("/bench/echo-redis", raw)
    gc.freeze()
    print("ready", flush=True)
    for line in sys.stdin:
        index, kind, count = line.split()
        _, path, raw = cases[int(index)]
        target = {"floor": "/bench/echo", "floor-redis": "/bench/echo-redis"}.get(kind, path)
        started = time.process_time()
        for _ in range(int(count)):
            call(target, raw)
        print((time.process_time() - started) / int(count) * 1000, flush=True)


def refuse_unless_ok(app, name: str, path: str, raw: bytes) -> None:
    """A case (or its floor) answered other than 200 would measure an error page, not the work."""
    statuses: list[str] = []
    for target in (path, "/bench/echo"):
        b"".join(app(_environ(target, raw), lambda status, *_: statuses.append(status)))
        if not statuses[-1].startswith("200"):
            raise SystemExit(f"{name}: {target} answered {statuses[-1]}")


def sealed(app, case: tuple[str, str, bytes]) -> tuple[str, str, bytes]:
    """The case as a client playing on would send it: its state with the seal the service answered it
    with (the app needs CACHE_HMAC_SECRET); a route that takes no seal is left as it is."""
    from service.api.games import SEAL_FIELD, TAKES_SEAL, _sealer_for  # noqa: PLC0415

    name, path, raw = case
    game, op = path.split("/")[3:5]
    body = json.loads(raw)
    secret = app.config["SETTINGS"].cache_hmac_secret
    if op in TAKES_SEAL and "state" in body and secret:
        body[SEAL_FIELD] = _sealer_for(secret).seal(game, app.extensions["games"][game].cache_version, body["state"])
    return name, path, json.dumps(body).encode()


class Side:
    def __init__(self, checkout: Path, memo: str, files: list[str]):
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve", memo, *files],
            cwd=checkout,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        if self.process.stdout.readline().strip() != "ready":
            raise SystemExit(f"the worker in {checkout} did not start")

    def batch(self, index: int, kind: str, count: int) -> float:
        self.process.stdin.write(f"{index} {kind} {count}\n")
        self.process.stdin.flush()
        return float(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


def compare(before: Path, memo: str, rounds: int, batch: int, files: list[str]) -> None:
    sides = {"before": Side(before, memo, files), "after": Side(HERE.parent, memo, files)}
    print(f"memo={memo} rounds={rounds} batch={batch}; ms of CPU per request, medians of the rounds")
    print(f"{'case':34}{'floor':>7}{'before':>8}{'after':>8}{'b/floor':>9}{'a/floor':>9}{'a/b':>7}")
    try:
        for index, file in enumerate(files):
            seen: dict[str, list[tuple[float, float]]] = {"before": [], "after": []}
            for round_ in range(rounds):
                for name in ("before", "after") if round_ % 2 == 0 else ("after", "before"):
                    side = sides[name]
                    seen[name].append((side.batch(index, "floor", batch), side.batch(index, "endpoint", batch)))
            med = statistics.median
            floor = med(f for name in seen for f, _ in seen[name])
            b_end, a_end = (med(e for _, e in seen[name]) for name in ("before", "after"))
            b_rel, a_rel = (med(e / f for f, e in seen[name]) for name in ("before", "after"))
            paired = med(a[1] / b[1] for a, b in zip(seen["after"], seen["before"]))
            print(
                f"{Path(file).stem:34}{floor:7.3f}{b_end:8.3f}{a_end:8.3f}{b_rel:9.2f}{a_rel:9.2f}{paired:7.2f}",
                flush=True,
            )
    finally:
        for side in sides.values():
            side.close()


def main() -> None:
    if sys.argv[1:2] == ["--serve"]:  # a side, started by compare()
        serve(sys.argv[2], sys.argv[3:])
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", type=Path)
    parser.add_argument("requests", nargs="*")
    parser.add_argument("--memo", choices=["none", "memory", "redis"], default="none")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--batch", type=int, default=15)
    args = parser.parse_intermixed_args()
    files = [str(Path(f).resolve()) for f in args.requests] or [
        str(p) for p in sorted((HERE / "requests").glob("*-*-*-*p.json")) if "-mid-" in p.name or "-end-" in p.name
    ]
    compare(args.before.resolve(), args.memo, args.rounds, args.batch, files)


if __name__ == "__main__":
    main()
