"""CORS: no cross-origin access unless CORS_ORIGINS names the origin (or is *)."""

import pytest

from service import create_app
from service.config import ConfigError, settings_from_env

PREFLIGHT = {
    "Origin": "https://table.example",
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "Content-Type",
}
BODY = {"state": {"board": {}}}


def test_no_origin_is_allowed_by_default():
    client = create_app({"redis_url": None}).test_client()
    answer = client.post("/v1/games/chinatown/score", json=BODY, headers={"Origin": "https://table.example"})
    assert answer.status_code == 200 and "Access-Control-Allow-Origin" not in answer.headers
    assert "Access-Control-Allow-Origin" not in client.options("/v1/games/chinatown/score", headers=PREFLIGHT).headers


def test_a_configured_origin_may_call_and_read_the_revalidation_headers():
    client = create_app({"redis_url": None, "cors_origins": ("https://table.example",)}).test_client()
    preflight = client.options("/v1/games/chinatown/score", headers=PREFLIGHT)
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://table.example"
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    answer = client.post("/v1/games/chinatown/score", json=BODY, headers={"Origin": "https://table.example"})
    assert answer.headers["Access-Control-Allow-Origin"] == "https://table.example"
    assert "ETag" in answer.headers["Access-Control-Expose-Headers"]
    other = client.post("/v1/games/chinatown/score", json=BODY, headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


def test_cors_origins_come_from_the_environment_and_bad_ones_are_refused():
    assert settings_from_env({"CORS_ORIGINS": "https://a.example, http://localhost:5173/"}).cors_origins == (
        "https://a.example",
        "http://localhost:5173",
    )
    assert settings_from_env({"CORS_ORIGINS": "*"}).cors_origins == ("*",)
    assert settings_from_env({"CORS_ORIGINS": ""}).cors_origins == ()
    for bad in ("a.example", "https://a.example/path", "ftp://a.example", "*, https://a.example"):
        with pytest.raises(ConfigError, match="CORS_ORIGINS"):
            settings_from_env({"CORS_ORIGINS": bad})
