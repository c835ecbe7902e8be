"""The explain route's wider sample, run by hand (not collected by pytest): for each game, 4 seeds x 2 chances x 8
starts x distances 1-3 x observations whole and visible; prints the share explained per distance, the work
and the CPU seconds (``time.process_time``) of the costliest request.

    .venv/bin/python -m tests.explain.wider [game ...]
"""

from __future__ import annotations

import sys
import time

from service.engine.explain import explain
from service.engine.registry import GAME_IDS, load_game

from .pairs import explainer, pairs, project
from .test_explain import observation


def measure(game_id: str) -> None:
    game, module, dump = load_game(game_id), explainer(game_id), project(game_id)
    found = {1: [0, 0], 2: [0, 0], 3: [0, 0]}
    worst_cpu = worst_work = 0.0
    incomplete = 0
    missed = []
    for played, start, distance in pairs(game_id, 8, seeds=(0, 1, 2, 3)):
        later = dump(played.states[start + distance])
        for mode in ("whole", "visible"):
            observed = observation(game_id, later, mode)
            began = time.process_time()
            answer = explain(game, played.states[start], observed, dump, module.PROPOSER)
            cpu = time.process_time() - began
            worst_cpu = max(worst_cpu, cpu)
            worst_work = max(worst_work, answer.work)
            incomplete += not answer.complete
            found[distance][1] += 1
            found[distance][0] += answer.explained
            if not answer.explained:
                missed.append(
                    (
                        played.chance,
                        played.seed,
                        start,
                        distance,
                        mode,
                        answer.complete,
                        [getattr(m, "type", m) for m in played.moves[start : start + distance]],
                    )
                )
    longer = found[2][0] + found[3][0], found[2][1] + found[3][1]
    print(
        f"{game_id:12} 1-move {found[1][0]}/{found[1][1]}  longer {longer[0]}/{longer[1]} "
        f"= {100 * longer[0] / longer[1]:.1f}%  incomplete {incomplete}  worst work {worst_work:.0f}  "
        f"worst cpu {worst_cpu:.3f}s",
        flush=True,
    )
    if "-v" in sys.argv:
        for m in missed:
            print("   missed", m)


if __name__ == "__main__":
    for game_id in [a for a in sys.argv[1:] if not a.startswith("-")] or GAME_IDS:
        measure(game_id)
