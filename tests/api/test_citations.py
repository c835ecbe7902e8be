"""Citations resolve: every rule code's and every reading's link, every violation's ``rule_url`` and every
problem ``type`` is a page the service serves (200, HTML) holding the anchor the link names."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from service.api.pages import POLICY, TEMPLATES_DIR
from service.api.problem_types import DEFAULT_SLUGS, PROBLEM_TYPES
from service.engine.registry import GAME_IDS, SPECS

ROOT = Path(__file__).parents[2]


class Anchors(HTMLParser):
    """The ``id`` of every element of a page: the anchors a link's fragment may name."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs) -> None:
        self.ids.update(value for name, value in attrs if name == "id" and value)


def anchors_of(html: str) -> set[str]:
    parser = Anchors()
    parser.feed(html)
    return parser.ids


@pytest.fixture(scope="module")
def client():
    from service import create_app

    return create_app({"redis_url": None}).test_client()


def follow(client, url: str) -> set[str]:
    """GET the page a link names; it answers 200 HTML. The anchors the page holds."""
    path, _, _ = url.partition("#")
    answer = client.get(path)
    assert answer.status_code == 200, (url, answer.status_code)
    assert answer.mimetype == "text/html", url
    return anchors_of(answer.get_data(as_text=True))


def assert_resolves(client, url: str, pages: dict[str, set[str]]) -> None:
    path, _, fragment = url.partition("#")
    assert path.startswith("/") and fragment, url
    if path not in pages:
        pages[path] = follow(client, url)
    assert fragment in pages[path], f"{url}: the page has no anchor {fragment!r}"


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_rule_code_of_the_game_links_to_a_section_of_its_rules_page(client, game):
    described = client.get(f"/v1/games/{game}").get_json()
    pages: dict[str, set[str]] = {}
    assert described["rule_codes"]
    for code in described["rule_codes"]:
        assert code["rule"] and "rules/" not in code["rule"] and "DESIGN" not in code["rule"], code
        assert code["rule_url"].startswith(f"/v1/games/{game}/rules#"), code
        assert_resolves(client, code["rule_url"], pages)


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_reading_links_to_its_own_entry_and_to_the_rule_it_reads(client, game):
    described = client.get(f"/v1/games/{game}").get_json()
    pages: dict[str, set[str]] = {}
    assert described["readings"]
    for reading in described["readings"]:
        assert not re.search(r"RGG|DESIGN\.md|rules/\w+\.md", reading["text"]), reading["name"]
        assert_resolves(client, reading["rule_url"], pages)
        assert_resolves(client, reading["reads_url"], pages)
        assert reading["rule_url"] != reading["reads_url"]
    assert {f"provenance-{r['provenance'].replace(' ', '-')}" for r in described["readings"]} <= pages[
        f"/v1/games/{game}/rules"
    ]


@cache
def _setup(game: str) -> dict:
    from service import create_app

    players = ["anna", "ben", "carl"]
    return (
        create_app({"redis_url": None})
        .test_client()
        .post(f"/v1/games/{game}/setup", json={"players": players, "seed": 5})
        .get_json()["state"]
    )


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_violations_of_a_refused_move_link_to_the_rules_they_cite(client, game):
    state = _setup(game)
    move = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).get_json()["moves"][0]
    answer = client.post(f"/v1/games/{game}/moves", json={"state": state, "move": {**move, "player": "zed"}}).get_json()
    assert answer["legal"] is False and answer["violations"]
    listed = {c["code"]: c for c in client.get(f"/v1/games/{game}").get_json()["rule_codes"]}
    pages: dict[str, set[str]] = {}
    for violation in answer["violations"]:
        assert (violation["rule"], violation["rule_url"]) == (
            listed[violation["code"]]["rule"],
            listed[violation["code"]]["rule_url"],
        )
        assert_resolves(client, violation["rule_url"], pages)


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_rules_file_gives_every_anchor_once(game):
    rules = yaml.safe_load(SPECS[game].rules_page.read_text())
    ids = [s["id"] for s in rules["sections"]] + [p["id"] for s in rules["sections"] for p in s.get("parts", ())]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids), ids
    assert all(s["title"] and s["text"].strip() for s in rules["sections"])


def emitted_slugs() -> set[str]:
    """Every problem slug the code names: the defaults by status and each ``slug="..."`` in the service."""
    named = set(DEFAULT_SLUGS.values()) | {"error"}
    for source in (ROOT / "service").rglob("*.py"):
        named |= set(re.findall(r"""slug=["']([a-z-]+)["']""", source.read_text()))
    return named


