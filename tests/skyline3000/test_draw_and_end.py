"""Phase 4 (card draw), reshuffles, the Key, the end of the game, chance at a real table and views."""

from __future__ import annotations

from service.engine.kit import replace
from service.engine.random import Rng
from service.engine.skyline3000 import GAME
from service.engine.skyline3000.effects import reshuffle_seed
from service.engine.skyline3000.hidden import unknown_cards
from service.engine.skyline3000.state import Pending, Pile

from .helpers import PLAYERS3, assert_conserved, codes, give_hand, in_round, mv, settle, start, with_player


def to_draw(state):
    while state.phase == "construction":
        state = GAME.apply(state, mv("pass", state.turn)).state
    for _ in range(3):
        state = settle(state, {}).state
    return state


def test_draw_phase_six_cards_each_key_holder_first():
    state = to_draw(start())
    assert state.phase == "draw" and state.turn == "anna" and dict(state.draws_left) == {p: 6 for p in PLAYERS3}
    top = state.pile("floor").draw[0]
    out = GAME.apply(state, mv("draw", "anna", pile="floor"))
    assert out.legal and out.state.player("anna").hand[-1] == top and out.state.draws_of("anna") == 5
    assert codes(GAME.apply(out.state, mv("draw", "bob", pile="floor"))) == ["turn.not_your_turn"]
    s = out.state
    for _ in range(5):
        s = GAME.apply(s, mv("draw", "anna", pile="contract")).state
    assert s.turn == "bob" and s.player("anna").hand_size == state.player("anna").hand_size + 6
    assert_conserved(s)


def test_key_passes_left_after_the_draw_and_a_new_round_begins():
    s = to_draw(start())
    for pid in PLAYERS3:
        for _ in range(6):
            s = GAME.apply(s, mv("draw", pid, pile="floor" if s.pile("floor").draw_size else "contract")).state
    assert s.phase == "construction" and s.round == 2 and s.key == "bob" and s.turn == "bob"
    assert not any(p.passed for p in s.players)


def test_empty_pile_is_reshuffled_from_its_discards():
    s = to_draw(start())
    roof = s.pile("roof")
    s = s.with_pile("roof", Pile(draw=(), draw_size=0, discard=roof.draw + roof.discard))
    out = GAME.apply(s, mv("draw", "anna", pile="roof"))
    assert out.legal and "reshuffled" in [e.kind for e in out.events]
    assert_conserved(out.state)


def test_reading_reshuffle_seed():
    s = to_draw(start())
    roof = s.pile("roof")
    discards = roof.draw + roof.discard
    s = s.with_pile("roof", Pile(draw=(), draw_size=0, discard=discards))
    expected = Rng(reshuffle_seed(s.seed, s.shuffles)).shuffled(list(discards))
    out = GAME.apply(s, mv("draw", "anna", pile="roof")).state
    assert out.player("anna").hand[-1] == expected[0] and out.pile("roof").draw == tuple(expected[1:])


def test_drawing_from_an_exhausted_pile_is_refused():
    s = to_draw(start())
    roof = s.pile("roof")
    s = give_hand(s, "anna", roof.draw + roof.discard)
    assert codes(GAME.apply(s, mv("draw", "anna", pile="roof"))) == ["draw.pile_empty"]


def test_reading_draw_when_cards_run_out():
    s = to_draw(start())
    everything = tuple(c for _, p in s.piles for c in p.draw + p.discard)
    s = give_hand(s, "bob", everything)
    s = with_player(s, "anna", hand=s.player("anna").hand)
    out = GAME.apply(s, mv("draw", "anna", pile="roof"))
    assert not out.legal
    from service.engine.skyline3000 import effects

    state, events = effects.advance_draw(s, "anna")
    assert state.phase == "construction" and events[0].kind == "draws_lost"


def test_no_draw_after_round_4_and_the_game_ends():
    s = in_round(start(), 4)
    s = to_draw(s)
    assert s.phase == "over" and s.turn is None
    assert codes(GAME.apply(s, mv("pass", "anna"))) == ["turn.game_over"]
    assert GAME.legal_moves(s) == []
    assert "winners" in GAME.score(s)


def test_reading_final_tiebreak():
    s = in_round(start(), 4)
    s = give_hand(give_hand(s, "anna", ["roof-8"], exact=True), "bob", ["roof-5", "roof-6"], exact=True)
    s = give_hand(s, "cleo", ["roof-1"], exact=True)
    s = replace(s, players=tuple(replace(p, points=10) for p in s.players))
    s = to_draw(s)
    assert s.phase == "over"
    assert GAME.score(s)["winners"] == ["anna"]  # highest single card: 8
    total = replace(s, options=replace(s.options, final_tiebreak="highest_total"))
    assert GAME.score(total)["winners"] == ["bob"]  # 5 + 6 = 11


def table(state):
    """The same state at a real table: every draw order unknown (the face-up tops too)."""
    return replace(state, piles=tuple((d, replace(p, draw=None, top=None)) for d, p in state.piles), seed=None)


