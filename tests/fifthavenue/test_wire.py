"""Wire schemas: round trips, the partial scoring format, refusals; and robustness: no schema-valid
state or move makes the engine raise."""

from __future__ import annotations

import functools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from service.engine.fifthavenue import GAME
from service.engine.fifthavenue import data as D
from service.engine.fifthavenue.state import MOVE_TYPES
from service.schemas.fifthavenue import WIRE

from .helpers import PLAYERS, random_game

STATE, MOVE, SCORE_STATE, EXTRA, OPTIONS = (
    WIRE.state(),
    WIRE.move(),
    WIRE.score_state(),
    WIRE.score_extra(),
    WIRE.options(),
)


def wire(obj, schema=STATE):
    return json.loads(json.dumps(schema.dump(obj)))


@functools.cache
def samples():
    """Setups and states reached in seeded play; built on first use, so a worker that runs none of these
    tests never plays the games."""
    out = []

    def keep(before, move, after, listed, rnd):
        if rnd.random() < 0.05:
            out.append(after)

    for n in (2, 3, 4):
        out.append(GAME.setup(PLAYERS[n], n, {}))
        out.append(random_game(n, 50 + n, keep))
    return out


def test_round_trip_of_setup_and_playout_states():
    for s in samples():
        assert STATE.load(wire(s)) == s
        assert SCORE_STATE.load(wire(s)) == s  # a full state is also a scoring input
        v = GAME.view(s, s.players[0].id)
        assert STATE.load(wire(v)) == v


def test_dump_spells_out_the_default_options():
    body = wire(GAME.setup(PLAYERS[3], 1, OPTIONS.load({})))
    assert body["options"] == {
        "board": {
            "plot_ring": list(D.COLOURS),
            "commissioner_graph": {k: list(v) for k, v in D.DEFAULT_COMMISSIONER_GRAPH.items()},
        },
        "valuation_black_cards": 2,
        "special_scorings": [
            {"after": 3, "points": 4, "districts": 3},
            {"after": 6, "points": 6, "districts": 4},
            {"after": 9, "points": 8, "districts": 5},
        ],
        "bid_requires_supply": True,
        "black_deck_empty": "reshuffle",
        "park_tiles_fewer": "minimum_two",
        "dummy_plot": "ring_order",
        "dummy_building_stop": False,
        "board_side": "front",
        "park_colour": "trigger",
        "coloured_stack_empty": "reshuffle",
        "chance": "digital",
    }


def test_moves_round_trip():
    for s in samples():
        for m in GAME.legal_moves(s)[:40]:
            assert MOVE.load(wire(m, MOVE)) == m


def test_partial_scoring_format():
    body = {
        "districts": {
            "times-square": {
                "plots": {
                    "violet": {"skyscrapers": {"owner": "red", "count": 3}},
                    "gray": {"businesses": ["boutique", "gallery"]},
                }
            }
        }
    }
    state = SCORE_STATE.load(body)
    assert state.partial
    out = GAME.score(state, EXTRA.load({"scoring": "district:times-square"}))
    assert out["totals"] == {"red": 3}  # gray does not touch violet on the ring
    assert EXTRA.load({"scoring": "building_stop:fifth-avenue", "declarer": "red"})["declarer"] == "red"
    assert EXTRA.load({"scoring": "final", "central_park_tiles": ["boutique", "gallery", "gallery"]})[
        "central_park_tiles"
    ] == ["boutique", "gallery", "gallery"]
    assert EXTRA.load({})["scoring"] == "final"


@pytest.mark.parametrize(
    "extra,field",
    [
        ({"scoring": "district:nowhere"}, "scoring"),
        ({"scoring": "building_stop:times-square"}, "declarer"),
        ({"scoring": "district:times-square", "declarer": "red"}, "declarer"),
        ({"scoring": "district:times-square", "central_park_tiles": []}, "central_park_tiles"),
        ({"scoring": "final", "central_park_tiles": ["a", "b"]}, "central_park_tiles"),
    ],
)
def test_score_extras_are_refused_when_malformed(extra, field):
    with pytest.raises(ValidationError) as err:
        EXTRA.load(extra)
    assert field in err.value.messages


