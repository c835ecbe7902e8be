"""A pytest plugin for the mutation run: each test's outcome and seconds (setup, call and teardown summed),
in the order the tests ran, and the pytest process's CPU seconds, written as JSON to the file named by
MUTATION_TIMING."""

from __future__ import annotations

import json
import os
import time

_tests: dict[str, dict] = {}


def pytest_runtest_logreport(report):
    entry = _tests.setdefault(report.nodeid, {"seconds": 0.0, "outcome": "passed"})
    entry["seconds"] += report.duration
    if report.failed:
        entry["outcome"] = "failed"


def pytest_unconfigure(config):
    path = os.environ.get("MUTATION_TIMING")
    if path:
        with open(path, "w") as out:
            json.dump(
                {"cpu_seconds": time.process_time(), "tests": [{"nodeid": k, **v} for k, v in _tests.items()]}, out
            )
