"""Setup and Phase 1 (construction): floor, roof, contract and billboard actions, every placement rule."""

from __future__ import annotations

from service.engine.skyline3000 import GAME, data
from service.engine.skyline3000.board import free_platforms
from service.engine.skyline3000.state import BlockSpec, FactoryBuilding, default_board, default_options

from .helpers import PLAYERS3, assert_conserved, build, codes, drain_supply, give_hand, mv, put, start, with_player


def test_setup_deals_2_roof_2_floor_4_contract_cards_and_four_buildings():
    state = GAME.setup(list(PLAYERS3), 5)
    for p in state.players:
        decks = [state.options.card(c).deck for c in p.hand]
        assert decks.count("roof") == 2 and decks.count("floor") == 2 and decks.count("contract") == 4
        assert sorted((b.floors, b.roof) for b in p.factory) == [
            (1, "arched"),
            (1, "peaked"),
            (2, "arched"),
            (2, "peaked"),
        ]
        assert p.points == 5 and p.arched == 3 and p.peaked == 3 and p.billboards == 5
    assert state.floors == 90 - 18
    assert state.key in PLAYERS3 and state.turn == state.key and state.phase == "construction" and state.round == 1
    assert sum(blk.greens for _, blk in state.blocks) == 4
    assert GAME.validate(state) == []
    assert_conserved(state)


def test_setup_is_deterministic_for_a_seed():
    assert GAME.setup(list(PLAYERS3), 99) == GAME.setup(list(PLAYERS3), 99)
    assert GAME.setup(list(PLAYERS3), 99) != GAME.setup(list(PLAYERS3), 100)


def test_reading_board():
    state = GAME.setup(["a", "b"], 1)
    spec = {b: state.options.block(b).small_platforms for b in data.BLOCK_IDS}
    assert spec == {
        "red-1": 8,
        "red-2": 7,
        "red-3": 8,
        "yellow-1": 7,
        "yellow-2": 8,
        "yellow-3": 7,
        "blue-1": 7,
        "blue-2": 8,
        "blue-3": 7,
    }  # 7 open each, plus the starting green's platform
    greens = {b: blk.greens for b, blk in state.blocks if blk.greens}
    assert greens == {"red-1": 1, "red-3": 1, "yellow-2": 1, "blue-2": 1}
    assert all(free_platforms(state.options, b, blk) == 7 for b, blk in state.blocks)
    small = default_options(
        board=tuple(BlockSpec(b.id, b.district, 2 + b.starting_greens, b.starting_greens) for b in default_board())
    )
    other = GAME.setup(["a", "b"], 1, small)
    assert all(free_platforms(other.options, b, blk) == 2 for b, blk in other.blocks)


def test_reading_board_open_platforms():
    state = GAME.setup(["a", "b"], 1)
    for district, blocks in data.DISTRICT_BLOCKS.items():
        assert sum(free_platforms(state.options, b, state.block(b)) for b in blocks) == 21, district


def factory_of(state, pid="anna"):
    return [(b.floors, b.roof) for b in state.player(pid).factory]


STARTING = [(1, "arched"), (1, "peaked"), (2, "arched"), (2, "peaked")]


def test_floor_card_both_floors_start_one_new_building():
    state = give_hand(start(), "anna", ["floor-1"])
    out = GAME.apply(state, mv("floor", "anna", card="floor-1", buildings=(4, 4)))
    assert out.legal, out.violations
    assert factory_of(out.state) == STARTING + [(2, None)] and "floor-1" not in out.state.player("anna").hand
    assert out.state.floors == state.floors - 2 and out.state.pile("floor").discard[-1] == "floor-1"
    assert out.state.turn == "bob"
    assert_conserved(out.state)


def test_floor_card_splits_into_two_new_one_floor_buildings():
    state = give_hand(start(), "anna", ["floor-1"])
    out = GAME.apply(state, mv("floor", "anna", card="floor-1", buildings=(4, 5)))
    assert out.legal and factory_of(out.state) == STARTING + [(1, None), (1, None)]
    assert out.state.floors == state.floors - 2
    assert GAME.apply(state, mv("floor", "anna", card="floor-1", buildings=(5, 4))).state == out.state  # any order


