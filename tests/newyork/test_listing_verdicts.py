"""New York lists its legal moves asking each candidate for a verdict only (``move_allowed``): the listing is
still the candidates the move checks find nothing against."""

import random

from service.engine.newyork import GAME

from .helpers import start


def test_the_verdict_listing_lists_the_moves_the_checks_allow_and_each_verdict_is_the_checks_answer():
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
            if not GAME.validate(state):
                allowed = [m for m in GAME.candidates(state, None, None) if not GAME.move_violations(state, m)]
                assert GAME.legal_page(state, None, None).moves == allowed
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state))).state
    assert checked > 1000 and refused > 200
