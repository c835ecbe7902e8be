"""Every answer says which rules it answers by (``X-Rules-Version``: its game's, or every game's for an
answer about none), and every cacheable answer says so (``Cache-Control`` beside its ETag); docs/wire.md."""

from __future__ import annotations

import pytest

from service import create_app
from service.engine.registry import GAME_IDS
from tests.contract_document import contract


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("POST", "/v1/games/{game}/setup", {"players": ["anna", "ben", "cleo"], "seed": 3}, 200),
        ("POST", "/v1/games/{game}/setup", {"players": "anna"}, 422),
        ("GET", "/v1/games/{game}", None, 200),
        ("GET", "/v1/games/{game}/nothing-here", None, 404),
    ],
)
@pytest.mark.parametrize("game", GAME_IDS)
def test_a_games_answer_carries_its_rules_version(client, game, method, path, body, status):
    rules_version = client.get(f"/v1/games/{game}").get_json()["rules_version"]
    answer = client.open(path.format(game=game), method=method, json=body)
    assert answer.status_code == status
    assert answer.headers["X-Rules-Version"] == rules_version


@pytest.mark.parametrize("path", ["/v1/games", "/healthz", "/openapi.json", "/no-such-route"])
def test_an_answer_about_no_game_carries_every_games_rules_version(client, path):
    games = {g: client.get(f"/v1/games/{g}").get_json()["rules_version"] for g in GAME_IDS}
    said = client.get(path).headers["X-Rules-Version"]
    assert said == ", ".join(f"{g}={v}" for g, v in games.items())


@pytest.mark.parametrize("path", ["/v1/games", "/v1/games/chinatown", "/openapi.json"])
def test_a_cacheable_answer_says_so_and_revalidates_by_its_etag(client, path):
    first = client.get(path)
    assert first.headers["Cache-Control"] == "public, no-cache" and first.headers["ETag"]
    again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.headers["Cache-Control"] == "public, no-cache"


def test_a_post_answer_is_not_offered_to_http_caches(client):
    answer = client.post("/v1/games/newyork/setup", json={"players": ["anna", "ben"], "seed": 3})
    assert "Cache-Control" not in answer.headers


# The headers the contract declares because the service sets them (service/api/answers.py, games.py,
# reading.py): a response must declare each one the service sends with it, and send each one it declares.
ANSWER_HEADERS = ("X-Rules-Version", "Cache-Control", "ETag", "Retry-After")


def _declared(document: dict, path: str, method: str, status: int) -> set[str]:
    response = document["paths"][path][method]["responses"][str(status)]
    if "$ref" in response:
        response = document["components"]["responses"][response["$ref"].rsplit("/", 1)[-1]]
    return set(response.get("headers", {})) & set(ANSWER_HEADERS)


def _sent(answer) -> set[str]:
    return {name for name in ANSWER_HEADERS if name in answer.headers}


def test_every_get_answer_and_its_304_declare_the_headers_the_service_sends(client):
    document = contract()
    checked = 0
    for path, operations in document["paths"].items():
        if "get" not in operations:
            continue
        url = path.replace("{slug}", "schema")
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert _sent(answer) == _declared(document, path, "get", 200), url
        if "ETag" in answer.headers:
            again = client.get(url, headers={"If-None-Match": answer.headers["ETag"]})
            assert again.status_code == 304, url
            assert _sent(again) == _declared(document, path, "get", 304), url
        checked += 1
    assert checked >= 15


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_games_post_answers_and_problems_declare_the_headers_the_service_sends(client, game):
    document = contract()
    path = "/v1/games/{game}/setup".replace("{game}", game)
    for body, status in (({"players": ["anna", "ben", "cleo"], "seed": 3}, 200), ({"players": "anna"}, 422)):
        answer = client.post(path, json=body)
        assert answer.status_code == status
        assert _sent(answer) == _declared(document, path, "post", status)
    malformed = client.post(path, data=b"{", content_type="application/json")
    assert malformed.status_code == 400 and _sent(malformed) == _declared(document, path, "post", 400)


def test_every_503_declares_retry_after_and_every_answer_x_rules_version():
    document = contract()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for status in operation.get("responses", {}):
                declared = _declared(document, path, method, status)
                assert "X-Rules-Version" in declared, (path, method, status)
                assert ("Retry-After" in declared) == (str(status) in ("429", "503")), (path, method, status)
