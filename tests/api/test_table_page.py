"""The referee's table is served from the package at /table/, and is written so that a strict
Content-Security-Policy allows it: no inline scripts, styles or handlers, no HTML built from strings."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

from service.api.table import TABLE_DIR

ROOT = Path(__file__).parents[2]


def test_the_page_and_its_files_are_served(client):
    page = client.get("/table/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert b'<script type="module" src="app.js"></script>' in page.data
    for name, mimetype in (
        ("app.js", "javascript"),
        ("games.js", "javascript"),
        ("api.js", "javascript"),
        ("table.css", "text/css"),
        ("favicon.svg", "image/svg+xml"),
    ):
        answer = client.get(f"/table/{name}")
        assert answer.status_code == 200 and mimetype in answer.mimetype, name


def test_the_page_without_its_slash_redirects_to_it(client):
    answer = client.get("/table")
    assert answer.status_code in (301, 308) and answer.headers["Location"].endswith("/table/")


def test_missing_files_and_paths_out_of_the_folder_are_404_problems(client):
    for path in ("/table/nothing.js", "/table/..%2f__init__.py", "/table/../table.py"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.mimetype == "application/problem+json", path


class _Inline(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        if tag == "script" and "src" not in names:
            self.found.append("inline <script>")
        if tag == "style":
            self.found.append("<style> element")
        self.found += [f"{tag} {name}=" for name in names if name == "style" or name.startswith("on")]


def test_the_page_has_no_inline_script_style_or_handler():
    parser = _Inline()
    parser.feed((TABLE_DIR / "index.html").read_text())
    assert parser.found == []


def test_the_scripts_never_build_html_from_strings_or_evaluate_code():
    risky = re.compile(
        r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|"
        r"setAttribute\(\s*[\"']style"
    )
    for script in TABLE_DIR.glob("*.js"):
        assert not risky.findall(script.read_text()), script.name


def test_every_file_of_the_page_ships_in_the_package():
    """A non-editable install must carry the page: pyproject's package-data covers every file."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["service.api"]
    for path in (p for p in TABLE_DIR.rglob("*") if p.is_file()):  # the vendored libraries' files too
        relative = path.relative_to(TABLE_DIR.parents[1]).as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in data), relative
