"""Random schema-valid states and moves never raise: they give violations, illegal moves, empty lists."""

from __future__ import annotations

import copy
import dataclasses
import functools
import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from service.engine.kit import replace
from service.engine.kit import replace as copy_with
from service.engine.memo import memo_scope
from service.engine.skyline3000 import GAME, data, validate
from service.engine.skyline3000.state import default_options
from service.schemas.skyline3000 import WIRE

from ..memos import CountingMemo
from .helpers import play

SCHEMA = WIRE.state()
SCORE = WIRE.score_state()
MOVE = WIRE.move()
PLAYERS = ["p0", "p1", "p2"]
OWNERS = PLAYERS + ["zed"]
CARDS = ["roof-1", "roof-14", "floor-3", "floor-24", "contract-1", "contract-24", "bogus"]


@functools.cache
def bases():
    """Wire states reached in seeded play, built on first use (not as every test process collects)."""
    states = [GAME.setup(PLAYERS, 3)]
    rnd = random.Random(3)
    s = states[0]
    while s.phase != "over":
        s = GAME.apply(s, rnd.choice(GAME.legal_moves(s))).state
        if rnd.random() < 0.03:
            states.append(s)
    states.append(s)
    states.append(GAME.view(states[1], "p1"))
    table = GAME.setup(PLAYERS, 4, default_options(chance="table"))
    states.append(table)
    for _ in range(40):
        listed = GAME.legal_moves(table)
        if not listed:
            break
        table = GAME.apply(table, rnd.choice(listed)).state
    states.append(table)
    return [SCHEMA.dump(x) for x in states]


buildings = st.lists(
    st.fixed_dictionaries(
        {"owner": st.sampled_from(OWNERS), "floors": st.integers(1, 7), "roof": st.sampled_from(data.ROOFS)}
    ),
    max_size=5,
)
block = st.fixed_dictionaries(
    {
        "buildings": buildings,
        "greens": st.integers(0, 4),
        "billboards": st.lists(st.sampled_from(OWNERS), max_size=3),
        "large": st.sampled_from([None, "spaceport", "megamarket"]),
    }
)
card_list = st.lists(st.sampled_from(CARDS), max_size=5)
MUTATIONS = {
    "phase": st.sampled_from(data.PHASES),
    "round": st.integers(1, 4),
    "key": st.sampled_from(OWNERS),
    "turn": st.sampled_from(OWNERS + [None]),
    "floors": st.integers(0, 90),
    "auction": st.one_of(
        st.none(),
        st.fixed_dictionaries(
            {
                "stack": st.integers(1, 3),
                "sealed": st.dictionaries(st.sampled_from(OWNERS), st.one_of(st.none(), card_list), max_size=3),
            }
        ),
    ),
    "award": st.one_of(
        st.none(), st.fixed_dictionaries({"player": st.sampled_from(OWNERS), "tile": st.sampled_from(data.TILES)})
    ),
    "draws_left": st.dictionaries(st.sampled_from(OWNERS), st.integers(0, 9), max_size=3),
    "pending": st.one_of(
        st.none(),
        st.fixed_dictionaries(
            {"kind": st.just("draw"), "player": st.sampled_from(OWNERS), "pile": st.sampled_from(data.DECKS)}
        ),
    ),
    "auction_house": st.lists(st.lists(st.sampled_from(data.TILES), max_size=4), min_size=3, max_size=3),
    "removed_developments": st.lists(st.sampled_from(data.TILES), max_size=4),
}
player_mutation = st.fixed_dictionaries(
    {},
    optional={
        "points": st.integers(-50, 50),
        "hand": st.one_of(st.none(), card_list),
        "hand_size": st.integers(0, 12),
        "factory": st.lists(
            st.fixed_dictionaries({"floors": st.integers(1, 8), "roof": st.sampled_from([None, "arched", "peaked"])}),
            max_size=6,
        ),
        "billboards": st.integers(0, 6),
        "passed": st.booleans(),
        "roofs": st.fixed_dictionaries({"arched": st.integers(0, 6), "peaked": st.integers(0, 6)}),
    },
)
pile_mutation = st.fixed_dictionaries(
    {"draw": st.one_of(st.none(), card_list), "draw_size": st.integers(0, 30), "discard": card_list}
)
move = st.fixed_dictionaries(
    {
        "type": st.sampled_from(
            ["floor", "roof", "contract", "billboard", "discard", "pass", "bid", "develop", "draw", "reveal", "bids"]
        ),
        "player": st.sampled_from(OWNERS),
    }
)


