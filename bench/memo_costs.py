"""What each memoised evaluation costs to compute, on the benchmark states (engine only, no HTTP).

    .venv/bin/python bench/memo_costs.py

Compare with a Redis round trip (about 0.2 ms on loopback): a kind cheaper than that
belongs in service/cache/policy.py's IN_PROCESS_ONLY. Also prints a request's whole score and the
load of its state as the service does it (``schemas/typed.py``), which is what the answer cache saves on a
hit besides the scoring.
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service import create_app  # noqa: E402
from service.engine.memo import memo_scope  # noqa: E402
from service.schemas import typed  # noqa: E402

ROUNDS = 200


class TimingMemo:
    """Computes every time and adds up the time spent per kind."""

    def __init__(self):
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)

    def get_or_compute(self, kind, material, compute, check=None):
        return self.get_or_compute_many(kind, [material], lambda _m: compute(), check)[0]

    def get_or_compute_many(self, kind, materials, compute, check=None):
        started = time.perf_counter()
        values = [compute(m) for m in materials]
        self.seconds[kind] += time.perf_counter() - started
        self.calls[kind] += len(materials)
        return values


def timed(function) -> float:
    started = time.perf_counter()
    for _ in range(ROUNDS):
        function()
    return (time.perf_counter() - started) / ROUNDS * 1000


def main() -> None:
    app = create_app({"redis_url": None})
    for path in sorted((ROOT / "bench" / "requests").glob("*score*.json")) + sorted(
        (ROOT / "bench" / "requests").glob("*income*.json")
    ):
        body = json.loads(path.read_text())
        binding = app.extensions["games"][path.stem.split("-")[0]]
        measure(path.stem, binding, body)


def measure(name: str, binding, body: dict) -> None:
    def load():
        return typed.load(binding.envelopes.score_state, {"state": body["state"]})["state"]

    state = load()
    scoring = typed.load(binding.envelopes.score_extra, {k: v for k, v in body.items() if k != "state"})
    memo = TimingMemo()
    with memo_scope(memo):
        score_ms = timed(lambda: binding.game.score(state, scoring))
    load_ms = timed(load)
    print(f"{name}: load {load_ms:.3f} ms, score {score_ms:.3f} ms")
    for kind in sorted(memo.seconds):
        per_request = memo.seconds[kind] / ROUNDS * 1000
        print(f"    {kind:<34} {per_request:.3f} ms per request ({memo.calls[kind] // ROUNDS} evaluations)")


if __name__ == "__main__":
    main()
