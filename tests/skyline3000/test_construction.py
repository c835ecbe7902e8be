"""Setup and Phase 1 (construction): floor, roof, contract and billboard actions, every placement rule."""
from __future__ import annotations

from dataclasses import replace

from service.engine.skyline3000 import GAME, data
from service.engine.skyline3000.state import FactoryBuilding

from .helpers import PLAYERS3, assert_conserved, codes, give_hand, mv, put, start, with_player


def test_setup_deals_2_roof_2_floor_4_contract_cards_and_four_buildings():
    state = GAME.setup(list(PLAYERS3), 5)
    for p in state.players:
        decks = [state.options.card(c).deck for c in p.hand]
        assert decks.count("roof") == 2 and decks.count("floor") == 2 and decks.count("contract") == 4
        assert sorted((b.floors, b.roof) for b in p.factory) == [(1, "arched"), (1, "peaked"), (2, "arched"), (2, "peaked")]
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
    assert sum(state.options.block(b).small_platforms for b in data.BLOCK_IDS) == 25
    greens = {b: blk.greens for b, blk in state.blocks if blk.greens}
    assert greens == {"red-1": 1, "red-3": 1, "yellow-2": 1, "blue-2": 1}


def test_floor_card_starts_a_new_building_with_two_floors():
    state = give_hand(start(), "anna", ["floor-1"])
    out = GAME.apply(state, mv("floor", "anna", card="floor-1"))
    assert out.legal
    anna = out.state.player("anna")
    assert anna.factory[-1] == FactoryBuilding(2, None) and "floor-1" not in anna.hand
    assert out.state.floors == state.floors - 2 and out.state.pile("floor").discard[-1] == "floor-1"
    assert out.state.turn == "bob"
    assert_conserved(out.state)


def test_floor_card_raises_an_unfinished_building():
    state = give_hand(start(), "anna", ["floor-1", "floor-2"])
    state = GAME.apply(state, mv("floor", "anna", card="floor-1")).state
    state = replace(state, turn="anna")
    out = GAME.apply(state, mv("floor", "anna", card="floor-2", building=4))
    assert out.legal and out.state.player("anna").factory[4].floors == 4


def test_floor_card_on_finished_building_is_refused():
    state = give_hand(start(), "anna", ["floor-1"])
    assert codes(GAME.apply(state, mv("floor", "anna", card="floor-1", building=0))) == ["factory.building_finished"]


def test_floor_card_needs_two_floors_in_supply():
    state = replace(give_hand(start(), "anna", ["floor-1"]), floors=1)
    assert "factory.no_floors" in codes(GAME.apply(state, mv("floor", "anna", card="floor-1")))


def test_roof_card_finishes_a_building():
    state = give_hand(start(), "anna", ["floor-1", "roof-1"])
    state = replace(GAME.apply(state, mv("floor", "anna", card="floor-1")).state, turn="anna")
    out = GAME.apply(state, mv("roof", "anna", card="roof-1", building=4, roof="peaked"))
    assert out.legal
    anna = out.state.player("anna")
    assert anna.factory[4] == FactoryBuilding(2, "peaked") and anna.peaked == 2


def test_roof_card_needs_a_roof_piece():
    state = give_hand(start(), "anna", ["floor-1", "roof-1"])
    state = replace(GAME.apply(state, mv("floor", "anna", card="floor-1")).state, turn="anna")
    state = with_player(state, "anna", peaked=0)
    assert codes(GAME.apply(state, mv("roof", "anna", card="roof-1", building=4, roof="peaked"))) == ["factory.no_roof_piece"]


def test_wrong_deck_card_is_refused():
    state = give_hand(start(), "anna", ["contract-1"])
    assert codes(GAME.apply(state, mv("floor", "anna", card="contract-1"))) == ["card.wrong_deck"]


def test_card_not_in_hand_is_refused():
    state = give_hand(start(), "bob", ["floor-1"])
    assert codes(GAME.apply(state, mv("floor", "anna", card="floor-1"))) == ["card.not_in_hand"]


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
        "placement.wrong_district"]


def test_placement_unfinished_building_is_refused():
    state = give_hand(start(), "anna", ["contract-1"])
    state = with_player(state, "anna", factory=state.player("anna").factory + (FactoryBuilding(2),))
    assert "factory.building_unfinished" in codes(
        GAME.apply(state, mv("contract", "anna", card="contract-1", building=4, block="red-2")))


