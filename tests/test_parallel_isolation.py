"""Test processes running side by side (pytest-xdist) share nothing: each has its own Redis database and
its own block of loopback ports, below the range outgoing connections take their ports from."""

import pytest

from tests import ports
from tests.conftest import redis_test_url


def test_each_test_process_has_a_redis_database_of_its_own():
    urls = [redis_test_url("redis://127.0.0.1:6379/15", index) for index in range(5)]
    assert urls == [f"redis://127.0.0.1:6379/{db}" for db in (15, 14, 13, 12, 11)]
    assert redis_test_url("redis://:pw@cache:6380/1", 3) == "redis://:pw@cache:6380/14"
    assert redis_test_url("redis://127.0.0.1:6379", 1) == "redis://127.0.0.1:6379/15"
    with pytest.raises(ValueError):
        redis_test_url("redis://127.0.0.1:6379/15", 16)


def test_each_test_process_has_a_block_of_ports_below_the_ephemeral_range(monkeypatch):
    blocks = []
    for worker in ("", "gw0", "gw1", "gw7"):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
        blocks.append(ports._block())
    assert [b.start for b in blocks] == [ports.FIRST + i * ports.BLOCK for i in (0, 1, 2, 8)]
    assert all(b.stop <= ports.ephemeral_low() for b in blocks)


def test_a_port_is_handed_out_once_and_free():
    port = ports.free_port()
    assert port in ports._block() and ports._is_free(port)
    assert port not in {ports.free_port() for _ in range(20)}
