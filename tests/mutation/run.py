"""A sampled mutation run over the engines' rule modules.

    python -m tests.mutation --sample 200 --seed 1 --jobs 2

Draws mutants evenly across the four games from the rule modules (RULE_MODULES), reproducibly by
``--seed``: a comparison operator flipped (< <=, > >=, == !=), an integer constant moved by one,
``and``/``or`` swapped, a ``not`` dropped or an ``if``/``while`` condition negated.

Each job keeps one copy of the repository's tracked files in a temporary directory (the working tree is
never touched), compiled once with hash-checked bytecode so only the mutated module is recompiled. A
baseline first runs each game's tests (its conformance cases and its test folder) on the unmutated code,
timing every test, then once more fastest first; a mutant then runs that same list, fastest first, with
``-x``, so most mutants stop at their first failing test and a survivor has passed every one of the
game's tests. ``--recheck RESULTS --out OTHER`` runs again only what RESULTS lists as survived or timed
out (after new tests were written for them), with the same draw. A mutant that runs longer than
``--timeout-factor`` times the unmutated ordered run (at least ``--timeout-floor`` seconds) counts as a
timeout, reported apart and counted killed. Every outcome, the test that killed each mutant, and the
survivors go to tests/mutation/RESULTS.md as the run goes; a hand-written section from a ``## Notes``
heading on is kept.
"""

from __future__ import annotations

import argparse
import ast
import compileall
import json
import os
import py_compile
import queue
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("newyork", "alhambra", "chinatown", "skyline3000", "fifthavenue")
RULE_MODULES = (
    "moves",
    "rules",
    "validate",
    "scoring",
    "board",
    "city",
    "flow",
    "turns",
    "pool",
    "cards",
    "auction",
    "construction",
    "reveal",
    "setup",
    "book",
    "checks",
    "effects",
    "candidates",
    "hidden",
)
FLIPS = {ast.Lt: "<=", ast.LtE: "<", ast.Gt: ">=", ast.GtE: ">", ast.Eq: "!=", ast.NotEq: "=="}


@dataclass(frozen=True)
class Mutant:
    game: str
    path: str  # relative to ROOT
    line: int
    kind: str
    before: str
    after: str
    start: tuple[int, int]  # (line, col) of the replaced source segment, 1-based line, byte col
    end: tuple[int, int]

    def label(self) -> str:
        return f"{self.path}:{self.line} {self.kind}: `{self.before}` -> `{self.after}`"


def rule_modules(game: str) -> list[Path]:
    folder = ROOT / "service" / "engine" / game
    return sorted(p for p in folder.glob("*.py") if p.stem in RULE_MODULES)


def in_docstring_or_annotation(node: ast.AST, parents: dict) -> bool:
    parent = parents.get(node)
    while parent is not None:
        if isinstance(parent, (ast.arg, ast.AnnAssign)) and node is not getattr(parent, "value", None):
            return True
        node, parent = parent, parents.get(parent)
    return False


def sites(game: str, path: Path) -> list[Mutant]:
    source = path.read_text()
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    rel = str(path.relative_to(ROOT))
    found: list[Mutant] = []

    def add(node: ast.AST, kind: str, after: str):
        before = ast.get_source_segment(source, node)
        if before is None or before == after or "\n" in before:
            return
        found.append(
            Mutant(
                game,
                rel,
                node.lineno,
                kind,
                before,
                after,
                (node.lineno, node.col_offset),
                (node.end_lineno, node.end_col_offset),
            )
        )

    for node in ast.walk(tree):
        if in_docstring_or_annotation(node, parents):
            continue
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in FLIPS:
            flipped = ast.Compare(node.left, [_op(FLIPS[type(node.ops[0])])], node.comparators)
            add(node, "comparison flipped", ast.unparse(flipped))
        elif (
            isinstance(node, ast.Constant)
            and type(node.value) is int
            and not isinstance(parents.get(node), ast.Subscript)
        ):
            add(node, "integer +1", str(node.value + 1))
            add(node, "integer -1", str(node.value - 1))
        elif isinstance(node, ast.BoolOp):
            other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
            add(node, "and/or swapped", ast.unparse(ast.BoolOp(other, node.values)))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            add(node, "not dropped", ast.unparse(node.operand))
        elif isinstance(node, (ast.If, ast.While)) and not isinstance(node.test, ast.UnaryOp):
            add(node.test, "condition negated", f"not ({ast.unparse(node.test)})")
    return found


