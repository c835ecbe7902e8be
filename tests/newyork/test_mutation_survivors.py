"""Rules the sampled mutation run (tests/mutation) found no test for."""
from dataclasses import replace

from service.engine.newyork import GAME

from .helpers import codes, start


def test_validate_only_a_finished_game_has_winners_or_a_final_scoring():
    s = start(3)
    assert "newyork.state.phase" not in codes(GAME.validate(s))
    assert "newyork.state.phase" in codes(GAME.validate(replace(s, winners=(s.players[0].id,))))
    assert "newyork.state.phase" in codes(GAME.validate(replace(s, scorings_done=3)))
