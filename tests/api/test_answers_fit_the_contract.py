"""The service's answers are what the contract's generated components say: seeded games of every game
played through the routes (digitally and at a real table), each answer of every JSON route held against
the 200 response schema of its operation in openapi.yaml.

schemathesis (tests/test_contract.py) checks answers too, but to requests it draws at random, which
reach few states deep in a game; here every answer comes from a state a real game reaches."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service import create_app
from service.api.routes import ROUTES, Position
from service.engine.registry import GAME_IDS, SPECS
from tests.contract_document import contract

BASE = "urn:contract"
STEPS = 600  # moves at most per game; each of these seeded games ends within 440
# Steps between the answers checked mid-game (legal-moves, view, score, validate, replay): a page of moves
# takes about 80 ms to check. A move's answer is checked at every step that has events, and at these.
CHECK_EVERY = 10


@functools.cache
def registry() -> Registry:
    return Registry().with_resource(BASE, Resource.from_contents(contract(), default_specification=DRAFT202012))


@functools.cache
def validator(path: str, method: str) -> Draft202012Validator:
    content = contract()["paths"][path][method]["responses"]["200"]["content"]
    schema = next(media["schema"] for kind, media in content.items() if kind.endswith("json"))
    if "$ref" in schema:
        schema = {"$ref": BASE + schema["$ref"]}
    return Draft202012Validator(schema, registry=registry())


def answered(client, method: str, path: str, body: Any = None, check: bool = True) -> dict:
    accept = {"Accept": "application/json"}
    response = client.post(path, json=body) if method == "post" else client.get(path, headers=accept)
    assert response.status_code == 200, (path, response.get_json())
    answer = response.get_json()
    if check:
        assert_fits(path, method, answer)
    return answer


def assert_fits(path: str, method: str, answer: Any) -> None:
    errors = [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator(path, method).iter_errors(answer)
    ]
    assert errors == [], (path, errors[:5])


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


def test_the_catalogue_answers_fit(client):
    for path, operations in contract()["paths"].items():
        get = operations.get("get")
        if get is None or "{" in path or path.endswith(("openapi.json", "openapi.yaml")):
            continue
        content = get["responses"].get("200", {}).get("content", {})
        if any(kind.endswith("json") for kind in content):
            answered(client, "get", path)


def _chances(game_id: str) -> list[str]:
    options = contract()["components"]["schemas"].get(f"{_prefix(game_id)}Options", {}).get("properties", {})
    return ["digital", "table"] if "chance" in options else ["digital"]


def _prefix(game_id: str) -> str:
    return "".join(SPECS[game_id].info.name.split())


CASES = [(game_id, chance) for game_id in GAME_IDS for chance in _chances(game_id)]


@pytest.mark.parametrize(("game_id", "chance"), CASES)
def test_a_seeded_game_answers_fit(client, game_id, chance):
    base = f"/v1/games/{game_id}"
    rnd = random.Random(f"{game_id}-{chance}")
    players = ["anna", "ben", "cleo"][: max(2, SPECS[game_id].info.min_players)]
    setup = {"players": players, "seed": 7, **({"options": {"chance": chance}} if chance == "table" else {})}
    state = answered(client, "post", f"{base}/setup", setup)["state"]
    played: list[dict] = []
    answered(client, "get", base)
    answered(client, "get", f"{base}/rules")
    events = 0
    for step in range(STEPS):
        now = step % CHECK_EVERY == 0
        page = answered(client, "post", f"{base}/legal-moves", {"state": state}, check=now)
        if now:
            _check_around(client, Position(game_id, setup, state, (page["moves"] or [None])[0], players[0]))
        if not page["moves"]:
            break
        move = rnd.choice(page["moves"])
        moved = answered(client, "post", f"{base}/moves", {"state": state, "move": move}, check=False)
        assert moved["legal"], moved["violations"]
        if now or moved["events"]:
            assert_fits(f"{base}/moves", "post", moved)
        events += len(moved["events"])
        state, played = moved["state"], [*played, move]
    assert moved["status"]["over"] and events, "the game should end, with events on its way"
    _check_around(client, Position(game_id, setup, state, None, players[0]))
    answered(client, "post", f"{base}/replay", {"setup": setup, "moves": played})
    late = answered(client, "post", f"{base}/replay", {"setup": setup, "moves": [*played, played[-1]]})
    assert late["first_illegal"]["index"] == len(played)  # no move after the end


# The routes the play itself asks and checks; every other declared route with a JSON answer is asked
# around the position every CHECK_EVERY steps and at the end (service/api/routes.py: its example).
PLAYED = {"setup", "legal-moves", "moves"}


def _check_around(client, position: Position) -> None:
    for route in ROUTES:
        body = route.example(position)
        if route.path not in PLAYED and route.media == "application/json" and body is not None:
            answered(client, "post", f"/v1/games/{position.game}/{route.path}", body)