def _op(text: str) -> ast.cmpop:
    return {"<": ast.Lt(), "<=": ast.LtE(), ">": ast.Gt(), ">=": ast.GtE(), "==": ast.Eq(), "!=": ast.NotEq()}[text]


def draw(sample: int, seed: int) -> list[Mutant]:
    rnd = random.Random(seed)
    per_game = {g: [m for p in rule_modules(g) for m in sites(g, p)] for g in GAMES}
    chosen: list[Mutant] = []
    for i, game in enumerate(GAMES):
        share = sample // len(GAMES) + (1 if i < sample % len(GAMES) else 0)
        chosen += rnd.sample(per_game[game], min(share, len(per_game[game])))
    rnd.shuffle(chosen)
    return chosen


def apply_mutant(root: Path, mutant: Mutant) -> None:
    path = root / mutant.path
    lines = path.read_text().splitlines(keepends=True)
    (l1, c1), (l2, c2) = mutant.start, mutant.end
    assert l1 == l2
    raw = lines[l1 - 1].encode()
    lines[l1 - 1] = (raw[:c1] + mutant.after.encode() + raw[c2:]).decode()
    path.write_text("".join(lines))


def copy_tree(root: Path) -> None:
    """Every file git tracks or would (tests read bench requests, the contract, data), as the working tree has it,
    compiled with hash-checked bytecode: a mutated module's source no longer matches its bytecode, so
    it is recompiled, and once restored it matches again whatever the files' times."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, root / name)
    compileall.compile_dir(root / "service", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)


# The game tests use neither schemathesis's nor anyio's plugin; loading them costs every mutant a second.
PYTEST = [
    sys.executable,
    "-m",
    "pytest",
    "-q",
    "-rfE",
    "-p",
    "no:cacheprovider",
    "-p",
    "no:schemathesis",
    "-p",
    "no:anyio",
    "-p",
    "tests.mutation.timing",
    "-o",
    "addopts=",
]


@dataclass
class Run:
    returncode: int | None  # None: timed out
    summary: str = ""
    killer: str | None = None  # the first failing test (or module that failed to import)
    tests: list[dict] = field(default_factory=list)
    cpu: float = 0.0
    wall: float = 0.0


def pytest(root: Path, args: list[str], timeout: float) -> Run:
    handle, name = tempfile.mkstemp(prefix="timing-", suffix=".json", dir=root)
    os.close(handle)
    timing = Path(name)
    started = time.monotonic()
    try:
        done = subprocess.run(
            PYTEST + args,
            cwd=root,
            env={**os.environ, "MUTATION_TIMING": str(timing)},
            capture_output=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        timing.unlink()
        return Run(None, wall=time.monotonic() - started)
    run = Run(done.returncode, wall=time.monotonic() - started)
    text = done.stdout.decode(errors="replace")
    lines = (text or done.stderr.decode(errors="replace")).strip().splitlines()
    run.summary = lines[-1].strip("= ") if lines else ""
    run.killer = next(
        (
            line.split(" ", 1)[1].split(" - ", 1)[0]
            for line in text.splitlines()
            if line.startswith(("FAILED ", "ERROR "))
        ),
        None,
    )
    if timing.stat().st_size:
        report = json.loads(timing.read_text())
        run.tests, run.cpu = report["tests"], report["cpu_seconds"]
    timing.unlink()
    return run


@dataclass
class Baseline:
    """A game's tests on the unmutated code, their order for the next mutant, and how long they took."""

    game: str
    natural: list[str]  # pytest arguments selecting the game's tests
    seconds: dict[str, float] = field(default_factory=dict)  # node id -> seconds, unmutated
    kills: Counter = field(default_factory=Counter)  # node id -> mutants it killed so far in this run
    runs: list[Run] = field(default_factory=list)  # folder order, then fastest first
    note: str = ""

    @property
    def ok(self) -> bool:
        return len(self.runs) == 2 and self.runs[1].returncode == 0

    def order(self) -> list[str]:
        """The tests that killed most mutants of this game so far first, then the fastest first: a mutant
        is most likely stopped early, and one that survives has passed every test all the same."""
        return sorted(self.seconds, key=lambda t: (-self.kills[t], self.seconds[t]))

    def timeout(self, factor: float, floor: float) -> float:
        return max(floor, factor * max(r.wall for r in self.runs))


