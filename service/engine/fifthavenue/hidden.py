"""What a player cannot see: a player's view of a state, and at a real table what may still come up (the
cards that may lie unseen in a deck or a hand nobody knows, the businesses still unseen, the dummy's
possible draws, where a district's starting business may lie)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement
from typing import Any

from ..kit import replace
from . import data as D
from .state import BlackDeck, Stack, State


def view(state: State, player: str) -> State:
    """What ``player`` may see: others' hands become null (their size stays), every hidden order
    (the stacks below their tops, the black deck, the reshuffle seed, Central Park's draw order)
    becomes null."""
    players = tuple(p if p.id == player else replace(p, hand=None) for p in state.players)
    stacks = tuple((c, Stack(st.top, None, st.count)) for c, st in state.stacks)
    return replace(
        state,
        players=players,
        stacks=stacks,
        black_deck=BlackDeck(None, state.black_deck.count),
        park_order=None,
        seed=None,
    )


def unseen_cards(state: State) -> Counter[Any]:
    """Every card that may lie where nobody looks (a hand nobody knows, an unknown deck order): the box's
    110 cards less every card the state shows somewhere (derived once per state)."""
    if "unseen" in state.derived:
        known: Counter[Any] = state.derived["unseen"]
        return known
    seen: Counter[Any] = Counter(state.discard)
    for p in state.players:
        seen.update(p.hand or ())
    if state.auction is not None:
        dummy = state.dummy.id if state.dummy is not None else None
        for b in state.auction.bids:
            if b.player != dummy:
                seen.update(b.cards)
        seen.update(D.card(D.BLACK, x) for x in state.auction.dummy_bid or ())
    for colour, st in state.stacks:
        seen.update(D.card(colour, v) for v in ([st.top] if st.top is not None else []) + list(st.below or ()))
    seen.update(D.card(D.BLACK, v) for v in state.black_deck.cards or ())
    out: Counter[Any] = Counter()
    for c in D.ALL_CARDS:
        colour, value = D.card_parts(c)
        n = D.card_total(colour, value) - seen[c]
        if n > 0:
            out[c] = n
    state.derived["unseen"] = out
    return out


def hidden_hand_room(state: State) -> Counter[Any]:
    """How many cards of each colour may be in hands nobody knows: its unseen cards less the face-down
    cards of its stack (or of the black deck) whose values nobody knows."""
    if "room" in state.derived:
        known: Counter[Any] = state.derived["room"]
        return known
    unseen = unseen_cards(state)
    room: Counter[Any] = Counter()
    for c, n in unseen.items():
        room[D.card_parts(c)[0]] += n
    for colour, st in state.stacks:
        if st.below is None:
            room[colour] -= st.count - (1 if st.top is not None else 0)
    if state.black_deck.cards is None:
        room[D.BLACK] -= state.black_deck.count
    state.derived["room"] = room
    return room


def cards_out_of_decks(state: State) -> Counter[Any]:
    """Cards known to be outside the decks: known hands, the discard pile, bids on the table and the
    dummy's drawn bid."""
    out: Counter[Any] = Counter()
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


def card_pool(state: State, colour: str) -> Counter[Any]:
    """Values of ``colour`` that may still lie unseen in its deck (an upper bound when hands are hidden)."""
    out = cards_out_of_decks(state)
    pool: Counter[Any] = Counter()
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


def business_pool(state: State) -> Counter[Any]:
    seen: Counter[Any] = Counter()
    for d in state.districts:
        for p in d.plots:
            seen.update(p.businesses)
    seen.update(state.park.businesses)
    seen.update(state.removed_businesses)
    for tiles in state.supply_row:
        seen.update(tiles or ())
    return Counter({b: D.BUSINESSES_PER_TYPE - seen[b] for b in D.BUSINESSES if D.BUSINESSES_PER_TYPE - seen[b] > 0})


def within(part: Counter[Any], pool: Counter[Any]) -> bool:
    return all(pool[k] >= n for k, n in part.items())


def multisets(pool: Counter[Any], size: int) -> Iterator[tuple[Any, ...]]:
    keys = sorted(pool)
    return (c for c in combinations_with_replacement(keys, size) if within(Counter(c), pool))


def dummy_sequence_ok(values: list[int], deck_count: int) -> bool:
    """Black cards drawn until a value repeats (English rulebook p. 5); a deck that runs out ends the draw early."""
    if not values:
        return deck_count == 0
    if len(values) > deck_count:
        return False
    head = values[:-1]
    if len(set(head)) != len(head):
        return False
    return values[-1] in head or len(values) == deck_count


def start_colours_used(state: State) -> Counter[Any]:
    """How many districts' starting businesses lie on each plot colour so far."""
    used: Counter[Any] = Counter()
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
