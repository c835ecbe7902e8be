"""The typed wire: each marshmallow schema's msgspec type, the fast load of every request, and its dump.

marshmallow declares the wire (the contract is generated from its schemas) and judges it: every refusal
and its message are marshmallow's. From the same declaration each schema gets a msgspec ``Struct`` type,
derived once per schema shape: a field's JSON type, its bounds (``Length``, ``Range``), its choices
(``OneOf``, ``Equal``), whether it is required and whether a null is allowed; a nested schema is a nested
Struct, refusing unknown members as the schema does. ``msgspec.convert`` checks a body against that type
in C, then the schema's own conversions (a field's own ``_deserialize``, validators msgspec has no word
for) and hooks (``pre_load``, ``validates``, ``validates_schema``, ``post_load``, with the original data
when they ask for it) run in Python on what it gave, as marshmallow runs them.

The typed type only ever takes less than the schema: a body it refuses (a fraction for an integer, which
the strict integer of ``common`` takes when it is integral; a value a field's own code or a hook refuses;
anything at all that raises) is loaded by marshmallow itself, which decides and explains. So an invalid
body costs one failed typed attempt more, and its 422 is marshmallow's, untouched. A schema whose load
machinery the typed path does not model (a collection hook, a partial or dotted attribute, an overridden
load) is loaded by marshmallow as a whole.

A dump gives exactly what ``Schema.dump`` gives, by a plan of the schema's fields (no marshmallow call per
field). ``tests/api/test_typed_schemas.py`` holds both to marshmallow's results, verdicts and messages.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

import msgspec
import msgspec.inspect
import msgspec.structs
from marshmallow import EXCLUDE, RAISE, Schema, fields, missing, utils, validate
from marshmallow.decorators import POST_DUMP, POST_LOAD, PRE_DUMP, PRE_LOAD, VALIDATES, VALIDATES_SCHEMA

from .common import Dict, List, StrictBoolean, StrictInteger
from .unknown import refuse_many_unknown

PLAN = "_typed_plan"
UNSET = msgspec.UNSET
astuple = msgspec.structs.astuple
Conv = Callable[[Any, Any], Any]  # (value msgspec gave, the original value) -> the loaded value


class _GiveUp(Exception):
    """The typed path will not decide this value: marshmallow will."""


def load(schema: Schema, data: Any) -> Any:
    """``schema.load(data)``: the same result or the same ValidationError, by the typed plan first."""
    plan = _plan(schema)
    if plan.load is not None:
        try:
            return plan.load(data)
        except Exception:  # noqa: BLE001 - whatever stopped the plan, marshmallow decides and explains
            pass
    refuse_many_unknown(schema, data)  # more unknown keys than a problem lists: refused without marshmallow
    return schema.load(data)


def dump(schema: Schema, obj: Any) -> Any:
    """``schema.dump(obj)``, by the schema's dump plan."""
    return _plan(schema).dump(obj)


def prepare(schema: Schema) -> Schema:
    """Derive ``schema``'s plan now (the envelopes do, so that no request pays for it)."""
    _plan(schema)
    return schema


def wire_type(schema: Schema) -> Any:
    """The msgspec type a body of ``schema`` is checked against (None: marshmallow loads it as a whole)."""
    return _plan(schema).gate


class _Plan:
    def __init__(self, schema: Schema):
        loader = None if schema.many else _shared(("load", _shape(schema), False), lambda: _SchemaLoader.of(schema))
        self.gate = None if loader is None else loader.struct
        self.load = None if loader is None else loader.load_top
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
        for _name, pass_collection, _kwargs in _hooks(schema, tag):
            if pass_collection:
                return False
    for _name, _many, kwargs in _hooks(schema, VALIDATES):
        if any(name not in schema.fields and name not in schema.declared_fields for name in kwargs["field_names"]):
            return False
    names = [(field.attribute or name) for name, field in schema.load_fields.items()]
    return (
        schema.partial is None
        and schema.unknown in (RAISE, EXCLUDE)
        and not any("." in name for name in names)
        and all(_standard(field) for field in schema.load_fields.values())
    )


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


def _of(origin: Any, *args: Any) -> Any:
    """``origin[args]`` built at run time (``list[kind]``, ``Literal["a", "b"]``): a type msgspec reads."""
    return origin[args if len(args) > 1 else args[0]]


