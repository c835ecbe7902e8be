"""Phase 2: sealed STOP-pile auctions, ties, zero bids, placing developments; then scoring starts."""

from __future__ import annotations

from itertools import combinations

from service.engine.kit import replace
from service.engine.skyline3000 import GAME, data
from service.engine.skyline3000.state import Award, BlockSpec, default_board, default_options

from .helpers import assert_conserved, at_table, codes, give_hand, mv, put, settle, start

SEATS = ("orange", "purple", "green")


def auction_state(hands, players=SEATS, key=None, options=None):
    state = (
        start(players)
        if options is None
        else replace(GAME.setup(list(players), 1, options), key=players[0], turn=players[0])
    )
    while state.phase == "construction":
        state = GAME.apply(state, mv("pass", state.turn)).state
    for pid, cards in hands.items():
        state = give_hand(state, pid, cards, exact=True)
    if key:
        state = replace(state, key=key)
    assert state.phase == "auction"
    return state


def value(state, card):
    return state.options.card(card).value


def test_seed_example_purple_wins_with_2_and_5_against_6():
    # default values: roof-n is worth n for n <= 8
    state = auction_state(
        {"orange": ["roof-6", "roof-1"], "purple": ["roof-2", "roof-5", "roof-8"], "green": ["roof-3"]}
    )
    out = settle(state, {"orange": ["roof-6"], "purple": ["roof-2", "roof-5"], "green": []})
    assert out.legal, out.violations
    report = next(e for e in out.events if e.kind == "auction").data
    assert report["winner"] == "purple" and report["bids"] == {"orange": 6, "purple": 7, "green": 0}
    s = out.state
    assert s.player("purple").hand == ("roof-8",)  # the 5 and the 2 are discarded
    assert set(s.pile("roof").discard) >= {"roof-2", "roof-5"}
    assert s.player("orange").hand == ("roof-6", "roof-1")  # the others take their cards back
    assert s.phase == "develop" and s.award.player == "purple" and s.award.tile == "green"
    assert_conserved(s)


def test_sealed_single_bids_settle_when_the_last_pile_is_laid():
    state = auction_state({"orange": ["roof-6"], "purple": ["roof-2", "roof-5"], "green": ["roof-3"]})
    state = GAME.apply(state, mv("bid", "orange", cards=["roof-6"])).state
    assert state.phase == "auction" and state.auction.sealed_of("orange") == (True, ("roof-6",))
    assert codes(GAME.apply(state, mv("bid", "orange", cards=[]))) == ["auction.already_bid"]
    state = GAME.apply(state, mv("bid", "green", cards=[])).state
    out = GAME.apply(state, mv("bid", "purple", cards=["roof-2", "roof-5"]))
    assert out.state.award.player == "purple"


def test_view_hides_other_players_sealed_bids():
    state = auction_state({"orange": ["roof-6"]})
    state = GAME.apply(state, mv("bid", "orange", cards=["roof-6"])).state
    seen = GAME.view(state, "purple")
    assert seen.auction.sealed == (("orange", None),)
    assert GAME.view(state, "orange").auction.sealed == (("orange", ("roof-6",)),)


def test_auction_tie_highest_single_card_wins():
    state = auction_state({"orange": ["roof-4", "floor-4"], "purple": ["roof-8"], "green": []})
    out = settle(state, {"orange": ["roof-4", "floor-4"], "purple": ["roof-8"], "green": []})
    assert out.state.award.player == "purple"


def test_auction_tie_key_holder_or_nearest_clockwise():
    hands = {"orange": ["roof-8"], "purple": ["floor-8"], "green": ["contract-8"]}
    state = auction_state(hands, key="purple")
    piles = {"orange": ["roof-8"], "purple": [], "green": ["contract-8"]}
    out = settle(state, piles)
    assert out.state.award.player == "green"  # clockwise from purple: purple (0), green, orange
    state = auction_state(hands, key="green")
    out = settle(state, {"orange": ["roof-8"], "purple": ["floor-8"], "green": []})
    assert out.state.award.player == "orange"  # from green: green, orange, purple
    state = auction_state(hands, key="orange")
    out = settle(state, {"orange": ["roof-8"], "purple": ["floor-8"], "green": ["contract-8"]})
    assert out.state.award.player == "orange"  # the Key holder himself


