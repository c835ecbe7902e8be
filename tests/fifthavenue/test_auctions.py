"""Auctions: colours, raise or pass for good, building by the highest card, building stops, Central
Park, the 2-player dummy bidder."""

from __future__ import annotations

import pytest

from service.engine.fifthavenue import GAME
from service.engine.fifthavenue import data as D
from service.engine.fifthavenue.checks import allowed_colours
from service.engine.fifthavenue.state import Move

from .helpers import biz, clear_board, deal, edit, empty_hand, ok, refused, set_turn, sky, started, supply

TS = "times-square"


def auction_at(n=3, layout=None, hands=None, markers=(TS,), trigger="red", via="third", options=None, extra=None):
    """Start the white commissioner's auctions at ``markers``: the board cleared, then ``layout(w)``,
    the hands replaced by ``hands``; ``trigger`` moves white from Central Park back to City Hall."""
    s = started(n, options=options)

    def change(w):
        clear_board(w)
        if layout:
            layout(w)
        for pid, cards in (hands or {}).items():
            empty_hand(w, pid)
            deal(w, pid, *cards)
        w["commissioners"]["white"].update(at="central-park", markers=list(markers))
        if via == "third":
            set_turn(w, trigger, "action3", "A")
        else:
            set_turn(w, trigger, "action1")
        if extra:
            extra(w)

    s = edit(s, change)
    if via == "third":
        return ok(s, Move("move_commissioner", trigger, commissioner="white", to="city-hall"))
    return ok(s, Move("black_and_move", trigger, commissioner="white", to="city-hall"))


def bid(s, who, cards, colour=None):
    return ok(s, Move("bid", who, colour=colour, cards=tuple(cards)))


def plot_of(s, did, colour):
    return next(p for d in s.districts if d.id == did for p in d.plots if p.colour == colour)


def test_bid_colour_own_plot_else_empty_plots_else_business_plots():
    def layout(w):
        sky(w, TS, "gray", "red", 1)
        biz(w, TS, "violet", "boutique")

    s = auction_at(layout=layout)
    assert allowed_colours(s, TS, "red") == ("gray",)
    assert allowed_colours(s, TS, "yellow") == ("brown", "green", "orange")

    def full(w):
        sky(w, TS, "gray", "red", 1)
        sky(w, TS, "brown", "blue", 1)
        biz(w, TS, "violet", "boutique")
        biz(w, TS, "green", "gallery")
        biz(w, TS, "orange", "jeweler")

    s = auction_at(layout=full)
    assert allowed_colours(s, TS, "yellow") == ("violet", "green", "orange")  # never a rival's plot
    assert s.auction.full


def test_first_bid_rules_are_all_reported():
    s = auction_at(layout=lambda w: sky(w, TS, "gray", "red", 1), hands={"red": ["gray-4", "brown-5", "black-6"]})
    codes = refused(s, Move("bid", "red", colour="brown", cards=("brown-5", "black-6", "violet-4")))
    assert {
        "fifthavenue.auction.colour_not_allowed",
        "fifthavenue.auction.card_not_in_hand",
        "fifthavenue.auction.foreign_colour_card",
    } <= codes
    assert "fifthavenue.auction.no_coloured_card" in refused(s, Move("bid", "red", colour="gray", cards=("black-6",)))
    assert "fifthavenue.auction.colour_missing" in refused(s, Move("bid", "red", cards=("gray-4",)))
    s = bid(s, "red", ["gray-4", "black-6"], "gray")
    assert s.auction.to_act == "yellow"