def _bound(kind: Any, meta: dict[str, Any]) -> Any:
    return Annotated[kind, msgspec.Meta(**meta)] if meta else kind


class _Typed:
    """One field's (or list item's) msgspec type, and what still turns msgspec's value into the field's
    loaded value (None: msgspec's value is it). ``items``: when that conversion needs no original, what
    converts a whole list of such values at once (a list field calls it instead of the conversion per item)."""

    def __init__(self, kind: Any, conv: Conv | None, items: Callable[[list], list] | None = None):
        self.kind, self.conv, self.items = kind, conv, items


def _length_meta(validators: list[Any]) -> tuple[dict[str, Any], list[Any]]:
    """``Length`` validators as msgspec bounds; the validators left for Python."""
    meta: dict[str, Any] = {}
    rest = []
    for check in validators:
        if type(check) is validate.Length:
            low = check.equal if check.equal is not None else check.min
            high = check.equal if check.equal is not None else check.max
            if low is not None:
                meta["min_length"] = max(low, meta.get("min_length", 0))
            if high is not None:
                meta["max_length"] = min(high, meta.get("max_length", high))
        else:
            rest.append(check)
    return meta, rest


def _int_meta(validators: list[Any]) -> tuple[dict[str, Any], list[Any]]:
    """Integer ``Range`` validators with integer bounds as msgspec bounds; the validators left for Python."""
    meta: dict[str, Any] = {}
    rest = []
    for check in validators:
        if type(check) is validate.Range and all(b is None or type(b) is int for b in (check.min, check.max)):
            if check.min is not None:
                low = check.min if check.min_inclusive else check.min + 1
                meta["ge"] = max(low, meta.get("ge", low))
            if check.max is not None:
                high = check.max if check.max_inclusive else check.max - 1
                meta["le"] = min(high, meta.get("le", high))
        else:
            rest.append(check)
    return meta, rest


def _choices(validators: list[Any], scalar: type) -> tuple[Any, list[Any]]:
    """A ``OneOf`` or ``Equal`` of plain ``scalar`` values as a Literal type (None if there is none)."""
    for index, check in enumerate(validators):
        values = None
        if type(check) is validate.OneOf:
            values = tuple(check.choices)
        elif type(check) is validate.Equal:
            values = (check.comparable,)
        if values and all(type(value) is scalar for value in values):
            rest = validators[:index] + validators[index + 1 :]
            # the other bounds (a Range beside the choices) are settled on the choices themselves
            kept = tuple(
                value for value in values if all(_passes(check, value) for check in rest if _bound_check(check))
            )
            if kept:
                return _of(Literal, *kept), [check for check in rest if not _bound_check(check)]
    return None, validators


def _bound_check(check: Any) -> bool:
    return type(check) in (validate.Range, validate.Length)


def _passes(check: Any, value: Any) -> bool:
    try:
        return check(value) is not False
    except Exception:  # noqa: BLE001 - refused
        return False


def _run_checks(checks: list[Any], conv: Conv | None) -> Conv | None:
    """``conv`` followed by the validators msgspec had no word for (marshmallow's ``_validate``)."""
    if not checks:
        return conv

    def checked(value: Any, original: Any) -> Any:
        if conv is not None:
            value = conv(value, original)
        for check in checks:
            if check(value) is False:
                raise _GiveUp
        return value

    return checked


def _field_typed(field: fields.Field) -> _Typed:
    """A field's msgspec type and remaining conversion, as ``Field.deserialize`` loads a present value."""
    typed = _core_typed(field)
    conv = typed.conv
    if type(conv) is _OwnField:  # it reads a null itself
        return typed
    if typed.kind is Any:  # msgspec takes a null here: the field's allow_none decides
        allow = field.allow_none
        many = typed.items
        if not allow and many is not None:  # a list of such values: one check for any null in it

            def guarded_many(values: list) -> list:
                if None in values:
                    raise _GiveUp
                return many(values)

        else:
            guarded_many = None  # type: ignore[assignment]

        def guarded(v: Any, o: Any) -> Any:
            if v is None:
                if allow:
                    return None
                raise _GiveUp
            return v if conv is None else conv(v, o)

        return _Typed(Any, guarded, guarded_many)
    if field.allow_none:
        return _Typed(typed.kind | None, None if conv is None else (lambda v, o: None if v is None else conv(v, o)))
    return typed


