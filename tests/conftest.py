"""Fixtures shared by every test: the app on its in-process memo, and a test client; a Redis database of
each test process's own."""

from __future__ import annotations

import os
from urllib.parse import urlparse

import pytest

from service import create_app
from tests.ports import process_index

REDIS_DATABASES = 16  # Redis's default `databases`


def redis_test_url(base: str, index: int) -> str:
    """The Redis URL of test process ``index`` (0 without xdist, N + 1 for the xdist worker gwN).

    ``base`` (REDIS_TEST_URL) names the main process's database; each xdist worker takes the one below
    the previous (with 15: gw0 14, gw1 13, ...), so one worker's flushdb never wipes another's keys.
    """
    if not 0 <= index < REDIS_DATABASES:
        raise ValueError(f"no Redis database left for test process {index}")
    parts = urlparse(base)
    db = int(parts.path.strip("/") or 0)
    return parts._replace(path=f"/{(db - index) % REDIS_DATABASES}").geturl()


REDIS_TEST_URL = redis_test_url(os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/15"), process_index())

# Handed out first under xdist (which hands out work in collection order): the two long groups one worker
# must run whole (the contract run, about a minute; the generated client, generated once then playing four
# games), then the browser and live-server tests, which mostly wait. Started last they would trail the
# CPU-bound rest; started first they overlap it.
FIRST = ("tests/test_contract.py", "tests/test_generated_client.py", "tests/browser/", "tests/integration/")


@pytest.hookimpl(trylast=True)  # after xdist's own, which names each grouped test's group in its node id
def pytest_collection_modifyitems(config, items):
    def rank(item) -> int:
        return next((i for i, prefix in enumerate(FIRST) if item.nodeid.startswith(prefix)), len(FIRST))

    items.sort(key=rank)
    # The group reaches xdist's scheduler only in the node id; a pytest that drops it (9.2 does:
    # pytest-dev/pytest-xdist#1386) would spread each group over the workers without a word.
    if config.getoption("loadgroup", False):
        lost = [item.nodeid for item in items if item.get_closest_marker("xdist_group") and "@" not in item.nodeid]
        if lost:
            raise pytest.UsageError(f"--dist loadgroup lost the xdist_group of {len(lost)} tests, e.g. {lost[0]}")


@pytest.fixture
def app():
    return create_app({"redis_url": None})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def redis_url():
    """A real Redis (this test process's own database, flushed before and after), or a skip when none
    answers locally.

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