def test_raise_or_pass_for_good_and_the_last_bidder_wins():
    hands = {"red": ["gray-4", "gray-5", "black-4"], "yellow": ["violet-5", "black-6"], "blue": ["brown-4"]}
    s = auction_at(layout=lambda w: sky(w, TS, "gray", "red", 1), hands=hands)
    s = bid(s, "red", ["gray-4"], "gray")
    assert "fifthavenue.auction.not_higher" in refused(s, Move("bid", "yellow", colour="violet", cards=("black-4",)))
    s = bid(s, "yellow", ["violet-5"], "violet")
    s = ok(s, Move("pass", "blue"))
    s = bid(s, "red", ["gray-5"])  # a raise adds to the bid: 4 + 5 = 9
    assert s.auction.to_act == "yellow"
    s = bid(s, "yellow", ["black-6"])  # 11
    assert s.auction.to_act == "red"  # blue passed for good
    s = ok(s, Move("pass", "red"))
    red = next(p for p in s.players if p.id == "red")
    assert sorted(red.hand) == ["black-4", "gray-4", "gray-5"]  # the passer takes his cards back
    assert s.auction.site == "central-park"  # yellow won the district: it is resolved
    assert plot_of(s, TS, "violet").skyscrapers.owner == "yellow"
    assert {"violet-5", "black-6"} <= set(s.discard)  # the winner discards his bid


def won(s, who="red"):
    """The other bidders pass in turn until ``who`` has won."""
    while s.auction is not None and s.auction.stage == "bidding" and s.auction.to_act != who:
        s = ok(s, Move("pass", s.auction.to_act))
    return s


@pytest.mark.parametrize(
    "cards,limit", [(["violet-4", "black-4", "black-6"], 1), (["violet-4", "black-5"], 2), (["violet-4", "black-4"], 3)]
)
def test_build_count_winner_builds_any_number_from_one_to_the_limit_of_the_highest_card(cards, limit):
    """Seed 'Veiling': a 6 in the bid allows 1, a 5 (no 6) 2, only 4s 3; English rulebook p. 10: 'also, fewer than
    allowed as normal'. The winner's build move carries the number; legal-moves lists each choice."""
    s = auction_at(hands={"red": cards}, extra=lambda w: supply(w, "red", 3))
    s = won(bid(s, "red", cards, "violet"))
    if limit == 1:  # one choice only: made at once
        assert plot_of(s, TS, "violet").skyscrapers.count == 1 and s.auction.site == "central-park"
        return
    assert s.auction.stage == "resolve" and s.auction.to_act == "red"
    assert GAME.legal_moves(s) == [Move("build", "red", count=n) for n in range(1, limit + 1)]
    assert "fifthavenue.build.count_not_allowed" in refused(s, Move("build", "red", count=limit + 1))
    assert "fifthavenue.build.count_not_allowed" in refused(s, Move("build", "red", count=0))
    for n in range(1, limit + 1):
        after = ok(s, Move("build", "red", count=n))
        assert plot_of(after, TS, "violet").skyscrapers.count == n
        assert next(p for p in after.players if p.id == "red").supply == 3 - n
        assert {"violet-4"} <= set(after.discard) and after.auction.site == "central-park"


def test_reading_build_count_is_capped_by_the_supply():
    s = auction_at(hands={"red": ["violet-4"]}, extra=lambda w: supply(w, "red", 1))
    s = won(bid(s, "red", ["violet-4"], "violet"))
    assert plot_of(s, TS, "violet").skyscrapers.count == 1  # 1 = min(limit 3, supply 1): no choice to ask


def test_reading_build_count_fewer_keeps_skyscrapers_for_the_central_park_auction():
    """The audit's case: red holds 3 skyscrapers and wins a district with a 4. Building 1 keeps 2 for
    Central Park, whose winner too may build fewer than allowed."""
    s = auction_at(
        layout=lambda w: sky(w, TS, "gray", "red", 1),
        hands={"red": ["gray-4", "green-5", "black-4"]},
        extra=lambda w: supply(w, "red", 3),
    )
    s = won(bid(s, "red", ["gray-4"], "gray"))
    s = ok(s, Move("build", "red", count=1))
    assert plot_of(s, TS, "gray").skyscrapers.count == 2 and s.auction.site == "central-park"
    s = bid(s, "red", ["green-5", "black-4"], "green")  # red may bid: 2 skyscrapers left in his supply
    s = won(s)
    assert GAME.legal_moves(s) == [Move("build", "red", count=1), Move("build", "red", count=2)]
    s = ok(s, Move("build", "red", count=1))
    assert dict((x.owner, x.count) for x in s.park.skyscrapers) == {"red": 1}
    assert next(p for p in s.players if p.id == "red").supply == 1