def _core_typed(field: Any) -> _Typed:
    declared = field.typed_reading() if hasattr(field, "typed_reading") else None
    if declared is not None:  # the field says its JSON type and how it reads a value of it (raising: refused),
        # and may say how it reads a whole list of them at once (a third member: no call per item)
        kind, read, *read_all = declared
        if read is None:  # msgspec's value is the loaded value
            return _Typed(kind, None)
        many = read_all[0] if read_all else lambda values: [read(v) for v in values]
        return _Typed(kind, lambda value, original: read(value), many)
    method = type(field)._deserialize
    validators = list(field.validators)
    if method is fields.String._deserialize:
        literal, rest = _choices(validators, str)
        if literal is not None:
            return _Typed(literal, _run_checks(rest, None))
        meta, rest = _length_meta(rest)
        return _Typed(_bound(str, meta), _run_checks(rest, None))
    if method is StrictInteger._deserialize:
        literal, rest = _choices(validators, int)
        if literal is not None:
            return _Typed(literal, _run_checks(rest, None))
        meta, rest = _int_meta(rest)
        return _Typed(_bound(int, meta), _run_checks(rest, None))
    if method in (StrictBoolean._deserialize, fields.Boolean._deserialize):
        return _Typed(bool, _run_checks(validators, None))
    if method is fields.Field._deserialize:  # Raw
        return _Typed(Any, _run_checks(validators, None))
    if method is fields.Nested._deserialize:
        return _nested_typed(field, validators)
    if method in (fields.List._deserialize, List._deserialize):
        inner = _field_typed(field.inner) if _standard(field.inner) else _Typed(Any, _marshmallow(field.inner))
        meta, rest = _length_meta(validators)
        conv, many = inner.conv, inner.items
        items: Conv | None = None
        if many is not None:  # the items need no originals: converted by one call for the whole list
            items = lambda v, o: many(v)  # noqa: E731
        elif conv is not None:
            items = lambda v, o: [conv(x, y) for x, y in zip(v, o, strict=True)]  # noqa: E731
        return _Typed(_bound(_of(list, inner.kind), meta), _run_checks(rest, items))
    if method in (fields.Mapping._deserialize, Dict._deserialize) and field.mapping_type is dict:
        return _dict_typed(field, validators)
    # a field's own reading: msgspec takes any JSON value, the field's code decides, then its validators
    own = _OwnField(field)
    return _Typed(Any, own, own.many)


class _OwnField:
    """Marks a field read by its own code: the schema loader calls it with the attribute and the data."""

    def __init__(self, field: fields.Field):
        self.field = field
        self.allow_none = field.allow_none
        self.validators = list(field.validators)

    def __call__(self, value: Any, original: Any, attr: Any = None, data: Any = None) -> Any:
        if value is None:
            if self.allow_none:
                return None
            raise _GiveUp
        value = self.field._deserialize(value, attr, data)
        for check in self.validators:
            if check(value) is False:
                raise _GiveUp
        return value

    def many(self, values: list) -> list:
        """The items of a list of this field, as ``__call__`` reads each (a list item has no attribute
        and no parent data), in one comprehension."""
        read = self.field._deserialize
        if self.validators:
            return [self(value, None) for value in values]
        if self.allow_none:
            return [None if value is None else read(value, None, None) for value in values]
        if None in values:
            raise _GiveUp
        return [read(value, None, None) for value in values]


def _marshmallow(field: fields.Field) -> Conv:
    return lambda value, original: field.deserialize(value)


def _dict_typed(field: Any, validators: list[Any]) -> _Typed:
    def part(inner: fields.Field | None) -> _Typed:
        if inner is None:
            return _Typed(Any, None)
        return _field_typed(inner) if _standard(inner) else _Typed(Any, _marshmallow(inner))

    keys, values = part(field.key_field), part(field.value_field)
    key_kind = keys.kind if keys.kind is not Any else str
    meta, rest = _length_meta(validators)
    kconv, vconv = keys.conv, values.conv
    conv: Conv | None = None
    if kconv is not None or vconv is not None:

        def conv(value: dict, original: dict) -> dict:
            out = {}
            for key, item in value.items():
                out[key if kconv is None else kconv(key, key)] = item if vconv is None else vconv(item, original[key])
            return out

    return _Typed(_bound(_of(dict, key_kind, values.kind), meta), _run_checks(rest, conv))