@pytest.mark.parametrize(
    "move,field",
    [
        ({"type": "fly", "player": "red"}, "type"),
        # Central Park is opened by a bid: no colour is named on its own
        ({"type": "name_park_colour", "player": "red", "colour": "gray"}, "type"),
        ({"type": "bid", "player": "red"}, "cards"),
        ({"type": "pass", "player": "red", "cards": ["gray-4"]}, "cards"),
        ({"type": "build", "player": "red", "count": 2.5}, "count"),
        ({"type": "build", "player": "red", "count": True}, "count"),
        ({"type": "bid", "player": "red", "cards": ["pink-4"]}, "cards"),
        ({"type": "reveal", "player": "red"}, "type"),
        ({"type": "take_cards", "player": "", "colours": []}, "player"),
    ],
)
def test_malformed_moves_are_schema_errors(move, field):
    with pytest.raises(ValidationError) as err:
        MOVE.load(move)
    assert field in err.value.messages


def test_integral_numbers_load_as_integers():
    """JSON Schema counts 2.0 as an integer (the contract); it loads as the integer 2."""
    move = MOVE.load({"type": "build", "player": "red", "count": 2.0})
    assert move.count == 2 and type(move.count) is int


def test_full_state_needs_every_district_and_plot_and_refuses_unknown_fields():
    body = wire(samples()[0])
    del body["districts"]["fifth-avenue"]
    with pytest.raises(ValidationError):
        STATE.load(body)
    body = wire(samples()[0])
    body["surprise"] = 1
    with pytest.raises(ValidationError):
        STATE.load(body)
    body = wire(samples()[0])
    body["districts"]["atlantis"] = {"plots": {}}
    with pytest.raises(ValidationError) as err:
        STATE.load(body)
    assert "atlantis" in err.value.messages["districts"]


# ---------------------------------------------------------------- robustness

PLAYER_POOL = ["red", "yellow", "blue", "green", "alea", "x"]


def _mutations():
    ints = st.integers(min_value=0, max_value=20)
    return st.lists(
        st.tuples(
            st.sampled_from(range(24)),
            ints,
            st.sampled_from(PLAYER_POOL),
            st.sampled_from(D.LOCATIONS),
            st.sampled_from(D.COLOURS),
        ),
        min_size=1,
        max_size=4,
    )


def _mutate(body, muts):
    for what, k, who, loc, colour in muts:
        players = body["players"]
        p = players[k % len(players)]
        did = D.DISTRICTS[k % len(D.DISTRICTS)]
        plot = body["districts"][did]["plots"][colour]
        if what == 0:
            p["supply"] = min(k, 18)
        elif what == 1:
            p["hand"] = None
        elif what == 2:
            p["hand_size"] = k
        elif what == 3:
            plot["skyscrapers"] = {"owner": who, "count": max(1, min(k, 18))}
        elif what == 4:
            plot["businesses"] = ["boutique"] * min(k % 5, 4)
        elif what == 5:
            body["turn"]["phase"] = D.PHASES[k % len(D.PHASES)]
        elif what == 6:
            body["turn"]["player"] = who
        elif what == 7:
            body["commissioners"]["white"]["at"] = loc
        elif what == 8:
            body["commissioners"]["beige"]["markers"] = [did, did][: 1 + k % 2]
        elif what == 9:
            body["pending"] = [
                {"kind": "stack_top", "colours": [colour]},
                {"kind": "dummy_bid"},
                {"kind": "black_cards", "draws": [{"player": who, "count": 1 + k % 4}]},
                {"kind": "supply_set", "index": k % 8, "count": k % 4},
                {"kind": "central_park_tiles", "count": k % 4},
            ][k % 5]
        elif what == 10:
            body["auction"] = {
                "commissioner": "white",
                "trigger": who,
                "resume": "next_turn",
                "site": ([*D.SITES])[k % 8],
                "queue": [],
                "stage": ["bidding", "resolve"][k % 2],
                "order": [x["id"] for x in players] + ([who] if k % 2 else []),
                "to_act": who,
                "full": bool(k % 2),
                "park_colour": colour if k % 3 else None,
                "bids": [{"player": who, "colour": colour, "cards": [f"{colour}-4"]}] if k % 4 else [],
                "passed": [],
                "dummy_bid": [4, 4] if k % 5 == 0 else None,
                "winner": who if k % 3 == 2 else None,
            }
        elif what == 11:
            body["supply_row"][k % 8] = None
        elif what == 12:
            body["supply_row"][k % 8] = ["gallery"] * (k % 4)
        elif what == 13:
            body["stacks"][colour] = {"top": None, "below": None, "count": k % 13}
        elif what == 14:
            body["black_deck"] = {"cards": None, "count": min(k, 50)}
        elif what == 15:
            body["districts"][did]["stopped"] = bool(k % 2)
        elif what == 16:
            body["options"]["board"]["plot_ring"] = [colour] * 5
        elif what == 17:
            body["options"]["board"]["commissioner_graph"] = {"city-hall": [did], did: [did]}
        elif what == 18:
            body["park_order"] = [k % 8] * 3
        elif what == 19:
            body["result"] = {"winners": [who], "central_park_tiles": []}
        elif what == 20:
            body["dummy"] = None if body["dummy"] else {"id": who, "general": min(k, 18)}
        elif what == 21:
            body["turn"]["start_queue"] = [who] * (k % 3)
        elif what == 22:
            body["businesses_placed"] = k
        else:
            body["districts"][D.CENTRAL_PARK]["skyscrapers"] = [{"owner": who, "count": 1 + k % 3}] * (1 + k % 2)
    return body


