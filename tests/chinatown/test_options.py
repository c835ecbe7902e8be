"""Chinatown's options are declared once (service/engine/chinatown/options.py): the state's options,
the readings, describe, the wire schema and the contract all follow the specs."""

import pytest

from service.engine.chinatown import GAME
from service.engine.chinatown.options import OPTIONS, options_of
from service.schemas.chinatown import WIRE
from tests.contract_document import component, said_default

OPENAPI_TYPES = {"bool": "boolean", "int": "integer", "choice": "string"}


def contract_options() -> dict:
    return component("ChinatownOptions")


def test_the_contract_options_are_the_specs():
    documented = contract_options()
    assert set(documented["properties"]) == {spec.name for spec in OPTIONS}
    for spec in OPTIONS:
        field = documented["properties"][spec.name]
        assert said_default(field) == spec.default
        assert field["type"] == OPENAPI_TYPES[spec.kind]
        if spec.choices:
            assert field["enum"] == list(spec.choices)
    assert documented["example"] == OPTIONS.defaults()


def test_defaults_come_from_the_specs_everywhere():
    assert WIRE.options().load({}) == OPTIONS.defaults()
    assert GAME.describe()["options"] == OPTIONS.defaults()
    assert options_of({}) == options_of(OPTIONS.defaults())
    state = GAME.setup(["anna", "bob", "chang"], 1, WIRE.options().load({}))
    assert WIRE.state().dump(state)["options"] == OPTIONS.defaults()


def test_option_readings_are_described_from_their_specs():
    readings = {r["name"]: r for r in GAME.describe()["readings"]}
    for spec in OPTIONS:
        if spec.reading:
            assert readings[spec.name] == {
                "name": spec.name,
                "default": spec.default,
                "provenance": spec.provenance,
                "text": spec.text,
                "rule_url": "/v1/games/chinatown/rules#reading-" + spec.name.replace("_", "-"),
                "reads_url": f"/v1/games/chinatown/rules#{spec.section}",
            }
        else:
            assert spec.name not in readings


@pytest.mark.parametrize("bad", [{"chance": "dice"}, {"rotate_first_player": 1}, {"turns": 3}])
def test_the_engine_and_the_wire_refuse_the_same_bad_options(bad):
    with pytest.raises(ValueError):
        options_of(bad)
    assert WIRE.options().validate(bad)
