"""A game record (docs/record.md) checked by POST /v1/games/{game}/record: where it first goes wrong, how
far it can be checked (an entry hidden from its viewer, a withheld seed), and whether the result it
claims is the one reached. Seeded New York games and a real-table Chinatown game; every answer is held
against the contract's RecordAnswer."""

from __future__ import annotations

import random

import pytest

from tests.api.test_answers_fit_the_contract import assert_fits

PLAYERS = ["anna", "ben", "cleo"]


@pytest.fixture(scope="module")
def played():
    """A seeded New York game's first 30 moves (random legal moves, seed 3) and its answers at the end."""
    from service import create_app

    client = create_app({"redis_url": None}).test_client()
    state = client.post("/v1/games/newyork/setup", json={"players": PLAYERS, "seed": 3}).get_json()["state"]
    rng = random.Random(5)
    moves, answer = [], None
    for _ in range(30):
        listed = client.post("/v1/games/newyork/legal-moves", json={"state": state}).get_json()["moves"]
        move = rng.choice(listed)
        answer = client.post("/v1/games/newyork/moves", json={"state": state, "move": move}).get_json()
        state = answer["state"]
        moves.append(move)
    return moves, answer


def record(moves, **extra):
    return {
        "format": "city-games-record",
        "version": 1,
        "game": "newyork",
        "players": PLAYERS,
        "seed": 3,
        "moves": [{"move": m} for m in moves],
        **extra,
    }


def checked(client, body, game="newyork"):
    response = client.post(f"/v1/games/{game}/record", json=body)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert_fits(f"/v1/games/{game}/record", "post", answer)
    return answer


def test_a_whole_record_is_checked_to_its_end_with_the_result_it_claims(client, played):
    moves, last = played
    claimed = {"over": last["status"]["over"], "winners": last["status"]["winners"], "standings": last["scores"]}
    answer = checked(client, record(moves, result=claimed))
    assert answer["valid"] and answer["complete"] and answer["checked"] == 30
    assert answer["first_illegal"] is None and answer["hidden_from"] is None and answer["result_matches"] is True
    assert answer["state"] == last["state"] and answer["scores"] == last["scores"]


def test_a_record_names_its_first_illegal_entry_and_stops_there(client, played):
    moves, _ = played
    broken = [*moves[:12], moves[11], *moves[12:]]  # the 13th entry repeats the 12th
    answer = checked(client, record(broken))
    assert not answer["valid"] and not answer["complete"] and answer["checked"] == 12
    assert answer["first_illegal"]["index"] == 12
    assert all(v["code"].startswith("newyork.") and v["message"] for v in answer["first_illegal"]["violations"])


def test_a_claimed_result_that_is_not_the_one_reached_makes_the_record_invalid(client, played):
    moves, last = played
    wrong = {"over": True, "winners": ["anna"], "standings": last["scores"]}
    answer = checked(client, record(moves, result=wrong))
    assert answer["first_illegal"] is None and answer["result_matches"] is False and not answer["valid"]


def test_an_entry_hidden_from_the_viewer_ends_the_check_there_and_a_withheld_seed_checks_nothing(client, played):
    moves, _ = played
    entries = [{"move": m} for m in moves[:8]] + [{"hidden": {"type": "buy", "player": "ben"}}]
    answer = checked(client, {**record([]), "moves": entries})
    assert answer["valid"] and not answer["complete"] and answer["hidden_from"] == 8 and answer["checked"] == 8
    withheld = checked(client, record(moves, seed=None))
    assert withheld["hidden_from"] == 0 and withheld["checked"] == 0 and withheld["state"] is None
    with_options = checked(client, record(moves, seed=None, options={"allow_surplus_cards": True}))
    assert with_options["hidden_from"] == 0 and with_options["state"] is None


def test_a_correction_is_checked_as_a_whole_state_and_play_goes_on_from_it(client, played):
    moves, _ = played
    at = checked(client, record(moves[:10]))["state"]
    good = {"correction": {"label": "the table as it stands", "state": at}}
    answer = checked(
        client,
        {**record(moves[:10]), "moves": [*({"move": m} for m in moves[:10]), good, *({"move": m} for m in moves[10:])]},
    )
    assert answer["valid"] and answer["complete"] and answer["checked"] == 31
    cards = [card for p in at["players"] for card in p["money"]] * 3  # cards the others hold, twice more
    bad_state = {**at, "players": [{**at["players"][0], "money": cards}, *at["players"][1:]]}
    bad = {"correction": {"label": "money out of nowhere", "state": bad_state}}
    refused = checked(client, {**record(moves[:10]), "moves": [*({"move": m} for m in moves[:10]), bad]})
    assert refused["first_illegal"]["index"] == 10 and refused["first_illegal"]["violations"]


def test_a_real_table_record_starts_from_its_start_state(client):
    setup = {"players": PLAYERS, "options": {"chance": "table"}}
    start = client.post("/v1/games/chinatown/setup", json=setup).get_json()["state"]
    body = {
        "format": "city-games-record",
        "version": 1,
        "game": "chinatown",
        "players": PLAYERS,
        "options": {"chance": "table"},
        "start": start,
        "moves": [{"hidden": {"type": "reveal", "player": "anna"}}],
    }
    answer = checked(client, body, "chinatown")
    assert answer["checked"] == 0 and answer["hidden_from"] == 0 and answer["state"] == start


@pytest.mark.parametrize(
    "change, pointer",
    [
        ({"game": "chinatown"}, "/game"),
        ({"version": 2}, "/version"),
        ({"format": "pgn"}, "/format"),
        ({"moves": [{}]}, "/moves/0"),
        ({"players": ["anna", "anna", "ben"]}, "/players"),
        ({"moves": [{"move": {"type": "pass", "player": "anna"}, "hidden": {"type": "x"}}]}, "/moves/0"),
    ],
)
def test_a_record_that_is_not_one_is_refused_with_a_pointer(client, played, change, pointer):
    response = client.post("/v1/games/newyork/record", json={**record(played[0][:2]), **change})
    assert response.status_code == 422
    assert any(e["pointer"].startswith(pointer) for e in response.get_json()["errors"]), response.get_json()