MOVES = st.fixed_dictionaries(
    {"type": st.sampled_from(MOVE_TYPES), "player": st.sampled_from(PLAYER_POOL)},
    optional={
        "district": st.sampled_from(D.DISTRICTS),
        "plot": st.sampled_from(D.COLOURS),
        "business": st.sampled_from(D.BUSINESSES),
        "commissioner": st.sampled_from(D.COMMISSIONERS),
        "to": st.sampled_from(D.LOCATIONS),
        "colours": st.lists(st.sampled_from(D.COLOURS), max_size=2),
        "colour": st.sampled_from(D.COLOURS),
        "cards": st.lists(st.sampled_from(D.ALL_CARDS), max_size=5),
        "count": st.integers(0, 3),
        "tiles": st.lists(st.sampled_from(D.BUSINESSES), max_size=3),
        "bid": st.lists(st.sampled_from(D.VALUES), max_size=4),
        "tops": st.dictionaries(st.sampled_from(D.COLOURS), st.sampled_from(D.VALUES), min_size=1, max_size=2),
        "drawn": st.dictionaries(
            st.sampled_from(PLAYER_POOL), st.lists(st.sampled_from(D.VALUES), max_size=3), min_size=1, max_size=3
        ),
    },
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 10_000), muts=_mutations(), move=MOVES)
def test_no_schema_valid_state_or_move_makes_the_engine_raise(index, muts, move):
    body = _mutate(wire(samples()[index % len(samples())]), muts)
    try:
        state = STATE.load(body)
    except ValidationError:
        return
    GAME.validate(state)
    moves = GAME.legal_moves(state)
    for m in moves[:3]:
        assert GAME.apply(state, m).legal
    try:
        m = MOVE.load(move)
    except ValidationError:
        m = None
    if m is not None:
        GAME.apply(state, m)
    GAME.score(state, {"scoring": "final", "declarer": None, "central_park_tiles": ["boutique"]})
    GAME.score(state, {"scoring": "building_stop:times-square", "declarer": "red", "central_park_tiles": None})
    GAME.view(state, "red")
    GAME.render(state, "red")
    GAME.render(SCORE_STATE.load(body), None)


@settings(max_examples=100, deadline=None)
@given(
    districts=st.dictionaries(
        st.sampled_from(D.DISTRICTS),
        st.fixed_dictionaries(
            {},
            optional={
                "plots": st.dictionaries(
                    st.sampled_from(D.COLOURS),
                    st.fixed_dictionaries(
                        {},
                        optional={
                            "businesses": st.lists(st.sampled_from(D.BUSINESSES), max_size=4),
                            "skyscrapers": st.none()
                            | st.fixed_dictionaries(
                                {"owner": st.sampled_from(PLAYER_POOL), "count": st.integers(1, 18)}
                            ),
                        },
                    ),
                ),
                "stopped": st.booleans(),
            },
        ),
        max_size=7,
    ),
    scoring=st.sampled_from(
        ["final"] + [f"district:{d}" for d in D.DISTRICTS] + [f"building_stop:{d}" for d in D.DISTRICTS]
    ),
)
def test_partial_scoring_inputs_never_raise(districts, scoring):
    state = SCORE_STATE.load({"districts": districts})
    extra = {"scoring": scoring}
    if scoring.startswith("building_stop:"):
        extra["declarer"] = "red"
    out = GAME.score(state, EXTRA.load(extra))
    assert set(out["totals"]) == {p["id"] for p in out["players"]}
    GAME.render(state, None)


