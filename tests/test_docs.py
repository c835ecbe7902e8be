"""The project explains itself from inside its repository: the docs are current, link only to what exists,
and nothing cites a document the repository does not have."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests import readings_doc

ROOT = Path(__file__).resolve().parents[1]
MISSING_DOCUMENTS = re.compile(
    r"DESIGN\.md|(?<!docs/)\brules/[a-z0-9]+\.md|shared/(rules|seeds|data)/|\bseed 0\d\d\b|\bissue \d+\b"
)


def tracked(*suffixes: str) -> list[Path]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / name for name in names.splitlines() if name.endswith(suffixes)]


def test_the_readings_page_is_current():
    assert (ROOT / "docs" / "readings.md").read_text() == readings_doc.page(), "run python -m tests.readings_doc"


@pytest.mark.parametrize("path", tracked(".md"), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_of_a_document_exists(path):
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", path.read_text())
    local = [link for link in links if not re.match(r"[a-z]+:", link) and not link.startswith("/")]
    assert [link for link in local if not (path.parent / link).exists()] == []


def test_no_file_cites_a_document_the_repository_lacks():
    citing = []
    for path in tracked(".py", ".md", ".yaml", ".js", ".html", ".toml", ".cfg"):
        if path == Path(__file__).resolve():
            continue
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if MISSING_DOCUMENTS.search(line):
                citing.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert citing == []
