"""JSON answers: versions on every body, a strong ETag, 304 for a matching If-None-Match on GET."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import orjson
from flask import Response, g, request

from ..version import SERVICE_VERSION

# Values orjson would write differently from the standard library go to the standard library instead.
_ORJSON_OPTIONS = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS


def encode_json(payload: Any) -> bytes:
    """Compact UTF-8 JSON, byte for byte what ``json.dumps(separators=(",", ":"), ensure_ascii=False)``
    writes. orjson writes it (about ten times faster) whenever it can; what it refuses (non-string keys,
    integers past 64 bits, subclasses, other types) is written by the standard library. The answers hold
    no non-finite floats (orjson would write null where the standard library writes NaN)."""
    try:
        return orjson.dumps(payload, option=_ORJSON_OPTIONS)
    except TypeError:
        return json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()


def encoded(payload: Any) -> bytes | None:
    """``encode_json(payload)`` when orjson writes it itself (so that its text can be extended by
    ``json_answer_with``); None when it is left to the standard library."""
    try:
        return orjson.dumps(payload, option=_ORJSON_OPTIONS)
    except TypeError:
        return None


def json_answer_with(
    payload: dict[str, Any], text: bytes | None, extra: dict[str, Any], rules_version: str
) -> Response:
    """``json_answer(payload | extra, rules_version)`` (``extra``'s members after ``payload``'s, as the
    dict's update would place them) from ``text``, ``encoded(payload)``, without writing ``payload``
    again: the text of an object is its members' texts joined by commas in braces, so the extra members'
    text goes before its closing brace. Written as a whole when a member would replace one of
    ``payload``'s (it would keep its place) or either part is left to the standard library."""
    tail = {**extra, "rules_version": rules_version, "service_version": SERVICE_VERSION}
    tail_text = None if text is None or not tail.keys().isdisjoint(payload) else encoded(tail)
    if text is None or tail_text is None:
        payload.update(extra)
        return json_answer(payload, rules_version)
    return bytes_answer(text[:-1] + (b"," if len(text) > 2 else b"") + tail_text[1:], "application/json")


def etag_of(body: bytes, lang: str | None = None) -> str:
    """A strong ETag of the body, and of its language when the answer was rendered in one: the same bytes
    in two languages (an answer with no text) are still two representations.

    SHA-256, cut to 128 bits: every answer is hashed once, and on CPUs with SHA instructions (most x86
    and ARM servers) it is about twice as fast as blake2b (12 against 22 us for a 20 KB score here)."""
    digest = hashlib.sha256(body)
    if lang:
        digest.update(b"\0" + lang.encode())
    return '"' + digest.hexdigest()[:32] + '"'


def json_answer(
    payload: dict[str, Any], rules_version: str | None = None, status: int = 200, mimetype: str = "application/json"
) -> Response:
    if rules_version is not None:
        payload["rules_version"] = rules_version
    payload["service_version"] = SERVICE_VERSION
    return bytes_answer(encode_json(payload), mimetype, status)


def bytes_answer(body: bytes, mimetype: str, status: int = 200, etag: str | None = None) -> Response:
    """``etag``: the body's ETag as ``etag_of`` wrote it when it was first served (a cached answer)."""
    tag = etag or etag_of(body, g._get_current_object().get("lang"))  # (the objects behind the proxies)
    if request._get_current_object().method in ("GET", "HEAD") and tag in _if_none_match():  # type: ignore[attr-defined]
        response = Response(status=304)
        response.headers["ETag"] = tag
        return response
    response = Response(body, status=status, mimetype=mimetype)
    response.headers["ETag"] = tag
    return response


def svg_answer(svg: bytes, rules_version: str, etag: str | None = None) -> Response:
    response = bytes_answer(svg, "image/svg+xml", etag=etag)
    response.headers["X-Rules-Version"] = rules_version
    return response


def _if_none_match() -> set[str]:
    header = request.headers.get("If-None-Match", "")
    return {part.strip() for part in header.split(",") if part.strip()}


RULES_VERSION = "X-Rules-Version"
# A GET answer may be stored and reused, but only after asking again with its ETag (If-None-Match, which
# answers 304 when nothing changed): a deploy may change it at any moment. A POST answer is not cacheable
# by HTTP caches (the service caches whole answers itself, by the request's bytes).
CACHEABLE = "public, no-cache"


def rules_version_of(path: str, games: dict[str, Any]) -> str:
    """The rules version an answer is about: its game's (``/v1/games/{game}/...``), or every game's,
    ``id=version`` comma-separated, for an answer about none (the list of games, health, the contract)."""
    parts = path.split("/")
    if len(parts) > 3 and parts[1] == "v1" and parts[2] == "games" and parts[3] in games:
        return games[parts[3]].info.rules_version
    return ", ".join(f"{game_id}={binding.info.rules_version}" for game_id, binding in games.items())


def install_answer_headers(app: Any) -> None:
    """``X-Rules-Version`` on every answer, problems and pictures included, and ``Cache-Control`` on every
    GET answer that carries an ETag (and its 304)."""

    @app.after_request
    def _versions(response: Response) -> Response:
        response.headers.setdefault(RULES_VERSION, rules_version_of(request.path, app.extensions["games"]))
        if request.method in ("GET", "HEAD") and "ETag" in response.headers:
            response.headers.setdefault("Cache-Control", CACHEABLE)
        return response
