"""Rules the sampled mutation run (tests/mutation) found no test for, at a real table (hidden hands)."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from service.engine.skyline3000 import GAME
from service.engine.skyline3000.cards import hidden_draw_sizes, unknown_cards
from service.engine.skyline3000.state import Auction, default_options

from .helpers import codes, mv

SEATS = ("orange", "purple", "green")


def table_auction():
    """A real-table game whose construction phase everyone passed: the first auction, no pile laid."""
    state = GAME.setup(list(SEATS), 1, default_options(chance="table"))
    while state.phase == "construction":
        state = GAME.apply(state, mv("pass", state.turn)).state
    assert state.phase == "auction" and not state.auction.sealed
    assert all(p.hand is None for p in state.players)
    return state


def test_key_holder_reports_the_piles_the_bids_move_is_listed_for_the_key_only():
    state = table_auction()
    listed = [m for m in GAME.legal_moves(state) if m.type == "bids"]
    assert listed and {m.player for m in listed} == {state.key}
    assert [m for m in GAME.legal_moves(state, player=state.key) if m.type == "bids"] == listed
    other = next(p for p in SEATS if p != state.key)
    assert not [m for m in GAME.legal_moves(state, player=other) if m.type == "bids"]
    assert GAME.apply(state, listed[0]).legal


def test_hidden_hand_holds_each_card_once_and_no_more_cards_than_its_size():
    state = table_auction()
    bidder = state.players[0]
    unknown = unknown_cards(state)
    fits = tuple(unknown[:2])
    assert codes(GAME.validate(replace(state, auction=Auction(1, ((bidder.id, fits),))))) == []
    twice = (unknown[0], unknown[0])
    assert "state.cards" in codes(GAME.validate(replace(state, auction=Auction(1, ((bidder.id, twice),)))))
    too_many = spread(state, unknown, bidder.hand_size + 1)
    assert "state.cards" in codes(GAME.validate(replace(state, auction=Auction(1, ((bidder.id, too_many),)))))


def spread(state, unknown, n):
    """n unknown cards taken so that every hidden draw pile can still be full: only the hand's size can
    refuse them."""
    deck = {c.id: c.deck for c in state.options.cards}
    spare = Counter(deck[c] for c in unknown)
    spare.subtract(hidden_draw_sizes(state))
    taken = []
    for card in unknown:
        if spare[deck[card]] > 0 and len(taken) < n:
            taken.append(card)
            spare[deck[card]] -= 1
    assert len(taken) == n
    return tuple(taken)
