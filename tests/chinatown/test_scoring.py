"""Shops and income: the seed's examples are the cases."""

import pytest

from service.engine.chinatown import GAME, data
from service.engine.chinatown.data import CHINATOWN, COMPLETE_INCOME, INCOMPLETE_INCOME, PRINTED_INCOME, shop_income
from service.engine.chinatown.scoring import Shop, compute_shops, paid_by, shops_of, split_group
from service.engine.chinatown.state import EndTurn
from service.engine.memo import conforms, memo_scope
from tests.scores import by_id

from ..memos import CountingMemo
from .helpers import board, make_state, partial


def income(layout):
    return GAME.score(partial(layout))["totals"]


def shops(layout):
    return [
        (s["owner"], s["type"], s["size"], s["complete"], s["income"]) for s in GAME.score(partial(layout))["shops"]
    ]


def test_income_table_incomplete_and_complete():
    assert INCOMPLETE_INCOME == {1: 10000, 2: 20000, 3: 40000, 4: 60000, 5: 80000}
    assert COMPLETE_INCOME == {3: 50000, 4: 80000, 5: 110000, 6: 140000}
    assert shop_income(3, 3) == 50000 and shop_income(3, 5) == 40000


def test_income_table_is_one_place_scoring_describe_picture_and_payment_read_it(monkeypatch):
    """An income change is one edit: data.INCOMPLETE_INCOME / data.COMPLETE_INCOME (seed table 2).
    Changing those two tables alone changes the scoring, describe, the picture and the year's payment."""
    monkeypatch.setitem(data.COMPLETE_INCOME, 3, 55000)
    monkeypatch.setitem(data.INCOMPLETE_INCOME, 2, 25000)
    layout = {
        13: ("anna", "photo"),
        14: ("anna", "photo"),
        15: ("anna", "photo"),
        52: ("bob", "factory"),
        53: ("bob", "factory"),
    }
    assert shops(layout) == [("anna", "photo", 3, True, 55000), ("bob", "factory", 2, False, 25000)]
    described = GAME.describe()["income"]
    assert described["complete"]["3"] == 55000 and described["incomplete"]["2"] == 25000
    picture = GAME.render(partial(layout))
    assert 'data-income="55000"' in picture and "$55,000" in picture
    assert 'data-income="25000"' in picture and "$25,000" in picture
    state = make_state("place", board_layout={**layout, 12: ("anna", None)})
    events = []
    for pid in ("anna", "bob", "chang"):
        out = GAME.apply(state, EndTurn(pid))
        events += out.events
        state = out.state
    paid = next(e for e in events if e.kind == "income_scored").data["awarded"]
    assert paid == {"anna": 55000, "bob": 25000, "chang": 0}


def test_seed_simon_complete_seafood_pays_50k():
    assert shops({1: ("simon", "seafood"), 2: ("simon", "seafood"), 4: ("simon", "seafood")}) == [
        ("simon", "seafood", 3, True, 50000)
    ]


def test_seed_simon_laundry_of_three_pays_40k():
    assert income({16: ("simon", "laundry"), 17: ("simon", "laundry"), 18: ("simon", "laundry")}) == {"simon": 40000}


def test_seed_simon_separate_factories_pay_20k_and_10k():
    layout = {52: ("simon", "factory"), 53: ("simon", "factory"), 56: ("simon", "factory")}
    assert shops(layout) == [("simon", "factory", 2, False, 20000), ("simon", "factory", 1, False, 10000)]


def test_seed_simon_factories_merge_when_lot_55_is_built():
    layout = {52: ("simon", "factory"), 53: ("simon", "factory"), 56: ("simon", "factory"), 55: ("simon", "factory")}
    assert shops(layout) == [("simon", "factory", 4, False, 60000)]


def test_seed_simon_round_three_total():
    layout = {
        1: ("simon", "seafood"),
        2: ("simon", "seafood"),
        4: ("simon", "seafood"),
        16: ("simon", "laundry"),
        17: ("simon", "laundry"),
        18: ("simon", "laundry"),
        52: ("simon", "factory"),
        53: ("simon", "factory"),
        56: ("simon", "factory"),
    }
    assert income(layout) == {"simon": 50000 + 40000 + 20000 + 10000}


