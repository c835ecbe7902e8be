"""Rules the sampled mutation run (tests/mutation) found no test for."""

from __future__ import annotations

from service.engine.fifthavenue import GAME
from service.engine.fifthavenue.state import Move
from service.engine.kit import replace

from .helpers import clear_board, edit, ok, player, sky, started
from .test_chance_and_view import at_table


def pending_black_cards():
    def change(w):
        clear_board(w)
        sky(w, "times-square", "gray", "red", 1)
        w["commissioners"]["white"]["at"] = "times-square"

    s = ok(at_table(edit(started(3), change)), Move("value_district", "red", district="times-square"))
    assert s.pending.kind == "black_cards" and s.pending.draws == (("red", 2), ("yellow", 1), ("blue", 1))
    return s


def test_validate_pending_black_cards_are_drawn_by_players_of_the_game_at_least_one_each():
    s = pending_black_cards()
    assert GAME.validate(s) == []
    for draws in ((("red", 2), ("yellow", 1), ("zed", 1)), (("red", 2), ("yellow", 1), ("blue", 0))):
        bad = replace(s, pending=replace(s.pending, draws=draws))
        assert [v.code for v in GAME.validate(bad)] == ["fifthavenue.state.pending"], draws


def test_reading_bid_requires_supply_except_in_a_full_district_where_the_winner_may_stop_instead():
    from .helpers import supply
    from .test_auctions import TS, _full_with_rivals, auction_at, bid

    def setting(w):
        w["commissioners"]["beige"].update(at="52nd-st-east", markers=[TS])
        supply(w, "red", 0)

    s = auction_at(layout=_full_with_rivals, hands={"red": ["green-4"]}, extra=setting)
    assert s.auction.full and next(p for p in s.players if p.id == "red").supply == 0
    assert Move("bid", "red", colour="green", cards=("green-4",)) in GAME.legal_moves(s)
    s = ok(ok(bid(s, "red", ["green-4"], "green"), Move("pass", "yellow")), Move("pass", "blue"))
    assert next(d for d in s.districts if d.id == TS).stopped


def test_only_minimal_bids_listed_beyond_max_listed_bids_not_at_it():
    from service.engine.fifthavenue.candidates import MAX_LISTED_BIDS, only_minimal_bids_listed

    from .test_auctions import auction_at

    def hand(black_sixes):
        # 4 colours held by nobody (1 pick each) + violet 4 and 5 (4 picks) = 8; black (9+1)(4+1)(n+1)
        return ["violet-4", "violet-5"] + ["black-4"] * 9 + ["black-5"] * 4 + ["black-6"] * black_sixes

    s = auction_at(hands={"red": hand(4)})
    assert 8 * 10 * 5 * 5 == MAX_LISTED_BIDS and not only_minimal_bids_listed(s, "red")
    assert only_minimal_bids_listed(auction_at(hands={"red": hand(5)}), "red")


def _bids(s, who="red"):
    return {m.cards for m in GAME.legal_moves(s, who) if m.type == "bid"}


def test_bids_listed_in_full_up_to_max_listed_bids_never_with_black_sixes_not_held():
    from service.engine.fifthavenue.candidates import only_minimal_bids_listed

    from .test_auctions import TS, auction_at

    # red's own gray plot: gray only; (5+1) gray picks x (20+1)(14+1)(0+1) black picks = 1890 <= 2000
    hand = ["gray-4"] * 5 + ["black-4"] * 20 + ["black-5"] * 14
    s = auction_at(layout=lambda w: sky(w, TS, "gray", "red", 1), hands={"yellow": [], "blue": [], "red": hand})
    assert not only_minimal_bids_listed(s, "red")
    bids = _bids(s)
    assert len(bids) == 5 * 21 * 15  # every bid with at least one gray card
    assert tuple(sorted(hand)) in bids and ("gray-4",) in bids


def _minimal_state(high_bid):
    """red holds gray 6, 6, 6, 4, 4 (his own gray plot) and black 4 x10, 5 x5, 6 x14: only minimal bids
    are listed; yellow has bid ``high_bid`` (orange cards) or nobody has."""
    from .helpers import deal
    from .test_auctions import TS, auction_at

    hand = ["gray-6"] * 3 + ["gray-4"] * 2 + ["black-4"] * 10 + ["black-5"] * 5 + ["black-6"] * 14
    s = auction_at(
        layout=lambda w: sky(w, TS, "gray", "red", 1),
        hands={"yellow": [], "blue": [], "red": hand},
        trigger="red" if not high_bid else "yellow",
        extra=lambda w: deal(w, "yellow", *high_bid),
    )
    if high_bid:
        s = ok(ok(s, Move("bid", "yellow", colour="orange", cards=tuple(high_bid))), Move("pass", "blue"))
    return s


