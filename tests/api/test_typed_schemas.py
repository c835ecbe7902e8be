"""The typed wire (service/schemas/typed.py) gives marshmallow's verdicts: for every request envelope of
every game, on states reached by seeded play and on the same bodies broken at random, ``typed.load``
returns what ``Schema.load`` returns or raises the ValidationError it raises, with the same messages and
so the same 422 pointers; ``typed.dump`` writes what ``Schema.dump`` writes; on valid bodies the typed
plan itself decides (no silent fallback to marshmallow); and each field's msgspec type with its remaining
checks takes, on both sides of every bound, only what marshmallow's field takes, giving the same value."""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

import msgspec
import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError

from service import create_app
from service.api.routes import ROUTES, Position
from service.engine.registry import GAME_IDS
from service.schemas import typed
from service.schemas.errors import error_pointers

PLAYERS = {"newyork": 4, "alhambra": 4, "chinatown": 4, "skyline3000": 3, "fifthavenue": 3}
SEEDS = (3, 8)
STEPS = (0, 9, 40)
BINDINGS = create_app({"redis_url": None}).extensions["games"]


@cache
def played(game_id: str, seed: int, steps: int) -> tuple[dict, list[dict]]:
    """The wire state after ``steps`` random legal moves of a seeded game, and the moves then listed."""
    binding = BINDINGS[game_id]
    rnd = random.Random(seed)
    state = binding.game.setup([f"p{i}" for i in range(PLAYERS[game_id])], seed, {})
    for _ in range(steps):
        listed = binding.game.legal_moves(state)
        if not listed:
            break
        state = binding.game.apply(state, rnd.choice(listed)).state
    moves = binding.envelopes.moves_out.dump(binding.game.legal_moves(state))
    return binding.envelopes.state_out.dump(state), moves


def bodies(game_id: str, seed: int, steps: int) -> dict[str, dict]:
    """A valid body for each route's request envelope (service/api/routes.py: its example from the seeded
    position), and for the partial state score loads first."""
    state, moves = played(game_id, seed, steps)
    players = [f"p{i}" for i in range(PLAYERS[game_id])]
    position = Position(
        game_id,
        {"players": players, "seed": seed, "options": {}},
        state,
        moves[seed % len(moves)] if moves else None,
        players[seed % len(players)],
    )
    found = {route.path: route.example(position) for route in ROUTES}
    return {"score_state": {"state": state}, **{path: body for path, body in found.items() if body is not None}}


def every_envelope(game_id: str) -> list[Schema]:
    """Every route's request envelope and every schema beside them."""
    envelopes = BINDINGS[game_id].envelopes
    return [*envelopes.requests.values(), *(s for s in vars(envelopes).values() if isinstance(s, Schema))]


def envelope(game_id: str, name: str) -> Schema:
    """A route's request envelope, by its path, or the partial state score loads (``score_state``)."""
    envelopes = BINDINGS[game_id].envelopes
    return envelopes.requests[name] if name in envelopes.requests else getattr(envelopes, name)


def outcome(schema: Schema, load, body: Any) -> tuple[str, Any]:
    try:
        return "loaded", load(schema, body)
    except ValidationError as exc:
        return "refused", (exc.messages, error_pointers(exc.messages))


def marshmallow_load(schema: Schema, body: Any) -> Any:
    return schema.load(body)


def paths(value: Any, here: tuple = ()) -> list[tuple]:
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, here + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, here + (index,))
    return found


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 70)
    | st.integers()
    | st.sampled_from([2**63, -(2**64), 3.0, 0.5])
    | st.text(max_size=40)
    | st.sampled_from(["", "p0", "p1", "final", "red", "round", "x" * 33]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)


def near(value: Any) -> st.SearchStrategy:
    """Values close to ``value``: the other side of a boundary, the same number as a float or a string."""
    if isinstance(value, bool):
        return st.sampled_from([not value, int(value), None])
    if isinstance(value, int):
        return st.sampled_from([value - 1, value + 1, -value, float(value), value + 0.5, str(value), True, 0])
    if isinstance(value, str):
        return st.sampled_from(["", value + "x", value[:-1], value * 2, value.upper(), "x" * 33, 1])
    return JSON_VALUES


