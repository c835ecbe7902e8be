"""Payments: any sufficient payment is legal; legal-moves lists each minimal one, once per multiset of
values, with a bound that holds even for a hand of all 27 cards of a bank."""

import time
from collections import Counter
from dataclasses import replace
from itertools import product

from service.engine.newyork import GAME
from service.engine.newyork.candidates import MAX_PAYMENTS_PER_SLOT, minimal_payments
from service.engine.newyork.data import BANKS
from service.engine.newyork.state import Card

from .helpers import current_id, mv, start
from .table import give_money, put_market
from .test_turns import refused, table

DEAREST = 54  # a skyscraper (tower) costing 13, the dearest tile
COST_12 = 53  # a skyscraper costing 12


def _sub_multisets(values):
    """Every sub-multiset of ``values`` (a list of ints), each once."""
    counts = sorted(Counter(values).items())
    for picks in product(*(range(n + 1) for _, n in counts)):
        yield [v for (v, _), k in zip(counts, picks) for _ in range(k)]


def _is_minimal(payment, cost):
    return sum(payment) >= cost and all(sum(payment) - v < cost for v in payment)


def test_payment_exact_one_more_card_and_a_droppable_card():
    # the surplus boundary, on the blue park costing 10 with blue 1, 4, 6 and 7 in hand
    s = table()
    s = give_money(s, s.current, [("blue", 1), ("blue", 4), ("blue", 6), ("blue", 7)])
    listed = {tuple(c.value for c in m.cards) for m in GAME.legal_moves(s, move_type="buy") if m.slot == "blue"}
    # 4+6 exact; 4+7 and 6+7 pay more, yet neither card can be dropped. 1+4+6 = 11 pays without the 1
    # (11 - 1 = 10 is still enough), so it is not minimal and not listed, though it is legal.
    assert listed == {(4, 6), (4, 7), (6, 7)}
    for cards in ([4, 6], [4, 7], [1, 4, 6], [1, 4, 6, 7]):
        out = GAME.apply(s, mv("buy", current_id(s), slot="blue", cards=[("blue", v) for v in cards]))
        assert out.legal, cards
        assert (out.state.phase == "actions") == (sum(cards) == 10)  # only the exact payment acts again
    assert refused(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 1), ("blue", 7)])) == [
        "newyork.buy.underpaid"
    ]


def test_buy_surplus_card_boundary_both_sides():
    # with allow_surplus_cards false a card is surplus when the others still pay: paid - smallest >= price.
    # The blue park costs 10; blue 1, 2, 8 and 9 in hand.
    s = table()
    assert s.market[0].cost == 10
    s = give_money(s, s.current, [("blue", 1), ("blue", 2), ("blue", 8), ("blue", 9)])
    strict = replace(s, options=replace(s.options, allow_surplus_cards=False))
    one_below = mv("buy", current_id(s), slot="blue", cards=[("blue", 2), ("blue", 9)])  # 11 - 2 = 9: both needed
    at_boundary = mv("buy", current_id(s), slot="blue", cards=[("blue", 1), ("blue", 2), ("blue", 8)])  # 11 - 1 = 10
    assert GAME.apply(strict, one_below).legal
    assert refused(strict, at_boundary) == ["newyork.buy.surplus_card"]
    assert GAME.apply(s, at_boundary).legal  # the seed's reading takes any sufficient payment
    listed = {tuple(c.value for c in m.cards) for m in GAME.legal_moves(strict, move_type="buy") if m.slot == "blue"}
    assert (2, 9) in listed and (1, 2, 8) not in listed


def test_payment_every_sufficient_payment_is_legal_and_the_minimal_ones_are_listed():
    s = table()
    hand = [1, 2, 2, 4, 6, 7, 9]
    s = give_money(s, s.current, [("blue", v) for v in hand])
    cost = s.market[0].cost
    listed = Counter(tuple(c.value for c in m.cards) for m in GAME.legal_moves(s, move_type="buy") if m.slot == "blue")
    assert max(listed.values()) == 1  # each multiset of values once
    expected = {tuple(p) for p in _sub_multisets(hand) if p and _is_minimal(p, cost)}
    assert set(listed) == expected and len(expected) > 5
    for payment in _sub_multisets(hand):
        if not payment:
            continue
        out = GAME.apply(s, mv("buy", current_id(s), slot="blue", cards=[("blue", v) for v in payment]))
        assert out.legal == (sum(payment) >= cost), payment


def _all_cards_of(state, player, banks):
    cards = [(b, v) for b in banks for v in range(1, 10) for _ in range(3)]
    return give_money(state, player, cards)


def _oracle_count(cost):
    """Minimal payments of ``cost`` from all 27 cards of a bank, by brute force over 4^9 multisets."""
    count = 0
    for picks in product(range(4), repeat=9):
        total = sum((v + 1) * k for v, k in enumerate(picks))
        smallest = next((v + 1 for v, k in enumerate(picks) if k), None)
        if smallest is not None and total >= cost and total - smallest < cost:
            count += 1
    return count


def test_payment_listing_is_bounded_with_all_27_blue_cards():
    # this state took 30 s and listed 262,128 payments when every payment was listed
    s = put_market(start(3, seed=4), 0, DEAREST)
    s = _all_cards_of(s, s.current, ["blue"])
    assert GAME.validate(s) == []
    began = time.process_time()
    moves = GAME.legal_moves(s)
    cpu = time.process_time() - began
    buys = [m for m in moves if m.type == "buy" and m.slot == "blue"]
    print(f"\n27 blue cards: {len(moves)} legal moves, {len(buys)} blue payments, {cpu:.3f} s CPU")
    assert len(buys) == _oracle_count(13) == MAX_PAYMENTS_PER_SLOT
    assert len({m.cards for m in buys}) == len(buys)
    assert len([m for m in moves if m.type == "buy"]) <= 4 * MAX_PAYMENTS_PER_SLOT


def test_payment_listing_is_bounded_with_two_full_banks():
    s = put_market(put_market(start(3, seed=4), 0, DEAREST), 1, COST_12)
    s = _all_cards_of(s, s.current, ["blue", "green"])
    assert GAME.validate(s) == []
    began = time.process_time()
    moves = GAME.legal_moves(s)
    cpu = time.process_time() - began
    per_slot = Counter(m.slot for m in moves if m.type == "buy")
    print(f"\ntwo banks: {len(moves)} legal moves, payments per slot {dict(per_slot)}, {cpu:.3f} s CPU")
    assert per_slot == {"blue": _oracle_count(13), "green": _oracle_count(12)}
    assert sum(per_slot.values()) <= 4 * MAX_PAYMENTS_PER_SLOT
    # a payment of every card of the bank is sufficient, so legal, though far from minimal
    everything = mv("buy", current_id(s), slot="blue", cards=[("blue", v) for v in range(1, 10) for _ in range(3)])
    assert GAME.apply(s, everything).legal


def test_payment_bound_holds_for_every_price():
    full = [Card("blue", v) for v in range(1, 10) for _ in range(3)]
    counts = [len(minimal_payments(full, cost)) for cost in range(1, 14)]
    assert counts == sorted(counts) and counts[-1] == MAX_PAYMENTS_PER_SLOT


def test_payment_with_the_earlier_reading_lists_the_same_payments():
    s = table()
    strict = replace(s, options=replace(s.options, allow_surplus_cards=False))
    assert GAME.legal_moves(strict, move_type="buy") == GAME.legal_moves(s, move_type="buy")
    assert {m.slot for m in GAME.legal_moves(s, move_type="buy")} <= set(BANKS)
