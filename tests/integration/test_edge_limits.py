"""The edge's limits, live: HAProxy with the deployment's config (deploy/haproxy/haproxy.cfg) answers a
client past its rate limit 429 with Retry-After as problem+json, and no request with a 5xx; a request
that says ``Expect: 100-continue`` with a Content-Length over the body limit gets its 413 without a
``100 Continue``, from HAProxy and from gunicorn alike."""

import json
import socket

import pytest

from tests.ports import free_port

from .live import gunicorn, haproxy, request

pytestmark = pytest.mark.integration

LIMIT = 20
SENT = 3 * LIMIT


def _replicas():
    return (
        gunicorn({"PROBE_PORT": str(free_port())}, workers=1),
        gunicorn({"PROBE_PORT": str(free_port())}, workers=1),
    )


def test_past_the_rate_limit_a_client_gets_429_with_retry_after_and_never_a_5xx():
    first, second = _replicas()
    # a minute's window: every request below falls in it, however slow the machine
    with first as a, second as b, haproxy([a, b], {"RATE_LIMIT": str(LIMIT), "RATE_WINDOW": "60s"}) as front:
        answers = [request(front.port, "GET", "/v1/games") for _ in range(SENT)]
    statuses = [answer.status for answer in answers]
    assert set(statuses) == {200, 429}, statuses
    assert statuses.count(200) <= LIMIT  # the helper's own start-up checks were counted too
    refused = next(answer for answer in answers if answer.status == 429)
    assert int(refused.headers["retry-after"]) > 0
    assert refused.headers["content-type"] == "application/problem+json"
    problem = json.loads(refused.body)
    assert problem["status"] == 429 and problem["type"] == "/problems/rate-limited"


def _expecting_continue(port: int, length: int) -> bytes:
    """The first bytes answered to headers announcing ``length`` bytes and asking Expect: 100-continue
    (no body is ever sent)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(
            b"POST /v1/games/newyork/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\nExpect: 100-continue\r\n\r\n" % length
        )
        return sock.recv(4096)


def test_expect_continue_over_the_body_limit_gets_413_and_no_100_from_gunicorn_and_haproxy():
    first, second = _replicas()
    with first as a, second as b, haproxy([a, b]) as front:
        for port in (a.port, front.port):
            head = _expecting_continue(port, 50_000_000)
            assert head.startswith(b"HTTP/1.1 413"), (port == front.port, head[:200])
            assert b"100 Continue" not in head
        # within the limit, the client is told to go on
        assert _expecting_continue(a.port, 1000).startswith(b"HTTP/1.1 100")
