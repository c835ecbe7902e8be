"""The moves worth checking for ``legal-moves``: every legal move is among them or in a listed move's family
(``state.FAMILIES``); ``legal-moves`` keeps those the move checks pass."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from itertools import product
from typing import Any

from . import data, factory, hidden
from .state import Move, Pending, Player, State


def candidates(state: State, player: str | None = None, move_type: str | None = None) -> Iterator[Move]:
    """Moves worth checking now, optionally of one player or type: every legal move is among them or in a
    listed move's family. A lazy generator, so a caller that stops early pays only for what it took."""
    if state.phase == "over":
        return
    found: Iterable[Move]
    if state.pending is not None:
        found = _reveal_candidates(state, state.pending)
    else:
        maker = CANDIDATES.get(state.phase)
        found = maker(state, player) if maker else ()
    for m in found:
        if (move_type is None or m.type == move_type) and (player is None or m.player == player):
            yield m


def _hand_candidates(state: State, p: Player) -> list[str]:
    if p.hand is not None:
        return list(p.hand)
    if p.hand_size <= 0:
        return []
    return hidden.unknown_cards(state)


def twins_apart(indices: Iterable[int], kind_of: Callable[[int], Hashable], keep: int) -> list[int]:
    """The first ``keep`` indices of each kind (``kind_of(i)``): buildings of one kind are interchangeable,
    so a listing names the lowest-numbered ones and any other of the same kind is as legal."""
    seen: dict[Hashable, int] = {}
    out = []
    for i in indices:
        k = kind_of(i)
        if seen.get(k, 0) < keep:
            seen[k] = seen.get(k, 0) + 1
            out.append(i)
    return out


def distinct_floor_placements(p: Player) -> list[tuple[int, ...]]:
    """Every placement of a Floor card's floors with a distinct outcome: unfinished buildings of one height
    are interchangeable, so only the first two of each height are named (two, so that one floor each on two
    of them stays listed). At most 2 x 13 + 1 targets: 90 floors make at most 12 distinct heights."""
    n = len(p.factory)
    unfinished = twins_apart((i for i, b in enumerate(p.factory) if b.roof is None), lambda i: p.factory[i].floors, 2)
    seen = set()
    out = []
    for pair in factory.floor_placements_over(unfinished, n):
        outcome = tuple(sorted((p.factory[t].floors if t < n else 0, pair.count(t)) for t in set(pair)))
        if outcome not in seen:
            seen.add(outcome)
            out.append(pair)
    return out


def _construction_candidates(state: State, player: str | None) -> Iterator[Move]:
    p = state.player(state.turn) if state.turn else None
    if p is None or (player is not None and player != p.id):
        return
    yield Move("pass", p.id)
    placements = distinct_floor_placements(p)
    unfinished = twins_apart((i for i, b in enumerate(p.factory) if b.roof is None), lambda i: p.factory[i].floors, 1)
    finished = twins_apart(
        (i for i, b in enumerate(p.factory) if b.roof is not None),
        lambda i: (p.factory[i].floors, p.factory[i].roof),
        1,
    )
    for c in _hand_candidates(state, p):
        spec = state.options.card(c)
        if spec is None:
            continue
        yield Move("discard", p.id, card=c)
        if spec.deck == "floor":
            for targets in placements:
                yield Move("floor", p.id, card=c, buildings=targets)
        elif spec.deck == "roof":
            for i in unfinished:
                for r in data.ROOFS:
                    yield Move("roof", p.id, card=c, building=i, roof=r)
        else:
            yield from _contract_candidates(state, p.id, c, spec.district or "", finished)
    if p.billboards > 0:
        for b, _ in state.blocks:
            yield Move("billboard", p.id, block=b, target="empty")


def _contract_candidates(state: State, pid: str, card: str, district: str, finished: list[int]) -> Iterator[Move]:
    """A Contract card's moves: each kind of finished building into each block of its district, onto an
    empty platform or onto one of the player's own billboards there."""
    for i in finished:
        for b in data.DISTRICT_BLOCKS.get(district, ()):
            yield Move("contract", pid, card=card, building=i, block=b, target="empty")
            if pid in state.block_at(b).billboards:
                yield Move("contract", pid, card=card, building=i, block=b, target="billboard")


def card_kind(state: State, card: str) -> tuple[Any, ...]:
    """What a card is, all that counts about it: two cards of one deck, value and district are interchangeable."""
    spec = state.options.card(card)
    return (spec.deck, spec.value, spec.district) if spec else (card,)


def distinct_piles(state: State, hand: tuple[str, ...]) -> list[tuple[str, ...]] | None:
    """Every distinct pile of a known hand, fewest cards first, cards of one kind interchangeable (a pile
    names the hand's first cards of each kind); None when there are more than data.BID_LIST_LIMIT."""
    kinds: dict[tuple[Any, ...], list[str]] = {}
    for c in hand:
        kinds.setdefault(card_kind(state, c), []).append(c)
    count = 1
    for same in kinds.values():
        count *= len(same) + 1
    if count > data.BID_LIST_LIMIT:
        return None
    groups = list(kinds.values())
    piles = [
        tuple(c for same, k in zip(groups, taken) for c in same[:k])
        for taken in product(*(range(len(same) + 1) for same in groups))
    ]
    return sorted(piles, key=len)


def bid_candidates(state: State, p: Player) -> Iterator[Move]:
    """A player's piles: every distinct pile of a small hand; the empty pile and one family otherwise."""
    if p.hand is None:
        yield Move("bid", p.id, cards=(), family="unknown_hand")
        return
    piles = distinct_piles(state, p.hand)
    if piles is None:
        yield Move("bid", p.id, cards=())
        yield Move("bid", p.id, cards=tuple(p.hand), family="subsets")
        return
    for pile in piles:
        yield Move("bid", p.id, cards=pile)


def _auction_candidates(state: State, player: str | None) -> Iterator[Move]:
    for p in state.players:
        laid, _ = state.auction.sealed_of(p.id) if state.auction else (False, None)
        if laid or (player is not None and player != p.id):
            continue
        yield from bid_candidates(state, p)
    if state.options.chance == "table" and state.auction is not None and not state.auction.sealed:
        if player is None or player == state.key:
            yield Move("bids", state.key, piles=tuple((p.id, ()) for p in state.players), family="piles")


def _develop_candidates(state: State, player: str | None) -> Iterator[Move]:
    if state.award is None:
        return
    for b, _ in state.blocks:
        yield Move("develop", state.award.player, block=b)


def _draw_candidates(state: State, player: str | None) -> Iterator[Move]:
    if state.turn is None:
        return
    for d in data.DECKS:
        yield Move("draw", state.turn, pile=d)
    yield Move("stop", state.turn)


def _reveal_candidates(state: State, pending: Pending) -> Iterator[Move]:
    """The cards the pending reveal may name: the known top, else every card of the pile's deck in no
    known place (at most the deck's size)."""
    top = state.pile(pending.pile).top
    if top is not None:
        yield Move("reveal", pending.player, card=top)
        return
    for c in hidden.unknown_cards(state):
        if state.options.known_card(c).deck == pending.pile:
            yield Move("reveal", pending.player, card=c)


CANDIDATES = {
    "construction": _construction_candidates,
    "auction": _auction_candidates,
    "develop": _develop_candidates,
    "draw": _draw_candidates,
}