@st.composite
def broken(draw, body: dict) -> dict:
    """``body`` with one to three random changes: a value replaced by any value or a nearby one, a member
    dropped or added, a list grown by copies of an item or cut."""
    body = copy.deepcopy(body)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(body)))
        parent, key = _parent(body, path)
        kind = draw(st.sampled_from(["replace", "near", "near", "drop", "add", "grow"]))
        target = parent[key] if parent is not None else body
        if kind == "replace" and parent is not None:
            parent[key] = draw(JSON_VALUES)
        elif kind == "near" and parent is not None:
            parent[key] = draw(near(target))
        elif kind == "drop" and parent is not None:
            del parent[key]
        elif kind == "add" and isinstance(target, dict):
            target[draw(st.sampled_from(["extra", "type", "id", "players", "scoring", "0"]))] = draw(JSON_VALUES)
        elif kind == "grow" and isinstance(target, list) and target:
            item = target[draw(st.integers(0, len(target) - 1))]
            target.extend(copy.deepcopy(item) for _ in range(draw(st.integers(1, 40))))
    return body


def _parent(body: Any, path: tuple) -> tuple[Any, Any]:
    if not path:
        return None, None
    parent = body
    for token in path[:-1]:
        parent = parent[token]
    return parent, path[-1]


def _same(schema: Schema, body: Any) -> None:
    expected = outcome(schema, marshmallow_load, copy.deepcopy(body))
    got = outcome(schema, typed.load, copy.deepcopy(body))
    assert got[0] == expected[0], (got, expected)
    assert got[1] == expected[1]


CASES = [(game, seed, steps) for game in GAME_IDS for seed in SEEDS for steps in STEPS]


@pytest.mark.parametrize("game_id,seed,steps", CASES)
def test_valid_bodies_load_by_the_plan_to_what_marshmallow_loads(game_id, seed, steps):
    for name, body in bodies(game_id, seed, steps).items():
        schema = envelope(game_id, name)
        by_plan = typed._plan(schema).load(copy.deepcopy(body))  # raises if the plan gave up
        assert by_plan == schema.load(copy.deepcopy(body)), name


@pytest.mark.parametrize("game_id,seed,steps", CASES)
def test_dumps_are_marshmallows(game_id, seed, steps):
    envelopes = BINDINGS[game_id].envelopes
    state = envelopes.requests["validate"].load({"state": played(game_id, seed, steps)[0]})["state"]
    # byte for byte: a state schema's own pre_dump may build its wire form (typed.py, ``_as_built``)
    assert orjson.dumps(typed.dump(envelopes.state_out, state)) == orjson.dumps(envelopes.state_out.dump(state))
    moves = BINDINGS[game_id].game.legal_moves(state)
    assert typed.dump(envelopes.moves_out, moves) == envelopes.moves_out.dump(moves)
    status = BINDINGS[game_id].game.status(state)
    assert typed.dump(envelopes.status_out, status) == envelopes.status_out.dump(status)
    scored = envelopes.score_state.load({"state": played(game_id, seed, steps)[0]})["state"]
    assert typed.dump(envelopes.score_state, {"state": scored}) == envelopes.score_state.dump({"state": scored})


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_broken_bodies_get_marshmallows_verdict_and_errors(game_id, data):
    seed, steps = data.draw(st.sampled_from(SEEDS)), data.draw(st.sampled_from(STEPS))
    name, body = data.draw(st.sampled_from(sorted(bodies(game_id, seed, steps).items())))
    _same(envelope(game_id, name), data.draw(broken(body)))


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=40, deadline=None)
@given(
    scoring=st.dictionaries(
        st.sampled_from(["scoring", "declarer", "central_park_tiles", "extra"]),
        JSON_VALUES | st.sampled_from(["final", "income", "round", "A", "district:x"]),
        max_size=3,
    )
)
def test_score_extras_get_marshmallows_verdict(game_id, scoring):
    _same(BINDINGS[game_id].envelopes.score_extra, scoring)


def _fields(schema: Schema, seen: set[int]):
    """Every field of ``schema`` and of the schemas nested in it, inner fields of lists and dicts too."""
    if id(schema) in seen:
        return
    seen.add(id(schema))
    stack = list(schema.load_fields.values())
    while stack:
        field = stack.pop()
        yield field
        stack += [
            f
            for f in (
                getattr(field, "inner", None),
                getattr(field, "key_field", None),
                getattr(field, "value_field", None),
            )
            if f is not None
        ]
        if hasattr(field, "nested"):
            yield from _fields(field.schema, seen)


