"""The pictures in every language: labels drawn through the asked language's catalog (the engine takes a
labels callable from the edge), ids and classes unchanged, every label still inside the picture."""

import xml.etree.ElementTree as ET

import pytest

from service import create_app
from service.engine.registry import GAME_IDS, SPECS

from ..svg_layout import AVERAGE_GLYPH_EM, SVG, all_text, texts_outside_view_box

PLAYERS = ["anna", "ben", "carl"]


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("lang", ["hu", "nl", "de"])
def test_a_picture_is_drawn_in_the_asked_language_and_still_fits(client, game, lang):
    state = client.post(f"/v1/games/{game}/setup", json={"players": PLAYERS, "seed": 11}).get_json()["state"]
    english = client.post(f"/v1/games/{game}/render", json={"state": state}).get_data(as_text=True)
    answer = client.post(f"/v1/games/{game}/render?lang={lang}", json={"state": state})
    picture = answer.get_data(as_text=True)
    assert answer.mimetype == "image/svg+xml" and answer.headers["Content-Language"] == lang
    label = SPECS[game].examples.PICTURE_LABEL  # one label the game draws on a fresh table, in each language
    assert label["en"] in all_text(english)
    assert label[lang] in all_text(picture) and label["en"] not in all_text(picture)
    assert picture.count('class="') == english.count('class="')  # the same pieces, only the words differ
    assert not texts_outside_view_box(picture)


def test_a_games_own_words_are_drawn_in_its_rulebooks_terms(client):
    state = client.post("/v1/games/newyork/setup", json={"players": PLAYERS, "seed": 11}).get_json()["state"]
    picture = all_text(client.post("/v1/games/newyork/render?lang=hu", json={"state": state}).get_data(as_text=True))
    assert "kék bank" in picture and "piros bank" in picture  # the market slots' banks


@pytest.mark.parametrize("game", [g for g, spec in SPECS.items() if (spec.info.family or g) == "newyork"])
@pytest.mark.parametrize("lang", ["en", "hu", "nl", "de"])
def test_a_market_slots_name_stays_inside_its_frame(client, game, lang):
    """Alhambra's squares are named after longer words than New York's banks ("dirham square"), and a
    language may lengthen them again: each name is drawn inside its slot's frame."""
    state = client.post(f"/v1/games/{game}/setup", json={"players": PLAYERS, "seed": 11}).get_json()["state"]
    picture = client.post(f"/v1/games/{game}/render?lang={lang}", json={"state": state}).get_data(as_text=True)
    slots = [g for g in ET.fromstring(picture).iter(f"{SVG}g") if (g.get("class") or "").startswith("market ")]
    assert len(slots) == 4
    for slot in slots:
        frame, name = slot.find(f"{SVG}rect"), slot.find(f"{SVG}text")
        left, width = float(frame.get("x")), float(frame.get("width"))
        size = float(name.get("font-size") or 11)
        half = len(name.text) * size * AVERAGE_GLYPH_EM / 2
        assert left < float(name.get("x")) - half and float(name.get("x")) + half < left + width, (name.text, size)