def test_floor_card_raises_an_unfinished_building_by_two():
    state = build(give_hand(start(), "anna", ["floor-2"]), "anna", 1)
    out = GAME.apply(state, mv("floor", "anna", card="floor-2", buildings=(4, 4)))
    assert out.legal and factory_of(out.state) == STARTING + [(3, None)]


def test_floor_card_splits_between_an_unfinished_and_a_new_building():
    state = build(give_hand(start(), "anna", ["floor-2"]), "anna", 2)
    out = GAME.apply(state, mv("floor", "anna", card="floor-2", buildings=(4, 5)))
    assert out.legal and factory_of(out.state) == STARTING + [(3, None), (1, None)]
    assert_conserved(out.state)


def test_floor_card_splits_between_two_unfinished_buildings():
    state = build(build(give_hand(start(), "anna", ["floor-2"]), "anna", 2), "anna", 1)
    out = GAME.apply(state, mv("floor", "anna", card="floor-2", buildings=(5, 4)))
    assert out.legal and factory_of(out.state) == STARTING + [(3, None), (2, None)]


def test_floor_card_on_a_finished_building_is_refused_and_it_never_changes():
    state = build(give_hand(start(), "anna", ["floor-1"]), "anna", 2)
    for targets in ((0, 0), (3, 4), (4, 1)):
        out = GAME.apply(state, mv("floor", "anna", card="floor-1", buildings=targets))
        assert set(codes(out)) == {"factory.building_finished"}, targets
        assert {v.pointer for v in out.violations} <= {"/move/buildings/0", "/move/buildings/1"}
    assert not [m for m in GAME.legal_moves(state, "anna", "floor") if set(m.buildings) & {0, 1, 2, 3}]


def test_floor_card_impossible_placement_has_its_own_code():
    state = give_hand(start(), "anna", ["floor-1"])  # anna's factory: buildings 0 to 3, all finished
    for targets in ((5, 5), (4, 6), (6, 6), (5,), (4, 4, 4), (-1, 4)):
        out = GAME.apply(state, mv("floor", "anna", card="floor-1", buildings=targets))
        assert codes(out) == ["factory.floor_placement"], targets
        assert out.violations[0].pointer == "/move/buildings"


def test_legal_moves_list_every_distinct_floor_placement():
    state = build(build(give_hand(start(), "anna", ["floor-1"], exact=True), "anna", 2), "anna", 1)
    listed = [m.buildings for m in GAME.legal_moves(state, "anna", "floor")]
    # unfinished 4 and 5, a new building is 6 and a second new one 7
    assert sorted(listed) == [(4, 4), (4, 5), (4, 6), (5, 5), (5, 6), (6, 6), (6, 7)]
    for targets in listed:
        assert GAME.apply(state, mv("floor", "anna", card="floor-1", buildings=targets)).legal


def test_floor_card_needs_two_floors_in_supply():
    state = give_hand(start(), "anna", ["floor-1"], exact=True)
    two = drain_supply(state, 2)
    assert two.floors == 2 and GAME.validate(two) == []
    out = GAME.apply(two, mv("floor", "anna", card="floor-1", buildings=(4, 5)))
    assert out.legal and out.state.floors == 0
    assert len(GAME.legal_moves(two, "anna", "floor")) == 2
    one = drain_supply(state, 1)
    assert one.floors == 1 and GAME.validate(one) == []
    assert codes(GAME.apply(one, mv("floor", "anna", card="floor-1", buildings=(4, 4)))) == ["factory.no_floors"]
    assert GAME.legal_moves(one, "anna", "floor") == []


def test_reading_floor_card_split():
    # the reading's own case: a new 2-floor building, raised by one floor while a second one starts: heights
    # 3 and 1 the old one-building reading could never make, and the 3-floor building goes to the board
    state = give_hand(start(("anna", "bob")), "anna", ["floor-8", "floor-10", "roof-1", "contract-1"])
    for move in (
        mv("floor", "anna", card="floor-8", buildings=(4, 4)),
        mv("pass", "bob"),
        mv("floor", "anna", card="floor-10", buildings=(4, 5)),
        mv("roof", "anna", card="roof-1", building=4, roof="arched"),
    ):
        out = GAME.apply(state, move)
        assert out.legal, (move, out.violations)
        state = out.state
    assert factory_of(state) == STARTING + [(3, "arched"), (1, None)]
    state = put(state, "red-2", [("bob", 1, "arched"), ("bob", 2, "arched")])
    out = GAME.apply(state, mv("contract", "anna", card="contract-1", building=4, block="red-2"))
    assert out.legal, out.violations
    assert [b.floors for b in out.state.block("red-2").buildings] == [1, 2, 3]


