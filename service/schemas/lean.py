"""marshmallow schemas compiled into plain loaders and dumpers: the lean path of every request.

marshmallow stays the edge's judge. A compiled loader is built from a schema's own fields, validators
and hooks; it takes only what it is sure the schema takes and gives what the schema would give. Anything
else (a wrong type, a failed validator, a missing required field, an unknown key, a hook it does not
model, any exception at all) makes it give up, and ``load`` then runs marshmallow itself, which decides
and reports every error with its pointer. So an invalid body costs one failed compiled attempt more, and
its 422 is marshmallow's, untouched. A dumper gives exactly what ``Schema.dump`` gives.

What is compiled: the fields whose ``deserialize``/``serialize`` plumbing is marshmallow's own, with
String, the strict integer and boolean of ``common``, Raw, List, Dict and Nested done inline, and any
other field's own ``_deserialize``/``_serialize`` called directly; Length, Range, OneOf and Equal checked
inline and other validators called; ``pre_load``, ``validates``, ``validates_schema`` and ``post_load``
hooks that take one item. A schema with anything else (``pass_original``, collection hooks, a partial
or dotted attribute, post-dump hooks, overridden load or dump machinery) is used through marshmallow for
its part. Each item loader and dumper is Python source generated from the schema and compiled, so a
simple field costs a few statements rather than marshmallow's half-dozen calls. The plans are built once
per schema instance (the envelopes' instances are built with the app) and kept on it.
tests/api/test_lean_schemas.py holds them to marshmallow's verdicts, results and dumps.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from marshmallow import EXCLUDE, INCLUDE, RAISE, Schema, fields, missing, utils, validate
from marshmallow.decorators import POST_DUMP, POST_LOAD, PRE_DUMP, PRE_LOAD, VALIDATES, VALIDATES_SCHEMA

from .common import Dict, List, StrictBoolean, StrictInteger
from .unknown import refuse_many_unknown

PLAN = "_lean_plan"
Loader = Callable[[Any], Any]


class _GiveUp(Exception):
    """The compiled loader will not decide this value: marshmallow will."""


def load(schema: Schema, data: Any) -> Any:
    """``schema.load(data)``: the same result or the same ValidationError, by the compiled plan first."""
    try:
        return _plan(schema).load(data)
    except Exception:  # noqa: BLE001 - whatever stopped the plan, marshmallow decides and explains
        pass
    refuse_many_unknown(schema, data)  # more unknown keys than a problem lists: refused without marshmallow
    return schema.load(data)


def dump(schema: Schema, obj: Any) -> Any:
    """``schema.dump(obj)``, by the compiled plan."""
    return _plan(schema).dump(obj)


def prepare(schema: Schema) -> Schema:
    """Compile ``schema``'s plan now (the envelopes do, so that no request pays for it)."""
    _plan(schema)
    return schema


class _Plan:
    def __init__(self, schema: Schema):
        self.load = _schema_loader(schema, schema.unknown)
        self.dump = _schema_dumper(schema)


def _plan(schema: Schema) -> _Plan:
    plan = schema.__dict__.get(PLAN)
    if plan is None:
        plan = _Plan(schema)
        schema.__dict__[PLAN] = plan
    return plan


# --- loading --------------------------------------------------------------------------------------------


def _hooks(schema: Schema, tag: str) -> list[tuple[str, bool, dict]]:
    return list(schema._hooks.get(tag, ()))


def _own(schema: Schema, *names: str) -> bool:
    """The schema's class keeps marshmallow's own ``names`` (it overrides none of them)."""
    return all(getattr(type(schema), name) is getattr(Schema, name) for name in names)


def _loads_item_by_item(schema: Schema) -> bool:
    if not _own(
        schema,
        "load",
        "_do_load",
        "_deserialize",
        "_invoke_load_processors",
        "_invoke_field_validators",
        "_invoke_schema_validators",
        "_run_validator",
        "_invoke_processors",
    ):
        return False
    for tag in (PRE_LOAD, VALIDATES_SCHEMA, POST_LOAD):
        for _name, pass_collection, kwargs in _hooks(schema, tag):
            if pass_collection or kwargs.get("pass_original"):
                return False
    for _name, _many, kwargs in _hooks(schema, VALIDATES):
        if any(name not in schema.fields and name not in schema.declared_fields for name in kwargs["field_names"]):
            return False
    names = [(field.attribute or name) for name, field in schema.load_fields.items()]
    return (
        schema.partial is None
        and not any("." in name for name in names)
        and all(_standard(field) for field in schema.load_fields.values())
    )


