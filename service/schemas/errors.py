"""marshmallow's nested error messages as a flat list of JSON pointers into the request body."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

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


def problem_schemas(max_listed: int, max_chars: int) -> type[Schema]:
    """The problem details every refusal answers (RFC 9457), for the contract: at most ``max_listed`` errors,
    each pointer and message cut at ``max_chars`` (the edge's limits, given by it)."""

    from .answers import Answer  # only the contract's build asks: the edge's error path need not load it

    class ProblemErrorSchema(Answer):
        contract_name = "ProblemError"

        pointer = fields.String(required=True, validate=validate.Length(max=max_chars))
        message = fields.String(required=True, validate=validate.Length(max=max_chars))

    class ProblemSchema(Answer):
        contract_name = "Problem"

        type = fields.String(required=True)
        title = fields.String(required=True)
        status = fields.Integer(required=True)
        detail = fields.String()
        instance = fields.String()
        errors = fields.List(fields.Nested(ProblemErrorSchema), validate=validate.Length(max=max_listed))
        errors_left_out = fields.Integer(validate=validate.Range(min=1))

    return ProblemSchema
