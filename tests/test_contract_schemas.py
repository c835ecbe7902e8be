"""openapi.yaml holds to the marshmallow wire schemas (service/schemas/*), field by field.

The contract is written by hand (with its examples); the wire schemas are what the service loads. From
every game's request envelopes this walks both side by side: every marshmallow field of every schema
reached (through ``Nested``, ``List`` items and ``Dict`` values) appears in the matching component with a
compatible JSON type, the same choices, the same required-ness and the same nullability, and no component
property lacks a marshmallow field. A flat marshmallow move (or pending) schema whose ``type`` chooses the
fields matches a union of one component per type: the variants together have exactly its fields, and each
variant requires exactly what the game's ``MOVE_FIELDS`` table requires for its type. So a field added,
dropped or changed on either side fails here until the other side follows.

Fields checked by hand in the wire schemas (a tile, a hand, a board) have no marshmallow structure to
compare; for those the contract's JSON type must be the one the field reads (``HAND_CHECKED``).
"""
from __future__ import annotations

from dataclasses import dataclass, field as dataclass_field
from typing import Any, Iterator

import pytest
from marshmallow import Schema, fields, validate

from service import create_app
from service.api import language
from service.schemas import chinatown, fifthavenue, newyork, skyline3000
from service.schemas.common import StatusSchema
from tests.contract_document import contract

CONTRACT = contract()
COMPONENTS = CONTRACT["components"]["schemas"]
PREFIX = {"newyork": "NewYork", "chinatown": "Chinatown", "skyline3000": "Skyline3000", "fifthavenue": "FifthAvenue"}
ENVELOPES = {"setup": "SetupRequest", "state": "StateRequest", "legal_moves": "LegalMovesRequest",
             "move": "MoveRequest", "replay": "ReplayRequest", "view": "ViewRequest", "render": "RenderRequest"}
# The fields each type of move (or pending reveal) requires besides its discriminator, and the player.
TYPE_TABLES = {
    "NewYorkMove": ("type", {kind: set(req) | {"player"} for kind, (req, _) in newyork.MOVE_FIELDS.items()}),
    "ChinatownMove": ("type", {kind: set(req) | {"player"} for kind, (req, _) in chinatown.MOVE_FIELDS.items()}),
    "Skyline3000Move": ("type", {kind: set(req) | {"player"} for kind, (req, _) in skyline3000.MOVE_FIELDS.items()}),
    "FifthAvenueMove": ("type", {kind: set(req) | {"player"} for kind, (req, _) in fifthavenue.MOVE_FIELDS.items()}),
    "FifthAvenuePending": ("kind", {kind: set(req) for kind, req in fifthavenue.PENDING_FIELDS.items()}),
}
HAND_CHECKED = {
    newyork.TileField: {"integer", "object"}, newyork.CardField: {"object"}, newyork.HandField: {"array"},
    newyork.PlacedField: {"object"}, newyork.DeckEntryField: {"object"},
    chinatown.LotListField: {"array"}, chinatown.TileListField: {"array"}, chinatown.TilesField: {"object"},
    chinatown.BoardField: {"object"}, skyline3000.CardListField: {"array"},
}
# Required in the contract, while the wire schema requires it in a schema-level validator instead.
# The edge's own fields of a request body, which it takes off before the game's schema loads the rest.
EDGE_FIELDS = {language.FIELD}
# A state's seal is the edge's too, on the requests that take a state back with it.
SEALED_REQUESTS = ("LegalMovesRequest", "MoveRequest", "ScoreRequest")
REQUIRED_BY_VALIDATOR = {("FifthAvenueFullDistrict", "plots"): "fifthavenue.StateSchema._whole_board"}
JSON_TYPES = [(fields.Boolean, "boolean"), (fields.Integer, "integer"), (fields.String, "string"),
              (fields.List, "array"), (fields.Dict, "object"), (fields.Nested, "object")]


