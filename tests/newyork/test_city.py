"""The five building rules, removal and swap, legal cells, holes and the longest street."""
from service.engine.newyork.city import (
    city_violations, grid_of, holes, legal_cells, longest_street, outline_cycles,
    placement_violations, removal_violations, swap_violations,
)

from .helpers import city, codes, index, tile


# --- the five building rules, each with its own code ------------------------------------------------

def test_placement_rotation_is_refused_as_orientation():
    got = codes(placement_violations(index(), tile("park", ""), 1, 0, rotation=90))
    assert got == ["newyork.placement.orientation"]


def test_placement_street_mismatch_is_refused():
    # the tile's west edge has a street, the start tile's east edge has none
    got = codes(placement_violations(index(), tile("park", "w"), 1, 0))
    assert "newyork.placement.street_mismatch" in got


def test_placement_street_mismatch_message_names_both_edges():
    v = placement_violations(index(), tile("park", "w"), 1, 0)[0]
    assert "w edge" in v.message and "(0,0)" in v.message and v.pointer == "/move/x"


def test_placement_unreachable_across_a_street_is_refused():
    # seed: the skyscraper can be reached from the start tile only by crossing a street
    ix = index((1, 0, "park", "e"))
    got = codes(placement_violations(ix, tile("skyscraper", "w"), 2, 0))
    assert got == ["newyork.placement.unreachable"]


def test_placement_corner_contact_only_is_refused():
    got = codes(placement_violations(index(), tile("park", ""), 1, 1))
    assert "newyork.placement.no_contact" in got


def test_placement_enclosing_an_empty_cell_is_refused():
    ix = index((1, 0, "park", ""), (2, 0, "park", ""), (0, 1, "park", ""), (2, 1, "park", ""), (0, 2, "park", ""))
    assert codes(placement_violations(ix, tile("station", ""), 1, 2)) == ["newyork.placement.hole"]
    assert codes(placement_violations(ix, tile("station", ""), 2, 2)) == []


def test_placement_on_an_occupied_cell_is_refused():
    assert codes(placement_violations(index(), tile(), 0, 0)) == ["newyork.placement.occupied"]
    assert codes(placement_violations(index((1, 0, "park", "")), tile(), 1, 0)) == ["newyork.placement.occupied"]


def test_placement_legal_next_to_start():
    assert placement_violations(index(), tile("park", "nes"), 1, 0) == []


def test_placement_reports_every_broken_rule():
    got = set(codes(placement_violations(index(), tile("park", "w"), 1, 0, rotation=180)))
    assert got == {"newyork.placement.orientation", "newyork.placement.street_mismatch",
                   "newyork.placement.unreachable"}


def test_legal_cells_are_exactly_the_cells_without_violations():
    ix = index((1, 0, "park", "n"), (0, 1, "church", "s"), (-1, 0, "museum", ""), (-1, -1, "station", "w"))
    for t in (tile("park", ""), tile("park", "n"), tile("park", "es"), tile("park", "nesw"), tile("park", "w")):
        brute = [(x, y) for y in range(-5, 6) for x in range(-5, 6) if not placement_violations(ix, t, x, y)]
        assert sorted(legal_cells(ix, t), key=lambda c: (c[1], c[0])) == brute


# --- removal and swap (rebuilding) -----------------------------------------------------------------

def test_rebuild_removing_the_start_tile_is_refused():
    assert codes(removal_violations(index(), 0, 0)) == ["newyork.rebuild.start_tile"]


def test_rebuild_removing_a_missing_tile_is_refused():
    assert codes(removal_violations(index(), 3, 3)) == ["newyork.rebuild.no_tile"]


def test_rebuild_removal_that_cuts_off_tiles_is_refused():
    ix = index((1, 0, "park", ""), (2, 0, "park", ""))
    assert codes(removal_violations(ix, 1, 0)) == ["newyork.placement.unreachable"]
    assert removal_violations(ix, 2, 0) == []


