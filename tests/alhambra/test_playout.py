"""Random playouts: seeded games of 2 to 6 players played by legal moves to the end, the state valid after
every move, and the end's scoring the third."""

import random

import pytest

from service.engine.alhambra import GAME

from .helpers import ok, start


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_a_random_game_is_played_to_its_end_by_legal_moves(players, seed):
    state, rnd = start(players, seed), random.Random(seed)
    for _ in range(4000):
        if state.phase == "over":
            break
        moves = GAME.legal_moves(state)
        assert moves
        state = ok(state, rnd.choice(moves)).state
    assert state.phase == "over" and state.scorings_done == 3 and state.winners
    assert max(p.points for p in state.players) == GAME.standings(state)[state.winners[0]]
