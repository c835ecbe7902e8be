"""Alhambra on the wire: its currencies, buildings and options, through the HTTP edge."""

import pytest

from service import create_app


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


def test_the_market_squares_are_the_four_currencies(client):
    answer = client.post("/v1/games/alhambra/setup", json={"players": ["ann", "bob"], "seed": 1}).get_json()
    state = answer["state"]
    assert state["game"] == "alhambra" and list(state["market"]) == ["denar", "dirham", "ducat", "florin"]
    assert {c["bank"] for p in state["players"] for c in p["money"]} <= {"denar", "dirham", "ducat", "florin"}
    assert set(state["dummy"]["buildings"]) == {"pavilion", "seraglio", "arcades", "chambers", "garden", "tower"}


def test_a_new_york_bank_or_option_is_refused(client):
    refused = client.post(
        "/v1/games/alhambra/setup",
        json={"players": ["ann", "bob"], "seed": 1, "options": {"type_tiers": {"museum": 1}}},
    )
    assert refused.status_code == 422
    state = client.post("/v1/games/alhambra/setup", json={"players": ["ann", "bob"], "seed": 1}).get_json()["state"]
    state["money_market"][0] = {"card": {"bank": "blue", "value": 3}}
    assert client.post("/v1/games/alhambra/legal-moves", json={"state": state}).status_code == 422


def test_a_whole_turn_round_trips_through_the_wire(client):
    answer = client.post("/v1/games/alhambra/setup", json={"players": ["ann", "bob", "cy"], "seed": 4}).get_json()
    moves = client.post("/v1/games/alhambra/legal-moves", json={"state": answer["state"]}).get_json()["moves"]
    after = client.post("/v1/games/alhambra/moves", json={"state": answer["state"], "move": moves[0]}).get_json()
    assert after["legal"] and after["state"]["game"] == "alhambra"


def test_the_rules_page_and_the_picture_speak_alhambra(client):
    page = client.get("/v1/games/alhambra/rules").get_data(as_text=True)
    assert "The longest wall" in page and "Dirk" in page
    state = client.post("/v1/games/alhambra/setup", json={"players": ["ann", "bob"], "seed": 1}).get_json()["state"]
    picture = client.post("/v1/games/alhambra/render?lang=de", json={"state": state}).get_data(as_text=True)
    assert "Alhambra" in picture and "Dirk" in picture and "Gebäudemarkt" in picture
    assert "denar bank" not in picture  # the market squares are named after the currencies, in German
    assert 'fill="#2f6fd6"' in picture  # the ducat square's blue