def resolve(schema: dict) -> dict:
    """A schema with its references followed and a lone allOf wrapper (a reference with siblings) merged."""
    while "$ref" in schema:
        schema = COMPONENTS[schema["$ref"].rsplit("/", 1)[1]]
    if len(schema.get("allOf", ())) == 1 and "properties" not in schema:
        schema = {**resolve(schema["allOf"][0]), **{k: v for k, v in schema.items() if k != "allOf"}}
    return schema


def ref_name(schema: dict) -> str | None:
    name = None
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        schema = COMPONENTS[name]
    return name


def branches(schema: dict) -> Iterator[dict]:
    """The alternatives a value may take (anyOf/oneOf, through references), each resolved."""
    schema = resolve(schema)
    alternatives = schema.get("anyOf") or schema.get("oneOf")
    if alternatives:
        for alternative in alternatives:
            yield from branches(alternative)
    else:
        yield schema


def types_of(schema: dict) -> set[str]:
    found: set[str] = set()
    for branch in branches(schema):
        kinds = branch.get("type")
        if kinds is None and "const" in branch:
            kinds = {bool: "boolean", int: "integer", str: "string", type(None): "null"}[type(branch["const"])]
        if kinds is None and "allOf" in branch:  # every part holds: the types they all allow
            parts = [types_of(part) for part in branch["allOf"]]
            typed = [kinds for kinds in parts if "any" not in kinds]
            found |= set.intersection(*typed) if typed else {"any"}
            continue
        if kinds is None and "properties" in branch:
            kinds = "object"
        found |= {kinds} if isinstance(kinds, str) else set(kinds or ["any"])
    return found


def non_null(schema: dict) -> list[dict]:
    return [b for b in branches(schema) if types_of(b) != {"null"}]


def without_null(schema: dict) -> list[dict]:
    """The value's schema with a null alternative taken off (``anyOf: [X, null]`` is X), not expanded further."""
    resolved = resolve(schema)
    alternatives = resolved.get("anyOf") or resolved.get("oneOf")
    if alternatives and any(types_of(a) == {"null"} for a in alternatives):
        return [a for a in alternatives if types_of(a) != {"null"}]
    return [schema]


def properties_of(schema: dict) -> tuple[dict[str, dict], set[str]]:
    """An object component's properties and required names, allOf parts merged (later parts win)."""
    schema = resolve(schema)
    props, required = {}, set(schema.get("required", ()))
    for part in schema.get("allOf", ()):
        more, also = properties_of(part)
        props.update(more)
        required |= also
    props.update(schema.get("properties", {}))
    return props, required


def choices(field: fields.Field) -> set | None:
    for check in field.validators:
        if isinstance(check, validate.OneOf):
            return set(check.choices)
        if isinstance(check, validate.Equal):
            return {check.comparable}
    return None


def documented_choices(schema: dict) -> set | None:
    found: set = set()
    for branch in non_null(schema):
        if "const" in branch:
            found.add(branch["const"])
        elif "enum" in branch:
            found |= set(branch["enum"])
        else:
            return None
    return found


def edge_fields(component_name: str) -> set[str]:
    """A request component documents the edge's fields beside the game's own."""
    if not component_name.endswith("Request"):
        return set()
    return EDGE_FIELDS | ({"state_seal"} if component_name.endswith(SEALED_REQUESTS) else set())