def _probes(validator: Any) -> list[Any]:
    """Values on both sides of a validator's boundaries."""
    from marshmallow import validate

    if isinstance(validator, validate.Length):
        sizes = {n + d for n in (validator.min, validator.max, validator.equal) if n is not None for d in (-1, 0, 1)}
        return [["x"] * n for n in sorted(sizes) if n >= 0] + ["x" * n for n in sorted(sizes) if n >= 0]
    if isinstance(validator, validate.Range):
        ends = [n for n in (validator.min, validator.max) if n is not None]
        return [n + d for n in ends for d in (-1, 0, 1)] + [n + 0.5 for n in ends]
    if isinstance(validator, (validate.OneOf, validate.Equal)):
        choices = list(getattr(validator, "choices", [getattr(validator, "comparable", None)]))
        return choices + [None, "", 0, 1, True, "zzz", [choices[0]] if choices else []]
    return []


def _typed_reading(field: Any, value: Any) -> tuple[bool, Any]:
    """What the typed plan makes of ``value`` as ``field``'s value: msgspec's check, then what is left."""
    reading = typed._field_typed(field)
    try:
        got = msgspec.convert(value, reading.kind)
        if isinstance(reading.conv, typed._OwnField):
            got = reading.conv(got, value, None, None)
        elif reading.conv is not None:
            got = reading.conv(got, value)
    except (msgspec.ValidationError, ValidationError, typed._GiveUp, TypeError, ValueError):
        return False, None
    return True, got


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_typed_fields_take_what_marshmallow_takes_on_both_sides_of_each_bound(game_id):
    """Every bound msgspec checks in C (``Length``, ``Range``, ``OneOf``, ``Equal`` as Meta and Literal types)
    and every check left to Python: the typed reading takes a value only when marshmallow's field does, with
    the same result, and refuses one marshmallow takes only when it is a float (an integral ``3.0`` for an
    integer, which marshmallow then loads itself)."""
    checked = 0
    seen: set[int] = set()
    for schema in every_envelope(game_id):
        for field in _fields(schema, seen):
            for validator in field.validators:
                for value in _probes(validator):
                    try:
                        expected = True, field.deserialize(copy.deepcopy(value))
                    except (ValidationError, TypeError):
                        expected = False, None
                    got = _typed_reading(field, copy.deepcopy(value))
                    if got[0]:
                        assert got == expected, (field, validator, value)
                    else:
                        assert not expected[0] or isinstance(value, float), (field, validator, value)
                    checked += 1
    assert checked > 100


def test_skylines_default_options_shortcut_is_what_the_schema_loads():
    import json

    from service.schemas import skyline3000

    wire = json.loads(skyline3000.DEFAULT_OPTIONS_JSON)
    assert skyline3000.OptionsSchema().load(wire) == skyline3000.DEFAULT_OPTIONS
    field = skyline3000.OptionsField()
    assert field.deserialize(dict(reversed(list(wire.items())))) is skyline3000.DEFAULT_OPTIONS
    assert field.deserialize({**wire, "roofs_per_shape": 4}).roofs_per_shape == 4
    for near in (
        {**wire, "billboards_per_player": True},
        {**wire, "billboards_per_player": float(wire["billboards_per_player"])},
        {**wire, "extra": 1},
    ):
        try:
            expected = skyline3000.OptionsSchema().load(near)
        except ValidationError as refused:
            with pytest.raises(ValidationError) as got:
                field.deserialize(near)
            assert got.value.messages == refused.messages
        else:
            assert field.deserialize(near) == expected


def test_new_yorks_default_catalogue_is_the_catalogue_of_the_default_tiers():
    from service.engine.newyork.data import catalogue
    from service.engine.newyork.options import Options
    from service.schemas import newyork

    assert dict(newyork.DEFAULT_TILES) == catalogue(Options().type_tiers)


@pytest.mark.parametrize("game_id", ("newyork", "alhambra"))
def test_a_two_player_state_with_the_dummy_dumps_as_marshmallow_dumps_it(game_id):
    """New York's state schema writes its dump itself (``typed_dump_built``): the dummy's tiles and
    buildings too, which only a two-player game has."""
    binding = BINDINGS[game_id]
    rnd = random.Random(5)
    state = binding.game.setup(["p0", "p1"], 5, {})
    schema = binding.envelopes.state_out
    for step in range(41):
        if step % 20 == 0:
            assert state.dummy is not None
            assert orjson.dumps(typed.dump(schema, state)) == orjson.dumps(schema.dump(state)), step
        state = binding.game.apply(state, rnd.choice(binding.game.legal_moves(state))).state


