"""RFC 9457 problem+json answers for every request that is not a rules question."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import Flask, Response
from rfc9457 import Problem
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from ..engine.kit import N_
from ..engine.registry import GAME_IDS
from .echo import MAX_DETAIL_CHARS, bounded_errors, bounded_text

PROBLEM_JSON = "application/problem+json"
log = logging.getLogger("service.api")


@dataclass(frozen=True)
class ProblemType:
    """One kind of problem the service answers, declared once: its slug (the ``type`` is
    ``/problems/<slug>``, a page describing it), its status and title, and the page's three texts: what
    the problem is, what causes it, and what to do."""

    slug: str
    status: int | None  # None: answered with the status of the HTTP error it stands for
    title: str
    means: str
    causes: str
    remedy: str

    @property
    def uri(self) -> str:
        return f"/problems/{self.slug}"


# Every problem the service can answer. An ApiProblem naming another slug is a programming error.
PROBLEM_TYPES: dict[str, ProblemType] = {
    p.slug: p
    for p in (
        ProblemType(
            "malformed-json",
            400,
            N_("Malformed JSON"),
            "The body is not well-formed JSON, so the service cannot read the question.",
            "Bytes that are not UTF-8, a syntax error (a missing quote, brace or comma, a trailing comma), "
            "`NaN` or `Infinity`, an integer of more than 1000 digits, or nesting too deep to read.",
            "Send the body as UTF-8 JSON text; the detail names the fault and where it is. A JSON encoder of any "
            "language produces a body the service reads.",
        ),
        ProblemType(
            "invalid-unicode",
            400,
            N_("Malformed JSON"),
            "A string or member name of the body holds a lone UTF-16 surrogate (`\\ud800` without its pair), "
            "which is not Unicode text: the body is not I-JSON (RFC 7493).",
            "Usually text cut in the middle of a character outside the Basic Multilingual Plane (an emoji), or "
            "an escape written by hand. `errors` points to each such string.",
            "Send whole characters: a surrogate pair (`\\ud83d\\ude00`) or the character itself is fine.",
        ),
        ProblemType(
            "unreadable-body",
            400,
            N_("Unreadable body"),
            "The body's framing is broken, so where it ends cannot be known: the service answers and closes the "
            "connection.",
            "A chunked body with a bad chunk size, a missing line ending or no last chunk, or a body that ends "
            "before its `Content-Length`.",
            "Let the HTTP library frame the body; send a body as long as its `Content-Length` says.",
        ),
        ProblemType(
            "not-found",
            404,
            N_("Not found"),
            "There is no such route.",
            "A path the service does not serve: a typing error, or a route of another version.",
            "The routes are listed in the contract at `/openapi.yaml` and on `/docs`.",
        ),
        ProblemType(
            "unknown-game",
            404,
            N_("Not found"),
            "The path names a game the service does not referee.",
            "A game id the service does not serve (ids are lower case, without spaces); it serves "
            + ", ".join(f"`{game}`" for game in GAME_IDS)
            + ".",
            "Use one of those ids; `GET /v1/games` lists them.",
        ),
        ProblemType(
            "method-not-allowed",
            405,
            N_("Method not allowed"),
            "The route exists but does not take this HTTP method.",
            "A `GET` on a route that answers questions (those take `POST` with a JSON body), or a `POST` on a "
            "route that only describes.",
            "Use a method the `Allow` header of the answer names.",
        ),
        ProblemType(
            "body-too-large",
            413,
            N_("Body too large"),
            "The body is over the size limit (`MAX_BODY_BYTES`, 1 MiB by default), by its `Content-Length` or, "
            "for a chunked body, by what arrives.",
            "A state with far more than a game can hold, a body sent twice over, or a file sent by mistake.",
            "Send only the state and the move; a whole game's state is a few kilobytes. The operator sets the limit.",
        ),
        ProblemType(
            "body-timeout",
            408,
            N_("Request timeout"),
            "The body did not arrive in full within the body deadline (`BODY_DEADLINE_SECONDS`, 10 s by "
            "default); the service answers and closes the connection, so that a slow sender holds no worker.",
            "A very slow network, a client that stopped sending, or a body sent far slower than it can be.",
            "Send the whole body at once; retry on a better connection.",
        ),
        ProblemType(
            "charset",
            415,
            N_("Unsupported media type"),
            "The body is declared in a character set other than UTF-8, the only encoding of JSON (RFC 8259).",
            "A `Content-Type` with `charset=latin-1`, `charset=utf-16` or another non-UTF-8 charset.",
            "Encode the body as UTF-8 and send `Content-Type: application/json` (with `charset=utf-8` or none).",
        ),
        ProblemType(
            "not-json",
            415,
            N_("Unsupported media type"),
            "The body is not sent as JSON.",
            "A `Content-Type` other than `application/json` (a form, plain text), or none.",
            "Send the body with `Content-Type: application/json`.",
        ),
        ProblemType(
            "schema",
            422,
            N_("The request does not fit the schema"),
            "The body is JSON but does not fit the operation's schema: a field is missing, unknown, of the wrong "
            "type or out of range.",
            "A state or move shaped for another game or version, a typing error in a field name, a string where "
            "a number belongs. `errors` lists every offending field with a JSON pointer into the body.",
            "Fix each field `errors` points to; the contract at `/openapi.yaml` gives each game's schemas with "
            "examples.",
        ),
        ProblemType(
            "setup-refused",
            422,
            N_("The request does not fit the schema"),
            "The rules refuse the setup asked for, although it fits the schema.",
            "A player count the game does not allow, or options the rules cannot play together. `errors` says which.",
            "Change the players or options as `errors` says; `GET /v1/games/{game}` gives the player counts "
            "and options.",
        ),
        ProblemType(
            "internal",
            500,
            N_("Internal error"),
            "The service failed to answer: a defect of the service, never the client's fault.",
            "A failure inside the service; it is logged with the request, and nothing of it reaches the answer.",
            "Retry; if it happens again for the same request, report the request to the operator.",
        ),
        ProblemType(
            "not-implemented",
            501,
            N_("Not implemented yet"),
            "The game's rules engine is not built into this service yet.",
            "A game listed with `available: false` in `GET /v1/games`.",
            "Use a game that is available, or a later version of the service.",
        ),
        ProblemType(
            "deadline-exceeded",
            503,
            N_("Service unavailable"),
            "The answer took longer than the service's deadline (`REQUEST_DEADLINE_MS`, 2 s by default) and was "
            "abandoned, so that no request holds a worker.",
            "Not expected for any request within the body limit: a service under heavy load, or a question far "
            "costlier than a game's.",
            "Retry after the seconds the `Retry-After` header gives, or send a smaller request.",
        ),
        ProblemType(
            "busy-reading",
            503,
            N_("Service unavailable"),
            "The worker is already reading as many bytes of bodies as it may hold (`BODY_BUFFER_BYTES`), so this "
            "body is refused before it is read.",
            "Many large bodies arriving at once, or slowly: a flood, or a network far slower than the bodies.",
            "Retry after the seconds the `Retry-After` header gives.",
        ),
        ProblemType(
            "unavailable",
            503,
            N_("Service unavailable"),
            "The service cannot answer now.",
            "The service is starting, stopping or overloaded.",
            "Retry after a short wait.",
        ),
        ProblemType(
            "error",
            None,
            N_("Error"),
            "An HTTP error without a more specific kind, answered with the status it has.",
            "A request the web server refuses before it reaches a route (for example a range that cannot be served).",
            "Read the status and the detail; send the request as the contract at `/openapi.yaml` describes it.",
        ),
    )
}

# The slug of each status when the code names none.
DEFAULT_SLUGS = {
    400: "malformed-json",
    404: "not-found",
    405: "method-not-allowed",
    413: "body-too-large",
    415: "not-json",
    422: "schema",
    500: "internal",
    501: "not-implemented",
    503: "unavailable",
}


def problem_type(status: int, slug: str | None = None) -> ProblemType:
    return PROBLEM_TYPES[slug or DEFAULT_SLUGS.get(status, "error")]


LEFT_OUT = N_("The first {listed} errors are listed; {left_out} more are left out.")


class ApiProblem(Exception):
    """Raise to answer with a problem; ``errors`` are ``{pointer, message}`` pairs. ``detail`` is an English
    template (a message id) whose ``{name}`` fields come from ``params``; the answer renders it in the
    request's language."""

    def __init__(
        self,
        status: int,
        detail: str,
        errors: Iterable[Mapping[str, str]] = (),
        slug: str | None = None,
        headers: Mapping[str, str] | None = None,
        errors_left_out: int = 0,
        **params: Any,
    ):
        super().__init__(detail.format(**params))
        if slug is not None and slug not in PROBLEM_TYPES:
            raise ValueError(f"unknown problem type {slug!r}: declare it in PROBLEM_TYPES")
        if slug is not None and PROBLEM_TYPES[slug].status not in (None, status):
            raise ValueError(f"problem type {slug!r} is answered with {PROBLEM_TYPES[slug].status}, not {status}")
        self.status = status
        self.detail = detail
        self.params = params
        self.errors = [dict(e) for e in errors]
        self.slug = slug
        self.headers = dict(headers or {})
        self.errors_left_out = errors_left_out


