"""Logging never blocks: a log stream that takes nothing (a pipe nobody reads) costs lines, counted, not
the caller's time; a stream that takes lines gets them, in order."""

import io
import logging
import threading

from service.logs import NonBlockingHandler


class _StuckStream(io.StringIO):
    """A stream whose first write never returns (until released)."""

    def __init__(self):
        super().__init__()
        self.release = threading.Event()

    def write(self, text):
        self.release.wait()
        return super().write(text)


def _logger(handler, name):
    logger = logging.getLogger(name)
    logger.handlers[:] = [handler]
    logger.propagate = False
    logger.setLevel(logging.INFO)
    return logger


def test_a_stream_that_takes_nothing_costs_dropped_lines_not_a_blocked_caller():
    stream = _StuckStream()
    handler = NonBlockingHandler(stream, capacity=100)
    logger = _logger(handler, "test.logs.stuck")
    try:
        for number in range(1000):
            logger.info("line %d", number)  # returns although nothing can be written
        assert handler.dropped >= 1000 - 100 - 1  # at most the buffer and the line being written kept
    finally:
        stream.release.set()


def test_a_stream_that_takes_lines_gets_every_line_in_order():
    stream = io.StringIO()
    handler = NonBlockingHandler(stream, capacity=1000)
    logger = _logger(handler, "test.logs.flowing")
    for number in range(50):
        logger.info("line %d", number)
    handler.flush(timeout=10)
    assert handler.dropped == 0
    assert stream.getvalue().splitlines() == [f"line {number}" for number in range(50)]
