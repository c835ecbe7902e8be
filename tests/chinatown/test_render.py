"""The SVG picture of the board."""

from dataclasses import replace
from xml.etree import ElementTree

from service.engine.chinatown import GAME
from service.engine.chinatown.state import Lot, Partial

from .helpers import board, make_state, partial

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(svg):
    return ElementTree.fromstring(svg)


def test_render_shows_every_block_and_lot_number():
    root = parse(GAME.render(partial({})))
    assert len(root.findall(".//svg:g[@class='block']", NS)) == 6
    lots = root.findall(".//svg:g[@class='lot']", NS)
    assert len(lots) == 85
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {str(n) for n in range(1, 86)} <= texts


def test_render_outlines_each_shop_with_its_income():
    layout = {lot: ("chang", "photo") for lot in (71, 72, 73, 74, 78)}
    root = parse(GAME.render(partial(layout)))
    shops = root.findall(".//svg:g[@class='shop']", NS)
    assert sorted(int(g.get("data-income")) for g in shops) == [20000, 50000]
    texts = [t.text for g in shops for t in g.iter("{http://www.w3.org/2000/svg}text")]
    assert sorted(texts) == ["$20,000", "$50,000"]
    # the complete shop's outline: 3 lots in a row have 8 outer edges
    complete = next(g for g in shops if g.get("data-income") == "50000")
    assert complete.find("svg:path", NS).get("d").count("M") == 8


def test_render_colours_lots_by_owner_and_shows_shop_types():
    svg = GAME.render(partial({12: ("anna", "photo"), 13: ("bob", None)}))
    assert "#d62728" in svg and "#e6c229" in svg  # first and second owner colours
    assert "PHO3" in svg and "Photo (3)" in svg


def test_render_escapes_client_strings():
    svg = GAME.render(Partial(board({12: ("<b>&", "photo")}), ("<b>&",)))
    parse(svg)
    assert "<b>&" not in svg and "&lt;b&gt;&amp;" in svg


def test_render_flags_illegal_pieces():
    state = make_state()
    bad = replace(state, board=state.board.with_lots({1: Lot("zed", "photo")}))
    root = parse(GAME.render(bad))
    flagged = [
        g.get("id")
        for g in root.findall(".//svg:g[@class='lot']", NS)
        if g.find("svg:path[@class='flag']", NS) is not None
    ]
    assert flagged == ["lot-1"]
    assert GAME.render(state).count('class="flag"') == 0


def test_render_hides_other_players_money_for_a_viewer():
    state = make_state(money={"anna": 120000, "bob": 370000, "chang": 50000})
    svg = GAME.render(state, "anna")
    assert "$120,000" in svg and "$370,000" not in svg
    assert "$370,000" in GAME.render(state)


def test_render_through_http(client):
    r = client.post("/v1/games/chinatown/render", json={"state": {"board": {"12": {"owner": "anna", "shop": "photo"}}}})
    assert r.status_code == 200 and r.mimetype == "image/svg+xml"
    parse(r.data)


# ---- the picture's layout: every player visible and named, nothing clipped ---------------------------

LONG = ["anna-" + "x" * 35, "Bartholomew-Montgomery-Featherstonehaugh", "carl", "dora-" + "W" * 35, "eve"]


def played(n: int, steps: int | None, seed: int = 3):
    """A game of ``n`` long-named players after ``steps`` random legal moves (None: to the end)."""
    import random

    rng = random.Random(seed)
    state = GAME.setup(LONG[:n], seed, {})
    done = 0
    while state.phase != "end" and (steps is None or done < steps):
        state = GAME.apply(state, rng.choice(GAME.legal_moves(state))).state
        done += 1
    return state


def test_render_layout_every_player_named_and_nothing_outside_the_picture():
    from tests.svg_layout import all_text, texts_outside_view_box

    for n in (3, 5):
        for steps in (0, 40, None):
            state = played(n, steps)
            for viewer in (None, LONG[0]):
                svg = GAME.render(state, viewer)
                assert texts_outside_view_box(svg) == [], (n, steps, viewer)
                text = all_text(svg)
                assert all(pid in text for pid in state.ids), (n, steps)


def test_render_every_owner_colour_stands_out_from_the_board():
    from service.engine.chinatown.render import OWNER_COLOURS

    def luminance(colour):
        r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    board_cream = luminance("#fbf8f0")
    assert all(board_cream - luminance(c) > 0.2 for c in OWNER_COLOURS[:5])  # 5 players at most
    assert len(set(OWNER_COLOURS[:5])) == 5
    svg = GAME.render(played(5, None))
    assert all(c in svg for c in OWNER_COLOURS[:5])


def test_render_money_in_one_format():
    import re

    svg = GAME.render(played(4, None))
    amounts = re.findall(r"\$[0-9](?:[0-9]|,(?=[0-9]))*", svg)
    assert amounts and all(re.fullmatch(r"\$[0-9]{1,3}(,[0-9]{3})*", a) for a in amounts)


def test_render_gives_each_lot_a_tappable_shape_with_a_stable_id_and_data_lot():
    from service.engine.chinatown.render import CELL, lot_box

    state = make_state("place", board_layout={12: ("anna", "photo"), 13: ("bob", None)})
    for picture in (GAME.render(partial({})), GAME.render(state)):
        root = parse(picture)
        shapes = root.findall(".//svg:rect[@data-lot]", NS)
        assert sorted(int(r.get("data-lot")) for r in shapes) == list(range(1, 86))
        for rect in shapes:
            lot = int(rect.get("data-lot"))
            assert rect.get("id") == f"lot-shape-{lot}"
            assert (int(rect.get("x")), int(rect.get("y"))) == lot_box(lot)
            assert rect.get("width") == rect.get("height") == str(CELL)
        for group in root.findall(".//svg:g[@class='lot']", NS):
            lot = group.get("data-lot")
            assert group.get("id") == f"lot-{lot}" and group[0].get("data-lot") == lot
    ids = [e.get("id") for e in parse(GAME.render(state)).iter() if e.get("id")]
    assert len(ids) == len(set(ids))
