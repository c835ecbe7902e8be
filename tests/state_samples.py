"""States as the service returns them, for the round trips through the generated clients' types
(tests/test_generated_client.py, tests/test_typescript_client.py): every game, digital and at a real
table, from setup, from moves (a seeded walk through the listed legal moves, reveals included) and from
views (a player's and a spectator's)."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from service import create_app
from service.engine.registry import GAME_IDS, SPECS

CHANCES = ("digital", "table")
MOVES = 30  # per game and chance: every phase of a first round, and the reveals a real table asks for


@lru_cache(maxsize=1)
def states() -> tuple[tuple[str, str, str, dict[str, Any]], ...]:
    """``(game, chance, where, state)`` for every state answered on the walks."""
    app = create_app({"redis_url": None})
    client = app.test_client()
    out: list[tuple[str, str, str, dict[str, Any]]] = []
    for game in GAME_IDS:
        players = list(SPECS[game].examples.PLAYERS)  # the seats the game's examples.py gives a test
        for chance in CHANCES:
            choose = random.Random(f"{game}-{chance}")
            body = {"players": players, "seed": 9, "options": {"chance": chance}}
            answer = client.post(f"/v1/games/{game}/setup", json=body).get_json()
            state = answer["state"]
            out.append((game, chance, "setup", state))
            for index in range(MOVES):
                if answer["status"]["over"]:
                    break
                listed = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).get_json()["moves"]
                move = choose.choice(listed)
                answer = client.post(f"/v1/games/{game}/moves", json={"state": state, "move": move}).get_json()
                assert answer["legal"], answer["violations"]
                state = answer["state"]
                out.append((game, chance, f"move {index} ({move['type']})", state))
            for viewer in (players[0], "spectator"):
                seen = client.post(f"/v1/games/{game}/view", json={"state": state, "player": viewer}).get_json()
                out.append((game, chance, f"view of {viewer}", seen["state"]))
    return tuple(out)
