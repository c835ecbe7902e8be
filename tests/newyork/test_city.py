"""The five building rules, removal and swap, legal cells, holes and the longest street."""

import random

from service.engine.newyork import city as city_rules
from service.engine.newyork import holes as holes_module
from service.engine.newyork.book import BOOK
from service.engine.newyork.city import CityIndex, grid_of, holes, longest_street, outline_cycles
from service.engine.newyork.holes import closes_new_hole, is_enclosed

from .helpers import city, codes, index, tile

# the city's checks under New York's rule book


def placement_violations(ix, t, x, y, pointer="/move", rotation=0):
    return city_rules.placement_violations(ix, t, x, y, BOOK, pointer, rotation)


def swap_violations(ix, t, x, y, pointer="/move", rotation=0):
    return city_rules.swap_violations(ix, t, x, y, BOOK, pointer, rotation)


def removal_violations(ix, x, y, pointer="/move"):
    return city_rules.removal_violations(ix, x, y, BOOK, pointer)


def legal_cells(ix, t):
    return city_rules.legal_cells(ix, t, BOOK)


def city_violations(tiles, pointer):
    return city_rules.city_violations(tiles, pointer, lambda c: city_rules.city_check(c, BOOK))


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
    assert got == {
        "newyork.placement.orientation",
        "newyork.placement.street_mismatch",
        "newyork.placement.unreachable",
    }


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
    ix = index(
        (1, 0, "park", ""),
        (2, 0, "park", ""),
        (0, 1, "park", ""),
        (1, 1, "park", ""),
        (2, 1, "park", ""),
        (0, 2, "park", ""),
        (1, 2, "park", ""),
    )
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
    assert {"newyork.placement.street_mismatch", "newyork.placement.no_contact", "newyork.placement.unreachable"} <= got
    assert flagged == {(1, 0), (3, 3)}
    assert any(v.pointer == "/state/players/0/city/1" for v in found)


def test_city_violations_of_a_legal_city_are_empty():
    good = city((1, 0, "park", "n"), (0, 1, "church", "s"), (-1, 0, "museum", ""))
    assert city_violations(good, "/x") == ([], set())


def test_reading_holes_a_diagonal_gap_does_not_let_an_empty_cell_out():
    occupied = {(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2)}  # (2, 2) empty: (1, 1) only diagonal
    assert holes(occupied) == [{(1, 1)}]


# --- holes: the work follows the tiles, not the city's box ---------------------------------------------


def _enclosed_by_brute_force(occupied) -> set:
    """The reference: flood the whole box (one cell wider) from its border; what the flood misses is shut in."""
    x0, y0 = min(x for x, _ in occupied) - 1, min(y for _, y in occupied) - 1
    x1, y1 = max(x for x, _ in occupied) + 1, max(y for _, y in occupied) + 1
    box = {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}
    outside, todo = {(x0, y0)}, [(x0, y0)]
    while todo:
        x, y = todo.pop()
        for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if cell in box and cell not in occupied and cell not in outside:
                outside.add(cell)
                todo.append(cell)
    return box - outside - set(occupied)


def _random_cities(count: int, seed: int = 7):
    rng = random.Random(seed)
    for _ in range(count):
        size = rng.choice([3, 4, 5, 6])
        cells = [(x, y) for x in range(size) for y in range(size)]
        yield set(rng.sample(cells, rng.randint(1, len(cells))))


def test_reading_holes_agree_with_a_flood_over_the_whole_box():
    for occupied in _random_cities(600):
        found = holes(occupied)
        assert set().union(*found) == _enclosed_by_brute_force(occupied)
        assert sum(len(r) for r in found) == len(set().union(*found))  # regions do not overlap


def test_the_bitboard_flood_finds_what_the_whole_box_flood_finds_for_every_group_of_a_4_by_3_box():
    cells = [(x - 9, y + 5) for x in range(4) for y in range(3)]  # off the origin, partly negative
    for mask in range(1, 1 << len(cells)):
        group = {cell for i, cell in enumerate(cells) if mask >> i & 1}
        assert holes_module._enclosed_by(group) == _enclosed_by_brute_force(group), group


def test_reading_holes_placement_encloses_a_new_hole_exactly_as_a_whole_box_flood_says():
    checked = 0
    for occupied in _random_cities(300, seed=11):
        before = _enclosed_by_brute_force(occupied)
        x0, y0 = min(x for x, _ in occupied), min(y for _, y in occupied)
        x1, y1 = max(x for x, _ in occupied), max(y for _, y in occupied)
        for x in range(x0 - 1, x1 + 2):
            for y in range(y0 - 1, y1 + 2):
                if (x, y) in occupied:
                    continue
                after = _enclosed_by_brute_force(occupied | {(x, y)})
                assert closes_new_hole(occupied, before, (x, y)) == bool(after - before - {(x, y)})
                assert is_enclosed(occupied, (x, y)) == ((x, y) in before)
                checked += 1
    assert checked > 3000


