"""Playing at a real table (option chance table): every draw of the deal and of the game is a reveal."""

import random

from service.engine.alhambra import GAME

from .helpers import codes, mv, ok, start


def test_real_table_the_deal_starts_with_the_first_currencys_market_square():
    state = start(2, chance="table")
    assert state.phase == "setup" and state.bag is None and state.money_deck is None
    assert (state.pending.kind, state.pending.slot) == ("market_tile", "denar")
    assert codes(GAME.apply(state, mv("take_money", "p0", slots=[0])).violations)[0] == "alhambra.turn.pending_reveal"


def test_real_table_a_whole_game_is_played_by_legal_moves_and_reveals():
    state, rnd = start(2, seed=3, chance="table"), random.Random(3)
    reveals = 0
    for _ in range(6000):
        if state.phase == "over":
            break
        move = rnd.choice(GAME.legal_moves(state))
        reveals += move.type == "reveal"
        state = ok(state, move).state
    assert state.phase == "over" and state.scorings_done == 3
    assert reveals >= 4 + 6 + 4  # the market, Dirk's tiles and the money row at least
