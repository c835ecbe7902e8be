"""Never raise on schema-valid input: random states and moves (hypothesis) through every engine entry."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from service.engine.chinatown import GAME
from service.engine.chinatown.data import SHOP_TYPES
from service.engine.memo import memo_scope
from service.schemas.chinatown import WIRE

from ..memos import CountingMemo

IDS = ["anna", "bob", "chang", "dora", "eve", "zed"]
ids = st.sampled_from(IDS)
lots = st.integers(min_value=1, max_value=85)
shops = st.sampled_from(SHOP_TYPES)
money = st.one_of(st.none(), st.integers(min_value=-50000, max_value=10**7))
lot_cell = st.fixed_dictionaries({"owner": ids}, optional={"shop": st.one_of(st.none(), shops)})
board = st.dictionaries(lots.map(str), lot_cell, max_size=85)
tiles = st.dictionaries(shops, st.integers(min_value=0, max_value=10), max_size=12)
player = st.fixed_dictionaries(
    {"id": ids, "money": money},
    optional={"hand": st.one_of(st.none(), st.lists(lots, max_size=9)), "tiles": tiles},
)
pending = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {"kind": st.sampled_from(["deal", "draw"]), "player": ids, "count": st.integers(min_value=0, max_value=10)}
    ),
)
state_json = st.fixed_dictionaries(
    {
        "game": st.just("chinatown"),
        "players": st.lists(player, min_size=1, max_size=6),
        "round": st.integers(min_value=1, max_value=6),
        "phase": st.sampled_from(["deal", "keep", "draw", "trade", "place", "end"]),
        "first_player": ids,
        "board": board,
    },
    optional={
        "options": st.fixed_dictionaries(
            {}, optional={"rotate_first_player": st.booleans(), "chance": st.sampled_from(["digital", "table"])}
        ),
        "done": st.lists(ids, max_size=6),
        "deck": st.one_of(st.none(), st.lists(lots, max_size=85)),
        "bag": st.one_of(st.none(), st.lists(shops, max_size=90)),
        "seed": st.one_of(st.none(), st.integers(min_value=0, max_value=2**53 - 1)),
        "pending": pending,
    },
)
transfer = st.fixed_dictionaries(
    {"from": ids, "to": ids},
    optional={
        "lots": st.lists(lots, max_size=4),
        "tiles": st.lists(shops, max_size=4),
        "money": st.integers(min_value=0, max_value=10**6),
    },
)
move_json = st.one_of(
    st.fixed_dictionaries(
        {"type": st.just("reveal"), "player": ids},
        optional={"lots": st.lists(lots, max_size=8), "tiles": st.lists(shops, max_size=8)},
    ),
    st.fixed_dictionaries({"type": st.just("keep"), "player": ids, "lots": st.lists(lots, max_size=8)}),
    st.fixed_dictionaries(
        {"type": st.just("trade"), "player": ids, "transfers": st.lists(transfer, min_size=1, max_size=4)}
    ),
    st.fixed_dictionaries({"type": st.sampled_from(["end_trading", "end_turn"]), "player": ids}),
    st.fixed_dictionaries({"type": st.just("place"), "player": ids, "lot": lots, "shop": shops}),
)


def real_states():
    """States met in a few real games (so that random moves meet consistent states too)."""
    out = []
    for seed, n, chance in ((1, 3, "digital"), (2, 4, "table"), (3, 5, "digital")):
        rng = random.Random(seed)
        state = GAME.setup(IDS[:n], seed, {"chance": chance})
        while state.phase != "end":
            moves = GAME.legal_moves(state)
            if not moves:
                from .helpers import random_reveal

                move = random_reveal(state, rng)
            else:
                move = rng.choice(moves)
            state = GAME.apply(state, move).state
            if rng.random() < 0.08:
                out.append(WIRE.state().dump(state))
    return out


REAL = real_states()


def exercise(state, move):
    """Every engine call on one state and move, with the evaluations remembered as a request would."""
    with memo_scope(CountingMemo()):
        _exercise(state, move)


def _exercise(state, move):
    GAME.validate(state)
    GAME.legal_moves(state)
    GAME.legal_moves(state, "anna", "place")
    GAME.standings(state)
    GAME.score(state, "income")
    GAME.score(state, "final")
    assert GAME.render(state, "anna").startswith("<svg")
    WIRE.state().dump(GAME.view(state, "bob"))
    outcome = GAME.apply(state, move)
    if outcome.legal:
        WIRE.state().dump(outcome.state)
        assert GAME.validate(outcome.state) == []


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(state_json, move_json)
def test_random_schema_valid_states_and_moves_never_raise(raw_state, raw_move):
    try:
        state = WIRE.state().load(raw_state)
        move = WIRE.move().load(raw_move)
    except ValidationError:
        return
    exercise(state, move)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(REAL), move_json, st.data())
def test_random_moves_on_real_states_never_raise(raw_state, raw_move, data):
    raw = dict(raw_state)
    if data.draw(st.booleans()):  # perturb one part of the state
        key = data.draw(st.sampled_from(["board", "done", "pending", "players", "round", "phase"]))
        other = data.draw(state_json)
        if key in other:
            raw[key] = other[key]
        else:
            raw.pop(key, None)
    try:
        state = WIRE.state().load(raw)
        move = WIRE.move().load(raw_move)
    except ValidationError:
        return
    exercise(state, move)


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    board,
    st.one_of(
        st.none(), st.lists(st.fixed_dictionaries({"id": ids}, optional={"money": money}), min_size=1, max_size=6)
    ),
)
def test_random_partial_boards_score_and_render(raw_board, players):
    raw = {"board": raw_board} if players is None else {"board": raw_board, "players": players}
    partial = WIRE.score_state().load(raw)
    result = GAME.score(partial, "final")
    assert sum(s["size"] for s in result["shops"]) == sum(1 for c in raw_board.values() if c.get("shop"))
    assert GAME.render(partial).startswith("<svg")
    WIRE.score_state().dump(partial)
