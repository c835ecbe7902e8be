"""The SVG picture of the board: the auction in progress, the viewer's whole hand, emptied sets, long
names; every name present and no text outside the view box, at setup, mid-game, in an auction and at
the end, for 2 and 4 players with 40-character names."""

from __future__ import annotations

import random
import re
import xml.dom.minidom

import pytest

from service.engine.fifthavenue import GAME
from service.engine.fifthavenue import data as D
from service.engine.fifthavenue import render as P
from service.engine.fifthavenue.state import Move
from service.schemas.fifthavenue import WIRE
from tests.svg_layout import all_text, text_boxes, texts_outside_view_box

from .helpers import ok, started
from .test_auctions import auction_at, bid


def long_names(n: int) -> list[str]:
    return [(base + "-" + "x" * 40)[:40] for base in ("anna", "ben", "carl", "dora")[:n]]


def play(n: int, seed: int, stop) -> object:
    """A seeded random game with 40-character names, stopped where ``stop`` says (or at its end)."""
    s = GAME.setup(long_names(n), seed, {})
    rnd = random.Random(seed)
    while not (s.turn.phase == "over" and s.pending is None) and not stop(s):
        moves = GAME.legal_moves(s)
        kind = rnd.choice(sorted({m.type for m in moves}))
        s = ok(s, rnd.choice([m for m in moves if m.type == kind]))
    return s


def in_district_auction(s) -> bool:
    return s.auction is not None and s.auction.site != D.CENTRAL_PARK and len(s.auction.bids) >= 2


def in_park_auction(s) -> bool:
    return s.auction is not None and s.auction.site == D.CENTRAL_PARK and bool(s.auction.bids)


MOMENTS = {
    "setup": lambda n: GAME.setup(long_names(n), 3, {}),
    "mid-game": lambda n: play(n, 5, lambda s: s.businesses_placed >= 5 and s.auction is None),
    "district auction": lambda n: play(n, 7, in_district_auction),
    "central park auction": lambda n: play(n, 9, in_park_auction),
    "end": lambda n: play(n, 11, lambda s: False),
}


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_picture_names_everyone_and_keeps_all_text_inside(players, moment):
    s = MOMENTS[moment](players)
    if moment == "end":
        assert s.result is not None
    if "auction" in moment:
        assert s.auction is not None
    viewer = s.players[-1].id
    for picture in (GAME.render(s, None), GAME.render(GAME.view(s, viewer), viewer)):
        xml.dom.minidom.parseString(picture)
        text = all_text(picture)
        for p in s.players:
            assert p.id in text
        assert not texts_outside_view_box(picture), texts_outside_view_box(picture)[:3]
        boxes = text_boxes(picture)
        for i, b in enumerate(boxes):  # a label with a player's name overlaps no other label
            if not any(p.id[:20] in b.text for p in s.players):
                continue
            for j, o in enumerate(boxes):
                if i != j and o.left < b.right and b.left < o.right and o.top < b.bottom and b.top < o.bottom:
                    raise AssertionError(f"{b.text!r} overlaps {o.text!r}")


def test_picture_of_an_auction_shows_the_site_colours_bids_passes_and_whose_bid():
    s = auction_at(hands={"red": ["violet-4", "black-5"], "yellow": ["brown-5", "black-6"], "blue": []})
    s = bid(s, "red", ["violet-4", "black-5"], "violet")
    s = ok(s, Move("pass", "yellow"))
    svg = GAME.render(GAME.view(s, "blue"), "blue")
    text = all_text(svg)
    assert "Auction: Times Square" in text
    assert "violet bid 9 (high)" in text and "passed" in text
    assert "▶ blue" in text and "to bid" in text
    assert "may bid: violet, brown, gray, green, orange" in text  # blue's colours: the plots still empty
    assert text.count("violet-4") == 1 and text.count("black-5") == 1  # the bid's cards, face up
    assert 'stroke="#c0392b" stroke-width="4"' in svg  # the district at stake is ringed


