"""deploy/gunicorn.conf.py, with every new worker pausing right after its fork (``post_fork``, which the
deployment does not use), before gunicorn installs the worker's own signal handlers: that moment, widened
so that a test can be sure to send a signal into it."""

import runpy
import time
from pathlib import Path

PAUSE_SECONDS = 2

globals().update(
    (name, value)
    for name, value in runpy.run_path(str(Path(__file__).resolve().parents[2] / "deploy" / "gunicorn.conf.py")).items()
    if not name.startswith("__")
)


def post_fork(server, worker):
    time.sleep(PAUSE_SECONDS)
