"""Whole answers of the game routes, memoised by the request's bytes.

Every game route is a pure function of its body (DESIGN.md section 2: identical requests give
byte-identical answers), so a repeated request can skip parsing, the rules and serialisation. This is
the one evaluation on the request path that costs more than a Redis round trip (bench/memo_costs.py),
so it is the one shared through Redis; only 200 answers are kept, and none over MAX_ANSWER_BYTES.
"""
from __future__ import annotations

import hashlib
from typing import Any, Callable

from flask import Response

from ..version import SERVICE_VERSION

MAX_ANSWER_BYTES = 256 * 1024
MIMETYPES = ("application/json", "image/svg+xml")


class _Uncacheable(Exception):
    """Carries an answer that is served but not remembered (too large)."""

    def __init__(self, response: Response):
        self.response = response


def _sound(value: Any) -> bool:
    return (isinstance(value, dict) and isinstance(value.get("body"), str)
            and value.get("mimetype") in MIMETYPES and isinstance(value.get("headers"), dict))


def cached_answer(memo, op: str, game_id: str, rules_version: str, raw: bytes,
                  answer: Callable[[], Response]) -> Response:
    """The answer for ``raw`` from the memo, or ``answer()`` remembered when it is a small 200."""
    material = {"game": game_id, "op": op, "body": hashlib.blake2b(raw, digest_size=32).hexdigest()}

    def compute() -> dict[str, Any]:
        response = answer()
        if response.status_code != 200 or (response.content_length or 0) > MAX_ANSWER_BYTES:
            raise _Uncacheable(response)
        headers = {k: v for k, v in response.headers.items() if k.startswith("X-")}
        return {"body": response.get_data(as_text=True), "mimetype": response.mimetype, "headers": headers}

    bound = memo.bound(f"{rules_version}+{SERVICE_VERSION}")
    try:
        value = bound.get_or_compute(f"answer.{game_id}.{op}", material, compute, _sound)
    except _Uncacheable as skipped:
        return skipped.response
    from .answers import bytes_answer

    response = bytes_answer(value["body"].encode(), value["mimetype"])
    response.headers.update(value["headers"])
    return response
