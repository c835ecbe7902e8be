"""JSON Schema (OpenAPI 3.1) components from the marshmallow wire schemas.

Every field a wire schema declares becomes a property with its JSON type, its choices (``OneOf``,
``Equal``), its bounds (``Range``, ``Length``), its default (``load_default``), whether it is required and
whether it may be null, so the contract cannot say anything else than what the service loads. What
marshmallow cannot say is said beside the schema it belongs to, in ``service/schemas``:

- a field checked by hand (a tile, a board) has a ``json_schema()`` method giving the JSON it reads;
- a validator with no marshmallow counterpart carries a ``json_schema`` dict of the keywords it enforces;
- a schema that names its component or adds keywords has ``contract_name`` / ``contract_keywords``;
- a schema that is its parent's fields and its own has ``contract_parent`` (``allOf`` the parent's
  component, beside its own properties); one that is two whole schemas has ``contract_all_of``;
- a ``Nested`` field with ``inline`` metadata is its schema's object in place, not a named component;
- a flat schema whose ``type`` (or ``kind``) chooses its other fields has ``contract_variants``
  (``service.schemas.common.Variants``), and becomes a ``oneOf`` of one named component per choice, with
  a discriminator and its explicit mapping (what lets generators build a sealed type and its members).
  A choice is a plain object, not ``allOf`` a parent: openapi-python-client makes a class of each and the
  union of them, and no generator meets a parent it would not generate.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from marshmallow import INCLUDE, Schema, fields, missing, validate

from ...schemas import common

JsonSchema = dict[str, Any]
NULL: JsonSchema = {"type": "null"}


def ref(name: str) -> JsonSchema:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(schema: JsonSchema) -> JsonSchema:
    """``schema`` or null, written as a ``oneOf`` (generators read it as an optional value)."""
    if schema == {}:
        return schema
    if "oneOf" in schema and "$ref" not in schema and NULL in schema["oneOf"]:
        return schema
    if "oneOf" in schema and set(schema) == {"oneOf"}:
        return {"oneOf": [*schema["oneOf"], NULL]}
    return {"oneOf": [schema, NULL]}


PREFIX_MARK = "{Prefix}"  # in a field's component name: the prefix of the game whose schema it is


class Components:
    """The components reached from the schemas given to ``component``, each generated once, by name."""

    def __init__(self, prefix: str):
        self.prefix = prefix
        self.schemas: dict[str, JsonSchema] = {}
        self._names: dict[type, str] = {}

    # ---- names ------------------------------------------------------------------------------------
    def name_of(self, schema: Schema | type[Schema]) -> str:
        cls = schema if isinstance(schema, type) else type(schema)
        if cls in self._names:
            return self._names[cls]
        name = getattr(cls, "contract_name", None) or cls.__name__.lstrip("_")
        if name.endswith("Schema") and name != "Schema":
            name = name[: -len("Schema")]
        if not name.startswith(self.prefix) and not getattr(cls, "contract_name", None):
            name = self.prefix + name
        return name

    def component(
        self, schema: Schema | type[Schema], name: str | None = None, extra: dict[str, JsonSchema] | None = None
    ) -> str:
        """Generate ``schema``'s component (and those it reaches) under ``name``; returns the name."""
        instance = schema() if isinstance(schema, type) else schema
        cls = type(instance)
        name = name or self.name_of(cls)
        if self._names.get(cls) not in (None, name):
            raise ValueError(f"{cls.__name__} is already the component {self._names[cls]}, not {name}")
        self._names[cls] = name
        if name in self.schemas:
            return name
        self.schemas[name] = {}  # reserved: a schema may reach itself
        variants = getattr(cls, "contract_variants", None)
        all_of = getattr(cls, "contract_all_of", None)
        if all_of is not None:
            self.schemas[name] = {"allOf": [ref(self.component(part)) for part in all_of]}
        elif variants is not None:
            self.schemas[name] = self._union(instance, name, variants)
        else:
            self.schemas[name] = self.object(instance, extra=extra)
        return name

    def alias(self, schema: type[Schema], name: str) -> None:
        """``schema`` is said as the component ``name`` another schema generates (one wire type for two
        loaders: a game's full state and the partial state a score takes are one ``<Game>State``)."""
        self._names[schema] = name

    def named(self, name: str, schema: JsonSchema) -> JsonSchema:
        """A reference to ``schema`` as the component ``name`` (a shape a hand-checked field declares)."""
        if self.schemas.get(name, schema) != schema:
            raise ValueError(f"{name} is declared twice, differently")
        self.schemas[name] = schema
        return ref(name)

    # ---- objects ----------------------------------------------------------------------------------
    def object(
        self,
        schema: Schema,
        only: list[str] | None = None,
        required: set[str] | None = None,
        replace: dict[str, fields.Field | JsonSchema] | None = None,
        extra: dict[str, JsonSchema] | None = None,
    ) -> JsonSchema:
        by_wire = {f.data_key or key: f for key, f in schema.fields.items() if not f.dump_only}
        names = only if only is not None else list(by_wire)
        replace = replace or {}
        own = getattr(type(schema), "contract_fields", {})
        props: dict[str, JsonSchema] = dict(extra or {})
        needed: list[str] = []
        for wire in names:
            f = replace[wire] if wire in replace else by_wire[wire]
            props[wire] = f if isinstance(f, dict) else own[wire](self, f) if wire in own else self.field(f)
            is_required = (wire in required) if required is not None else (not isinstance(f, dict) and f.required)
            if is_required:
                needed.append(wire)
        out: JsonSchema = {"type": "object"}
        parent = getattr(type(schema), "contract_parent", None)
        if parent is not None:
            out["allOf"] = [ref(self.component(parent))]
        if schema.unknown != INCLUDE:
            out["additionalProperties"] = False
        if needed:
            out["required"] = needed
        out["properties"] = props
        out.update(getattr(type(schema), "contract_keywords", {}))
        return out

    def _union(self, schema: Schema, name: str, variants: common.Variants) -> JsonSchema:
        alternatives, mapping = [], {}
        key_field = schema.fields[variants.key]
        order = [f.data_key or key for key, f in schema.fields.items()].index  # the fields' wire names
        kinds = _choices(key_field)
        if kinds is None:
            raise ValueError(f"{name}: the union's key {variants.key!r} declares no choices")
        for kind in kinds:
            required, optional = variants.kinds[kind]
            variant = variants.name.format(prefix=self.prefix, kind=_camel(kind))
            overrides = {**variants.fields_of.get(kind, {})}
            names = [
                variants.key,
                *variants.always,
                *sorted(required, key=order),
                *sorted(optional, key=order),
            ]
            body = self.object(
                schema,
                only=names,
                required={variants.key, *variants.always, *required},
                replace={
                    variants.key: {"type": "string", "const": kind},
                    **{k: self.field(v) if isinstance(v, fields.Field) else v for k, v in overrides.items()},
                },
            )
            body.update(variants.keywords.get(kind, {}))
            self.schemas[variant] = body
            alternatives.append(ref(variant))
            mapping[kind] = ref(variant)["$ref"]
        discriminator = {"propertyName": variants.key, "mapping": mapping}
        union: JsonSchema = {"oneOf": alternatives, "discriminator": discriminator}
        if variants.description:
            union["description"] = variants.description
        return union

    # ---- fields -----------------------------------------------------------------------------------
    def field(self, f: fields.Field) -> JsonSchema:
        value = self._value(f)
        value.update(f.metadata.get("keywords", {}))
        if f.metadata.get("component"):  # a shape with a name of its own (an enum many fields share)
            # a game's own names start with its prefix: ``{Prefix}Roof`` is Skyline 3000's ``Skyline3000Roof``
            value = self.named(f.metadata["component"].replace(PREFIX_MARK, self.prefix), value)
        if f.allow_none and not _takes_null(value):
            value = nullable(value)
        # A default is said in words, not as `default`: openapi-typescript (and others) make a property with a
        # default required, which a request leaving it out would then not compile against.
        default = f.load_default
        description = f.metadata.get("description")
        if default is not missing and not callable(default) and default is not None:
            said = f"Default: `{json.dumps(default)}`."
            description = f"{description} {said}" if description else said
        if description:
            value = (
                {**value, "description": description}
                if "$ref" not in value
                else {"allOf": [value], **{k: v for k, v in value.items() if k != "$ref"}, "description": description}
            )
        return value

    def _value(self, f: fields.Field) -> JsonSchema:
        own: Callable[[Components], JsonSchema] | None = f.metadata.get("json_schema") or getattr(
            f, "json_schema", None
        )
        if own is not None:
            return own(self)
        if isinstance(f, common.PlayerId):
            return self.named(
                "PlayerId",
                {
                    "type": "string",
                    "minLength": common.PLAYER_ID.min,
                    "maxLength": common.PLAYER_ID.max,
                    "pattern": common.PLAYER_ID_PATTERN,
                },
            )
        if isinstance(f, common.Seed):
            # int64: generators that default to 32-bit integers (Kotlin, Swift, Dart) would overflow
            return self.named(
                "Seed", {"type": "integer", "format": "int64", "minimum": common.SEED_MIN, "maximum": common.SEED_MAX}
            )
        if isinstance(f, fields.Nested):
            target = self.object(f.schema) if f.metadata.get("inline") else ref(self.component(f.schema))
            return {"type": "array", "items": target} if f.many else target
        if isinstance(f, fields.List):
            return self._bounded({"type": "array", "items": self.field(f.inner)}, f, "Items")
        if isinstance(f, fields.Dict):
            return self._bounded(self._dict(f), f, "Properties")
        if isinstance(f, fields.Boolean):
            return {"type": "boolean"}
        if isinstance(f, fields.Integer):
            return self._bounded({"type": "integer"}, f, None)
        if isinstance(f, fields.Number):
            return self._bounded({"type": "number"}, f, None)
        if isinstance(f, fields.String):
            return self._bounded({"type": "string"}, f, "Length")
        return self._bounded({}, f, None)

    def _dict(self, f: fields.Dict) -> JsonSchema:
        values = self.field(f.value_field) if f.value_field is not None else {}
        keys = _choices(f.key_field) if f.key_field is not None else None
        if keys is not None:
            return {"type": "object", "additionalProperties": False, "properties": {k: values for k in keys}}
        out: JsonSchema = {"type": "object"}
        if isinstance(f.key_field, common.PlayerId):
            out["propertyNames"] = ref("PlayerId")
        out["additionalProperties"] = values if values else True
        return out

    def _bounded(self, out: JsonSchema, f: fields.Field, size: str | None) -> JsonSchema:
        for check in f.validators:
            out.update(_keywords(check, size))
        return out


