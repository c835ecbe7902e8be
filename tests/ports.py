"""Free loopback ports for the servers the tests start (gunicorn, redis-server, HAProxy), safe when
pytest-xdist runs several test processes at once.

Binding port 0 and closing the probe hands out a port from the kernel's ephemeral range, the range every
outgoing connection also takes its local port from. Between the probe and the server's own bind (a
gunicorn takes a second to boot), a client connection of another test process, and the load tests open
thousands, may take that port, and the server then fails to start. So the ports come from below the
ephemeral range, from a block of its own for each test process (the main one and each xdist worker),
each one checked free by binding it, and none handed out twice by one process.
"""

from __future__ import annotations

import os
import random
import socket
from pathlib import Path

BLOCK = 500
FIRST = 20000  # below Linux's default ephemeral range (32768-60999); the blocks must stay under it


def ephemeral_low() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def process_index() -> int:
    """0 for a run without xdist, N + 1 for the xdist worker gwN."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker[2:]) + 1 if worker.startswith("gw") else 0


def _block() -> range:
    start = FIRST + process_index() * BLOCK
    if start + BLOCK > ephemeral_low():
        raise RuntimeError(f"no port block below the ephemeral range for test process {process_index()}")
    return range(start, start + BLOCK)


def _is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


_handed_out: set[int] = set()
# Each process starts at its own random place in its block, so two runs side by side rarely meet.
_order = random.Random(os.getpid())


def free_port() -> int:
    block = _block()
    start = _order.randrange(len(block))
    for step in range(len(block)):
        port = block[(start + step) % len(block)]
        if port not in _handed_out and _is_free(port):
            _handed_out.add(port)
            return port
    raise RuntimeError(f"no free port left in {block.start}-{block.stop - 1}")
