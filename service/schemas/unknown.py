"""Unknown keys counted before marshmallow collects them: a body with thousands of them costs a parse.

marshmallow stores an error for every unknown key and the edge turns each into a pointer, about 50 us a
key: a 1 MiB object of 80,000 unknown keys took seconds, for an answer that lists 50 errors. So before
marshmallow judges a body the compiled plan refused, ``refuse_many_unknown`` walks the body along the
schema (its Nested, List and Dict fields), counts each object's unknown keys by one set difference, and
when there are more than the answer lists raises a ValidationError naming the first of them, with
``left_out`` counting the rest. With fewer, marshmallow judges as before and lists every error.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields

# As many errors as a problem lists (service/api/echo.py MAX_LISTED_ERRORS; a test keeps the two equal).
LISTED = 50
UNKNOWN = "Unknown field."


class TooManyUnknown(ValidationError):
    def __init__(self, messages: dict, left_out: int):
        super().__init__(messages)
        self.left_out = left_out


def refuse_many_unknown(schema: Schema, data: Any) -> None:
    found = 0
    listed: list[tuple[tuple, str]] = []
    for path, obj, known, count in _unknown(schema, data, (), None):
        found += count
        if len(listed) < LISTED:  # in the body's order, so that the answer is always the same
            unknown = (key for key in obj if key not in known)
            listed.extend((path, key) for key in islice(unknown, LISTED - len(listed)))
    if found > LISTED:
        messages: dict = {}
        for path, key in listed[:LISTED]:
            here = messages
            for token in path:
                here = here.setdefault(token, {})
            here[key] = [UNKNOWN]
        raise TooManyUnknown(messages, found - LISTED)


Found = Iterator[tuple[tuple, dict, dict, int]]  # (path, object, its known keys, how many keys it has unknown)


def _unknown(schema: Schema, data: Any, path: tuple, unknown: str | None) -> Found:
    """Each object of ``data`` that ``schema`` describes and that has unknown keys; the walk follows the
    schema's nesting (a few levels), not the body's."""
    if schema.many:
        if type(data) is list:
            for index, item in enumerate(data):
                yield from _unknown_item(schema, item, (*path, index), unknown)
        return
    yield from _unknown_item(schema, data, path, unknown)


def _unknown_item(schema: Schema, data: Any, path: tuple, unknown: str | None) -> Found:
    if type(data) is not dict:
        return
    by_key = {
        (field.data_key if field.data_key is not None else name): field for name, field in schema.load_fields.items()
    }
    if (unknown or schema.unknown) == RAISE:
        count = len(data.keys() - by_key.keys())
        if count:
            yield path, data, by_key, count
    for key, field in by_key.items():
        if key in data:
            yield from _unknown_field(field, data[key], (*path, key))


def _unknown_field(field: fields.Field, value: Any, path: tuple) -> Found:
    if isinstance(field, fields.Nested) and isinstance(field.schema, Schema):
        yield from _unknown(field.schema, value, path, field.unknown)
    elif isinstance(field, fields.List) and type(value) is list:
        for index, item in enumerate(value):
            yield from _unknown_field(field.inner, item, (*path, index))
    elif isinstance(field, fields.Dict) and field.value_field is not None and type(value) is dict:
        for key, item in value.items():
            yield from _unknown_field(field.value_field, item, (*path, key))
