"""Chunked bodies over MAX_BODY_BYTES under real gunicorn: 413, never an answer from a cut prefix.

Raw sockets, because an HTTP client library would add a Content-Length. One gunicorn from the deploy
config, one worker, loopback only.
"""

import json
import socket
import threading

import pytest

from service import create_app
from tests.integration.live import gunicorn

LIMIT = 1024 * 1024

# One xdist worker runs the file, so the module's one gunicorn is started once, not once per worker.
pytestmark = pytest.mark.xdist_group("chunked-bodies")


@pytest.fixture(scope="module")
def server():
    with gunicorn({"MAX_BODY_BYTES": str(LIMIT), "BODY_DEADLINE_SECONDS": "2"}, workers=1) as server:
        yield server


@pytest.fixture(scope="module")
def port(server):
    return server.port


def _chunks(body: bytes, size: int = 64 * 1024) -> bytes:
    out = [b"%x\r\n%s\r\n" % (len(body[i : i + size]), body[i : i + size]) for i in range(0, len(body), size)]
    return b"".join(out) + b"0\r\n\r\n"


def _post_chunked(port: int, body: bytes) -> bytes:
    """The status line of the answer; the body is sent from a thread while the answer is read, as a client
    that the server stops reading early would."""
    head = (
        b"POST /v1/games/newyork/validate HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:

        def send():
            try:
                sock.sendall(head + _chunks(body))
            except OSError:
                pass  # the server answered and closed before reading everything: expected over the limit

        sender = threading.Thread(target=send)
        sender.start()
        answer = b""
        while b"\r\n" not in answer:
            part = sock.recv(4096)
            if not part:
                break
            answer += part
        sender.join()
    return answer.split(b"\r\n", 1)[0]


@pytest.fixture(scope="module")
def valid_body():
    client = create_app({"redis_url": None}).test_client()
    state = client.post("/v1/games/newyork/setup", json={"players": ["a", "b"], "seed": 1}).get_json()["state"]
    raw = json.dumps({"state": state}).encode()
    return raw + b" " * (LIMIT - len(raw))


def test_a_valid_prefix_with_garbage_past_the_limit_is_413(port, valid_body):
    assert _post_chunked(port, valid_body + b"x" * 700_000).startswith(b"HTTP/1.1 413")


def test_a_3_mib_chunked_body_is_413(port):
    assert _post_chunked(port, b"x" * (3 * LIMIT)).startswith(b"HTTP/1.1 413")


def test_a_chunked_body_at_the_limit_is_answered(port, valid_body):
    assert _post_chunked(port, valid_body).startswith(b"HTTP/1.1 200")


HEAD = (
    b"POST /v1/games/newyork/validate HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
    b"Transfer-Encoding: chunked\r\n\r\n"
)


def _status_of_raw(port: int, raw: bytes, end_sending: bool) -> bytes:
    """The status line answered to ``raw`` sent whole; with ``end_sending`` the client then shuts its side,
    otherwise it stays silent (a stalled body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(raw)
        if end_sending:
            sock.shutdown(socket.SHUT_WR)
        answer = b""
        while b"\r\n" not in answer:
            part = sock.recv(4096)
            if not part:
                break
            answer += part
    return answer.split(b"\r\n", 1)[0]


@pytest.mark.parametrize(
    "framing, end_sending, status",
    [
        (b"zz\r\n{}\r\n0\r\n\r\n", True, b"400"),  # a chunk size that is not hexadecimal
        (b"2\n{}\n0\n\n", True, b"400"),  # LF-only line endings
        (b"2\r\n{}\r\n", True, b"400"),  # no last chunk: the client ends its side
        (b"2\r\n{}XX0\r\n\r\n", True, b"400"),  # a chunk without its CRLF
        (b"%x\r\n{}" % (8 * LIMIT), True, b"400"),  # a chunk declared far over the limit, cut short
        (b"2\r\n{}\r\n", False, b"408"),  # no last chunk, and the client stalls
    ],
    ids=["bad-size", "lf-only", "missing-last-chunk", "missing-terminator", "huge-chunk", "stalled"],
)
def test_broken_chunked_framing_is_a_4xx_and_never_a_traceback(server, framing, end_sending, status):
    assert _status_of_raw(server.port, HEAD + framing, end_sending).split(b" ")[:2] == [b"HTTP/1.1", status]
    assert "Traceback" not in server.log()


def _raw_answer(port: int, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(data)
        answer = b""
        while b"\r\n\r\n" not in answer:
            part = sock.recv(4096)
            if not part:
                break
            answer += part
    return answer


@pytest.mark.parametrize(
    "data, status",
    [
        (b"GET /healthz HTTP/1.2\r\nHost: x\r\n\r\n", b"505"),
        (b"GET /healthz HTTP/1.1\r\n\r\n", b"400"),  # HTTP/1.1 without Host (RFC 9112 section 3.2)
        (b"XY /healthz HTTP/1.1\r\nHost: x\r\n\r\n", b"400"),  # refused by gunicorn itself
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n", b"400"),  # refused by gunicorn itself
    ],
    ids=["http-1.2", "no-host", "bad-method", "bad-header"],
)
def test_refused_requests_are_problems_with_the_security_headers(server, data, status):
    head = _raw_answer(server.port, data).split(b"\r\n\r\n", 1)[0].decode("latin-1").lower()
    assert head.split(" ")[1] == status.decode()
    assert "content-type: application/problem+json" in head and "x-content-type-options: nosniff" in head
    assert "content-security-policy: default-src 'none'" in head and "x-frame-options: deny" in head
