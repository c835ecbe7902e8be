"""New York lists its legal moves asking each candidate for a verdict only: the same listing as the kit's."""

import random

from service.engine.kit import Engine
from service.engine.newyork import GAME

from .helpers import start


def test_the_verdict_listing_is_the_kits_listing_and_each_verdict_is_the_checks_answer():
    rng = random.Random(41)
    checked = refused = 0
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        state = start(players, seed)
        for _ in range(70):
            if state.phase == "over":
                break
            for move in GAME.candidates(state, None, None):
                broken = GAME.move_violations(state, move)
                assert GAME.move_allowed(state, move) == (not broken), move
                refused += bool(broken)
                checked += 1
            assert GAME.legal_page(state, None, None) == Engine.legal_page(GAME, state, None, None)
            assert GAME.legal_page(state, None, None, 2, 3) == Engine.legal_page(GAME, state, None, None, 2, 3)
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state))).state
    assert checked > 1000 and refused > 200
