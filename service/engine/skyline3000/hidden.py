"""What a player cannot see, and what may still come up at a real table.

At a real table or in a view, some hands and draw piles are ``None`` with a public size. A card that is
in no known place is *unknown*: it lies in a hidden hand or a hidden draw pile of its deck. The pool must
fill the hidden places exactly, and each hidden draw pile only with cards of its own deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..kit import replace
from .state import Player, State


def view_state(state: State, player: str | None) -> State:
    """What ``player`` may see: others' hands and sealed bids hidden (sizes public), every hidden order gone."""
    players = tuple(p if p.id == player else replace(p, hand=None) for p in state.players)
    piles = tuple((d, replace(p, draw=None)) for d, p in state.piles)
    auction = state.auction
    if auction is not None:
        auction = replace(auction, sealed=tuple((pid, bid if pid == player else None) for pid, bid in auction.sealed))
    return replace(state, players=players, piles=piles, auction=auction, seed=None)


def known_places(state: State) -> dict[str, list[tuple[Any, ...]]]:
    """card id -> every known place naming it, as JSON-pointer tokens (more than one place is an inconsistency).
    Tokens, not pointers: this runs on every validation, and only a violation needs the pointer."""
    places: dict[str, list[tuple[Any, ...]]] = {}
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
    known: set[str] = set()
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
    per_deck = Counter(state.options.known_card(c).deck for c in pool)
    used = Counter(state.options.known_card(c).deck for c in wanted)
    for deck, size in hidden_draw_sizes(state).items():
        if per_deck[deck] - used[deck] < size:
            return False
    return True


def holds(state: State, player: Player, cards: Iterable[str]) -> bool:
    wanted = list(cards)
    if player.hand is None:
        return hidden_hand_can_hold(state, player, wanted)
    return all(c in player.hand for c in wanted) and len(set(wanted)) == len(wanted)


def unrevealed_top(state: State) -> str | None:
    """At a real table, the first deck whose pile shows a top card the state does not know yet."""
    if state.options.chance != "table":
        return None
    for deck, pile in state.piles:
        if pile.draw is None and pile.top is None and pile.draw_size > 0:
            return deck
    return None
