"""Wire schemas: the partial score format, round trips, moves dispatched on type, options."""

import json
import random
from dataclasses import replace
from unittest.mock import ANY

import pytest
from marshmallow import ValidationError

from service.engine.newyork import GAME
from service.schemas import typed
from service.schemas.newyork import WIRE


def _rt(data):
    return json.loads(json.dumps(data))


_REFUSED = object()


def _both_loads(schema, plan, data):
    """marshmallow's load of ``data`` (None when it refuses it) and the typed plan's (``_REFUSED`` when the
    typed reading raises: marshmallow then decides)."""
    try:
        expected = schema.load(_rt(data))
    except ValidationError:
        expected = None
    try:
        got = plan.load(_rt(data))
    except Exception:  # noqa: BLE001 - refused by the typed reading: marshmallow decides
        got = _REFUSED
    return expected, got


def test_partial_score_format_takes_catalogue_ids_and_inline_tiles():
    body = {
        "players": [
            {
                "id": "anna",
                "city": [
                    {"x": 1, "y": 0, "tile": 41},
                    {"x": 0, "y": 1, "tile": {"type": "park", "streets": ["n", "e"]}},
                ],
            }
        ],
        "dummy": {"buildings": {"park": 2}},
    }
    state = WIRE.score_state().load(body)
    assert state.partial
    result = GAME.score(state, WIRE.score_extra().load({"scoring": "final"}))
    anna = result["players"][0]
    assert anna["buildings"]["park"]["count"] == 2  # tile 41 is a park (Alhambra garden)
    assert result["dummy"]["buildings"]["park"]["count"] == 2
    # the inline park's north street meets the start tile's open south edge
    assert "newyork.placement.street_mismatch" in [v["code"] for v in result["violations"]]


def test_score_extra_defaults_to_final_and_refuses_unknown():
    assert WIRE.score_extra().load({}) == "final"
    with pytest.raises(ValidationError):
        WIRE.score_extra().load({"scoring": "C"})


def test_full_state_loads_through_score_state():
    s = GAME.setup(["a", "b", "c"], 5, WIRE.options().load({}))
    data = _rt(WIRE.state().dump(s))
    assert WIRE.score_state().load(data) == s


def test_state_round_trip_setup_and_playout():
    for n in (2, 4, 6):
        s = GAME.setup([f"p{i}" for i in range(n)], n, WIRE.options().load({}))
        r = random.Random(n)
        for _ in range(120):
            assert WIRE.state().load(_rt(WIRE.state().dump(s))) == s
            moves = GAME.legal_moves(s)
            if not moves:
                break
            m = r.choice(moves)
            assert WIRE.move().load(_rt(WIRE.move().dump(m))) == m
            s = GAME.apply(s, m).state


def test_dump_spells_out_options():
    s = GAME.setup(["a", "b"], 1, WIRE.options().load({}))
    opts = WIRE.state().dump(s)["options"]
    assert opts == {
        "type_tiers": {"museum": 1, "theater": 2, "station": 3},
        "allow_surplus_cards": True,
        "extra_action_optional": False,
        "stalled_turn": "no_action_possible",
        "youngest": None,
        "chance": "digital",
        "two_player_money": "two_of_each",
    }


def test_options_type_tiers_must_be_a_permutation():
    with pytest.raises(ValidationError):
        WIRE.options().load({"type_tiers": {"museum": 1, "theater": 1, "station": 3}})
    opts = WIRE.options().load({"type_tiers": {"museum": 3, "theater": 1, "station": 2}})
    assert dict(opts.type_tiers) == {"museum": 3, "theater": 1, "station": 2}


def test_move_unknown_type_points_at_type():
    with pytest.raises(ValidationError) as err:
        WIRE.move().load({"type": "fly", "player": "a"})
    assert "type" in err.value.messages


def test_move_fields_must_fit_the_type():
    with pytest.raises(ValidationError) as err:
        WIRE.move().load({"type": "take_money", "player": "a", "slots": [0], "tile": 3})
    assert "tile" in err.value.messages
    with pytest.raises(ValidationError) as err:
        WIRE.move().load({"type": "buy", "player": "a", "slot": "blue"})
    assert "cards" in err.value.messages
    with pytest.raises(ValidationError):
        WIRE.move().load({"type": "reveal", "player": "a", "tile": 3, "card": {"scoring": "A"}})


def test_money_is_integers():
    # JSON Schema counts 2.0 as an integer; 2.5, true and "2" are refused
    move = WIRE.move().load({"type": "buy", "player": "a", "slot": "blue", "cards": [{"bank": "blue", "value": 2.0}]})
    assert move.cards[0].value == 2 and type(move.cards[0].value) is int
    with pytest.raises(ValidationError):
        WIRE.move().load({"type": "buy", "player": "a", "slot": "blue", "cards": [{"bank": "blue", "value": 2.5}]})
    with pytest.raises(ValidationError):
        WIRE.move().load({"type": "buy", "player": "a", "slot": "blue", "cards": [{"bank": "blue", "value": True}]})