def _schema_loader(schema: Schema, unknown: str) -> Loader:
    if not _loads_item_by_item(schema) or unknown not in (RAISE, EXCLUDE, INCLUDE):
        return lambda data: schema.load(data, unknown=unknown)
    many = bool(schema.many)
    item = _item_loader(schema, unknown, many)
    if not many:
        return item

    def load_many(data: Any) -> list[Any]:
        if type(data) is not list:
            raise _GiveUp
        return [item(entry) for entry in data]

    return load_many


def _item_loader(schema: Schema, unknown: str, many: bool) -> Loader:
    """One item's loader, written as Python source and compiled: each simple field's checks are inline
    statements, so a field costs no call of its own."""
    hook_kwargs = {"many": many, "partial": schema.partial, "unknown": unknown}
    source = _Source(
        {
            "missing": missing,
            "GiveUp": _GiveUp,
            "hook_kwargs": hook_kwargs,
            "pre": [getattr(schema, name) for name, _, _ in _hooks(schema, PRE_LOAD)],
            "checks": [getattr(schema, name) for name, _, _ in _hooks(schema, VALIDATES_SCHEMA)],
            "post": [getattr(schema, name) for name, _, _ in _hooks(schema, POST_LOAD)],
            "field_checks": _field_validators(schema),
        }
    )
    keys = [
        (field.data_key if field.data_key is not None else name, field.attribute or name, field)
        for name, field in schema.load_fields.items()
    ]
    source.env["known"] = frozenset(key for key, _, _ in keys)
    lines = [
        "def load_item(data):",
        "    for hook in pre:",
        "        data = hook(data, **hook_kwargs)",
        "    if type(data) is not dict:",
        "        raise GiveUp",
    ]
    if unknown == RAISE:
        lines += ["    if not known.issuperset(data):", "        raise GiveUp"]
    lines += ["    out = {}"]
    for key, attr, field in keys:
        lines += _field_source(source, key, attr, field)
    if unknown == INCLUDE:
        lines += ["    for key in data.keys() - known:", "        out[key] = data[key]"]
    lines += [
        "    for attr, name, check, data_key in field_checks:",
        "        if attr in out and check(out[attr], data_key=data_key) is missing:",
        "            out.pop(name, None)",
        "    for check in checks:",
        "        check(out, **hook_kwargs)",
        "    for hook in post:",
        "        out = hook(out, **hook_kwargs)",
        "    return out",
    ]
    return source.compile(lines, "load_item")


class _Source:
    """Names for the values the generated source refers to, and its compilation."""

    def __init__(self, env: dict[str, Any]):
        self.env = env

    def name(self, value: Any) -> str:
        name = f"_{len(self.env)}"
        self.env[name] = value
        return name

    def compile(self, lines: list[str], function: str) -> Callable:
        namespace = dict(self.env)
        exec(compile("\n".join(lines), f"<lean {function}>", "exec"), namespace)  # noqa: S102 - our own source
        return namespace[function]


def _field_source(source: _Source, key: str, attr: str, field: fields.Field) -> list[str]:
    """Statements loading one field of an item into ``out`` (marshmallow's ``Field.deserialize``)."""
    k, a = source.name(key), source.name(attr)
    lines = [f"    v = data.get({k}, missing)", "    if v is missing:"]
    default = field.load_default
    if field.required:
        lines += ["        raise GiveUp"]
    elif default is missing:
        lines += ["        pass"]
    else:
        lines += [f"        out[{a}] = {source.name(default)}{'()' if callable(default) else ''}"]
    lines += ["    else:"]
    lines += ["        " + line for line in _value_source(source, field, k, "data")]
    lines += [f"        out[{a}] = v"]
    return lines


def _value_source(source: _Source, field: fields.Field, attr: str, data: str) -> list[str]:
    """Statements that check and convert a present value ``v`` as the field would (None first: a null
    is taken as it is when the field allows it, validators unrun)."""
    body = _core_source(source, field, attr, data)
    for validator in field.validators:
        body += _check_source(source, validator)
    return [
        "if v is None:",
        "    pass" if field.allow_none else "    raise GiveUp",
        "else:",
        *("    " + line for line in body or ["pass"]),
    ]


