"""The README's two commands stay true: CI runs the README's test command, and the run command serves."""
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