@st.composite
def states(draw):
    state = copy.deepcopy(draw(st.sampled_from(bases())))
    for key in draw(st.lists(st.sampled_from(sorted(MUTATIONS)), max_size=4)):
        state[key] = draw(MUTATIONS[key])
    for _ in range(draw(st.integers(0, 2))):
        i = draw(st.integers(0, len(state["players"]) - 1))
        state["players"][i].update(draw(player_mutation))
    for _ in range(draw(st.integers(0, 3))):
        state["blocks"][draw(st.sampled_from(data.BLOCK_IDS))] = draw(block)
    if draw(st.booleans()):
        state["piles"][draw(st.sampled_from(data.DECKS))] = draw(pile_mutation)
    return state


@st.composite
def moves(draw):
    m = dict(draw(move))
    kind = m["type"]
    if kind in ("floor", "roof", "contract", "discard", "reveal"):
        m["card"] = draw(st.sampled_from(CARDS))
    if kind in ("roof", "contract"):
        m["building"] = draw(st.integers(0, 7))
    if kind == "floor":
        m["buildings"] = draw(st.lists(st.integers(0, 9), min_size=1, max_size=4))
    if kind == "roof":
        m["roof"] = draw(st.sampled_from(data.ROOFS))
    if kind in ("contract", "billboard", "develop"):
        m["block"] = draw(st.sampled_from(list(data.BLOCK_IDS) + ["nowhere"]))
    if kind in ("contract", "billboard"):
        m["target"] = draw(st.sampled_from(["empty", "billboard", "large", "green"]))
    if kind == "bid":
        m["cards"] = draw(card_list)
    if kind == "bids":
        m["piles"] = draw(st.dictionaries(st.sampled_from(OWNERS), card_list, max_size=4))
    if kind == "draw":
        m["pile"] = draw(st.sampled_from(data.DECKS))
    return m


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(), moves())
def test_schema_valid_states_and_moves_never_raise(raw_state, raw_move):
    try:
        state = SCHEMA.load(raw_state)
    except ValidationError:
        return
    move = MOVE.load(raw_move)
    with memo_scope(CountingMemo()):
        _exercise(state, move, raw_state)


def _exercise(state, move, raw_state):
    GAME.validate(state)
    listed = GAME.legal_moves(state)
    MOVE.dump(listed, many=True)
    outcome = GAME.apply(state, move)
    if outcome.legal:
        SCHEMA.dump(outcome.state)
    for m in listed[:3]:
        GAME.apply(state, m)
    GAME.score(state, "final")
    GAME.standings(state)
    for pid in OWNERS:
        SCHEMA.dump(GAME.view(state, pid))
    assert GAME.render(state, None).startswith("<svg")
    GAME.score(SCORE.load(raw_state), None)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(data.BLOCK_IDS), block, max_size=9))
def test_partial_cities_score_and_render_without_raising(blocks):
    inp = SCORE.load({"blocks": blocks})
    result = GAME.score(inp)
    assert set(result["blocks"]) == set(blocks)
    assert GAME.render(inp).endswith("</svg>")


def test_playouts_from_view_states_do_not_raise():
    state, _ = play(PLAYERS, 9)
    assert GAME.validate(state) == []


def test_last_bid_with_an_impossible_earlier_pile_is_refused_not_raised():
    raw = copy.deepcopy(bases()[0])
    for pid in PLAYERS:
        raw["players"][PLAYERS.index(pid)]["passed"] = True
    raw.update(phase="auction", turn=None, auction={"stack": 1, "sealed": {"p0": ["bogus"], "p1": None}})
    state = SCHEMA.load(raw)
    out = GAME.apply(state, MOVE.load({"type": "bid", "player": "p2", "cards": []}))
    assert not out.legal and {v.code for v in out.violations} == {"skyline3000.state.cards"}
    raw["auction"]["sealed"]["p0"] = []
    out = GAME.apply(SCHEMA.load(raw), MOVE.load({"type": "bid", "player": "p2", "cards": []}))
    assert {v.code for v in out.violations} == {"skyline3000.state.hidden_information"}


def _agree(state) -> None:
    broken = validate.violations(GAME.book, state)
    assert validate.consistent(GAME.book, state) == (broken == []), [v.code for v in broken]