def _core_source(source: _Source, field: fields.Field, attr: str, data: str) -> list[str]:
    method = type(field)._deserialize
    if method is fields.String._deserialize:
        return ["if type(v) is not str:", "    raise GiveUp"]
    if method is StrictInteger._deserialize:
        return ["if type(v) is not int:", f"    v = {source.name(_integral)}(v)"]
    if method is StrictBoolean._deserialize:
        return ["if type(v) is not bool:", "    raise GiveUp"]
    if method is fields.Field._deserialize:
        return []
    if method is fields.Nested._deserialize:
        return [f"v = {source.name(_nested_loader(field))}(v)"]
    return [f"v = {source.name(_core_loader(field))}(v, {attr}, {data})"]


def _integral(value: Any) -> int:
    """The strict integer field's reading of a value that is not an int: an integral float, else no."""
    if type(value) is float and value.is_integer():
        return int(value)
    raise _GiveUp


def _check_source(source: _Source, validator: Any) -> list[str]:
    """Statements raising GiveUp when ``v`` fails ``validator`` (Length, Range, OneOf, Equal inline)."""
    kind = type(validator)
    if kind is validate.Length:
        if validator.equal is not None:
            return [f"if len(v) != {validator.equal!r}:", "    raise GiveUp"]
        tests = ([f"n < {validator.min!r}"] if validator.min is not None else []) + (
            [f"n > {validator.max!r}"] if validator.max is not None else []
        )
        return ["n = len(v)", f"if {' or '.join(tests)}:", "    raise GiveUp"] if tests else ["len(v)"]
    if kind is validate.Range:
        tests = []
        if validator.min is not None:
            tests.append(f"v {'<' if validator.min_inclusive else '<='} {source.name(validator.min)}")
        if validator.max is not None:
            tests.append(f"v {'>' if validator.max_inclusive else '>='} {source.name(validator.max)}")
        return [f"if {' or '.join(tests)}:", "    raise GiveUp"] if tests else []
    if kind is validate.OneOf:
        return [f"if v not in {source.name(validator.choices)}:", "    raise GiveUp"]
    if kind is validate.Equal:
        return [f"if v != {source.name(validator.comparable)}:", "    raise GiveUp"]
    return [f"{source.name(validator)}(v)"]


def _check(validator: Any) -> Callable[[Any], bool]:
    """``validator`` as the generated source checks it, as a predicate (for the tests)."""
    source = _Source({"GiveUp": _GiveUp})
    check = source.compile(
        ["def check(v):", *("    " + line for line in _check_source(source, validator)), "    return True"], "check"
    )

    def predicate(value: Any) -> bool:
        try:
            return check(value)
        except _GiveUp:
            return False

    return predicate


def _field_validators(schema: Schema) -> list[tuple[str, str, Callable, str]]:
    found = []
    for name, _many, kwargs in _hooks(schema, VALIDATES):
        for field_name in kwargs["field_names"]:
            field = schema.fields.get(field_name)
            if field is not None:
                data_key = field.data_key if field.data_key is not None else field_name
                found.append((field.attribute or field_name, field_name, getattr(schema, name), data_key))
    return found


def _standard(field: fields.Field) -> bool:
    """The field's load plumbing (missing, null, validators) is marshmallow's own: only its
    ``_deserialize`` may be its own."""
    cls = type(field)
    return (
        cls.deserialize is fields.Field.deserialize
        and cls._validate_missing is fields.Field._validate_missing
        and cls._validate is fields.Field._validate
        and cls._validate_all is fields.Field._validate_all
    )


def _inner_loader(field: fields.Field) -> Callable[[Any], Any]:
    """Load one item of a List or one key or value of a Dict (marshmallow passes no attr or data)."""
    if not _standard(field):
        return lambda value: field.deserialize(value)
    source = _Source({"GiveUp": _GiveUp})
    lines = ["def inner(v):", *("    " + line for line in _value_source(source, field, "None", "None")), "    return v"]
    return source.compile(lines, "inner")


def _core_loader(field: fields.Field) -> Callable[[Any, Any, Any], Any]:
    """Lists, dicts and any field's own ``_deserialize``: called by the generated source."""
    method = type(field)._deserialize
    if method in (fields.List._deserialize, List._deserialize):
        return _list_loader(field, length_first=method is List._deserialize)
    if method in (fields.Mapping._deserialize, Dict._deserialize) and field.mapping_type is dict:
        return _dict_loader(field, length_first=method is Dict._deserialize)
    return lambda value, attr, data: field._deserialize(value, attr, data)