def _nested_typed(field: Any, validators: list[Any]) -> _Typed:
    schema = field.schema
    unknown = field.unknown if field.unknown is not None else schema.unknown
    many = bool(schema.many or field.many)
    loader = None
    if unknown == schema.unknown:
        loader = _shared(("load", _shape(schema), many), lambda: _SchemaLoader.of(schema, many))
    if loader is None:  # loaded by marshmallow as a whole (which raises on anything it refuses)
        return _Typed(Any, _run_checks(validators, lambda v, o: field.schema.load(v, unknown=unknown)))
    item_kind, item_conv = loader.item_kind, loader.convert
    if many:
        meta, rest = _length_meta(validators)
        return _Typed(
            _bound(_of(list, item_kind), meta),
            _run_checks(rest, lambda v, o: [item_conv(x, y) for x, y in zip(v, o, strict=True)]),
        )
    return _Typed(item_kind, _run_checks(validators, item_conv))


class _SchemaLoader:
    """One schema's Struct type and the conversion of a Struct of it (with its original) into what
    ``schema.load`` returns for one item."""

    @classmethod
    def of(cls, schema: Schema, many: bool = False) -> _SchemaLoader | None:
        if not _loads_item_by_item(schema):
            return None
        return cls(schema, many)

    def __init__(self, schema: Schema, many: bool):
        self.schema = schema
        hook_kwargs = {"many": many, "partial": schema.partial, "unknown": schema.unknown}
        self.pre = [getattr(schema, name) for name, _, _ in _hooks(schema, PRE_LOAD)]
        self.checks = [
            (getattr(schema, name), bool(kw.get("pass_original"))) for name, _, kw in _hooks(schema, VALIDATES_SCHEMA)
        ]
        self.post = [
            (getattr(schema, name), bool(kw.get("pass_original"))) for name, _, kw in _hooks(schema, POST_LOAD)
        ]
        self.hook_kwargs = hook_kwargs
        self.field_checks = _field_validators(schema)
        struct_fields: list[tuple[Any, ...]] = []
        specs: list[tuple[Any, ...]] = []
        for index, (name, field) in enumerate(schema.load_fields.items()):
            key = field.data_key if field.data_key is not None else name
            typed = _field_typed(field)
            slot = f"f{index}"
            if field.required:
                struct_fields.append((slot, typed.kind, msgspec.field(name=key)))
            else:
                struct_fields.append((slot, typed.kind, msgspec.field(default=UNSET, name=key)))
            specs.append((key, field.attribute or name, typed.conv, field.load_default, type(typed.conv) is _OwnField))
        self.specs = tuple(specs)
        self.struct = msgspec.defstruct(
            f"{type(schema).__name__}Wire",
            struct_fields,
            kw_only=True,
            forbid_unknown_fields=schema.unknown == RAISE,
        )
        msgspec.inspect.type_info(self.struct)  # a type msgspec cannot check fails here, not at every request
        self.item_kind = self.struct if not self.pre else Any
        # nothing but the members themselves: the loaded item is the Struct's present values by attribute
        self.plain = not (self.pre or self.checks or self.post or self.field_checks) and all(
            conv is None and default is missing for _, _, conv, default, _ in self.specs
        )
        self.attrs = tuple(attr for _, attr, _, _, _ in self.specs)
        # Prepared for the common case: the Struct's values taken by attribute at once (``dict(zip(...))``,
        # in the fields' order), then only the fields that may be absent or convert their value looked
        # at again. Not when two fields share an attribute (the loop below settles those).
        self.all_required = all(field.required for field in schema.load_fields.values())
        self.fixes = tuple(
            (index, key, attr, conv, default, own)
            for index, ((key, attr, conv, default, own), field) in enumerate(
                zip(self.specs, schema.load_fields.values())
            )
            if conv is not None or not field.required
        )
        # (worth it when at most half the fields are looked at again)
        unique = len(set(self.attrs)) == len(self.attrs)
        self.at_once = unique and 2 * len(self.fixes) <= len(self.specs)
        self.plain_at_once = unique and self.all_required
        self.hooks = bool(self.field_checks or self.checks or self.post)

    def convert(self, value: Any, original: Any) -> Any:
        """The loaded item: ``value`` is msgspec's (a Struct, or the original itself when pre_load hooks
        come first), ``original`` the body's own value here."""
        if self.plain:
            if self.plain_at_once:
                return dict(zip(self.attrs, astuple(value)))
            return {attr: v for attr, v in zip(self.attrs, astuple(value)) if v is not UNSET}
        if self.pre:
            data = original
            for hook in self.pre:
                data = hook(data, **self.hook_kwargs)
            value = msgspec.convert(data, self.struct)  # the fields read what the hooks made
        else:
            data = original
        if self.at_once:
            values = astuple(value)
            out = dict(zip(self.attrs, values))
            for index, key, attr, conv, default, own in self.fixes:
                v = values[index]
                if v is UNSET:
                    if default is missing:
                        del out[attr]
                    else:
                        out[attr] = default() if callable(default) else default
                elif conv is not None:
                    out[attr] = conv(v, None, key, data) if own else conv(v, data[key])
            return self._hooked(out, original) if self.hooks else out
        out = {}
        for v, (key, attr, conv, default, own) in zip(astuple(value), self.specs):
            if v is UNSET:
                if default is not missing:
                    out[attr] = default() if callable(default) else default
                continue
            if conv is not None:
                v = conv(v, None, key, data) if own else conv(v, data[key])
            out[attr] = v
        return self._hooked(out, original)

    def _hooked(self, out: dict[str, Any], original: Any) -> Any:
        """The item after its schema's field validators, schema validators and post_load hooks."""
        for attr, name, check, data_key in self.field_checks:
            if attr in out and check(out[attr], data_key=data_key) is missing:
                out.pop(name, None)
        kwargs = self.hook_kwargs
        for check, pass_original in self.checks:
            if pass_original:
                check(out, original, **kwargs)
            else:
                check(out, **kwargs)
        for hook, pass_original in self.post:
            out = hook(out, original, **kwargs) if pass_original else hook(out, **kwargs)
        return out

    def load_top(self, data: Any) -> Any:
        if self.pre:
            return self.convert(None, data)
        return self.convert(msgspec.convert(data, self.struct), data)


