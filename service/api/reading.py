"""Reading a request body off the connection: within a total deadline and a per-worker memory budget.

Per-read socket timeouts (``service/serving.py``) bound silence, not slowness: a client sending one byte
every few seconds would hold its connection, and the bytes it had sent, for ever. So every body has a
total deadline (``BODY_DEADLINE_SECONDS``), enforced by ``gevent.Timeout``, which interrupts a read
blocked on the socket under the gevent worker, and by the clock after every read under any other
server. Past it the answer is a 408 and the connection is closed.

The bytes of the bodies a worker is reading at once are bounded in all (``BODY_BUFFER_BYTES``): each read
first takes its size from the worker's ``BodyBudget``, and a body that cannot is refused with a 503 and
``Retry-After``. The budget keeps a reserve that only a body's first read may use, so that while large
bodies fill the rest, small requests (one read) are still read and answered.

A body whose framing is broken (a bad chunk size, a missing terminator, a body ending before its
``Content-Length``) is a 400, never the server's error. After any of these the connection's reading side
is shut, so the server does not go on draining what the client still sends.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time

import gevent
from gunicorn.http.errors import NoMoreData, ParseException
from werkzeug.exceptions import ClientDisconnected

from .problem_types import ApiProblem

READ_CHUNK = 64 * 1024


class BodyBudget:
    """Bytes held by the bodies this process is reading, at most ``total``; ``reserve`` of them only for a
    body's first read."""

    def __init__(self, total: int, reserve: int):
        if reserve >= total:
            raise ValueError("the reserve must be below the total")
        self.total, self.reserve = total, reserve
        self.held = 0
        self._lock = threading.Lock()

    def take(self, size: int, first: bool) -> bool:
        ceiling = self.total if first else self.total - self.reserve
        with self._lock:
            if self.held + size > ceiling:
                return False
            self.held += size
            return True

    def give_back(self, size: int) -> None:
        with self._lock:
            self.held -= size


class _BodyTimeout(Exception):
    """Raised by gevent.Timeout in the greenlet still reading when the body's deadline passes."""


def read_body(environ: dict, length: int | None, limit: int, seconds: float, budget: BodyBudget) -> bytes:
    """The body's bytes: ``length`` of them, or, without a length (chunked), up to one past ``limit`` so
    that a body over it is known to be (a 413). Refusals raise ApiProblem."""
    stream = environ["wsgi.input"]
    try:
        with gevent.Timeout(seconds, _BodyTimeout):
            return _read(stream, length, limit, time.monotonic() + seconds, budget)
    except _BodyTimeout:
        _stop_reading(environ)
        raise _timed_out(seconds) from None
    except ApiProblem:
        _stop_reading(environ)
        raise
    except (ParseException, NoMoreData, ClientDisconnected):
        _stop_reading(environ)
        raise _broken() from None
    except TimeoutError:
        _stop_reading(environ)
        raise _timed_out(seconds) from None
    except OSError:  # reset by the client: nobody will read the answer, but it is not the server's fault
        _stop_reading(environ)
        raise _broken() from None


def _read(stream, length: int | None, limit: int, due: float, budget: BodyBudget) -> bytes:
    chunks: list[bytes] = []
    size = held = 0
    wanted = limit + 1 if length is None else length
    try:
        while size < wanted:
            step = min(READ_CHUNK, wanted - size)
            if not budget.take(step, first=not chunks):
                raise ApiProblem(
                    503,
                    "The service is reading too many bodies at once; retry in a moment.",
                    slug="busy-reading",
                    headers={"Retry-After": "1"},
                )
            held += step
            chunk = stream.read(step)
            if time.monotonic() > due:
                raise _BodyTimeout()
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        budget.give_back(held)
    if length is not None and size < length:
        raise _broken()
    if size > limit:
        raise ApiProblem(413, "The body is over the limit of {limit} bytes.", limit=limit)
    return b"".join(chunks)


def _timed_out(seconds: float) -> ApiProblem:
    return ApiProblem(
        408,
        "The body did not arrive within {seconds} s; the connection is closed.",
        slug="body-timeout",
        seconds=f"{seconds:g}",
    )


def _broken() -> ApiProblem:
    return ApiProblem(
        400,
        "The body could not be read: its framing is broken or it ended early; the connection is closed.",
        slug="unreadable-body",
    )


def _stop_reading(environ: dict) -> None:
    """Shut the connection's reading side (gunicorn's socket), so that what the client still sends is not
    drained before the connection closes; the answer is still written."""
    sock = environ.get("gunicorn.socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RD)
