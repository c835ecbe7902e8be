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


def _deal_denar_nines(state, count):
    """Reveal the deal's tiles (the first listed), then ``count`` starting-money cards, each a denar 9 when the
    listing still offers one: the state and the reveal moves of the nines (listed or not)."""
    from service.engine.newyork.state import Card

    nines = []
    while len(nines) < count:
        listed = GAME.legal_moves(state)
        kind = state.pending.kind
        if kind != "starting_money":
            state = ok(state, listed[0]).state
            continue
        who = listed[0].player
        nine = mv("reveal", who, card=Card("denar", 9))
        nines.append((state, nine))
        if nine not in listed:
            break
        state = ok(state, nine).state
    return nines


def test_reading_two_player_money_a_real_table_reveals_what_the_box_holds():
    """With two players the box's 108 cards are in play: a third denar 9 is revealed, a fourth is refused
    (alhambra.reveal.impossible); with two_of_each (New York's 72 cards) the third is refused already."""
    full = _deal_denar_nines(start(2, chance="table"), 4)
    assert [nine in GAME.legal_moves(state) for state, nine in full] == [True, True, True, False]
    state, fourth = full[-1]
    assert codes(GAME.apply(state, fourth).violations) == ["alhambra.reveal.impossible"]
    short = _deal_denar_nines(start(2, chance="table", two_player_money="two_of_each"), 3)
    assert [nine in GAME.legal_moves(state) for state, nine in short] == [True, True, False]
    state, third = short[-1]
    assert codes(GAME.apply(state, third).violations) == ["alhambra.reveal.impossible"]
