"""Setup: starting money, start player, market, scoring cards in the deck, the 2-player game."""

from dataclasses import replace

import pytest

from service.engine.core import RulesError
from service.engine.newyork import GAME
from service.engine.newyork.setup import start_player
from service.engine.newyork.state import Card, Player

from .helpers import start


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_deals_money_until_at_least_20(n):
    s = start(n, seed=n * 7)
    for p in s.players:
        assert 20 <= sum(c.value for c in p.money) <= 28


@pytest.mark.parametrize("seed", range(8))
def test_setup_start_player_has_fewest_cards_then_lowest_total(seed):
    s = start(4, seed=seed)
    keys = [(len(p.money), sum(c.value for c in p.money)) for p in s.players]
    assert keys[s.current] == min(keys)
    assert s.current == keys.index(min(keys))


def test_reading_youngest_breaks_the_last_tie():
    hand = (Card("blue", 9), Card("red", 9), Card("green", 2))
    players = [Player("a", money=hand), Player("b", money=hand), Player("c", money=hand)]
    assert start_player(players, None) == 0
    assert start_player(players, "c") == 2


def test_setup_is_deterministic():
    assert start(5, seed=42) == start(5, seed=42)
    assert start(5, seed=42) != start(5, seed=43)


def test_setup_fills_the_market_and_bag():
    s = start(3)
    assert all(t is not None for t in s.market)
    assert len(s.bag) == 50 and all(c is not None for c in s.money_market)
    ids = [t.id for t in s.market] + [t.id for t in s.bag]
    assert sorted(ids) == list(range(1, 55))


@pytest.mark.parametrize("seed", range(10))
def test_setup_scoring_cards_in_the_second_and_fourth_fifths(seed):
    s = start(3, seed=seed)
    deck = list(s.money_deck)
    a, b = deck.index("A"), deck.index("B")
    rest = len(deck) - 2
    base, extra = divmod(rest, 5)
    sizes = [base + (1 if k < extra else 0) for k in range(5)]
    assert sizes[0] <= a <= sizes[0] + sizes[1]
    low = sum(sizes[:3]) + 1  # A sits above
    assert low <= b <= low + sizes[3]


def test_setup_two_players_72_cards_and_a_dummy_with_6_tiles():
    s = start(2)
    cards = sum(len(p.money) for p in s.players) + 4 + sum(1 for e in s.money_deck if isinstance(e, Card))
    assert cards == 72
    assert len(s.dummy.tiles) == 6 and len(s.bag) == 44
    assert (
        start(3).dummy is None
        and sum(1 for e in start(3).money_deck if isinstance(e, Card)) + 4 + sum(len(p.money) for p in start(3).players)
        == 108
    )


def test_setup_refuses_one_player_and_duplicates():
    with pytest.raises(RulesError):
        GAME.setup(["solo"], 1, {})
    with pytest.raises(RulesError):
        GAME.setup(["a", "a"], 1, {})


def test_setup_state_is_valid():
    for n in range(2, 7):
        assert GAME.validate(start(n, seed=n)) == []


def test_youngest_must_name_a_player_of_the_game():
    with pytest.raises(RulesError) as refused:
        GAME.setup(["anna", "ben", "cleo"], 1, {"youngest": "dora"})
    assert [(v.code, v.pointer) for v in refused.value.violations] == [("newyork.state.youngest", "/options/youngest")]
    s = GAME.setup(["anna", "ben", "cleo"], 1, {"youngest": "ben"})
    assert GAME.validate(s) == []
    moved = replace(s, options=replace(s.options, youngest="dora"))
    assert [(v.code, v.pointer) for v in GAME.validate(moved)] == [
        ("newyork.state.youngest", "/state/options/youngest")
    ]


def test_reading_start_player_last_tie_is_seat_order():
    hand = (Card("blue", 9), Card("red", 9), Card("green", 2))
    players = [Player("a", money=hand), Player("b", money=hand), Player("c", money=hand)]
    assert start_player(players, None) == 0
    assert start_player(players[1:], None) == 0 and start_player(players[::-1], None) == 0
    reading = next(r for r in GAME.readings() if r.name == "start_player_last_tie")
    assert reading.provenance == "assumption" and reading.default == "seat_order"
