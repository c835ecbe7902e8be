"""The SVG picture of one player's city."""
import xml.etree.ElementTree as ET

from service.engine.newyork import GAME

from .helpers import city, partial_state, start

NS = "{http://www.w3.org/2000/svg}"


def _svg(state, player=None):
    svg = GAME.render(state, player)
    return ET.fromstring(svg)


def test_render_draws_tiles_streets_and_the_longest_street():
    s = partial_state({"anna": city((1, 0, "park", "ne"), (0, 1, "church", ""))})
    root = _svg(s, "anna")
    classes = [g.get("class") for g in root.iter(NS + "g")]
    assert "tile park" in classes and "tile church" in classes and "tile start" in classes
    lines = [line.get("class") for line in root.iter(NS + "line")]
    assert lines.count("street") == 2 and lines.count("longest-street") == 2


def test_render_marks_illegal_tiles():
    s = partial_state({"anna": city((1, 0, "park", "w"))})
    root = _svg(s, "anna")
    assert any(g.get("class") == "illegal" for g in root.iter(NS + "g"))


def test_render_escapes_player_ids():
    s = partial_state({"<b>&x": city()})
    svg = GAME.render(s, "<b>&x")
    assert "<b>&x" not in svg and "&lt;b&gt;&amp;x" in svg
    ET.fromstring(svg)


def test_render_unknown_player_does_not_raise():
    ET.fromstring(GAME.render(start(3), "nobody"))
    ET.fromstring(GAME.render(start(3)))


def test_render_marks_the_majorities():
    s = partial_state({"anna": city((1, 0, "park", "")), "ben": city()})
    svg = GAME.render(s, "anna")
    assert "park: 1 - rank 1, 20 pts" in svg