def _keywords(check: Any, size: str | None) -> JsonSchema:
    if isinstance(check, validate.OneOf):
        return {"enum": list(check.choices)}
    if isinstance(check, validate.Equal):
        return {"enum": [check.comparable]}
    if isinstance(check, validate.Range):
        out = {}
        if check.min is not None:
            out["minimum" if check.min_inclusive else "exclusiveMinimum"] = check.min
        if check.max is not None:
            out["maximum" if check.max_inclusive else "exclusiveMaximum"] = check.max
        return out
    if isinstance(check, validate.Regexp):
        return {"pattern": check.regex.pattern}
    if isinstance(check, validate.Length) and size is not None:
        low, high = (check.equal, check.equal) if check.equal is not None else (check.min, check.max)
        noun = {"Length": "Length", "Items": "Items", "Properties": "Properties"}[size]
        out = {}
        if low is not None and low > 0:
            out[f"min{noun}"] = low
        if high is not None:
            out[f"max{noun}"] = high
        return out
    return dict(getattr(check, "json_schema", {}))


def _choices(f: fields.Field) -> list | None:
    for check in f.validators:
        if isinstance(check, validate.OneOf):
            return list(check.choices)
        if isinstance(check, validate.Equal):
            return [check.comparable]
    choices = getattr(f, "contract_choices", None)
    return list(choices) if choices is not None else None


def _takes_null(schema: JsonSchema) -> bool:
    if schema == {} or schema.get("type") == "null":
        return True
    return any(_takes_null(part) for part in schema.get("oneOf", ()) if "$ref" not in part)


def _camel(kind: str) -> str:
    return "".join(part.title() for part in kind.replace("-", "_").split("_"))
