"""Skyline 3000's own readings give exactly what its schemas load: the options read beside the schema
when the board and cards are the default ones, and the state's players, blocks and piles read at once
into the engine's objects (service/schemas/skyline3000.py)."""

from __future__ import annotations

import copy
import json
import unicodedata

import orjson
import pytest
from marshmallow import ValidationError, fields, validate

from service.engine.skyline3000 import GAME, data
from service.engine.skyline3000.options import OPTIONS, default_options, option_values
from service.engine.skyline3000.state import State
from service.schemas import skyline3000, typed
from service.schemas.common import Dict, List

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
    ids to be normalised or refused, nulls where they are allowed, integral floats, unknown members."""
    decomposed = "e\u0301"  # NFC: é
    base = _state_wire((decomposed, "p1", "p2"))
    yield base
    yield _state_wire(steps=60)
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
    owned["players"][1]["hand"] = None
    yield owned
    for path, value in (
        (("blocks", "red-2", "billboards"), ["\u200b"]),
        (("blocks", "red-2", "height"), 3),
        (("blocks", "red-2", "greens"), 1.0),
        (("blocks", "red-2", "greens"), True),
        (("blocks", "nowhere"), {}),
        (("players", 0, "points"), 3.0),
        (("players", 0, "id"), " "),
        (("players", 1, "roofs", "arched"), 11),
        (("players", 1, "factory"), [{"floors": 2, "roof": "flat"}]),
        (("piles", "roof", "draw_size"), -1),
        (("piles", "floor", "top"), ""),
        (("piles", "extra"), {"draw_size": 0}),
    ):
        broken = copy.deepcopy(base)
        parent = broken
        for token in path[:-1]:
            parent = parent[token]
        parent[path[-1]] = value
        yield broken
    many = copy.deepcopy(base)
    many["players"] = many["players"] * 3
    yield many


# The same members as plain marshmallow fields: read item by item through the nested schemas.
REFERENCE = {
    "players": List(fields.Nested(skyline3000.PlayerSchema), validate=validate.Length(min=1, max=8)),
    "blocks": Dict(
        keys=fields.String(validate=validate.OneOf(data.BLOCK_IDS)),
        values=fields.Nested(skyline3000.BlockSchema),
        validate=validate.Length(max=9, error=skyline3000.M.AT_MOST_BLOCKS.format(count=9)),
    ),
    "piles": fields.Nested(skyline3000.PilesSchema),
}


def test_the_bulk_of_a_state_reads_at_once_what_its_schemas_load_item_by_item():
    fast = skyline3000.StateSchema().fields
    loaded = refused = 0
    for body in _variants():
        for name, reference in REFERENCE.items():
            expected = outcome(reference.deserialize, body[name])
            assert outcome(fast[name].deserialize, body[name]) == expected, name
            loaded += expected[0] == "loaded"
            refused += expected[0] == "refused"
    assert loaded > 30 and refused >= 8


@pytest.mark.parametrize("schema", [skyline3000.StateSchema, skyline3000.ScoreStateSchema])
def test_a_state_loads_by_the_typed_plan_to_what_marshmallow_loads(schema):
    loader = schema()
    loaded = 0
    for body in _variants():
        expected = outcome(loader.load, body)
        assert outcome(lambda b: typed.load(loader, b), body) == expected
        if expected[0] == "loaded":
            assert typed._plan(loader).load(copy.deepcopy(body)) == expected[1]  # the plan itself decides
            loaded += 1
    assert loaded >= 6
    state = typed.load(loader, next(_variants()))
    players = state.players if isinstance(state, State) else state.state.players
    assert players[0].id == unicodedata.normalize("NFC", "e\u0301")


def test_options_write_as_option_values_writes_them():
    """The options' dump copies the default board's and cards' wire forms when it can."""
    field = skyline3000.OptionsField()
    shared = field.deserialize({"first_tie_rest": "no_second", "roofs_per_shape": 4})
    assert shared.cards is skyline3000.DEFAULT_OPTIONS.cards
    for options in (skyline3000.DEFAULT_OPTIONS, shared, default_options(), default_options(roofs_per_shape=3)):
        written = field.serialize("options", {"options": options})
        assert orjson.dumps(written) == orjson.dumps(option_values(options))
    first, second = (field.serialize("options", {"options": shared}) for _ in range(2))
    first["cards"]["contract"][0]["value"] = 99
    first["board"]["starting_greens"]["red"].append("red-2")
    assert second == option_values(shared)  # each dump is its own copy