def test_roof_card_finishes_a_building():
    state = build(give_hand(start(), "anna", ["roof-1"]), "anna", 2)
    out = GAME.apply(state, mv("roof", "anna", card="roof-1", building=4, roof="peaked"))
    assert out.legal
    anna = out.state.player("anna")
    assert anna.factory[4] == FactoryBuilding(2, "peaked") and anna.peaked == 2


def test_roof_card_needs_a_roof_piece():
    state = build(give_hand(start(roofs_per_shape=2), "anna", ["roof-1"]), "anna", 2)
    assert state.player("anna").peaked == 0 and GAME.validate(state) == []
    assert codes(GAME.apply(state, mv("roof", "anna", card="roof-1", building=4, roof="peaked"))) == [
        "factory.no_roof_piece"
    ]


def test_roof_card_may_use_the_last_roof_piece():
    # the boundary of factory.no_roof_piece: one piece left is enough
    state = build(give_hand(start(roofs_per_shape=3), "anna", ["roof-1"]), "anna", 2)
    assert state.player("anna").peaked == 1 and GAME.validate(state) == []
    out = GAME.apply(state, mv("roof", "anna", card="roof-1", building=4, roof="peaked"))
    assert out.legal and out.state.player("anna").peaked == 0


def test_wrong_deck_card_is_refused():
    state = give_hand(start(), "anna", ["contract-1"])
    assert codes(GAME.apply(state, mv("floor", "anna", card="contract-1", buildings=(4, 4)))) == ["card.wrong_deck"]


def test_card_not_in_hand_is_refused():
    state = give_hand(start(), "bob", ["floor-1"])
    assert codes(GAME.apply(state, mv("floor", "anna", card="floor-1", buildings=(4, 4)))) == ["card.not_in_hand"]


def test_contract_places_a_finished_building_in_the_cards_district():
    state = give_hand(start(), "anna", ["contract-1"])  # contract-1: red
    out = GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2"))
    assert out.legal, out.violations
    assert [(b.owner, b.floors, b.roof) for b in out.state.block("red-2").buildings] == [("anna", 1, "arched")]
    assert len(out.state.player("anna").factory) == 3 and out.state.player("anna").points == 5
    assert_conserved(out.state)


def test_placement_wrong_district_is_refused():
    state = give_hand(start(), "anna", ["contract-1"])
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="blue-1"))) == [
        "placement.wrong_district"
    ]


def test_placement_unfinished_building_is_refused():
    state = build(give_hand(start(), "anna", ["contract-1"]), "anna", 2)
    assert "factory.building_unfinished" in codes(
        GAME.apply(state, mv("contract", "anna", card="contract-1", building=4, block="red-2"))
    )


def test_placement_first_building_must_be_one_floor():
    state = give_hand(start(), "anna", ["contract-1"])
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=2, block="red-2"))) == [
        "placement.first_height"
    ]


def test_placement_height_equal_to_tallest_or_one_more():
    # seed example: purple's 1-floor building, then green's 2, then white may place 2 or 3 floors (not 1 or 4)
    state = put(give_hand(start(), "anna", ["contract-1"]), "red-2", [("bob", 1, "arched"), ("cleo", 2, "arched")])
    state = build(build(state, "anna", 3, "arched"), "anna", 4, "arched")  # anna's buildings 4 and 5
    assert GAME.validate(state) == []
    for building, floors in ((2, 2), (4, 3)):
        out = GAME.apply(state, mv("contract", "anna", card="contract-1", building=building, block="red-2"))
        assert out.legal, (floors, out.violations)
        assert out.state.block("red-2").buildings[-1].floors == floors
    for building, floors in ((5, 4), (0, 1)):
        out = GAME.apply(state, mv("contract", "anna", card="contract-1", building=building, block="red-2"))
        assert codes(out) == ["placement.height"], floors
        assert f"not {floors}" in out.violations[0].message
    listed = {m.building for m in GAME.legal_moves(state, "anna", "contract") if m.block == "red-2"}
    assert listed == {2, 4}


