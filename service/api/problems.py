"""RFC 9457 problem+json answers for every request that is not a rules question."""
from __future__ import annotations

import json
import logging
from typing import Any, Iterable, Mapping

from flask import Flask, Response
from rfc9457 import Problem
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from ..engine.kit import N_
from .echo import MAX_DETAIL_CHARS, bounded_errors, bounded_text

PROBLEM_JSON = "application/problem+json"
log = logging.getLogger("service.api")

SLUGS = {
    400: ("malformed-json", N_("Malformed JSON")),
    404: ("not-found", N_("Not found")),
    405: ("method-not-allowed", N_("Method not allowed")),
    413: ("body-too-large", N_("Body too large")),
    415: ("not-json", N_("Unsupported media type")),
    422: ("schema", N_("The request does not fit the schema")),
    500: ("internal", N_("Internal error")),
    501: ("not-implemented", N_("Not implemented yet")),
    503: ("unavailable", N_("Service unavailable")),
}
LEFT_OUT = N_("The first {listed} errors are listed; {left_out} more are left out.")


class ApiProblem(Exception):
    """Raise to answer with a problem; ``errors`` are ``{pointer, message}`` pairs. ``detail`` is an English
    template (a message id) whose ``{name}`` fields come from ``params``; the answer renders it in the
    request's language."""

    def __init__(self, status: int, detail: str, errors: Iterable[Mapping[str, str]] = (), slug: str | None = None,
                 headers: Mapping[str, str] | None = None, errors_left_out: int = 0, **params: Any):
        super().__init__(detail.format(**params))
        self.status = status
        self.detail = detail
        self.params = params
        self.errors = [dict(e) for e in errors]
        self.slug = slug
        self.headers = dict(headers or {})
        self.errors_left_out = errors_left_out


def problem_response(status: int, detail: str, errors: Iterable[Mapping[str, str]] = (),
                     slug: str | None = None, headers: Mapping[str, str] | None = None,
                     errors_left_out: int = 0, params: Mapping[str, Any] | None = None) -> Response:
    """A problem answer; ``detail`` is a message id formatted with ``params`` in the request's language."""
    from .language import current  # the language module raises ApiProblem itself

    tr = current()
    default_slug, title = SLUGS.get(status, ("error", "Error"))
    extras: dict[str, Any] = {}
    errors, left_out = bounded_errors(errors, errors_left_out)
    if errors and not tr.english:  # a field's message is shown in the language when it is a catalog id
        errors = [{**e, "message": tr.text(e["message"])} if isinstance(e.get("message"), str) else e
                  for e in errors]
    if errors:
        extras["errors"] = errors
    if left_out:
        extras["errors_left_out"] = left_out
    detail = tr.format(detail, params or {})
    if left_out:
        detail += " " + tr.format(LEFT_OUT, {"listed": len(errors), "left_out": left_out})
    body = Problem(tr.text(title), type_=f"/problems/{slug or default_slug}",
                   detail=bounded_text(detail, MAX_DETAIL_CHARS),
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
        404: N_("There is no such route. The games are newyork, chinatown, skyline3000 and fifthavenue."),
        405: N_("This route does not take that method."),
        413: N_("The body is over the size limit."),
    }.get(status, exc.description or "")
    return problem_response(status, detail, headers=headers)


def install_problem_handlers(app: Flask) -> None:
    @app.errorhandler(ApiProblem)
    def _api_problem(exc: ApiProblem):
        return problem_response(exc.status, exc.detail, exc.errors, exc.slug, exc.headers, exc.errors_left_out,
                                exc.params)

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException):
        return _from_http(exc)

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):
        # A defect, never the client's fault: log it whole, tell the client nothing of the insides.
        log.exception("unhandled error")
        return problem_response(500, N_("The service failed to answer this request; the failure is logged."))
