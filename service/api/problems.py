"""RFC 9457 problem+json answers for every request that is not a rules question."""
from __future__ import annotations

import json
import logging
from typing import Any, Iterable, Mapping

from flask import Flask, Response
from rfc9457 import Problem
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from .echo import MAX_DETAIL_CHARS, bounded_errors, bounded_text

PROBLEM_JSON = "application/problem+json"
log = logging.getLogger("service.api")

SLUGS = {
    400: ("malformed-json", "Malformed JSON"),
    404: ("not-found", "Not found"),
    405: ("method-not-allowed", "Method not allowed"),
    413: ("body-too-large", "Body too large"),
    415: ("not-json", "Unsupported media type"),
    422: ("schema", "The request does not fit the schema"),
    500: ("internal", "Internal error"),
    501: ("not-implemented", "Not implemented yet"),
    503: ("unavailable", "Service unavailable"),
}


class ApiProblem(Exception):
    """Raise to answer with a problem; ``errors`` are ``{pointer, message}`` pairs."""

    def __init__(self, status: int, detail: str, errors: Iterable[Mapping[str, str]] = (), slug: str | None = None,
                 headers: Mapping[str, str] | None = None, errors_left_out: int = 0):
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.errors = [dict(e) for e in errors]
        self.slug = slug
        self.headers = dict(headers or {})
        self.errors_left_out = errors_left_out


def problem_response(status: int, detail: str, errors: Iterable[Mapping[str, str]] = (),
                     slug: str | None = None, headers: Mapping[str, str] | None = None,
                     errors_left_out: int = 0) -> Response:
    default_slug, title = SLUGS.get(status, ("error", "Error"))
    extras: dict[str, Any] = {}
    errors, left_out = bounded_errors(errors, errors_left_out)
    if errors:
        extras["errors"] = errors
    if left_out:
        extras["errors_left_out"] = left_out
        detail = f"{detail} The first {len(errors)} errors are listed; {left_out} more are left out."
    body = Problem(title, type_=f"/problems/{slug or default_slug}", detail=bounded_text(detail, MAX_DETAIL_CHARS),
                   status=status, **extras)
    response = Response(json.dumps(body.marshal(), separators=(",", ":")), status=status, mimetype=PROBLEM_JSON)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def _from_http(exc: HTTPException) -> Response:
    status = exc.code or 500
    headers = {}
    if isinstance(exc, MethodNotAllowed) and exc.valid_methods:
        headers["Allow"] = ", ".join(sorted(exc.valid_methods))
    detail = {
        404: "There is no such route. The games are newyork, chinatown, skyline3000 and fifthavenue.",
        405: "This route does not take that method.",
        413: "The body is over the size limit.",
    }.get(status, exc.description or "")
    return problem_response(status, detail, headers=headers)


def install_problem_handlers(app: Flask) -> None:
    @app.errorhandler(ApiProblem)
    def _api_problem(exc: ApiProblem):
        return problem_response(exc.status, exc.detail, exc.errors, exc.slug, exc.headers, exc.errors_left_out)

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException):
        return _from_http(exc)

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):
        # A defect, never the client's fault: log it whole, tell the client nothing of the insides.
        log.exception("unhandled error")
        return problem_response(500, "The service failed to answer this request; the failure is logged.")
