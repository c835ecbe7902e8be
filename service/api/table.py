"""The referee's table: a plain HTML/CSS/JS page served from the package at /table/ (no CDN, no build)."""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

from .security import FILES_PAGE

TABLE_DIR = Path(__file__).parent / "static" / "table"

bp = Blueprint("table", __name__)


@bp.after_request
def _policy(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = FILES_PAGE
    return response


@bp.get("/table/")
def index():
    return send_from_directory(TABLE_DIR, "index.html", max_age=0)


@bp.get("/table/<path:name>")
def asset(name: str):
    # send_from_directory refuses paths that leave TABLE_DIR and answers 404 (problem+json) for missing files.
    return send_from_directory(TABLE_DIR, name, max_age=0)
