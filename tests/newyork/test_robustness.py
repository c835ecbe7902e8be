"""Never raise on input that passes the schema: random schema-valid states and moves (hypothesis)."""

import json
import random
import xml.etree.ElementTree as ET

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from service.engine.newyork import GAME
from service.engine.newyork.data import BANKS, TYPES
from service.engine.newyork.state import PHASES
from service.schemas.newyork import WIRE

IDS = ["a", "b", "c", "d", "e", "f", "g"]
tiles = st.one_of(
    st.integers(1, 54),
    st.fixed_dictionaries({"type": st.sampled_from(TYPES), "streets": st.lists(st.sampled_from("nesw"), unique=True)}),
)
cards = st.fixed_dictionaries({"bank": st.sampled_from(BANKS), "value": st.integers(1, 9)})
deck_entries = st.one_of(cards, st.fixed_dictionaries({"scoring": st.sampled_from(["A", "B"])}))
placed = st.fixed_dictionaries({"x": st.integers(-3, 3), "y": st.integers(-3, 3), "tile": tiles})
players = st.fixed_dictionaries(
    {
        "id": st.sampled_from(IDS),
        "city": st.lists(placed, max_size=8),
        "reserve": st.lists(tiles, max_size=3),
        "money": st.one_of(st.none(), st.lists(cards, max_size=6)),
        "points": st.integers(0, 200),
        "to_place": st.lists(tiles, max_size=2),
    }
)
pending = st.one_of(
    st.none(),
    st.fixed_dictionaries({"kind": st.just("money_card"), "slot": st.integers(0, 3)}),
    st.fixed_dictionaries({"kind": st.just("market_tile"), "slot": st.sampled_from(BANKS)}),
    st.fixed_dictionaries({"kind": st.just("dummy_tile")}),
)
states = st.fixed_dictionaries(
    {
        "game": st.just("newyork"),
        "players": st.lists(players, min_size=1, max_size=6),
        "current": st.one_of(st.none(), st.sampled_from(IDS)),
        "phase": st.sampled_from(PHASES),
        "market": st.fixed_dictionaries({b: st.one_of(st.none(), tiles) for b in BANKS}),
        # a slot is {card} (card or null); a bare card or null, as slots were written before, is still taken
        "money_market": st.lists(
            st.one_of(st.none(), cards, st.fixed_dictionaries({"card": st.one_of(st.none(), cards)})),
            min_size=4,
            max_size=4,
        ),
        "bag": st.one_of(st.none(), st.lists(tiles, max_size=8)),
        "money_deck": st.one_of(st.none(), st.lists(deck_entries, max_size=8)),
        "discard": st.lists(cards, max_size=4),
        "scorings_done": st.integers(0, 3),
        "dummy": st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {"tiles": st.one_of(st.none(), st.lists(tiles, max_size=4))},
                optional={"buildings": st.dictionaries(st.sampled_from(TYPES), st.integers(0, 5))},
            ),
        ),
        "dummy_owed": st.integers(0, 6),
        "pending": pending,
        "seed": st.one_of(st.none(), st.integers(0, 2**40)),
        "winners": st.one_of(st.none(), st.lists(st.sampled_from(IDS), max_size=2)),
    }
)
moves = st.fixed_dictionaries(
    {"type": st.sampled_from(list(GAME.info.move_types)), "player": st.sampled_from(IDS)},
    optional={
        "slots": st.lists(st.integers(0, 3), min_size=1, max_size=4),
        "slot": st.sampled_from(BANKS),
        "cards": st.lists(cards, min_size=1, max_size=3),
        "tile": st.integers(1, 54),
        "x": st.integers(-3, 3),
        "y": st.integers(-3, 3),
        "card": deck_entries,
    },
)


def exercise(state, move=None):
    """Every entry point answers, and answers consistently: listed moves are accepted, an illegal
    outcome says why, scores name every player, the picture is well-formed XML."""
    assert all(v.code.startswith("newyork.") for v in GAME.validate(state))
    for scoring in ("final", "A"):
        assert {p["id"] for p in GAME.score(state, scoring)["players"]} == {p.id for p in state.players}
    ET.fromstring(GAME.render(state, state.players[0].id))
    assert set(GAME.standings(state)) <= {p.id for p in state.players}
    if not state.partial:
        listed = GAME.legal_moves(state)
        for m in listed[:5]:
            assert GAME.apply(state, m).legal, m
        GAME.view(state, state.players[0].id)
    if move is not None:
        outcome = GAME.apply(state, move)
        assert outcome.legal or outcome.violations


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(states, moves)
def test_random_schema_valid_states_and_moves_never_raise(data, move_data):
    try:
        state = WIRE.state().load(data)
    except ValidationError:
        return
    try:
        move = WIRE.move().load(move_data)
    except ValidationError:
        move = None
    exercise(state, move)
    WIRE.state().dump(state)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(players, min_size=1, max_size=6))
def test_random_partial_score_states_never_raise(ps):
    try:
        state = WIRE.score_state().load({"players": ps})
    except ValidationError:
        return
    exercise(state)


MUTATIONS = [
    lambda d, r: d.update(current=r.choice(IDS)),
    lambda d, r: d.update(phase=r.choice(PHASES)),
    lambda d, r: d.update(bag=None),
    lambda d, r: d.update(money_deck=None),
    lambda d, r: d.update(
        pending=r.choice(
            [
                {"kind": "money_card", "slot": 1},
                {"kind": "market_tile", "slot": "red"},
                {"kind": "dummy_tile", "slot": None},
            ]
        )
    ),
    lambda d, r: d["players"][0]["city"].append(
        {"x": r.randint(-2, 2), "y": r.randint(-2, 2), "tile": r.randint(1, 54)}
    ),
    lambda d, r: d["players"][0]["to_place"].append(r.randint(1, 54)),
    lambda d, r: d.update(scorings_done=r.randint(0, 3)),
    lambda d, r: d.update(dummy=None) if d.get("dummy") else d.update(dummy={"tiles": [1, 2]}),
    lambda d, r: d["players"].pop() if len(d["players"]) > 1 else None,
    lambda d, r: d.update(money_market=[None, None, None, None]),
    lambda d, r: d.update(winners=["a"]),
    lambda d, r: d["players"][0].update(money=None),
    lambda d, r: d.update(dummy_owed=3),
]


def test_mutated_real_states_never_raise():
    r = random.Random(7)
    for game_no in range(12):
        n = 2 + game_no % 5
        s = GAME.setup([f"p{i}" for i in range(n)], game_no, {})
        for _ in range(r.randint(0, 120)):
            ms = GAME.legal_moves(s)
            if not ms:
                break
            s = GAME.apply(s, r.choice(ms)).state
        base = json.loads(json.dumps(WIRE.state().dump(s)))
        for _ in range(25):
            d = json.loads(json.dumps(base))
            for _ in range(r.randint(1, 3)):
                r.choice(MUTATIONS)(d, r)
            try:
                state = WIRE.state().load(d)
            except ValidationError:
                continue
            exercise(state)
            for m in GAME.legal_moves(s)[:3]:
                GAME.apply(state, m)
