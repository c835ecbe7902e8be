"""Logging: JSON lines by default (one per request from service.api.observe), or plain text.

Logging never blocks a request: a record is formatted where it is logged, put in a bounded buffer
(LOG_BUFFER_LINES lines), and written by a background OS thread of the process's own (a real thread even
under gevent, so that a write blocked on a pipe nobody reads holds that thread only). When the buffer is
full the line is dropped and counted (``citygames_log_lines_dropped_total``): a stuck log pipe costs lines,
never answers.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections import deque
from collections.abc import Callable
from typing import Any, TextIO

from pythonjsonlogger.json import JsonFormatter

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
LOG_BUFFER_LINES = 10_000
IDLE_POLL_SECONDS = 0.05


class _TextWithExtras(logging.Formatter):
    FIELDS = ("method", "path", "status", "duration_ms", "event", "pid", "cause")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        extras = [f"{name}={getattr(record, name)}" for name in self.FIELDS if hasattr(record, name)]
        return " ".join([line, *extras])


def _os_thread_tools() -> tuple[Callable[[Callable[[], None]], Any], Callable[[float], None]]:
    """How to start a real OS thread and sleep in it, whether or not gevent patched this process."""
    import time

    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        pass
    else:
        if monkey.is_module_patched("threading"):
            start_new_thread = monkey.get_original("_thread", "start_new_thread")
            return (lambda run: start_new_thread(run, ())), monkey.get_original("time", "sleep")
    return (lambda run: threading.Thread(target=run, name="log-writer", daemon=True).start()), time.sleep


class NonBlockingHandler(logging.Handler):
    """Formats in the caller; a background OS thread writes the lines to ``stream``; at most ``capacity``
    lines wait, and any line past them is dropped and counted. Each process (a forked worker too) starts
    its own writer on its first line, and a forked process drops its parent's pending lines (the parent
    writes them)."""

    def __init__(self, stream: TextIO, capacity: int = LOG_BUFFER_LINES):
        super().__init__()
        self.stream, self.capacity = stream, capacity
        self._lines: deque[str] = deque()
        self._writer_pid: int | None = None
        self._queued = self._written = 0  # each counted by one side only
        self.dropped = 0

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = self.format(record)
        except Exception:
            self.handleError(record)
            return
        self._ensure_writer()
        if len(self._lines) >= self.capacity:
            self.dropped += 1
            _count_dropped()
            return
        self._queued += 1
        self._lines.append(line)

    def _ensure_writer(self) -> None:
        if self._writer_pid == os.getpid():
            return
        self._lines.clear()  # a forked child's copy of its parent's pending lines
        self._queued = self._written = 0
        self._writer_pid = os.getpid()
        start, sleep = _os_thread_tools()
        start(lambda: self._write_forever(sleep))

    def _write_forever(self, sleep: Callable[[float], None]) -> None:
        lines = self._lines
        while True:
            if not lines:
                sleep(IDLE_POLL_SECONDS)
                continue
            try:
                while lines:
                    line = lines.popleft()
                    try:
                        self.stream.write(line + "\n")
                    finally:
                        self._written += 1
                self.stream.flush()
            except Exception:  # a closed or broken stream: the lines are lost, the process is not
                pass

    def flush(self, timeout: float = 1.0) -> None:
        """Wait (a little) for the pending lines to be written: at exit, and for tests."""
        import time

        if self._writer_pid != os.getpid():
            return  # nothing was logged in this process: no writer, nothing pending
        _, sleep = _os_thread_tools()  # a real sleep, that lets the writer thread run, even under gevent
        deadline = time.monotonic() + timeout
        while self._written < self._queued and time.monotonic() < deadline:
            sleep(0.005)


def _count_dropped() -> None:
    try:
        from .metrics import LOG_LINES_DROPPED

        LOG_LINES_DROPPED.inc()
    except Exception:  # metrics not set up in this process: the handler's own count remains
        pass


def formatter(fmt: str) -> logging.Formatter:
    if fmt == "json":
        return JsonFormatter(
            "%(asctime)s %(levelname)s %(name)s %(message)s",
            rename_fields={"levelname": "level", "asctime": "time"},
        )
    return _TextWithExtras(TEXT_FORMAT)


def configure_logging(level: str, fmt: str, buffer_lines: int = LOG_BUFFER_LINES) -> None:
    handler = NonBlockingHandler(sys.stderr, buffer_lines)
    handler.setFormatter(formatter(fmt))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
