"""Security headers on every answer: no MIME sniffing, no framing, and a Content-Security-Policy.

A small ``after_request`` rather than a library: the service needs three fixed headers and one policy
that depends on the media type. flask-talisman, the maintained Flask choice, is built around HTTPS
(redirects, HSTS, cookie flags) that belongs to the proxy in front, and its per-view policies would
need a decorator on the documentation blueprint, which the service does not own.

Every answer but HTML gets ``default-src 'none'``: JSON, problems, YAML and the SVG pictures load
nothing (the pictures use presentation attributes, no styles or scripts), so a picture opened in a
browser can run no script even if a client's string slipped through. The HTML pages run scripts from
this origin only: ``/docs`` the installed Swagger UI assets, whose one inline script is allowed by its
hash, computed from the page itself, so nothing else inline can run; ``/table/`` its own modules. The
rules and problem pages (``pages.py``) set their own policy: no script at all, their one inline style by
hash.
"""

from __future__ import annotations

import base64
import hashlib
import re

from flask import Flask, Response

FIXED = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
NOTHING = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
PAGE = (
    "default-src 'none'; script-src 'self' {scripts}; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


def script_hashes(html: bytes) -> str:
    """The CSP sources that allow exactly the page's inline scripts."""
    digests = {hashlib.sha256(body).digest() for body in _INLINE_SCRIPT.findall(html)}
    return " ".join(sorted(f"'sha256-{base64.b64encode(d).decode()}'" for d in digests))


# A page sent from files with no inline script (the table page); its blueprint sets it on every answer,
# its 304s included, so a browser revalidating the page keeps a policy that lets it run.
FILES_PAGE = PAGE.format(scripts="").replace("'self' ;", "'self';")


def policy_for(response: Response) -> str:
    if response.mimetype == "text/html" and response.status_code == 200 and not response.is_streamed:
        return PAGE.format(scripts=script_hashes(response.get_data()))
    return NOTHING


def install_security_headers(app: Flask) -> None:
    @app.after_request
    def _secure(response: Response) -> Response:
        for name, value in FIXED.items():
            response.headers.setdefault(name, value)
        if "Content-Security-Policy" not in response.headers:  # a page's own blueprint may set its own
            response.headers["Content-Security-Policy"] = policy_for(response)
        return response
