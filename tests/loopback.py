"""A TCP server of the tests' own on a free loopback port, for the fakes that stand where a Redis would
(tests/fake_redis.py, tests/faults.py): it accepts in a thread of its own, holds at most ``max_sockets``
sockets at once (a client past them is closed at once), and closes itself, its listener and every socket
it holds, after ``lifetime`` seconds, so that a forgotten one cannot outlive its test for long.

A subclass answers each accepted client in ``serve_client`` (called on the accepting thread, so it starts
threads of its own for anything that waits) and may hold more sockets with ``hold`` and let them go with
``release``.
"""

from __future__ import annotations

import socket
import threading
from typing import Self


class LoopbackServer:
    name = "loopback-server"

    def __init__(self, lifetime: float, max_sockets: int):
        self.max_sockets = max_sockets
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.1)
        self.port = self._listener.getsockname()[1]
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self._timer = threading.Timer(lifetime, self.close)
        self._timer.daemon = True

    def __enter__(self) -> Self:
        self._timer.start()
        threading.Thread(target=self._accept, name=self.name, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self._stopped.set()
        self._timer.cancel()
        with self._lock:
            sockets, self._sockets = self._sockets, []
        for sock in [self._listener, *sockets]:
            try:
                sock.close()
            except OSError:
                pass

    def hold(self, sock: socket.socket) -> None:
        """Count ``sock`` among the sockets this server closes when it closes."""
        with self._lock:
            self._sockets.append(sock)

    def release(self, sock: socket.socket) -> None:
        """``sock`` is done with: no longer counted, and closed."""
        with self._lock:
            if sock in self._sockets:
                self._sockets.remove(sock)
        sock.close()

    def serve_client(self, client: socket.socket) -> None:
        raise NotImplementedError

    def _accept(self) -> None:
        while not self._stopped.is_set():
            try:
                client, _ = self._listener.accept()
            except (TimeoutError, OSError):
                continue
            with self._lock:
                if len(self._sockets) >= self.max_sockets:
                    client.close()
                    continue
                self._sockets.append(client)
            self.serve_client(client)
