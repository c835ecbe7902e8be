"""Bounded echoes of bad input: a problem never repeats more than a little of what it refuses.

An unknown 900 KB member name must not come back in a 900 KB answer, and a body with a hundred thousand
bad fields must not be answered by a hundred thousand errors. Pointers, messages and details are cut at
MAX_ECHO_CHARS characters (the cut ends in an ellipsis, so a cut pointer is recognisable), and at most
MAX_LISTED_ERRORS errors are listed; ``errors_left_out`` says how many more there were.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

MAX_ECHO_CHARS = 200
MAX_DETAIL_CHARS = 1000
MAX_LISTED_ERRORS = 50
ELLIPSIS = "\u2026"


def bounded_text(text: str, limit: int = MAX_ECHO_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def bounded_errors(errors: Iterable[Mapping[str, str]], left_out: int = 0) -> tuple[list[dict[str, str]], int]:
    """The first MAX_LISTED_ERRORS errors with their pointers and messages cut, and how many are left out."""
    listed: list[dict[str, str]] = []
    for error in errors:
        if len(listed) == MAX_LISTED_ERRORS:
            left_out += 1
            continue
        listed.append({key: bounded_text(str(value)) for key, value in error.items()})
    return listed, left_out
