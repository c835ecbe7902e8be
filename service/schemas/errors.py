"""marshmallow's nested error messages as a flat list of JSON pointers into the request body."""

from __future__ import annotations

from typing import Any

from ..engine.kit import pointer


def error_pointers(messages: Any, prefix: str = "") -> list[dict[str, str]]:
    """``{"state": {"players": {0: {"money": ["Not a valid integer."]}}}}`` ->
    ``[{"pointer": "/state/players/0/money", "message": "Not a valid integer."}]``."""
    found: list[dict[str, str]] = []
    if isinstance(messages, dict):
        for key, value in messages.items():
            here = prefix if key == "_schema" else prefix + pointer(key)
            found.extend(error_pointers(value, here))
    elif isinstance(messages, (list, tuple)):
        for item in messages:
            found.extend(error_pointers(item, prefix))
    else:
        found.append({"pointer": prefix, "message": str(messages)})
    return found
