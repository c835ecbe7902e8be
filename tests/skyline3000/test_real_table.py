"""A real table (``options.chance = "table"``): setup deals nothing, the piles' face-up tops are revealed, hands
stay unknown unless their players enter them, validate holds every reveal to conservation, and a whole game is
played by legal moves and reveals. Also: a hidden hand's listing stays small however many buildings wait."""

from __future__ import annotations

import inspect
import random

from service.engine.kit import replace
from service.engine.skyline3000 import GAME, data
from service.engine.skyline3000.hidden import unknown_cards
from service.engine.skyline3000.state import FactoryBuilding, Pending

from .helpers import assert_conserved, codes, mv, reveal_tops

SEATS = ("anna", "bob", "cleo")


def table_setup(seed=1, players=SEATS):
    return GAME.setup(list(players), seed, {"chance": "table"})


def test_table_setup_deals_nothing_and_asks_for_the_face_up_tops():
    state = table_setup()
    assert all(p.hand is None and p.hand_size == 8 for p in state.players)
    assert {d: (p.draw, p.draw_size, p.top, p.discard) for d, p in state.piles} == {
        "roof": (None, 14 - 6, None, ()),
        "floor": (None, 24 - 6, None, ()),
        "contract": (None, 24 - 12, None, ()),
    }
    assert state.seed is None and state.key == state.turn == "anna"  # the first listed player holds the Key
    assert state.pending == Pending("top", "anna", "roof") and GAME.validate(state) == []
    assert GAME.status(state).to_move == ("anna",)
    assert codes(GAME.apply(state, mv("pass", "anna"))) == ["turn.reveal_pending"]
    listed = [m.card for m in GAME.legal_moves(state)]
    assert listed == [f"roof-{i}" for i in range(1, 15)]  # every roof card: any may lie on top
    shown = []
    for deck in data.DECKS:
        assert state.pending.pile == deck
        card = GAME.legal_moves(state)[-1].card
        state = GAME.apply(state, mv("reveal", "anna", card=card)).state
        shown.append(card)
    assert state.pending is None and [state.pile(d).top for d in data.DECKS] == shown
    assert GAME.validate(state) == []


def test_the_digital_setup_is_unchanged():
    digital = GAME.setup(list(SEATS), 1)
    assert all(len(p.hand) == 8 for p in digital.players) and digital.pending is None
    assert all(p.draw is not None and p.top == p.draw[0] for _, p in digital.piles)


def test_reveals_are_checked_against_the_box_and_the_cards_known_elsewhere():
    state = table_setup()
    assert codes(GAME.apply(state, mv("reveal", "anna", card="roof-99"))) == ["card.unknown"]
    assert codes(GAME.apply(state, mv("reveal", "anna", card="floor-1"))) == ["reveal.wrong_pile"]
    assert codes(GAME.apply(state, mv("reveal", "bob", card="roof-1"))) == ["reveal.wrong_player"]
    state = GAME.apply(state, mv("reveal", "anna", card="roof-3")).state
    assert state.pile("roof").top == "roof-3"
    # the revealed card cannot be revealed again, nor be in a hand someone enters
    twice = replace(state, pending=Pending("top", "anna", "roof"))
    assert codes(GAME.validate(twice)) == ["state.pending"]
    entered = replace(
        state,
        players=(
            replace(
                state.players[0],
                hand=("roof-3",) + tuple(c for c in unknown_cards(state) if c.startswith("contract-"))[:7],
            ),
        )
        + state.players[1:],
    )
    assert "state.cards" in codes(GAME.validate(entered))
    not_in_box = state.with_pile("floor", replace(state.pile("floor"), top="floor-25"))
    assert "state.pile_top" in codes(GAME.validate(not_in_box))


