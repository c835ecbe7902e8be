"""Fixtures shared by every test: the app on its in-process memo, and a test client."""
from __future__ import annotations

import os

import pytest

from service import create_app

REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture
def app():
    return create_app({"redis_url": None})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def redis_url():
    """A real Redis (database 15, flushed before and after), or a skip when none answers locally.

    In CI a skip is not acceptable: `.ci/run` starts redis-server first and sets REQUIRE_REDIS=1.
    """
    import redis

    client = redis.Redis.from_url(REDIS_TEST_URL, socket_timeout=1, socket_connect_timeout=1)
    try:
        client.ping()
    except redis.RedisError:
        if os.environ.get("REQUIRE_REDIS"):
            pytest.fail(f"REQUIRE_REDIS is set but no Redis answers at {REDIS_TEST_URL}")
        pytest.skip(f"no Redis at {REDIS_TEST_URL}")
    client.flushdb()
    yield REDIS_TEST_URL
    client.flushdb()
