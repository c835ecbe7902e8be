"""Reading a request body: JSON only, bounded, strict, an object at the top, every string valid Unicode.

Strict means: UTF-8 (RFC 8259 section 8.1; a leading byte order mark is ignored), no NaN or Infinity, no
integer longer than MAX_INTEGER_DIGITS, and no lone UTF-16 surrogate in a string or a member name
(RFC 8259 section 8.2 leaves such strings' behaviour unpredictable; I-JSON, RFC 7493, forbids them).
A lone surrogate cannot be written out as UTF-8, so it would otherwise fail wherever the string is echoed,
hashed or drawn; refusing it here keeps every game and route free of it.
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson
from flask import current_app, request

from ..engine.kit import N_, Term, pointer
from .echo import MAX_LISTED_ERRORS, bounded_text
from .problem_types import ApiProblem
from .reading import read_body

MAX_INTEGER_DIGITS = 1000
# JSON is UTF-8 (RFC 8259 section 8.1): a charset parameter, which application/json does not define, may
# only say so.
UTF_8_NAMES = frozenset(("utf-8", "utf8"))
# Every digit read as "0", so that one substring search (in C, linear) finds a run of digits too long to be
# an integer the service reads; only a body holding such a run pays for checking each integer in Python.
_DIGITS_AS_ZERO = bytes.maketrans(b"0123456789", b"0" * 10)
_TOO_MANY_DIGITS = b"0" * (MAX_INTEGER_DIGITS + 1)
# orjson reads integers past 64 bits as floats, silently: a body with a run of this many digits (in a
# number or a string: the search cannot tell) is read by the standard parser, which keeps them integers.
_FAST_MAX_DIGITS = 18
_FAST_TOO_MANY_DIGITS = b"0" * (_FAST_MAX_DIGITS + 1)
# orjson nests up to 1024 deep, the standard parser less deep (how much less depends on the stack); a
# body that could nest deeper than this (by its count of brackets) is read by the standard parser.
_FAST_MAX_OPENINGS = 500
# Both checks on one translated copy: every digit read as "0" and every "{" as "[" (so the copy's count of
# "[" is the body's count of openings, and its runs of "0" are the body's runs of digits).
_DIGITS_AS_ZERO_OPENINGS_AS_BRACKET = bytes.maketrans(b"0123456789{", b"0" * 10 + b"[")
# A lone surrogate can only come from a \u escape once the bytes are known to be strict UTF-8.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")
# CPython's json parser's reasons (json.JSONDecodeError.msg), translated in a 400's detail; another
# reason (a later Python's new wording) is shown as it is.
JSON_REASONS = frozenset(
    (
        N_("Expecting value"),
        N_("Expecting ',' delimiter"),
        N_("Expecting ':' delimiter"),
        N_("Expecting property name enclosed in double quotes"),
        N_("Unterminated string starting at"),
        N_("Invalid control character at"),
        N_("Invalid \\escape"),
        N_("Invalid \\uXXXX escape"),
        N_("Extra data"),
        N_("Illegal trailing comma before end of object"),
        N_("Illegal trailing comma before end of array"),
    )
)


# A value the JSON grammar allows but this service refuses: the parser lets the problem through.
def _refuse_constant(name: str) -> Any:
    raise ApiProblem(400, "The body is not well-formed JSON: {name} is not valid JSON.", name=name)


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INTEGER_DIGITS:
        raise ApiProblem(
            400,
            "The body is not well-formed JSON: An integer has more than {digits} digits.",
            digits=MAX_INTEGER_DIGITS,
        )
    return int(text)


def _integer_parser(raw: bytes) -> Any:
    """``_integer`` where the body holds a run of digits longer than an integer may be (in a number or a
    string: either may need it); otherwise ``int``, which the parser applies in C, at no cost per number."""
    return _integer if _TOO_MANY_DIGITS in raw.translate(_DIGITS_AS_ZERO) else int


def raw_json_body() -> bytes:
    """The body's bytes, once it is known to be UTF-8 JSON by its media type and within the size limit,
    read within the body deadline and the worker's body budget (``reading.py``)."""
    req = request._get_current_object()  # type: ignore[attr-defined]  # werkzeug's proxy, read once
    environ = req.environ
    length = _plain_length(environ)
    if length is not None and environ.get("CONTENT_TYPE") == "application/json":
        # What nearly every client sends: the plain media type (no parameter to parse) and a plain length
        # (no chunked framing): the same checks as below, on the environ's own values.
        app = current_app._get_current_object()  # type: ignore[attr-defined]
        settings = app.config["SETTINGS"]
        # Flask's request.max_content_length: the request's own limit, else the app's
        limit = req._max_content_length
        if limit is None:
            limit = app.config["MAX_CONTENT_LENGTH"]
        if limit is not None and length > limit:
            raise _too_large(limit)
        return read_body(
            environ,
            length,
            limit if limit is not None else settings.max_body_bytes,
            settings.body_deadline_seconds,
            app.extensions["body_budget"],
        )
    if not _is_json(request.mimetype):
        raise ApiProblem(415, "Send the body as application/json.")
    charset = request.mimetype_params.get("charset")
    if charset is not None and charset.lower() not in UTF_8_NAMES:
        raise ApiProblem(
            415,
            "Send the body as UTF-8 JSON: the charset {charset} is not read.",
            slug="charset",
            charset=repr(bounded_text(charset, 40)),
        )
    limit = request.max_content_length
    length = request.content_length
    if limit is not None and length is not None and length > limit:
        raise _too_large(limit)
    if length is None and not request.environ.get("wsgi.input_terminated"):
        return b""  # no length and no end marked by the server: there is no body to read (RFC 9112 6.3)
    settings = current_app.config["SETTINGS"]
    return read_body(
        request.environ,
        length,
        limit if limit is not None else settings.max_body_bytes,
        settings.body_deadline_seconds,
        current_app.extensions["body_budget"],
    )