def test_reading_bid_requires_supply():
    s = auction_at(hands={"red": ["violet-4"]}, extra=lambda w: supply(w, "red", 0))
    assert "fifthavenue.auction.no_supply" in refused(s, Move("bid", "red", colour="violet", cards=("violet-4",)))
    assert GAME.legal_moves(s) == [Move("pass", "red")]
    s = auction_at(
        hands={"red": ["violet-4"]}, extra=lambda w: supply(w, "red", 0), options={"bid_requires_supply": False}
    )
    assert len(GAME.legal_moves(s)) == 2


def _full_with_rivals(w):
    sky(w, TS, "violet", "yellow", 1)
    biz(w, TS, "orange", "boutique", "jeweler")
    biz(w, TS, "brown", "gallery")
    sky(w, TS, "gray", "blue", 3)
    biz(w, TS, "green", "gallery")


def test_building_stop_declared_by_a_winner_without_a_plot_english_example():
    """English rulebook p. 10 played out: Red wins without a plot there, so he declares the stop: Red 4, Yellow 5 -> 2,
    Blue 6 -> 3; the district's pieces leave the game and it no longer exists."""
    s = auction_at(
        layout=_full_with_rivals,
        hands={"red": ["green-4"]},
        extra=lambda w: w["commissioners"]["beige"].update(at="52nd-st-east", markers=[TS]),
    )
    assert s.auction.full and allowed_colours(s, TS, "red") == ("brown", "green", "orange")
    before = {p.id: p.points for p in s.players}
    s = bid(s, "red", ["green-4"], "green")
    s = ok(s, Move("pass", "yellow"))
    s = ok(s, Move("pass", "blue"))
    gained = {p.id: p.points - before[p.id] for p in s.players}
    assert gained == {"red": 4, "yellow": 2, "blue": 3}
    ts = next(d for d in s.districts if d.id == TS)
    assert ts.stopped and all(not p.businesses and p.skyscrapers is None for p in ts.plots)
    assert dict(s.commissioners)["beige"].markers == ()  # the other marker goes back to City Hall
    assert sorted(s.removed_businesses) == ["boutique", "gallery", "gallery", "jeweler"]
    assert not GAME.validate(s)


def test_winner_with_a_plot_in_a_full_district_chooses_to_add_or_stop():
    s = auction_at(
        layout=_full_with_rivals,
        hands={"yellow": ["violet-5"]},
        trigger="yellow",
        extra=lambda w: supply(w, "yellow", 3),
    )
    s = bid(s, "yellow", ["violet-5"], "violet")
    s = ok(s, Move("pass", "blue"))
    s = ok(s, Move("pass", "red"))
    assert s.auction.stage == "resolve" and s.auction.to_act == "yellow"
    moves = GAME.legal_moves(s)
    assert moves == [
        Move("build", "yellow", count=1),
        Move("build", "yellow", count=2),
        Move("building_stop", "yellow"),
    ]
    assert "fifthavenue.build.count_not_allowed" in refused(s, Move("build", "yellow", count=3))
    built = ok(s, Move("build", "yellow", count=1))
    assert plot_of(built, TS, "violet").skyscrapers.count == 2
    stopped = ok(s, Move("building_stop", "yellow"))
    assert next(d for d in stopped.districts if d.id == TS).stopped


def test_building_stop_is_not_possible_outside_a_full_district():
    s = auction_at(layout=lambda w: sky(w, TS, "gray", "red", 1), hands={"red": ["gray-4"]})
    assert "fifthavenue.turn.wrong_phase" in refused(s, Move("building_stop", "red"))


def test_reading_second_stop_ends_the_game_at_once():
    def extra(w):
        w["districts"]["fifth-avenue"]["stopped"] = True

    s = auction_at(layout=_full_with_rivals, hands={"red": ["green-4"]}, markers=(TS, "52nd-st-east"), extra=extra)
    s = bid(s, "red", ["green-4"], "green")
    s = ok(s, Move("pass", "yellow"))
    s = ok(s, Move("pass", "blue"))
    assert s.turn.phase == "over" and s.result is not None and s.auction is None


