"""The state classes whose ``__init__`` is written by hand (state.py) are built as their fields say."""

import dataclasses
import inspect

import pytest

from service.engine.kit import replace
from service.engine.newyork.options import Options
from service.engine.newyork.state import Move, Placed, Player, State, Tile


@pytest.mark.parametrize("cls", (Player, Move, State))
def test_state_classes_are_built_as_their_fields_say(cls):
    fields = dataclasses.fields(cls)
    parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [p.name for p in parameters] == [f.name for f in fields]
    for p, f in zip(parameters, fields, strict=True):
        if f.default_factory is not dataclasses.MISSING:  # State's options: a fresh one each time
            assert getattr(cls(), f.name) == f.default_factory()
            assert getattr(cls(), f.name) is not getattr(cls(), f.name)
        else:
            assert p.default == (inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default)
    # every field lands where it is named, and the instance stays frozen
    values = {f.name: object() for f in fields}
    built = cls(**values)
    assert {f.name: getattr(built, f.name) for f in fields} == values
    assert dataclasses.replace(built, **{fields[0].name: 1}) == cls(**{**values, fields[0].name: 1})
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(built, fields[0].name, 2)


def test_a_hand_built_state_equals_and_hashes_as_the_dataclass_compares_it():
    tile = Tile(3, "park", "ns", 2)
    assert Placed(1, 2, tile) == Placed(1, 2, tile) and hash(Placed(1, 2, tile)) == hash(Placed(1, 2, tile))
    assert Placed(1, 2, tile) != Placed(2, 1, tile)
    assert Move("end_turn", "p0") == Move("end_turn", "p0") and Move("end_turn", "p0") != Move("end_turn", "p1")
    assert State(options=Options()) == State() and State().options == Options()


def test_a_city_tile_is_a_frozen_struct_that_compares_and_hashes_by_its_members():
    tile = Tile(3, "park", "ns", 2)
    placed = Placed(1, 2, tile)
    assert (placed.x, placed.y, placed.tile) == (1, 2, tile) and Placed(x=1, y=2, tile=tile) == placed
    assert replace(placed, x=4) == Placed(4, 2, tile) and placed.x == 1  # the engine's copies (kit.replace)
    assert Placed(1, 2, tile) != Placed(1, 2, Tile(4, "park", "ns", 2)) and placed != (1, 2, tile)
    with pytest.raises(AttributeError):
        placed.x = 2  # type: ignore[misc]
    assert len({Placed(1, 2, tile), Placed(1, 2, tile), Placed(2, 1, tile)}) == 2