def test_minimal_bids_with_sixes_are_listed_at_their_true_totals():
    from service.engine.fifthavenue.candidates import only_minimal_bids_listed

    s = _minimal_state(())
    assert only_minimal_bids_listed(s, "red")
    assert _bids(s) == {("gray-4",), ("gray-6",)}  # nothing bid yet: one card is a minimal bid
    s = _minimal_state(("orange-6",))
    assert ("gray-6", "gray-6") in _bids(s) and ("black-6", "gray-6") in _bids(s)  # 12 > 6, and 6 is not
    assert ("black-4", "gray-6") in _bids(s) and ("gray-6",) not in _bids(s)


def _dummy_to_bid_at_a_table(deck_left):
    """A 2-player table (black deck order unknown): red has bid, yellow is to pass, so Alea bids next;
    the black deck holds ``deck_left`` cards, the other black cards of the deck lie on the discard pile."""
    from .test_chance_and_view import red_has_bid_brown_4, red_to_auction_brown

    def change(w):
        red_to_auction_brown(w)
        deck = w["black_deck"]
        w["discard"] = sorted(w["discard"] + [f"black-{v}" for v in deck["cards"][deck_left:]])
        deck["cards"], deck["count"] = deck["cards"][:deck_left], deck_left

    return red_has_bid_brown_4(at_table(edit(started(2), change)))


def test_reading_black_deck_empty_dummy_bid_reshuffles_below_four_cards_not_at_four():
    # Alea draws until a value repeats: at most 4 cards (three values, then a repeat)
    s = ok(_dummy_to_bid_at_a_table(4), Move("pass", "yellow"))
    assert s.pending.kind == "dummy_bid" and s.black_deck.count == 4
    assert any(c.startswith("black-") for c in s.discard)
    s = _dummy_to_bid_at_a_table(3)
    black_discards = sum(1 for c in s.discard if c.startswith("black-"))
    s = ok(s, Move("pass", "yellow"))
    assert s.pending.kind == "dummy_bid" and s.black_deck.count == 3 + black_discards
    assert not any(c.startswith("black-") for c in s.discard)


def test_a_cached_district_valuation_with_a_non_integer_count_is_recomputed():
    from service.cache.memo import Memo, memo_key
    from service.cache.stores import MemoryStore
    from service.engine.fifthavenue import data as D
    from service.engine.fifthavenue import scoring as S
    from service.engine.memo import memo_scope

    s = edit(started(3), lambda w: (clear_board(w), sky(w, "times-square", "gray", "red", 2)))
    d = next(d for d in s.districts if d.id == "times-square")
    store = MemoryStore(10, 60)
    memo = Memo([store], "v1")
    key = memo_key(D.FIFTH_AVENUE.memo_kind(D.DISTRICT_VALUATION), "v1", S.district_material(s.options, d))
    store.put({key: '[{"owner":"red","plot":"gray","count":2.5,"types":0,"per_skyscraper":1,"points":2.5}]'})
    with memo_scope(memo):
        rows = S.value_district(s.options, d)
    assert rows == [{"owner": "red", "plot": "gray", "count": 2, "types": 0, "per_skyscraper": 1, "points": 2}]


def test_partial_final_scoring_tie_without_hands_is_shared_and_no_tie_has_one_winner():
    from service.schemas.fifthavenue import WIRE

    def final(yellow_count):
        body = {
            "districts": {
                "times-square": {"plots": {"violet": {"skyscrapers": {"owner": "red", "count": 2}}}},
                "fifth-avenue": {"plots": {"gray": {"skyscrapers": {"owner": "yellow", "count": yellow_count}}}},
            }
        }
        extra = {"scoring": "final", "central_park_tiles": ["boutique", "gallery", "gallery"]}
        return GAME.score(WIRE.score_state().load(body), WIRE.score_extra().load(extra))

    assert final(2)["winners"] == ["red", "yellow"]  # no hands in the partial format: the tie stays
    assert final(3)["winners"] == ["yellow"]


def test_partial_district_scoring_breakdown_starts_from_zero_points_before_and_adds_up_to_the_total():
    from service.schemas.fifthavenue import WIRE

    # the partial format has no players: red's earlier points are none, not negative
    body = {"districts": {"times-square": {"plots": {"violet": {"skyscrapers": {"owner": "red", "count": 2}}}}}}
    out = GAME.score(WIRE.score_state().load(body), WIRE.score_extra().load({"scoring": "district:times-square"}))
    (red,) = out["players"]
    assert red["breakdown"][0] == {"category": "points_before", "points": 0, "detail": {"already_applied": False}}
    assert sum(part["points"] for part in red["breakdown"]) == red["total"] == 2