def _single_edits(state):
    """The state with one thing changed that a check counts or looks at."""
    yield replace(state, floors=state.floors + 1)
    yield replace(state, removed_developments=(*state.removed_developments, "green"))
    yield replace(state, auction_house=((), *state.auction_house[1:]))
    for p in state.players:
        for change in ({"arched": p.arched + 1}, {"peaked": p.peaked - 1}, {"billboards": p.billboards + 1}):
            yield state.with_player(replace(p, **change))
        yield state.with_player(replace(p, billboards_retired=p.billboards_retired + 1, hand_size=p.hand_size + 1))
        if p.factory:
            yield state.with_player(replace(p, factory=(replace(p.factory[0], roof="arched"), *p.factory[1:])))
        if p.hand:
            other = next(d for d, _ in state.piles if not p.hand[0].startswith(d))
            yield state.with_pile(other, replace(state.pile(other), discard=(p.hand[0], *state.pile(other).discard)))
            yield state.with_player(replace(p, hand=(*p.hand, p.hand[0]), hand_size=p.hand_size + 1))
    for deck, pile in state.piles:
        yield state.with_pile(deck, replace(pile, draw_size=pile.draw_size + 1))
    for block_id, block in state.blocks:
        yield state.with_block(block_id, replace(block, greens=block.greens + 1))
        yield state.with_block(block_id, replace(block, large="spaceport" if block.large is None else None))
        if block.large is None:
            yield state.with_block(block_id, replace(block, large="tower"))  # no development at all
        yield state.with_block(block_id, replace(block, billboards=(*block.billboards, "zed")))
        if block.buildings:
            first, rest = block.buildings[0], block.buildings[1:]
            for edited in (replace(first, owner="zed"), replace(first, floors=first.floors + 1)):
                yield state.with_block(block_id, replace(block, buildings=(edited, *rest)))
            other = "peaked" if first.roof == "arched" else "arched"
            yield state.with_block(
                block_id, replace(block, buildings=tuple(replace(b, roof=other) for b in block.buildings))
            )


def _balanced_edits(state):
    """The state with one thing changed and the counts it touches made to add up again, so that only the
    rule about that thing is broken: roofs of other shapes in a block or a district (the owners' roofs
    left made up), a building one floor taller (the supply one less), a green fewer on a block (removed)."""

    def flipped(s, block_id, count):
        block = s.block(block_id)
        for b in block.buildings[:count]:
            owner = s.player(b.owner)
            other = "peaked" if b.roof == "arched" else "arched"
            s = s.with_player(replace(owner, **{b.roof: getattr(owner, b.roof) + 1, other: getattr(owner, other) - 1}))
        buildings = tuple(
            replace(b, roof="peaked" if b.roof == "arched" else "arched") if i < count else b
            for i, b in enumerate(block.buildings)
        )
        return s.with_block(block_id, replace(block, buildings=buildings))

    for block_id, block in state.blocks:
        if block.buildings:
            yield flipped(state, block_id, 1)
            yield flipped(state, block_id, len(block.buildings))
            first = block.buildings[0]
            taller = replace(block, buildings=(replace(first, floors=first.floors + 1), *block.buildings[1:]))
            yield replace(state.with_block(block_id, taller), floors=state.floors - 1)
        if block.greens:
            fewer = state.with_block(block_id, replace(block, greens=block.greens - 1))
            yield replace(fewer, removed_developments=(*state.removed_developments, "green"))


def test_the_one_pass_check_agrees_with_the_rule_by_rule_checks_on_reached_states_and_single_edits():
    edits = 0
    for wire in bases():
        state = SCHEMA.load(wire)
        assert validate.consistent(GAME.book, state)
        for edited in (*_single_edits(state), *_balanced_edits(state)):
            _agree(edited)
            edits += 1
    assert edits > 500


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_the_one_pass_check_agrees_with_the_rule_by_rule_checks(raw_state):
    try:
        state = SCHEMA.load(raw_state)
    except ValidationError:
        return
    _agree(state)


def _made_anew(obj, changes):
    """``obj`` with ``changes`` by its type's own constructor: ``dataclasses.replace``, or a Struct built
    again from its fields."""
    if isinstance(obj, msgspec.Struct):
        return type(obj)(**{**msgspec.structs.asdict(obj), **changes})
    return dataclasses.replace(obj, **changes)


def test_the_states_replace_is_dataclasses_replace():
    """state.replace copies the state types slot by slot (a Struct by msgspec): the same objects as
    dataclasses.replace gives (a Struct's constructor), a pile's top derived again, and the same TypeError
    for a field the type does not have."""
    for wire in bases()[:3]:
        state = SCHEMA.load(wire)
        pile = state.piles[0][1]
        player = state.players[0]
        for obj, changes in (
            (state, {}),
            (state, {"round": 2, "turn": None}),
            (state, {"players": state.players[::-1], "pending": None}),
            (player, {"points": player.points + 3, "hand": None}),
            (pile, {"draw": ("roof-1", "roof-2"), "top": "roof-9"}),
            (pile, {"discard": (), "draw": None, "top": "roof-3"}),
            (state.blocks[0][1], {"greens": 2}),
            (player.factory[0], {"roof": None}),
        ):
            made = copy_with(obj, **changes)
            assert type(made) is type(obj) and made == _made_anew(obj, changes)
            assert made is not obj
        assert copy_with(pile, draw=("roof-1", "roof-2"), top=None).top == "roof-1"
        with pytest.raises(TypeError):
            copy_with(state, colour="red")
    options = state.options
    assert copy_with(options, roofs_per_shape=3) == dataclasses.replace(options, roofs_per_shape=3)
