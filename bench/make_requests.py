"""Writes the benchmark's per-game request bodies from seeded play through the engine (no hand-edited JSON).

    .venv/bin/python bench/make_requests.py            # bench/requests/<game>-<route>-<stage>-<n>p.json

For each game, one seeded game is played to its end with the conformance suite's move policy
(tests/conformance/games.py, e.g. Skyline's building-minded weights and Chinatown's income-minded
placing). Two states of it become bench cases: ``mid`` (half-way through its moves) and ``end`` (the
state before its second-to-last move). Each stage gives a ``score`` body, a ``legal-moves`` body and a
``moves`` body carrying the move the game played there. Re-run it after a change of state or move shapes.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.conformance.playout import MAX_STEPS, Probe, Table  # noqa: E402

OUT = ROOT / "bench" / "requests"
# (players, seed): the largest tables the games allow (New York one short of its six), seeds fixed.
TABLES = {"newyork": (5, 505), "chinatown": (5, 505), "skyline3000": (4, 404), "fifthavenue": (4, 404)}


def play(table: Table, players: int, seed: int) -> list[tuple[object, dict]]:
    """(state, the wire move chosen from it) for every step of one seeded game, in order."""
    rnd = random.Random(seed)
    state = table.game.setup([f"p{i}" for i in range(players)], seed, {})
    trail = []
    for _ in range(MAX_STEPS):
        listed = table.game.legal_moves(state)
        if not listed:
            return trail
        wires = table.moves.dump(listed, many=True)
        chosen = table.spec.policy(wires, Probe(table, state, listed, wires), rnd)
        trail.append((state, chosen))
        outcome = table.game.apply(state, listed[wires.index(chosen)])
        assert outcome.legal, chosen
        state = outcome.state
    raise SystemExit(f"{table.spec.game} seed {seed} did not end in {MAX_STEPS} moves")


def bodies(table: Table, state, move: dict) -> dict[str, dict]:
    dumped = table.dump_state(state)
    return {"score": {"state": dumped}, "legal-moves": {"state": dumped}, "moves": {"state": dumped, "move": move}}


def main() -> None:
    for game_id, (players, seed) in TABLES.items():
        table = Table(game_id)
        trail = play(table, players, seed)
        for stage, step in {"mid": len(trail) // 2, "end": len(trail) - 2}.items():
            state, move = trail[step]
            for route, body in bodies(table, state, move).items():
                path = OUT / f"{game_id}-{route}-{stage}-{players}p.json"
                path.write_text(json.dumps(body, indent=1) + "\n")  # the service's own key order
                print(f"{path.relative_to(ROOT)}: step {step} of {len(trail)}")


if __name__ == "__main__":
    main()