def test_placement_roof_shape_block_must_match():
    # seed example: green's arched building in the block, so orange's must be arched too
    state = put(give_hand(start(), "anna", ["contract-1"]), "red-2", [("bob", 1, "arched")])
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=1, block="red-2"))) == [
        "placement.roof_shape_block"
    ]
    assert GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2")).legal


def test_placement_roof_shape_district_never_all_three_the_same():
    # seed example: two blocks of the district hold arched roofs, so the third block's must be peaked
    state = put(
        put(give_hand(start(), "anna", ["contract-1"]), "red-1", [("bob", 1, "arched")]),
        "red-2",
        [("cleo", 1, "arched")],
    )
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-3"))) == [
        "placement.roof_shape_district"
    ]
    assert GAME.apply(state, mv("contract", "anna", card="contract-1", building=1, block="red-3")).legal


def test_placement_never_on_a_large_platform():
    state = give_hand(start(), "anna", ["contract-1"])
    assert codes(
        GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2", target="large"))
    ) == ["placement.large_platform"]


def test_placement_never_on_a_green():
    state = give_hand(start(), "anna", ["contract-1"])
    assert codes(
        GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-1", target="green"))
    ) == ["placement.on_green"]


def test_placement_needs_an_empty_small_platform():
    state = put(
        give_hand(start(), "anna", ["contract-1"]),
        "red-2",
        [("bob", 1, "arched")],
        billboards=["bob", "bob", "bob", "cleo", "cleo", "cleo"],
    )
    assert free_platforms(state.options, "red-2", state.block("red-2")) == 0 and GAME.validate(state) == []
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2"))) == [
        "placement.no_empty_platform"
    ]


def test_placement_may_take_a_blocks_last_empty_small_platform():
    # the boundary of placement.no_empty_platform: one free platform is enough
    state = put(
        give_hand(start(), "anna", ["contract-1"]),
        "red-2",
        [("bob", 1, "arched")],
        billboards=["bob", "bob", "bob", "cleo", "cleo"],
    )
    assert free_platforms(state.options, "red-2", state.block("red-2")) == 1 and GAME.validate(state) == []
    out = GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2"))
    assert out.legal and len(out.state.block("red-2").buildings) == 2


def test_placement_unknown_block_is_refused():
    state = give_hand(start(), "anna", ["contract-1"])
    assert "placement.unknown_block" in codes(
        GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="green-9"))
    )


def test_placement_on_own_billboard_replaces_it_and_costs_a_point():
    state = put(give_hand(start(), "anna", ["contract-1"]), "red-2", greens=0, billboards=["anna", "anna", "anna"])
    out = GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2", target="billboard"))
    assert out.legal, out.violations
    anna = out.state.player("anna")
    assert out.state.block("red-2").billboards == ("anna", "anna") and anna.billboards_retired == 1
    assert anna.points == state.player("anna").points - 1
    assert_conserved(out.state)


def test_reading_billboard_replacement_cost():
    state = put(give_hand(start(billboard_replacement_cost=0), "anna", ["contract-1"]), "red-2", billboards=["anna"])
    out = GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2", target="billboard"))
    assert out.legal and out.state.player("anna").points == state.player("anna").points


def test_placement_on_someone_elses_billboard_is_refused():
    state = put(give_hand(start(), "anna", ["contract-1"]), "red-2", billboards=["bob"])
    assert codes(
        GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2", target="billboard"))
    ) == ["placement.not_own_billboard"]


def test_every_violation_is_reported_not_just_the_first():
    state = build(give_hand(start(), "anna", ["floor-1"]), "anna", 2)
    out = GAME.apply(state, mv("contract", "anna", card="floor-1", building=4, block="blue-1", target="large"))
    assert codes(out) == ["card.wrong_deck", "factory.building_unfinished", "placement.large_platform"]
    pointers = {v.pointer for v in out.violations}
    assert pointers == {"/move/card", "/move/building", "/move/target"}


