"""The reading first_tie_rest (rules page, "Phase 3: scoring"), on a block a game reaches by legal
moves: three players tie on floors, two of them have the tallest building and share first, and the third,
whose tallest building is shorter, is second ("nobody second" only when every tied player's tallest building
is equally tall). test_scoring.py keeps the same reading on constructed blocks, with the equal-tallest case.

The moves are recorded in first_tie_rest_moves.json (wire forms, in order): a seeded search found them by
playing the conformance suite's Skyline 3000 policy from ``setup(["p0", "p1", "p2"], 4)`` with the default
options, scoring the city after every building move and stopping at the first block with such a tie (step
161, block blue-3). Replaying them needs no search: each move must be one that legal-moves lists and that
apply accepts, and the state must validate clean after each.
"""

from __future__ import annotations

import json
from pathlib import Path

from service.engine.kit import replace
from service.engine.registry import spec
from service.engine.skyline3000 import GAME
from service.schemas.common import load_wire

MOVES = Path(__file__).with_name("first_tie_rest_moves.json")
SEATS = ["p0", "p1", "p2"]
SEED = 4


def canonical(obj) -> str:
    return json.dumps(obj, sort_keys=True)


def reached():
    wire = load_wire(spec("skyline3000")).move()
    state = GAME.setup(SEATS, SEED)
    for step, move in enumerate(json.loads(MOVES.read_text())):
        listed = GAME.legal_moves(state)
        wires = [canonical(w) for w in wire.dump(listed, many=True)]
        assert canonical(move) in wires, f"move {step} is not listed: {move}"
        outcome = GAME.apply(state, listed[wires.index(canonical(move))])
        assert outcome.legal, (step, move, [v.code for v in outcome.violations])
        state = outcome.state
        assert GAME.validate(state) == [], (step, move)
    return state


def test_reading_first_tie_rest_on_a_block_reached_by_legal_moves():
    state = reached()
    block = GAME.score(state)["blocks"]["blue-3"]
    # three players with 2 floors each: p1 and p2 by one 2-floor building, p0 by two 1-floor buildings
    assert block["floors"] == {"p0": 2, "p1": 2, "p2": 2}
    assert block["tallest"] == {"p0": 1, "p1": 2, "p2": 2}
    assert sorted(block["first"]) == ["p1", "p2"] and block["second"] == ["p0"]
    # one billboard and no green: first takes 2 + 1 each, second the bonus of 1
    assert (block["greens"], block["billboards"], block["multiplier"]) == (0, 1, 1)
    assert block["points"] == {"p0": 1, "p1": 3, "p2": 3}
    # the former reading (option first_tie_rest: no_second) leaves second empty on the same block
    literal = replace(state, options=replace(state.options, first_tie_rest="no_second"))
    block = GAME.score(literal)["blocks"]["blue-3"]
    assert sorted(block["first"]) == ["p1", "p2"] and block["second"] == []
    assert block["points"] == {"p1": 3, "p2": 3}
