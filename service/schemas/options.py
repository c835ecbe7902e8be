"""Options fields derived from a game's option specs (``service.engine.kit.OptionBook``).

A game declares each option once, in its engine; its wire schema gets the matching marshmallow field
from here, so the default, the choices and the range are never written twice. A ``value`` option (a
board layout, a tier table) has a structure only the game knows: its schema passes that field in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from ..engine.kit import OptionBook, OptionSpec
from .common import StrictBoolean, StrictInteger, json_keywords


def _one_of(choices: tuple[Any, ...]):
    """OneOf that also matches the JSON type: ``true`` is not the choice ``1``, nor ``1.0`` the choice ``1``."""
    same = validate.OneOf(choices)

    def check(value: Any) -> Any:
        if not any(type(value) is type(choice) and value == choice for choice in choices):
            raise ValidationError(same.error.format(input=value, choices=same.choices_text, labels=same.labels_text))
        return value

    kinds = {type(choice) for choice in choices}
    return json_keywords(check, **({"type": "string"} if kinds == {str} else {}), enum=list(choices))


def option_field(spec: OptionSpec) -> fields.Field:
    if spec.kind == "bool":
        return StrictBoolean(load_default=spec.default, metadata={"description": spec.text})
    if spec.kind == "int":
        return StrictInteger(
            load_default=spec.default,
            validate=validate.Range(spec.minimum, spec.maximum),
            metadata={"description": spec.text},
        )
    if spec.kind == "choice":
        return fields.Raw(
            load_default=spec.default, validate=_one_of(spec.choices), metadata={"description": spec.text}
        )
    raise ValueError(f"option {spec.name} is a structured value: its schema must supply the field")


def options_schema(
    name: str, book: OptionBook, structured: Mapping[str, fields.Field] | None = None, base: type[Schema] = Schema
) -> type[Schema]:
    """A Schema class with one field per option; ``structured`` supplies the ``value`` options' fields."""
    structured = dict(structured or {})
    declared: dict[str, Any] = {}
    for spec in book:
        declared[spec.name] = structured.pop(spec.name) if spec.kind == "value" else option_field(spec)
    if structured:
        raise ValueError(f"fields for options that are not declared: {sorted(structured)}")
    return base.from_dict(declared, name=name)