@pytest.mark.parametrize("many_fields", [False, True])
def test_a_dict_is_dumped_by_its_members_as_marshmallow_dumps_it(many_fields):
    """marshmallow reads a member a dict lacks as the dict's attribute of that name: the typed dump asks
    for it only where the dict type has one (``pop``, ``items``); a schema of many fields reads a dict by
    the members it has (and visits the fields with a default). The same dump, in the same order."""
    from marshmallow import fields

    class Members(Schema):
        name = fields.String()
        pop = fields.String()
        items = fields.Raw()
        total = fields.Integer(dump_default=0)

    class ManyMembers(Members):
        colour = fields.String()
        slots = fields.List(fields.Integer())
        lot = fields.Integer(data_key="lot_id")
        seat = fields.Integer(attribute="place")

    schema = ManyMembers() if many_fields else Members()
    objects = ({}, {"name": "anna"}, {"pop": "x", "items": [1]}, {"lot": 4, "name": "ben", "extra": 1, "total": 3})
    for obj in (*objects, {"slots": [2, 1], "colour": "red", "name": "cleo", "place": 2, "seat": 9}):
        dumped = typed.dump(schema, obj)
        assert dumped == schema.dump(obj)
        assert list(dumped) == list(schema.dump(obj))


def test_a_sparse_dict_in_the_schemas_order_is_dumped_member_by_member_as_marshmallow_dumps_it():
    """A schema of many fields, none with a default or a dict attribute's name (a move's): a dict of
    few members is walked in its own order when that is the schema's, and its values that a field
    gives back as they are (a str for a String, an int for an Integer, a list of them) are not passed to
    the field. Out of order, with members no field reads, or with values a field converts: the same
    dump as marshmallow's, in the same order."""
    from marshmallow import fields

    class Move(Schema):
        type = fields.String()
        player = fields.String()
        slots = fields.List(fields.Integer())
        lot = fields.Integer(data_key="lot_id")
        seat = fields.Integer(attribute="place")
        flag = fields.Boolean()
        cards = fields.List(fields.String())
        note = fields.Raw()

    schema = Move()
    objects = (
        {"type": "take", "player": "p0", "slots": [0, 2]},  # in order, every value given back
        {"type": "take", "place": 3, "cards": ("a", "b")},  # an attribute, a tuple for a list
        {"player": "p0", "type": "take"},  # out of order
        {"type": "take", "extra": 1, "lot": 4},  # a member no field reads
        {"type": 5, "player": None, "slots": [1.0, 2], "flag": 1},  # values converted
        {"lot": True, "cards": ["a", 3], "note": None},
        {"type": "take", "slots": None, "note": {"any": [1]}, "place": 2.0},
    )
    for obj in objects:
        dumped = typed.dump(schema, obj)
        assert dumped == schema.dump(obj), obj
        assert list(dumped) == list(schema.dump(obj)), obj
        assert [type(v) for v in dumped.values()] == [type(v) for v in schema.dump(obj).values()], obj
    listed = Move(many=True)
    assert typed.dump(listed, list(objects)) == listed.dump(list(objects))


def test_a_fields_whole_list_reading_reads_a_list_of_it_at_once_and_the_lists_bounds_still_hold():
    """A field's ``typed_reading`` may give a third member, how it reads a whole list of its values: a list
    of that field is read by it in one call, to what reading each value gives; a list past its ``Length``
    is still refused (and marshmallow, which reads it too, says why)."""
    from marshmallow import fields, validate

    calls = []

    class Doubled(fields.Field):
        def _deserialize(self, value, attr, data, **kwargs):
            return value * 2

        def typed_reading(self):
            def read_all(values):
                calls.append(len(values))
                return [v * 2 for v in values]

            return int, lambda v: v * 2, read_all

    class Numbers(Schema):
        values = fields.List(Doubled(), validate=validate.Length(max=3))

    assert (
        typed.load(Numbers(), {"values": [1, 2, 3]}) == Numbers().load({"values": [1, 2, 3]}) == {"values": [2, 4, 6]}
    )
    assert calls == [3]
    with pytest.raises(ValidationError):
        typed.load(Numbers(), {"values": [1, 2, 3, 4]})
