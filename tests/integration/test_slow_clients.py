"""Slow or hostile connections cannot starve the service.

16 connections that send the start of a request (or of a TLS hello) and never finish their headers are
held open against the default serving setups, the container's (``gunicorn -c deploy/gunicorn.conf.py``)
and ``city-games serve``; a cheap request must still be answered while they are all still held (with sync
workers it waited until they were dropped, 30 s or more). The test asserts that order, not a time: after
the answer, every slow connection is still open.
"""

import socket

import pytest

from .live import CITY_GAMES_SERVE, GUNICORN, gunicorn, request, slow_header_clients

pytestmark = pytest.mark.integration

HEADERS_STARTED = b"POST /v1/games/newyork/score HTTP/1.1\r\nHost: x\r\n"
TLS_HELLO_START = bytes.fromhex("160301012c01000128030321") + bytes(range(48))  # 60 bytes, never finished


@pytest.mark.parametrize("command", [GUNICORN, CITY_GAMES_SERVE], ids=["container", "city-games-serve"])
@pytest.mark.parametrize("opening", [HEADERS_STARTED, TLS_HELLO_START], ids=["headers", "tls-hello"])
def test_sixteen_unfinished_requests_do_not_delay_a_cheap_one(command, opening):
    assert len(TLS_HELLO_START) == 60
    with gunicorn(command=command) as server:
        with slow_header_clients(server.port, 16, opening) as slow:
            for path in ("/healthz", "/v1/games"):
                assert request(server.port, "GET", path, timeout=30).status == 200
            assert all(still_open(sock) for sock in slow), "answered only once the slow clients were dropped"


def still_open(sock: socket.socket) -> bool:
    """The server has neither closed nor answered the connection (a read would wait)."""
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.setblocking(True)


def test_a_connection_that_never_finishes_its_headers_is_dropped():
    """gunicorn's keepalive (5 s) also bounds reading the headers under gevent: the greenlet ends."""
    with gunicorn() as server:
        with slow_header_clients(server.port, 1) as (sock,):
            sock.settimeout(20)
            try:
                closed = sock.recv(1024) == b""
            except ConnectionResetError:
                closed = True
            except TimeoutError:
                closed = False
            assert closed


def test_a_body_that_stops_arriving_is_cut_off_with_a_4xx():
    """gunicorn bounds only the headers; the serving config's socket timeout (10 s of silence) bounds
    the body too, so a declared-but-never-sent body cannot hold its greenlet for ever."""
    opening = (
        b"POST /v1/games/newyork/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b'Content-Length: 1000\r\n\r\n{"state":'
    )
    with gunicorn() as server:
        with slow_header_clients(server.port, 1, opening) as (sock,):
            sock.settimeout(40)
            received = b""
            try:
                while chunk := sock.recv(4096):
                    received += chunk
            except TimeoutError:
                pytest.fail("the server still holds the connection after 40 s")
            except ConnectionResetError:
                pass
    status = int(received.split(b" ", 2)[1]) if received.startswith(b"HTTP/1.1 ") else None
    assert status is None or 400 <= status < 500, received[:300]
