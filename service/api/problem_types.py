"""The problems the service answers, each declared once (its slug, status, title and page texts), and
``ApiProblem``, the exception that answers one. Kept apart from the answers themselves (``problems``) so
that modules the answers need (the request's language) can raise a problem without importing them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.kit import N_
from ..engine.registry import GAME_IDS

PROBLEM_JSON = "application/problem+json"


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
            "rate-limited",
            429,
            N_("Too many requests"),
            "The load balancer in front of the service (HAProxy, `deploy/haproxy/haproxy.cfg`) counts each "
            "client address's requests over a window and answers this past its limit, without asking the "
            "service; `Retry-After` says how many seconds to wait.",
            "A client sending requests in a tight loop, many clients behind one address, or a script without a pause.",
            "Wait the `Retry-After` seconds, then send at a steadier pace. The operator sets the limit "
            "(docs/operations.md).",
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
