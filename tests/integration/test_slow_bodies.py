"""Hundreds of slow bodies against a served instance (gunicorn from the deploy config, 2 workers).

300 connections each declare a 1 MiB body, send 256 KiB of it and then one byte a second (well inside
the per-read idle timeout, so only a total deadline can cut them). Meanwhile the service answers others,
the workers hold about their body budget of those bytes and no more, and every slow connection ends with
a 408 (its deadline) or a 503 (the budget was full), never held open.
"""

import socket
import threading
from pathlib import Path

import pytest

from .live import gunicorn, request, wait_until

pytestmark = pytest.mark.integration

CONNECTIONS = 300
SENT = 256 * 1024
BUDGET = 8 * 1024 * 1024
HEAD = (
    b"POST /v1/games/newyork/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Content-Length: 1048576\r\n\r\n"
)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class SlowBodies:
    """The slow senders: each socket sends HEAD and SENT bytes, then a byte a second until answered."""

    def __init__(self, port: int):
        self.port = port
        self.sockets: list[socket.socket] = []
        self.answers: dict[int, bytes] = {}
        self.stop = threading.Event()

    def open(self) -> None:
        for _ in range(CONNECTIONS):
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            sock.settimeout(0.05)
            self.sockets.append(sock)
            try:
                sock.sendall(HEAD + b" " * SENT)
            except OSError:
                pass  # refused before it was all sent (a 503 at once): the answer is read below

    def dribble(self) -> None:
        while not self.stop.wait(1):
            for index, sock in enumerate(self.sockets):
                if index not in self.answers:
                    self.poll(index, sock)

    def poll(self, index: int, sock: socket.socket) -> None:
        try:
            sock.send(b" ")
        except OSError:
            pass
        try:
            head = sock.recv(64)
        except TimeoutError:
            return
        except OSError:
            head = b""
        self.answers[index] = head  # empty: closed (or reset) without an answer it could read

    def close(self) -> None:
        self.stop.set()
        for sock in self.sockets:
            sock.close()


def test_hundreds_of_slow_bodies_get_408_or_503_hold_bounded_memory_and_others_are_answered():
    env = {"BODY_DEADLINE_SECONDS": "3", "BODY_BUFFER_BYTES": str(BUDGET)}
    with gunicorn(env, workers=2) as server:
        workers = server.worker_pids()
        before = {pid: rss_kib(pid) for pid in workers}
        peak = dict(before)
        slow = SlowBodies(server.port)
        dribbler = threading.Thread(target=slow.dribble, daemon=True)
        try:
            slow.open()
            dribbler.start()
            for _ in range(3):  # while the slow bodies are held or being cut
                assert request(server.port, "GET", "/healthz", timeout=20).status == 200
                small = request(server.port, "POST", "/v1/games/newyork/validate", b'{"state": {}}', timeout=20)
                assert small.status == 422  # read and answered: not 503, not 408
                peak = {pid: max(peak[pid], rss_kib(pid)) for pid in workers}

            def all_answered():
                nonlocal peak
                peak = {pid: max(peak[pid], rss_kib(pid)) for pid in workers}
                return len(slow.answers) == CONNECTIONS

            wait_until(all_answered, 60, "every slow body to be answered", step=0.2)
        finally:
            slow.close()
    statuses = [answer[9:12] for answer in slow.answers.values()]
    assert set(statuses) <= {b"408", b"503", b""}, set(statuses)
    assert statuses.count(b"408") >= 10  # those the budget took were read until their deadline
    assert statuses.count(b"503") >= 10  # the rest were refused at once
    for pid in workers:  # about the budget; 300 x 256 KiB split over two workers would be 37 MiB each
        assert peak[pid] - before[pid] < 2 * BUDGET // 1024 + 8 * 1024, (pid, before[pid], peak[pid])