def test_a_player_may_enter_his_own_hand_and_legal_moves_then_list_only_its_cards():
    state = reveal_tops(table_setup())
    pool = unknown_cards(state)
    hand = tuple(
        [c for c in pool if c.startswith("roof-")][:2]
        + [c for c in pool if c.startswith("floor-")][:2]
        + [c for c in pool if c.startswith("contract-")][:4]
    )
    entered = replace(state, players=(replace(state.players[0], hand=hand),) + state.players[1:])
    assert GAME.validate(entered) == []
    assert {m.card for m in GAME.legal_moves(entered, "anna", "discard")} == set(hand)
    too_many_roofs = tuple(c for c in pool if c.startswith("roof-"))[:8]  # the hidden roof pile would be short
    overfull = replace(state, players=(replace(state.players[0], hand=too_many_roofs),) + state.players[1:])
    assert "state.cards" in codes(GAME.validate(overfull))


def test_a_whole_real_table_game_is_played_by_legal_moves_and_reveals():
    for seed, players in ((11, SEATS), (12, ("anna", "bob")), (13, SEATS + ("dora",))):
        rnd = random.Random(seed)
        state = table_setup(seed, players)
        kinds = {"top": 0, "draw": 0, "bid": 0, "stop": 0}
        steps = 0
        while state.phase != "over":
            assert GAME.validate(state) == [], steps
            assert_conserved(state)
            listed = GAME.legal_moves(state)
            assert listed
            if state.pending is not None:
                assert {m.type for m in listed} == {"reveal"} and len(listed) <= 24
                assert all(state.options.card(m.card).deck == state.pending.pile for m in listed)
                kinds["top"] += state.pending.kind == "top"
            passes = [m for m in listed if m.type == "pass"]
            move = passes[0] if passes and rnd.random() < 0.3 else rnd.choice(listed)
            if move.family == "unknown_hand" and rnd.random() < 0.5:  # a hidden hand's pile, entered at the table
                move = replace(move, cards=tuple(rnd.sample(unknown_cards(state), 1)), family=None)
                if not GAME.apply(state, move).legal:
                    move = listed[0]
            out = GAME.apply(state, move)
            assert out.legal, (move, out.violations)
            kinds["draw"] += move.type == "draw"
            kinds["bid"] += move.type == "bid" and bool(move.cards)
            kinds["stop"] += move.type == "stop"
            kinds["lost"] = kinds.get("lost", 0) + sum(e.kind == "draws_lost" for e in out.events)
            state = out.state
            steps += 1
            assert steps < 3000
        assert GAME.validate(state) == [] and state.round == 4
        assert all(p.hand is None for p in state.players)
        assert kinds["top"] > kinds["draw"] > 0 and kinds["bid"] > 0, kinds
        assert "winners" in GAME.score(state)


def test_a_hidden_hand_with_many_unfinished_buildings_lists_few_moves_lazily():
    state = reveal_tops(table_setup())
    anna = state.players[0]
    many = anna.factory + tuple(FactoryBuilding(1) for _ in range(40)) + (FactoryBuilding(3), FactoryBuilding(3))
    state = replace(state, players=(replace(anna, factory=many),) + state.players[1:], floors=state.floors - 46)
    assert GAME.validate(state) == []
    assert inspect.isgenerator(GAME.candidates(state, None, None))
    floors = [m for m in GAME.legal_moves(state, "anna", "floor")]
    unknown_floor_cards = sum(1 for c in unknown_cards(state) if c.startswith("floor-"))
    # heights 1 (40 of them) and 3 (2): per card, both floors on one (1, 3 or new), one each on two of the
    # same height (1+1, 3+3), on two heights (1+3, 1+new, 3+new), or two new buildings: 9 placements
    assert len(floors) == unknown_floor_cards * 9
    assert {m.buildings for m in floors} >= {(4, 4), (4, 5), (44, 44), (44, 45), (4, 44), (46, 46), (46, 47)}
    assert len(GAME.legal_moves(state)) < 700  # 46 buildings listed one by one would be over 25,000
    # any building of a kind is as legal as the one listed
    card = floors[0].card
    assert GAME.apply(state, mv("floor", "anna", card=card, buildings=(30, 31))).legal


def test_reading_table_key():
    for players in (("dora", "anna", "bob"), ("bob", "cleo")):
        state = GAME.setup(list(players), 99, {"chance": "table"})
        assert state.key == state.turn == state.pending.player == players[0]
        state = reveal_tops(state)
        assert GAME.status(state).to_move == (players[0],)
