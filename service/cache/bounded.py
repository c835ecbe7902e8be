"""Redis calls bounded in time and in memory, whatever the server (or whoever holds the link) sends.

redis-py's own timeouts bound each socket operation, not a call: a server that dribbles a byte a
second, or sends a 200 MiB reply a few kilobytes at a time, keeps every read under the timeout and the
call going for as long as it likes, and the reply is read whole into memory before anything looks at it.
Two of redis-py's extension points close that:

- the connection's socket is wrapped (``DeadlineSocket``): every send and receive waits at most until the
  deadline of the call in progress (``bounded_call``, set per thread, so per greenlet under gevent), then
  fails as a timeout, so a whole call (connection set-up, sending, reading every byte) ends by its deadline;
- the connection's parser (``parser_class``) reads through a buffer that refuses, before reading it, a
  bulk string longer than ``Limits.value_bytes`` (the largest value the service writes, sealed), a line
  longer than ``Limits.line_bytes``, and more than ``Limits.reply_bytes`` in one reply: the refusal is
  an ``InvalidResponse``, upon which redis-py drops the connection (the rest of the reply is never read).

Both are failures of the call, so the circuit breaker counts them like any other.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from redis import exceptions as redis_errors
from redis._parsers.resp2 import _RESP2Parser
from redis._parsers.socket import SocketBuffer
from redis.exceptions import InvalidResponse

_call = threading.local()  # the deadline (time.monotonic) of this thread's (greenlet's) Redis call


@contextmanager
def bounded_call(seconds: float, reply_bytes: int | None = None) -> Iterator[None]:
    """Every Redis socket operation of the block ends by ``seconds`` from now (nested: the earlier
    wins), and each reply read meanwhile holds at most ``reply_bytes`` (else ``Limits.reply_bytes``)."""
    outer, outer_bytes = getattr(_call, "deadline", None), getattr(_call, "reply_bytes", None)
    deadline = time.monotonic() + seconds
    _call.deadline = deadline if outer is None else min(outer, deadline)
    _call.reply_bytes = reply_bytes if reply_bytes is not None else outer_bytes
    try:
        yield
    finally:
        _call.deadline, _call.reply_bytes = outer, outer_bytes


def _left() -> float | None:
    """Seconds left to the current call's deadline (None outside a call); a timeout once it passed."""
    deadline: float | None = getattr(_call, "deadline", None)
    if deadline is None:
        return None
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError("the Redis call's deadline passed")
    return left


class DeadlineSocket:
    """A connected socket whose sends and receives wait at most the socket's own timeout and never past
    the deadline of the call in progress. Everything else is the socket's."""

    def __init__(self, sock: socket.socket):
        self._sock = sock
        self._own_timeout = sock.gettimeout()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)

    def settimeout(self, value: float | None) -> None:
        self._own_timeout = value
        self._sock.settimeout(value)

    def gettimeout(self) -> float | None:
        return self._own_timeout

    def _bounded(self) -> None:
        left = _left()
        own = self._own_timeout
        if left is not None and own != 0:  # 0: a non-blocking poll, which waits for nothing anyway
            self._sock.settimeout(left if own is None else min(own, left))

    def recv(self, size: int, *flags: int) -> bytes:
        self._bounded()
        try:
            return self._sock.recv(size, *flags)
        finally:
            self._sock.settimeout(self._own_timeout)

    def sendall(self, data: Any, *flags: int) -> None:
        # In pieces, so that a server that stops reading cannot hold a large send past the deadline
        # either (a blocking sendall's timeout applies to each chunk the kernel takes, not the whole).
        view = memoryview(data).cast("B")
        try:
            while view:
                self._bounded()
                sent = self._sock.send(view[:65536], *flags)
                view = view[sent:]
        finally:
            self._sock.settimeout(self._own_timeout)

    def send(self, data: Any, *flags: int) -> int:
        self._bounded()
        try:
            return self._sock.send(data, *flags)
        finally:
            self._sock.settimeout(self._own_timeout)


class DeadlineConnection:
    """Mixed into the clients' connection classes: its socket is a DeadlineSocket, and opening it (the
    TCP handshake) waits no longer than the call has left."""

    socket_connect_timeout: float | None

    def _connect(self) -> Any:
        left = _left()
        own = self.socket_connect_timeout
        if left is not None:
            self.socket_connect_timeout = left if own is None else min(own, left)
        try:
            sock = super()._connect()  # type: ignore[misc]
        finally:
            self.socket_connect_timeout = own
        return DeadlineSocket(sock)


@dataclass(frozen=True)
class Limits:
    """The most one reply may hold: ``value_bytes`` in one bulk string, ``line_bytes`` in one line (a
    status, an error, a length), ``reply_bytes`` in all."""

    value_bytes: int
    reply_bytes: int
    line_bytes: int = 64 * 1024


class _BoundedBuffer(SocketBuffer):
    def __init__(self, sock: Any, socket_read_size: int, socket_timeout: float, limits: Limits):
        super().__init__(sock, socket_read_size, socket_timeout)
        self.limits = limits
        self.budget = limits.reply_bytes

    def _charge(self, size: int) -> None:
        self.budget -= size
        if self.budget < 0:
            raise InvalidResponse("a Redis reply longer than this call may read: refused")

    def read(self, length: int, *args: Any, **kwargs: Any) -> bytes:
        if length > self.limits.value_bytes:
            raise InvalidResponse(
                f"a Redis value of {length} bytes, over the {self.limits.value_bytes} the service writes: refused"
            )
        self._charge(length)
        return super().read(length, *args, **kwargs)

    def readline(self, *args: Any, **kwargs: Any) -> bytes:
        # As SocketBuffer.readline, but a line that has not ended after line_bytes is refused.
        buf = self._live_buffer()
        try:
            data = buf.readline()
            while not data.endswith(b"\r\n"):
                if len(data) > self.limits.line_bytes:
                    raise InvalidResponse(f"a Redis reply line longer than {self.limits.line_bytes} bytes: refused")
                self._read_from_socket(*args, **kwargs)
                data += buf.readline()
        except ValueError:
            raise redis_errors.ConnectionError("the Redis connection was closed while reading") from None
        self._charge(len(data))
        return data[:-2]


class BoundedParser(_RESP2Parser):
    """RESP2 read through a buffer that refuses what exceeds ``limits`` (a subclass sets them)."""

    limits: Limits

    def on_connect(self, connection: Any) -> None:
        super().on_connect(connection)  # type: ignore[no-untyped-call]  # redis-py's parser is untyped
        self._buffer = _BoundedBuffer(self._sock, self.socket_read_size, connection.socket_timeout, self.limits)

    def read_response(self, *args: Any, **kwargs: Any) -> Any:
        if isinstance(self._buffer, _BoundedBuffer):
            wanted = getattr(_call, "reply_bytes", None)
            self._buffer.budget = self.limits.reply_bytes if wanted is None else min(wanted, self.limits.reply_bytes)
        return super().read_response(*args, **kwargs)


def parser_for(limits: Limits) -> type[BoundedParser]:
    return type("BoundedParser", (BoundedParser,), {"limits": limits})


def bounded(base: type) -> type:
    """``base`` (a redis-py connection class) with a DeadlineSocket."""
    return type(f"Deadline{base.__name__}", (DeadlineConnection, base), {})
