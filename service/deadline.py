"""A hard deadline on a section of pure computation: past it, the section raises DeadlineExceeded.

The engines bound their own work (about 1 s at most); this is the backstop, so that a request that still
overruns is answered (503) instead of holding its worker until gunicorn kills it. Under the gevent worker
a CPU-bound greenlet never yields, so no timer greenlet could interrupt it: a real-time interval timer
(``setitimer``) delivers SIGALRM, and the handler raises inside the running code. The timer counts
wall time, not CPU time, on purpose: while a greenlet computes, every other connection of its worker
waits (the liveness probe included), and that wait is wall time.

Safety rules, all enforced here:
- the handler raises only in the greenlet (or thread) that armed an expired deadline; when the signal
  lands while another greenlet or the gevent hub runs, it re-arms itself shortly and does nothing else,
  so a deadline can never fire inside another request;
- an expired deadline raises again every 100 ms until its section ends, because Python drops an
  exception raised inside a weakref callback or a finaliser (it prints "Exception ignored");
- the timer is disarmed in ``finally`` when the section ends, however it ends;
- DeadlineExceeded derives from BaseException, so an engine's ``except Exception`` cannot swallow it;
- Python runs signal handlers on the main OS thread only, so the deadline is armed only there (the sync
  and gevent workers, the WSGI test client); on another thread (e.g. gthread) the section runs unbounded.

Callers keep I/O (Redis) outside the section: only the pure computation of an answer is timed.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # CPython's C module under signal, which has no stub
import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import TypeVar

try:
    from greenlet import getcurrent

    _current: Callable[[], object] = getcurrent
except ImportError:  # pragma: no cover - greenlet comes with gevent, a dependency
    _current = threading.current_thread

_RETRY_SECONDS = 0.005
T = TypeVar("T")
_SIGALRM = int(signal.SIGALRM) if hasattr(signal, "SIGALRM") else 0
_RAISE_AGAIN_SECONDS = 0.1


class DeadlineExceeded(BaseException):
    """The timed section ran past its deadline."""


_active: dict[object, float] = {}  # owner (greenlet) -> monotonic time its deadline passes


def _rearm() -> None:
    if _active:
        wait = max(min(_active.values()) - time.monotonic(), _RETRY_SECONDS)
        signal.setitimer(signal.ITIMER_REAL, wait)
    else:
        signal.setitimer(signal.ITIMER_REAL, 0)


def _on_alarm(_signum, _frame) -> None:
    owner = _current()
    due = _active.get(owner)
    if due is not None and due <= time.monotonic():
        # The deadline stays armed until its section ends: a raise that lands in a weakref callback or
        # a __del__ is printed as "Exception ignored" and dropped, and the next alarm must raise again.
        # Not before a raise that did propagate has unwound to the section's end (microseconds), so
        # that the second raise cannot land in the section's own clean-up.
        signal.setitimer(signal.ITIMER_REAL, _RAISE_AGAIN_SECONDS)
        raise DeadlineExceeded()
    _rearm()


def _install_handler() -> bool:
    """True when this is the interpreter's main thread (the one that runs signal handlers): there,
    and only there, signal.signal succeeds. After gunicorn's fork and gevent's patching, neither
    threading.main_thread() nor current_thread() can be trusted to say so."""
    if not hasattr(signal, "setitimer"):
        return False
    try:
        # one sigaction; raises off the main thread. ``_signal`` is the C function under ``signal.signal``,
        # which adds two enum conversions (a tenth of a cold request's plumbing beyond the echo's).
        _signal.signal(_SIGALRM, _on_alarm)
    except ValueError:
        return False
    return True


def run_within(seconds: float, compute: Callable[[], T]) -> T:
    """``compute()`` with a deadline of ``seconds`` (what ``with deadline(seconds)`` does, without a
    generator-based context manager: this is on every request's path)."""
    if not _install_handler():
        return compute()
    owner = _current()
    _active[owner] = time.monotonic() + seconds
    _rearm()
    try:
        return compute()
    finally:
        _active.pop(owner, None)
        _rearm()


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Run the body with a deadline of ``seconds``; raises DeadlineExceeded when it passes."""
    if not _install_handler():
        yield
        return
    owner = _current()
    _active[owner] = time.monotonic() + seconds
    _rearm()
    try:
        yield
    finally:
        _active.pop(owner, None)
        _rearm()
