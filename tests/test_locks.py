"""What CI installs is locked: the Python packages at the versions ``requirements/test.lock`` pins, each with its
hashes, and the npm tools at the versions ``tools/node/package-lock.json`` locks, each with its integrity hash;
``.ci/run`` installs both from their locks. Offline: these tests read the files, they resolve nothing
(docs/testing.md says how to refresh the locks)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements" / "test.lock"
BUILD = ROOT / "requirements" / "build.in"
NPM = ROOT / "tools" / "node"
DIRECT = ("city-games-rules (pyproject.toml)", "-r requirements/build.in")


def _pins() -> dict[str, tuple[str, int, set[str]]]:
    """Each pinned distribution: its version, how many hashes it carries, and what it is there for."""
    pins: dict[str, tuple[str, int, set[str]]] = {}
    current = None
    for line in LOCK.read_text().splitlines():
        text = line.strip()
        if found := re.match(r"([A-Za-z0-9._-]+)==([^\s;\\]+)", text):
            current = canonicalize_name(found[1])
            pins[current] = (found[2], 0, set())
        elif current and text.startswith("--hash=sha256:"):
            version, hashes, via = pins[current]
            pins[current] = (version, hashes + 1, via)
        elif current and (note := re.fullmatch(r"#\s+(?:via\s+)?(\S.*)", text)) and note[1] != "via":
            pins[current][2].add(note[1])
    return pins


def _wanted() -> dict[str, Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = project["dependencies"] + project["optional-dependencies"]["test"]
    lines += [l for l in BUILD.read_text().splitlines() if l.strip() and not l.startswith("#")]
    return {canonicalize_name(Requirement(l).name): Requirement(l) for l in lines}


def test_the_test_lock_pins_exactly_the_declared_dependencies_each_with_its_hashes():
    """The service's dependencies, the test extra's and the build backend's are the lock's direct pins,
    each at a version its range allows; everything else is there only because one of them needs it; every
    pin has at least one hash (pip's --require-hashes refuses the install otherwise)."""
    pins, wanted = _pins(), _wanted()
    assert {name for name, (_, _, via) in pins.items() if via & set(DIRECT)} == set(wanted)
    for name, requirement in wanted.items():
        assert requirement.specifier.contains(pins[name][0], prereleases=True), (name, pins[name][0])
    assert all(via for _, _, via in pins.values())
    assert [name for name, (_, hashes, _) in pins.items() if hashes == 0] == []


def test_the_npm_lock_locks_what_package_json_declares_each_with_its_integrity():
    declared = json.loads((NPM / "package.json").read_text())["devDependencies"]
    lock = json.loads((NPM / "package-lock.json").read_text())
    assert lock["packages"][""]["devDependencies"] == declared
    installed = {path for path in lock["packages"] if path}
    assert {f"node_modules/{name}" for name in declared} <= installed
    assert [path for path, entry in lock["packages"].items() if path and not entry.get("integrity")] == []


def test_ci_installs_from_the_locks():
    run = (ROOT / ".ci" / "run").read_text()
    assert "pip install -q --require-hashes -r requirements/test.lock" in run
    assert "pip install -q --no-deps --no-build-isolation -e ." in run
    assert "npm ci" in run and "npm install" not in run
    assert "pip install -q -e '.[test]'" not in run
