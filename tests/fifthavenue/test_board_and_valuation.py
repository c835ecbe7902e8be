"""Board geometry (plot ring, commissioners' graph) and the district valuation 1/2/3/5/8."""

from __future__ import annotations

import pytest

from service.engine.fifthavenue import GAME
from service.engine.fifthavenue import board as B
from service.engine.fifthavenue import data as D
from service.engine.fifthavenue import scoring as S
from service.engine.fifthavenue.options import Options
from service.engine.memo import conforms, memo_scope
from service.schemas.fifthavenue import WIRE

from ..memos import CountingMemo
from .helpers import biz, clear_board, edit, sky, started


def score(body: dict, **extra):
    state = WIRE.score_state().load(body)
    return GAME.score(state, WIRE.score_extra().load(extra))


def district(plots: dict) -> dict:
    return {"districts": {"times-square": {"plots": plots}}}


def test_reading_plot_ring_each_plot_touches_its_two_ring_neighbours():
    o = Options()
    assert B.neighbours(o, "violet") == ("brown", "orange")
    assert B.neighbours(o, "gray") == ("brown", "green")
    assert B.neighbours(o, "orange") == ("green", "violet")


def test_plot_ring_comes_from_the_board_option():
    o = Options(plot_ring=("violet", "gray", "brown", "orange", "green"))
    assert B.neighbours(o, "violet") == ("gray", "green")
    body = district(
        {
            "violet": {"skyscrapers": {"owner": "red", "count": 1}},
            "gray": {"businesses": ["boutique"]},
            "brown": {"businesses": ["gallery"]},
        }
    )
    default = score(body, scoring="district:times-square")
    body["options"] = {"board": {"plot_ring": ["violet", "gray", "brown", "orange", "green"]}}
    custom = score(body, scoring="district:times-square")
    assert default["totals"] == {"red": 2}  # only brown (gallery) touches violet on the default ring
    assert custom["totals"] == {"red": 2}  # only gray (boutique) touches violet on the custom ring
    assert custom["plots"][0]["types"] == 1


@pytest.mark.parametrize(
    "types,points",
    [
        ((), 1),
        (("boutique",), 2),
        (("boutique", "gallery"), 3),
        (("boutique", "gallery", "jeweler"), 5),
        (("boutique", "gallery", "jeweler", "perfumery"), 8),
    ],
)
def test_valuation_by_distinct_adjacent_business_types(types, points):
    left, right = list(types[:2]), list(types[2:])
    plots = {"gray": {"skyscrapers": {"owner": "red", "count": 1}}}
    if left:
        plots["brown"] = {"businesses": left}
    if right:
        plots["green"] = {"businesses": right}
    assert score(district(plots), scoring="district:times-square")["totals"] == {"red": points}


def test_valuation_counts_each_type_once_and_multiplies_by_skyscrapers():
    plots = {
        "gray": {"skyscrapers": {"owner": "red", "count": 3}},
        "brown": {"businesses": ["boutique", "boutique"]},
        "green": {"businesses": ["boutique"]},
        "orange": {"businesses": ["gallery", "jeweler"]},
    }  # orange does not touch gray
    out = score(district(plots), scoring="district:times-square")
    assert out["plots"] == [{"owner": "red", "plot": "gray", "count": 3, "types": 1, "per_skyscraper": 2, "points": 6}]


def test_building_stop_example_of_the_english_rules():
    """English rulebook p. 10: 4 skyscrapers in the district; Red declares and gets 4; Yellow's normal 5 becomes 2;
    Blue's normal 6 becomes 3."""
    plots = {
        "violet": {"skyscrapers": {"owner": "yellow", "count": 1}},
        "orange": {"businesses": ["boutique", "jeweler"]},
        "brown": {"businesses": ["gallery"]},
        "gray": {"skyscrapers": {"owner": "blue", "count": 3}},
        "green": {"businesses": ["gallery"]},
    }
    normal = score(district(plots), scoring="district:times-square")
    assert normal["totals"] == {"yellow": 5, "blue": 6}
    stop = score(district(plots), scoring="building_stop:times-square", declarer="red")
    assert stop["totals"] == {"yellow": 2, "blue": 3, "red": 4}
    assert stop["violations"] == []


def test_building_stop_scoring_needs_a_full_district():
    plots = {"violet": {"skyscrapers": {"owner": "yellow", "count": 1}}}
    out = score(district(plots), scoring="building_stop:times-square", declarer="red")
    assert "fifthavenue.score.stop_not_full" in {v["code"] for v in out["violations"]}