def test_picture_of_a_central_park_auction_says_how_its_colour_is_set():
    s = auction_at(markers=(), hands={"red": ["green-4"]})
    assert "\u2068red\u2069 sets it with an opening bid or by passing" in all_text(GAME.render(s, None))
    s = ok(s, Move("pass", "red", colour="green"))
    assert "Colour: green (set by \u2068red\u2069, who started the auctions)" in all_text(GAME.render(s, None))
    s = auction_at(markers=(), hands={"red": ["green-4"]}, options={"park_colour": "opening_bid"})
    assert "the opening bid's card sets it" in all_text(GAME.render(s, None))
    s = bid(s, "red", ["green-4"], "green")
    assert "Colour: green (set by the opening bid)" in all_text(GAME.render(s, None))


def test_picture_of_the_back_side_draws_the_sixth_plot_inside_each_ring():
    s = GAME.setup(["red", "yellow", "blue", "green"], 3, {"board_side": "back"})
    svg = GAME.render(s, None)
    xml.dom.minidom.parseString(svg)
    assert svg.count("<title>sixth plot</title>") == len(D.DISTRICTS)
    assert svg.count('stroke-dasharray="6,4"') == len(D.DISTRICTS)  # its broken border
    assert "<title>sixth plot</title>" not in GAME.render(GAME.setup(["red", "yellow"], 3, {}), None)


def test_picture_shows_the_viewers_whole_hand_and_others_as_backs():
    s = play(4, 5, lambda s: s.businesses_placed >= 5 and s.auction is None)
    viewer = s.players[0]
    svg = GAME.render(GAME.view(s, viewer.id), viewer.id)
    titles = [t for t in all_text(svg).split("\n") if t in D.ALL_CARDS]
    assert sorted(titles) == sorted(viewer.hand) and len(viewer.hand) > 8
    assert all_text(svg).count("hidden card") == 3
    for p in s.players[1:]:
        assert f"x {p.hand_size} hidden" in all_text(svg)


def test_picture_draws_emptied_sets_as_empty_not_as_tiles():
    s = play(2, 5, lambda s: s.supply_row[0] == () and s.supply_row[1] == ())
    svg = GAME.render(s, None)
    assert all_text(svg).count("empty") >= 2
    start = P.BOARD_BOTTOM
    tiles = [line for line in svg.split("\n") if f'y="{start + 4}" width="18"' in line]
    assert len(tiles) == sum(len(t) for t in s.supply_row if t)  # one box per tile still there


def test_42nd_st_west_does_not_touch_the_times_square_label():
    bottom = P.CENTRES["42nd-st-west"][1] + P.DISTRICT_RADIUS
    label = next(b for b in text_boxes(GAME.render(started(3), None)) if b.text == "Times Square")
    assert bottom < label.top


def test_render_escapes_client_strings_and_flags_illegal_plots():
    body = {
        "districts": {
            "times-square": {
                "plots": {"gray": {"skyscrapers": {"owner": "<b>&x", "count": 2}, "businesses": ["boutique"]}}
            }
        }
    }
    svg = GAME.render(WIRE.score_state().load(body), None)
    xml.dom.minidom.parseString(svg)
    assert "<b>&x" not in svg and "&lt;b&gt;&amp;x" in svg
    assert 'stroke="#e00000"' in svg


def test_render_values_each_skyscraper_plot():
    body = {
        "districts": {
            "times-square": {
                "plots": {
                    "gray": {"skyscrapers": {"owner": "red", "count": 2}},
                    "brown": {"businesses": ["boutique", "jeweler"]},
                }
            }
        }
    }
    svg = GAME.render(WIRE.score_state().load(body), None)
    assert "3x=6" in svg


def test_every_plot_carries_its_district_and_colour_for_a_tap():
    """A page offers a placement by tapping the plot: each of the 7 x 5 plots names itself in data-* attributes."""
    svg = GAME.render(started(2))
    plots = set(re.findall(r'data-district="([^"]+)" data-plot="([^"]+)"', svg))
    assert plots == {(d, c) for d in D.DISTRICTS for c in D.COLOURS}
