"""Fault injection for tests: a TCP proxy that delays what passes through it, and a redis-server of
our own that can be stopped (SIGSTOP), resumed, killed and restarted.

Loopback only, bounded (connections, lifetime) and self-stopping: a forgotten proxy closes itself after
``lifetime`` seconds, a forgotten server is killed after ``lifetime`` seconds. Never point these at a
Redis you did not start except through the proxy (which only delays, it never stops the server).
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time

from tests.loopback import LoopbackServer
from tests.ports import free_port


class DelayProxy(LoopbackServer):
    """Forwards 127.0.0.1:``port`` to 127.0.0.1:``upstream_port``, holding every chunk the client sends
    for ``delay`` seconds first (one Redis command or pipeline is one chunk, so this is "Redis takes
    ``delay`` per command"). ``delay`` may be changed while it runs."""

    name = "delay-proxy"

    def __init__(self, upstream_port: int, delay: float = 0.0, lifetime: float = 60.0, max_connections: int = 64):
        super().__init__(lifetime, max_sockets=2 * max_connections)  # a client's socket and its upstream
        self.upstream_port = upstream_port
        self.delay = delay

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def serve_client(self, client: socket.socket) -> None:
        try:
            upstream = socket.create_connection(("127.0.0.1", self.upstream_port), timeout=1)
        except OSError:
            self.release(client)
            return
        self.hold(upstream)
        for sock in (client, upstream):  # no Nagle: its 40 ms stalls would be mistaken for a slow Redis
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for source, target, delayed in ((client, upstream, True), (upstream, client, False)):
            threading.Thread(target=self._pump, args=(source, target, delayed), daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket, delayed: bool) -> None:
        source.settimeout(0.1)
        while not self._stopped.is_set():
            try:
                chunk = source.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                break
            if not chunk:
                break
            if delayed and self.delay:
                time.sleep(self.delay)
            try:
                target.sendall(chunk)
            except OSError:
                break
        for sock in (source, target):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class RedisServer:
    """A redis-server of our own on a free loopback port: no persistence, killed after ``lifetime``."""

    def __init__(self, lifetime: float = 60.0):
        if shutil.which("redis-server") is None:
            raise RuntimeError("redis-server is not installed")
        self.port = free_port()
        self.lifetime = lifetime
        self._dir = tempfile.mkdtemp(prefix="fault-redis-")
        self.process: subprocess.Popen | None = None
        self._watchdog: threading.Timer | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def __enter__(self) -> RedisServer:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.kill()
        shutil.rmtree(self._dir, ignore_errors=True)

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self._dir,
                "--maxclients",
                "256",
                "--loglevel",
                "warning",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._watchdog = threading.Timer(self.lifetime, self.kill)
        self._watchdog.daemon = True
        self._watchdog.start()
        for _ in range(200):
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.02)
        self.kill()
        raise RuntimeError("redis-server did not start")

    def pause(self) -> None:
        """SIGSTOP: connections are accepted by the kernel but nothing answers."""
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        self.process.send_signal(signal.SIGCONT)

    def kill(self) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)  # a stopped process must run to die cleanly
            self.process.kill()
            self.process.wait(timeout=5)

    def restart(self) -> None:
        """Kill, then start again on the same port (empty: there is no persistence)."""
        self.kill()
        self.start()
