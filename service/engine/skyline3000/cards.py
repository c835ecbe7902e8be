"""Where the cards are: known places (hands, draw piles, discards) and the unknown pool.

At a real table or in a view, some hands and draw piles are ``None`` with a public size. A card that is
in no known place is *unknown*: it lies in a hidden hand or a hidden draw pile of its deck. The pool must
fill the hidden places exactly, and each hidden draw pile only with cards of its own deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

from ..random import Rng
from .state import Pile, Player, State


def known_places(state: State) -> dict[str, list[tuple]]:
    """card id -> every known place naming it, as JSON-pointer tokens (more than one place is an inconsistency).
    Tokens, not pointers: this runs on every validation, and only a violation needs the pointer."""
    places: dict[str, list[tuple]] = {}
    for i, p in enumerate(state.players):
        for j, c in enumerate(p.hand or ()):
            places.setdefault(c, []).append(("state", "players", i, "hand", j))
    for deck, pile in state.piles:
        if pile.draw is None and pile.top is not None:
            places.setdefault(pile.top, []).append(("state", "piles", deck, "top"))
        for j, c in enumerate(pile.draw or ()):
            places.setdefault(c, []).append(("state", "piles", deck, "draw", j))
        for j, c in enumerate(pile.discard):
            places.setdefault(c, []).append(("state", "piles", deck, "discard", j))
    return places


def unknown_cards(state: State) -> list[str]:
    """Cards in no known place, in catalogue order."""
    known = set()
    for p in state.players:
        known.update(p.hand or ())
    for _, pile in state.piles:
        known.update(pile.draw or ())
        known.update(pile.discard)
        if pile.draw is None and pile.top is not None:
            known.add(pile.top)
    return [c.id for c in state.options.cards if c.id not in known]


def hidden_draw_sizes(state: State) -> dict[str, int]:
    """Cards of each hidden draw pile that are unknown (its face-up top, when known, is not)."""
    return {
        deck: pile.draw_size - (1 if pile.top is not None else 0) for deck, pile in state.piles if pile.draw is None
    }


def hidden_hand_can_hold(state: State, player: Player, cards: Iterable[str]) -> bool:
    """Could a hidden hand hold all these cards, given what is known elsewhere?"""
    wanted = list(cards)
    if len(wanted) != len(set(wanted)) or len(wanted) > player.hand_size:
        return False
    pool = unknown_cards(state)
    pool_set = set(pool)
    if not all(c in pool_set for c in wanted):
        return False
    per_deck = Counter(state.options.card(c).deck for c in pool)
    used = Counter(state.options.card(c).deck for c in wanted)
    for deck, size in hidden_draw_sizes(state).items():
        if per_deck[deck] - used[deck] < size:
            return False
    return True


def holds(state: State, player: Player, cards: Iterable[str]) -> bool:
    wanted = list(cards)
    if player.hand is None:
        return hidden_hand_can_hold(state, player, wanted)
    return all(c in player.hand for c in wanted) and len(set(wanted)) == len(wanted)


def remove_from_hand(player: Player, cards: Iterable[str]) -> Player:
    taken = list(cards)
    if player.hand is None:
        return replace(player, hand_size=player.hand_size - len(taken))
    hand = tuple(c for c in player.hand if c not in set(taken))
    return replace(player, hand=hand, hand_size=len(hand))


def add_to_hand(player: Player, card: str) -> Player:
    if player.hand is None:
        return replace(player, hand_size=player.hand_size + 1)
    return replace(player, hand=player.hand + (card,), hand_size=player.hand_size + 1)


def discard(state: State, cards: Iterable[str]) -> State:
    """Played or bid cards go face down on their own deck's discard pile."""
    for c in cards:
        card = state.options.card(c)
        pile = state.pile(card.deck)
        state = state.with_pile(card.deck, replace(pile, discard=pile.discard + (c,)))
    return state


def available(pile: Pile) -> int:
    return pile.draw_size + len(pile.discard)


def cards_to_draw(state: State) -> int:
    return sum(available(p) for _, p in state.piles)


def reshuffle_seed(seed: int, shuffles: int) -> int:
    return (seed * 1_000_003 + shuffles + 1) % (2**63)


def reshuffle(state: State, deck: str) -> State:
    """An empty draw pile takes its shuffled discards (digital: the pinned shuffle; table: unknown order)."""
    pile = state.pile(deck)
    if state.seed is not None and pile.draw is not None:
        order = Rng(reshuffle_seed(state.seed, state.shuffles)).shuffled(list(pile.discard))
        new = Pile(draw=tuple(order), draw_size=len(order), discard=())
    else:
        new = Pile(draw=None, draw_size=len(pile.discard), discard=())
    return replace(state.with_pile(deck, new), shuffles=state.shuffles + 1)


def renew_empty_piles(state: State) -> tuple[State, list[str]]:
    """A draw pile that has run out takes its discards at once (option ``reshuffle``: ``when_empty``); the
    decks renewed, in deck order."""
    if state.options.reshuffle != "when_empty":
        return state, []
    renewed = []
    for deck, pile in state.piles:
        if pile.draw_size == 0 and pile.discard:
            state = reshuffle(state, deck)
            renewed.append(deck)
    return state, renewed


def unrevealed_top(state: State) -> str | None:
    """At a real table, the first deck whose pile shows a top card the state does not know yet."""
    if state.options.chance != "table":
        return None
    for deck, pile in state.piles:
        if pile.draw is None and pile.top is None and pile.draw_size > 0:
            return deck
    return None


def take_top(state: State, deck: str) -> tuple[State, str | None]:
    """Take the face-up top card (None when it is unknown: a reveal is needed)."""
    pile = state.pile(deck)
    if pile.draw is None and pile.top is not None and pile.draw_size > 0:
        return state.with_pile(deck, Pile(draw=None, draw_size=pile.draw_size - 1, discard=pile.discard)), pile.top
    if pile.draw is None or not pile.draw:
        return state, None
    card = pile.draw[0]
    return state.with_pile(deck, Pile(draw=pile.draw[1:], draw_size=len(pile.draw) - 1, discard=pile.discard)), card