def test_billboard_goes_on_an_empty_small_platform_and_costs_a_point():
    state = start()
    out = GAME.apply(state, mv("billboard", "anna", block="blue-3"))
    assert out.legal
    assert out.state.block("blue-3").billboards == ("anna",)
    assert out.state.player("anna").points == 4 and out.state.player("anna").billboards == 4


def test_billboard_needs_a_billboard_left():
    state = with_player(start(), "anna", billboards=0, billboards_retired=5)
    assert codes(GAME.apply(state, mv("billboard", "anna", block="blue-3"))) == ["billboard.none_left"]


def test_billboard_may_be_the_players_last():
    # the boundary of billboard.none_left: one billboard left is enough
    state = with_player(start(), "anna", billboards=1, billboards_retired=4)
    assert GAME.validate(state) == []
    out = GAME.apply(state, mv("billboard", "anna", block="blue-3"))
    assert out.legal and out.state.player("anna").billboards == 0


def test_a_card_may_be_played_without_its_action():
    state = give_hand(start(roofs_per_shape=2), "anna", ["roof-1"])
    assert state.player("anna").arched == state.player("anna").peaked == 0
    out = GAME.apply(state, mv("discard", "anna", card="roof-1"))
    assert out.legal and not out.state.player("anna").passed and out.state.pile("roof").discard == ("roof-1",)


def test_turn_order_clockwise_from_the_key_skipping_passed_players():
    state = start()
    state = GAME.apply(state, mv("pass", "anna")).state
    assert state.turn == "bob"
    state = GAME.apply(state, mv("billboard", "bob", block="blue-3")).state
    assert state.turn == "cleo"
    state = GAME.apply(state, mv("billboard", "cleo", block="blue-1")).state
    assert state.turn == "bob"
    assert codes(GAME.apply(state, mv("billboard", "anna", block="blue-1"))) == ["turn.already_passed"]
    assert codes(GAME.apply(state, mv("billboard", "cleo", block="blue-1"))) == ["turn.not_your_turn"]


def test_construction_ends_when_all_have_passed():
    state = start()
    for pid in PLAYERS3:
        state = GAME.apply(state, mv("pass", pid)).state
    assert state.phase == "auction" and state.auction.stack == 1 and state.turn is None


def test_a_move_of_another_phase_is_refused():
    assert codes(GAME.apply(start(), mv("draw", "anna", pile="roof"))) == ["turn.wrong_phase"]


def test_unknown_player_is_refused():
    assert codes(GAME.apply(start(), mv("pass", "zed"))) == ["turn.unknown_player"]


def test_reading_cards():
    state = GAME.setup(["a", "b"], 1)
    by_deck = {d: sorted(c.value for c in state.options.cards if c.deck == d) for d in data.DECKS}
    assert by_deck["floor"] == sorted(list(range(1, 9)) * 3) and by_deck["contract"] == by_deck["floor"]
    assert by_deck["roof"] == sorted(list(range(1, 9)) + list(range(1, 7)))
    districts = [c.district for c in state.options.cards if c.deck == "contract"]
    assert all(districts.count(d) == 8 for d in data.DISTRICTS)


def test_reading_billboards_per_player():
    state = start(billboards_per_player=3)
    assert state.player("anna").billboards == 3 and GAME.validate(state) == []
    assert start().player("anna").billboards == 5


def test_reading_roofs_per_shape():
    state = start(roofs_per_shape=4)
    anna = state.player("anna")
    assert anna.arched == 2 and anna.peaked == 2  # 4 of each shape, 2 + 2 on the starting buildings
    assert GAME.validate(state) == []
    default = start().player("anna")
    assert default.arched == 3 and default.peaked == 3


def test_setup_follows_the_documented_pinned_draws():
    from service.engine.random import Rng

    players = ["anna", "bob", "cleo"]
    state = GAME.setup(players, 424242)
    rng = Rng(424242)
    decks = {d: rng.shuffled([c.id for c in state.options.cards if c.deck == d]) for d in data.DECKS}
    assert state.key == players[rng.below(3)]
    for deck, n in (("roof", 2), ("floor", 2), ("contract", 4)):
        for i, pid in enumerate(players):
            dealt = [c for c in state.player(pid).hand if c.startswith(deck)]
            assert dealt == decks[deck][i * n : (i + 1) * n]
        assert state.pile(deck).draw == tuple(decks[deck][3 * n :])
