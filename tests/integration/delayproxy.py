"""A minimal loopback TCP proxy that holds every chunk a client sends for ``delay`` seconds before
forwarding it: for Redis, one command (or pipeline) per chunk, so "Redis answers in ``delay``".

Stand-in until the cache work's ``tests/faults.py`` (same constructor: ``DelayProxy(upstream_port, delay)``)
is on this branch; the two are meant to be unified. Threads are daemons and every socket is closed on exit.
"""
from __future__ import annotations

import contextlib
import socket
import threading
import time


class DelayProxy:
    def __init__(self, upstream_port: int, delay: float = 0.0):
        self.upstream_port = upstream_port
        self.delay = delay
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.1)
        self.port = self._listener.getsockname()[1]
        self._stopped = threading.Event()
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()

    def __enter__(self) -> "DelayProxy":
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self._stopped.set()
        with self._lock:
            for sock in [self._listener, *self._sockets]:
                with contextlib.suppress(OSError):
                    sock.close()

    def _accept(self) -> None:
        while not self._stopped.is_set():
            try:
                client, _ = self._listener.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.upstream_port), timeout=5)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._sockets += [client, upstream]
            threading.Thread(target=self._pump, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, False), daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket, delayed: bool) -> None:
        source.settimeout(None)
        try:
            while not self._stopped.is_set():
                chunk = source.recv(65536)
                if not chunk:
                    break
                if delayed and self.delay:
                    time.sleep(self.delay)
                target.sendall(chunk)
        except OSError:
            pass
        finally:
            for sock in (source, target):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
