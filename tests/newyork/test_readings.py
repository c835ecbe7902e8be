"""Every rule reading of the rules page has a test named after it (test_reading_<name>...)."""

import importlib
import inspect
import pkgutil
from dataclasses import replace

import tests.newyork as package
from service.engine.newyork import GAME
from service.engine.newyork.data import BANKS, CATALOGUE
from service.engine.newyork.state import Card

from .helpers import current_id, mv, start


def test_reading_banks_in_market_order_blue_first_red_last():
    assert BANKS[0] == "blue" and BANKS[-1] == "red" and len(BANKS) == 4
    s = start(3)
    assert GAME.describe()["banks"] == list(BANKS)
    # the market is filled from the first bank to the last: the first four tiles of the shuffled bag
    assert [t is not None for t in s.market] == [True] * 4


def test_reading_tiles_are_alhambras_54():
    kinds = {}
    for t in CATALOGUE:
        kinds.setdefault(t.alhambra, []).append(t.cost)
    assert {k: len(v) for k, v in kinds.items()} == {
        "pavilion": 7,
        "seraglio": 7,
        "arcades": 9,
        "chambers": 9,
        "garden": 11,
        "tower": 11,
    }
    assert sum(len(t.streets) for t in CATALOGUE) == 80


def test_reading_scoring_card_piles_keep_A_above_B():
    for seed in range(30):
        deck = list(start(4, seed).money_deck)
        assert deck.index("A") < deck.index("B")
        assert deck.index("A") >= len(deck) // 5 - 1


def test_reading_leftover_tiles_go_to_the_one_richest_player_of_the_bank():
    from .test_turns import BLUE_PARK, _endgame, ok

    s, me, others = _endgame()
    s = ok(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 4), ("blue", 7)])).state
    st = ok(s, mv("reserve", current_id(s), tile=BLUE_PARK)).state
    assert st.market[3] is not None  # red: nobody holds red money, so the tile stays


def test_reading_money_reshuffle_is_pinned_by_the_hidden_seed():
    from .test_turns import table

    s = table()
    cards = tuple(e for e in s.money_deck if isinstance(e, Card))
    s = replace(s, money_deck=(), discard=cards, scorings_done=2)
    a = GAME.apply(s, mv("take_money", current_id(s), slots=[0])).state
    b = GAME.apply(s, mv("take_money", current_id(s), slots=[0])).state
    assert a.money_deck == b.money_deck  # same seed, same order
    other = GAME.apply(replace(s, shuffle_seed=s.shuffle_seed + 1), mv("take_money", current_id(s), slots=[0])).state
    assert other.money_deck != a.money_deck
    unknown = GAME.apply(replace(s, shuffle_seed=None), mv("take_money", current_id(s), slots=[0])).state
    assert unknown.money_deck is None and unknown.pending.kind == "money_card"


def test_every_reading_has_a_test_named_after_it():
    names = set()
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"tests.newyork.{info.name}")
        names |= {n for n, f in inspect.getmembers(module, inspect.isfunction) if n.startswith("test_reading_")}
    for reading in GAME.readings():
        assert any(n.startswith(f"test_reading_{reading.name}") for n in names), reading.name


def test_reading_banks_name_only_blue_and_red_from_the_seed():
    reading = next(r for r in GAME.readings() if r.name == "banks")
    assert reading.provenance == "assumption" and "a kék banktól a piros felé haladva" in reading.text
    tiers_reading = next(r for r in GAME.readings() if r.name == "type_tiers")
    assert tiers_reading.provenance == "assumption" and "by tile colour" not in tiers_reading.text


def test_reading_two_player_money_puts_one_of_each_card_back_with_two_players():
    """The seed's two-player game: 72 money cards (two of each value and bank); option two_player_money
    full_box plays all 108. With three players the option changes nothing. At a real table a reveal is
    refused only beyond what the chosen deck holds."""
    from service.engine.newyork.hidden import copies, unseen_money

    def in_play(state):
        return sum(len(p.money) for p in state.players) + 4 + len(state.money_deck) - 2  # less A and B

    reading = next(r for r in GAME.readings() if r.name == "two_player_money")
    assert reading.provenance == "seed" and reading.default == "two_of_each"
    two = GAME.setup(["anna", "bob"], 3)
    assert in_play(two) == 72 and copies(two) == 2
    assert in_play(GAME.setup(["anna", "bob"], 3, {"two_player_money": "full_box"})) == 108
    assert in_play(GAME.setup(["anna", "bob", "carl"], 3, {"two_player_money": "two_of_each"})) == 108
    table = GAME.setup(["anna", "bob"], 3, {"chance": "table"})
    assert max(unseen_money(table, GAME.edition).values()) == 2
