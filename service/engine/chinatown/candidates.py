"""The moves worth checking for ``legal-moves``: every legal move is among them (trades aside, which are
never listed), and the move checks keep those that pass."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .data import SHOP_TYPES, cards_kept
from .hidden import Unseen, UnseenOf, unseen
from .state import EndTrading, EndTurn, Keep, Move, Place, Reveal, State, next_undone


def candidates(state: State, unseen_of: UnseenOf = unseen) -> Iterator[Move]:
    """The moves worth checking: every legal move is among them, except that trades are never listed
    (there are too many possible deals; any proposed one is checked) and reveals are listed one card or
    tile at a time."""
    if state.phase == "end":
        return
    if state.pending is not None:
        yield from reveal_candidates(state, unseen_of(state))
    elif state.phase == "keep":
        yield from keep_candidates(state)
    elif state.phase == "trade":
        yield from (EndTrading(pid) for pid in state.ids if pid not in state.done)
    elif state.phase == "place":
        yield from place_candidates(state)


def keep_candidates(state: State) -> Iterator[Move]:
    want = cards_kept(len(state.players), state.round)
    for p in state.players:
        if p.id not in state.done:
            for lots in combinations(sorted(p.hand or ()), want):
                yield Keep(p.id, lots)


def place_candidates(state: State) -> Iterator[Move]:
    pid = next_undone(state)
    assert pid is not None, "a consistent state in the place phase has a player to place"
    player = state.seated(pid)
    empty = [lot for lot, cell in state.board.items() if cell.owner == pid and cell.shop is None]
    for lot in sorted(empty):
        for shop, _ in player.tiles:
            yield Place(pid, lot, shop)
    yield EndTurn(pid)


def reveal_candidates(state: State, left: Unseen) -> Iterator[Move]:
    """One card or one tile at a time: every card that can still be in the deck, every shop type the
    bag can still give (at most 85 or 12 moves; a reveal of several at once is checked, not listed)."""
    pending = state.pending
    assert pending is not None
    if pending.kind == "deal":
        yield from (Reveal(pending.player, lots=(lot,)) for lot in sorted(left.deck))
    else:
        yield from (Reveal(pending.player, tiles=(shop,)) for shop in SHOP_TYPES if left.bag.get(shop, 0) > 0)
