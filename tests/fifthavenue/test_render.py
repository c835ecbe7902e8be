"""The SVG picture of the board."""
from __future__ import annotations

import xml.dom.minidom

from service.engine.fifthavenue import GAME
from service.engine.fifthavenue import data as D
from service.schemas.fifthavenue import WIRE

from .helpers import started


def test_render_shows_every_district_central_park_and_the_players():
    svg = GAME.render(started(3), "red")
    xml.dom.minidom.parseString(svg)
    for name in D.DISTRICT_NAMES.values():
        assert name in svg
    assert "Central Park" in svg and "City Hall" in svg and "red" in svg


def test_render_escapes_client_strings_and_flags_illegal_plots():
    body = {"districts": {"times-square": {"plots": {
        "gray": {"skyscrapers": {"owner": "<b>&x", "count": 2}, "businesses": ["boutique"]}}}}}
    svg = GAME.render(WIRE.score_state().load(body), None)
    xml.dom.minidom.parseString(svg)
    assert "<b>&x" not in svg and "&lt;b&gt;&amp;x" in svg
    assert 'stroke="#e00000"' in svg


def test_render_values_each_skyscraper_plot():
    body = {"districts": {"times-square": {"plots": {
        "gray": {"skyscrapers": {"owner": "red", "count": 2}}, "brown": {"businesses": ["boutique", "jeweler"]}}}}}
    svg = GAME.render(WIRE.score_state().load(body), None)
    assert "3x=6" in svg
