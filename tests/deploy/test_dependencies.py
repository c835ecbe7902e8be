"""What `pip install -e .` installs is all the service needs to serve: every distribution the serving
stack imports (the app, gunicorn's gevent worker, the gunicorn config) is declared in pyproject.toml or
required by one that is. The test extra installs much more, so a missing one shows only on a fresh
machine: gunicorn 27's gevent worker imports `packaging` without declaring it."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib import metadata

DISTRIBUTION = "city-games-rules"
# Imported as `city-games serve` and the container import them: the app, the worker class, the config.
SERVING = ("service.wsgi", "gunicorn.workers.ggevent", "gunicorn.app.wsgiapp", "service.serving")


def _name(requirement: str) -> str | None:
    """The distribution a requirement names, or None when it is only for an extra."""
    if re.search(r";.*\bextra\s*==", requirement):
        return None
    return re.split(r"[\s\[<>=!~;(]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def installed_by_the_service() -> set[str]:
    """The service's distribution and everything its declared requirements pull in, transitively."""
    seen, todo = set(), [DISTRIBUTION]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            todo += [n for r in metadata.requires(name) or () if (n := _name(r))]
        except metadata.PackageNotFoundError:
            pass  # an optional requirement for another platform
    return seen


def imported_while_serving() -> set[str]:
    """The distributions of the modules a fresh interpreter loads to import SERVING (not those its start-up
    loaded before, such as setuptools' `_distutils_hack` in every virtual environment)."""
    program = ("import importlib, json, sys\n"
               "before = set(sys.modules)\n"
               f"for name in {SERVING!r}: importlib.import_module(name)\n"
               "print(json.dumps(sorted({m.split('.')[0] for m in set(sys.modules) - before})))")
    tops = json.loads(subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                                     check=True).stdout)
    owners = metadata.packages_distributions()
    return {d.lower().replace("_", "-") for top in tops for d in owners.get(top, ())}


def test_every_distribution_the_serving_stack_imports_is_installed_by_the_service_itself():
    missing = imported_while_serving() - installed_by_the_service()
    assert missing == set(), f"imported while serving but not declared in pyproject.toml: {sorted(missing)}"
