"""Names are names: a player id is normalised to NFC, may not differ from another only in letter case,
and is isolated from the text around it wherever a message or a picture shows it (FSI ... PDI), so that a
name written right to left cannot reorder a message. (Ids holding control or formatting characters, or
blank ones, are refused: tests/api/test_unicode_input.py.)"""

import copy

import pytest

from service import create_app
from service.engine.kit import FSI, PDI

GAMES = ["newyork", "alhambra", "chinatown", "skyline3000", "fifthavenue"]


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


def _state(client, game, players=("anna", "ben", "cara")):
    return client.post(f"/v1/games/{game}/setup", json={"players": list(players), "seed": 3}).get_json()["state"]


@pytest.mark.parametrize("game", GAMES)
def test_ids_differing_only_in_letter_case_are_one_name_refused_at_setup(client, game):
    answer = client.post(f"/v1/games/{game}/setup", json={"players": ["anna", "ben", "Anna"]})
    assert answer.status_code == 422
    assert [e["pointer"] for e in answer.get_json()["errors"]] == ["/players/2"]


@pytest.mark.parametrize("game", GAMES)
def test_ids_differing_only_in_letter_case_are_refused_in_a_state_with_the_pointer(client, game):
    state = copy.deepcopy(_state(client, game))
    state["players"][1]["id"] = "ANNA"
    answer = client.post(f"/v1/games/{game}/validate", json={"state": state})
    assert answer.status_code == 422, answer.get_data(as_text=True)[:300]
    assert "/state/players/1/id" in [e["pointer"] for e in answer.get_json()["errors"]]


def test_an_id_composed_or_not_is_one_id(client):
    decomposed, composed = "Zo\u0065\u0308", "Zo\u00eb"
    answer = client.post("/v1/games/newyork/setup", json={"players": [decomposed, "ben"]})
    assert answer.get_json()["state"]["players"][0]["id"] == composed
    refused = client.post("/v1/games/newyork/setup", json={"players": [decomposed, composed]})
    assert refused.status_code == 422  # the same id twice


def test_a_message_isolates_the_ids_it_names(client):
    state = _state(client, "skyline3000", ("\u05d3\u05e0\u05d9", "ben"))  # a Hebrew name, written right to left
    moves = client.post("/v1/games/skyline3000/legal-moves", json={"state": state}).get_json()["moves"]
    mover = moves[0]["player"]
    other = next(p["id"] for p in state["players"] if p["id"] != mover)
    answer = client.post("/v1/games/skyline3000/moves", json={"state": state, "move": {**moves[0], "player": other}})
    [turn] = [v for v in answer.get_json()["violations"] if v["code"].endswith("not_your_turn")]
    assert f"{FSI}{other}{PDI}" in turn["message"] and f"{FSI}{mover}{PDI}" in turn["message"]


def test_a_picture_isolates_the_ids_it_labels(client):
    state = _state(client, "newyork", ("\u05d3\u05e0\u05d9", "ben"))
    svg = client.post("/v1/games/newyork/render", json={"state": state}).get_data(as_text=True)
    # as character references (a Latin-1 picture stays one byte a character in the answer cache)
    assert "&#x2068;\u05d3\u05e0\u05d9&#x2069;" in svg and FSI not in svg


def test_points_past_any_game_are_refused_with_their_pointer(client):
    state = copy.deepcopy(_state(client, "newyork"))
    state["players"][0]["points"] = 10**500
    answer = client.post("/v1/games/newyork/validate", json={"state": state})
    assert answer.status_code == 422
    assert [e["pointer"] for e in answer.get_json()["errors"]] == ["/state/players/0/points"]
