"""Chance at a real table (pending reveals checked for conservation) and what each player may see."""

from dataclasses import replace

from service.engine.newyork import GAME
from service.engine.newyork.data import NEW_YORK
from service.engine.newyork.hidden import unseen_money, unseen_tile_ids
from service.engine.newyork.state import Card

from .helpers import codes, current_id, mv, start
from .test_turns import BLUE_PARK, table


def at_table(state):
    return replace(state, bag=None, money_deck=None, shuffle_seed=None)


def test_real_table_money_refill_asks_for_a_reveal():
    s = at_table(table())
    assert GAME.validate(s) == []
    out = GAME.apply(s, mv("take_money", current_id(s), slots=[0]))
    st = out.state
    assert st.phase == "refill" and st.pending.kind == "money_card" and st.pending.slot == 0
    reveals = GAME.legal_moves(st)
    assert reveals and all(m.type == "reveal" and m.player == current_id(s) for m in reveals)
    assert {m.card for m in reveals} == set(unseen_money(st, NEW_YORK)) | {"A"}


def test_real_table_reveal_must_be_possible():
    s = at_table(table())
    st = GAME.apply(s, mv("take_money", current_id(s), slots=[0])).state
    # blue 4, 6, 7 sit in the player's hand: three copies of blue 9 are... check one that is all seen
    me = st.players[st.current]
    seen = Card("blue", 4)
    full = replace(st, discard=st.discard + (Card("blue", 4),) * 2)
    assert unseen_money(full, NEW_YORK)[seen] == 0
    out = GAME.apply(full, mv("reveal", me.id, card=seen))
    assert codes(out.violations) == ["newyork.reveal.impossible"]
    assert codes(GAME.apply(st, mv("reveal", me.id, card="B")).violations) == ["newyork.reveal.out_of_order"]
    assert codes(GAME.apply(st, mv("reveal", me.id, tile=3)).violations) == ["newyork.reveal.wrong_kind"]


def test_real_table_scoring_card_reveal_scores_and_asks_again():
    s = at_table(table())
    st = GAME.apply(s, mv("take_money", current_id(s), slots=[0])).state
    out = GAME.apply(st, mv("reveal", current_id(st), card="A"))
    assert out.legal and out.state.scorings_done == 1
    assert out.state.pending.kind == "money_card" and out.state.pending.slot == 0


def test_real_table_market_tile_reveal_and_conservation():
    s = at_table(table())
    s = GAME.apply(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 4), ("blue", 7)])).state
    s = GAME.apply(s, mv("place", current_id(s), tile=BLUE_PARK, x=1, y=0)).state
    assert s.pending.kind == "market_tile" and s.pending.slot == "blue"
    assert codes(GAME.apply(s, mv("reveal", current_id(s), tile=BLUE_PARK)).violations) == ["newyork.reveal.impossible"]
    assert codes(GAME.apply(s, mv("reveal", current_id(s), tile=s.market[1].id)).violations) == [
        "newyork.reveal.impossible"
    ]
    free = unseen_tile_ids(s, NEW_YORK)[0]
    out = GAME.apply(s, mv("reveal", current_id(s), tile=free))
    assert out.legal and out.state.market[0].id == free and out.state.pending is None
    assert out.state.phase == "actions"


def test_real_table_reveal_by_another_player_is_refused():
    s = at_table(table())
    st = GAME.apply(s, mv("take_money", current_id(s), slots=[0])).state
    other = st.players[(st.current + 1) % 3].id
    assert codes(GAME.apply(st, mv("reveal", other, card=Card("red", 1))).violations) == ["newyork.turn.not_your_turn"]


def test_pending_blocks_other_moves():
    s = at_table(table())
    st = GAME.apply(s, mv("take_money", current_id(s), slots=[0])).state
    assert codes(GAME.apply(st, mv("end_turn", current_id(st))).violations)[0] == "newyork.turn.pending_reveal"


