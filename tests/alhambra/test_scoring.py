"""Scoring: the rulebook's points table for the six buildings, shared places on a tie, and the first
scoring on a game reached by legal moves."""

import random
from dataclasses import replace

from service.engine.alhambra import GAME
from service.engine.alhambra.data import ALHAMBRA
from service.engine.newyork.scoring import places, type_counts

from .helpers import inline, ok, partial, start

# The rulebook's table, building by building: first scoring 1st; second 1st, 2nd; final 1st, 2nd, 3rd.
RULEBOOK = {
    "pavilion": ([1], [8, 1], [16, 8, 1]),
    "seraglio": ([2], [9, 2], [17, 9, 2]),
    "arcades": ([3], [10, 3], [18, 10, 3]),
    "chambers": ([4], [11, 4], [19, 11, 4]),
    "garden": ([5], [12, 5], [20, 12, 5]),
    "tower": ([6], [13, 6], [21, 13, 6]),
}


def test_reading_scoring_table_the_points_are_the_rulebooks_table():
    reading = {r.name: r for r in GAME.readings()}["scoring_table"]
    assert reading.provenance == "public source" and "three independent public implementations" in reading.text
    tables = GAME.describe()["scoring_tables"]
    assert GAME.describe()["types"] == list(RULEBOOK)
    for kind, (a, b, final) in RULEBOOK.items():
        assert tables[kind] == {"A": a, "B": b, "final": final}, kind


def test_scoring_has_no_tier_option_every_building_has_its_points():
    assert "type_tiers" not in GAME.describe()["options"]
    assert "type_tiers" not in {r.name for r in GAME.readings()}
    assert GAME.describe()["tiers"] == {kind: tier for tier, kind in enumerate(RULEBOOK, 1)}


def test_scoring_a_tie_shares_the_places_points_rounded_down():
    # two players tie for the most towers in the second scoring: (13 + 6) / 2 each, rounded down to 9
    assert places([4, 4, 1], RULEBOOK["tower"][1]) == [(1, 9), (1, 9), (3, 0)]
    # final scoring, gardens 3, 3, 2, 2: (20 + 12) / 2 = 16 for the threes, 5 / 2 = 2 for the twos
    assert places([3, 3, 2, 2], RULEBOOK["garden"][2]) == [(1, 16), (1, 16), (3, 2), (3, 2)]


def test_scoring_a_player_needs_a_building_of_a_kind_to_score_it():
    state = partial({"ann": (), "bob": ()})
    answer = GAME.score(state, "A")
    assert answer["totals"] == {"ann": 0, "bob": 0}


def test_scoring_the_reserve_never_counts():
    state = partial({"ann": ()})
    state = replace(state, players=(replace(state.players[0], reserve=(inline("tower"),)),))
    assert GAME.score(state, "final")["players"][0]["buildings"]["tower"]["count"] == 0


def first_scoring(state, seed=0):
    """Random legal moves until one reveals scoring card A: the state before it and the outcome."""
    rnd = random.Random(seed)
    for _ in range(3000):
        out = ok(state, rnd.choice(GAME.legal_moves(state)))
        if any(e.kind == "scored" for e in out.events):
            return state, out
        state = out.state
    raise AssertionError("no scoring")


def test_scoring_the_first_scoring_of_a_game_reached_by_legal_moves_pays_the_rulebooks_points():
    before, out = first_scoring(start(3, seed=5))
    event = next(e for e in out.events if e.kind == "scored")
    assert event.data["scoring"] == "A" and out.state.scorings_done == 1
    after = out.state
    counts = [type_counts(p, ALHAMBRA.types) for p in after.players]
    for i, p in enumerate(after.players):
        buildings = sum(places([c[k] for c in counts], RULEBOOK[k][0])[i][1] for k in ALHAMBRA.types)
        wall = GAME.score(after, "A")["players"][i]["wall"]["length"]
        assert event.data["awarded"][p.id] == buildings + wall
        assert p.points - before.players[i].points == buildings + wall


def test_reading_leftover_tiles_go_to_the_one_richest_player_a_tie_leaves_them():
    """Reading leftover_tiles (New York's tie rule, carried over): at the end each market tile goes to the
    single player with the most money of its square's currency; a tie, or nobody holding any, leaves it."""
    from .helpers import play_out

    seen = []

    def watch(state, move, out):
        awarded = {e.data["slot"]: e.data["player"] for e in out.events if e.kind == "leftover_awarded"}
        if any(e.kind == "market_exhausted" for e in out.events):
            seen.append((state, awarded))

    for seed in (3, 4):
        play_out(start(3, seed=seed), seed=seed, each=watch)
    assert seen and any(awarded for _, awarded in seen)
    banks = GAME.edition.banks
    for state, awarded in seen:
        for k, tile in enumerate(state.market):
            if tile is None:
                continue
            held = {p.id: sum(c.value for c in p.money if c.bank == banks[k]) for p in state.players}
            best = max(held.values())
            richest = [pid for pid, total in held.items() if total == best]
            expected = richest[0] if best > 0 and len(richest) == 1 else None
            assert awarded.get(banks[k]) == expected, (banks[k], held, awarded)
    reading = {r.name: r for r in GAME.readings()}["leftover_tiles"]
    assert (reading.provenance, reading.carried_from) == ("carried over", "newyork")
