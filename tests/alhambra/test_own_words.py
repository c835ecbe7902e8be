"""Alhambra in its own words: its tiles carry walls, and no answer, picture or page text of Alhambra speaks
of streets (New York's word) in any language: the score's category `longest_wall` and its `wall`, the
catalogue's and an inline tile's `walls`, the wall_mismatch code, the picture's classes and labels, the
refusals' messages, the readings, the rules page and the table page's words. New York keeps its streets."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from service.api.table import page_ids
from service.engine.alhambra import GAME
from service.schemas.alhambra import WIRE

from .helpers import ok, play_until, start

# "street" in each language the service speaks: en street, hu utca (utcák, utcát...), nl straat, de Straße
STREET = re.compile(r"street|utc[aá]|straat|stra(ss|ß)e", re.IGNORECASE)
LANGS = ("en", "hu", "nl", "de")
# a tower whose west wall meets the fountain's open east edge: a wall mismatch, scored and pictured anyway
CITIES = {
    "state": {
        "players": [
            {"id": "anna", "city": [{"x": 1, "y": 0, "tile": {"type": "tower", "walls": ["w", "n"]}}]},
            {"id": "ben", "city": [{"x": 0, "y": 1, "tile": 41}]},
        ]
    },
    "scoring": "final",
}
# the texts of the table page the Alhambra table shows where New York's shows streets
PAGE_TEXTS = (
    "{building}, price {cost}, walls: {walls}",
    "no wall",
    "Walls",
    "One row per tile in an Alhambra: the player, its (x, y), and a catalogue tile number or a building type "
    "with its walls (n, e, s, w).",
)


def _text(answer) -> str:
    assert answer.status_code == 200, answer.get_data(as_text=True)
    if answer.mimetype.endswith("json"):
        return json.dumps(answer.get_json(), ensure_ascii=False)
    return answer.get_data(as_text=True)


def _mismatch():
    """A 2-player game at the end of a turn with a tile to place, and a place move that breaks the wall rule."""
    state, place = play_until(start(2, seed=6), lambda s, m: m.type == "place" and len(s.players[s.current].city) >= 2)
    for x in range(-4, 5):
        for y in range(-4, 5):
            move = place.__class__("place", place.player, tile=place.tile, x=x, y=y)
            codes = [v.code for v in GAME.apply(state, move).violations]
            if "alhambra.placement.wall_mismatch" in codes:
                return state, move
    raise AssertionError("no wall mismatch found")


@pytest.fixture(scope="module")
def game():
    state, bad = _mismatch()
    return WIRE.state().dump(state), WIRE.move().dump(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_no_alhambra_answer_speaks_of_streets(client, game, lang):
    state, bad = game
    q = f"?lang={lang}"
    texts = {
        "describe": _text(client.get("/v1/games/alhambra" + q)),
        "score": _text(client.post("/v1/games/alhambra/score" + q, json=CITIES)),
        "render": _text(client.post("/v1/games/alhambra/render" + q, json={"state": CITIES["state"]})),
        "render game": _text(client.post("/v1/games/alhambra/render" + q, json={"state": state})),
        "legal-moves": _text(client.post("/v1/games/alhambra/legal-moves" + q, json={"state": state})),
        "refused": _text(client.post("/v1/games/alhambra/moves" + q, json={"state": state, "move": bad})),
        "view": _text(client.post("/v1/games/alhambra/view" + q, json={"state": state, "player": bad["player"]})),
        "table words": json.dumps(client.get("/table/messages.json" + q).get_json()["words"].get("alhambra", {})),
    }
    for name, text in texts.items():
        assert not STREET.search(text), (name, STREET.search(text).group(0), text[:200])
    refused = json.loads(texts["refused"])
    assert "alhambra.placement.wall_mismatch" in [v["code"] for v in refused["violations"]]
    score = json.loads(texts["score"])
    assert score["players"][0]["breakdown"][-1]["category"] == "longest_wall" and "wall" in score["players"][0]
    assert "longest_wall" in score["labels"]
    assert any("walls" in t for t in json.loads(texts["describe"])["tiles"])
    assert 'class="longest-wall"' in texts["render"] or 'class="wall"' in texts["render"]


def test_the_rules_page_and_the_table_page_texts_speak_of_walls(client):
    assert not STREET.search(_text(client.get("/v1/games/alhambra/rules")))
    assert set(PAGE_TEXTS) <= set(page_ids())
    for lang in ("hu", "nl", "de"):
        messages = client.get(f"/table/messages.json?lang={lang}").get_json()["messages"]
        for text in PAGE_TEXTS:
            assert messages[text] != text or lang == "en"
            assert not STREET.search(messages[text]), (lang, messages[text])


def test_an_inline_tile_names_its_walls_and_new_york_keeps_its_streets(client):
    streets = json.loads(json.dumps(CITIES).replace('"walls"', '"streets"'))
    refused = client.post("/v1/games/alhambra/score", json=streets)
    assert refused.status_code == 422
    new_york = json.loads(json.dumps(streets).replace('"tower"', '"church"'))
    score = client.post("/v1/games/newyork/score", json=new_york).get_json()
    assert score["players"][0]["breakdown"][-1]["category"] == "longest_street" and "street" in score["players"][0]
    assert ok(start(2), GAME.legal_moves(start(2))[0]).legal


SCRIPT = """
import { words } from "./pieces.js";
import { HELPER } from "./games.js";
const tile = (game, streets) => words({ kind: "tile", game, type: "tower", cost: 7, streets });
const row = { player: "anna", x: "1", y: "0", tile: "tower", walls: "n, e", streets: "w" };
console.log(JSON.stringify({
  alhambra: [tile("alhambra", ["n", "e"]), tile("alhambra", [])],
  newyork: tile("newyork", ["w"]),
  helper: HELPER.alhambra.body([row], { scoring: "final" }).body.state.players[0].city[0].tile,
  columns: HELPER.alhambra.columns.map((c) => c[0]),
}));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_table_page_reads_an_alhambra_tile_by_its_walls(tmp_path):
    """The page's own code (node, no browser): Alhambra's tiles are read out with their walls and the
    score helper sends an inline tile's `walls`; New York's keep their streets."""
    static = Path(__file__).resolve().parents[2] / "service" / "api" / "static" / "table"
    for module in static.glob("*.js"):
        shutil.copy(module, tmp_path / module.name)
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "check.mjs").write_text(SCRIPT)
    done = subprocess.run(["node", "check.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["alhambra"] == ["tower, price 7, walls: north, east", "tower, price 7, walls: no wall"]
    assert seen["newyork"] == "tower, price 7, streets: west"
    assert seen["helper"] == {"type": "tower", "walls": ["n", "e"]} and seen["columns"][-1] == "walls"