def baseline(root: Path, game: str, limit: float) -> Baseline:
    base = Baseline(game, ["tests/conformance", f"tests/{game}", "-k", game])
    base.runs.append(pytest(root, base.natural, limit))
    if base.runs[0].returncode != 0:
        base.note = f"unmutated tests fail: {base.runs[0].killer or base.runs[0].summary}"
        return base
    base.seconds = {t["nodeid"]: t["seconds"] for t in base.runs[0].tests}
    base.runs.append(pytest(root, ["-x"] + base.order(), limit))
    if base.runs[1].returncode != 0:
        base.note = f"fastest first, unmutated tests fail: {base.runs[1].killer or base.runs[1].summary}"
    return base


def run_one(root: Path, mutant: Mutant, base: Baseline, timeout: float) -> Run:
    """One mutant applied to the job's copy, its game's tests run, the mutant undone."""
    path = root / mutant.path
    original = path.read_bytes()
    apply_mutant(root, mutant)
    try:
        run = pytest(root, ["-x"] + base.order(), timeout)
        if run.returncode in (4, 5):  # the mutant changed what is collected: run the folder as it is
            run = pytest(root, ["-x"] + base.natural, timeout)
    finally:
        path.write_bytes(original)
    return run


def status(run: Run) -> str:
    if run.returncode is None:
        return "timeout"
    if run.returncode == 0:
        return "survived"
    how = "killed" if run.returncode == 1 else f"killed (pytest exit {run.returncode})"
    return f"{how} [{run.summary}]"


def commit(out: Path) -> str:
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    changed = subprocess.run(
        ["git", "status", "--porcelain", "service", "tests"], cwd=ROOT, capture_output=True, text=True
    ).stdout.splitlines()
    mine = str(out.resolve().relative_to(ROOT)) if out.resolve().is_relative_to(ROOT) else None
    dirty = [line for line in changed if line[3:] != mine]  # the results file itself does not count
    return head + (" with uncommitted changes under service/ or tests/" if dirty else "")


def options(args) -> str:
    parts = [f"--sample {args.sample}", f"--seed {args.seed}", f"--jobs {args.jobs}"]
    if args.game:
        parts.append(f"--game {args.game}")
    if args.budget:
        parts.append(f"--budget {args.budget}")
    if args.recheck:
        parts.append(f"--recheck {args.recheck.as_posix()} --out {args.out.as_posix()}")
    return " ".join(parts)


ENTRY = re.compile(
    r"^- (?P<status>.+?)(?: by `(?P<killer>[^`]+)`)? \((?P<wall>\d+) s, (?P<cpu>\d+) s CPU\): (?P<label>.+)$"
)


def listed(text: str) -> Iterator[re.Match]:
    """The entries of a results file's "Every mutant" list, as ENTRY matches."""
    for line in text.split("## Every mutant", 1)[-1].split("\n## Notes", 1)[0].splitlines():
        if found := ENTRY.match(line):
            yield found


