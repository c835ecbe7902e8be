"""A sampled mutation run over the engines' rule modules (issue 16).

    python -m tests.mutation --sample 200 --seed 1 --jobs 2

Draws mutants evenly across the four games from the rule modules (RULE_MODULES): a comparison operator
flipped (< <=, > >=, == !=), an integer constant moved by one, ``and``/``or`` swapped, a ``not`` dropped
or an ``if``/``while`` condition negated. Each mutant is applied to a fresh copy of the repository in a
temporary directory (the working tree is never touched), then that game's conformance cases and its test
folder run (``-x -q``) with a timeout per mutant. The outcome of every mutant (killed, survived, timeout)
and the survivors' diffs go to tests/mutation/RESULTS.md.
"""
from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("newyork", "chinatown", "skyline3000", "fifthavenue")
RULE_MODULES = ("moves", "rules", "validate", "scoring", "board", "city", "flow", "turns", "pool", "cards",
                "auction", "construction", "reveal", "setup")
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
        found.append(Mutant(game, rel, node.lineno, kind, before, after,
                            (node.lineno, node.col_offset), (node.end_lineno, node.end_col_offset)))

    for node in ast.walk(tree):
        if in_docstring_or_annotation(node, parents):
            continue
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in FLIPS:
            flipped = ast.Compare(node.left, [_op(FLIPS[type(node.ops[0])])], node.comparators)
            add(node, "comparison flipped", ast.unparse(flipped))
        elif (isinstance(node, ast.Constant) and type(node.value) is int
              and not isinstance(parents.get(node), ast.Subscript)):
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
    """Every file git tracks (tests read bench requests, the contract, data), as the working tree has it."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, root / name)


def run_one(mutant: Mutant, timeout: int) -> tuple[Mutant, str, float]:
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        root = Path(tmp)
        copy_tree(root)
        apply_mutant(root, mutant)
        command = [sys.executable, "-m", "pytest", "tests/conformance", f"tests/{mutant.game}", "-k", mutant.game,
                   "-x", "-q", "-p", "no:cacheprovider", "-o", "addopts="]
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        try:
            done = subprocess.run(command, cwd=root, env=env, capture_output=True, timeout=timeout)
            lines = done.stdout.decode(errors="replace").strip().splitlines()
            summary = lines[-1].strip("= ") if lines else ""
            status = "survived" if done.returncode == 0 else f"killed [{summary}]"
            if done.returncode not in (0, 1):
                status = f"killed (pytest exit {done.returncode}) [{summary}]"
        except subprocess.TimeoutExpired:
            status = "timeout"
    return mutant, status, time.monotonic() - started


def write_results(path: Path, args, outcomes, wall: float, drawn: int) -> None:
    counts: dict[str, int] = {}
    for _, status, _ in outcomes:
        counts[status.split(" ")[0]] = counts.get(status.split(" ")[0], 0) + 1
    run = len(outcomes)
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    lines = [
        "# Mutation run results",
        "",
        f"Command: `python -m tests.mutation --sample {args.sample} --seed {args.seed} --jobs {args.jobs} "
        f"--timeout {args.timeout}" + (f" --budget {args.budget}" if args.budget else "") + "`",
        "",
        f"Mutants drawn: {drawn}; run: {run}; killed: {counts.get('killed', 0)}; timeouts (counted killed): "
        f"{counts.get('timeout', 0)}; survived: {counts.get('survived', 0)}; "
        f"killed share: {100 * killed / run:.0f}%; wall time: {wall:.0f} s on {args.jobs} jobs."
        if run else f"Mutants drawn: {drawn}; none run.",
        "",
        "| game | run | killed | timeout | survived |",
        "|---|---|---|---|---|",
    ]
    for game in GAMES:
        mine = [s for m, s, _ in outcomes if m.game == game]
        lines.append(f"| {game} | {len(mine)} | {sum(s.startswith('killed') for s in mine)} | "
                     f"{mine.count('timeout')} | {mine.count('survived')} |")
    lines += ["", "## Survivors", ""]
    for m, status, seconds in outcomes:
        if status == "survived":
            lines.append(f"- {m.label()}")
    lines += ["", "## Every mutant", ""]
    for m, status, seconds in outcomes:
        lines.append(f"- {status} ({seconds:.0f} s): {m.label()}")
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.mutation", description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=200, help="mutants to draw across the four games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="mutants run in parallel")
    parser.add_argument("--timeout", type=int, default=900, help="seconds per mutant before it counts as a timeout")
    parser.add_argument("--budget", type=int, default=0, help="stop starting mutants after this many seconds")
    parser.add_argument("--game", choices=GAMES, help="only this game's mutants")
    parser.add_argument("--list", action="store_true", help="print the drawn mutants and exit")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("RESULTS.md"))
    args = parser.parse_args(argv)
    mutants = draw(args.sample, args.seed)
    if args.game:
        mutants = [m for m in mutants if m.game == args.game]
    if args.list:
        for m in mutants:
            print(m.label())
        return 0
    started = time.monotonic()
    outcomes = []

    def task(mutant: Mutant):
        if args.budget and time.monotonic() - started > args.budget:
            return None
        return run_one(mutant, args.timeout)

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(task, mutants):
            if result is None:
                continue
            outcomes.append(result)
            mutant, status, seconds = result
            print(f"[{len(outcomes)}/{len(mutants)}] {status:9} {seconds:5.0f} s  {mutant.label()}", flush=True)
            write_results(args.out, args, outcomes, time.monotonic() - started, len(mutants))
    write_results(args.out, args, outcomes, time.monotonic() - started, len(mutants))
    return 0
