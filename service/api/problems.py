"""RFC 9457 problem+json answers for every request that is not a rules question."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping
from typing import Any

from flask import Flask, Response
from rfc9457 import Problem
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from ..engine.kit import N_
from ..engine.registry import GAME_IDS
from .echo import MAX_DETAIL_CHARS, bounded_errors, bounded_text
from .field_messages import localized_errors
from .language import current
from .problem_types import PROBLEM_JSON, ApiProblem, problem_type

log = logging.getLogger("service.api")
LEFT_OUT = N_("The first {listed} errors are listed; {left_out} more are left out.")


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