def _field_validators(schema: Schema) -> list[tuple[str, str, Callable, str]]:
    found = []
    for name, _many, kwargs in _hooks(schema, VALIDATES):
        for field_name in kwargs["field_names"]:
            field = schema.fields.get(field_name)
            if field is not None:
                data_key = field.data_key if field.data_key is not None else field_name
                found.append((field.attribute or field_name, field_name, getattr(schema, name), data_key))
    return found


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
    """``with typed.sharing():`` around preparing several schemas derives each nested schema shape once
    (every envelope of a game nests its own copy of the game's state schema). Only while it lasts."""

    plans: dict | None = None

    def __enter__(self) -> sharing:
        self.outer, sharing.plans = sharing.plans, ({} if sharing.plans is None else sharing.plans)
        return self

    def __exit__(self, *exc: object) -> None:
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
    as_built = _as_built(schema, processors)

    def dump_schema(obj: Any, many: bool | None = None) -> Any:
        many = schema.many if many is None else bool(many)
        if not many:
            if as_built is not None:
                built = as_built(obj)
                if built is not None:
                    return built
            for processor in processors:
                obj = processor(obj, many=False)
            return fields_of(obj)
        for processor in processors:
            obj = [processor(item, many=True) for item in obj]
        return fields_of(None) if obj is None else [fields_of(item) for item in obj]

    return dump_schema


AS_BUILT = "typed_dump_as_built"
BUILT = "typed_dump_built"


