"""A log pipe nobody reads: stdout and stderr on a FIFO that is never read. The pipe fills after a few
hundred lines; requests keep being answered (lines are dropped and counted, never waited for), and the
probes keep telling the truth (the master, whose own lines go the same way, is not stuck either)."""

import contextlib
import os
import tempfile
from pathlib import Path

import pytest

from tests.ports import free_port

from .live import gunicorn, metric_total, request

pytestmark = pytest.mark.integration

# A 64 KiB pipe holds about 250 access lines; four times that many requests overflow it for sure.
REQUESTS = 1000
BODY = b'{"state": {"board": {"1": {"owner": "anna", "shop": "photo"}}}}'


@contextlib.contextmanager
def unread_fifo():
    directory = Path(tempfile.mkdtemp(prefix="citygames-fifo-"))
    path = directory / "log"
    os.mkfifo(path)
    fd = os.open(path, os.O_RDWR)  # a reader exists (this descriptor), so opening never waits; it never reads
    try:
        yield fd
    finally:
        os.close(fd)
        path.unlink()
        directory.rmdir()


def test_a_log_pipe_nobody_reads_costs_lines_not_answers():
    probe_port, metrics_port = free_port(), free_port()
    env = {
        "PROBE_PORT": str(probe_port),
        "METRICS_PORT": str(metrics_port),
        "LOG_LEVEL": "INFO",
        "LOG_BUFFER_LINES": "100",  # so that the buffer overflows too, and its drops are seen
    }
    with unread_fifo() as fifo, gunicorn(env, output=fifo) as server:
        statuses = [request(server.port, "POST", "/v1/games/chinatown/score", BODY).status for _ in range(REQUESTS)]
        live = request(probe_port, "GET", "/livez")
        dropped = metric_total(metrics_port, "citygames_log_lines_dropped_total")
    assert statuses == [200] * REQUESTS
    assert live.status == 200, live.body
    assert dropped > 0  # the pipe did fill: the lines past it were dropped, not waited for