def test_every_problem_the_code_can_emit_is_declared():
    assert {
        "schema",
        "malformed-json",
        "body-too-large",
        "not-json",
        "unknown-game",
        "deadline-exceeded",
        "setup-refused",
        "invalid-unicode",
    } <= emitted_slugs()
    assert emitted_slugs() <= PROBLEM_TYPES.keys()


@pytest.mark.parametrize("slug", sorted(PROBLEM_TYPES))
def test_every_problem_type_uri_is_a_page_describing_the_problem(client, slug):
    kind = PROBLEM_TYPES[slug]
    assert kind.uri == f"/problems/{slug}"
    anchors = follow(client, kind.uri)
    assert {"means", "causes", "remedy"} <= anchors
    page = client.get(kind.uri).get_data(as_text=True)
    assert kind.title in page and (f"status {kind.status}" if kind.status else "the status of the HTTP error") in page
    assert slug in follow(client, "/problems/")


def test_a_problem_answer_names_a_type_that_resolves(client):
    for answer in (
        client.get("/v1/games/nowhere"),
        client.get("/no/such/route"),
        client.post("/v1/games/newyork/setup", data="{", content_type="application/json"),
    ):
        problem = answer.get_json(force=True)
        assert problem["type"] in {k.uri for k in PROBLEM_TYPES.values()}
        follow(client, problem["type"])


def test_an_undeclared_problem_slug_is_a_programming_error():
    from service.api.problem_types import ApiProblem

    with pytest.raises(ValueError):
        ApiProblem(422, "no such kind", slug="made-up")
    with pytest.raises(ValueError):
        ApiProblem(400, "a kind answered with another status", slug="unknown-game")


def test_an_unknown_game_or_problem_page_is_a_404_problem(client):
    for path, slug in (("/v1/games/monopoly/rules", "unknown-game"), ("/problems/made-up", "not-found")):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.get_json(force=True)["type"] == f"/problems/{slug}"


@pytest.mark.parametrize("path", ["/v1/games/skyline3000/rules", "/problems/schema", "/problems/"])
def test_pages_carry_the_security_headers_their_own_policy_and_an_etag(client, path):
    answer = client.get(path)
    assert answer.headers["Content-Security-Policy"] == POLICY
    assert "script-src" not in POLICY and "'unsafe-inline'" not in POLICY
    assert answer.headers["X-Content-Type-Options"] == "nosniff" and answer.headers["X-Frame-Options"] == "DENY"
    again = client.get(path, headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304 and again.headers["Content-Security-Policy"] == POLICY


def test_the_pages_style_is_the_one_the_policy_allows(client):
    import base64
    import hashlib

    page = client.get("/v1/games/newyork/rules").get_data(as_text=True)
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert len(styles) == 1 and "<script" not in page
    digest = base64.b64encode(hashlib.sha256(styles[0].encode()).digest()).decode()
    assert f"'sha256-{digest}'" in POLICY


def test_a_text_cannot_inject_markup():
    from service.api.pages import markdown

    assert "<script" not in markdown("<script>alert(1)</script> and [x](javascript:alert(1))")


def test_the_rules_files_and_templates_ship_in_the_package():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for path in TEMPLATES_DIR.iterdir():
        relative = path.relative_to(TEMPLATES_DIR.parent).as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in data["service.api"]), relative
    for spec in SPECS.values():  # each game's rules page is package data of its own package
        assert any(fnmatch.fnmatch(spec.rules_page.name, pattern) for pattern in data["*"]), spec.id


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_rules_page_comes_as_json_with_the_same_sections_for_a_client_that_prefers_it(client, game):
    answer = client.get(f"/v1/games/{game}/rules", headers={"Accept": "application/json"})
    assert answer.status_code == 200 and answer.mimetype == "application/json" and answer.headers["Vary"] == "Accept"
    document = answer.get_json()
    ids = [s["id"] for s in document["sections"]] + [p["id"] for s in document["sections"] for p in s["parts"]]
    rules = yaml.safe_load(SPECS[game].rules_page.read_text())
    assert [s["text"] for s in document["sections"]] == [s["text"] for s in rules["sections"]]
    assert set(ids) <= follow(client, f"/v1/games/{game}/rules")
    assert document["readings"] == client.get(f"/v1/games/{game}").get_json()["readings"]
    browser = client.get(f"/v1/games/{game}/rules", headers={"Accept": "text/html,*/*;q=0.8"})
    assert browser.mimetype == "text/html" and browser.headers["ETag"] != answer.headers["ETag"]