def test_rebuild_removal_that_leaves_a_hole_is_refused():
    ix = index((1, 0, "park", ""), (2, 0, "park", ""), (0, 1, "park", ""), (1, 1, "park", ""),
               (2, 1, "park", ""), (0, 2, "park", ""), (1, 2, "park", ""))
    assert codes(removal_violations(ix, 1, 1)) == ["newyork.placement.hole"]


def test_rebuild_swapping_the_start_tile_is_refused():
    assert codes(swap_violations(index(), tile(), 0, 0)) == ["newyork.rebuild.start_tile"]


def test_rebuild_swap_must_match_edges():
    ix = index((1, 0, "park", ""))
    assert swap_violations(ix, tile("church", "e"), 1, 0) == []
    assert "newyork.placement.street_mismatch" in codes(swap_violations(ix, tile("church", "w"), 1, 0))


# --- whole cities ----------------------------------------------------------------------------------

def test_city_violations_flag_each_broken_tile():
    bad = city((1, 0, "park", "w"), (3, 3, "park", ""))
    found, flagged = city_violations(bad, "/state/players/0/city")
    got = set(codes(found))
    assert {"newyork.placement.street_mismatch", "newyork.placement.no_contact",
            "newyork.placement.unreachable"} <= got
    assert flagged == {(1, 0), (3, 3)}
    assert any(v.pointer == "/state/players/0/city/1" for v in found)


def test_city_violations_of_a_legal_city_are_empty():
    good = city((1, 0, "park", "n"), (0, 1, "church", "s"), (-1, 0, "museum", ""))
    assert city_violations(good, "/x") == ([], set())


def test_reading_holes_a_diagonal_gap_does_not_let_an_empty_cell_out():
    occupied = {(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2)}  # (2, 2) empty: (1, 1) only diagonal
    assert holes(occupied) == [{(1, 1)}]


# --- the longest street ------------------------------------------------------------------------------

def _ring():
    cells = {}
    for x in (-1, 0, 1):
        for y in (-1, 0, 1):
            s = ("n" if y == -1 else "") + ("e" if x == 1 else "") + ("s" if y == 1 else "") + ("w" if x == -1 else "")
            cells[(x, y)] = s
    cells[(0, 0)] = ""
    return cells


def test_reading_longest_street_closed_ring_of_n_scores_n():
    assert longest_street(_ring())["length"] == 12


def test_longest_street_counts_only_edges_facing_an_empty_cell():
    # (1,0)'s south street meets (1,1)'s north street inside the city: a double street, no points
    g = grid_of(city((1, 0, "park", "s"), (0, 1, "park", ""), (1, 1, "park", "n")))
    assert longest_street(g)["length"] == 0
    g = grid_of(city((1, 0, "park", "s"), (0, 1, "park", ""), (1, 1, "park", "ne")))
    assert longest_street(g)["length"] == 1


def test_longest_street_turns_a_convex_corner():
    assert longest_street(grid_of(city((1, 0, "park", "ne"))))["length"] == 2


def test_longest_street_turns_a_concave_corner():
    g = grid_of(city((1, 0, "park", "s"), (0, 1, "park", "e")))
    result = longest_street(g)
    assert result["length"] == 2
    assert sorted(map(tuple, result["edges"])) == [(0, 1, "e"), (1, 0, "s")]


def test_longest_street_is_broken_by_an_edge_without_street():
    assert longest_street(grid_of(city((1, 0, "park", "n"), (2, 0, "park", "n"))))["length"] == 2
    assert longest_street(grid_of(city((1, 0, "park", "n"), (2, 0, "park", ""), (3, 0, "park", "n"))))["length"] == 1


def test_reading_longest_street_at_a_pinch_follows_the_outline():
    # two tiles touching only at the corner point (1,0): the street turns around each tile, it does not
    # run straight through the pinch (which would give 2)
    grid = {(0, 0): "e", (1, -1): "w"}
    assert longest_street(grid)["length"] == 1
    assert len(outline_cycles(grid)) == 2


def test_longest_street_picks_the_longest_of_several_runs():
    g = grid_of(city((1, 0, "park", "n"), (2, 0, "park", "ne"), (-1, 0, "park", "w")))
    assert longest_street(g)["length"] == 3