def test_seed_chang_five_adjacent_photos_split_50k_plus_20k():
    layout = {lot: ("chang", "photo") for lot in (71, 72, 73, 74, 78)}
    assert sorted(shops(layout)) == [("chang", "photo", 2, False, 20000), ("chang", "photo", 3, True, 50000)]
    assert income(layout) == {"chang": 70000}


def test_seed_tropical_fish_three_beside_one_of_another_owner():
    layout = {
        28: ("chang", "tropical_fish"),
        29: ("chang", "tropical_fish"),
        30: ("chang", "tropical_fish"),
        33: ("simon", "tropical_fish"),
    }
    assert income(layout) == {"chang": 40000, "simon": 10000}


def test_seed_tropical_fish_join_when_the_tile_changes_owner():
    layout = {
        28: ("chang", "tropical_fish"),
        29: ("chang", "tropical_fish"),
        30: ("chang", "tropical_fish"),
        33: ("chang", "tropical_fish"),
    }
    assert shops(layout) == [("chang", "tropical_fish", 4, True, 80000)]


def test_seed_lucy_three_dim_sum_is_a_shop_of_three():
    assert shops({59: ("lucy", "dim_sum"), 60: ("lucy", "dim_sum"), 62: ("lucy", "dim_sum")}) == [
        ("lucy", "dim_sum", 3, False, 40000)
    ]


def test_seed_four_dim_sum_is_incomplete_six_antiques_complete():
    dim_sum = {lot: ("a", "dim_sum") for lot in (43, 44, 45, 46)}
    antiques = {lot: ("b", "antiques") for lot in (71, 72, 73, 74, 75, 76)}
    assert shops({**dim_sum, **antiques}) == [("a", "dim_sum", 4, False, 60000), ("b", "antiques", 6, True, 140000)]


def test_diagonal_tiles_are_separate_shops():
    assert income({1: ("a", "photo"), 4: ("a", "photo")}) == {"a": 20000}  # 1 and 4 touch only at a corner


def test_tiles_across_a_street_are_separate_shops():
    # lot 18 (block 2) and lot 28 (block 3) face each other across a street
    assert income({18: ("a", "photo"), 28: ("a", "photo")}) == {"a": 20000}


def test_same_type_of_other_owners_are_separate_shops():
    assert income({1: ("a", "photo"), 2: ("b", "photo")}) == {"a": 10000, "b": 10000}


def test_different_types_do_not_join():
    assert income({1: ("a", "photo"), 2: ("a", "seafood")}) == {"a": 20000}


def test_oversized_group_split_reading_six_photos_are_two_complete_shops():
    layout = {lot: ("a", "photo") for lot in (6, 7, 8, 9, 10, 11)}
    assert sorted(shops(layout)) == [("a", "photo", 3, True, 50000)] * 2


def test_oversized_group_split_reading_seven_jewelry_is_four_plus_three():
    layout = {lot: ("a", "jewelry") for lot in (43, 44, 45, 46, 47, 48, 49)}
    assert sorted(s[2:] for s in shops(layout)) == [(3, False, 40000), (4, True, 80000)]


def test_oversized_group_split_reading_beyond_two_shops_splits_repeatedly():
    layout = {lot: ("a", "photo") for lot in (43, 44, 45, 46, 47, 48, 49, 50)}  # 8 = 3 + 3 + 2 (not legal play)
    assert sorted(s[2] for s in shops(layout)) == [2, 3, 3]


def test_split_pieces_stay_connected_where_possible():
    # an L of five photos: 6 7 8 9 in a row with 3 above 7
    pieces = split_group([3, 6, 7, 8, 9], 3)
    from service.engine.chinatown.board import is_connected

    assert all(is_connected(set(p)) for p in pieces)
    assert sorted(len(p) for p in pieces) == [2, 3]


def test_empty_lots_earn_nothing():
    assert by_id(GAME.score(partial({12: ("anna", None), 13: ("anna", None)}))["players"])["anna"]["income"] == 0


def test_score_lists_every_shop_with_type_lots_size_complete_income():
    result = GAME.score(partial({12: ("anna", "photo"), 13: ("anna", None)}))
    assert result["shops"] == [
        {"owner": "anna", "type": "photo", "lots": [12], "size": 1, "complete": False, "income": 10000}
    ]
    assert by_id(result["players"])["anna"]["lots"] == 2
    assert result["violations"] == []


