"""New York's options are declared once (service/engine/newyork/options.py): the engine's Options, the
readings, describe, the wire schema and the contract all follow the specs."""

import pytest

from service.engine.newyork import GAME
from service.engine.newyork.options import OPTIONS, Options
from service.schemas.newyork import WIRE
from tests.contract_document import component, said_default

OPENAPI_TYPES = {"bool": "boolean", "int": "integer", "choice": "string"}


def test_the_contract_options_are_the_specs():
    documented = component("NewYorkOptions")["properties"]
    assert set(documented) == {spec.name for spec in OPTIONS}
    for spec in OPTIONS:
        field = documented[spec.name]
        if isinstance(spec.default, dict):
            assert "$ref" in field, spec.name  # a structured option: its own schema (a model has no default)
            continue
        assert said_default(field) == spec.default, spec.name
        if spec.kind in OPENAPI_TYPES:
            assert field["type"] == OPENAPI_TYPES[spec.kind]
        if spec.choices:
            assert field["enum"] == list(spec.choices)


def test_defaults_come_from_the_specs_everywhere():
    defaults = OPTIONS.defaults()
    assert WIRE.options().load({}) == Options() == Options.of(defaults) == Options.of({})
    assert GAME.describe()["options"] == defaults
    assert WIRE.options().dump(Options()) == defaults
    state = GAME.setup(["anna", "bob", "carl"], 1, WIRE.options().load({}))
    assert WIRE.state().dump(state)["options"] == defaults


def test_option_readings_are_described_from_their_specs():
    readings = {r["name"]: r for r in GAME.describe()["readings"]}
    for spec in OPTIONS:
        if not spec.reading:  # a plain setting (chance), not a rule reading
            assert spec.name not in readings
            continue
        assert readings[spec.name] == {
            "name": spec.name,
            "default": spec.default,
            "provenance": spec.provenance,
            "text": spec.text,
            "rule_url": f"/v1/games/newyork/rules#reading-{spec.name.replace('_', '-')}",
            "reads_url": f"/v1/games/newyork/rules#{spec.section}",
        }


@pytest.mark.parametrize("bad", [{"stalled_turn": "never"}, {"allow_surplus_cards": 1}, {"rotate": True}])
def test_the_engine_and_the_wire_refuse_the_same_bad_options(bad):
    with pytest.raises(ValueError):
        Options.of(bad)
    assert WIRE.options().validate(bad)