def test_park_opening_the_opening_bid_sets_the_colour_and_no_stop():
    """English rulebook p. 10: the trigger opens Central Park with a bid; its coloured card sets the colour
    every first bid must hold, and no building stop is possible there."""
    s = auction_at(markers=(), hands={"red": ["green-4", "violet-6"], "yellow": ["violet-5", "green-5"]})
    assert s.auction.site == "central-park" and s.auction.stage == "bidding" and s.auction.park_colour is None
    opening = [m for m in GAME.legal_moves(s) if m.type == "bid"]
    assert {m.colour for m in opening} == {"green", "violet"}  # any colour red holds a card of
    assert {m.type for m in GAME.legal_moves(s)} == {"bid", "pass"}
    assert {m.colour for m in GAME.legal_moves(s) if m.type == "pass"} == set(D.COLOURS)
    s = bid(s, "red", ["violet-6"], "violet")
    assert s.auction.park_colour == "violet"
    assert "fifthavenue.auction.colour_not_allowed" in refused(
        s, Move("bid", "yellow", colour="green", cards=("green-5",))
    )
    assert "fifthavenue.auction.foreign_colour_card" in refused(
        s, Move("bid", "yellow", colour="violet", cards=("violet-5", "green-5"))
    )
    s = ok(s, Move("pass", "yellow"))
    assert "fifthavenue.turn.wrong_phase" in refused(s, Move("building_stop", "blue"))  # only a winner chooses
    s = ok(s, Move("pass", "blue"))
    assert s.auction is None and s.turn.player == "yellow" and s.turn.phase == "action1"
    assert dict((x.owner, x.count) for x in s.park.skyscrapers) == {"red": 1}


def test_reading_park_opening_the_colour_stays_when_the_opener_passes():
    s = auction_at(markers=(), hands={"red": ["green-4"], "yellow": ["green-5"], "blue": ["green-6"]})
    s = bid(s, "red", ["green-4"], "green")
    s = bid(s, "yellow", ["green-5"], "green")
    s = ok(s, Move("pass", "blue"))
    s = ok(s, Move("pass", "red"))  # the opener takes his cards back; green stays the colour
    assert s.auction.park_colour == "green" and s.auction.stage == "resolve"
    s = ok(s, Move("build", "yellow", count=1))
    assert s.auction is None and dict((x.owner, x.count) for x in s.park.skyscrapers) == {"yellow": 1}


def test_option_park_colour_opening_bid_lets_the_next_bidder_open():
    """The earlier reading, kept as option park_colour opening_bid: when the trigger passes, the first
    player who bids sets the colour."""
    s = auction_at(
        markers=(), hands={"red": ["green-4"], "yellow": ["orange-5"]}, options={"park_colour": "opening_bid"}
    )
    assert "fifthavenue.auction.pass_colour_not_asked" in refused(s, Move("pass", "red", colour="green"))
    s = ok(s, Move("pass", "red"))
    assert s.auction.park_colour is None and s.auction.to_act == "yellow"
    s = bid(s, "yellow", ["orange-5"], "orange")
    assert s.auction.park_colour == "orange"
    s = ok(s, Move("pass", "blue"))
    s = ok(s, Move("build", "yellow", count=2))
    assert dict((x.owner, x.count) for x in s.park.skyscrapers) == {"yellow": 2}


def test_auctions_triggered_by_action_c_resume_at_the_second_action():
    s = auction_at(markers=(), via="c")
    s = ok(s, Move("pass", "red", colour="gray"))  # the trigger names Central Park's colour as he passes
    for who in ("yellow", "blue"):
        s = ok(s, Move("pass", who))
    assert s.turn.player == "red" and s.turn.phase == "action2" and s.turn.action == "C"