def test_shop_groups_are_remembered_keyed_by_layout():
    memo = CountingMemo()
    layout = {12: ("anna", "photo"), 13: ("anna", "photo"), 20: ("bob", None)}
    with memo_scope(memo):
        first = GAME.score(partial(layout))
        second = GAME.score(partial(layout))
        assert memo.computed == 1 and first == second
        # an empty lot changing hands does not change the owner/shop layout
        GAME.score(partial({**layout, 20: ("anna", None)}))
        assert memo.computed == 1
        GAME.score(partial({**layout, 14: ("anna", "photo")}))
        assert memo.computed == 2
    kinds = {key[0] for key in memo.store}
    assert kinds == set(CHINATOWN.memo_kinds) == {"chinatown.shops"}


def test_the_remembered_value_check_rejects_a_corrupt_entry():
    value = compute_shops([(12, "anna", "photo")], PRINTED_INCOME)
    assert conforms(value, list[Shop], paid_by(PRINTED_INCOME))
    assert not conforms([{**value[0], "income": 99}], list[Shop], paid_by(PRINTED_INCOME))
    assert not conforms({"x": 1}, list[Shop], paid_by(PRINTED_INCOME))
    memo = CountingMemo()
    b = board({12: ("anna", "photo")})
    with memo_scope(memo):
        shops_of(b.as_dict(), CHINATOWN, None)
        key = next(iter(memo.store))
        memo.store[key] = [{"bad": True}]
        assert shops_of(b.as_dict(), CHINATOWN, None) == value
    assert memo.computed == 2


@pytest.mark.parametrize("players", [None, ("anna",)])
def test_score_flags_an_owner_not_listed(players):
    from service.engine.chinatown.state import Partial

    result = GAME.score(Partial(board({12: ("bob", "photo")}), players))
    codes = [v["code"] for v in result["violations"]]
    assert codes == (["chinatown.score.unknown_owner"] if players else [])
    assert by_id(result["players"])["bob"]["income"] == 10000


def test_shop_groups_through_the_service_memo_hit_on_the_same_layout():
    from service.cache.memo import MemoryMemo

    memo = MemoryMemo().bound("chinatown-2")
    layout = {13: ("anna", "photo"), 14: ("anna", "photo"), 15: ("anna", "photo")}  # one row of block 1
    calls = []
    import service.engine.chinatown.scoring as scoring

    original = scoring.compute_shops
    try:
        scoring.compute_shops = lambda lay, income: calls.append(1) or original(lay, income)
        with memo_scope(memo):
            first = GAME.score(partial(layout))
            second = GAME.score(partial(layout))
    finally:
        scoring.compute_shops = original
    assert len(calls) == 1 and first == second
    assert first["shops"][0]["income"] == 50000


def test_an_option_that_changes_the_income_is_read_in_one_place_under_the_states_options():
    """A house rule on the income (a complete 6-tile shop pays more) is one method: the edition's
    ``income(options)``. The year's payment and the scoring of a full state follow the state's options
    with no parameter threaded through the shop functions; the rule stands in here for a declared option by
    reading an existing one (rotate_first_player), as a new option's field would be read."""
    from dataclasses import replace

    from service.engine.chinatown import INFO
    from service.engine.chinatown.book import book_of
    from service.engine.chinatown.data import Edition, Income
    from service.engine.chinatown.game import ChinatownGame

    class HouseRules(Edition):
        def income(self, options=None):
            printed = super().income(options)
            if options is not None and options.rotate_first_player:
                return Income(printed.incomplete, {**printed.complete, 6: 200000})
            return printed

    game = ChinatownGame(INFO, book_of(HouseRules(id=CHINATOWN.id, name=CHINATOWN.name)))
    layout = {lot: ("anna", "antiques") for lot in (1, 2, 3, 4, 5, 7)}  # a complete antiques shop of block 1
    plain = make_state("place", board_layout={**layout, 12: ("anna", None)})
    house = replace(plain, options=replace(plain.options, rotate_first_player=True))
    for state, pays in ((plain, 140000), (house, 200000)):
        assert [s["income"] for s in game.score(state)["shops"]] == [pays]
        events = []
        for pid in ("anna", "bob", "chang"):
            out = game.apply(state, EndTurn(pid))
            events += out.events
            state = out.state
        assert next(e for e in events if e.kind == "income_scored").data["awarded"]["anna"] == pays
    assert GAME.score(house)["shops"][0]["income"] == 140000  # Chinatown's own edition pays the printed table