def test_unknown_fields_are_refused():
    with pytest.raises(ValidationError):
        WIRE.score_state().load({"players": [{"id": "a", "city": [], "colour": "red"}]})


def test_tile_ids_are_bounded():
    with pytest.raises(ValidationError):
        WIRE.score_state().load({"players": [{"id": "a", "city": [{"x": 1, "y": 0, "tile": 55}]}]})


def test_a_money_card_loads_by_its_lookup_exactly_as_the_full_check_decides():
    from service.schemas.newyork import CardSchema, _card

    values = [0, 1, 5, 9, 10, -1, 2.0, 2.5, True, False, "3", None, [1]]
    banks = ["blue", "green", "yellow", "red", "purple", "", None, 1, ["blue"]]
    bodies = [{"bank": b, "value": v} for b in banks for v in values]
    bodies += [
        {"bank": "red", "value": 3, "extra": 1},
        {"bank": "red"},
        {"value": 3},
        {"bank": "red", "x": 3},
        {"value": 3, "x": "red"},
        {},
        [],
        "red 3",
        None,
    ]
    for body in bodies:
        try:
            expected = CardSchema().load(body)
        except (ValidationError, TypeError):
            expected = None
        try:
            got = _card(body)
        except ValidationError:
            got = None
        assert got == expected and (got is None or (type(got.value) is int and got.value == expected.value)), body


def test_a_money_market_slot_is_an_object_whose_card_is_null_when_the_slot_is_empty():
    s = GAME.setup(["a", "b", "c"], 5, WIRE.options().load({}))
    s = replace(s, money_market=(None,) + s.money_market[1:])
    market = _rt(WIRE.state().dump(s))["money_market"]
    assert market[0] == {"card": None}
    assert [slot["card"] for slot in market[1:]] == [{"bank": c.bank, "value": c.value} for c in s.money_market[1:]]


def test_a_money_market_written_the_old_way_with_bare_cards_and_nulls_still_loads_to_the_same_state():
    s = GAME.setup(["a", "b", "c"], 5, WIRE.options().load({}))
    s = replace(s, money_market=(None,) + s.money_market[1:])
    data = _rt(WIRE.state().dump(s))
    data["money_market"] = [slot["card"] for slot in data["money_market"]]
    assert data["money_market"][0] is None and "bank" in data["money_market"][1]
    assert WIRE.state().load(data) == s


def test_a_money_market_slot_whose_null_card_is_left_out_is_empty():
    s = GAME.setup(["a", "b", "c"], 5, WIRE.options().load({}))
    s = replace(s, money_market=(None,) + s.money_market[1:])
    data = _rt(WIRE.state().dump(s))
    data["money_market"][0] = {}  # as a client that leaves nulls out (Gson) sends it back
    assert WIRE.state().load(data) == s


def test_a_money_market_slot_with_more_than_its_card_or_a_bad_card_is_refused():
    data = _rt(WIRE.state().dump(GAME.setup(["a", "b"], 5, WIRE.options().load({}))))
    data["money_market"][0] = {"card": None, "slot": 0}
    data["money_market"][1] = {"card": {"bank": "blue", "value": 10}}
    with pytest.raises(ValidationError) as refused:
        WIRE.state().load(data)
    assert refused.value.messages["money_market"] == {0: {"slot": ["Unknown field."]}, 1: {"card": {"value": [ANY]}}}


def _player_variants(player: dict) -> list:
    """A player as written, and written otherwise: members left out, nulls, bounds, wrong kinds, extras."""
    out = [player]
    for key in player:
        out.append({k: v for k, v in player.items() if k != key})
    for key, value in (
        ("money", None),
        ("money_count", 3),
        ("money_count", 109),
        ("points", 3.0),
        ("points", True),
        ("points", -1),
        ("points", 10_001),
        ("id", "e\u0301"),
        ("id", ""),
        ("id", 7),
        ("city", None),
        ("reserve", [1.0]),
        ("reserve", [{"type": "park", "streets": ["n"]}]),
        ("to_place", [55]),
        ("extra", 1),
    ):
        out.append({**player, key: value})
    return out


@pytest.mark.parametrize("schema", ("state", "score_state"))
def test_the_players_typed_reading_takes_only_what_marshmallow_takes_and_loads_the_same(schema):
    state = GAME.setup(["p0", "p1", "p2"], 3)
    for _ in range(12):
        state = GAME.apply(state, GAME.legal_moves(state)[0]).state
    body = WIRE.state().dump(state)
    checked = taken = 0
    loader = getattr(WIRE, schema)()
    plan = typed._plan(loader)
    for variant in _player_variants(body["players"][1]):
        players = [body["players"][0], variant, body["players"][2]]
        data = {**body, "players": players}
        expected, got = _both_loads(loader, plan, data)
        if got is not _REFUSED:
            assert got == expected, variant  # taken: exactly marshmallow's value (never a refused one)
            taken += 1
        checked += 1
    assert taken >= 5 and checked > 20