@functools.cache
def live():
    return [s for s in samples() if not (s.turn.phase == "over" and s.pending is None)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 10_000), move=MOVES)
def test_a_random_move_is_accepted_exactly_when_legal_moves_lists_it(index, move):
    from service.engine.fifthavenue.state import canonical

    state = live()[index % len(live())]
    try:
        m = MOVE.load(move)
    except ValidationError:
        return
    out = GAME.apply(state, m)
    listed = GAME.legal_moves(state)
    if len(listed) < 2000:  # below the bid-listing bound every accepted move is listed
        assert out.legal == (canonical(m) in listed), (m, [v.code for v in out.violations])
    if out.legal:
        assert not GAME.validate(out.state)
    else:
        assert out.violations and all(v.code.startswith("fifthavenue.") for v in out.violations)


def _loaded_or_refused(load, schema, body):
    try:
        return "loaded", load(schema, body)
    except ValidationError as exc:
        return "refused", exc.messages


def _changed(body: dict, path: tuple, value) -> dict:
    body = json.loads(json.dumps(body))
    parent = body
    for key in path[:-1]:
        parent = parent[key]
    if value is _DROP:
        parent.pop(path[-1], None)
    else:
        parent[path[-1]] = value
    return body


_DROP = object()
TS, PARK, P0 = ("districts", "times-square"), ("districts", D.CENTRAL_PARK), ("players", 0)
_TURN = {"player": "p0", "phase": "auction", "action": "B", "start_queue": []}
_AUCTION = {
    "commissioner": "white",
    "trigger": "p0",
    "resume": "next_turn",
    "site": "times-square",
    "queue": [],
    "stage": "bidding",
    "order": ["p0", "p1"],
    "to_act": "p1",
    "full": False,
    "park_colour": None,
    "bids": [{"player": "p0", "colour": "gray", "cards": ["gray-4"]}],
    "passed": [],
    "dummy_bid": None,
    "winner": None,
}
_NEAR = [
    # the districts (DistrictsField's reading)
    (TS + ("plots", "gray", "skyscrapers"), {"owner": "p0", "count": 0}),
    (TS + ("plots", "gray", "skyscrapers"), {"owner": "p0", "count": 19}),
    (TS + ("plots", "gray", "skyscrapers"), {"owner": "p0", "count": 2.0}),
    (TS + ("plots", "gray", "skyscrapers"), {"owner": "p0", "count": True}),
    (TS + ("plots", "gray", "skyscrapers"), {"owner": "e\u0301", "count": 1}),
    (TS + ("plots", "gray", "skyscrapers"), {"owner": "p\u200b", "count": 1}),
    (TS + ("plots", "gray", "skyscrapers"), {"owner": "x" * 33, "count": 1}),
    (TS + ("plots", "gray", "skyscrapers"), {"owner": "p0", "count": 1, "more": 1}),
    (TS + ("plots", "gray", "skyscrapers"), {"count": 1}),
    (TS + ("plots", "gray", "skyscrapers"), None),
    (TS + ("plots", "gray", "skyscrapers"), _DROP),
    (TS + ("plots", "gray", "businesses"), ["boutique"] * 5),
    (TS + ("plots", "gray", "businesses"), ["bakery"]),
    (TS + ("plots", "gray", "businesses"), None),
    (TS + ("plots", "gray", "businesses"), _DROP),
    (TS + ("plots", "gray", "more"), 1),
    (TS + ("plots", "sixth"), {"businesses": ["gallery"]}),
    (TS + ("plots", "pink"), {}),
    (TS + ("plots", "gray"), _DROP),
    (TS + ("plots", "gray"), None),
    (TS + ("plots",), _DROP),
    (TS + ("stopped",), 1),
    (TS + ("stopped",), None),
    (TS + ("more",), 1),
    (TS, _DROP),
    (TS, []),
    (("districts", "broadway"), {}),
    (PARK + ("skyscrapers",), [{"owner": f"p{i}", "count": 1} for i in range(6)]),
    (PARK + ("skyscrapers",), [{"owner": "p0", "count": 1}, {"owner": "p0", "count": 2}]),
    (PARK + ("businesses",), ["gallery"] * 9),
    (PARK + ("businesses",), _DROP),
    (PARK, _DROP),
    # the players (PlayersField's reading)
    (P0 + ("points",), -1),
    (P0 + ("points",), 1_000_000_001),
    (P0 + ("supply",), 19),
    (P0 + ("general",), _DROP),
    (P0 + ("hand",), None),
    (P0 + ("hand",), _DROP),
    (P0 + ("hand",), ["black-7"]),
    (P0 + ("hand",), ["orange-5", "black-4"]),
    (P0 + ("hand_size",), _DROP),
    (P0 + ("hand_size",), 111),
    (P0 + ("id",), "e\u0301"),
    (P0 + ("id",), ""),
    (P0 + ("more",), 1),
    (("players",), [{"id": f"q{i}"} for i in range(6)]),
    # the stacks (StacksField's reading)
    (("stacks", "violet", "top"), 7),
    (("stacks", "violet", "top"), None),
    (("stacks", "violet", "top"), _DROP),
    (("stacks", "violet", "below"), None),
    (("stacks", "violet", "below"), [4] * 13),
    (("stacks", "violet", "count"), 13),
    (("stacks", "violet", "count"), _DROP),
    (("stacks", "violet", "more"), 1),
    (("stacks", "pink"), {"count": 0}),
    (("stacks", "violet"), _DROP),
    # the options (OptionsField's reading)
    (("options", "board_side"), "middle"),
    (("options", "board_side"), "back"),
    (("options", "chance"), None),
    (("options", "bid_requires_supply"), 1),
    (("options", "valuation_black_cards"), 0),
    (("options", "valuation_black_cards"), 3.0),
    (("options", "valuation_black_cards"), True),
    (("options", "board"), None),
    (("options", "board"), {}),
    (("options", "board", "plot_ring"), ["violet", "brown", "gray", "green"]),
    (("options", "board", "plot_ring"), ["violet"] * 5),
    (("options", "board", "plot_ring"), ["orange", "green", "gray", "brown", "violet"]),
    (("options", "board", "commissioner_graph"), {"city-hall": []}),
    (("options", "board", "commissioner_graph"), {"nowhere": ["times-square"]}),
    (("options", "board", "commissioner_graph"), {"city-hall": ["central-park"], "times-square": ["city-hall"]}),
    (("options", "board", "more"), 1),
    (("options", "special_scorings"), []),
    (("options", "special_scorings"), [{"after": 3, "points": 4, "districts": 3}] * 13),
    (("options", "special_scorings"), [{"after": 0, "points": 4, "districts": 3}]),
    (("options", "special_scorings"), [{"after": 3, "points": 4, "districts": 3, "more": 1}]),
    (("options", "special_scorings"), [{"after": 3, "points": 4}]),
    (("options", "special_scorings"), None),
    (("options", "more"), 1),
    (("options",), {}),
    (("options",), _DROP),
    (("options",), None),
    # the turn, the auction and its bids, the commissioners, what stops removed, the black deck (their readings)
    (("turn",), _TURN),
    (("turn",), {**_TURN, "phase": "bidding"}),
    (("turn",), {**_TURN, "action": "E"}),
    (("turn",), {**_TURN, "action": None}),
    (("turn",), {**_TURN, "start_queue": ["p0"] * 11}),
    (("turn",), {**_TURN, "player": "p\u200b"}),
    (("turn",), {**_TURN, "player": "e\u0301"}),
    (("turn",), {**_TURN, "more": 1}),
    (("turn",), {"player": "p0"}),
    (("turn",), None),
    (("auction",), _AUCTION),
    (("auction",), {**_AUCTION, "stage": "done"}),
    (("auction",), {**_AUCTION, "order": []}),
    (("auction",), {**_AUCTION, "order": ["p0"] * 6}),
    (("auction",), {**_AUCTION, "to_act": "e\u0301"}),
    (("auction",), {**_AUCTION, "to_act": None}),
    (("auction",), {**_AUCTION, "winner": ""}),
    (("auction",), {**_AUCTION, "full": 1}),
    (("auction",), {**_AUCTION, "park_colour": "black"}),
    (("auction",), {**_AUCTION, "queue": ["central-park"] * 9}),
    (("auction",), {**_AUCTION, "dummy_bid": [4, 5, 6, 4, 5]}),
    (("auction",), {**_AUCTION, "bids": [{"player": "p0", "colour": "gray", "cards": []}]}),
    (("auction",), {**_AUCTION, "bids": [{"player": "p0", "colour": "gray", "cards": ["gray-4"], "more": 1}]}),
    (("auction",), {**_AUCTION, "bids": [{"player": "p0", "colour": "black", "cards": ["gray-4"]}]}),
    (("auction",), {**_AUCTION, "more": 1}),
    (("auction",), {k: v for k, v in _AUCTION.items() if k != "trigger"}),
    (("commissioners", "white", "at"), "nowhere"),
    (("commissioners", "white", "markers"), ["times-square"] * 8),
    (("commissioners", "white", "markers"), _DROP),
    (("commissioners", "white", "more"), 1),
    (("commissioners", "red"), {"at": "city-hall"}),
    (("commissioners", "white"), _DROP),
    (("removed", "businesses"), ["bakery"]),
    (("removed", "skyscrapers"), [{"owner": "p0", "count": 0}]),
    (("removed", "skyscrapers"), [{"owner": "e\u0301", "count": 2}]),
    (("removed", "skyscrapers"), _DROP),
    (("removed", "more"), 1),
    (("black_deck", "seed"), 7),
    (("black_deck", "seed"), -1),
    (("black_deck", "seed"), 2**53),
    (("black_deck", "seed"), 3.0),
    (("black_deck", "cards"), [7]),
    (("black_deck", "cards"), [4] * 40),
    (("black_deck", "cards"), None),
    (("black_deck", "count"), _DROP),
    (("black_deck", "more"), 1),
]


