"""legal-moves lists exactly what moves accepts (one set of checks): exhaustive over the move space of
placement, keep, end-of-trading and reveal moves in states met during real games, and through HTTP."""

import random
from itertools import combinations

import pytest

from service.engine.chinatown import GAME
from service.engine.chinatown.data import LOTS, SHOP_TYPES
from service.engine.chinatown.state import EndTrading, EndTurn, Keep, Place, Reveal
from service.schemas.chinatown import WIRE

from .helpers import random_reveal


def states_by_phase(seed, n, chance="digital"):
    rng = random.Random(seed)
    state = GAME.setup([f"p{i}" for i in range(n)], seed, {"chance": chance})
    seen = {}
    while state.phase != "end":
        key = (state.phase, state.pending.kind if state.pending else None)
        if rng.random() < 0.2 or key not in seen:
            seen.setdefault(key, []).append(state)
        moves = GAME.legal_moves(state)
        move = rng.choice(moves) if moves else random_reveal(state, rng)
        state = GAME.apply(state, move).state
    return seen


def move_space(state):
    """Every move of the non-trade types that could be written for this state."""
    for pid in state.ids:
        yield EndTurn(pid)
        yield EndTrading(pid)
        for lot in LOTS:
            for shop in SHOP_TYPES:
                yield Place(pid, lot, shop)
        hand = sorted(state.player(pid).hand or ())
        for size in {len(hand) - 2, len(hand) - 1, len(hand)} - {-1, -2}:
            for lots in combinations(hand, size):
                yield Keep(pid, lots)


@pytest.mark.parametrize("seed,n,chance", [(21, 3, "digital"), (22, 4, "table"), (23, 5, "digital")])
def test_legal_moves_are_exactly_the_accepted_moves(seed, n, chance):
    accepted = checked = 0
    phases = states_by_phase(seed, n, chance)
    assert {"keep", "trade", "place"} <= {phase for phase, _ in phases}
    for phase_states in phases.values():
        for state in phase_states[:3]:
            listed = set(GAME.legal_moves(state))
            if state.pending is not None:
                continue  # reveals: checked below
            for move in move_space(state):
                legal = GAME.apply(state, move).legal
                assert legal == (move in listed), move
                accepted += legal
                checked += 1
    assert checked > 10000 and accepted > 50


def test_listed_reveals_are_exactly_the_possible_single_reveals_and_several_add_up():
    from .helpers import make_state

    state = make_state("draw", round_no=6, players=("a", "b", "c", "d", "e"))
    listed = set(GAME.legal_moves(state))
    for shop in SHOP_TYPES:
        move = Reveal("a", tiles=(shop,))
        assert GAME.apply(state, move).legal == (move in listed), move
    for tiles in combinations(sorted(SHOP_TYPES * 2), 2):
        at_once = GAME.apply(state, Reveal("a", tiles=tiles))
        first = GAME.apply(state, Reveal("a", tiles=tiles[:1]))
        second = GAME.apply(first.state, Reveal("a", tiles=tiles[1:])) if first.legal else first
        assert at_once.legal == second.legal, tiles
        if at_once.legal:
            assert at_once.state == second.state


def test_legal_moves_filter_by_player_and_type():
    state = GAME.setup(["anna", "bob", "chang"], 3, {})
    assert {m.player for m in GAME.legal_moves(state, player="bob")} == {"bob"}
    assert GAME.legal_moves(state, move_type="place") == []
    assert len(GAME.legal_moves(state, "anna", "keep")) == 21


def test_games_played_through_http_legal_moves_and_moves(client):
    for seed, n, chance in ((31, 3, "table"), (32, 5, "digital")):
        rng = random.Random(seed)
        players = [f"p{i}" for i in range(n)]
        state = client.post(
            "/v1/games/chinatown/setup", json={"players": players, "seed": seed, "options": {"chance": chance}}
        ).json["state"]
        steps = 0
        while state["phase"] != "end":
            steps += 1
            assert steps < 3000
            listed = client.post("/v1/games/chinatown/legal-moves", json={"state": state}).json["moves"]
            if listed:
                move = rng.choice(listed)
            else:
                move = WIRE.move().dump(random_reveal(WIRE.state().load(state), rng))
            answer = client.post("/v1/games/chinatown/moves", json={"state": state, "move": move}).json
            assert answer["legal"], answer["violations"]
            state = answer["state"]
        assert sum(answer["scores"].values()) == sum(p["money"] for p in state["players"])