def test_a_money_slots_typed_reading_takes_every_way_of_writing_it_and_only_what_marshmallow_takes():
    """The money market's typed reading (one Struct for the three ways a slot is written): a slot as dumped,
    an empty one written ``{}``, ``{"card": null}`` or null, and a bare card are taken by the plan itself,
    to exactly marshmallow's state; a slot marshmallow refuses is never taken."""
    body = _rt(WIRE.state().dump(GAME.setup(["a", "b", "c"], 5, WIRE.options().load({}))))
    card = body["money_market"][1]["card"]
    taken_by_plan = ({"card": card}, {"card": None}, {}, None, card)
    others = (
        {"card": card, "bank": card["bank"]},
        {"card": None, "value": 3},
        {"bank": card["bank"]},
        {"value": 3},
        {**card, "value": 10},
        {**card, "value": 3.0},
        {"card": {**card, "extra": 1}},
        {"slot": 0},
        [card],
        "red",
    )
    schema, plan = WIRE.state(), typed._plan(WIRE.state())
    for slot in taken_by_plan + others:
        data = {**body, "money_market": [slot, *body["money_market"][1:]]}
        expected, got = _both_loads(schema, plan, data)
        if got is _REFUSED:
            assert slot not in taken_by_plan, slot
        else:
            assert expected is not None and got == expected, slot


def test_the_options_typed_reading_loads_what_marshmallow_loads_default_or_not():
    """A state's options on the typed wire: all default (written out, in part, or left out) read as the default
    options at once; any other options as the schema reads them; the same value as marshmallow's each time,
    and a refusal marshmallow refuses too."""
    body = _rt(WIRE.state().dump(GAME.setup(["a", "b", "c"], 5, WIRE.options().load({}))))
    written = body["options"]
    variants = [
        written,
        {},
        {"allow_surplus_cards": written["allow_surplus_cards"]},
        {"type_tiers": written["type_tiers"]},
        {**written, "allow_surplus_cards": not written["allow_surplus_cards"]},
        {**written, "type_tiers": {"museum": 2, "theater": 1, "station": 3}},
        {**written, "youngest": "b"},
        {**written, "youngest": None},
        {**written, "stalled_turn": "x"},
        {**written, "allow_surplus_cards": 1},
        {**written, "type_tiers": {"museum": 1, "theater": 1, "station": 3}},
        {**written, "extra": 1},
    ]
    schema, plan = WIRE.state(), typed._plan(WIRE.state())
    taken = 0
    for options in variants:
        data = {**body, "options": options}
        expected, got = _both_loads(schema, plan, data)
        if got is _REFUSED:
            assert expected is None, options
        else:
            assert expected is not None and got == expected, options
            taken += 1
    assert taken >= 8


def test_the_money_decks_typed_reading_takes_cards_and_scoring_cards_and_only_what_marshmallow_takes():
    body = _rt(WIRE.state().dump(GAME.setup(["a", "b", "c"], 5, WIRE.options().load({}))))
    card = next(entry for entry in body["money_deck"] if "bank" in entry)
    entries = (
        card,
        {"scoring": "A"},
        {"scoring": "B"},
        {"scoring": "C"},
        {**card, "scoring": "A"},
        {"bank": card["bank"], "scoring": "B"},
        {"bank": card["bank"]},
        {"value": card["value"]},
        {},
        {**card, "extra": 1},
        None,
    )
    schema, plan = WIRE.state(), typed._plan(WIRE.state())
    for entry in entries:
        data = {**body, "money_deck": [entry, *body["money_deck"][1:]]}
        expected, got = _both_loads(schema, plan, data)
        if got is _REFUSED:
            assert entry not in (card, {"scoring": "A"}, {"scoring": "B"}), entry
        else:
            assert expected is not None and got == expected, entry


def test_a_listings_moves_dump_as_marshmallow_dumps_them():
    """The move schema writes engine moves itself (a listing's page): the same members, in the same order, as
    marshmallow's own dump, for every move type seeded play lists and the reveals and rotations it may not."""
    import orjson
    from marshmallow import Schema

    from service.engine.newyork.state import Card, Move

    moves = [
        Move("reveal", "p0", card=Card("blue", 3)),
        Move("reveal", "p0", card="A"),
        Move("reveal", "p0", tile=7),
        Move("place", "p1", tile=9, x=1, y=-2, rotation=90),
        Move("rebuild_swap", "p1", tile=9, x=0, y=1),
        Move("end_turn", "p2"),
    ]
    rnd = random.Random(4)
    state = GAME.setup(["p0", "p1", "p2"], 4)
    for _ in range(60):
        listed = GAME.legal_moves(state)
        if not listed:
            break
        moves += listed
        state = GAME.apply(state, rnd.choice(listed)).state
    assert {move.type for move in moves} >= {"take_money", "buy", "place", "reserve", "end_turn", "reveal"}
    many, one = WIRE.move(many=True), WIRE.move()
    assert orjson.dumps(many.dump(moves)) == orjson.dumps(Schema.dump(many, moves))
    assert orjson.dumps(typed.dump(many, moves)) == orjson.dumps(Schema.dump(many, moves))
    for move in moves[:5]:
        assert orjson.dumps(one.dump(move)) == orjson.dumps(Schema.dump(one, move))
