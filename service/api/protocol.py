"""HTTP itself, where the server lets through what RFC 9112 refuses: a version other than 1.0 and 1.1
(``HTTP/1.2`` is answered 505), and an HTTP/1.1 request without ``Host`` (400, RFC 9112 section 3.2).

And the answers gunicorn writes itself, before any route (a request line or header it cannot parse, a
method it refuses): gunicorn has no hook for them, so the worker's ``write_error`` is replaced by one that
writes a problem+json with the same security headers as every other answer and no HTML."""

from __future__ import annotations

import json

from flask import Flask, request

from ..engine.kit import N_
from .problem_types import PROBLEM_JSON, ApiProblem
from .security import FIXED, NOTHING

VERSIONS = frozenset(("HTTP/1.0", "HTTP/1.1"))


def install_protocol_checks(app: Flask) -> None:
    @app.before_request
    def _protocol():
        version = request.environ.get("SERVER_PROTOCOL", "HTTP/1.1")
        if version not in VERSIONS:
            raise ApiProblem(505, N_("This HTTP version is not supported."), slug="error")
        if version == "HTTP/1.1" and not request.environ.get("HTTP_HOST"):
            raise ApiProblem(400, N_("An HTTP/1.1 request must have a Host header."), slug="error")


def write_error(sock, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's ``util.write_error``, answering a problem+json with the service's security headers."""
    from gunicorn.util import write_nonblock

    body = json.dumps({"type": "about:blank", "title": reason, "status": status_int, "detail": mesg[:200]}).encode()
    headers = {
        "Connection": "close",
        "Content-Type": PROBLEM_JSON,
        "Content-Length": str(len(body)),
        **FIXED,
        "Content-Security-Policy": NOTHING,
    }
    head = f"HTTP/1.1 {status_int} {reason}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
    write_nonblock(sock, head.encode("latin-1") + body)
