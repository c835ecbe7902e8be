"""Pages for people: each game's rules page and a page for every problem type, the targets of citations.

The rules are package data, one structured YAML file per game (``rules.yaml`` in the game's package, its spec's ``rules_page``): a list of sections,
each with a stable ``id`` (the anchor citations link to), a title and Markdown text, and optional parts.
Structured YAML rather than one Markdown file because the anchors are then data, not derived from
headings: a title can change or be translated and every citation still resolves; and each title and
paragraph is its own string for a translation catalogue. Markdown is rendered with markdown-it-py
(CommonMark, raw HTML off, so the texts cannot inject markup) into Jinja2 templates (autoescaped).

Each page is rendered once, on its first request, from the rule books and readings the engines declare
(so each section lists the rule codes that cite it, and the readings section cannot miss a reading),
and then served as fixed bytes with an ETag. They carry no script; their one inline style is allowed by hash.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

import yaml
from flask import Blueprint, Response, current_app, request
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markdown_it import MarkdownIt
from markupsafe import Markup

from ..engine.core import Reading, RuleCode
from ..engine.registry import GAME_IDS
from ..version import SERVICE_VERSION
from .answers import bytes_answer
from .problem_types import PROBLEM_TYPES, ApiProblem, ProblemType

HERE = Path(__file__).parent
TEMPLATES_DIR = HERE / "templates"
JSON_FORM = "#json"  # the key of a rules page's JSON form among the pages (no path holds a fragment)
PROVENANCES = {
    "rulebook": "This game's published rulebook says so: the reading quotes its words and says where they were read.",
    "carried over": "The rule of another game the service plays (named in the reading) is carried over, as no "
    "source of this game's own settles it.",
    "public source": "A published text beside the rulebook (a rules summary, a review, a player's report) says so.",
    "assumption": "No source settles it: the service chose the reading, and an option lets the client choose another "
    "where one is offered.",
    "seed": "The rules text the service was built from (the game's own rulebook, in translation) says so, in the "
    "words the reading quotes.",
}
STYLE = (
    "body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:0 auto;padding:1rem;color:#1b1b1b}"
    "h2{border-top:1px solid #ccc;padding-top:.75rem}table{border-collapse:collapse}"
    "td,th{border:1px solid #bbb;padding:.2rem .5rem}code{background:#f2f2f2}"
    ".codes{font-size:.875rem;color:#444}:target{background:#fff6d5}"
)
POLICY = (
    f"default-src 'none'; style-src 'sha256-{base64.b64encode(hashlib.sha256(STYLE.encode()).digest()).decode()}'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)

_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
_TEMPLATES = Environment(
    loader=FileSystemLoader(TEMPLATES_DIR),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
    undefined=StrictUndefined,
)

bp = Blueprint("pages", __name__)


def markdown(text: str) -> Markup:
    return Markup(_MARKDOWN.render(text or ""))


def load_rules(page: Any) -> dict[str, Any]:
    """A rules page's sections: ``page`` is the game's ``rules.yaml`` (its spec's ``rules_page``)."""
    return yaml.safe_load(page.read_text(encoding="utf-8"))


def _section_of(rule_url: str) -> str:
    return rule_url.partition("#")[2]


def render_rules_page(
    game_id: str, info: Any, rule_codes: Iterable[RuleCode], readings: Iterable[Reading], page: Any
) -> bytes:
    rules = load_rules(page)
    cited: dict[str, list[RuleCode]] = {}
    for code in rule_codes:
        cited.setdefault(_section_of(code.rule_url), []).append(code)
    titles = {s["id"]: s["title"] for s in rules["sections"]}
    titles.update({p["id"]: p["title"] for s in rules["sections"] for p in s.get("parts", ())})
    html = _TEMPLATES.get_template("rules.html").render(
        game=game_id,
        info=info,
        rules=rules,
        cited=cited,
        titles=titles,
        style=Markup(STYLE),
        readings=list(readings),
        provenances=PROVENANCES,
        markdown=markdown,
        as_json=lambda value: json.dumps(value, ensure_ascii=False),
    )
    return html.encode()


def render_problem_page(kind: ProblemType) -> bytes:
    return _TEMPLATES.get_template("problem.html").render(kind=kind, style=Markup(STYLE), markdown=markdown).encode()


def render_problem_index(kinds: Iterable[ProblemType]) -> bytes:
    return _TEMPLATES.get_template("problems.html").render(kinds=list(kinds), style=Markup(STYLE)).encode()


def rules_json(game_id: str, info: Any, readings: Iterable[Reading], page: Any) -> bytes:
    """The rules page for programs: the same sections (ids, titles, Markdown texts) and readings."""
    rules = load_rules(page)
    payload = {
        "game": game_id,
        "title": rules["title"],
        "intro": rules["intro"],
        "sections": [
            {
                "id": s["id"],
                "title": s["title"],
                "text": s["text"],
                "parts": [{"id": p["id"], "title": p["title"], "text": p["text"]} for p in s.get("parts", ())],
            }
            for s in rules["sections"]
        ],
        "readings": [r.to_dict(game_id) for r in readings],
        "rules_version": info.rules_version,
        "service_version": SERVICE_VERSION,
    }
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()


class Pages:
    """The pages of one app by path, each rendered on its first request and kept: most apps (the tests'
    above all) serve none, and rendering all of them costs a fifth of a second."""

    def __init__(self, renderers: Mapping[str, Callable[[], bytes]]):
        self._renderers = dict(renderers)
        self._rendered: dict[str, bytes] = {}

    def __contains__(self, path: str) -> bool:
        return path in self._renderers

    def __getitem__(self, path: str) -> bytes:
        page = self._rendered.get(path)
        if page is None:  # two threads may both render it: the same bytes, kept once
            page = self._rendered.setdefault(path, self._renderers[path]())
        return page


def build_pages(bindings: Mapping[str, Any]) -> Pages:
    """Every page, by path: a rules page per built game (and its JSON form), a page per problem type and
    their index."""
    renderers: dict[str, Callable[[], bytes]] = {
        f"/problems/{slug}": partial(render_problem_page, kind) for slug, kind in PROBLEM_TYPES.items()
    }
    renderers["/problems/"] = partial(render_problem_index, PROBLEM_TYPES.values())
    for game_id, binding in bindings.items():
        if binding.game is not None and binding.rules_page is not None:
            path = f"/v1/games/{game_id}/rules"
            game, page = binding.game, binding.rules_page
            renderers[path] = partial(
                render_rules_page, game_id, binding.info, game.rule_codes(), game.readings(), page
            )
            renderers[path + JSON_FORM] = partial(rules_json, game_id, binding.info, game.readings(), page)
    return Pages(renderers)


def _page(path: str) -> Response:
    return bytes_answer(current_app.extensions["pages"][path], "text/html")


@bp.after_request
def _policy(response: Response) -> Response:
    # Set on HTML answers and every 304, so a revalidated page keeps a policy that fits it.
    if response.mimetype == "text/html" or response.status_code == 304:
        response.headers["Content-Security-Policy"] = POLICY
    return response


@bp.get("/v1/games/<game_id>/rules")
def rules_page(game_id: str):
    """HTML for people; JSON (the same sections, texts in Markdown) when the client prefers it."""
    path = f"/v1/games/{game_id}/rules"
    if path not in current_app.extensions["pages"]:
        if game_id in GAME_IDS:
            raise ApiProblem(
                501,
                "The {name} rules engine is not built yet.",
                name=current_app.extensions["games"][game_id].info.name,
            )
        raise ApiProblem(
            404,
            "There is no game {game}; the games are {games}.",
            slug="unknown-game",
            game=repr(game_id),
            games=", ".join(GAME_IDS),
        )
    if request.accept_mimetypes.best_match(["text/html", "application/json"]) == "application/json":
        answer = bytes_answer(current_app.extensions["pages"][path + JSON_FORM], "application/json")
    else:
        answer = _page(path)
    answer.headers["Vary"] = "Accept"
    return answer


@bp.get("/problems/", strict_slashes=False)  # also at /problems, the contract's path (no trailing slash)
def problem_index():
    return _page("/problems/")


@bp.get("/problems/<slug>")
def problem_page(slug: str):
    path = f"/problems/{slug}"
    if path not in current_app.extensions["pages"]:
        raise ApiProblem(404, "There is no problem type {kind}; /problems/ lists them.", kind=repr(slug))
    return _page(path)
