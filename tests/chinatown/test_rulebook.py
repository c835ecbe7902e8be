"""Chinatown on the engine kit: one rule book makes every violation, so each cites the rule
``describe`` lists for its code and carries its message as a template with parameters; the engine's
apply and legal moves are the kit's."""

import random
from dataclasses import replace

from service.engine.chinatown import GAME
from service.engine.chinatown.data import LOTS, SHOP_TYPES
from service.engine.chinatown.state import EndTrading, EndTurn, Keep, Place, Reveal, Trade, Transfer
from service.engine.kit import Engine, isolating

from .helpers import make_state, random_reveal


def probes(state, rng):
    ids = list(state.ids)
    return [
        EndTurn(rng.choice(ids)),
        EndTrading(rng.choice(ids)),
        Place(rng.choice(ids), rng.choice(LOTS), rng.choice(SHOP_TYPES)),
        Keep(rng.choice(ids), tuple(rng.sample(LOTS, 3))),
        Reveal(rng.choice(ids), lots=(rng.choice(LOTS),)),
        Reveal(rng.choice(ids), tiles=(rng.choice(SHOP_TYPES),) * 2),
        Trade(
            rng.choice(ids),
            (
                Transfer(
                    rng.choice(ids),
                    rng.choice(ids),
                    lots=tuple(rng.sample(LOTS, 2)),
                    tiles=(rng.choice(SHOP_TYPES),),
                    money=rng.choice([0, 15000, 60000]),
                ),
            ),
        ),
    ]


def refusals_over_two_games():
    """Every violation of random probes along a digital and a table game."""
    found = []
    for seed, chance in ((1, "digital"), (2, "table")):
        rng = random.Random(seed)
        state = GAME.setup(["anna", "bob", "chang", "dora"], seed, {"chance": chance})
        while state.phase != "end":
            for move in probes(state, rng):
                found += GAME.apply(state, move).violations
            listed = GAME.legal_moves(state)
            move = rng.choice(listed) if listed else random_reveal(state, rng)
            state = GAME.apply(state, move).state
    return found


def test_every_violation_cites_the_rule_describe_lists_and_renders_its_template():
    listed = {c["code"]: c["rule"] for c in GAME.describe()["rule_codes"]}
    found = refusals_over_two_games()
    assert len({v.code for v in found}) >= 20  # the probes reach most move rules (22 of them today)
    for v in found:
        assert v.rule == listed[v.code]
        assert v.template.format(**isolating(dict(v.params))) == v.message  # the ids isolated (FSI ... PDI)


def test_the_engine_is_the_kits_an_inconsistent_state_refuses_every_move_and_lists_none():
    assert isinstance(GAME, Engine)
    state = make_state("place", board_layout={12: ("anna", None)}, tiles={"anna": {"photo": 1}})
    assert GAME.legal_moves(state) and GAME.apply(state, EndTurn("anna")).legal
    broken = replace(state, players=(replace(state.players[0], money=15000),) + state.players[1:])
    assert [v.code for v in GAME.apply(broken, EndTurn("anna")).violations] == ["chinatown.state.money"]
    assert GAME.legal_moves(broken) == []