@pytest.mark.parametrize("schema", [STATE, SCORE_STATE], ids=["state", "score_state"])
def test_the_typed_readings_of_the_state_take_what_marshmallow_takes(schema):
    """The state's own msgspec readings (the districts, the players, the stacks, the options, the turn, the
    auction, the commissioners, what stops removed, the black deck: typed.py's ``typed_reading``) give marshmallow's loaded state, or are refused and marshmallow refuses with its
    messages: on a state of seeded play and on it changed on either side of each bound, null, left out,
    with a member of no schema. The state as played loads by the typed plan itself (no fallback)."""
    from service.schemas import typed

    two = GAME.setup(PLAYERS[2], 5, {"board_side": "back"})
    bidding = next((s for s in samples() if s.auction is not None and s.auction.bids), samples()[-1])
    for played in (bidding, two):
        body = wire(played)
        assert typed._plan(schema).load(json.loads(json.dumps(body))) == schema.load(body)
        for path, value in _NEAR:
            changed = _changed(body, path, value)
            got = _loaded_or_refused(typed.load, schema, json.loads(json.dumps(changed)))
            expected = _loaded_or_refused(lambda s, b: s.load(b), schema, changed)
            assert got == expected, (path, value)


def test_the_fast_builders_build_what_the_classes_build():
    """``new_move`` and ``options_with`` (which skip the frozen dataclasses' member-by-member ``__init__``)
    give the very objects ``Move(...)`` and ``Options(...)`` give, and refuse an unknown member as they do."""
    from service.engine.fifthavenue.options import Options, options_with
    from service.engine.fifthavenue.state import Move, new_move

    for kind, members in (
        ("pass", {}),
        ("bid", {"colour": "gray", "cards": ("black-4", "gray-5")}),
        ("build", {"count": 2}),
    ):
        built, made = new_move(kind, "p0", **members), Move(kind, "p0", **members)
        assert type(built) is Move and built == made and hash(built) == hash(made) and vars(built) == vars(made)
    with pytest.raises(TypeError):
        new_move("bid", "p0", colur="gray")
    for members in ({}, {"board_side": "back", "plot_ring": ("orange", "green", "gray", "brown", "violet")}):
        built_options, made_options = options_with(members), Options(**members)
        assert built_options == made_options and vars(built_options) == vars(made_options)
    with pytest.raises(TypeError):
        options_with({"sides": "back"})
