"""openapi.yaml is generated: its components from the marshmallow wire schemas, its prose, examples and
paths from the hand-kept ``service/api/contract/document.yaml``. The committed file is what the generator
writes now (so a schema changed without regenerating fails here), the hand-kept part holds only prose
for what the schemas generate, and the generated parts say what the wire schemas load."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from marshmallow import Schema, fields, validate

from service.api import contract as generator
from service.api.contract.schemas import Components
from service.schemas import chinatown, fifthavenue, newyork, skyline3000
from service.schemas.common import PlayerId, Variants
from tests.contract_document import contract

CONTRACT = contract()
COMPONENTS = CONTRACT["components"]["schemas"]
WIRE = {"NewYork": newyork, "Chinatown": chinatown, "Skyline3000": skyline3000, "FifthAvenue": fifthavenue}


@pytest.fixture(scope="module")
def generated() -> str:
    return generator.dump(generator.build())


def test_the_committed_contract_is_the_generated_one(generated):
    assert generator.CONTRACT.read_text() == generated, "openapi.yaml is stale: run `python -m service.api.contract`"


def test_the_generated_text_reads_back_as_the_document(generated):
    """The dumper quotes what needs quoting: every text reads back whole (no key cut out of a description)."""
    assert yaml.safe_load(generated) == generator.build()


def cut_texts(node: Any) -> Iterator[Any]:
    if isinstance(node, dict):
        for key, value in node.items():
            if value is None and isinstance(key, str) and " " in key:
                yield key
            yield from cut_texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from cut_texts(value)


def test_no_text_of_the_contract_is_cut():
    assert list(cut_texts(CONTRACT)) == []


def test_a_cut_text_in_the_hand_kept_part_stops_the_build(monkeypatch, tmp_path):
    broken = tmp_path / "document.yaml"
    broken.write_text(
        generator.DOCUMENT.read_text().replace(
            "description: A client-chosen player id.", "description: {A client-chosen, player id.}"
        )
    )
    monkeypatch.setattr(generator, "DOCUMENT", broken)
    with pytest.raises(generator.ContractError, match="cut"):
        generator.build()


def test_a_generated_component_takes_only_prose_from_the_hand_kept_part(monkeypatch, tmp_path):
    broken = tmp_path / "document.yaml"
    broken.write_text(
        generator.DOCUMENT.read_text().replace(
            "    PlayerId:\n      description: A client-chosen player id.",
            "    PlayerId:\n      description: A client-chosen player id.\n      maxLength: 64",
        )
    )
    monkeypatch.setattr(generator, "DOCUMENT", broken)
    with pytest.raises(generator.ContractError, match="only prose"):
        generator.build()


def test_a_field_added_to_a_wire_schema_is_in_its_component():
    class Card(Schema):
        bank = fields.String(required=True, validate=validate.OneOf(["blue", "red"]))
        value = fields.Integer(validate=validate.Range(min=1, max=9), allow_none=True, load_default=None)
        count = fields.Integer(load_default=1)
        owner = PlayerId()

    components = Components("Test")
    name = components.component(Card)
    assert name == "TestCard"
    assert components.schemas[name] == {
        "type": "object",
        "additionalProperties": False,
        "required": ["bank"],
        "properties": {
            "bank": {"type": "string", "enum": ["blue", "red"]},
            "value": {"oneOf": [{"type": "integer", "minimum": 1, "maximum": 9}, {"type": "null"}]},
            "count": {"type": "integer", "description": "Default: `1`."},
            "owner": {"$ref": "#/components/schemas/PlayerId"},
        },
    }


def test_a_flat_schema_with_variants_is_a_discriminated_union():
    class Move(Schema):
        contract_variants = Variants(
            key="type", name="{prefix}{kind}Move", kinds={"pass": ((), ()), "bid": (("cards",), ("note",))}
        )
        type = fields.String(required=True, validate=validate.OneOf(["pass", "bid"]))
        player = PlayerId(required=True)
        cards = fields.List(fields.Integer(), validate=validate.Length(min=1))
        note = fields.String()

    components = Components("Test")
    components.component(Move)
    assert components.schemas["TestMove"] == {
        "oneOf": [{"$ref": "#/components/schemas/TestPassMove"}, {"$ref": "#/components/schemas/TestBidMove"}],
        "discriminator": {
            "propertyName": "type",
            "mapping": {"pass": "#/components/schemas/TestPassMove", "bid": "#/components/schemas/TestBidMove"},
        },
    }
    bid = components.schemas["TestBidMove"]
    assert bid["required"] == ["type", "player", "cards"] and list(bid["properties"]) == [
        "type",
        "player",
        "cards",
        "note",
    ]
    assert bid["properties"]["type"] == {"type": "string", "const": "bid"}
    assert list(components.schemas["TestPassMove"]["properties"]) == ["type", "player"]
    # every choice is also allOf the union's parent: the key and the same discriminator (sealed-class generators)
    parent = components.schemas["TestMoveBase"]
    assert parent["required"] == ["type"] and parent["properties"] == {"type": {"type": "string"}}
    assert parent["discriminator"] == components.schemas["TestMove"]["discriminator"]
    assert (
        bid["allOf"] == components.schemas["TestPassMove"]["allOf"] == [{"$ref": "#/components/schemas/TestMoveBase"}]
    )


@pytest.mark.parametrize("prefix", WIRE)
def test_every_move_type_is_a_named_component_requiring_its_fields(prefix):
    union = COMPONENTS[f"{prefix}Move"]
    table = WIRE[prefix].MOVE_FIELDS
    assert set(union["discriminator"]["mapping"]) == set(table)
    assert [alt["$ref"] for alt in union["oneOf"]] == list(union["discriminator"]["mapping"].values())
    for kind, target in union["discriminator"]["mapping"].items():
        variant = COMPONENTS[target.rsplit("/", 1)[1]]
        required, optional = table[kind]
        assert set(variant["required"]) == {"type", "player", *required}, kind
        assert set(variant["properties"]) == {"type", "player", *required, *optional}, kind


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
    wrong = sorted(
        {
            ref
            for ref in references(CONTRACT)
            if ref.count("/") != 3 or ref.rsplit("/", 1)[1] not in CONTRACT["components"][ref.split("/")[2]]
        }
    )
    assert wrong == []


def test_every_component_is_used():
    used = {ref.rsplit("/", 1)[1] for ref in references(CONTRACT)}
    assert sorted(set(COMPONENTS) - used) == []


def test_seeds_are_64_bit_integers():
    assert COMPONENTS["Seed"]["type"] == "integer" and COMPONENTS["Seed"]["format"] == "int64"


def test_the_license_names_its_identifier():
    assert CONTRACT["info"]["license"]["identifier"]