def test_placement_first_building_must_be_one_floor():
    state = give_hand(start(), "anna", ["contract-1"])
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=2, block="red-2"))) == [
        "placement.first_height"]


def test_placement_height_equal_to_tallest_or_one_more():
    # seed example: purple's 1-floor building, then green's 2, then white may place 2 or 3 floors
    state = put(give_hand(start(), "anna", ["contract-1", "contract-2"]), "red-2",
                [("bob", 1, "arched"), ("cleo", 2, "arched")])
    ok = GAME.apply(state, mv("contract", "anna", card="contract-1", building=2, block="red-2"))
    assert ok.legal
    state = with_player(state, "anna", factory=state.player("anna").factory + (FactoryBuilding(4, "arched"),),
                        arched=state.player("anna").arched - 1)
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=4, block="red-2"))) == [
        "placement.height"]
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2"))) == [
        "placement.height"]


def test_placement_roof_shape_block_must_match():
    # seed example: green's arched building in the block, so orange's must be arched too
    state = put(give_hand(start(), "anna", ["contract-1"]), "red-2", [("bob", 1, "arched")])
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=1, block="red-2"))) == [
        "placement.roof_shape_block"]
    assert GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2")).legal


def test_placement_roof_shape_district_never_all_three_the_same():
    # seed example: two blocks of the district hold arched roofs, so the third block's must be peaked
    state = put(put(give_hand(start(), "anna", ["contract-1"]), "red-1", [("bob", 1, "arched")]),
                "red-2", [("cleo", 1, "arched")])
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-3"))) == [
        "placement.roof_shape_district"]
    assert GAME.apply(state, mv("contract", "anna", card="contract-1", building=1, block="red-3")).legal


def test_placement_never_on_a_large_platform():
    state = give_hand(start(), "anna", ["contract-1"])
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2",
                                      target="large"))) == ["placement.large_platform"]


def test_placement_never_on_a_green():
    state = give_hand(start(), "anna", ["contract-1"])
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-1",
                                      target="green"))) == ["placement.on_green"]


def test_placement_needs_an_empty_small_platform():
    state = put(give_hand(start(), "anna", ["contract-1"]), "red-2", [("bob", 1, "arched")], greens=2)
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2"))) == [
        "placement.no_empty_platform"]


def test_placement_unknown_block_is_refused():
    state = give_hand(start(), "anna", ["contract-1"])
    assert "placement.unknown_block" in codes(
        GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="green-9")))


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
    assert codes(GAME.apply(state, mv("contract", "anna", card="contract-1", building=0, block="red-2",
                                      target="billboard"))) == ["placement.not_own_billboard"]


def test_every_violation_is_reported_not_just_the_first():
    state = give_hand(start(), "anna", ["floor-1"])
    state = with_player(state, "anna", factory=state.player("anna").factory + (FactoryBuilding(2),))
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


def test_reading_billboard_without_cards():
    state = with_player(start(), "anna", hand=())
    state = give_hand(state, "bob", [])
    assert GAME.apply(state, mv("billboard", "anna", block="blue-3")).legal


def test_reading_negative_points():
    state = with_player(start(), "anna", points=0)
    out = GAME.apply(state, mv("billboard", "anna", block="blue-3"))
    assert out.legal and out.state.player("anna").points == -1


def test_reading_floor_card_one_building():
    state = give_hand(start(), "anna", ["floor-1"])
    out = GAME.apply(state, mv("floor", "anna", card="floor-1"))
    assert [b.floors for b in out.state.player("anna").factory].count(2) == 3  # both floors in one new building


def test_a_card_may_be_played_without_its_action():
    state = with_player(give_hand(start(), "anna", ["roof-1"]), "anna", arched=0, peaked=0)
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


def test_reading_pieces_per_player():
    state = start(billboards_per_player=3, roofs_per_shape=4)
    anna = state.player("anna")
    assert anna.billboards == 3 and anna.arched == 2 and anna.peaked == 2
    assert GAME.validate(state) == []
    default = start().player("anna")
    assert default.billboards == 5 and default.arched == 3 and default.peaked == 3


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
            assert dealt == decks[deck][i * n:(i + 1) * n]
        assert state.pile(deck).draw == tuple(decks[deck][3 * n:])