class _BoxLog:
    """Records the cells of every box the hole search floods, to bound the work by a count."""

    def __init__(self, monkeypatch):
        self.cells = 0
        real_escapes, real_enclosed_by = holes_module.escapes, holes_module._enclosed_by

        def escapes(occupied, start, box):
            self.cells += (box[2] - box[0] + 1) * (box[3] - box[1] + 1)
            return real_escapes(occupied, start, box)

        def enclosed_by(group):
            x0, y0, x1, y1 = holes_module.bounds(group)
            self.cells += (x1 - x0 + 3) * (y1 - y0 + 3)
            return real_enclosed_by(group)

        monkeypatch.setattr(holes_module, "escapes", escapes)
        monkeypatch.setattr(holes_module, "_enclosed_by", enclosed_by)


def test_far_apart_tiles_are_refused_with_work_bounded_by_the_tiles(monkeypatch):
    # two tiles at (-64,-64) and (64,64) made every city check flood the 129 x 129 box
    log = _BoxLog(monkeypatch)
    far = city((-64, -64, "park", ""), (64, 64, "park", ""))
    found, flagged = city_violations(far, "/state/players/5/city")
    assert {"newyork.placement.no_contact", "newyork.placement.unreachable"} <= set(codes(found))
    assert flagged == {(-64, -64), (64, 64)}
    assert log.cells <= 3 * 9  # three groups of one tile, nine cells each
    ix = CityIndex(far)
    assert ix.closes_hole(1, 0) is False
    assert removal_violations(ix, 64, 64) == []
    assert log.cells <= 3 * 9 * 4


def test_a_ring_of_tiles_is_searched_within_its_own_box(monkeypatch):
    log = _BoxLog(monkeypatch)
    ring = {(x, y) for x in range(-2, 3) for y in range(-2, 3) if max(abs(x), abs(y)) == 2}
    ring |= {(60, 60), (0, 0)}
    assert holes(ring) == [{(x, y) for x in range(-1, 2) for y in range(-1, 2)} - {(0, 0)}]
    assert log.cells <= 7 * 7 + 9 + 9


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


def _grown_cities(count: int, seed: int = 5):
    """Cities grown by legal placements (every one sound), each also with one tile dropped, one tile's
    streets changed and one tile put twice (mostly broken)."""
    rng = random.Random(seed)
    kinds = ("park", "museum", "theater", "station")
    for _ in range(count):
        placed: tuple = ()
        for _ in range(rng.randint(0, 12)):
            t = tile(rng.choice(kinds), "".join(e for e in "nesw" if rng.random() < 0.4))
            cells = legal_cells(CityIndex(placed), t)
            if cells:
                x, y = rng.choice(cells)
                placed += city((x, y, t.kind, t.streets))
        yield placed
        if placed:
            k = rng.randrange(len(placed))
            yield placed[:k] + placed[k + 1 :]
            p = placed[k]
            streets = "".join(e for e in "nesw" if rng.random() < 0.5)
            yield placed[:k] + city((p.x, p.y, p.tile.kind, streets)) + placed[k + 1 :]
            yield placed + (p,)


def _streetless_cities(count: int):
    """Random cells around the start tile, no streets: nothing mismatches, and many enclose a hole."""
    for occupied in _random_cities(count, seed=29):
        yield city(*((x - 1, y - 1, "park", "") for x, y in sorted(occupied) if (x, y) != (1, 1)))


def test_a_city_check_answers_as_the_full_search_of_faults_on_sound_and_broken_cities():
    sound = broken = 0
    holed = 0
    for c in _streetless_cities(300):
        full = city_rules._city_faults(c, BOOK)
        assert city_rules.city_check(c, BOOK) == full, c
        holed += codes(full[0]) == ["newyork.placement.hole"]
    assert holed > 10
    for c in _grown_cities(150):
        full = city_rules._city_faults(c, BOOK)
        assert city_rules.city_check(c, BOOK) == full, c
        sound += not full[0]
        broken += bool(full[0])
    assert sound > 150 and broken > 150


