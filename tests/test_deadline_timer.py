"""service.deadline: raises only in the code that armed it, past its time, and always disarms."""

import threading
import time

import pytest

from service.deadline import DeadlineExceeded, deadline, run_within


def spin(seconds):
    until = time.process_time() + seconds
    while time.process_time() < until:
        pass


def test_pure_cpu_past_the_deadline_is_interrupted():
    with pytest.raises(DeadlineExceeded):
        with deadline(0.05):
            spin(5)


def test_run_within_interrupts_pure_cpu_past_its_deadline_and_disarms():
    import signal

    with pytest.raises(DeadlineExceeded):
        run_within(0.05, lambda: spin(5))
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_run_within_gives_the_value_and_disarms_when_done_in_time():
    import signal

    assert run_within(0.5, lambda: "answer") == "answer"
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_an_except_exception_in_the_work_cannot_swallow_it():
    caught = []
    with pytest.raises(DeadlineExceeded):
        with deadline(0.05):
            try:
                spin(5)
            except Exception as exc:  # what an engine might do
                caught.append(exc)
    assert caught == []


def test_a_deadline_swallowed_where_python_cannot_raise_fires_again():
    """A raise from the alarm handler that lands in a weakref callback or a __del__ is printed as
    "Exception ignored" and dropped (seen in the contract suite, a Skyline validate under load): the
    deadline must fire again in the work that follows, not be lost."""
    import signal

    from service import deadline as module

    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    try:
        with pytest.raises(DeadlineExceeded):
            with deadline(0.02):
                time.sleep(0.05)  # the real alarm is now pending, blocked
                signal.sigtimedwait({signal.SIGALRM}, 0)  # consumed: as if it went off elsewhere
                try:
                    module._on_alarm(signal.SIGALRM, None)
                except DeadlineExceeded:
                    pass  # what the interpreter does with an exception raised in a weakref callback
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGALRM})
                spin(2)
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGALRM})
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_work_done_in_time_is_untouched_and_the_timer_never_fires_later():
    # No work at all under the deadline, so that no machine, however loaded, can take the section past it
    # (the timer counts wall time); the timer is disarmed as the section ends, whatever time it is.
    import signal

    with deadline(0.5):
        pass
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    time.sleep(0.6)  # past where the deadline would have been (a signal would end the sleep): nothing is raised


def test_off_the_main_thread_the_section_runs_unbounded():
    outcome = []

    def work():
        with deadline(0.01):
            spin(0.05)
        outcome.append("finished")

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert outcome == ["finished"]


def test_a_deadline_never_fires_in_another_greenlet():
    """gevent runs every request of a worker on the main thread, each in its own greenlet."""
    from greenlet import greenlet

    seen = []

    def other_request():
        spin(0.2)  # the armed deadline passes while this one runs: it must not be interrupted
        seen.append("other finished")
        owner.switch()

    def timed_request():
        try:
            with deadline(0.05):
                other.switch()  # yield, as a greenlet waiting for I/O would
                spin(5)
        except DeadlineExceeded:
            seen.append("owner interrupted")

    other = greenlet(other_request)
    owner = greenlet(timed_request)
    owner.switch()
    assert seen == ["other finished", "owner interrupted"]
