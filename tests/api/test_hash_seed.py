"""Identical requests give byte-identical answers in every process (docs/wire.md, "Randomness"), whatever
Python's string-hash seed: workers and replicas each draw their own unless PYTHONHASHSEED is set."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Every operation of every game on a mid-game state reached from a seeded setup, plus the bench bodies.
PROGRAM = r"""
import hashlib, json, pathlib
from service import create_app
from service.engine.registry import GAME_IDS, SPECS

client = create_app({"redis_url": None}).test_client()
NAMES = ["anna", "bob", "carl", "dora"]  # four where the game allows them (the spec's player counts)

def post(game, op, body):
    answer = client.post(f"/v1/games/{game}/{op}", json=body)
    print(game, op, answer.status_code, hashlib.sha256(answer.data).hexdigest())
    return answer.get_json() if answer.is_json else None

for game in GAME_IDS:
    state = post(game, "setup", {"players": NAMES[: SPECS[game].info.max_players], "seed": 11})["state"]
    post(game, "score", {"state": state})
    for _ in range(12):
        moves = post(game, "legal-moves", {"state": state})["moves"]
        if not moves:
            break
        state = post(game, "moves", {"state": state, "move": moves[len(moves) // 2]})["state"]
    for op, body in (("validate", {"state": state}), ("score", {"state": state}),
                     ("view", {"state": state, "player": "anna"}), ("render", {"state": state}),
                     ("render", {"state": state, "player": "bob"})):
        post(game, op, body)
    client.get(f"/v1/games/{game}")
for path in sorted(pathlib.Path("bench/requests").glob("*.json")):
    game, op = path.stem.split("-")[0], "score"
    body = json.loads(path.read_text())
    post(game, "moves" if "move" in body else "legal-moves" if "-legal-moves-" in path.name else "score", body)
"""


def _answers(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    run = subprocess.run(
        [sys.executable, "-c", PROGRAM], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


def test_answers_are_the_same_bytes_whatever_the_hash_seed():
    first, *others = (_answers(seed) for seed in ("1", "2", "3"))
    assert first.count("\n") > 100
    for other in others:
        assert [a for a, b in zip(first.splitlines(), other.splitlines()) if a != b] == []
