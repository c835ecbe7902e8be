"""How a worker ended, read from what gunicorn's arbiter logs (both the argument and the preformatted
styles gunicorn versions use); the live tests see the same through real timeouts and kills."""

import logging

import pytest

from service.serving import ExitStatusLogger


@pytest.fixture
def arbiter_log():
    # gunicorn's Logger wants a whole config to build; the noting needs only its error_log.
    logger = ExitStatusLogger.__new__(ExitStatusLogger)
    logger.error_log = logging.getLogger("test.exit-causes")
    logger.error_log.disabled = True
    ExitStatusLogger.causes.clear()
    yield logger
    ExitStatusLogger.causes.clear()


def test_signals_codes_and_timeouts_are_noted_per_pid(arbiter_log):
    arbiter_log.error("Worker (pid:%s) was sent %s! Perhaps out of memory?", 11, "SIGKILL")
    arbiter_log.error("Worker (pid:%s) exited with code %s.", 12, 3)
    arbiter_log.error("Worker (pid:13) was sent SIGSEGV!")  # the preformatted style
    arbiter_log.critical("WORKER TIMEOUT (pid:%s)", 14)
    arbiter_log.error("Worker (pid:%s) exited with code %s.", 14, 1)  # after the abort: still a timeout
    arbiter_log.info("Booting worker with pid: %s", 15)
    assert ExitStatusLogger.causes == {11: "SIGKILL", 12: "code 3", 13: "SIGSEGV", 14: "timeout"}
