"""The games are bound once per process and shared by every app; each app's table of games is its own."""

from __future__ import annotations

from service import create_app
from service.engine.registry import GAME_IDS

from .fakegame import install


def test_every_app_shares_the_games_bindings_but_keeps_its_own_table_of_games():
    first, second = create_app({"redis_url": None}), create_app({"redis_url": None})
    assert set(first.extensions["games"]) == set(second.extensions["games"]) == set(GAME_IDS)
    for game_id in GAME_IDS:  # built once: the second app compiled no envelopes of its own
        assert first.extensions["games"][game_id] is second.extensions["games"][game_id]
        assert first.extensions["games"][game_id].available

    install(first)
    assert "fake" in first.extensions["games"]
    assert "fake" not in second.extensions["games"]
    assert "fake" not in create_app({"redis_url": None}).extensions["games"]
    assert second.test_client().post("/v1/games/fake/setup", json={"players": ["a", "b"]}).status_code == 404
