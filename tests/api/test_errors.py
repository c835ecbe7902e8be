"""Every request that is not a rules question gets an RFC 9457 problem, never a 5xx or a traceback."""

import json

import pytest

from . import fakegame

PROBLEM = "application/problem+json"
STATE = {"game": "fake", "players": ["ann", "bob"], "total": 0, "turn": 0}


@pytest.fixture
def client(app):
    fakegame.install(app)
    return app.test_client()


def assert_problem(response, status):
    assert response.status_code == status, response.data
    assert response.mimetype == PROBLEM
    body = response.get_json(force=True)
    assert body["status"] == status
    assert body["type"].startswith("/problems/")
    assert body["title"]
    assert "Traceback" not in response.get_data(as_text=True)
    return body


def test_malformed_json_is_400(client):
    body = assert_problem(client.post("/v1/games/fake/moves", data='{"state":', content_type="application/json"), 400)
    assert "not well-formed JSON" in body["detail"]


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"a": -Infinity}'])
def test_non_json_numbers_are_400(client, text):
    assert_problem(client.post("/v1/games/fake/moves", data=text, content_type="application/json"), 400)


def test_invalid_utf8_is_400(client):
    assert_problem(client.post("/v1/games/fake/moves", data=b"\xff\xfe{", content_type="application/json"), 400)


def test_deeply_nested_json_is_400_not_a_crash(client):
    deep = "[" * 100_000 + "]" * 100_000
    assert_problem(client.post("/v1/games/fake/moves", data=deep, content_type="application/json"), 400)


def test_unknown_game_is_404(client):
    body = assert_problem(client.post("/v1/games/monopoly/moves", json={}), 404)
    assert "newyork" in body["detail"]


def test_unknown_route_is_404(client):
    assert_problem(client.get("/v2/nothing"), 404)


def test_wrong_method_is_405_with_allow(client):
    response = client.delete("/v1/games/fake/moves")
    assert_problem(response, 405)
    assert "POST" in response.headers["Allow"]


def test_body_over_the_limit_is_413(app):
    app.config["MAX_CONTENT_LENGTH"] = 2048
    fakegame.install(app)
    body = json.dumps({"state": STATE, "pad": "x" * 4096})
    response = app.test_client().post("/v1/games/fake/moves", data=body, content_type="application/json")
    assert_problem(response, 413)


def test_not_json_is_415(client):
    assert_problem(
        client.post("/v1/games/fake/moves", data="state=1", content_type="application/x-www-form-urlencoded"), 415
    )


def test_json_that_is_not_an_object_is_422(client):
    body = assert_problem(client.post("/v1/games/fake/moves", json=[1, 2]), 422)
    assert body["errors"] == [{"pointer": "", "message": "Must be an object."}]


def test_schema_errors_are_422_with_every_pointer(client):
    bad_state = dict(STATE, total="many", turn=1.5)
    response = client.post("/v1/games/fake/moves", json={"state": bad_state, "move": {"type": "jump", "player": ""}})
    body = assert_problem(response, 422)
    pointers = {e["pointer"] for e in body["errors"]}
    assert pointers == {"/state/total", "/state/turn", "/move/type", "/move/player", "/move/amount"}


def test_unknown_fields_are_refused_with_their_pointer(client):
    response = client.post("/v1/games/fake/validate", json={"state": dict(STATE, extra=1), "other": 2})
    body = assert_problem(response, 422)
    assert {e["pointer"] for e in body["errors"]} == {"/state/extra", "/other"}


def test_booleans_are_not_integers(client):
    body = assert_problem(client.post("/v1/games/fake/validate", json={"state": dict(STATE, total=True)}), 422)
    assert body["errors"][0]["pointer"] == "/state/total"


def test_pointer_tokens_are_escaped(client):
    body = assert_problem(client.post("/v1/games/fake/validate", json={"state": STATE, "a/b~c": 1}), 422)
    assert body["errors"][0]["pointer"] == "/a~1b~0c"


def test_setup_refuses_duplicate_players_and_counts_out_of_range(client):
    body = assert_problem(client.post("/v1/games/fake/setup", json={"players": ["a", "a", "b", "c"]}), 422)
    assert {e["pointer"] for e in body["errors"]} == {"/players"}


def test_replay_needs_exactly_one_start(client):
    body = assert_problem(client.post("/v1/games/fake/replay", json={"moves": []}), 422)
    assert body["errors"][0]["pointer"] == ""


def test_a_game_not_built_yet_answers_501_problem(app):
    from service.api.games import Binding
    from service.engine.registry import load_info

    app.extensions["games"]["chinatown"] = Binding(load_info("chinatown"), None, None, None)
    body = assert_problem(app.test_client().post("/v1/games/chinatown/score", json={}), 501)
    assert "Chinatown" in body["detail"]


def test_an_engine_defect_is_a_500_problem_without_insides(app):
    fakegame.install(app)
    game = app.extensions["games"]["fake"].game
    game.validate = lambda state: 1 / 0
    response = app.test_client().post("/v1/games/fake/validate", json={"state": STATE})
    body = assert_problem(response, 500)
    assert "ZeroDivision" not in json.dumps(body)


def test_integral_numbers_are_integers_as_in_json_schema(client):
    response = client.post("/v1/games/fake/validate", json={"state": dict(STATE, total=3.0)})
    assert response.status_code == 200
    body = assert_problem(client.post("/v1/games/fake/validate", json={"state": dict(STATE, total=3.5)}), 422)
    assert body["errors"][0]["pointer"] == "/state/total"