def test_reveal_without_pending_is_refused():
    s = table()
    assert codes(GAME.apply(s, mv("reveal", current_id(s), tile=3)).violations) == ["newyork.reveal.not_pending"]


def test_digital_play_draws_itself():
    s = table()
    out = GAME.apply(s, mv("take_money", current_id(s), slots=[0]))
    assert out.state.pending is None and out.state.money_market[0] is not None


def test_reading_money_visibility_counts_are_public_values_hidden():
    s = start(4, seed=9)
    seen = GAME.view(s, "p1")
    assert seen.players[1].money == s.players[1].money
    assert all(p.money is None for i, p in enumerate(seen.players) if i != 1)
    assert [p.cards_held for p in seen.players] == [len(p.money) for p in s.players]
    assert seen.bag is None and seen.money_deck is None and seen.shuffle_seed is None
    assert seen.players[0].city == s.players[0].city and seen.market == s.market
    assert GAME.validate(seen) == []


def test_reading_money_visibility_hidden_counts_are_conserved_too():
    seen = GAME.view(start(4, seed=9), "p1")
    players = list(seen.players)
    players[0] = replace(players[0], money_count=108)
    assert codes(GAME.validate(replace(seen, players=tuple(players)))) == ["newyork.state.money_count"]


def test_view_of_a_real_table_game_keeps_counts_through_the_reveal_flow():
    s = at_table(table())
    me = current_id(s)
    st = GAME.apply(s, mv("take_money", me, slots=[0])).state  # the refill waits for a reveal
    other = st.players[(st.current + 1) % 3].id
    seen = GAME.view(st, other)
    assert seen.pending == st.pending and GAME.validate(seen) == []
    assert seen.players[st.current].cards_held == len(st.players[st.current].money)
    # the view cannot play on (hands are hidden); the referee's full state takes the reveal
    assert codes(GAME.apply(seen, mv("reveal", me, card=Card("red", 9))).violations) == ["newyork.state.hidden_money"]
    card = next(iter(sorted(unseen_money(st, NEW_YORK))))
    after = GAME.apply(st, mv("reveal", me, card=card)).state
    assert after.pending is None and after.money_market[0] == card
    assert GAME.view(after, other).players[st.current].cards_held == len(after.players[st.current].money)


def test_messages_never_leak_hidden_contents():
    s = at_table(table())
    st = GAME.apply(s, mv("take_money", current_id(s), slots=[0])).state
    for m in ("reveal",):
        out = GAME.apply(st, mv(m, current_id(st), card=Card("blue", 4)))
        for v in out.violations:
            assert "deck holds" not in v.message


def test_real_table_dummy_tiles_are_revealed_after_scoring_A():
    s = at_table(table(2))
    st = GAME.apply(s, mv("take_money", current_id(s), slots=[0])).state
    st = GAME.apply(st, mv("reveal", current_id(st), card="A")).state
    assert st.pending.kind == "dummy_tile" and st.dummy_owed == 6
    listed = GAME.legal_moves(st)
    assert {m.tile for m in listed} == set(unseen_tile_ids(st, NEW_YORK))
    for _ in range(6):
        st = GAME.apply(st, mv("reveal", current_id(st), tile=unseen_tile_ids(st, NEW_YORK)[0])).state
    assert len(st.dummy.tiles) == 12 and st.pending.kind == "money_card"


def test_a_pending_dummy_tile_reveal_with_nothing_owed_to_the_dummy_is_refused():
    # reached as above, then edited: the reveal waits for a tile the dummy is not owed
    s = at_table(table(2))
    st = GAME.apply(s, mv("take_money", current_id(s), slots=[0])).state
    st = GAME.apply(st, mv("reveal", current_id(st), card="A")).state
    assert st.pending.kind == "dummy_tile" and GAME.validate(st) == []
    assert "newyork.state.pending" in codes(GAME.validate(replace(st, dummy_owed=0)))
    assert GAME.validate(replace(st, dummy_owed=1)) == []