def _as_built(schema: Schema, processors: list[Callable[..., Any]]) -> Callable[[Any], Any] | None:
    """The dump of a schema whose ``pre_dump`` builds the wire form itself (a game's state schema turning
    an engine state into JSON-ready members in the schema's order): such a schema names, in its class
    attribute ``typed_dump_as_built``, the members its fields must still write (its options); the others
    are taken as built, without walking them field by field again. A schema may instead write its whole
    dump itself: its method ``typed_dump_built(obj)`` gives the dump, or None for one to walk. Only when the pre_dump built a new
    object (anything else is walked) and the schema dumps all its fields (no ``only``, ``exclude`` or
    load-only field), and only a dict of exactly the schema's members in its order (a partial state's is
    walked). ``tests/api/test_typed_schemas.py`` holds the result to marshmallow's, byte for byte."""
    if list(schema.dump_fields) != list(schema.fields):
        return None
    written_by_schema = getattr(schema, BUILT, None)
    if written_by_schema is not None:  # the schema writes its whole dump itself (or says None: walk it)
        return written_by_schema
    names = getattr(type(schema), AS_BUILT, None)
    if names is None or len(processors) != 1:
        return None
    if any(schema.fields[name].data_key not in (None, name) for name in names):
        return None
    processor = processors[0]
    written = _fields_dumper(schema, names)
    members = [field.data_key if field.data_key is not None else name for name, field in schema.dump_fields.items()]

    def as_built(obj: Any) -> Any:
        built = processor(obj, many=False)
        if built is obj or type(built) is not dict or list(built) != members:  # every member, in order
            return None
        rewritten = written(built)
        if len(rewritten) != len(names):
            return None
        built.update(rewritten)  # the same keys: each keeps its place
        return built

    return as_built


_SPARSE_FIELDS = 6  # a schema of more fields reads a dict by its members
_INDEXABLE: dict[type, bool] = {}


def _indexable(kind: type) -> bool:
    """``hasattr(kind, "__getitem__")``, asked once per class (a class without it raises and catches an
    AttributeError at every ask: the engine's status and state objects are dumped on every request)."""
    if len(_INDEXABLE) > 1024:  # classes are the code's: a few dozen; bounded all the same
        _INDEXABLE.clear()
    found = _INDEXABLE[kind] = hasattr(kind, "__getitem__")
    return found


def _fields_dumper(schema: Schema, names: tuple[str, ...] | None = None) -> Callable[[Any], dict[str, Any]]:
    """``Schema._serialize`` of one object: a field costs no call of its own unless its value needs its
    field's ``_serialize``. Dicts are read by key, anything else as marshmallow's ``get_value`` reads it.
    With ``names``, of those fields only."""
    # (out key, key or None, name, default, serialiser, whether a dict has an attribute of the key's name,
    # the type whose values the serialiser gives back as they are)
    specs: list[tuple[str, Any, Any, Any, Any, bool, type | None]] = []
    for name, field in schema.dump_fields.items():
        if names is not None and name not in names:
            continue
        out_key = field.data_key if field.data_key is not None else name
        cls = type(field)
        key = field.attribute if field.attribute is not None else name
        if (
            cls.serialize is not fields.Field.serialize
            or cls.get_value is not fields.Field.get_value
            or not field._CHECK_ATTRIBUTE
            or "." in key
        ):
            specs.append(
                (
                    out_key,
                    None,
                    name,
                    missing,
                    lambda obj, f=field, n=name: f.serialize(n, obj, schema.get_attribute),
                    False,
                    None,
                )
            )
            continue
        serialiser = None if type(field)._serialize is fields.Field._serialize else _core_dumper(field)
        specs.append((out_key, key, name, field.dump_default, serialiser, hasattr(dict, key), _given_back(serialiser)))
    frozen = tuple(specs)
    get_value = utils.get_value
    # A dict is read by its own members when the schema has many fields and the dict at most half as many
    # members (a move's schema holds every move type's): the fields whose key it lacks write nothing, unless they have a default, a dict attribute of
    # their name or their own serialiser (visited always); the others are visited in the schema's order.
    visited_always = tuple(
        index
        for index, (_, key, _, default, _, dict_attribute, _) in enumerate(frozen)
        if key is None or default is not missing or dict_attribute
    )
    by_key_name: dict[Any, tuple[int, ...]] = {}
    for index, (_, key, _, _, _, _, _) in enumerate(frozen):
        if key is not None and index not in visited_always:
            by_key_name[key] = (*by_key_name.get(key, ()), index)
    sparse = len(frozen) > _SPARSE_FIELDS
    # When no field is visited always and each key is one field's, a sparse dict whose members come in the
    # schema's order (an engine's move, built field by field) is walked member by member: the same fields
    # visited in the same order, without sorting them first. A dict in another order is walked as below.
    own_order = (
        None
        if visited_always or any(len(indexes) > 1 for indexes in by_key_name.values())
        else {key: (index, *frozen[index]) for key, (index,) in by_key_name.items()}
    )

    def fields_of(obj: Any) -> dict[str, Any]:
        out = {}
        kind = type(obj)
        by_key = kind is dict
        plain = False
        if not by_key:
            indexable = _INDEXABLE.get(kind)
            plain = not (_indexable(kind) if indexable is None else indexable)
        visited = frozen
        if by_key and sparse and len(obj) * 2 <= len(frozen):
            if own_order is not None:
                last = -1
                for member, v in obj.items():
                    spec = own_order.get(member)
                    if spec is None:
                        continue
                    index, out_key, _, name, _, serialiser, _, passes = spec
                    if index < last:
                        break
                    last = index
                    if type(v) is passes:  # what the serialiser would give back as it is
                        out[out_key] = v
                        continue
                    if v is missing:  # (a field visited here has no default)
                        continue
                    if serialiser is not None:
                        v = serialiser(v, name, obj)
                    if v is not missing:
                        out[out_key] = v
                else:
                    return out
                out = {}
            found = [index for member in obj if member in by_key_name for index in by_key_name[member]]
            found.extend(visited_always)
            found.sort()
            visited = tuple(frozen[index] for index in found)
        for out_key, key, name, default, serialiser, dict_attribute, passes in visited:
            if key is None:
                v = serialiser(obj)
            else:
                if by_key:
                    v = obj.get(key, missing)
                    # marshmallow then asks for an attribute of the name: a dict (which has no instance
                    # attributes) has one only when its type does, which is known for each key at once
                    if v is missing and dict_attribute:
                        v = getattr(obj, key, missing)
                elif plain:
                    v = getattr(obj, key, missing)
                else:
                    v = get_value(obj, key, missing)
                if v is missing:
                    if default is missing:
                        continue
                    v = default() if callable(default) else default
                if serialiser is not None and type(v) is not passes:  # (a value it gives back as it is: no call)
                    v = serialiser(v, name, obj)
            if v is not missing:
                out[out_key] = v
        return out

    return fields_of