def test_validate_pending_stack_top_needs_a_card_left_in_the_stack_one_not_zero():
    from .test_chance_and_view import at_table

    # no reshuffle, so that an empty stack beside its discards is otherwise a state the rules reach
    s = ok(started(3, options={"coloured_stack_empty": "no_reshuffle"}), Move("take_skyscrapers", "red"))
    below = dict(s.stacks)["gray"].below
    s = ok(at_table(s), Move("take_cards", "red", colours=("gray", "green")))
    assert s.pending.kind == "stack_top" and dict(s.stacks)["gray"].count == len(below)

    def leave(n):  # the other gray cards of the stack lie on the discard pile
        def change(w):
            w["stacks"]["gray"]["count"] = n
            w["discard"] = sorted(w["discard"] + [f"gray-{v}" for v in below[n:]])

        return edit(s, change, check=False)

    assert GAME.validate(leave(1)) == []
    assert [v.code for v in GAME.validate(leave(0))] == ["fifthavenue.state.pending"]


def test_unusable_commissioner_graph_names_the_district_where_the_walk_first_comes_back():
    from service.engine.fifthavenue import data as D
    from service.schemas.fifthavenue import WIRE

    def problems(node, back_to):
        graph = {k: list(v) for k, v in D.DEFAULT_COMMISSIONER_GRAPH.items()}
        graph[node] = [back_to]
        s = GAME.setup(["red", "yellow", "blue"], 1, WIRE.options().load({"board": {"commissioner_graph": graph}}))
        return [v.message for v in GAME.validate(s)]

    # from City Hall the walk goes 34th St West, 42nd St West, 52nd St West and then back: the cycle is
    # named once, at the district visited again, whatever the length of the loop
    assert problems("52nd-st-west", "42nd-st-west") == ["Commissioners' graph: cycle through '42nd-st-west'."]
    assert problems("52nd-st-west", "34th-st-west") == ["Commissioners' graph: cycle through '34th-st-west'."]


def test_a_plot_with_two_businesses_is_not_offered_a_third_and_the_moves_cursor_counts_only_real_candidates():
    from .helpers import biz

    # red to play action 1; the current set holds a boutique; 34th St West's brown plot already has two
    s = edit(started(3), lambda w: biz(w, "34th-st-west", "brown", "boutique", "gallery"))
    assert s.turn.phase == "action1" and "boutique" in s.supply_row[0]
    offered = list(GAME.candidates(s, None, "place_business"))
    assert offered and all(not (m.district == "34th-st-west" and m.plot == "brown") for m in offered)
    # every candidate is a legal move, so a page of n moves resumes at the n-th candidate
    for n in (1, 2, 5):
        page = GAME.legal_page(s, None, "place_business", 0, n)
        assert len(page.moves) == n and page.next_start == n


def _swapped(s, *swaps, counts=None):
    """``s`` with cards of players' hands exchanged (player, old, new) and stacks' counts moved by ``counts``."""

    def change(w):
        for pid, old, new in swaps:
            hand = player(w, pid)["hand"]
            hand[hand.index(old)] = new
            hand.sort()
        for colour, by in (counts or {}).items():
            w["stacks"][colour]["count"] += by

    return edit(s, change, check=False)


def test_validate_each_card_value_adds_up_too_many_or_too_few():
    from .test_chance_and_view import at_table

    s = started(3)
    hands = {p.id: p.hand for p in s.players}
    assert "brown-4" in hands["red"] and "gray-5" in hands["red"] and "brown-5" in hands["yellow"]
    assert "brown-6" in hands["blue"]
    # digital: every card is somewhere known, so a brown 4 turned into a 5 makes one 4 too few, one 5 too many
    messages = [v.message for v in GAME.validate(_swapped(s, ("red", "brown-4", "brown-5")))]
    assert messages == ["The brown 4s do not add up.", "The brown 5s do not add up."]
    # at a real table the stacks' orders are unknown, but four brown 6s in hands are one more than the box
    # holds (each colour's count still adds up: the brown stack one card shorter, the gray one longer)
    swaps = (("red", "brown-4", "brown-6"), ("red", "gray-5", "brown-6"), ("yellow", "brown-5", "brown-6"))
    table = _swapped(at_table(s), *swaps, counts={"brown": -1, "gray": 1})
    assert [v.message for v in GAME.validate(table)] == ["The brown 6s do not add up."]


def test_partial_final_scoring_counts_no_cards_in_hand_for_players_the_format_does_not_list():
    from service.schemas.fifthavenue import WIRE

    # the partial format has no players: an owner on the board holds no cards, not a negative number
    body = {"districts": {"times-square": {"plots": {"violet": {"skyscrapers": {"owner": "red", "count": 2}}}}}}
    extra = {"scoring": "final", "central_park_tiles": ["boutique", "gallery", "gallery"]}
    out = GAME.score(WIRE.score_state().load(body), WIRE.score_extra().load(extra))
    (red,) = out["players"]
    assert red["cards_in_hand"] == 0 and red["points_before"] == 0 and red["total"] == 2