@dataclass
class Walk:
    problems: list[str] = dataclass_field(default_factory=list)
    seen: set[tuple[type, tuple, str]] = dataclass_field(default_factory=set)

    def schema(self, schema: Schema, component: dict, where: str) -> None:
        key = (type(schema), tuple(schema.fields), repr(component))
        if key in self.seen:
            return
        self.seen.add(key)
        wire = {f.data_key or name: f for name, f in schema.fields.items()}
        alternatives = resolve(component).get("oneOf") or resolve(component).get("anyOf") or []
        if alternatives:
            self.union(wire, resolve(component), ref_name(component) or where, where)
            return
        props, required = properties_of(component)
        self.names(set(wire) | edge_fields(ref_name(component) or where), set(props), where)
        for name in set(wire) & set(props):
            f = wire[name]
            if f.required != (name in required) and (ref_name(component), name) not in REQUIRED_BY_VALIDATOR:
                self.problems.append(f"{where}/{name}: required {f.required} in marshmallow, "
                                     f"{name in required} in the contract")
            self.field(f, props[name], f"{where}/{name}")

    def union(self, wire: dict[str, fields.Field], component: dict, name: str, where: str) -> None:
        alternatives = component.get("oneOf") or component["anyOf"]
        props = [properties_of(v) for v in alternatives]
        self.names(set(wire) | edge_fields(name), set().union(*(set(p) for p, _ in props)), where)
        discriminator = component.get("discriminator", {}).get("propertyName")
        table = TYPE_TABLES.get(name, (None, None))[1]
        if discriminator:
            self.discriminated(wire[discriminator], component, props, discriminator, where)
        for variant_props, required in props:
            if table is not None:
                (kind,) = documented_choices(variant_props[discriminator])
                want = table[kind] | {discriminator}
                if required != want:
                    self.problems.append(f"{where} ({kind}): the contract requires {sorted(required)}, "
                                         f"marshmallow {sorted(want)}")
            for prop, schema in variant_props.items():
                if prop in wire and prop != discriminator:
                    self.field(wire[prop], schema, f"{where}/{prop}", nullable_somewhere=True)
        for prop, f in wire.items():
            holders = [(p, r) for p, r in props if prop in p]
            if f.required and not all(prop in r for _, r in holders):
                self.problems.append(f"{where}/{prop}: required in marshmallow, optional in a variant")
            if not f.required and table is None and all(prop in r for _, r in holders) and len(holders) == len(props):
                self.problems.append(f"{where}/{prop}: optional in marshmallow, required in every variant")
            if holders and f.allow_none != any("null" in types_of(p[prop]) for p, _ in holders):
                self.problems.append(f"{where}/{prop}: nullable {f.allow_none} in marshmallow, not so in the contract")

    def discriminated(self, f: fields.Field, component: dict, props: list, discriminator: str, where: str) -> None:
        """Each variant has its own value of the discriminator, the values are the field's choices, and the
        discriminator's mapping sends each value to its variant."""
        kinds = [documented_choices(variant[discriminator]) for variant, required in props]
        if any(kind is None or len(kind) != 1 or discriminator not in required
               for kind, (variant, required) in zip(kinds, props)):
            self.problems.append(f"{where}: every variant requires one constant `{discriminator}`")
            return
        flat = [next(iter(kind)) for kind in kinds]
        if len(set(flat)) != len(flat) or set(flat) != choices(f):
            self.problems.append(f"{where}/{discriminator}: variants {sorted(flat)}, marshmallow {sorted(choices(f))}")
        alternatives = component.get("oneOf") or component["anyOf"]
        mapping = {kind: alternative.get("$ref") for kind, alternative in zip(flat, alternatives)}
        if component["discriminator"].get("mapping") != mapping:
            self.problems.append(f"{where}: the discriminator's mapping is not {mapping}")

    def names(self, wire: set[str], documented: set[str], where: str) -> None:
        if wire - documented:
            self.problems.append(f"{where}: marshmallow fields missing from the contract: {sorted(wire - documented)}")
        if documented - wire:
            self.problems.append(f"{where}: contract properties with no marshmallow field: {sorted(documented - wire)}")

    def field(self, f: fields.Field, schema: dict, where: str, nullable_somewhere: bool = False) -> None:
        documented = types_of(schema)
        if not nullable_somewhere and f.allow_none != ("null" in documented or "any" in documented):
            self.problems.append(f"{where}: nullable {f.allow_none} in marshmallow, not so in the contract")
        documented -= {"null"}
        if isinstance(f, fields.Raw) and type(f) is fields.Raw or "any" in documented:
            return
        wanted = HAND_CHECKED.get(type(f)) or {kind for cls, kind in JSON_TYPES if isinstance(f, cls)}
        if isinstance(f, (skyline3000.OptionsField, fifthavenue.DistrictsField)):
            wanted = {"object"}
        if documented != wanted:
            self.problems.append(f"{where}: {type(f).__name__} reads {sorted(wanted)}, the contract says "
                                 f"{sorted(documented)}")
            return
        wire_choices, contract_choices = choices(f), documented_choices(schema)
        if wire_choices is not None and wire_choices != contract_choices:
            self.problems.append(f"{where}: choices {sorted(map(str, wire_choices))} in marshmallow, "
                                 f"{sorted(map(str, contract_choices or ()))} in the contract")
        self.inside(f, schema, where)

    def inside(self, f: fields.Field, schema: dict, where: str) -> None:
        objects = without_null(schema)
        if isinstance(f, fields.Nested):
            for branch in objects:
                self.schema(f.schema, branch, where)
        elif isinstance(f, skyline3000.OptionsField):
            for branch in objects:
                self.schema(f._schema, branch, where)
        elif isinstance(f, fifthavenue.DistrictsField):
            for branch in objects:
                for site, part in properties_of(branch)[0].items():
                    district = fifthavenue._PARK if site == "central-park" else fifthavenue._DISTRICT
                    self.schema(district, part, f"{where}/{site}")
        elif isinstance(f, fields.List):
            for branch in objects:
                self.field(f.inner, resolve(branch)["items"], f"{where}/items")
        elif isinstance(f, fields.Dict) and f.value_field is not None:
            for branch in objects:
                values = resolve(branch).get("additionalProperties")
                parts = [values] if isinstance(values, dict) else list(properties_of(branch)[0].values())
                for part in parts:
                    self.field(f.value_field, part, f"{where}/*")


