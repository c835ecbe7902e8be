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


# --- the whole table --------------------------------------------------------------------------------

LONG = ["anna-" + "x" * 35, "Bartholomew-Montgomery-Featherstonehaugh", "carl", "dora-" + "W" * 35, "eve", "fred"]


def played(n, steps, seed=5):
    """A game of ``n`` long-named players after ``steps`` random legal moves (None: to the end)."""
    import random

    r = random.Random(seed)
    s = GAME.setup(LONG[:n], seed, {})
    done = 0
    while s.phase != "over" and (steps is None or done < steps):
        moves = GAME.legal_moves(s)
        buys = [m for m in moves if m.type in ("buy", "place")]
        s = GAME.apply(s, r.choice(buys if buys and r.random() < 0.7 else moves)).state
        done += 1
    return s


def test_render_layout_every_player_named_and_nothing_outside_the_picture():
    from tests.svg_layout import all_text, texts_outside_view_box

    for n in (2, 6):
        for steps in (0, 120, None):
            s = played(n, steps)
            for viewer in (None, LONG[1]):
                svg = GAME.render(s, viewer)
                assert texts_outside_view_box(svg) == [], (n, steps, viewer)
                assert all(p.id in all_text(svg) for p in s.players), (n, steps, viewer)
    partial = partial_state({"anna": city((1, 0, "park", "")), "ben": city((0, 1, "church", "s"))})
    svg = GAME.render(partial)
    assert texts_outside_view_box(svg) == [] and "anna" in all_text(svg) and "ben" in all_text(svg)


def test_render_the_whole_table_in_seat_order_marking_the_player_to_move():
    s = played(6, 30)
    root = _svg(s)
    panels = [g for g in root.iter(NS + "g") if (g.get("class") or "").startswith("player")]
    assert [int(g.get("data-seat")) for g in panels] == list(range(6))
    assert [g.get("data-seat") for g in panels if "to-move" in g.get("class")] == [str(s.current)]
    markets = [g.get("class") for g in root.iter(NS + "g") if (g.get("class") or "").startswith("market ")]
    assert markets == ["market blue", "market green", "market yellow", "market red"]
    text = "".join(root.itertext())
    for tile in s.market:
        if tile is not None:
            assert f"price {tile.cost}" in text
    shown = [g.get("class") for g in root.iter(NS + "g") if (g.get("class") or "").startswith("card ")]
    hands = sum(len(p.money) for p in s.players)
    assert len(shown) == hands + sum(c is not None for c in s.money_market)  # the referee sees every hand


def test_render_for_a_player_shows_other_hands_as_card_backs():
    s = played(6, 30)
    viewer = s.players[2]
    root = _svg(s, viewer.id)
    backs = [r for r in root.iter(NS + "rect") if r.get("class") == "card-back"]
    assert len(backs) == sum(len(p.money) for p in s.players if p.id != viewer.id)
    faces = [g for g in root.iter(NS + "g") if (g.get("class") or "").startswith("card ")]
    assert len(faces) == len(viewer.money) + sum(c is not None for c in s.money_market)


def test_render_two_players_draws_the_dummy():
    s = played(2, 10)
    root = _svg(s)
    dummy = [g for g in root.iter(NS + "g") if g.get("class") == "dummy"]
    assert len(dummy) == 1
    chips = [g for g in dummy[0].iter(NS + "g") if (g.get("class") or "").startswith("chip ")]
    assert len(chips) == len(s.dummy.tiles)


def test_every_empty_cell_beside_a_city_is_drawn_with_its_coordinates_for_a_tap():
    """A page offers a placement by tapping the cell: each empty neighbour of a city is a rect with data-x/y."""
    s = start(2)
    root = _svg(s)
    free = {
        (int(r.get("data-x")), int(r.get("data-y"))) for r in root.iter(NS + "rect") if r.get("class") == "cell free"
    }
    assert free == {(0, -1), (1, 0), (0, 1), (-1, 0)}  # beside the start tile of each player's empty city
    assert len([r for r in root.iter(NS + "rect") if r.get("class") == "cell free"]) == 8  # two players


def test_a_scoring_inputs_picture_draws_no_empty_cells():
    root = _svg(partial_state({"anna": city((1, 0, "park", "ne"))}), "anna")
    assert not [r for r in root.iter(NS + "rect") if r.get("class") == "cell free"]