def problem_response(
    status: int,
    detail: str,
    errors: Iterable[Mapping[str, str]] = (),
    slug: str | None = None,
    headers: Mapping[str, str] | None = None,
    errors_left_out: int = 0,
    params: Mapping[str, Any] | None = None,
) -> Response:
    """A problem answer; ``detail`` is a message id formatted with ``params`` in the request's language."""
    from .field_messages import localized_errors
    from .language import current  # the language module raises ApiProblem itself

    tr = current()
    kind = problem_type(status, slug)
    extras: dict[str, Any] = {}
    errors, left_out = bounded_errors(errors, errors_left_out)
    errors = localized_errors(tr, errors)
    if errors:
        extras["errors"] = errors
    if left_out:
        extras["errors_left_out"] = left_out
    detail = tr.format(detail, params or {})
    if left_out:
        detail += " " + tr.format(LEFT_OUT, {"listed": len(errors), "left_out": left_out})
    body = Problem(
        tr.text(kind.title), type_=kind.uri, detail=bounded_text(detail, MAX_DETAIL_CHARS), status=status, **extras
    )
    response = Response(json.dumps(body.marshal(), separators=(",", ":")), status=status, mimetype=PROBLEM_JSON)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


NO_ROUTE = N_("There is no such route. The games are {games}.")


