"""The 2-player game's dummy: its majority points add up at every scoring, the state, the score answer and
the picture show them, and the winners are chosen among the two players (the reading dummy_can_win)."""

import random
from dataclasses import replace

from service.engine.newyork import GAME
from service.engine.newyork.data import tiers
from service.engine.newyork.state import Dummy

from .helpers import current_id, mv, partial_state
from .table import deck_top
from .test_scoring import row
from .test_turns import ok, table


def _first_place_points(state, scoring: str) -> int:
    """What the dummy gets when no player has built anything: first place in each type it holds."""
    tier = tiers(state.options.type_tiers)
    kinds = {t.kind for t in state.dummy.tiles}
    return sum(tier[k] + {"A": 0, "B": 7, "final": 15}[scoring] for k in kinds)


def test_dummy_points_add_up_at_every_scoring():
    s = deck_top(table(2), ["A"])
    assert s.dummy.points == 0
    first = _first_place_points(s, "A")
    out = ok(s, mv("take_money", current_id(s), slots=[0]))
    st = out.state
    assert st.scorings_done == 1 and st.dummy.points == first > 0
    assert [e.data["dummy"] for e in out.events if e.kind == "scored"] == [first]
    # the dummy got six more tiles after A; B comes up at the next refill, with the players still unbuilt
    st = deck_top(st, ["B"])
    second = _first_place_points(st, "B")
    me = current_id(st)
    st = ok(st, mv("take_money", me, slots=[next(i for i, c in enumerate(st.money_market) if c)])).state
    assert st.scorings_done == 2 and st.dummy.points == first + second


def test_dummy_points_in_the_seed_example_13_plus_6_shared_with_a_player():
    # the seed's example "13+6 = 19, ami megfelezve és lefelé kerekítve 9-9 pont", with the dummy as Gábor
    s = partial_state(
        {"krisztina": row("skyscraper", 4), "anna": row("park", 1)}, dummy=Dummy(counts=(("skyscraper", 4),), points=30)
    )
    result = GAME.score(s, "B")
    assert result["dummy"]["buildings"]["skyscraper"] == {"count": 4, "rank": 1, "points": 9}
    assert result["dummy"]["total"] == 9 and result["dummy"]["points"] == 30
    assert result["totals"]["krisztina"] == 9


def test_dummy_points_in_the_seed_example_3_3_2_parks_at_the_final_scoring():
    # "Rékának és Andrásnak 3-3 parkja van ... (20 + 12) / 2 = 16": the dummy ties for first with 3 parks
    s = partial_state({"reka": row("park", 3), "gabor": row("park", 2)}, dummy=Dummy(counts=(("park", 3),)))
    result = GAME.score(s, "final")
    assert result["dummy"]["buildings"]["park"]["points"] == 16 and result["totals"]["reka"] == 16
    assert result["totals"]["gabor"] == 5  # third place alone


def _finished_two_player_game(seed: int):
    """A 2-player game played to its end by random legal moves, mostly buying and placing."""
    r = random.Random(seed)
    s = GAME.setup(["anna", "bob"], seed, {})
    while s.phase != "over":
        moves = GAME.legal_moves(s)
        preferred = [m for m in moves if m.type in ("buy", "place", "give_dummy")] or moves
        s = GAME.apply(s, r.choice(preferred)).state
    return s


def test_reading_dummy_can_win_is_false_the_winners_are_players():
    # a game whose dummy ends ahead of both players (the random players give it many tiles)
    s = next(g for g in map(_finished_two_player_game, range(40)) if g.dummy.points > max(p.points for p in g.players))
    best = max(p.points for p in s.players)
    assert s.winners == tuple(p.id for p in s.players if p.points == best)
    assert GAME.status(s).winners == s.winners
    reading = next(r for r in GAME.readings() if r.name == "dummy_can_win")
    assert reading.default is False and reading.provenance == "assumption"


def test_reading_dummy_points_are_the_sum_of_its_scorings():
    s = _finished_two_player_game(3)
    reading = next(r for r in GAME.readings() if r.name == "dummy_points")
    assert reading.provenance == "seed" and "Sanyi is kap pontokat" in reading.text
    assert s.scorings_done == 3 and s.dummy.points > 0


def test_dummy_points_are_in_the_picture():
    s = deck_top(table(2), ["A"])
    st = ok(s, mv("take_money", current_id(s), slots=[0])).state
    svg = GAME.render(st)
    dummy = svg[svg.index('<g class="dummy">') :]
    assert f'class="dummy-points" x="16" y="40" font-size="12">points: {st.dummy.points}</text>' in dummy


def test_dummy_points_survive_the_wire():
    from service.schemas.newyork import WIRE

    s = deck_top(table(2), ["A"])
    st = ok(s, mv("take_money", current_id(s), slots=[0])).state
    wire = WIRE.state().dump(st)
    assert wire["dummy"]["points"] == st.dummy.points > 0
    assert WIRE.state().load(wire).dummy.points == st.dummy.points
    assert (
        WIRE.state().load({**wire, "dummy": {k: v for k, v in wire["dummy"].items() if k != "points"}}).dummy.points
        == 0
    )
    assert replace(st, dummy=replace(st.dummy, points=0)) != st