def test_final_scoring_values_every_district_and_central_park_by_the_revealed_tiles():
    body = {
        "districts": {
            "times-square": {
                "plots": {"gray": {"skyscrapers": {"owner": "red", "count": 2}}, "brown": {"businesses": ["boutique"]}}
            },
            "fifth-avenue": {"plots": {"violet": {"skyscrapers": {"owner": "blue", "count": 1}}}},
            "central-park": {
                "skyscrapers": [{"owner": "red", "count": 2}, {"owner": "blue", "count": 1}],
                "businesses": ["boutique", "gallery", "gallery", "jeweler"],
            },
        }
    }
    out = score(body, scoring="final", central_park_tiles=["gallery", "gallery", "jeweler"])
    assert out["central_park"]["per_skyscraper"] == 3  # 2 types
    assert out["totals"] == {"red": 2 * 2 + 2 * 3, "blue": 1 + 3}
    three = score(body, scoring="final", central_park_tiles=["boutique", "gallery", "jeweler"])
    assert three["totals"]["blue"] == 1 + 5


def test_final_scoring_refuses_tiles_not_below_central_park():
    body = {
        "districts": {
            "central-park": {
                "skyscrapers": [{"owner": "red", "count": 1}],
                "businesses": ["boutique", "boutique", "gallery", "gallery"],
            }
        }
    }
    out = score(body, scoring="final", central_park_tiles=["jeweler", "gallery", "gallery"])
    assert "fifthavenue.score.park_tiles_not_there" in {v["code"] for v in out["violations"]}


def test_option_park_tiles_fewer_count_revealed_lets_none_score_one():
    """The earlier reading, kept as option park_tiles_fewer count_revealed."""
    body = {
        "districts": {"central-park": {"skyscrapers": [{"owner": "red", "count": 2}], "businesses": []}},
        "options": {"park_tiles_fewer": "count_revealed"},
    }
    assert score(body, scoring="final")["totals"] == {"red": 2}
    body["districts"]["central-park"]["businesses"] = ["boutique", "gallery"]
    assert score(body, scoring="final")["totals"] == {"red": 6}


def test_reading_park_tiles_fewer_a_park_skyscraper_scores_at_least_two():
    """English rulebook p. 7: the park's values are 'lowest is 2 and the highest is 5', also with fewer
    than 3 businesses below the park, or none."""
    body = {"districts": {"central-park": {"skyscrapers": [{"owner": "red", "count": 2}], "businesses": []}}}
    assert score(body, scoring="final")["totals"] == {"red": 4}
    body["districts"]["central-park"]["businesses"] = ["boutique"]
    assert score(body, scoring="final")["totals"] == {"red": 4}
    body["districts"]["central-park"]["businesses"] = ["boutique", "gallery"]
    assert score(body, scoring="final")["totals"] == {"red": 6}
    body["districts"]["central-park"]["businesses"] = ["boutique", "gallery", "jeweler"]
    assert score(body, scoring="final")["totals"] == {"red": 10}  # the highest is 5


def test_reading_commissioner_graph_default_steps():
    o = Options()
    none = frozenset()
    assert B.steps(o, none, D.CITY_HALL) == ("34th-st-west", "34th-st-east")
    assert B.steps(o, none, "34th-st-west") == ("42nd-st-west", "times-square")
    assert B.steps(o, none, "34th-st-east") == ("times-square", "fifth-avenue")
    assert B.steps(o, none, "times-square") == ("52nd-st-west", "52nd-st-east")
    assert B.steps(o, none, "fifth-avenue") == ("52nd-st-east",)
    assert B.steps(o, none, "52nd-st-west") == (D.CENTRAL_PARK,)
    assert B.steps(o, none, D.CENTRAL_PARK) == (D.CITY_HALL,)


def test_commissioner_skips_stopped_districts():
    """English rulebook, figure 4: with 52nd St West stopped, white at 42nd St West may go on to Central Park."""
    o = Options()
    assert B.steps(o, frozenset({"52nd-st-west"}), "42nd-st-west") == (D.CENTRAL_PARK,)
    assert B.steps(o, frozenset({"times-square"}), "34th-st-west") == ("42nd-st-west", "52nd-st-west", "52nd-st-east")


