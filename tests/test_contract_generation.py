"""openapi.yaml is generated: its components from the marshmallow wire schemas, its prose, examples and
paths from the hand-kept ``service/api/contract/document.yaml``. The committed file is what the generator
writes now (so a schema changed without regenerating fails here), the hand-kept part holds only prose
for what the schemas generate, and the generated parts say what the wire schemas load."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from marshmallow import Schema, fields, validate

from service.api import contract as generator
from service.api.contract.schemas import Components
from service.api.routes import ROUTES
from service.engine.registry import GAME_IDS, SPECS
from service.schemas import answers, chinatown, fifthavenue, newyork, skyline3000
from service.schemas.common import GameWire, PlayerId, Variants
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
    # every choice is a plain object, not allOf a parent (openapi-python-client ignores properties beside an
    # allOf, and swift5 and dart-dio would refer to a parent they do not generate)
    assert "allOf" not in bid and "allOf" not in components.schemas["TestPassMove"]
    assert "TestMoveBase" not in components.schemas


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


def test_a_shape_declared_only_in_the_hand_kept_part_stops_the_build(monkeypatch, tmp_path):
    broken = tmp_path / "document.yaml"
    broken.write_text(
        generator.DOCUMENT.read_text().replace(
            "  schemas:\n", "  schemas:\n    Handmade:\n      type: object\n      properties: {a: {type: string}}\n", 1
        )
    )
    monkeypatch.setattr(generator, "DOCUMENT", broken)
    with pytest.raises(generator.ContractError, match="Handmade"):
        generator.build()


def test_an_answer_component_takes_only_prose_from_the_hand_kept_part(monkeypatch, tmp_path):
    broken = tmp_path / "document.yaml"
    text = generator.DOCUMENT.read_text()
    assert "\n    Violation:\n" in text
    broken.write_text(text.replace("\n    Violation:\n", "\n    Violation:\n      additionalProperties: false\n", 1))
    monkeypatch.setattr(generator, "DOCUMENT", broken)
    with pytest.raises(generator.ContractError, match="Violation: a generated component's hand-kept part holds only"):
        generator.build()


def test_the_hand_kept_part_declares_no_answer_template():
    document = yaml.safe_load(generator.DOCUMENT.read_text())
    assert "x-game-components" not in document and "x-game-components" not in CONTRACT


@pytest.fixture()
def toy_answers():
    """A game's answers built around toy state, move and score result schemas."""

    class State(Schema):
        round = fields.Integer(required=True)

    class Move(Schema):
        type = fields.String(required=True)

    class ScoreResult(answers.ScoreResultSchema):
        scoring = fields.String(required=True, validate=validate.OneOf(["final"]))
        bonus = fields.Integer(required=True, validate=validate.Range(min=0))

    wire = GameWire(state=State, score_state=State, move=Move, options=Schema, score_extra=Schema)
    wire = dataclasses.replace(wire, score_result=ScoreResult)
    info = dataclasses.replace(SPECS["newyork"].info, id="toy", name="Toy")
    components = Components("Toy")
    for route in ROUTES:
        if callable(route.answer):
            components.component(route.answer(wire, info, "Toy"))
    return components.schemas


def test_a_field_added_to_a_score_result_is_in_the_score_answer(toy_answers):
    score = toy_answers["ToyScoreAnswer"]
    assert score == {
        "allOf": [{"$ref": "#/components/schemas/ToyScoreResult"}, {"$ref": "#/components/schemas/Versions"}]
    }
    result = toy_answers["ToyScoreResult"]
    assert result["properties"]["bonus"] == {"type": "integer", "minimum": 0}
    assert {"bonus", "scoring", "awarded", "standings", "winners"} <= set(result["required"])
    assert "additionalProperties" not in result  # an answer may grow keys without breaking a client


def test_the_answer_envelopes_wrap_the_games_own_schemas(toy_answers):
    move = toy_answers["ToyMoveAnswer"]["properties"]
    assert move["state"]["oneOf"] == [{"$ref": "#/components/schemas/ToyState"}, {"type": "null"}]
    assert move["events"]["items"] == {"$ref": f"#/components/schemas/{answers.event_component('Toy')}"}
    legal = toy_answers["ToyLegalMovesAnswer"]["properties"]
    assert legal["moves"]["items"] == {"$ref": "#/components/schemas/ToyMove"}
    replay = toy_answers["ToyReplayAnswer"]
    assert replay["properties"]["scorings"]["items"] == move["events"]["items"]
    assert set(replay["required"]) == {"valid", "first_illegal", "state", "status", "scores", "scorings"} | {
        "rules_version",
        "service_version",
    }


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_every_answer_envelope(game_id):
    prefix = generator.component_prefix(SPECS[game_id].info.name)
    for route in ROUTES:  # every declared route with an answer of the game's own, the seal where it gives one
        if callable(route.answer):
            answer = COMPONENTS[f"{prefix}{route.name}Answer"]
            if "properties" in answer:
                assert ("state_seal" in answer["properties"]) == route.gives_seal, route.path
    assert COMPONENTS[f"{prefix}ScoreAnswer"]["allOf"][0] == {"$ref": f"#/components/schemas/{prefix}ScoreResult"}
    assert "state_seal" in COMPONENTS[f"{prefix}MoveAnswer"]["properties"]
    assert "state_seal" not in COMPONENTS[f"{prefix}ViewAnswer"]["properties"]


def test_no_schema_is_only_null_but_the_null_alternative_of_a_nullable_value():
    """A value is never declared as only ``null`` (a dummy tile's pending slot was, a hidden hand's cards
    were): generators have no type for it (Kotlin's ``Null?``, Swift's ``Null``, Dart's ``ModelNull``).
    ``{type: null}`` appears only as the second alternative of a ``oneOf`` that makes one value nullable."""
    found = []

    def walk(node, at, allowed=False):
        if isinstance(node, dict):
            if node.get("type") == "null" and not allowed:
                found.append(at)
            for key, value in node.items():
                if key == "oneOf" and isinstance(value, list) and len(value) == 2 and value[1] == {"type": "null"}:
                    walk(value[0], f"{at}/oneOf/0")
                    walk(value[1], f"{at}/oneOf/1", allowed=value[0].get("type") != "null")
                else:
                    walk(value, f"{at}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{at}/{index}")

    walk(contract()["components"]["schemas"], "")
    assert found == []


@pytest.mark.parametrize("route", ROUTES, ids=lambda route: route.path)
def test_every_declared_route_is_an_operation_of_every_game_with_the_shared_problem_answers(route):
    for game_id in GAME_IDS:
        operation = CONTRACT["paths"][f"/v1/games/{game_id}/{route.path}"]["post"]
        assert operation["operationId"] == f"{game_id}{route.name}"
        assert set(operation["responses"]) == {"200", *generator.SHARED_RESPONSES}
        assert list(operation["responses"]["200"]["content"]) == [route.media]
        prefix = generator.component_prefix(SPECS[game_id].info.name)
        request = operation["requestBody"]["content"]["application/json"]["schema"]
        assert request == {"$ref": f"#/components/schemas/{prefix}{route.request_component}"}
        assert ("state_seal" in COMPONENTS[f"{prefix}{route.request_component}"]["properties"]) == route.takes_seal
