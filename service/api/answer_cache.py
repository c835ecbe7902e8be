"""Whole answers of the game routes, memoised by the request's bytes.

Every game route is a pure function of its body (docs/wire.md: identical requests give
byte-identical answers), so a repeated request can skip parsing, the rules and serialisation. This is
the one evaluation on the request path that costs more than a Redis round trip (bench/memo_costs.py),
so it is the one shared through Redis; only 200 answers are kept, and none over MAX_ANSWER_BYTES.

A cached answer is its media type (its route's, declared in service/api/routes.py), a newline, its
ETag, a newline and its body: no other header, no status. The app builds every header itself (X-Rules-Version on pictures), and
takes the ETag only in its own form (a quoted 32-digit hex digest), so nothing read from a cache can set
a cookie, change the content type to HTML, or break the response. The ETag is the one the answer was
served with when it was computed, so a hit does not hash the whole answer again; what Redis holds is
sealed with the secret (``cache/seal.py``) like the body it names. The body is kept as it is, not inside
JSON: a hit would otherwise decode a whole answer's escaped text (about 0.1 ms for a 20 KB score) only to
send it again.

The key is one hash over the request's bytes behind a prefix naming the game, the route, the language
(with the catalogs' digest) and the value's format (``keys.bytes_key``), built once per combination.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from flask import Response

from ..cache.keys import canonical_json
from ..cache.memo import Codec, CorruptValue
from ..i18n import catalogs_digest
from ..version import SERVICE_VERSION
from .answers import bytes_answer, svg_answer
from .routes import BY_PATH

MAX_ANSWER_BYTES = 256 * 1024
# Only 200 answers are cached: the game routes answer JSON, and render answers SVG. A cached value is
# served only with its route's type: a value of the other type (forged by a holder of the secret, who
# could otherwise put a picture on a JSON route) is refused like a corrupt one.
MIMETYPES = ("application/json", "image/svg+xml")


class _Uncacheable(Exception):
    """Carries an answer that is served but not remembered (too large)."""

    def __init__(self, response: Response):
        self.response = response


class AnswerCodec(Codec):
    """``{"body": text, "mimetype": type, "etag": tag}`` as ``type`` + newline + ``tag`` + newline +
    ``text``. Text with fewer newlines reads with an empty type or tag, which ``_sound_for`` refuses.
    ``FORMAT`` is in every answer's key: replicas that write answers another way (a rolling deploy)
    never read each other's."""

    FORMAT = "type-etag-body"

    @staticmethod
    def dumps(value: dict[str, str]) -> str:
        return f"{value['mimetype']}\n{value['etag']}\n{value['body']}"

    @staticmethod
    def loads(text: str) -> dict[str, str]:
        # (what two partitions read, without copying the body twice: a hit's body can be 20 KB)
        first = text.find("\n")
        if first < 0:
            return {"body": "", "mimetype": text, "etag": ""}
        second = text.find("\n", first + 1)
        if second < 0:
            return {"body": "", "mimetype": text[:first], "etag": text[first + 1 :]}
        return {"body": text[second + 1 :], "mimetype": text[:first], "etag": text[first + 1 : second]}


ANSWERS = AnswerCodec()
# The ETag as etag_of writes it: nothing else may reach the header from a cached value.
_ETAG = re.compile(r'"[0-9a-f]{32}"')


def route_mimetype(op: str) -> str:
    route = BY_PATH.get(op)
    return route.media if route is not None else "application/json"


@functools.lru_cache(maxsize=16)  # one check a route (nine game routes)
def _sound_for(op: str) -> Callable[[dict[str, str]], bool]:
    wanted = route_mimetype(op)

    def sound(value: dict[str, str]) -> bool:
        if value["mimetype"] != wanted:
            raise CorruptValue("content_type")
        if _ETAG.fullmatch(value["etag"]) is None:
            raise CorruptValue("etag")
        return True

    return sound


@functools.lru_cache(maxsize=1024)
def _key_prefix(game_id: str, op: str, lang: str, catalogs: str, answer_format: str) -> bytes:
    material = {"game": game_id, "op": op, "lang": f"{lang}.{catalogs}", "format": answer_format}
    return canonical_json(material).encode() + b"\0"


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
    bound = memo.bound(f"{cache_version or rules_version}+{SERVICE_VERSION}")
    kind = f"answer.{game_id}.{op}"
    if not bound.keeps(kind):  # no store (the memo is off): nothing to look up or keep
        return answer()
    computed: list[Response] = []

    def compute() -> dict[str, Any]:
        response = answer()
        if response.status_code != 200 or (response.content_length or 0) > MAX_ANSWER_BYTES:
            raise _Uncacheable(response)
        if response.mimetype != route_mimetype(op):
            raise _Uncacheable(response)
        computed.append(response)
        return {
            "body": response.get_data(as_text=True),
            "mimetype": response.mimetype,
            "etag": response.headers["ETag"],
        }

    prefix = _key_prefix(game_id, op, lang, catalogs_digest(), ANSWERS.FORMAT)
    try:
        value = bound.get_or_compute_bytes(kind, prefix, raw, compute, _sound_for(op), ANSWERS)
    except _Uncacheable as skipped:
        return skipped.response
    if computed:
        return computed[0]  # what a hit would rebuild from the value: the same body, type and headers
    if value["mimetype"] == "image/svg+xml":
        return svg_answer(value["body"].encode(), rules_version, value["etag"])
    return bytes_answer(value["body"].encode(), value["mimetype"], etag=value["etag"])