def _plain_length(environ: dict[str, Any]) -> int | None:
    """``request.content_length`` when the environ says it plainly: ASCII digits and no Transfer-Encoding
    (werkzeug reads the same number from them); None for anything else, which is read as werkzeug reads it."""
    length = environ.get("CONTENT_LENGTH")
    if type(length) is str and length.isdigit() and length.isascii() and "HTTP_TRANSFER_ENCODING" not in environ:
        return int(length)
    return None


def _too_large(limit: int | None) -> ApiProblem:
    return ApiProblem(413, "The body is over the limit of {limit} bytes.", limit=limit)


def parse_json_object(raw: bytes) -> dict[str, Any]:
    data = _parsed_fast(raw)
    if data is None:
        data = _parsed(raw)
    if not isinstance(data, dict):
        raise ApiProblem(422, "The body must be a JSON object.", [{"pointer": "", "message": N_("Must be an object.")}])
    return data


def _parsed_fast(raw: bytes) -> Any:
    """The body as orjson reads it, when that is what the standard parser would read, else None.

    orjson refuses everything the strict reading refuses (a byte order mark, bad UTF-8, NaN and Infinity,
    numbers past a double, lone surrogates, control characters, any grammar error): those bodies, and
    those it would read differently (integers past 64 bits, nesting deeper than the standard parser goes),
    are left to ``_parsed``, so every refusal and its message are the standard parser's."""
    marked = raw.translate(_DIGITS_AS_ZERO_OPENINGS_AS_BRACKET)  # one pass for both checks
    if marked.count(b"[") > _FAST_MAX_OPENINGS:
        return None
    if _FAST_TOO_MANY_DIGITS in marked:
        return None
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    return data if isinstance(data, dict) else None


def _parsed(raw: bytes) -> Any:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ApiProblem(400, "The body is not UTF-8 (a bad byte at offset {offset}).", offset=exc.start) from None
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_int=_integer_parser(raw))
    except RecursionError:
        raise ApiProblem(400, "The JSON is nested too deeply.") from None
    except json.JSONDecodeError as exc:
        raise ApiProblem(
            400,
            "The body is not well-formed JSON: {reason} at line {line}, column {column}.",
            reason=_reason(exc.msg),
            line=exc.lineno,
            column=exc.colno,
        ) from None
    except ValueError:
        raise ApiProblem(400, "The body is not well-formed JSON.") from None
    if _SURROGATE_ESCAPE.search(text):
        _refuse_lone_surrogates(data)
    return data


def _reason(msg: str) -> str:
    return Term(msg) if msg in JSON_REASONS else msg


def _refuse_lone_surrogates(data: Any) -> None:
    found = list(_lone_surrogates(data))
    if found:
        errors = [{"pointer": _pointer(path), "message": message} for path, message in found[:MAX_LISTED_ERRORS]]
        raise ApiProblem(
            400,
            "A string holds a lone UTF-16 surrogate, which is not Unicode text.",
            errors,
            slug="invalid-unicode",
            errors_left_out=len(found) - len(errors),
        )


def _lone_surrogates(data: Any):
    """(path, message) for every string or member name holding a lone surrogate, walked without recursion
    (the body may nest as deep as the parser allows); a path is a chain of (parent, token) pairs, joined into
    a pointer only for what is listed."""
    stack: list[tuple[Any, Any]] = [(data, None)]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                yield path, N_("This string holds a lone UTF-16 surrogate.")
        elif isinstance(value, dict):
            for key, item in reversed(value.items()):
                if _SURROGATE.search(key):
                    yield path, N_("A member name of this object holds a lone UTF-16 surrogate.")
                else:
                    stack.append((item, (path, key)))
        elif isinstance(value, list):
            stack.extend((item, (path, index)) for index, item in reversed(list(enumerate(value))))


def _pointer(path) -> str:
    tokens = []
    while path is not None:
        path, token = path
        tokens.append(token)
    return pointer(*reversed(tokens))


def _is_json(mimetype: str) -> bool:
    return mimetype == "application/json" or (mimetype.startswith("application/") and mimetype.endswith("+json"))
