"""Random playouts: 100 complete seeded games across 3, 4 and 5 players, digital and
at a real table, with random trades; conservation of lots, tiles and money after every move, every
sampled listed move accepted and sampled unlisted moves refused (see helpers.play_game)."""

import pytest

from service.engine.chinatown import GAME
from service.engine.chinatown.scoring import winners

from .helpers import play_game

GAMES = 100  # the conformance suite plays every game again with the player to move's unlisted moves


@pytest.mark.parametrize("chunk", range(4))
def test_random_playouts_keep_conservation_and_legal_moves_agree(chunk):
    for seed in range(chunk * GAMES // 4, (chunk + 1) * GAMES // 4):
        n = 3 + seed % 3
        options = {"chance": "table" if seed % 2 else "digital", "rotate_first_player": seed % 5 == 0}
        state, incomes = play_game([f"p{i}" for i in range(n)], seed, options)
        assert state.phase == "end" and state.round == 6
        assert incomes > 0
        assert set(winners(state)) <= set(state.ids) and winners(state)
        # every lot that was kept is claimed; claimed lots are exactly the kept numbers of the table
        assert len(state.board) == {3: 75, 4: 76, 5: 75}[n]
        placed = sum(1 for _, cell in state.board.items() if cell.shop)
        held = sum(c for p in state.players for _, c in p.tiles)
        assert placed + held == {3: 81, 4: 84, 5: 85}[n]
        assert GAME.standings(state) == {p.id: p.money for p in state.players}
