"""The generic game routes, driven through the fake game: answers, versions, ETags, determinism."""

import json

import pytest

from service.api.routes import ROUTES, Position

from . import fakegame

STATE = {"game": "fake", "players": ["ann", "bob"], "total": 0, "turn": 0}


@pytest.fixture
def client(app):
    fakegame.install(app)
    return app.test_client()


def test_setup_with_a_seed_is_deterministic_and_carries_versions(client):
    first = client.post("/v1/games/fake/setup", json={"players": ["ann", "bob"], "seed": 7})
    second = client.post("/v1/games/fake/setup", json={"players": ["ann", "bob"], "seed": 7})
    assert first.status_code == 200
    assert first.data == second.data
    body = first.get_json()
    assert body["seed"] == 7 and body["state"]["total"] == 7 % 3
    assert body["rules_version"] == "fake-1" and body["service_version"]
    assert first.headers["ETag"] == second.headers["ETag"]


def test_setup_without_a_seed_derives_one_from_the_request(client):
    first = client.post("/v1/games/fake/setup", json={"players": ["ann", "bob"]}).get_json()
    again = client.post("/v1/games/fake/setup", json={"players": ["ann", "bob"]}).get_json()
    other = client.post("/v1/games/fake/setup", json={"players": ["bob", "ann"]}).get_json()
    assert first["seed"] == again["seed"] != other["seed"]
    with_floats = client.post("/v1/games/fake/setup", json={"players": ["ann", "bob"], "options": {"target": 10.0}})
    with_ints = client.post("/v1/games/fake/setup", json={"players": ["ann", "bob"], "options": {"target": 10}})
    assert with_floats.status_code == 200
    assert with_floats.get_json()["seed"] == with_ints.get_json()["seed"]


def test_a_legal_move_returns_the_new_state_events_and_scores(client):
    body = client.post(
        "/v1/games/fake/moves", json={"state": STATE, "move": {"type": "add", "player": "ann", "amount": 2}}
    ).get_json()
    assert body["legal"] is True and body["violations"] == []
    assert body["state"] == {"game": "fake", "players": ["ann", "bob"], "total": 2, "turn": 1}
    assert body["scores"] == {"ann": 2, "bob": 2}


def test_an_illegal_move_is_200_with_every_violation(client):
    response = client.post(
        "/v1/games/fake/moves", json={"state": STATE, "move": {"type": "add", "player": "bob", "amount": 5}}
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["legal"] is False and body["state"] is None
    assert [(v["code"], v["pointer"]) for v in body["violations"]] == [
        ("fake.move.amount", "/move/amount"),
        ("fake.move.turn", "/move/player"),
    ]
    assert body["scores"] == {"ann": 0, "bob": 0}


def test_legal_moves_lists_what_moves_accepts(client):
    body = client.post("/v1/games/fake/legal-moves", json={"state": STATE}).get_json()
    assert body["count"] == 2
    for move in body["moves"]:
        assert client.post("/v1/games/fake/moves", json={"state": STATE, "move": move}).get_json()["legal"]


def test_legal_moves_refuses_an_unknown_type(client):
    response = client.post("/v1/games/fake/legal-moves", json={"state": STATE, "type": "fly"})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/type"


def test_validate_answers_200_for_an_inconsistent_state(client):
    body = client.post("/v1/games/fake/validate", json={"state": dict(STATE, turn=2)}).get_json()
    assert body == {
        "valid": False,
        "violations": [
            {"code": "fake.state.turn", "message": "No such seat.", "rule": "fake 0", "pointer": "/state/turn"}
        ],
        "rules_version": "fake-1",
        "service_version": body["service_version"],
    }


def test_replay_stops_at_the_first_illegal_move_and_reports_scorings(client):
    moves = [{"type": "add", "player": p, "amount": 2} for p in ["ann", "bob", "ann", "bob", "ann"]]
    moves.append({"type": "add", "player": "ann", "amount": 1})
    body = client.post("/v1/games/fake/replay", json={"state": STATE, "moves": moves}).get_json()
    assert body["valid"] is False
    assert body["first_illegal"]["index"] == 5
    assert body["state"]["total"] == 10
    assert body["scorings"] == [{"kind": "scored", "total": 10, "index": 4}]


def test_replay_from_setup(client):
    body = client.post(
        "/v1/games/fake/replay",
        json={"setup": {"players": ["a", "b"], "seed": 1}, "moves": [{"type": "add", "player": "a", "amount": 1}]},
    ).get_json()
    assert body["valid"] is True and body["state"]["total"] == 2


def test_score_view_and_render(client):
    assert client.post("/v1/games/fake/score", json={"state": STATE}).get_json()["totals"] == {"ann": 0, "bob": 0}
    assert client.post("/v1/games/fake/score", json={"state": STATE, "scoring": "x"}).status_code == 422
    assert client.post("/v1/games/fake/view", json={"state": STATE, "player": "ann"}).get_json()["state"] == STATE
    svg = client.post("/v1/games/fake/render", json={"state": STATE})
    assert svg.mimetype == "image/svg+xml" and svg.headers["X-Rules-Version"] == "fake-1"


def test_get_answers_honour_if_none_match(client):
    first = client.get("/v1/games")
    again = client.get("/v1/games", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


def test_the_game_list_names_the_four_games(client):
    games = {g["id"]: g for g in client.get("/v1/games").get_json()["games"]}
    assert {"newyork", "chinatown", "skyline3000", "fifthavenue"} <= set(games)
    assert games["newyork"]["players"] == {"min": 2, "max": 6}
    assert games["chinatown"]["players"] == {"min": 3, "max": 5}


def test_the_second_identical_evaluation_through_a_route_is_a_memo_hit(app, client):
    from prometheus_client import REGISTRY

    def hits():
        labels = {"kind": "fake.sum", "tier": "memory", "result": "hit"}
        return REGISTRY.get_sample_value("citygames_cache_lookups_total", labels) or 0

    body = {"state": STATE, "move": {"type": "add", "player": "ann", "amount": 1}}
    before = hits()
    client.post("/v1/games/fake/moves", json=body)
    assert hits() == before
    # The same request spelled with other whitespace: a new answer, but the same evaluation.
    client.post("/v1/games/fake/moves", data=json.dumps(body, indent=2), content_type="application/json")
    assert hits() == before + 1


@pytest.mark.parametrize("route", ROUTES, ids=lambda route: route.path)
def test_every_declared_route_is_served_for_a_game_by_post_only(client, route):
    body = route.example(
        Position(
            "fake", {"players": ["ann", "bob"], "seed": 1}, STATE, {"type": "add", "player": "ann", "amount": 1}, "ann"
        )
    )
    assert client.get(f"/v1/games/fake/{route.path}").status_code == 405
    answer = client.post(f"/v1/games/fake/{route.path}", json=body)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    assert answer.mimetype == route.media
