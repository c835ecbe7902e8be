"""Board and shop catalogue."""

from service.engine.chinatown.board import ADJACENT, BLOCK_OF, BLOCKS, components
from service.engine.chinatown.data import SHOP_SIZES, TILE_COUNTS, TOTAL_TILES


def test_board_has_85_lots_in_6_blocks():
    assert sorted(ADJACENT) == list(range(1, 86))
    assert sorted(BLOCKS) == [1, 2, 3, 4, 5, 6]
    assert {b: len(lots) for b, lots in BLOCKS.items()} == {1: 15, 2: 12, 3: 15, 4: 16, 5: 12, 6: 15}


def test_adjacency_is_symmetric_with_119_edges():
    edges = {frozenset((a, b)) for a, ns in ADJACENT.items() for b in ns}
    assert len(edges) == 119
    assert all(a in ADJACENT[b] for a, ns in ADJACENT.items() for b in ns)


def test_adjacency_never_crosses_a_street():
    assert all(BLOCK_OF[a] == BLOCK_OF[b] for a, ns in ADJACENT.items() for b in ns)


def test_adjacency_is_orthogonal_never_diagonal():
    # block 4 rows: 43-46 / 47-50 / 51-54 / _ _ 55 56 / _ _ 57 58
    assert ADJACENT[55] == (53, 56, 57)
    assert 54 not in ADJACENT[55]  # diagonal
    assert ADJACENT[1] == (2, 3)
    assert 4 not in ADJACENT[1]


def test_degree_histogram_matches_the_data_file():
    hist = {}
    for ns in ADJACENT.values():
        hist[len(ns)] = hist.get(len(ns), 0) + 1
    assert hist == {2: 34, 3: 34, 4: 17}


def test_blocks_are_the_connected_components_of_the_board():
    assert [sorted(g) for g in components(set(ADJACENT))] == [sorted(BLOCKS[b]) for b in range(1, 7)]


def test_shop_types_and_sizes():
    assert {s: n for s, n in SHOP_SIZES.items() if n == 3} == {"photo": 3, "seafood": 3, "tea_house": 3}
    assert sorted(s for s, n in SHOP_SIZES.items() if n == 4) == ["florist", "jewelry", "tropical_fish"]
    assert sorted(s for s, n in SHOP_SIZES.items() if n == 5) == ["dim_sum", "laundry", "take_out"]
    assert sorted(s for s, n in SHOP_SIZES.items() if n == 6) == ["antiques", "factory", "restaurant"]


def test_each_type_has_size_plus_three_tiles_90_in_all():
    assert TILE_COUNTS["photo"] == 6 and TILE_COUNTS["restaurant"] == 9  # the seed's own example
    assert all(TILE_COUNTS[s] == SHOP_SIZES[s] + 3 for s in SHOP_SIZES)
    assert TOTAL_TILES == 90
