"""legal-moves answers a page: at most ``limit`` moves (100 by default, 1000 at most) and a cursor to the
next page, tied to the state and filters it was given for. Pages, walked to the end, are the whole listing
in its order; a page costs the candidates it considers, not every legal move."""

import itertools
import json

import pytest

from service import create_app
from service.engine.core import MovesPage
from service.engine.kit import Engine
from service.schemas.envelopes import DEFAULT_MOVES_LIMIT, MAX_MOVES_LIMIT

GAMES = ["newyork", "chinatown", "skyline3000", "fifthavenue"]


@pytest.fixture(scope="module")
def app():
    return create_app({"redis_url": None, "request_deadline_ms": 20_000})


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


def _state(client, game):
    return client.post(f"/v1/games/{game}/setup", json={"players": ["a", "b", "c"], "seed": 3}).get_json()["state"]


def _pages(client, game, body, limit):
    cursor, pages = None, []
    for _ in range(10_000):
        answer = client.post(
            f"/v1/games/{game}/legal-moves", json={**body, "limit": limit, **({"cursor": cursor} if cursor else {})}
        )
        assert answer.status_code == 200, answer.data[:300]
        page = answer.get_json()
        assert page["count"] == len(page["moves"]) <= limit
        pages.append(page)
        cursor = page["next_cursor"]
        if cursor is None:
            return pages
    raise AssertionError("the cursor never reached the end")


@pytest.mark.parametrize("game", GAMES)
def test_the_pages_walked_to_the_end_are_the_whole_listing_in_order(app, client, game):
    state = _state(client, game)
    binding = app.extensions["games"][game]
    whole = binding.envelopes.moves_out.dump(
        binding.game.legal_moves(binding.envelopes.requests["validate"].load({"state": state})["state"])
    )
    assert len(whole) > 3
    pages = _pages(client, game, {"state": state}, 3)
    assert [move for page in pages for move in page["moves"]] == whole
    assert all(page["moves"] for page in pages[:-1])


def test_without_a_limit_a_page_holds_the_default_and_the_limit_has_a_maximum(app, client):
    state = _state(client, "newyork")
    binding = app.extensions["games"]["newyork"]
    count = len(binding.game.legal_moves(binding.envelopes.requests["validate"].load({"state": state})["state"]))
    page = client.post("/v1/games/newyork/legal-moves", json={"state": state}).get_json()
    assert page["count"] == min(count, DEFAULT_MOVES_LIMIT)
    assert (page["next_cursor"] is None) == (count <= DEFAULT_MOVES_LIMIT)
    for limit in (0, MAX_MOVES_LIMIT + 1):
        refused = client.post("/v1/games/newyork/legal-moves", json={"state": state, "limit": limit})
        assert refused.status_code == 422 and refused.get_json()["errors"][0]["pointer"] == "/limit"


def test_a_cursor_given_for_another_state_or_filter_is_422(client):
    state = _state(client, "newyork")
    cursor = client.post("/v1/games/newyork/legal-moves", json={"state": state, "limit": 1}).get_json()["next_cursor"]
    assert cursor is not None
    other = {**state, "current": "a" if state["current"] != "a" else "b"}
    for body in ({"state": other}, {"state": state, "type": "take_money"}, {"state": state, "player": "b"}):
        refused = client.post("/v1/games/newyork/legal-moves", json={**body, "cursor": cursor, "limit": 1})
        assert refused.status_code == 422
        assert refused.get_json()["errors"] == [
            {
                "pointer": "/cursor",
                "message": ("This cursor was not given for this state, player and type: start again without one."),
            }
        ]
    forged = client.post("/v1/games/newyork/legal-moves", json={"state": state, "cursor": "x" * 64})
    assert forged.status_code == 422
    # the same state sent with other whitespace or key order keeps its cursor
    same = json.loads(json.dumps(state, indent=1))
    assert client.post("/v1/games/newyork/legal-moves", json={"cursor": cursor, "state": same}).status_code == 200


class Endless(Engine):
    """An engine whose candidates never end: only a lazy page can answer it."""

    def __init__(self):
        super().__init__()
        self.checked = 0

    def state_violations(self, state):
        return []

    def candidates(self, state, player, move_type):
        return itertools.count()

    def move_violations(self, state, move):
        self.checked += 1
        return [] if move % 3 == 0 else ["illegal"]


def test_a_page_considers_only_the_candidates_it_needs():
    engine = Endless()
    assert engine.legal_page(None, None, None, 0, 4) == MovesPage([0, 3, 6, 9], 10)
    assert engine.checked == 10
    engine.checked = 0
    assert engine.legal_page(None, None, None, 10, 2) == MovesPage([12, 15], 16)
    assert engine.checked == 6  # the ten before the start are skipped unchecked
