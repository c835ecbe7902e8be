"""The golden set: every route's answer (status, headers, body) to requests made by seeded play, errors
included, recorded as one digest per request.

Each game is played from a seeded setup, digitally and at a real table, choosing among the listed moves
with a seeded generator; along the way every route is asked (validate, legal-moves, moves, view, score,
render, replay, record) and refused requests are sent (an illegal move, a move of an unknown type, a wrong
type, a broken state, a body that is not JSON, one in another language). The requests depend only on the
answers, so a changed answer shows at the first request it touches. ``python -m tests.golden.record``
writes ``answers.json``; ``--diff`` prints what differs from it.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from service import create_app
from service.engine.registry import SPECS

ANSWERS = Path(__file__).with_name("answers.json")
PLAYERS = ["anna", "ben", "cleo"]
STEPS = {"digital": 400, "table": 60}  # a digital game is played to its end (all five end well within it)
EVERY = 9  # steps between the rarer routes
SEAL_SECRET = "golden-set-seal-secret-4f9c2b7e1a"
DIGEST_CHARS = 16  # 64 bits: a changed answer goes unseen with a chance of 2^-64
KEPT_HEADERS = ("Content-Type", "ETag", "Cache-Control", "X-Rules-Version", "Retry-After", "Allow", "Vary")


# A seal binds the rules fingerprint, a digest of the code itself: any change of code changes every seal (and
# so the sealed answer's ETag). The sealed plays are recorded with their seals blanked and without ETags.
SEAL = re.compile(rb'"state_seal":"[^"]*"')


class Recorder:
    def __init__(self, config: dict[str, Any]):
        self.client = create_app({"redis_url": None, **config}).test_client()
        self.sealed = bool(config.get("cache_hmac_secret"))
        self.digests: dict[str, str] = {}
        self.bodies: dict[str, bytes] = {}

    def send(self, label: str, method: str, path: str, body: Any = None, raw: bytes | None = None, **headers: str):
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        if data is not None:
            headers.setdefault("Content-Type", "application/json")
        response = self.client.open(path, method=method, data=data, headers=headers)
        kept = [(name, response.headers[name]) for name in KEPT_HEADERS if name in response.headers]
        body = response.data
        if self.sealed:
            kept = [(name, value) for name, value in kept if name != "ETag"]
            body = SEAL.sub(b'"state_seal":""', body)
        whole = json.dumps([response.status_code, kept]).encode() + b"\n" + body
        assert label not in self.digests, label
        self.digests[label] = hashlib.sha256(whole).hexdigest()[:DIGEST_CHARS]
        self.bodies[label] = whole
        return response.status_code, (response.get_json(silent=True) if response.is_json else None)


def _options(chance: str) -> dict[str, Any]:
    return {"chance": "table"} if chance == "table" else {}


def _errors(rec: Recorder, at: str, game: str, state: dict[str, Any], move: dict[str, Any]) -> None:
    base = f"/v1/games/{game}"
    others = [p for p in PLAYERS if p != move.get("player")]
    if "player" in move and others:
        rec.send(
            f"{at}/illegal-player", "POST", f"{base}/moves", {"state": state, "move": {**move, "player": others[0]}}
        )
        rec.send(
            f"{at}/illegal-player-hu",
            "POST",
            f"{base}/moves",
            {"state": state, "move": {**move, "player": others[-1]}},
            **{"Accept-Language": "hu"},
        )
    rec.send(f"{at}/unknown-type", "POST", f"{base}/moves", {"state": state, "move": {**move, "type": "juggle"}})
    wrong = {
        key: (["x"] if isinstance(value, int) and not isinstance(value, bool) else 7) for key, value in move.items()
    }
    rec.send(f"{at}/wrong-types", "POST", f"{base}/moves", {"state": state, "move": wrong})
    broken = dict(state)
    key = next((k for k in sorted(state) if isinstance(state[k], list | dict) and k != "players"), "players")
    broken[key] = "broken"
    rec.send(f"{at}/broken-state", "POST", f"{base}/moves", {"state": broken, "move": move})
    rec.send(f"{at}/extra-key", "POST", f"{base}/legal-moves", {"state": {**state, "zzz": 1}})
    rec.send(f"{at}/not-json", "POST", f"{base}/moves", raw=b'{"state": [1, 2')
    rec.send(f"{at}/no-state", "POST", f"{base}/score", {})
    rec.send(f"{at}/text-plain", "POST", f"{base}/moves", raw=b"{}", **{"Content-Type": "text/plain"})


def play(rec: Recorder, game: str, chance: str, seed: int, sealed: bool = False) -> None:
    base = f"/v1/games/{game}"
    at = f"{game}/{chance}/{seed}" + ("/sealed" if sealed else "")
    rng = random.Random(f"{game}/{chance}/{seed}")
    status, answer = rec.send(
        f"{at}/setup", "POST", f"{base}/setup", {"players": PLAYERS, "seed": seed, "options": _options(chance)}
    )
    assert status == 200, answer
    state, seal = answer["state"], answer.get("state_seal")
    start, played = state, []

    def with_seal(body: dict[str, Any]) -> dict[str, Any]:
        return {**body, "state_seal": seal} if seal else body

    for step in range(STEPS[chance]):
        here = f"{at}/{step}"
        _, listing = rec.send(f"{here}/legal-moves", "POST", f"{base}/legal-moves", with_seal({"state": state}))
        moves = (listing or {}).get("moves") or []
        if step % EVERY == 0:
            rec.send(f"{here}/validate", "POST", f"{base}/validate", {"state": state})
            rec.send(f"{here}/score", "POST", f"{base}/score", {"state": state})
            rec.send(f"{here}/view", "POST", f"{base}/view", {"state": state, "player": PLAYERS[step % 3]})
            rec.send(f"{here}/score-de", "POST", f"{base}/score", {"state": state, "lang": "de"})
            if moves:
                _errors(rec, here, game, state, moves[0])
        if step % (3 * EVERY) == 0:
            rec.send(f"{here}/render", "POST", f"{base}/render", {"state": state})
        if not moves:
            break
        move = rng.choice(moves)
        status, answer = rec.send(f"{here}/moves", "POST", f"{base}/moves", with_seal({"state": state, "move": move}))
        assert status == 200 and answer["legal"], (here, answer)
        state, seal = answer["state"], answer.get("state_seal")
        played.append(move)
    rec.send(f"{at}/end/score", "POST", f"{base}/score", {"state": state})
    rec.send(f"{at}/end/render", "POST", f"{base}/render", {"state": state})
    rec.send(f"{at}/end/replay", "POST", f"{base}/replay", {"state": start, "moves": played[:40]})
    record = {
        "format": "city-games-record",
        "version": 1,
        "game": game,
        "players": PLAYERS,
        "options": _options(chance),
        "seed": seed,
        "moves": [{"move": move} for move in played[:60]],
    }
    rec.send(f"{at}/end/record", "POST", f"{base}/record", record)


def recorders() -> Iterator[Recorder]:
    plain = Recorder({})
    plain.send("games", "GET", "/v1/games")
    for game in SPECS:
        plain.send(f"{game}/describe", "GET", f"/v1/games/{game}")
        for chance in STEPS:
            play(plain, game, chance, seed=11)
    yield plain
    sealed = Recorder({"cache_hmac_secret": SEAL_SECRET})
    for game in SPECS:
        play(sealed, game, "digital", seed=5, sealed=True)
    yield sealed


def record() -> tuple[dict[str, str], dict[str, bytes]]:
    digests: dict[str, str] = {}
    bodies: dict[str, bytes] = {}
    for rec in recorders():
        digests.update(rec.digests)
        bodies.update(rec.bodies)
    return digests, bodies


def kept() -> dict[str, str]:
    """The recorded digests, by label."""
    plays = json.loads(ANSWERS.read_text())
    return {
        "/".join(filter(None, (play, request))): digest
        for play, requests in plays.items()
        for request, digest in requests.items()
    }


def _written(digests: dict[str, str]) -> str:
    """One line a play (its labels' first three or four parts: game, chance, seed and whether sealed)."""
    plays: dict[str, dict[str, str]] = {}
    for label, digest in digests.items():
        parts = label.split("/")
        cut = 4 if len(parts) > 4 and parts[3] == "sealed" else min(3, len(parts) - 1)
        plays.setdefault("/".join(parts[:cut]), {})["/".join(parts[cut:])] = digest
    lines = (f"{json.dumps(play)}: {json.dumps(requests, separators=(',', ':'))}" for play, requests in plays.items())
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main(argv: list[str]) -> int:
    digests, bodies = record()
    if "--diff" in argv:
        kept_digests = kept()
        changed = [label for label in kept_digests if digests.get(label) != kept_digests[label]]
        for label in changed[:20]:
            print(label, "changed" if label in digests else "not asked", file=sys.stderr)
            if label in bodies:
                print("   now:", bodies[label][:600].decode(errors="replace"), file=sys.stderr)
        print(f"{len(changed)} of {len(kept_digests)} answers differ; {len(set(digests) - set(kept_digests))} new")
        return 1 if changed else 0
    ANSWERS.write_text(_written(digests))
    print(f"{len(digests)} answers recorded in {ANSWERS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