def _length_bounds(field: fields.Field, length_first: bool) -> tuple[int, float, tuple[validate.Length, ...]]:
    """The length limits ``common.List`` and ``common.Dict`` check before their items, found once among the
    field's validators, as the lengths all of them allow (``low``..``high``) and the validators themselves:
    a length inside passes with two comparisons, and only one outside goes to the validators, which raise
    marshmallow's own error."""
    checks = tuple(c for c in field.validators if isinstance(c, validate.Length)) if length_first else ()
    lows = [c.equal if c.equal is not None else c.min or 0 for c in checks]
    highs = [c.equal if c.equal is not None else c.max for c in checks]
    return max(lows, default=0), min((h for h in highs if h is not None), default=math.inf), checks


def _list_loader(field: fields.List, length_first: bool):
    inner = _inner_loader(field.inner)
    low, high, checks = _length_bounds(field, length_first)

    def load_list(value: Any, attr: Any, data: Any) -> list[Any]:
        if type(value) is not list:
            raise _GiveUp
        if not low <= len(value) <= high:
            for check in checks:
                check(value)
        return [inner(item) for item in value]

    return load_list


def _dict_loader(field: fields.Mapping, length_first: bool):
    key_loader = _inner_loader(field.key_field) if field.key_field is not None else None
    value_loader = _inner_loader(field.value_field) if field.value_field is not None else None
    low, high, checks = _length_bounds(field, length_first)

    def load_dict(value: Any, attr: Any, data: Any) -> dict[Any, Any]:
        if type(value) is not dict:
            raise _GiveUp
        if not low <= len(value) <= high:
            for check in checks:
                check(value)
        if key_loader is None and value_loader is None:
            return dict(value)
        out = {}
        for key, item in value.items():
            out[key if key_loader is None else key_loader(key)] = item if value_loader is None else value_loader(item)
        return out

    return load_dict


def _nested_loader(field: fields.Nested) -> Loader:
    schema = field.schema
    unknown = field.unknown if field.unknown is not None else schema.unknown
    return _shared(("load", _shape(schema), unknown), lambda: _schema_loader(schema, unknown))


def _shape(schema: Schema) -> tuple:
    """What decides how a nested schema instance loads and dumps: its class and its instance options
    (instances of one class with the same options have the same fields, deep copies of the class's)."""
    return (
        type(schema),
        bool(schema.many),
        schema.partial,
        schema.unknown,
        None if schema.only is None else tuple(sorted(schema.only)),
        tuple(sorted(schema.exclude)),
        tuple(sorted(schema.load_only)),
        tuple(sorted(schema.dump_only)),
    )


class sharing:
    """``with lean.sharing():`` around preparing several schemas compiles each nested schema shape once
    (every envelope of a game nests its own copy of the game's state schema). Only while it lasts."""

    plans: dict | None = None

    def __enter__(self):
        self.outer, sharing.plans = sharing.plans, ({} if sharing.plans is None else sharing.plans)
        return self

    def __exit__(self, *exc):
        sharing.plans = self.outer


def _shared(key: tuple, build: Callable[[], Any]) -> Any:
    if sharing.plans is None:
        return build()
    if key not in sharing.plans:
        sharing.plans[key] = build()
    return sharing.plans[key]


# --- dumping --------------------------------------------------------------------------------------------


def _schema_dumper(schema: Schema) -> Callable[..., Any]:
    pre = _hooks(schema, PRE_DUMP)
    simple = (
        not _hooks(schema, POST_DUMP)
        and all(not many and not kw.get("pass_original") for _, many, kw in pre)
        and _own(schema, "dump", "_serialize", "get_attribute", "_invoke_dump_processors", "_invoke_processors")
    )
    if not simple:
        return lambda obj, many=None: schema.dump(obj, many=many)
    processors = [getattr(schema, name) for name, _, _ in pre]
    fields_of = _fields_dumper(schema)

    def dump_schema(obj: Any, many: bool | None = None) -> Any:
        many = schema.many if many is None else bool(many)
        if not many:
            for processor in processors:
                obj = processor(obj, many=False)
            return fields_of(obj)
        for processor in processors:
            obj = [processor(item, many=True) for item in obj]
        return fields_of(None) if obj is None else [fields_of(item) for item in obj]

    return dump_schema


