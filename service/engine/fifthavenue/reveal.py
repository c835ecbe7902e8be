"""Chance at a real table: what may still be drawn, the checks of a reveal, and every possible reveal
for ``legal_moves``, listed lazily and once each (a draw as a multiset; a draw owed to several players
one player at a time)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement, product

from ..core import Violation
from ..kit import pointer
from . import board as B
from . import data as D
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
            return [
                BOOK.violation(
                    "reveal.wrong_fields",
                    "Reveal the new top card of {colours} as 'tops'.",
                    "/move/tops",
                    colours=", ".join(pend.colours),
                )
            ]
        for c in pend.colours:
            if tops[c] not in card_pool(state, c):
                out.append(
                    BOOK.violation(
                        "reveal.impossible_card",
                        "No {c} card of that value can still be in its stack.",
                        pointer("move", "tops", c),
                        c=c,
                    )
                )
    elif kind == "start_business":
        return check_start_business(state, move)
    elif kind == "black_cards":
        drawn = dict(move.drawn or ())
        want = dict(pend.draws)
        if move.drawn is None or not drawn or any(who not in want for who in drawn):
            return [
                BOOK.violation(
                    "reveal.wrong_fields",
                    "Reveal the black cards drawn, per player, as 'drawn' (all players owed, or some of them first).",
                    "/move/drawn",
                )
            ]
        total: Counter = Counter()
        for who, values in drawn.items():
            if len(values) != want[who]:
                out.append(
                    BOOK.violation(
                        "reveal.wrong_count",
                        "{who!r} draws {count} black card(s).",
                        pointer("move", "drawn", who),
                        who=who,
                        count=want[who],
                    )
                )
            total.update(values)
        if not within(total, card_pool(state, D.BLACK)):
            out.append(
                BOOK.violation(
                    "reveal.impossible_card", "Those black cards cannot all still be in the deck.", "/move/drawn"
                )
            )
    elif kind == "supply_set":
        tiles = list(move.tiles or ())
        if move.tiles is None or len(tiles) != pend.count:
            return [
                BOOK.violation(
                    "reveal.wrong_count",
                    "Reveal the {count} businesses of the current set as 'tiles'.",
                    "/move/tiles",
                    count=pend.count,
                )
            ]
        if not within(Counter(tiles), business_pool(state)):
            out.append(
                BOOK.violation("reveal.impossible_tile", "Those businesses cannot all still be unseen.", "/move/tiles")
            )
    elif kind == "dummy_bid":
        values = list(move.bid or ())
        if move.bid is None or not dummy_sequence_ok(values, state.black_deck.count):
            return [
                BOOK.violation(
                    "reveal.wrong_sequence",
                    "The dummy draws black cards until a value repeats: reveal them in order as 'bid'.",
                    "/move/bid",
                )
            ]
        if not within(Counter(values), card_pool(state, D.BLACK)):
            out.append(
                BOOK.violation(
                    "reveal.impossible_card", "Those black cards cannot all still be in the deck.", "/move/bid"
                )
            )
    elif kind == "central_park_tiles":
        tiles = list(move.tiles or ())
        if move.tiles is None or len(tiles) != pend.count:
            return [
                BOOK.violation(
                    "reveal.wrong_count",
                    "Reveal {count} businesses from below Central Park as 'tiles'.",
                    "/move/tiles",
                    count=pend.count,
                )
            ]
        if not within(Counter(tiles), Counter(state.park.businesses)):
            out.append(
                BOOK.violation(
                    "reveal.impossible_tile", "Those businesses are not all below Central Park.", "/move/tiles"
                )
            )
    return out


def start_colours_used(state: State) -> Counter:
    """How many districts' starting businesses lie on each plot colour so far."""
    used: Counter = Counter()
    for d in state.districts:
        for p in d.plots:
            if p.businesses and p.colour != D.SIXTH_PLOT:
                used[p.colour] += 1
    return used


def start_plots(state: State) -> tuple[str, ...]:
    """Where the pending district's starting business may lie: the back side's sixth plot; on the front
    side any colour that keeps every colour at least once and none more than twice over the 7 districts."""
    if state.options.board_side == "back":
        return (D.SIXTH_PLOT,)
    used = start_colours_used(state)
    after = sum(1 for d in state.districts if not any(p.businesses for p in d.plots)) - 1
    out = []
    for colour in D.COLOURS:
        now = used + Counter([colour])
        missing = sum(1 for c in D.COLOURS if now[c] == 0)
        if now[colour] <= 2 and missing <= after:
            out.append(colour)
    return tuple(out)


def check_start_business(state: State, move: Move) -> list[Violation]:
    pend = state.pending
    if move.business is None or move.plot is None or move.district not in (None, pend.district):
        return [
            BOOK.violation(
                "reveal.wrong_fields",
                "Reveal the starting business of {district} as 'plot' and 'business'.",
                "/move",
                district=D.DISTRICT_NAMES[pend.district],
            )
        ]
    out = []
    if B.plot(B.district(state, pend.district), move.plot) is None:
        out.append(BOOK.violation("board.unknown_plot", "No plot {plot!r}.", "/move/plot", plot=move.plot))
    elif move.plot not in start_plots(state):
        out.append(
            BOOK.violation(
                "reveal.start_colours",
                "The starting businesses lie on every plot colour, none more than twice: not on {plot} here.",
                "/move/plot",
                plot=move.plot,
            )
        )
    if business_pool(state)[move.business] <= 0:
        out.append(
            BOOK.violation("reveal.impossible_tile", "Those businesses cannot all still be unseen.", "/move/business")
        )
    return out


def multisets(pool: Counter, size: int) -> Iterator[tuple]:
    keys = sorted(pool)
    return (c for c in combinations_with_replacement(keys, size) if within(Counter(c), pool))


def possible_reveals(state: State) -> Iterator[Move]:
    """Every reveal the pending draw allows, each once. A black draw owed to several players is listed
    for the first of them only (a reveal may name some players first), so the list stays as short as one
    player's draw."""
    pend = state.pending
    who = state.turn.player if state.turn is not None else ""
    if pend is None or player(state, who) is None:
        return
    if pend.kind == "start_business":
        pool = business_pool(state)
        for plot in start_plots(state):
            yield from (Move("reveal", who, district=pend.district, plot=plot, business=b) for b in sorted(pool))
    elif pend.kind == "stack_top":
        options = [sorted(card_pool(state, c)) for c in pend.colours]
        yield from (Move("reveal", who, tops=tuple(zip(pend.colours, combo))) for combo in product(*options))
    elif pend.kind == "black_cards":
        first, n = pend.draws[0]
        yield from (Move("reveal", who, drawn=((first, values),)) for values in multisets(card_pool(state, D.BLACK), n))
    elif pend.kind == "supply_set":
        yield from (Move("reveal", who, tiles=t) for t in multisets(business_pool(state), pend.count))
    elif pend.kind == "central_park_tiles":
        yield from (Move("reveal", who, tiles=t) for t in multisets(Counter(state.park.businesses), pend.count))
    elif pend.kind == "dummy_bid":
        pool = card_pool(state, D.BLACK)
        for length in range(0, len(D.VALUES) + 2):
            for seq in product(D.VALUES, repeat=length):
                if dummy_sequence_ok(list(seq), state.black_deck.count) and within(Counter(seq), pool):
                    yield Move("reveal", who, bid=tuple(seq))