def earlier(path: Path, mutants: list[Mutant]) -> tuple[list[tuple[Mutant, Run]], float, str]:
    """The outcomes an earlier (stopped) run wrote to ``path`` for mutants still drawn, its wall time and
    the commit it ran on, so that ``--resume`` runs only the rest."""
    if not path.exists():
        return [], 0.0, ""
    text = path.read_text()
    by_label = {m.label(): m for m in mutants}
    outcomes = []
    for found in listed(text):
        if found["label"] in by_label:
            status = found["status"]
            code = 0 if status == "survived" else None if status == "timeout" else 1
            if exit_code := re.match(r"killed \(pytest exit (\d+)\)", status):
                code = int(exit_code[1])
            summary = status[status.index("[") + 1 : -1] if "[" in status else ""
            outcomes.append(
                (
                    by_label[found["label"]],
                    Run(code, summary, found["killer"], cpu=float(found["cpu"]), wall=float(found["wall"])),
                )
            )
    wall = re.search(r"wall time: (\d+) s", text)
    revision = re.search(r"^Code: commit (.+)\.$", text, re.M)
    return outcomes, float(wall[1]) if wall else 0.0, revision[1] if revision else ""


def not_killed(path: Path) -> set[str]:
    """The labels of the mutants that ``path`` lists as survived or timed out."""
    return {
        found["label"] for found in listed(path.read_text()) if found["status"].split(" ")[0] in ("survived", "timeout")
    }


