"""The cold cases by instruction count: each case's floor and endpoint under valgrind's callgrind, whose
counts the rest of a shared machine does not move.

    .venv/bin/python bench/callgrind_cases.py [--sealed] [--memo none|memory] [--calls 5] [cases...]

One Python process under ``valgrind --tool=callgrind`` imports ``bench_app`` (no memo, as
``floor_cpu.py``), answers every case a few times to warm up, then per case ``--calls`` floor requests
(/bench/echo) and as many endpoint requests, through WSGI calls. After each run it calls ``math.lcm()``,
which nothing else in the service calls: callgrind is told to dump its counters after that function
(``--dump-after=math_lcm``), so each dump holds exactly one run's instructions. Printed per case: millions
of instructions per request, floor and endpoint, and floor over endpoint; then the median and the
lowest over the cases. ``--sealed`` sends each state with its seal, as ``floor_cpu.py --sealed``.
``--memo memory`` measures warm hits instead: the in-process memo (``BENCH_MEMO=memory``) is filled by
the warm-up, so every counted endpoint request is answered from it (its key, the lookup, the answer's
headers); the floor is the same.
The runs are made repeatable: the hash seed is fixed (``PYTHONHASHSEED=0``: string hashes, and so set
orders, are the same in every run) and the cyclic garbage collector is off after the warm-up (a
collection would land in whichever run crosses its threshold), so its cost is not in the counts; the
request deadline is the longest allowed (20 s), as a request under callgrind runs many times slower.
Without a case the 24 mid/end cases of ``bench/requests`` are measured. Takes a few minutes.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MARKER = "math_lcm"


def inside(files: list[str], calls: int) -> None:
    """The side under callgrind: warm up, then each case's floor and endpoint runs, a dump after each."""
    os.environ["BENCH_MEMO"] = os.environ.get("CALLGRIND_MEMO", "none")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    sys.path[:0] = [str(HERE), str(HERE.parent)]
    import bench_app  # noqa: PLC0415
    from http_bench import read_case  # noqa: PLC0415
    from paired_cpu import _environ, refuse_unless_ok, sealed  # noqa: PLC0415

    app = bench_app.app
    cases = [read_case(Path(f)) for f in files]
    if os.environ.get("BENCH_SEALED"):
        cases = [sealed(app, case) for case in cases]

    def call(path: str, raw: bytes) -> None:
        b"".join(app(_environ(path, raw), lambda *_: None))

    for name, path, raw in cases:
        refuse_unless_ok(app, name, path, raw)
    for _, path, raw in cases:
        for _ in range(2):
            call(path, raw)
            call("/bench/echo", raw)
    gc.collect()
    gc.freeze()
    gc.disable()  # a collection would land in whichever run crosses its threshold
    math.lcm()  # dump: start-up and warm-up
    for _, path, raw in cases:
        for target in ("/bench/echo", path):
            for _ in range(calls):
                call(target, raw)
            math.lcm()


def totals(directory: Path, pid_prefix: str) -> list[int]:
    """The instruction totals of the dumps ``--dump-after`` made, in order (the last file, written at
    exit, is not one of them)."""
    found = []
    for path in directory.glob(f"{pid_prefix}.*"):
        text = path.read_text(errors="replace")
        if f"--dump-after={MARKER}" not in text:
            continue
        part = int(re.search(r"^part: (\d+)", text, re.M).group(1))
        found.append((part, int(re.search(r"^totals: (\d+)", text, re.M).group(1))))
    return [total for _, total in sorted(found)]


def main() -> None:
    if sys.argv[1:2] == ["--inside"]:
        inside(sys.argv[3:], int(sys.argv[2]))
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("requests", nargs="*")
    parser.add_argument("--calls", type=int, default=5)
    parser.add_argument("--sealed", action="store_true")
    parser.add_argument("--memo", choices=("none", "memory"), default="none")
    args = parser.parse_intermixed_args()
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    files = [str(Path(f).resolve()) for f in args.requests] or [
        str(p) for p in sorted((HERE / "requests").glob("*-*-*-*p.json")) if "-mid-" in p.name or "-end-" in p.name
    ]
    # The same set and dict orders in every run; and the longest deadline: under callgrind a request runs
    # some fifty times slower, and one the real-time deadline cut short would be counted as a 503's work.
    env = dict(os.environ, PYTHONHASHSEED="0", REQUEST_DEADLINE_MS="20000", CALLGRIND_MEMO=args.memo)
    if args.sealed:
        env["BENCH_SEALED"] = "1"
        env.setdefault("CACHE_HMAC_SECRET", "bench-only-secret-not-for-deploys-0123456789")
    out = Path(tempfile.mkdtemp(prefix="bench-callgrind-"))
    subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}/cg.out",
            f"--dump-after={MARKER}",
            sys.executable,
            str(Path(__file__).resolve()),
            "--inside",
            str(args.calls),
            *files,
        ],
        check=True,
        env=env,
        cwd=HERE.parent,
        stderr=subprocess.DEVNULL,
    )
    runs = totals(out, "cg.out")[1:]  # the first is start-up and warm-up
    if len(runs) != 2 * len(files):
        raise SystemExit(f"expected {2 * len(files)} dumps after the warm-up, found {len(runs)} in {out}")
    side = "warm" if args.memo == "memory" else "cold"
    print(
        f"{'warm hits (memo: memory)' if side == 'warm' else 'cold'}{' (states sealed)' if args.sealed else ''}, "
        f"{args.calls} requests per run; millions of instructions per request"
    )
    print(f"{'case':34}{'floor':>8}{side:>8}{'floor/' + side:>12}")
    ratios = []
    for index, file in enumerate(files):
        floor, endpoint = (runs[2 * index + side] / args.calls / 1e6 for side in (0, 1))
        ratios.append(floor / endpoint)
        print(f"{Path(file).stem:34}{floor:8.2f}{endpoint:8.2f}{ratios[-1]:12.2f}")
    print(f"floor/{side}: median {statistics.median(ratios):.2f}, lowest {min(ratios):.2f}, highest {max(ratios):.2f}")
    shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
