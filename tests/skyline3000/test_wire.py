"""Skyline 3000's own readings on the typed wire give exactly what its schemas load: the options read
without the schema when the board and cards are the default ones, and the state's players, blocks and
piles read straight into the engine's objects (service/schemas/skyline3000.py)."""

from __future__ import annotations

import copy
import json
import unicodedata

import pytest
from marshmallow import ValidationError

from service.engine.skyline3000 import GAME
from service.engine.skyline3000.options import OPTIONS
from service.schemas import skyline3000, typed

DEFAULT_WIRE = json.loads(skyline3000.DEFAULT_OPTIONS_JSON)


def outcome(load, value):
    try:
        return "loaded", load(copy.deepcopy(value))
    except ValidationError as refused:
        return "refused", refused.messages


def near_values(spec):
    """Each choice or both ends of the range, and values just outside or of another JSON type."""
    if spec.kind == "choice":
        taken = list(spec.choices)
    elif spec.kind == "int":
        taken = [spec.minimum, spec.maximum, spec.minimum - 1, spec.maximum + 1, float(spec.maximum)]
    else:
        taken = [True, False]
    return [*taken, None, True, 1, "", "x", [], {}]


def options_cases():
    yield DEFAULT_WIRE
    yield {}
    yield {"first_tie_rest": "no_second", "chance": "table"}
    for spec in OPTIONS:
        if spec.kind == "value":
            continue
        for value in near_values(spec):
            yield {**DEFAULT_WIRE, spec.name: value}
            yield {spec.name: value}
    yield {**DEFAULT_WIRE, "extra": 1}
    board = copy.deepcopy(DEFAULT_WIRE["board"])
    board["small_platforms"]["red-1"] = 9
    yield {**DEFAULT_WIRE, "board": board}
    yield {**DEFAULT_WIRE, "board": dict(reversed(list(DEFAULT_WIRE["board"].items())))}
    cards = copy.deepcopy(DEFAULT_WIRE["cards"])
    cards["roof"][0] = 1.0
    yield {**DEFAULT_WIRE, "cards": cards}
    cards = copy.deepcopy(DEFAULT_WIRE["cards"])
    cards["roof"][0] = 2**70
    yield {**DEFAULT_WIRE, "cards": cards}
    yield {**DEFAULT_WIRE, "cards": None}


def test_options_read_beside_the_schema_are_what_the_schema_loads():
    field = skyline3000.OptionsField()
    schema = skyline3000.OptionsSchema()
    cases = list(options_cases())
    for value in cases:
        assert outcome(field.deserialize, value) == outcome(schema.load, value), value
    assert field.deserialize({"first_tie_rest": "no_second"}).cards is skyline3000.DEFAULT_OPTIONS.cards
    assert len(cases) > 100


def _state_wire(players=("p0", "p1", "p2"), steps=12):
    state = GAME.setup(list(players), 4)
    for _ in range(steps):
        state = GAME.apply(state, GAME.legal_moves(state)[0]).state
    return skyline3000.WIRE.state().dump(state)


def _variants():
    """A played state, and the same with what the readings treat apart: members left to their defaults,
    ids to be normalised, nulls where they are allowed."""
    decomposed = "e\u0301"  # NFC: é
    base = _state_wire((decomposed, "p1", "p2"))
    yield base
    trimmed = copy.deepcopy(base)
    for block in trimmed["blocks"].values():
        for name in ("buildings", "greens", "billboards", "large"):
            block.pop(name, None)
    for player in trimmed["players"]:
        for name in ("billboards_retired", "passed", "hand"):
            player.pop(name, None)
        for building in player["factory"]:
            building.pop("roof", None)
    for pile in trimmed["piles"].values():
        for name in ("draw", "discard", "top"):
            pile.pop(name, None)
    yield trimmed
    owned = copy.deepcopy(base)
    owned["blocks"]["red-2"]["buildings"] = [{"owner": decomposed, "floors": 1, "roof": "arched"}]
    owned["blocks"]["red-2"]["billboards"] = [decomposed, "p1", decomposed]
    owned["blocks"]["red-3"]["large"] = None
    owned["piles"]["roof"]["draw"] = None
    yield owned
    refused = copy.deepcopy(base)
    refused["blocks"]["red-2"]["billboards"] = ["\u200b"]
    yield refused
    unknown = copy.deepcopy(base)
    unknown["blocks"]["red-2"]["height"] = 3
    yield unknown
    many = copy.deepcopy(base)
    many["players"] = many["players"] * 3
    yield many


@pytest.mark.parametrize("schema", [skyline3000.StateSchema, skyline3000.ScoreStateSchema])
def test_the_bulk_of_a_state_reads_straight_into_what_the_schema_loads(schema):
    loader = schema()
    loaded = 0
    for body in _variants():
        expected = outcome(loader.load, body)
        assert outcome(lambda b: typed.load(loader, b), body) == expected
        if expected[0] == "loaded":
            assert typed._plan(loader).load(copy.deepcopy(body)) == expected[1]  # the plan itself decides
            loaded += 1
    assert loaded == 3
    players = typed.load(loader, next(_variants()))
    assert unicodedata.is_normalized("NFC", players.players[0].id)
