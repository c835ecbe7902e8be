"""``POST /v1/games/{game}/explain`` for every game: answers that fit the contract, explained and not,
violations in the asked language, bad input refused as 422, never a 5xx."""

from __future__ import annotations

import copy

import pytest

from service import create_app
from service.engine.registry import GAME_IDS
from tests.api.test_answers_fit_the_contract import assert_fits

from .pairs import project, walk


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


def post(client, game_id: str, body, lang: str | None = None):
    headers = {"Accept-Language": lang} if lang else {}
    return client.post(f"/v1/games/{game_id}/explain", json=body, headers=headers)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_explain_answers_the_moves_between_two_positions(client, game_id):
    played, dump = walk(game_id, "table", 0), project(game_id)
    body = {"state": dump(played.states[20]), "observed": dump(played.states[21])}
    response = post(client, game_id, body)
    assert response.status_code == 200
    answer = response.get_json()
    assert_fits(f"/v1/games/{game_id}/explain", "post", answer)
    assert answer["explained"] and answer["complete"]
    assert len(answer["moves"]) == 1 and answer["moves"] in answer["sequences"]
    assert answer["state"] == dump(played.states[21])
    # the moves apply: the page applies them on confirm through `moves`
    state = body["state"]
    for move in answer["moves"]:
        applied = client.post(f"/v1/games/{game_id}/moves", json={"state": state, "move": move}).get_json()
        assert applied["legal"]
        state = applied["state"]
    assert state == answer["state"]
    assert answer["reveals"] == [m for m in answer["moves"] if m["type"] == "reveal"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_explain_says_which_field_no_move_reaches(client, game_id):
    played, dump = walk(game_id, "digital", 0), project(game_id)
    observed = copy.deepcopy(dump(played.states[31]))
    observed["players"][0]["points"] = 9999
    answer = post(client, game_id, {"state": dump(played.states[30]), "observed": observed}).get_json()
    assert_fits(f"/v1/games/{game_id}/explain", "post", answer)
    assert not answer["explained"]
    assert "/players/0/points" in [d["pointer"] for d in answer["unreached"]]
    assert answer["state"] is None and answer["closest"] is not None


def test_the_closest_candidates_broken_rules_come_in_the_asked_language(client):
    played, dump = walk("newyork", "digital", 0), project("newyork")
    observed = copy.deepcopy(dump(played.states[31]))
    observed["players"][0]["points"] = 9999
    body = {"state": dump(played.states[30]), "observed": observed}
    english = post(client, "newyork", body).get_json()["closest"]
    german = post(client, "newyork", body, "de").get_json()["closest"]
    assert english["refused"] is not None and english["violations"]
    assert [v["code"] for v in english["violations"]] == [v["code"] for v in german["violations"]]
    assert [v["message"] for v in english["violations"]] != [v["message"] for v in german["violations"]]


def test_a_page_state_the_rules_cannot_reach_is_not_searched_from(client):
    played, dump = walk("chinatown", "digital", 0), project("chinatown")
    state = copy.deepcopy(dump(played.states[10]))
    state["players"][0]["money"] += 7  # no Chinatown money is less than a unit
    answer = post(client, "chinatown", {"state": state, "observed": {"round": 2}}).get_json()
    assert not answer["explained"] and answer["violations"] and answer["work"] == 0


@pytest.mark.parametrize("observed", [3, [], "board", None])
def test_an_observation_that_is_no_object_is_a_schema_problem(client, observed):
    played, dump = walk("newyork", "digital", 0), project("newyork")
    response = post(client, "newyork", {"state": dump(played.states[0]), "observed": observed})
    assert response.status_code == 422
    assert "/observed" in [e["pointer"] for e in response.get_json()["errors"]]


def test_an_observation_of_fields_the_state_lacks_is_unreached_not_an_error(client):
    played, dump = walk("skyline3000", "digital", 0), project("skyline3000")
    answer = post(client, "skyline3000", {"state": dump(played.states[5]), "observed": {"nowhere": {"x": [1]}}})
    assert answer.status_code == 200
    assert [d["pointer"] for d in answer.get_json()["unreached"]] == ["/nowhere"]