@pytest.fixture(scope="module")
def bindings():
    return create_app({"redis_url": None}).extensions["games"]


@pytest.mark.parametrize("game_id", PREFIX)
def test_the_contract_holds_to_the_wire_schemas_field_by_field(bindings, game_id):
    envelopes, prefix, walk = bindings[game_id].envelopes, PREFIX[game_id], Walk()
    for envelope, component in ENVELOPES.items():
        walk.schema(getattr(envelopes, envelope), {"$ref": f"#/components/schemas/{prefix}{component}"},
                    f"{prefix}{component}")
    score = Schema.from_dict({**envelopes.score_state.fields, **envelopes.score_extra.fields})()
    walk.schema(score, {"$ref": f"#/components/schemas/{prefix}ScoreRequest"}, f"{prefix}ScoreRequest")
    assert walk.problems == []


def test_a_field_the_contract_lacks_is_found():
    """The walk is not blind: a wire schema with one more field than its component is reported."""
    walk = Walk()
    extra = Schema.from_dict({**newyork.CardSchema().fields, "colour": fields.String()})()
    walk.schema(extra, {"$ref": "#/components/schemas/NewYorkCard"}, "NewYorkCard")
    assert walk.problems == ["NewYorkCard: marshmallow fields missing from the contract: ['colour']"]


def references(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from references(value)
    elif isinstance(node, list):
        for value in node:
            yield from references(value)


def test_every_reference_names_a_whole_component():
    """No reference points into a schema's properties (generators resolve only whole components)."""
    wrong = sorted({ref for ref in references(CONTRACT)
                    if ref.count("/") != 3 or ref.rsplit("/", 1)[1] not in CONTRACT["components"][ref.split("/")[2]]})
    assert wrong == []


@pytest.mark.parametrize("game_id", PREFIX)
def test_every_move_type_is_a_named_component(bindings, game_id):
    prefix = PREFIX[game_id]
    mapping = COMPONENTS[f"{prefix}Move"]["discriminator"]["mapping"]
    named = {kind: f"#/components/schemas/{prefix}{kind.title().replace('_', '')}Move"
             for kind in bindings[game_id].info.move_types}
    assert mapping == named


def test_the_status_component_holds_to_the_status_schema():
    """The `status` every state-carrying answer has is dumped by one marshmallow schema."""
    walk = Walk()
    walk.schema(StatusSchema(), {"$ref": "#/components/schemas/Status"}, "Status")
    assert walk.problems == []
