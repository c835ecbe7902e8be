"""The SVG picture of the board (issue 4, item 8)."""
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
    flagged = [g.get("id") for g in root.findall(".//svg:g[@class='lot']", NS) if g.find("svg:path[@class='flag']", NS) is not None]
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