def test_commissioner_graph_comes_from_the_board_option():
    graph = {k: list(v) for k, v in D.DEFAULT_COMMISSIONER_GRAPH.items()}
    graph["city-hall"] = ["34th-st-west"]
    graph["34th-st-west"] = ["34th-st-east"]
    graph["34th-st-east"] = ["42nd-st-west", "times-square", "fifth-avenue"]
    s = GAME.setup(["red", "yellow", "blue"], 1, WIRE.options().load({"board": {"commissioner_graph": graph}}))
    assert s.options.graph["city-hall"] == ("34th-st-west",)
    assert not GAME.validate(s)


def test_unusable_commissioner_graph_is_a_state_violation():
    graph = {k: list(v) for k, v in D.DEFAULT_COMMISSIONER_GRAPH.items()}
    graph["52nd-st-west"] = ["42nd-st-west"]  # a cycle 42W -> 52W -> 42W, no way to the park
    s = GAME.setup(["red", "yellow", "blue"], 1, WIRE.options().load({"board": {"commissioner_graph": graph}}))
    assert "fifthavenue.state.bad_commissioner_graph" in {v.code for v in GAME.validate(s)}
    assert GAME.legal_moves(s) == []


def test_a_player_owns_at_most_one_plot_per_district():
    plots = {
        "gray": {"skyscrapers": {"owner": "red", "count": 1}},
        "violet": {"skyscrapers": {"owner": "red", "count": 1}},
    }
    out = score(district(plots), scoring="district:times-square")
    assert "fifthavenue.state.two_plots_in_district" in {v["code"] for v in out["violations"]}


def test_a_plot_holds_businesses_or_skyscrapers_not_both():
    plots = {"gray": {"skyscrapers": {"owner": "red", "count": 1}, "businesses": ["boutique"]}}
    out = score(district(plots), scoring="district:times-square")
    assert "fifthavenue.state.plot_mixed" in {v["code"] for v in out["violations"]}


def test_the_score_of_a_vouched_state_does_not_check_its_board_again():
    """A state the engine was told is consistent (``vouch``: the HTTP layer's seal) has a board that breaks
    no rule; the score takes it so, as ``validate`` does, and answers a consistent one as unvouched."""
    consistent = started(3)
    before = GAME.score(consistent, None)
    GAME.vouch(consistent)
    assert GAME.score(consistent, None) == before
    plots = {"gray": {"skyscrapers": {"owner": "red", "count": 1}, "businesses": ["boutique"]}}
    mixed = WIRE.score_state().load(district(plots))
    assert "fifthavenue.state.plot_mixed" in {v["code"] for v in GAME.score(mixed, None)["violations"]}
    GAME.vouch(mixed)
    assert GAME.score(mixed, None)["violations"] == [] == GAME.validate(mixed)


def test_district_valuation_goes_through_the_memo():
    memo = CountingMemo()
    state = edit(
        started(3),
        lambda w: (
            clear_board(w),
            sky(w, "times-square", "gray", "red", 2),
            biz(w, "times-square", "brown", "boutique"),
        ),
    )
    final = {"scoring": "final", "central_park_tiles": []}
    with memo_scope(memo):
        first = GAME.score(state, final)
        assert memo.computed == 2  # six empty districts share one material
        second = GAME.score(state, final)
        assert memo.computed == 2 and first == second
        assert first["totals"]["red"] == 4
        # a corrupt cached entry is detected by the check and recomputed
        key = next(iter(memo.store))
        memo.store[key] = [{"owner": "red"}]
        assert GAME.score(state, final) == first
        assert memo.computed == 3


def test_a_remembered_valuation_is_sound_only_as_the_rows_it_declares():
    assert conforms([], list[S.Row])
    assert not conforms({"a": 1}, list[S.Row])
    row = {"owner": "r", "plot": "gray", "count": 2, "types": 1, "per_skyscraper": 2, "points": 4}
    assert conforms([row], list[S.Row])
    assert not conforms([{**row, "points": 5}], list[S.Row])  # not per_skyscraper * count
    assert not conforms([{**row, "per_skyscraper": 3, "points": 6}], list[S.Row])  # not what the table pays


def test_final_scoring_of_a_digital_state_draws_central_park_by_its_hidden_order():
    from .helpers import random_game

    keep = []
    random_game(3, 21, lambda b, m, a, listed, rnd: keep.append(a) if len(a.park.businesses) > 3 and not keep else None)
    s = keep[0]
    out = GAME.score(s, {"scoring": "final", "declarer": None, "central_park_tiles": None})
    park = list(s.park.businesses)
    assert out["central_park"]["tiles"] == [park[i] for i in s.park_order if i < len(park)][:3]
    assert "fifthavenue.score.park_tiles_missing" not in {v["code"] for v in out["violations"]}