def test_reading_auction_order_follows_the_markers_then_central_park():
    s = auction_at(markers=("34th-st-east", "fifth-avenue", "52nd-st-east"))
    assert s.auction.site == "34th-st-east" and s.auction.queue == ("fifth-avenue", "52nd-st-east", "central-park")
    for site in ("34th-st-east", "fifth-avenue", "52nd-st-east"):
        assert s.auction.site == site
        for who in ("red", "yellow", "blue"):
            s = ok(s, Move("pass", who))
    assert s.auction.site == "central-park"


def _dummy_draws(*values):
    def extra(w):
        deck = w["black_deck"]["cards"]
        for value in values:
            deck.remove(value)
        deck[:0] = list(values)

    return extra


def test_reading_dummy_bidder_bids_third_and_builds_on_the_first_empty_plot():
    s = auction_at(n=2, hands={"red": ["brown-4", "black-5"], "yellow": []}, extra=_dummy_draws(5, 6, 5))
    assert s.auction.order == ("red", "yellow", "alea")
    s = bid(s, "red", ["brown-4", "black-5"], "brown")
    count = s.black_deck.count
    s = ok(s, Move("pass", "yellow"))  # the dummy acts at once: 5, 6, 5 = 16 beats 9
    assert s.auction.to_act == "red" and s.auction.dummy_bid == (5, 6, 5)
    assert s.black_deck.count == count - 3
    s = ok(s, Move("pass", "red"))
    assert plot_of(s, TS, "violet").skyscrapers == type(plot_of(s, TS, "violet").skyscrapers)("alea", 1)
    assert s.black_deck.cards[-3:] == (5, 6, 5)  # its cards go to the bottom of the black deck
    assert s.dummy.general == 17
    assert all(p.points == 0 for p in s.players)
    assert s.auction.site == "central-park" and s.auction.order == ("red", "yellow", "alea")


def test_dummy_bids_in_central_park_and_nobody_builds_when_it_wins():
    """English rulebook p. 5: Alea bids in Central Park too; 'If Alea wins in Central Park, he does not build'; its
    cards go under the black deck as after a district auction."""
    s = auction_at(n=2, markers=(), hands={"red": ["green-4"], "yellow": []}, extra=_dummy_draws(6, 4, 6))
    assert s.auction.site == "central-park" and s.auction.order == ("red", "yellow", "alea")
    s = bid(s, "red", ["green-4"], "green")
    s = ok(s, Move("pass", "yellow"))  # alea: 6, 4, 6 = 16 beats 4
    assert s.auction.to_act == "red" and s.auction.bids[-1].player == "alea"
    assert s.auction.bids[-1].colour == "green"
    general = s.dummy.general
    s = ok(s, Move("pass", "red"))
    assert s.auction is None and s.park.skyscrapers == () and s.dummy.general == general
    assert s.black_deck.cards[-3:] == (6, 4, 6)
    assert "green-4" in next(p for p in s.players if p.id == "red").hand  # the passer takes his card back
    assert not GAME.validate(s)


def test_reading_dummy_park_opening_alea_does_not_open_central_park():
    s = auction_at(n=2, markers=(), hands={"red": ["green-4"], "yellow": []}, options={"park_colour": "opening_bid"})
    count = s.black_deck.count
    s = ok(s, Move("pass", "red"))
    s = ok(s, Move("pass", "yellow"))  # nobody opened: alea passes too, drawing nothing
    assert s.auction is None and s.park.skyscrapers == () and s.black_deck.count == count


def test_reading_dummy_plot_ring_order_or_most_types():
    def layout(w):
        biz(w, TS, "gray", "boutique", "jeweler")  # brown and green touch gray

    s = auction_at(n=2, layout=layout, hands={"red": [], "yellow": []}, extra=_dummy_draws(4, 4))
    s = ok(ok(s, Move("pass", "red")), Move("pass", "yellow"))
    assert plot_of(s, TS, "violet").skyscrapers.owner == "alea"  # first empty plot in ring order
    s = auction_at(
        n=2,
        layout=layout,
        hands={"red": [], "yellow": []},
        extra=_dummy_draws(4, 4),
        options={"dummy_plot": "most_types"},
    )
    s = ok(ok(s, Move("pass", "red")), Move("pass", "yellow"))
    assert plot_of(s, TS, "brown").skyscrapers.owner == "alea"  # touches 2 types; ties go in ring order


