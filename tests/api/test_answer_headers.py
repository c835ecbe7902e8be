"""Every answer says which rules it answers by (``X-Rules-Version``: its game's, or every game's for an
answer about none), and every cacheable answer says so (``Cache-Control`` beside its ETag); docs/wire.md."""

from __future__ import annotations

import pytest

from service import create_app
from service.engine.registry import GAME_IDS


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