def test_table_draw_asks_for_a_reveal_checked_against_what_remains():
    s = table(to_draw(start()))
    assert GAME.validate(s) == []
    out = GAME.apply(s, mv("draw", "anna", pile="roof"))
    assert out.legal and out.state.pending == Pending("draw", "anna", "roof")
    p = out.state
    assert codes(GAME.apply(p, mv("draw", "anna", pile="roof"))) == ["turn.reveal_pending"]
    in_bobs_hand = next(c for c in p.player("bob").hand if c.startswith("roof"))
    unavailable = GAME.apply(p, mv("reveal", "anna", card=in_bobs_hand))
    assert codes(unavailable) == ["reveal.card_unavailable"]
    value = p.options.card(in_bobs_hand).value
    assert unavailable.violations[0].message == f"The roof card {value} cannot be in the roof pile."
    wrong = GAME.apply(p, mv("reveal", "anna", card="floor-1"))
    assert codes(wrong) == ["reveal.wrong_pile"]
    assert wrong.violations[0].message == f"The floor card {p.options.card('floor-1').value} is not a roof card."
    free = next(c for c in unknown_cards(p) if c.startswith("roof-"))
    assert codes(GAME.apply(p, mv("reveal", "bob", card=free))) == ["reveal.wrong_player"]
    listed = {m.card for m in GAME.legal_moves(p)}
    assert listed == {c for c in unknown_cards(p) if c.startswith("roof-")}
    done = GAME.apply(p, mv("reveal", "anna", card=free))
    assert done.legal and done.state.pending is None and free in done.state.player("anna").hand
    assert done.state.pile("roof").draw_size == p.pile("roof").draw_size - 1
    assert GAME.validate(done.state) == []


def test_reveal_without_pending_is_refused():
    assert codes(GAME.apply(start(), mv("reveal", "anna", card="roof-1"))) == ["reveal.not_pending"]


def test_hidden_hand_may_play_a_card_that_can_still_be_in_it():
    s = table(start())
    s = with_player(s, "anna", hand=None, hand_size=s.player("anna").hand_size)
    assert GAME.validate(s) == []
    anna_card = start().player("anna").hand[0]
    bobs = s.player("bob").hand[0]
    assert GAME.apply(s, mv("discard", "anna", card=anna_card)).legal
    assert codes(GAME.apply(s, mv("discard", "anna", card=bobs))) == ["card.not_in_hand"]


def test_view_hides_other_hands_but_not_their_sizes():
    s = start()
    seen = GAME.view(s, "bob")
    assert seen.player("bob").hand == s.player("bob").hand
    assert seen.player("anna").hand is None and seen.player("anna").hand_size == s.player("anna").hand_size
    assert all(p.draw is None and p.draw_size == s.pile(d).draw_size for d, p in seen.piles)
    assert seen.seed is None
    assert GAME.validate(seen) == []
    assert GAME.legal_moves(seen)  # a view is still a playable state


def test_validate_reports_card_conservation():
    s = start()
    s = with_player(s, "anna", hand=s.player("anna").hand + (s.player("bob").hand[0],))
    assert "state.cards" in codes(GAME.validate(s))


def test_validate_reports_piece_conservation():
    s = replace(start(), floors=10)
    s = with_player(s, "bob", billboards=4)
    s = with_player(s, "cleo", arched=5)
    assert {"state.floors", "state.billboards", "state.roofs"} <= set(codes(GAME.validate(s)))


def test_a_known_face_up_top_is_drawn_without_a_reveal():
    digital = to_draw(start())
    s = replace(digital, piles=tuple((d, replace(p, draw=None)) for d, p in digital.piles), seed=None)
    top = digital.pile("roof").draw[0]
    assert s.pile("roof").top == top and GAME.validate(s) == []
    out = GAME.apply(s, mv("draw", "anna", pile="roof"))
    assert out.legal and out.state.pending is None and out.state.player("anna").hand[-1] == top
    assert out.state.pile("roof").top is None  # the next card is not known to the engine
    again = GAME.apply(out.state, mv("draw", "anna", pile="roof"))
    assert again.state.pending == Pending("draw", "anna", "roof")


def test_reveal_must_be_the_known_top_card():
    digital = to_draw(start())
    top = digital.pile("roof").draw[0]
    s = replace(
        digital,
        piles=tuple((d, replace(p, draw=None)) for d, p in digital.piles),
        seed=None,
        pending=Pending("draw", "anna", "roof"),
    )
    other = next(c for c in unknown_cards(s) if c.startswith("roof-"))
    not_top = GAME.apply(s, mv("reveal", "anna", card=other))
    assert codes(not_top) == ["reveal.not_top"]
    value = s.options.card(top).value
    assert not_top.violations[0].message == f"The face-up top of the roof pile is the roof card {value}."
    assert [m.card for m in GAME.legal_moves(s)] == [top]
    assert GAME.apply(s, mv("reveal", "anna", card=top)).legal


def test_view_keeps_the_face_up_top_cards():
    s = start()
    seen = GAME.view(s, "bob")
    assert all(seen.pile(d).top == s.pile(d).draw[0] for d in ("roof", "floor", "contract"))


def test_validate_reports_an_impossible_top_card():
    s = start()
    s = s.with_pile("roof", replace(s.pile("roof"), draw=None, top="floor-1"))
    assert "state.pile_top" in codes(GAME.validate(s))
