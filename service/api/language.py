"""Which language an answer speaks, and the headers that say so.

An explicit choice wins: the body's top-level ``lang`` field (game routes), then the ``lang`` query
parameter, then ``Accept-Language`` with its quality values. A language the service does not speak falls
back to English. Codes, field names and ids never change with the language; only the texts do.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Flask, Response, g, request

from ..i18n import DEFAULT, LANGUAGES
from .localize import Translator
from .problem_types import ApiProblem

FIELD = "lang"
_FIELD_BYTES = b'"lang"'


def _primary(tag: str) -> str:
    return tag.strip().replace("_", "-").split("-", 1)[0].lower()


def supported(tag: str) -> str:
    """The service's language for a language tag (``hu-HU`` is ``hu``); English for any other."""
    primary = _primary(tag)
    return primary if primary in LANGUAGES else DEFAULT


def negotiated(environ: dict[str, Any] | None = None) -> str:
    """The language from the query parameter or, without one, from Accept-Language: the first of its
    ranges, by quality, whose primary subtag the service speaks (``nl-BE, en;q=0.5`` is Dutch).
    ``environ``: the request's, when the caller has it at hand."""
    if environ is None:
        environ = request.environ
    if not environ.get("QUERY_STRING") and not environ.get("HTTP_ACCEPT_LANGUAGE"):
        return DEFAULT  # nothing to parse: most API clients send neither
    explicit = request.args.get(FIELD)
    if explicit is not None:
        return supported(explicit)
    for tag, quality in request.accept_languages:  # werkzeug orders the ranges by quality
        if quality > 0 and _primary(tag) in LANGUAGES:
            return _primary(tag)
    return DEFAULT


def body_language(raw: bytes) -> str | None:
    """The body's own ``lang`` field, read only when its bytes name one (most bodies do not)."""
    if _FIELD_BYTES not in raw:
        return None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None  # the route's own parser answers the malformed body
    if isinstance(data, dict) and isinstance(data.get(FIELD), str):
        return supported(data[FIELD])
    return None


def without_language(body: dict[str, Any], at: str = "") -> dict[str, Any]:
    """The body without its ``lang`` field, which is the edge's, not the game's. A replay's ``setup`` is a
    setup request and may carry one too; only the top-level field chooses the language."""
    if isinstance(body.get("setup"), dict) and not at:
        body = {**body, "setup": without_language(body["setup"], "/setup")}
    if FIELD not in body:
        return body
    if not isinstance(body[FIELD], str):
        raise ApiProblem(
            422,
            "{count} field(s) do not fit the schema.",
            [{"pointer": f"{at}/{FIELD}", "message": "Not a valid string."}],
            count=1,
        )
    return {key: value for key, value in body.items() if key != FIELD}


def choose(lang: str) -> str:
    g._get_current_object().lang = lang  # the object behind the proxy: one lookup, not one per attribute
    return lang


def current() -> Translator:
    """The translator of the request's language, negotiated on first use."""
    lang = g._get_current_object().get("lang") or choose(negotiated())
    return Translator.of(lang)


def install_language(app: Flask) -> None:
    for lang in LANGUAGES:  # compile every catalog at start, not in a request; and each game's labels
        translator = Translator.of(lang)
        for binding in app.extensions.get("games", {}).values():
            translator.label_table(binding.words)

    @app.after_request
    def _say_language(response: Response) -> Response:
        lang = g._get_current_object().get("lang")  # (the object behind the proxy, read once)
        if lang:  # only answers whose texts were rendered in a language
            headers = response.headers
            names = {name.lower() for name, _ in headers}  # (one pass; a missing name's lookup raises inside)
            if "content-language" not in names and "vary" not in names:
                # what setting both writes when neither is there: each added at the end
                headers.add("Content-Language", lang)
                headers.add("Vary", "Accept-Language")
                return response
            headers["Content-Language"] = lang
            if "vary" in names:
                response.vary.add("Accept-Language")
            else:  # what vary.add writes, without parsing and rewriting a header set
                headers["Vary"] = "Accept-Language"
        return response