def test_legal_cells_are_the_cells_around_the_city_where_placement_finds_no_broken_rule():
    checked = 0
    for c in _grown_cities(24, seed=9):
        ix = CityIndex(c)
        xs = [x for x, _ in ix.grid] or [0]
        ys = [y for _, y in ix.grid] or [0]
        for streets in ("", "n", "es", "nesw", "ew", "nsw"):
            t = tile("park", streets)
            found = set(legal_cells(ix, t))
            for x in range(min(xs) - 2, max(xs) + 3):
                for y in range(min(ys) - 2, max(ys) + 3):
                    full = city_rules._placement_faults(ix, t, x, y, BOOK, "/move", 0)
                    assert ((x, y) in found) == (not full), (c, streets, x, y)
                    assert placement_violations(ix, t, x, y) == full
                    checked += 1
    assert checked > 2500


def test_removal_is_refused_exactly_where_the_full_search_finds_a_broken_rule():
    allowed = refused = 0
    for c in _grown_cities(60, seed=13):
        ix = CityIndex(c)
        for x, y in list(ix.grid) + [(9, 9)]:
            full = city_rules._removal_faults(ix, x, y, BOOK, "/move")
            assert ix.can_remove(x, y) == (not full), (c, x, y)
            assert removal_violations(ix, x, y) == full
            allowed += not full
            refused += bool(full)
    assert allowed > 100 and refused > 300


_SIDE_ENDS = {"n": ((0, 0), (1, 0)), "e": ((1, 0), (1, 1)), "s": ((1, 1), (0, 1)), "w": ((0, 1), (0, 0))}
_DELTA = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


def _outline_reference(grid):
    """The outline walk as first written (a list per corner, a copy per longer run): the reference."""
    starts, edges = {}, []
    for x, y in sorted(grid, key=lambda c: (c[1], c[0])):
        for side in "nesw":
            dx, dy = _DELTA[side]
            if (x + dx, y + dy) in grid:
                continue
            (sx, sy), _ = _SIDE_ENDS[side]
            edges.append((x, y, side))
            starts.setdefault((x + sx, y + sy), []).append((x, y, side))
    cycles, seen = [], set()
    for first in edges:
        if first in seen:
            continue
        cycle, edge = [], first
        while edge not in seen:
            seen.add(edge)
            cycle.append(edge)
            x, y, side = edge
            ex, ey = _SIDE_ENDS[side][1]
            options = starts[(x + ex, y + ey)]
            same = [e for e in options if (e[0], e[1]) == (x, y)]
            edge = same[0] if same and len(options) > 1 else options[0]
        cycles.append(cycle)
    return cycles


def _longest_reference(grid):
    enclosed = city_rules.enclosed_street_cells(grid)
    if enclosed:
        grid = {**grid, **dict.fromkeys(enclosed, "")}
    best = []
    for cycle in _outline_reference(grid):
        flags = [side in grid[(x, y)] for x, y, side in cycle]
        if all(flags):
            run = cycle
        else:
            k = flags.index(False)
            run, current = [], []
            for edge in cycle[k + 1 :] + cycle[: k + 1]:
                if edge[2] in grid[(edge[0], edge[1])]:
                    current.append(edge)
                    if len(current) > len(run):
                        run = list(current)
                else:
                    current = []
        if len(run) > len(best):
            best = run
    return {"length": len(best), "edges": [[x, y, side] for x, y, side in best]}


def test_the_outline_and_the_longest_street_are_the_first_written_walks_answers():
    rng = random.Random(17)
    grids = [grid_of(c) for c in _grown_cities(40, seed=21)]
    for occupied in _random_cities(200, seed=23):  # holes, diagonal corners and islands too
        grids.append({cell: "".join(e for e in "nesw" if rng.random() < 0.5) for cell in occupied})
    for grid in grids:
        assert outline_cycles(grid) == _outline_reference(grid), grid
        assert longest_street(grid) == _longest_reference(grid), grid


def test_the_outline_walk_goes_from_each_edge_to_the_next_as_next_edge_says():
    for grid in [grid_of(c) for c in _grown_cities(20, seed=31)]:
        for cycle in outline_cycles(grid):
            for k, edge in enumerate(cycle):
                assert city_rules._next_edge(grid, edge) == cycle[(k + 1) % len(cycle)]


def test_a_city_has_a_hole_exactly_when_the_reading_holes_finds_one():
    found = 0
    for occupied in _random_cities(400, seed=37):
        shifted = {(x - 3, y + 2) for x, y in occupied}  # off the origin, partly negative
        assert city_rules.has_hole(shifted) == bool(holes(shifted)), shifted
        found += bool(holes(shifted))
    assert found > 20 and not city_rules.has_hole(set())
