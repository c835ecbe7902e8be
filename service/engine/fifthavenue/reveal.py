"""Chance at a real table (DESIGN.md section 5): what may still be drawn, the checks of a reveal, and
every possible reveal for ``legal_moves``."""
from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, product

from ..core import Violation
from . import data as D
from ..kit import pointer
from .catalogue import BOOK
from .rules import player
from .state import Move, State


def cards_out_of_decks(state: State) -> Counter:
    """Cards known to be outside the decks: known hands, the discard pile, bids on the table and the
    dummy's drawn bid."""
    out: Counter = Counter()
    for p in state.players:
        out.update(p.hand or ())
    out.update(state.discard)
    dummy = state.dummy.id if state.dummy is not None else None
    if state.auction is not None:
        for b in state.auction.bids:
            if b.player != dummy:
                out.update(b.cards)
        out.update(D.card(D.BLACK, x) for x in state.auction.dummy_bid or ())
    return out


def card_pool(state: State, colour: str) -> Counter:
    """Values of ``colour`` that may still lie unseen in its deck (an upper bound when hands are hidden)."""
    out = cards_out_of_decks(state)
    pool = Counter()
    for value in D.VALUES:
        n = D.card_total(colour, value) - out[D.card(colour, value)]
        if colour != D.BLACK:
            st = dict(state.stacks).get(colour)
            if st is not None and st.top == value:
                n -= 1
            if st is not None and st.below is not None:
                n -= list(st.below).count(value)
        if n > 0:
            pool[value] = n
    return pool


def business_pool(state: State) -> Counter:
    seen: Counter = Counter()
    for d in state.districts:
        for p in d.plots:
            seen.update(p.businesses)
    seen.update(state.park.businesses)
    seen.update(state.removed_businesses)
    for tiles in state.supply_row:
        seen.update(tiles or ())
    return Counter({b: D.BUSINESSES_PER_TYPE - seen[b] for b in D.BUSINESSES if D.BUSINESSES_PER_TYPE - seen[b] > 0})


def within(part: Counter, pool: Counter) -> bool:
    return all(pool[k] >= n for k, n in part.items())


def dummy_sequence_ok(values: list[int], deck_count: int) -> bool:
    """Black cards drawn until a value repeats (RGG-p5); a deck that runs out ends the draw early."""
    if not values:
        return deck_count == 0
    if len(values) > deck_count:
        return False
    head = values[:-1]
    if len(set(head)) != len(head):
        return False
    return values[-1] in head or len(values) == deck_count


def check_reveal(state: State, move: Move) -> list[Violation]:
    pend = state.pending
    kind = pend.kind
    out: list[Violation] = []
    if kind == "stack_top":
        tops = dict(move.tops or ())
        if move.tops is None or sorted(tops) != sorted(pend.colours):
            return [BOOK.violation("reveal.wrong_fields", "Reveal the new top card of {colours} as 'tops'.", "/move/tops", colours=', '.join(pend.colours))]
        for c in pend.colours:
            if tops[c] not in card_pool(state, c):
                out.append(BOOK.violation("reveal.impossible_card", "No {c} card of that value can still be in its stack.", pointer("move", "tops", c), c=c))
    elif kind == "black_cards":
        drawn = dict(move.drawn or ())
        want = dict(pend.draws)
        if move.drawn is None or sorted(drawn) != sorted(want):
            return [BOOK.violation("reveal.wrong_fields", "Reveal the black cards drawn, per player, as 'drawn'.", "/move/drawn")]
        total: Counter = Counter()
        for who, values in drawn.items():
            if len(values) != want[who]:
                out.append(BOOK.violation("reveal.wrong_count", "{who!r} draws {count} black card(s).", pointer("move", "drawn", who), who=who, count=want[who]))
            total.update(values)
        if not within(total, card_pool(state, D.BLACK)):
            out.append(BOOK.violation("reveal.impossible_card", "Those black cards cannot all still be in the deck.", "/move/drawn"))
    elif kind == "supply_set":
        tiles = list(move.tiles or ())
        if move.tiles is None or len(tiles) != pend.count:
            return [BOOK.violation("reveal.wrong_count", "Reveal the {count} businesses of the current set as 'tiles'.", "/move/tiles", count=pend.count)]
        if not within(Counter(tiles), business_pool(state)):
            out.append(BOOK.violation("reveal.impossible_tile", "Those businesses cannot all still be unseen.", "/move/tiles"))
    elif kind == "dummy_bid":
        values = list(move.bid or ())
        if move.bid is None or not dummy_sequence_ok(values, state.black_deck.count):
            return [BOOK.violation("reveal.wrong_sequence", "The dummy draws black cards until a value repeats: reveal them in order as 'bid'.", "/move/bid")]
        if not within(Counter(values), card_pool(state, D.BLACK)):
            out.append(BOOK.violation("reveal.impossible_card", "Those black cards cannot all still be in the deck.", "/move/bid"))
    elif kind == "central_park_tiles":
        tiles = list(move.tiles or ())
        if move.tiles is None or len(tiles) != pend.count:
            return [BOOK.violation("reveal.wrong_count", "Reveal {count} businesses from below Central Park as 'tiles'.", "/move/tiles", count=pend.count)]
        if not within(Counter(tiles), Counter(state.park.businesses)):
            out.append(BOOK.violation("reveal.impossible_tile", "Those businesses are not all below Central Park.", "/move/tiles"))
    return out


def multisets(pool: Counter, size: int) -> list[tuple]:
    keys = sorted(pool)
    return [c for c in combinations_with_replacement(keys, size) if within(Counter(c), pool)]


def possible_reveals(state: State) -> list[Move]:
    pend = state.pending
    who = state.turn.player if state.turn is not None else ""
    if pend is None or player(state, who) is None:
        return []
    if pend.kind == "stack_top":
        options = [sorted(card_pool(state, c)) for c in pend.colours]
        return [Move("reveal", who, tops=tuple(zip(pend.colours, combo))) for combo in product(*options)]
    if pend.kind == "black_cards":
        pool = card_pool(state, D.BLACK)
        per = [multisets(pool, n) for _, n in pend.draws]
        out = []
        for combo in product(*per):
            total: Counter = Counter()
            for values in combo:
                total.update(values)
            if within(total, pool):
                out.append(Move("reveal", who, drawn=tuple(sorted(
                    (p, tuple(values)) for (p, _), values in zip(pend.draws, combo)))))
        return out
    if pend.kind == "supply_set":
        return [Move("reveal", who, tiles=t) for t in multisets(business_pool(state), pend.count)]
    if pend.kind == "central_park_tiles":
        return [Move("reveal", who, tiles=t) for t in multisets(Counter(state.park.businesses), pend.count)]
    if pend.kind == "dummy_bid":
        pool = card_pool(state, D.BLACK)
        out = []
        for length in range(0, len(D.VALUES) + 2):
            for seq in product(D.VALUES, repeat=length):
                if dummy_sequence_ok(list(seq), state.black_deck.count) and within(Counter(seq), pool):
                    out.append(Move("reveal", who, bid=tuple(seq)))
        return out
    return []
