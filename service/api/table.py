"""The referee's table: a plain HTML/CSS/JS page served from the package at /table/ (no CDN, no build)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Response, current_app, send_from_directory

from ..engine.registry import GAME_IDS
from ..i18n import ids_in
from . import language
from .answers import bytes_answer
from .security import FILES_PAGE

TABLE_DIR = Path(__file__).parent / "static" / "table"
# The same extractors and keywords as service/i18n/babel.cfg's, for the page's own files.
PAGE_EXTRACTORS = [("*.js", "javascript"), ("*.html", "service.i18n.html:extract_html")]
PAGE_KEYWORDS = {"tr": None, "N_": None}

bp = Blueprint("table", __name__)


@bp.after_request
def _policy(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = FILES_PAGE
    return response


@bp.get("/table/")
def index():
    return send_from_directory(TABLE_DIR, "index.html", max_age=0)


@lru_cache(maxsize=1)
def page_ids() -> tuple[str, ...]:
    """The page's message ids, read from its files once (about 200)."""
    files = sorted(p for p in TABLE_DIR.iterdir() if p.suffix in (".js", ".html"))
    return tuple(sorted(ids_in(files, PAGE_EXTRACTORS, PAGE_KEYWORDS)))


@bp.get("/table/messages.json")
def messages():
    """The page's texts and the games' own words in the negotiated language (``lang``, else Accept-Language)."""
    tr = language.current()
    texts = {} if tr.english else {msgid: tr.text(msgid) for msgid in page_ids()}
    games = current_app.extensions["games"]
    words = {} if tr.english else {game: tr.labels(games[game].words.terms, games[game].words) for game in GAME_IDS}
    body = json.dumps({"lang": tr.lang, "messages": texts, "words": words}, ensure_ascii=False, sort_keys=True)
    return bytes_answer(body.encode(), "application/json")


@bp.get("/table/<path:name>")
def asset(name: str):
    # send_from_directory refuses paths that leave TABLE_DIR and answers 404 (problem+json) for missing files.
    return send_from_directory(TABLE_DIR, name, max_age=0)
