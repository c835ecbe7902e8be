"""The README's two commands stay true: CI runs the README's test command, and the run command serves."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands():
    text = (ROOT / "README.md").read_text()
    blocks = text.split("```sh\n")[1:3]
    return [block.split("\n```")[0].strip() for block in blocks]


def test_ci_runs_the_readme_test_command():
    _run, test = readme_commands()
    ci_lines = [l.strip() for l in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test in ci_lines


def test_the_run_command_installs_and_serves():
    run, _test = readme_commands()
    assert "pip install -e ." in run and run.endswith("city-games serve")


def test_ci_fails_when_pytest_runs_no_test():
    """pytest's exit 5 ("no test ran") must fail CI: the test command is .ci/run's last line, under
    errexit, and the script's exit trap says why."""
    _run, test = readme_commands()
    ci_lines = [l.strip() for l in (ROOT / ".ci" / "run").read_text().splitlines() if l.strip()]
    assert "set -euo pipefail" in ci_lines
    assert ci_lines[-1] == test
    trap = next(l for l in ci_lines if l.startswith("trap "))
    done = subprocess.run(
        ["bash", "-c", f"set -euo pipefail\n{trap}\n(exit 5)\necho not reached"],
        capture_output=True,
        text=True,
        timeout=10,
    )
    assert done.returncode == 5
    assert "pytest ran no test" in done.stderr and "not reached" not in done.stdout