def _from_http(exc: HTTPException) -> Response:
    status = exc.code or 500
    headers = {}
    if isinstance(exc, MethodNotAllowed) and exc.valid_methods:
        headers["Allow"] = ", ".join(sorted(exc.valid_methods))
    detail = {
        404: NO_ROUTE,
        405: N_("This route does not take that method."),
        413: N_("The body is over the size limit."),
    }.get(status) or _described(exc)
    params = {"games": ", ".join(GAME_IDS)} if detail == NO_ROUTE else None
    return problem_response(status, detail, headers=headers, params=params)


# The service's own words for the HTTP errors the web server may answer before a route: shown in place of
# werkzeug's English description in every language but English, whose answers keep werkzeug's text.
STATUS_DETAILS = {
    400: N_("The request could not be read."),
    408: N_("The request did not arrive in time."),
    411: N_("This request needs a Content-Length header."),
    412: N_("A precondition of the request does not hold."),
    414: N_("The URL is too long."),
    416: N_("The range asked for cannot be served."),
    417: N_("The expectation of the Expect header cannot be met."),
    428: N_("This request must be conditional."),
    429: N_("Too many requests; retry later."),
    431: N_("A header field is too large."),
    501: N_("The web server does not support this method."),
    505: N_("This HTTP version is not supported."),
}


def _described(exc: HTTPException) -> str:
    """werkzeug's own description of the error, in the service's words when the language is not English and
    the description is the status's default one (a description given for one error stays as it is)."""
    from .language import current

    description = exc.description or ""
    own = STATUS_DETAILS.get(exc.code or 500)
    if own and description == type(exc).description and not current().english:
        return own
    return description


def install_problem_handlers(app: Flask) -> None:
    @app.errorhandler(ApiProblem)
    def _api_problem(exc: ApiProblem):
        return problem_response(
            exc.status, exc.detail, exc.errors, exc.slug, exc.headers, exc.errors_left_out, exc.params
        )

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException):
        return _from_http(exc)

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):
        # A defect, never the client's fault: log it whole, tell the client nothing of the insides.
        log.exception("unhandled error")
        return problem_response(500, N_("The service failed to answer this request; the failure is logged."))
