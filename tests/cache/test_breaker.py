"""The breaker opens on failures and on slowness, probes one call at a time after a pause, and closes
again by itself when a probe is fast. A clock of our own makes time explicit."""

import pytest

from service.cache.breaker import CLOSED, DOWN, HALF_OPEN, OPEN, SLOW, Breaker


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def breaker(**options):
    clock = Clock()
    options = {"fail_max": 3, "reset_seconds": 10, "slow_ms": 3, "window": 10, "min_samples": 4, **options}
    return Breaker(clock=clock, **options), clock


def calls(b, seconds, n):
    """Up to ``n`` calls taking ``seconds`` each, as long as the breaker lets them through."""
    for _ in range(n):
        ticket = b.admit()
        if ticket is None:
            return
        b.succeeded(ticket, seconds)


def test_a_fast_redis_keeps_the_breaker_closed():
    b, _ = breaker()
    calls(b, 0.0002, 50)
    assert b.state == CLOSED and b.trips == 0


def test_failures_in_a_row_open_it_as_down():
    b, _ = breaker()
    for _ in range(3):
        b.failed(b.admit(), ConnectionError())
    assert b.state == OPEN and b.reason == DOWN and "ConnectionError" in b.detail
    assert b.admit() is None


def test_a_success_between_failures_resets_the_count():
    b, _ = breaker()
    for _ in range(5):
        b.failed(b.admit(), TimeoutError())
        b.failed(b.admit(), TimeoutError())
        b.succeeded(b.admit(), 0.0002)
    assert b.state == CLOSED


def test_a_median_round_trip_over_the_budget_opens_it_as_slow():
    b, _ = breaker()
    calls(b, 0.040, 3)
    assert b.state == CLOSED  # too few samples to judge
    calls(b, 0.040, 1)
    assert b.state == OPEN and b.reason == SLOW and "40.0 ms" in b.detail


def test_a_few_slow_calls_among_fast_ones_do_not_open_it():
    b, _ = breaker()
    for _ in range(10):
        calls(b, 0.0002, 2)
        calls(b, 0.040, 1)
    assert b.state == CLOSED


def test_a_redis_faster_than_the_work_it_saves_is_kept_even_when_not_fast():
    b, _ = breaker()
    b.note_saving(0.020)  # a hit saves 20 ms of compute
    calls(b, 0.010, 10)
    assert b.state == CLOSED and b.budget == pytest.approx(0.020)
    calls(b, 0.040, 10)
    assert b.state == OPEN and b.reason == SLOW and "20.0 ms budget" in b.detail


def test_after_the_pause_one_probe_at_a_time_and_a_fast_probe_closes_it():
    b, clock = breaker()
    calls(b, 0.040, 4)
    clock.now += 9.9
    assert b.admit() is None
    clock.now += 0.2
    probe = b.admit()
    assert probe is not None and probe.probe and b.state == HALF_OPEN
    assert b.admit() is None  # the others keep computing while the probe is out
    b.succeeded(probe, 0.0002)
    assert b.state == CLOSED
    calls(b, 0.0002, 20)
    assert b.state == CLOSED


@pytest.mark.parametrize("outcome", ["slow", "failed"])
def test_a_slow_or_failed_probe_opens_it_for_another_pause(outcome):
    b, clock = breaker()
    calls(b, 0.040, 4)
    clock.now += 10.1
    probe = b.admit()
    if outcome == "slow":
        b.succeeded(probe, 0.040)
    else:
        b.failed(probe, ConnectionError())
    assert b.state == OPEN and b.reason == (SLOW if outcome == "slow" else DOWN)
    assert b.admit() is None
    clock.now += 10.1
    assert b.admit() is not None


def test_background_writes_never_probe():
    b, clock = breaker()
    calls(b, 0.040, 4)
    clock.now += 60
    assert b.admit(probe_allowed=False) is None
    assert b.state == OPEN


def test_every_trip_is_reported():
    reasons = []
    b = Breaker(fail_max=1, reset_seconds=0, slow_ms=3, min_samples=1, on_trip=reasons.append)
    b.failed(b.admit(), ConnectionError())
    b.succeeded(b.admit(), 0.5)  # the probe is slow
    assert reasons == [DOWN, SLOW] and b.trips == 2
