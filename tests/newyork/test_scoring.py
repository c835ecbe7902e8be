"""The three scorings: majorities with ties, the dummy, streets; the seed's worked examples."""

from service.engine.newyork import GAME
from service.engine.newyork.data import points_table
from service.engine.newyork.scoring import places
from service.engine.newyork.state import Dummy, Options, Player, State

from .helpers import city, partial_state


def row(kind: str, n: int, streets: str = ""):
    """A legal line of ``n`` tiles of one kind east of the start tile (no streets unless asked on the last)."""
    return city(*[(x, 0, kind, streets if x == n else "") for x in range(1, n + 1)])


def by_id(result):
    return {p["id"]: p for p in result["players"]}


def test_seed_example_parks_3_3_2_2_in_the_final_scoring_give_16_16_2_2():
    s = partial_state(
        {"reka": row("park", 3), "andras": row("park", 3), "krisztina": row("park", 2), "gabor": row("park", 2)}
    )
    got = {pid: p["buildings"]["park"]["points"] for pid, p in by_id(GAME.score(s, "final")).items()}
    assert got == {"reka": 16, "andras": 16, "krisztina": 2, "gabor": 2}


def test_seed_example_skyscrapers_4_4_in_the_second_scoring_give_9_each():
    s = partial_state({"krisztina": row("skyscraper", 4), "gabor": row("skyscraper", 4)})
    got = by_id(GAME.score(s, "B"))
    assert [got[p]["buildings"]["skyscraper"]["points"] for p in ("krisztina", "gabor")] == [9, 9]
    assert got["gabor"]["buildings"]["skyscraper"]["rank"] == 1


def test_seed_example_church_majority_in_the_first_scoring_gives_4():
    s = partial_state({"a": row("church", 3), "b": row("church", 1)})
    got = by_id(GAME.score(s, "A"))
    assert got["a"]["buildings"]["church"]["points"] == 4
    assert got["b"]["buildings"]["church"]["points"] == 0


def test_scoring_tables_for_the_six_types():
    tables = GAME.describe()["scoring_tables"]
    assert tables["church"] == {"A": [4], "B": [11, 4], "final": [19, 11, 4]}
    assert tables["park"] == {"A": [5], "B": [12, 5], "final": [20, 12, 5]}
    assert tables["skyscraper"] == {"A": [6], "B": [13, 6], "final": [21, 13, 6]}
    assert tables["museum"]["final"] == [16, 8, 1]
    assert tables["theater"]["final"] == [17, 9, 2]
    assert tables["station"]["final"] == [18, 10, 3]


def test_tie_rank_after_an_n_way_tie_is_r_plus_n():
    table = points_table(5)["final"]  # 20, 12, 5
    assert places([3, 3, 2], table) == [(1, 16), (1, 16), (3, 5)]
    assert places([4, 3, 3, 3], table) == [(1, 20), (2, 5), (2, 5), (2, 5)]  # (12 + 5 + 0) // 3


def test_tie_points_are_rounded_down():
    assert places([2, 2, 2], points_table(6)["B"]) == [(1, 6), (1, 6), (1, 6)]  # (13 + 6) // 3


def test_player_needs_at_least_one_building_of_a_type():
    assert places([0, 0], points_table(4)["A"]) == [(0, 0), (0, 0)]
    assert places([1, 0], points_table(4)["final"]) == [(1, 19), (0, 0)]


def test_reserve_tiles_never_count():
    from .helpers import tile

    s = State(
        players=(Player("a", city=row("park", 1), reserve=(tile("park"),) * 3), Player("b", city=row("park", 2))),
        partial=True,
    )
    got = by_id(GAME.score(s, "A"))
    assert got["a"]["buildings"]["park"]["count"] == 1
    assert got["b"]["buildings"]["park"]["points"] == 5


def test_street_points_in_every_scoring():
    s = partial_state({"a": city((1, 0, "park", "ne")), "b": city()})
    for scoring in ("A", "B", "final"):
        a = by_id(GAME.score(s, scoring))["a"]
        assert a["street"] == {"length": 2, "points": 2}
        assert a["total"] == a["buildings"]["park"]["points"] + 2


def test_dummy_takes_part_in_majorities_but_never_streets():
    s = partial_state({"a": row("park", 2, "ne"), "b": row("park", 1)}, dummy=Dummy(counts=(("park", 3),)))
    result = GAME.score(s, "B")
    assert result["dummy"]["buildings"]["park"] == {"count": 3, "rank": 1, "points": 12}
    assert by_id(result)["a"]["buildings"]["park"]["points"] == 5
    assert by_id(result)["b"]["buildings"]["park"]["points"] == 0
    assert "street" not in result["dummy"]


def test_reading_type_tiers_changes_which_type_scores_what():
    s = partial_state({"a": row("museum", 1)})
    assert by_id(GAME.score(s, "A"))["a"]["buildings"]["museum"]["points"] == 1
    swapped = State(
        options=Options(type_tiers=(("museum", 3), ("station", 1), ("theater", 2))), players=s.players, partial=True
    )
    assert by_id(GAME.score(swapped, "A"))["a"]["buildings"]["museum"]["points"] == 3


def test_score_reports_city_violations_beside_the_scores():
    s = partial_state({"a": city((1, 0, "park", "w"))})
    result = GAME.score(s, "final")
    assert result["totals"]["a"] == 20
    assert "newyork.placement.street_mismatch" in [v["code"] for v in result["violations"]]
    assert result["violations"][0]["pointer"].startswith("/state/players/0/city")


def test_score_totals_sum_buildings_and_street():
    s = partial_state({"a": city((1, 0, "park", "n"), (-1, 0, "church", "n")), "b": row("church", 2)})
    result = GAME.score(s, "final")
    a = by_id(result)["a"]
    assert a["buildings"]["park"]["points"] == 20 and a["buildings"]["church"]["points"] == 11
    assert a["street"]["length"] == 1  # the two north streets are not adjacent
    assert result["totals"] == {"a": 32, "b": 19}


def _ring_around_a_hole(inner_streets: bool):
    """Eight tiles round the empty cell (1, 1), breaking building rule 5; the tiles touching the hole carry
    a street on the edge facing it when ``inner_streets``, and (1, 0) and (2, 0) a street on the north."""
    facing = {(1, 0): "s", (0, 1): "e", (2, 1): "w", (1, 2): "n"} if inner_streets else {}
    outer = {(1, 0): "n", (2, 0): "n"}
    cells = [(1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
    return city(*[(x, y, "park", facing.get((x, y), "") + outer.get((x, y), "")) for x, y in cells])


def test_inner_streets_facing_an_enclosed_cell_score_nothing():
    # "A belső utcákért nem jár pont": the four street edges round the hole are inside the city
    for inner in (True, False):
        s = partial_state({"anna": _ring_around_a_hole(inner)})
        result = GAME.score(s, "A")
        assert result["players"][0]["street"] == {"length": 2, "points": 2}, inner
        assert "newyork.placement.hole" in [v["code"] for v in result["violations"]]


def test_reading_inner_streets_score_nothing_also_between_two_tiles():
    # a legal city: the start tile's east neighbour and its own east neighbour share a double street
    s = partial_state({"anna": city((1, 0, "park", "e"), (2, 0, "park", "w"))})
    assert GAME.score(s, "A")["players"][0]["street"]["length"] == 0
    s = partial_state({"anna": city((1, 0, "park", "e"))})
    assert GAME.score(s, "A")["players"][0]["street"]["length"] == 1
