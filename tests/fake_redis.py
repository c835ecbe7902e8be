"""A hostile Redis on loopback: it greets like Redis (AUTH, SELECT, CLIENT, PING answered ``+OK``/``+PONG``)
and answers every read (GET, MGET) in one of three ways:

- ``huge``: a bulk string announced as ``size`` bytes (200 MiB by default), sent as fast as it is read;
- ``dribble``: a valid reply of ``size`` bytes, one byte every ``interval`` seconds (a second by default);
- ``array``: an array of a thousand values of ``size`` bytes each;
- ``silent``: nothing, ever.

A thread a connection, bounded (at most ``max_connections`` at once) and self-stopping after ``lifetime``
seconds (tests/loopback.py).
"""

from __future__ import annotations

import socket
import threading

from tests.loopback import LoopbackServer

MODES = ("huge", "dribble", "array", "silent")
GREETINGS = {b"AUTH": b"+OK\r\n", b"SELECT": b"+OK\r\n", b"CLIENT": b"+OK\r\n", b"PING": b"+PONG\r\n"}


def _commands(sock: socket.socket):
    """Each RESP array of bulk strings the client sends, as a list of bytes."""
    buffer = b""

    def line() -> bytes:
        nonlocal buffer
        while b"\r\n" not in buffer:
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionError
            buffer += chunk
        head, _, buffer = buffer.partition(b"\r\n")
        return head

    def exactly(size: int) -> bytes:
        nonlocal buffer
        while len(buffer) < size + 2:
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionError
            buffer += chunk
        data, buffer = buffer[:size], buffer[size + 2 :]
        return data

    while True:
        head = line()
        if not head.startswith(b"*"):
            yield head.split()
            continue
        yield [exactly(int(line()[1:])) for _ in range(int(head[1:]))]


class HostileRedis(LoopbackServer):
    name = "hostile-redis"

    def __init__(
        self,
        mode: str,
        size: int = 200 * 1024 * 1024,
        interval: float = 1.0,
        lifetime: float = 120.0,
        max_connections: int = 64,
    ):
        assert mode in MODES
        super().__init__(lifetime, max_sockets=max_connections)
        self.mode, self.size, self.interval = mode, size, interval
        self.reads = 0  # GET/MGET commands received
        self.sent = 0  # payload bytes sent in answer to them

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def serve_client(self, client: socket.socket) -> None:
        threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, sock: socket.socket) -> None:
        sock.settimeout(None)
        try:
            for command in _commands(sock):
                name = command[0].upper() if command else b""
                if name in GREETINGS:
                    sock.sendall(GREETINGS[name])
                    continue
                with self._lock:
                    self.reads += 1
                self._answer(sock)
        except OSError:
            pass
        finally:
            self.release(sock)

    def _answer(self, sock: socket.socket) -> None:
        if self.mode == "silent":
            self._stopped.wait()
        elif self.mode == "dribble":
            for byte in b"$%d\r\n%s\r\n" % (self.size, b"x" * self.size):
                if self._stopped.wait(self.interval):
                    return
                sock.sendall(bytes([byte]))
        elif self.mode == "array":
            sock.sendall(b"*1000\r\n")
            value = b"$%d\r\n%s\r\n" % (self.size, b"x" * self.size)
            for _ in range(1000):
                sock.sendall(value)
                with self._lock:
                    self.sent += len(value)
        else:
            sock.sendall(b"$%d\r\n" % self.size)
            chunk = b"x" * 65536
            left = self.size
            while left > 0 and not self._stopped.is_set():
                sock.sendall(chunk[: min(left, len(chunk))])
                left -= len(chunk)
                with self._lock:
                    self.sent += len(chunk)