def _full_for_two(w):
    sky(w, TS, "violet", "yellow", 1)
    biz(w, TS, "orange", "boutique", "jeweler")
    biz(w, TS, "brown", "gallery")
    sky(w, TS, "gray", "red", 3)
    biz(w, TS, "green", "gallery")


def test_reading_dummy_building_stop():
    s = auction_at(n=2, layout=_full_for_two, hands={"red": [], "yellow": []}, extra=_dummy_draws(4, 4))
    s = ok(ok(s, Move("pass", "red")), Move("pass", "yellow"))
    assert not next(d for d in s.districts if d.id == TS).stopped  # alea passes in a full district
    s = auction_at(
        n=2,
        layout=_full_for_two,
        hands={"red": [], "yellow": []},
        extra=_dummy_draws(4, 4),
        options={"dummy_building_stop": True},
    )
    before = {p.id: p.points for p in s.players}
    s = ok(ok(s, Move("pass", "red")), Move("pass", "yellow"))
    assert next(d for d in s.districts if d.id == TS).stopped
    gained = {p.id: p.points - before[p.id] for p in s.players}
    assert gained == {"red": 3, "yellow": 2}  # half of 3 x 2 and of 1 x 5, rounded down; alea scores nothing


def test_dummy_passes_when_its_draw_is_not_higher():
    s = auction_at(n=2, hands={"red": ["brown-4", "black-5"], "yellow": []}, extra=_dummy_draws(4, 4))
    s = bid(s, "red", ["brown-4", "black-5"], "brown")
    s = ok(s, Move("pass", "yellow"))  # dummy draws 4, 4 = 8 < 9 and passes; red is alone
    s = ok(s, Move("build", "red", count=2))
    assert s.auction.site == "central-park"
    assert plot_of(s, TS, "brown").skyscrapers.owner == "red"


def test_small_hands_list_every_bid():
    s = auction_at(hands={"red": ["violet-4", "violet-5", "black-4", "black-6"]})
    bids = [m for m in GAME.legal_moves(s) if m.type == "bid"]
    # colours violet..orange are all empty plots, but red only holds violet: 2 own picks (non-empty) x 4 black
    own = [("violet-4",), ("violet-5",), ("violet-4", "violet-5")]
    black = [(), ("black-4",), ("black-6",), ("black-4", "black-6")]
    assert sorted(m.cards for m in bids) == sorted(tuple(sorted(o + b)) for o in own for b in black)


def test_huge_hands_list_only_the_minimal_bids():
    from service.engine.fifthavenue.candidates import MAX_LISTED_BIDS

    cards = [f"violet-{v}" for v in (4, 4, 4, 5, 5, 6)] + [f"black-{v}" for v in [4] * 8 + [5] * 7 + [6] * 7]
    s = auction_at(hands={"red": cards, "yellow": ["violet-6", "black-6", "black-6"]}, trigger="yellow")
    s = bid(s, "yellow", ["violet-6", "black-6", "black-6"], "violet")  # 18
    s = ok(s, Move("pass", "blue"))
    bids = [m for m in GAME.legal_moves(s) if m.type == "bid"]
    assert 0 < len(bids) < MAX_LISTED_BIDS
    for m in bids[::7]:
        assert GAME.apply(s, m).legal
    values = [sum(int(c.rsplit("-", 1)[1]) for c in m.cards) for m in bids]
    assert all(18 < v <= 18 + 6 for v in values)
    big = Move("bid", "red", colour="violet", cards=tuple(sorted(cards)))
    assert big not in bids and GAME.apply(s, big).legal  # unlisted, yet legal when proposed


def test_out_of_turn_in_an_auction_names_the_bidder_awaited():
    s = auction_at(hands={"red": ["violet-4"], "yellow": ["violet-5"]})
    out = GAME.apply(s, Move("pass", "yellow"))
    assert [(v.code, v.message) for v in out.violations] == [
        ("fifthavenue.turn.not_your_turn", "It is not \u2068yellow\u2069's turn: the game awaits \u2068red\u2069.")
    ]