def write_results(
    path: Path,
    args,
    baselines: dict[str, Baseline],
    outcomes: list[tuple[Mutant, Run]],
    wall: float,
    drawn: int,
    revision: str,
) -> None:
    notes = ""
    if path.exists() and "\n## Notes" in (old := path.read_text()):
        notes = old[old.index("\n## Notes") + 1 :]
    statuses = [status(r).split(" ")[0] for _, r in outcomes]
    run, killed = len(outcomes), statuses.count("killed")
    lines = [
        "# Mutation run results",
        "",
        f"Command: `nice -n 10 .venv/bin/python -m tests.mutation {options(args)}` (timeout per mutant: "
        f"{args.timeout_factor:g} x its game's slower unmutated run, at least {args.timeout_floor:g} s).",
        "",
        f"Code: commit {revision}.",
        "",
        f"Mutants drawn: {drawn}; run: {run}; killed by a failing test: {killed}; timeouts: "
        f"{statuses.count('timeout')}; survived: {statuses.count('survived')}; killed share (tests only): "
        f"{100 * killed / run:.0f}%; wall time: {wall:.0f} s on {args.jobs} jobs."
        if run
        else f"Mutants drawn: {drawn}; none run yet.",
        "",
        "Unmutated baselines (the game's conformance cases and test folder; wall and CPU seconds):",
        "",
        "| game | tests | folder order | fastest first | mutant timeout | note |",
        "|---|---|---|---|---|---|",
    ]
    for game, b in baselines.items():
        runs = [f"{r.wall:.0f} s ({r.cpu:.0f} s CPU)" for r in b.runs] + ["-", "-"]
        timeout = f"{b.timeout(args.timeout_factor, args.timeout_floor):.0f} s" if b.ok else "-"
        lines.append(f"| {game} | {len(b.seconds)} | {runs[0]} | {runs[1]} | {timeout} | {b.note} |")
    lines += [
        "",
        "| game | run | killed | timeout | survived | median wall s | median CPU s |",
        "|---|---|---|---|---|---|---|",
    ]
    for game in GAMES:
        mine = [(status(r).split(" ")[0], r) for m, r in outcomes if m.game == game]
        walls, cpus = sorted(r.wall for _, r in mine), sorted(r.cpu for _, r in mine)

        def median(xs):
            return f"{xs[len(xs) // 2]:.0f}" if xs else "-"

        lines.append(
            f"| {game} | {len(mine)} | {[s for s, _ in mine].count('killed')} | "
            f"{[s for s, _ in mine].count('timeout')} | {[s for s, _ in mine].count('survived')} | "
            f"{median(walls)} | {median(cpus)} |"
        )
    lines += ["", "## Survivors", ""]
    lines += [f"- {m.label()}" for m, r in outcomes if r.returncode == 0]
    lines += ["", "## Every mutant", ""]
    for m, r in outcomes:
        by = f" by `{r.killer}`" if r.killer and r.returncode else ""
        lines.append(f"- {status(r)}{by} ({r.wall:.0f} s, {r.cpu:.0f} s CPU): {m.label()}")
    path.write_text("\n".join(lines) + "\n" + ("\n" + notes if notes else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.mutation", description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=200, help="mutants to draw across the games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="mutants run in parallel")
    parser.add_argument(
        "--timeout-factor",
        type=float,
        default=4.0,
        help="a mutant running longer than this many times its game's unmutated run is a timeout",
    )
    parser.add_argument("--timeout-floor", type=float, default=60.0, help="but never under these seconds")
    parser.add_argument("--budget", type=int, default=0, help="stop starting mutants after this many seconds")
    parser.add_argument("--game", choices=GAMES, help="only this game's mutants")
    parser.add_argument("--list", action="store_true", help="print the drawn mutants and exit")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("RESULTS.md"))
    parser.add_argument(
        "--recheck",
        type=Path,
        metavar="RESULTS",
        help="run again only the mutants that RESULTS (an earlier run's file) lists as survived or "
        "timed out, with the tests as they are now; the outcomes go to --out",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="keep the outcomes already in --out for the mutants drawn and run only the rest",
    )
    args = parser.parse_args(argv)
    mutants = draw(args.sample, args.seed)
    if args.game:
        mutants = [m for m in mutants if m.game == args.game]
    if args.recheck:
        again = not_killed(args.recheck)
        mutants = [m for m in mutants if m.label() in again]
    if args.list:
        for m in mutants:
            print(m.label())
        return 0
    revision = commit(args.out)
    outcomes: list[tuple[Mutant, Run]] = []
    before = 0.0
    if args.resume:
        outcomes, before, earlier_revision = earlier(args.out, mutants)
        if outcomes and earlier_revision != revision:
            revision = f"{earlier_revision} (the first {len(outcomes)} mutants), then {revision}"
        done = {m for m, _ in outcomes}
        mutants = [m for m in mutants if m not in done]
    drawn = len(mutants) + len(outcomes)
    started = time.monotonic() - before
    temps = [tempfile.TemporaryDirectory(prefix="mutation-job-") for _ in range(args.jobs)]
    workdirs: queue.Queue[Path] = queue.Queue()
    for temp in temps:
        copy_tree(Path(temp.name))
        workdirs.put(Path(temp.name))

    def in_a_workdir(work, *rest):
        root = workdirs.get()
        try:
            return work(root, *rest)
        finally:
            workdirs.put(root)

    games = [g for g in GAMES if any(m.game == g for m in mutants)]
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        baselines = dict(zip(games, pool.map(lambda g: in_a_workdir(baseline, g, 3600), games)))
    for b in baselines.values():
        print(
            f"baseline {b.game}: {len(b.seconds)} tests, "
            + ", ".join(f"{r.wall:.0f} s" for r in b.runs)
            + f" {b.note}",
            flush=True,
        )

    def task(mutant: Mutant):
        base = baselines[mutant.game]
        if not base.ok or (args.budget and time.monotonic() - started > args.budget):
            return None
        run = in_a_workdir(run_one, mutant, base, base.timeout(args.timeout_factor, args.timeout_floor))
        if run.returncode and run.killer in base.seconds:
            base.kills[run.killer] += 1
        return mutant, run

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for future in as_completed([pool.submit(task, m) for m in mutants]):
            if (result := future.result()) is None:
                continue
            outcomes.append(result)
            mutant, run = result
            print(
                f"[{len(outcomes)}/{drawn}] {status(run).split(' [')[0]:9} {run.wall:5.0f} s "
                f"{run.cpu:5.0f} s CPU  {mutant.label()}" + (f"  by {run.killer}" if run.returncode else ""),
                flush=True,
            )
            write_results(args.out, args, baselines, outcomes, time.monotonic() - started, drawn, revision)
    write_results(args.out, args, baselines, outcomes, time.monotonic() - started, drawn, revision)
    for temp in temps:
        temp.cleanup()
    return 0
