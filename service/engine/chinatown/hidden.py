"""What a player cannot see and what may still come up: a player's view of the state, the cards and
tiles that can still be in the deck and bag, and what the table must reveal next when their order is
unknown.

The reveal checks and candidates need what may still be in the deck and bag (``Unseen``); the engine
passes ``unseen_of``, which keeps it per state in its ``StateMemo``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from .data import LOTS, MAX_PLAYERS, MIN_PLAYERS, TILE_COUNTS, cards_dealt, tiles_drawn
from .state import Pending, State, next_undone


@dataclass(frozen=True)
class Unseen:
    """What may still be in the deck and the bag (public knowledge): the cards neither claimed nor in a
    hand, and each tile type's count less the placed and held tiles."""

    deck: frozenset[int]
    bag: Mapping[str, int]


def unseen(state: State) -> Unseen:
    return Unseen(frozenset(deck_contents(state)), MappingProxyType(dict(bag_contents(state))))


UnseenOf = Callable[[State], Unseen]


def deck_contents(state: State) -> set[int]:
    """The cards that can be in the deck: neither claimed nor in a hand (public knowledge)."""
    taken = {lot for lot, _ in state.board.items()}
    for p in state.players:
        taken.update(p.hand or ())
    return set(LOTS) - taken


def bag_contents(state: State) -> Counter[str]:
    """How many tiles of each type can still be in the bag: all tiles less the placed and held ones."""
    left = Counter(TILE_COUNTS)
    for p in state.players:
        for shop, count in p.tiles:
            left[shop] -= count
    for _, cell in state.board.items():
        if cell.shop is not None:
            left[cell.shop] -= 1
    return left


def expected_pending(state: State) -> Pending | None:
    """What the table must reveal next: only in the deal or draw phase with the order unknown. A deal or
    draw may be revealed a card or tile at a time; the count is what is still due to the next player."""
    n = len(state.players)
    if n not in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        return None
    nxt = next_undone(state)
    if nxt is None:
        return None
    if state.phase == "deal" and state.deck is None:
        return Pending("deal", nxt, cards_dealt(n, state.round) - len(state.seated(nxt).hand or ()))
    if state.phase == "draw" and state.bag is None:
        return Pending("draw", nxt, tiles_drawn(n, state.round) - tiles_revealed_so_far(state))
    return None


def tiles_in_play(state: State) -> int:
    """Tiles out of the bag: on the board or in the players' supplies."""
    built = sum(1 for _, cell in state.board.items() if cell.shop is not None)
    return built + sum(count for p in state.players for _, count in p.tiles)


def tiles_revealed_so_far(state: State) -> int:
    """Tiles the next player has drawn so far this year, in a draw being revealed at the table."""
    return tiles_in_play(state) - drawn_so_far(state)


def drawn_so_far(state: State) -> int:
    """Tiles drawn by all players so far (placed or in supplies)."""
    n = len(state.players)
    total = n * sum(tiles_drawn(n, r) for r in range(1, state.round))
    if state.phase == "draw":
        total += len(set(state.done) & set(state.ids)) * tiles_drawn(n, state.round)
    elif state.phase in ("trade", "place", "end"):
        total += n * tiles_drawn(n, state.round)
    return total


def view(state: State, player: str) -> State:
    """What ``player`` may see: others' money and hands hidden, no hidden orders."""
    players = tuple(p if p.id == player else replace(p, money=None, hand=None) for p in state.players)
    return replace(state, players=players, deck=None, bag=None, shuffle_seed=None)
