"""Whole answers of the game routes, memoised by the request's bytes.

Every game route is a pure function of its body (docs/wire.md: identical requests give
byte-identical answers), so a repeated request can skip parsing, the rules and serialisation. This is
the one evaluation on the request path that costs more than a Redis round trip (bench/memo_costs.py),
so it is the one shared through Redis; only 200 answers are kept, and none over MAX_ANSWER_BYTES.

A cached answer is its media type (its route's, ROUTE_MIMETYPES), a newline and its body: no headers, no status. The
app rebuilds every header itself (ETag from the body, X-Rules-Version on pictures), so nothing read
from a cache can set a cookie, change the content type to HTML, or break the response. The body is kept
as it is, not inside JSON: a hit would otherwise decode a whole answer's escaped text (about 0.1 ms for
a 20 KB score) only to send it again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from flask import Response

from ..cache.memo import Codec, CorruptValue
from ..i18n import catalogs_digest
from ..version import SERVICE_VERSION
from .answers import bytes_answer, svg_answer

MAX_ANSWER_BYTES = 256 * 1024
# Only 200 answers are cached: the game routes answer JSON, and render answers SVG. A cached value is
# served only with its route's type: a value of the other type (forged by a holder of the secret, who
# could otherwise put a picture on a JSON route) is refused like a corrupt one.
MIMETYPES = ("application/json", "image/svg+xml")
ROUTE_MIMETYPES = {"render": "image/svg+xml"}


class _Uncacheable(Exception):
    """Carries an answer that is served but not remembered (too large)."""

    def __init__(self, response: Response):
        self.response = response


class AnswerCodec(Codec):
    """``{"body": text, "mimetype": type}`` as ``type`` + newline + ``text``. Text without a newline reads
    as a type alone, which ``_sound_for`` refuses like any type but the route's. ``FORMAT`` is in every
    answer's key: replicas that write answers another way (a rolling deploy) never read each other's."""

    FORMAT = "type-newline-body"

    @staticmethod
    def dumps(value: dict[str, str]) -> str:
        return f"{value['mimetype']}\n{value['body']}"

    @staticmethod
    def loads(text: str) -> dict[str, str]:
        mimetype, _, body = text.partition("\n")
        return {"body": body, "mimetype": mimetype}


ANSWERS = AnswerCodec()


def route_mimetype(op: str) -> str:
    return ROUTE_MIMETYPES.get(op, "application/json")


def _sound_for(op: str) -> Callable[[dict[str, str]], bool]:
    wanted = route_mimetype(op)

    def sound(value: dict[str, str]) -> bool:
        if value["mimetype"] != wanted:
            raise CorruptValue("content_type")
        return True

    return sound


def cached_answer(
    memo,
    op: str,
    game_id: str,
    rules_version: str,
    raw: bytes,
    answer: Callable[[], Response],
    cache_version: str | None = None,
    lang: str = "en",
) -> Response:
    """The answer for ``raw`` in ``lang`` from the memo, or ``answer()`` remembered when it is a small 200.

    ``cache_version`` (the rules version with the rules fingerprint) keys the entry; it defaults to
    ``rules_version``, which the answer's headers carry. The language keys it too: the same bytes asked
    with another Accept-Language are another answer, and so are they after a catalog changes."""
    material = {
        "game": game_id,
        "op": op,
        "lang": f"{lang}.{catalogs_digest()}",
        "format": ANSWERS.FORMAT,
        "body": hashlib.blake2b(raw, digest_size=32).hexdigest(),
    }
    computed: list[Response] = []

    def compute() -> dict[str, Any]:
        response = answer()
        if response.status_code != 200 or (response.content_length or 0) > MAX_ANSWER_BYTES:
            raise _Uncacheable(response)
        if response.mimetype != route_mimetype(op):
            raise _Uncacheable(response)
        computed.append(response)
        return {"body": response.get_data(as_text=True), "mimetype": response.mimetype}

    bound = memo.bound(f"{cache_version or rules_version}+{SERVICE_VERSION}")
    try:
        value = bound.get_or_compute(f"answer.{game_id}.{op}", material, compute, _sound_for(op), ANSWERS)
    except _Uncacheable as skipped:
        return skipped.response
    if computed:
        return computed[0]  # what a hit would rebuild from the value: the same body, type and headers
    if value["mimetype"] == "image/svg+xml":
        return svg_answer(value["body"].encode(), rules_version)
    return bytes_answer(value["body"].encode(), value["mimetype"])
