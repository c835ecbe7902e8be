"""The candidate moves of the player to act, built from the state (the engine's ``candidates``); the
kit's ``legal_moves`` filters them through the same checks ``apply`` makes. Every builder is a lazy
generator, so a caller that wants only the first moves pays only for those; at a real table the reveals
the pending draw allows are listed once each (a draw as a multiset; a draw owed to several players one
player at a time)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from itertools import combinations, islice, product

from . import board as B
from . import checks as C
from . import data as D
from . import hidden as H
from .state import Move, State, new_move

# ------------------------------------------------------------------ legal moves (by construction)


def _start(state: State, who: str) -> Iterator[Move]:
    for d in state.districts:
        if d.stopped or B.owned_plot(d, who) is not None:
            continue
        yield from (new_move("place_start", who, district=d.id, plot=p.colour) for p in d.plots if B.is_empty(p))


def _action1(state: State, who: str) -> Iterator[Move]:
    if C.known_player(state, who).general > 0:
        yield new_move("take_skyscrapers", who)
    index = C.current_set(state)
    tiles = state.supply_row[index] if index is not None else None
    if tiles:
        for business in sorted(set(tiles)):
            for d in state.districts:
                if d.stopped:
                    continue
                for plot in d.plots:
                    if plot.skyscrapers is None and len(plot.businesses) < D.MAX_BUSINESSES_PER_PLOT:
                        yield new_move("place_business", who, district=d.id, plot=plot.colour, business=business)
    for name, _ in state.commissioners:
        yield from (new_move("black_and_move", who, commissioner=name, to=t) for t in C.commissioner_steps(state, name))
    yield from (new_move("value_district", who, district=d) for d in C.valuable_districts(state))


def _action2(state: State, who: str) -> Iterator[Move]:
    stacks = C.nonempty_stacks(state)
    k = min(2, len(stacks))
    return (new_move("take_cards", who, colours=tuple(c)) for c in combinations(stacks, k))


def _action3(state: State, who: str) -> Iterator[Move]:
    for name, _ in state.commissioners:
        yield from (
            new_move("move_commissioner", who, commissioner=name, to=t) for t in C.commissioner_steps(state, name)
        )


MAX_LISTED_BIDS = 2000


_NAMES = {colour: tuple(D.card(colour, v) for v in D.VALUES) for colour in D.CARD_COLOURS}


def _value_counts(hand: tuple[str, ...], colour: str) -> tuple[int, int, int]:
    """How many 4s, 5s and 6s of ``colour`` the hand holds."""
    four, five, six = _NAMES[colour]
    return hand.count(four), hand.count(five), hand.count(six)


def _choices(counts: tuple[int, int, int]) -> int:
    return (counts[0] + 1) * (counts[1] + 1) * (counts[2] + 1)


_BLACK_NAMES = _NAMES[D.BLACK]


def _bid_cards(colour: str, own: tuple[int, int, int], black: tuple[int, int, int]) -> tuple[str, ...]:
    four, five, six = _NAMES[colour]
    black4, black5, black6 = _BLACK_NAMES
    cards = [four] * own[0] + [five] * own[1] + [six] * own[2] + [black4] * black[0]
    cards += [black5] * black[1] + [black6] * black[2]
    cards.sort()
    return tuple(cards)


def _bid_colours(state: State, who: str) -> tuple[str, ...]:
    a = C.auction_of(state)
    mine = C.bid_of(a, who)
    if mine is not None:
        return (mine.colour,)
    if a.site == D.CENTRAL_PARK:
        return (a.park_colour,) if a.park_colour is not None else D.COLOURS  # the opening bid sets it
    return C.allowed_colours(state, a.site, who)


def bidding_hand(state: State, who: str) -> tuple[str, ...] | None:
    """The cards ``who`` may bid from: his hand, or at a real table, where nobody knows it, every card
    that could be in it (each kind as often as it is unseen, and at most his hand's size)."""
    p = C.player(state, who)
    if p is None or p.hand is not None or state.options.chance != "table":
        return None if p is None else p.hand
    unseen = H.unseen_cards(state)
    room = H.hidden_hand_room(state)
    most = {colour: min(room[colour], p.hand_size) for colour in D.CARD_COLOURS}
    return tuple(c for c in sorted(unseen) for _ in range(min(unseen[c], most[C.card_colour(c)])))


def only_minimal_bids_listed(state: State, who: str) -> bool:
    """True when ``who``'s hand allows more than MAX_LISTED_BIDS bids, or nobody knows it, so that only
    the minimal ones are listed."""
    hand = bidding_hand(state, who)
    if state.auction is None or hand is None:
        return False
    if C.known_player(state, who).hand is None:
        return True  # a hand nobody knows: the cheapest bids, whatever is laid is checked when proposed
    combos = sum(_choices(_value_counts(hand, c)) for c in _bid_colours(state, who))
    return combos * _choices(_value_counts(hand, D.BLACK)) > MAX_LISTED_BIDS


Upto = Callable[[int, int, int], range]


def _own_counts(own: tuple[int, int, int], upto: Upto) -> Iterator[tuple[int, int, int]]:
    """How many 4s, 5s and 6s of the bid's colour a bid may add (each range as ``upto`` bounds it)."""
    for n4 in upto(own[0], 4, 0):
        for n5 in upto(own[1], 5, 4 * n4):
            for n6 in upto(own[2], 6, 4 * n4 + 5 * n5):
                yield n4, n5, n6


def _black_fives_and_sixes(black: tuple[int, int, int], upto: Upto, spent: int) -> Iterator[tuple[int, int]]:
    """How many black 5s and 6s a bid may add beside ``spent`` in coloured cards."""
    for n5 in upto(black[1], 5, spent):
        for n6 in upto(black[2], 6, spent + 5 * n5):
            yield n5, n6


def _bids(state: State, who: str) -> Iterator[Move]:
    """Every bid (as a multiset of cards added) that is higher than the high bid. When a hand allows more
    than MAX_LISTED_BIDS of them, only the minimal ones are listed: those where taking back the smallest
    card would no longer be higher (and never more than MAX_LISTED_BIDS); every other bid is still
    checked when proposed."""
    a = C.auction_of(state)
    hand = bidding_hand(state, who)
    if hand is None:
        return
    mine = C.bid_of(a, who)
    if mine is None and not C.may_bid(state, who):
        return
    colours = _bid_colours(state, who)
    need = C.high_bid(a) - (sum(C.card_value(c) for c in mine.cards) if mine else 0)
    black = _value_counts(hand, D.BLACK)
    owns = {c: _value_counts(hand, c) for c in colours}
    minimal = only_minimal_bids_listed(state, who)
    # a minimal bid is worth at most need + 6 (less its smallest card it is not higher): no range goes past it
    cap = need + 6 if minimal else None

    def upto(count: int, value: int, spent: int) -> range:
        return range(count + 1 if cap is None else max(0, min(count, (cap - spent) // value) + 1))

    bids = (
        new_move("bid", who, colour=colour, cards=_bid_cards(colour, own, black_added))
        for colour in colours
        for own, black_added in _bid_counts(owns[colour], black, need, mine is None, minimal, upto)
    )
    yield from islice(bids, MAX_LISTED_BIDS)  # a bound for absurd hands; the rest are checked when proposed


Counts = tuple[int, int, int]  # how many 4s, 5s and 6s


def _bid_counts(
    own: Counts, black: Counts, need: int, first: bool, minimal: bool, upto: Upto
) -> Iterator[tuple[Counts, Counts]]:
    """The cards of a bid's colour and the black cards (as counts by value) a bid higher than ``need`` may
    add from ``own`` and ``black``; a first bid holds a card of its colour; only the minimal ones when
    ``minimal``."""
    for k4, k5, k6 in _own_counts(own, upto):
        if first and k4 + k5 + k6 == 0:
            continue
        spent = 4 * k4 + 5 * k5 + 6 * k6
        for b5, b6 in _black_fives_and_sixes(black, upto, spent):
            base = 4 * k4 + 5 * (k5 + b5) + 6 * (k6 + b6)
            low = max(0, (need - base) // 4 + 1)
            high = black[0]
            if minimal:
                high = min(high, (need + 6 - base) // 4)
            for b4 in range(low, high + 1):
                total = base + 4 * b4
                if total <= need or k4 + k5 + k6 + b4 + b5 + b6 == 0:
                    continue
                if minimal and not _minimal(total, need, (k4 + b4, k5 + b5, k6 + b6)):
                    continue
                yield (k4, k5, k6), (b4, b5, b6)


def _minimal(total: int, need: int, counts: Counts) -> bool:
    """Taking back the bid's smallest card would leave it no higher than ``need``."""
    smallest = next(v for v, n in zip(D.VALUES, counts) if n)
    return total - smallest <= need


def _passes(state: State, who: str) -> Iterator[Move]:
    """A pass; the trigger still to set Central Park's colour names it as he passes (reading `park_colour`)."""
    if C.park_colour_due(state, who):
        yield from (new_move("pass", who, colour=c) for c in D.COLOURS)
    else:
        yield new_move("pass", who)


def _auction(state: State, who: str) -> Iterator[Move]:
    if C.auction_of(state).stage == "resolve":
        yield from (
            new_move("build", who, count=n) if kind == "build" else new_move("building_stop", who)
            for kind, n in C.winner_choices(state)
        )
        return
    yield from _passes(state, who)
    yield from _bids(state, who)


PHASE_MOVES = {"start": _start, "action1": _action1, "action2": _action2, "action3": _action3, "auction": _auction}


# ------------------------------------------------------------------ reveals at a real table


def possible_reveals(state: State) -> Iterator[Move]:
    """Every reveal the pending draw allows, each once. A black draw owed to several players is listed
    for the first of them only (a reveal may name some players first), so the list stays as short as one
    player's draw."""
    pend = state.pending
    who = state.turn.player if state.turn is not None else ""
    if pend is None or C.player(state, who) is None:
        return
    if pend.kind == "start_business":
        pool = H.business_pool(state)
        for plot in H.start_plots(state):
            yield from (new_move("reveal", who, district=pend.district, plot=plot, business=b) for b in sorted(pool))
    elif pend.kind == "stack_top":
        options = [sorted(H.card_pool(state, c)) for c in pend.colours]
        yield from (new_move("reveal", who, tops=tuple(zip(pend.colours, combo))) for combo in product(*options))
    elif pend.kind == "black_cards":
        first, n = pend.draws[0]
        yield from (
            new_move("reveal", who, drawn=((first, values),)) for values in H.multisets(H.card_pool(state, D.BLACK), n)
        )
    elif pend.kind == "supply_set":
        yield from (new_move("reveal", who, tiles=t) for t in H.multisets(H.business_pool(state), pend.count))
    elif pend.kind == "central_park_tiles":
        yield from (new_move("reveal", who, tiles=t) for t in H.multisets(Counter(state.park.businesses), pend.count))
    elif pend.kind == "dummy_bid":
        pool = H.card_pool(state, D.BLACK)
        for length in range(0, len(D.VALUES) + 2):
            for seq in product(D.VALUES, repeat=length):
                if H.dummy_sequence_ok(list(seq), state.black_deck.count) and H.within(Counter(seq), pool):
                    yield new_move("reveal", who, bid=tuple(seq))


def candidates(state: State, player: str | None, move_type: str | None) -> Iterable[Move]:
    """The moves of the player to act, built lazily from the state; bids are listed compactly for huge
    hands (``only_minimal_bids_listed``), reveals once each (``possible_reveals``)."""
    if state.turn is None or (state.turn.phase == "over" and state.pending is None):
        return iter(())
    who = C.acting(state)
    if who is None or C.player(state, who) is None or (player is not None and player != who):
        return iter(())
    if state.pending is not None:
        return possible_reveals(state) if move_type in (None, "reveal") else iter(())
    moves = PHASE_MOVES[state.turn.phase](state, who)
    return moves if move_type is None else (m for m in moves if m.type == move_type)