def test_all_zero_bids_remove_the_development():
    state = auction_state({})
    out = settle(state, {p: [] for p in SEATS})
    assert out.legal and out.state.removed_developments == ("green",)
    assert out.state.phase == "auction" and out.state.auction.stack == 2
    assert_conserved(out.state)


def test_bid_card_not_in_hand_is_refused():
    state = auction_state({"orange": ["roof-6"], "purple": ["roof-2"]})
    out = GAME.apply(state, mv("bid", "orange", cards=["roof-6", "roof-2"]))
    assert codes(out) == ["auction.card_not_in_hand"] and out.violations[0].pointer == "/move/cards/1"


def test_bid_duplicate_card_is_refused():
    state = auction_state({"orange": ["roof-6"]})
    out = GAME.apply(state, mv("bid", "orange", cards=["roof-6", "roof-6"]))
    assert codes(out) == ["auction.duplicate_card"]
    # named as the referee reads the card, by its deck and value, never by its id
    assert out.violations[0].message == f"The roof card {state.options.card('roof-6').value} is bid twice."


def test_table_auction_move_needs_every_pile_from_the_key_holder():
    state = at_table(auction_state({"orange": ["roof-6"]}, key="orange"))
    out = GAME.apply(state, mv("bids", "purple", piles={"orange": ["roof-6"], "zed": []}))
    assert codes(out) == [
        "auction.missing_pile",
        "auction.missing_pile",
        "auction.not_reporter",
        "auction.unknown_pile",
    ]


def test_table_auction_move_after_sealed_bids_is_refused():
    state = at_table(auction_state({"orange": ["roof-6"]}, key="orange"))
    state = GAME.apply(state, mv("bid", "purple", cards=[])).state
    assert codes(GAME.apply(state, mv("bids", "orange", piles={p: [] for p in SEATS}))) == ["auction.sealed_bids_laid"]


def won(tile_stack=1, winner="purple"):
    state = auction_state({winner: ["roof-8"]})
    for _ in range(1, tile_stack):
        state = settle(state, {p: [] for p in SEATS}).state
    out = settle(state, {p: (["roof-8"] if p == winner else []) for p in SEATS})
    return out.state


def test_green_goes_on_an_empty_small_platform():
    state = won()
    out = GAME.apply(state, mv("develop", "purple", block="red-2"))
    assert out.legal and out.state.block("red-2").greens == 1 and out.state.auction.stack == 2
    full = put(state, "blue-3", billboards=["orange", "orange", "orange", "green", "green", "green", "purple"])
    assert GAME.validate(full) == []
    assert codes(GAME.apply(full, mv("develop", "purple", block="blue-3"))) == ["develop.no_empty_platform"]


def test_green_takes_a_blocks_last_empty_small_platform():
    # the boundary of develop.no_empty_platform: one free platform is enough
    state = put(won(), "blue-3", billboards=["orange", "orange", "orange", "green", "green", "green"])
    assert GAME.validate(state) == []
    out = GAME.apply(state, mv("develop", "purple", block="blue-3"))
    assert out.legal and out.state.block("blue-3").greens == 1


def test_only_the_winner_places_the_development():
    assert codes(GAME.apply(won(), mv("develop", "orange", block="red-2"))) == ["develop.not_winner"]


def test_spaceport_goes_on_a_free_large_platform():
    state = won(tile_stack=3)
    assert state.award.tile == "spaceport"
    out = GAME.apply(state, mv("develop", "purple", block="yellow-1"))
    assert out.legal and out.state.block("yellow-1").large == "spaceport"
    state = out.state
    while state.phase != "construction":  # round 1's draws, then round 2
        state = GAME.apply(state, GAME.legal_moves(state)[0]).state
    for pid in state.clockwise_from(state.key):
        state = GAME.apply(state, mv("pass", pid)).state
    for _ in range(2):
        state = settle(state, {p: [] for p in SEATS}).state
    card = state.player("green").hand[0]
    state = settle(state, {p: [card] if p == "green" else [] for p in SEATS}).state
    assert state.round == 2 and state.award == Award("green", "spaceport")
    assert codes(GAME.apply(state, mv("develop", "green", block="yellow-1"))) == ["develop.large_taken"]
    assert GAME.apply(state, mv("develop", "green", block="yellow-2")).legal