def _fields_dumper(schema: Schema) -> Callable[[Any], dict[str, Any]]:
    """``Schema._serialize`` of one object, written as Python source: a field costs no call of its own
    unless its value needs its field's ``_serialize``. Dicts are read by key, anything else as
    marshmallow's ``get_value`` reads it."""
    source = _Source({"missing": missing, "get_value": utils.get_value})
    by_key, by_value = ["    if type(obj) is dict:"], ["    else:"]
    for name, field in schema.dump_fields.items():
        out_key = source.name(field.data_key if field.data_key is not None else name)
        cls = type(field)
        key = field.attribute if field.attribute is not None else name
        if (
            cls.serialize is not fields.Field.serialize
            or cls.get_value is not fields.Field.get_value
            or not field._CHECK_ATTRIBUTE
            or "." in key
        ):
            call = source.name(lambda obj, f=field, n=name: f.serialize(n, obj, accessor=schema.get_attribute))
            lines = [f"v = {call}(obj)"]
            by_key += ["        " + line for line in lines + _store(out_key)]
            by_value += ["        " + line for line in lines + _store(out_key)]
            continue
        k, n = source.name(key), source.name(name)
        tail = _dump_default_source(source, field) + _serialize_source(source, field, n) + _store(out_key)
        by_key += [
            "        " + line
            for line in [f"v = obj.get({k}, missing)", "if v is missing:", f"    v = getattr(obj, {k}, missing)", *tail]
        ]
        by_value += ["        " + line for line in [f"v = get_value(obj, {k}, missing)", *tail]]
    if len(by_key) == 1:
        return lambda obj: {}
    return source.compile(["def fields_of(obj):", "    out = {}", *by_key, *by_value, "    return out"], "fields_of")


def _store(out_key: str) -> list[str]:
    return ["if v is not missing:", f"    out[{out_key}] = v"]


def _dump_default_source(source: _Source, field: fields.Field) -> list[str]:
    default = field.dump_default
    if default is missing:
        return []
    return ["if v is missing:", f"    v = {source.name(default)}{'()' if callable(default) else ''}"]


def _serialize_source(source: _Source, field: fields.Field, name: str) -> list[str]:
    """Statements turning a got value ``v`` (not missing) into what ``field._serialize`` returns."""
    method = type(field)._serialize
    same = {fields.String._serialize: "str", fields.Boolean._serialize: "bool"}.get(method)
    if method is fields.Number._serialize and not field.as_string and field.num_type is int:
        same = "int"
    if method is fields.Field._serialize:
        return []
    if same is not None:
        generic = source.name(field._serialize)
        return [
            "if v is not missing and v is not None and type(v) is not " + same + ":",
            f"    v = {generic}(v, {name}, obj)",
        ]
    core = source.name(_core_dumper(field))
    return ["if v is not missing:", f"    v = {core}(v, {name}, obj)"]


def _core_dumper(field: fields.Field) -> Callable[[Any, Any, Any], Any]:
    method = type(field)._serialize
    generic = field._serialize
    if method is fields.String._serialize:
        return lambda value, attr, obj: value if type(value) is str or value is None else generic(value, attr, obj)
    if method is fields.Number._serialize and not field.as_string and field.num_type is int:
        return lambda value, attr, obj: value if type(value) is int or value is None else generic(value, attr, obj)
    if method is fields.Boolean._serialize:
        return lambda value, attr, obj: value if type(value) is bool or value is None else generic(value, attr, obj)
    if method is fields.Field._serialize:
        return lambda value, attr, obj: value
    if method is fields.List._serialize:
        inner = _core_dumper(field.inner)
        return lambda value, attr, obj: None if value is None else [inner(item, attr, obj) for item in value]
    if method is fields.Mapping._serialize and field.mapping_type is dict:
        return _dict_dumper(field)
    if method is fields.Nested._serialize:
        nested = field.schema
        dumper = _shared(("dump", _shape(nested)), lambda: _schema_dumper(nested))
        many = nested.many or field.many
        return lambda value, attr, obj: None if value is None else dumper(value, many=many)
    return generic


def _dict_dumper(field: fields.Mapping) -> Callable[[Any, Any, Any], Any]:
    keys = _core_dumper(field.key_field) if field.key_field is not None else None
    values = _core_dumper(field.value_field) if field.value_field is not None else None

    def dump_dict(value: Any, attr: Any, obj: Any) -> Any:
        if value is None:
            return None
        if keys is None and values is None:
            return dict(value)
        out = {}
        for k, v in value.items():
            out[k if keys is None else keys(k, None, None)] = v if values is None else values(v, None, None)
        return out

    return dump_dict
