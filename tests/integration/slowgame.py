"""The fake counting game with a deliberately slow score: ``total`` tenths of a second of pure CPU.

Used to drive a request past REQUEST_DEADLINE_MS (or past gunicorn's worker timeout), both through
the WSGI app and through a real gunicorn (``tests.integration.slowgame:app``).
"""

from __future__ import annotations

import json
import time

from service.api.games import Binding, game_envelopes
from tests.api import fakegame


class SlowGame(fakegame.FakeGame):
    def score(self, state, scoring=None):
        spin_until = time.process_time() + state.total / 10
        spins = 0
        while time.process_time() < spin_until:  # busy, never yields: the worst case for gevent
            spins += 1
        return {"players": {p: state.total for p in state.players}, "violations": [], "spins": spins}


def install(app) -> None:
    wire = fakegame.WIRE
    app.extensions["games"]["fake"] = Binding(fakegame.INFO, SlowGame(), wire, game_envelopes(wire, fakegame.INFO))


def score_body(tenths: int, second_player: str = "b") -> bytes:
    """A score request costing ``tenths`` tenths of a second; vary ``second_player`` to defeat the memo."""
    return json.dumps({"state": {"game": "fake", "players": ["a", second_player], "total": tenths, "turn": 0}}).encode()