def test_megamarkets_are_sold_in_rounds_3_and_4():
    house = data.AUCTION_HOUSE
    assert house[2][:2] == ("spaceport", "spaceport") and house[2][2:] == ("megamarket", "megamarket")


def test_after_the_third_auction_every_block_is_scored_and_the_draw_begins():
    state = won(tile_stack=3)
    state = put(state, "yellow-1", [("purple", 1, "arched")])
    before = state.player("purple").points
    out = GAME.apply(state, mv("develop", "purple", block="yellow-1"))
    s = out.state
    kinds = [e.kind for e in out.events]
    assert "round_scored" in kinds and s.phase == "draw"
    assert s.player("purple").points == before + 2  # first alone in yellow-1, nothing else there
    assert s.draws_of("purple") == 8 and s.draws_of("orange") == 6  # +2 for first in a spaceport block
    assert s.turn == s.key


def test_reading_development_without_place():
    # a board with one open small platform per block, each taken by a billboard: nowhere for a green
    one_open = default_options(
        board=tuple(BlockSpec(b.id, b.district, 1 + b.starting_greens, b.starting_greens) for b in default_board())
    )
    state = auction_state({"purple": ["roof-8"]}, options=one_open)
    for i, block_id in enumerate(data.BLOCK_IDS):
        state = put(state, block_id, billboards=[SEATS[i % 3]])
    assert GAME.validate(state) == []
    out = settle(state, {"orange": [], "purple": ["roof-8"], "green": []})
    assert out.legal and out.state.removed_developments == ("green",) and out.state.phase == "auction"
    assert [e.data["reason"] for e in out.events if e.kind == "development_removed"] == ["no free place for it"]


def test_bid_legal_moves_list_every_subset_of_a_small_hand():
    state = auction_state({"orange": ["roof-1", "roof-2", "roof-3"]})
    state = give_hand(state, "orange", ["roof-1", "roof-2", "roof-3"])
    orange = state.player("orange")
    listed = {m.cards for m in GAME.legal_moves(state, "orange", "bid")}
    expected = {c for k in range(len(orange.hand) + 1) for c in combinations(orange.hand, k)}
    assert listed == expected


def test_bid_legal_moves_list_a_big_hand_as_one_family_and_any_pile_of_it_is_legal():
    hand = [f"floor-{i}" for i in range(1, 9)]  # values 1-8: 2**8 = 256 distinct piles, all listed
    state = auction_state({"orange": hand})
    assert len(GAME.legal_moves(state, "orange", "bid")) == data.BID_LIST_LIMIT
    state = auction_state({"orange": hand + ["floor-9"]})  # a second 1: 3 x 2**7 = 384 > 256
    listed = GAME.legal_moves(state, "orange", "bid")
    orange = state.player("orange")
    assert [(m.cards, m.family) for m in listed] == [((), None), (orange.hand, "subsets")]
    odd = tuple(orange.hand[1:4])
    assert GAME.apply(state, mv("bid", "orange", cards=odd)).legal
    assert GAME.apply(state, listed[1]).legal  # the family's own move bids the whole hand


def test_combined_bids_move_is_refused_outside_the_real_table_mode():
    state = auction_state({"orange": ["roof-6"], "purple": ["roof-2"], "green": []}, key="purple")
    piles = {"orange": ["roof-6"], "purple": [], "green": []}
    out = GAME.apply(state, mv("bids", "purple", piles=piles))
    assert codes(out) == ["auction.bids_table_only"] and out.violations[0].pointer == "/move/type"
    assert [m for m in GAME.legal_moves(state) if m.type == "bids"] == []
    assert GAME.apply(at_table(state), mv("bids", "purple", piles=piles)).legal


def test_table_auction_legal_moves_list_the_key_holders_report_as_one_family():
    state = at_table(auction_state({"orange": ["roof-6"], "purple": ["roof-2"], "green": []}, key="purple"))
    for asked in ("purple", None):
        reports = [m for m in GAME.legal_moves(state, asked) if m.type == "bids"]
        assert [(m.player, m.piles, m.family) for m in reports] == [
            ("purple", (("orange", ()), ("purple", ()), ("green", ())), "piles")
        ]
    assert [m for m in GAME.legal_moves(state, "orange") if m.type == "bids"] == []
