"""Unknown keys anywhere are refused at about the cost of parsing: past the 50 a problem lists, they are
counted by set differences and the first 50 named, and marshmallow (about 50 us an unknown key, with the
edge's pointers) never runs."""

import json

import pytest
from marshmallow import Schema

from service import create_app
from service.api.echo import MAX_LISTED_ERRORS
from service.api.routes import ROUTES, Position
from service.schemas import unknown


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


@pytest.fixture(scope="module")
def state(client):
    return client.post("/v1/games/newyork/setup", json={"players": ["a", "b"], "seed": 1}).get_json()["state"]


def test_the_refusal_lists_as_many_errors_as_a_problem_does():
    assert unknown.LISTED == MAX_LISTED_ERRORS


def _pointer_to(body, part, at="") -> str:
    """The JSON pointer of ``part`` (the very object) in ``body``."""
    if body is part:
        return at
    items = body.items() if isinstance(body, dict) else enumerate(body) if isinstance(body, list) else ()
    for key, value in items:
        if _holds(value, part):
            return _pointer_to(value, part, f"{at}/{key}")
    raise AssertionError("not in the body")


def _with_unknown(state, count):
    player = {**state["players"][1], **{f"k{i}": 0 for i in range(count)}}
    return {"state": {**state, "players": [state["players"][0], player]}}


def _holds(body, part) -> bool:
    """Whether ``part`` (the very object) is somewhere in ``body``."""
    if body is part:
        return True
    if isinstance(body, dict):
        return any(_holds(value, part) for value in body.values())
    if isinstance(body, list):
        return any(_holds(value, part) for value in body)
    return False


@pytest.mark.parametrize("route", ROUTES, ids=lambda route: route.path)
def test_80000_unknown_keys_in_a_player_are_refused_without_marshmallow(client, state, route, monkeypatch):
    """Every declared route whose request carries a state (its example from a position holds it)."""
    crowded = _with_unknown(state, 80_000)["state"]
    move = client.post("/v1/games/newyork/legal-moves", json={"state": state}).get_json()["moves"][0]
    body = route.example(Position("newyork", {"players": ["a", "b"], "seed": 1}, crowded, move, "a"))
    if body is None or not _holds(body, crowded):
        pytest.skip(f"{route.path} takes no state")
    pointer = _pointer_to(body, crowded)
    raw = json.dumps(body, separators=(",", ":")).encode()
    assert len(raw) < 1024 * 1024

    def marshmallow_load(*args, **kwargs):
        raise AssertionError("marshmallow collected the unknown keys")

    monkeypatch.setattr(Schema, "load", marshmallow_load)
    answer = client.post(f"/v1/games/newyork/{route.path}", data=raw, content_type="application/json")
    assert answer.status_code == 422, answer.get_data(as_text=True)[:300]
    problem = answer.get_json()
    assert [e["pointer"] for e in problem["errors"]] == [f"{pointer}/players/1/k{i}" for i in range(50)]
    assert {e["message"] for e in problem["errors"]} == {"Unknown field."}
    assert problem["errors_left_out"] == 80_000 - 50
    assert problem["detail"].startswith("80000 field(s)")


def test_unknown_keys_spread_over_objects_are_counted_together(client, state):
    body = _with_unknown(state, 30)
    body["state"]["players"][0] = {**state["players"][0], **{f"z{i}": i for i in range(30)}}
    problem = client.post("/v1/games/newyork/validate", json=body).get_json()
    assert problem["errors_left_out"] == 10
    assert problem["errors"][0]["pointer"] == "/state/players/0/z0"  # the body's order


def test_fifty_unknown_keys_are_still_judged_by_marshmallow_with_every_other_error(client, state):
    body = _with_unknown(state, 50)
    body["state"]["players"][0] = {**state["players"][0], "points": "many"}
    problem = client.post("/v1/games/newyork/validate", json=body).get_json()
    pointers = {e["pointer"] for e in problem["errors"]}
    assert "/state/players/0/points" in pointers and len(pointers) == 50
    assert problem["errors_left_out"] == 1  # the problem lists 50 of marshmallow's 51
    assert problem["detail"].startswith("51 field(s)")
