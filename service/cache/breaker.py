"""A circuit breaker that opens on failures AND on slowness: a Redis slower than the work it saves is
bypassed, probed again after a pause, and used again once a probe is fast.

Why not pybreaker: it holds its lock for the whole guarded call, so every Redis call of a worker waits
for the one before it (under gevent every greenlet would queue behind one slow round trip), and it has
no notion of a call that succeeds too slowly. This one holds its lock only to update its own state.

States: ``closed`` (calls go through; the last ``window`` round trips are kept), ``open`` (every call is
skipped until ``reset_seconds`` have passed), then one probe at a time (``half-open``): a probe that
succeeds within the budget closes the breaker, one that fails or is slow opens it again.

Slow means: the median of the last ``window`` round trips (at least ``min_samples`` of them) is above
the budget, which is the larger of ``slow_ms`` and the average compute time of a value the cache would
have saved (``note_saving``): a Redis faster than the work it saves is kept even when it is not fast.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

CLOSED, OPEN, HALF_OPEN = "closed", "open", "half-open"
SLOW, DOWN = "slow", "down"


@dataclass(frozen=True)
class Ticket:
    """Permission for one call; ``probe`` is the one trial call of a half-open breaker."""

    probe: bool


class Breaker:
    def __init__(
        self,
        fail_max: int = 3,
        reset_seconds: float = 10.0,
        slow_ms: float = 10.0,
        window: int = 20,
        min_samples: int = 8,
        clock: Callable[[], float] = time.monotonic,
        on_trip: Callable[[str], None] | None = None,
    ):
        self.fail_max = fail_max
        self.reset_seconds = reset_seconds
        self.slow_seconds = slow_ms / 1000
        self.min_samples = min_samples
        self._clock = clock
        self._on_trip = on_trip
        self._lock = threading.Lock()
        self._latencies: deque[float] = deque(maxlen=window)
        self._saving: float | None = None  # moving average of the compute a hit saves, in seconds
        self._failures = 0
        self._opened_at = 0.0
        self._probing = False
        self.state = CLOSED
        self.reason: str | None = None  # why it last opened: SLOW or DOWN
        self.detail = ""  # the evidence, for /readyz
        self.trips = 0

    # --- the guarded call's side ------------------------------------------------------------------
    def admit(self, probe_allowed: bool = True) -> Ticket | None:
        """A ticket to make the call, or None to skip it. ``probe_allowed=False`` (background writes)
        only ever goes through a closed breaker."""
        with self._lock:
            if self.state == CLOSED:
                return Ticket(probe=False)
            if not probe_allowed or self._probing or self._clock() - self._opened_at < self.reset_seconds:
                return None
            self.state, self._probing = HALF_OPEN, True
            return Ticket(probe=True)

    def succeeded(self, ticket: Ticket, seconds: float, timed: bool = True) -> None:
        """A call that answered, after ``seconds``; ``timed=False`` for calls whose duration says
        nothing about a read (a pipeline of large writes)."""
        with self._lock:
            self._failures = 0
            if ticket.probe:
                self._probing = False
                if seconds > self.budget:
                    self._open(
                        SLOW, f"a probe took {seconds * 1000:.1f} ms, over the {self.budget * 1000:.1f} ms budget"
                    )
                else:
                    self.state, self._latencies = CLOSED, deque(maxlen=self._latencies.maxlen)
                return
            if not timed or self.state != CLOSED:
                return
            self._latencies.append(seconds)
            if len(self._latencies) >= self.min_samples:
                median = statistics.median(self._latencies)
                if median > self.budget:
                    self._open(
                        SLOW,
                        f"median round trip {median * 1000:.1f} ms over the last {len(self._latencies)}, "
                        f"over the {self.budget * 1000:.1f} ms budget",
                    )

    def failed(self, ticket: Ticket, error: BaseException) -> None:
        with self._lock:
            if ticket.probe:
                self._probing = False
                self._open(DOWN, type(error).__name__)
                return
            self._failures += 1
            if self.state == CLOSED and self._failures >= self.fail_max:
                self._open(DOWN, f"{self._failures} failures in a row, the last {type(error).__name__}")

    def note_saving(self, seconds: float) -> None:
        """The compute time of a value that a hit in this store would have saved."""
        with self._lock:
            self._saving = seconds if self._saving is None else 0.9 * self._saving + 0.1 * seconds

    # --- what it knows ----------------------------------------------------------------------------
    @property
    def budget(self) -> float:
        return max(self.slow_seconds, self._saving or 0.0)

    @property
    def is_open(self) -> bool:
        return self.state != CLOSED

    def _open(self, reason: str, detail: str) -> None:
        self.state, self.reason, self.detail = OPEN, reason, detail
        self._opened_at = self._clock()
        self._failures = 0
        self._latencies.clear()
        self.trips += 1
        if self._on_trip is not None:
            self._on_trip(reason)