def _core_dumper(field: Any) -> Callable[[Any, Any, Any], Any]:
    method = type(field)._serialize
    generic = field._serialize
    if method is fields.String._serialize:
        return _passing(str, generic)
    if method is fields.Number._serialize and not field.as_string and field.num_type is int:
        return _passing(int, generic)
    if method is fields.Boolean._serialize:
        return _passing(bool, generic)
    if method is fields.Field._serialize:
        return lambda value, attr, obj: value
    if method is fields.List._serialize:
        inner = _core_dumper(field.inner)
        kind = _given_back(inner)
        if kind is not None:  # an item of that type is written as it is: no call for it
            only = frozenset((kind,))

            def dump_list(value: Any, attr: Any, obj: Any) -> Any:
                if value is None:
                    return None
                if (type(value) is list or type(value) is tuple) and only.issuperset(map(type, value)):
                    return list(value)  # every item given back as it is
                return [item if type(item) is kind else inner(item, attr, obj) for item in value]

            return dump_list
        return lambda value, attr, obj: None if value is None else [inner(item, attr, obj) for item in value]
    if method is fields.Mapping._serialize and field.mapping_type is dict:
        return _dict_dumper(field)
    if method is fields.Nested._serialize:
        nested = field.schema
        dumper = _shared(("dump", _shape(nested)), lambda: _schema_dumper(nested))
        many = nested.many or field.many
        return lambda value, attr, obj: None if value is None else dumper(value, many=many)
    return generic


PASSES = "typed_passes"


def _passing(kind: type, generic: Callable[[Any, Any, Any], Any]) -> Callable[[Any, Any, Any], Any]:
    """A field's ``_serialize`` that gives a value of exactly ``kind`` (or None) back as it is: the
    function says so (``_given_back``), so that a caller may skip calling it for such a value."""

    def serialise(value: Any, attr: Any, obj: Any) -> Any:
        return value if type(value) is kind or value is None else generic(value, attr, obj)

    setattr(serialise, PASSES, kind)
    return serialise


def _given_back(serialiser: Any) -> type | None:
    """The type whose values ``serialiser`` gives back as they are (``_passing``), if it says one."""
    return getattr(serialiser, PASSES, None)


def _dict_dumper(field: Any) -> Callable[[Any, Any, Any], Any]:
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
