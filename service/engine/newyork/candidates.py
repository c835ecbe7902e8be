"""The moves worth checking for ``legal-moves``: every legal move is among them, and the move checks decide.

Cards of one bank and value are interchangeable, so a buy is listed once per minimal payment."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import combinations

from ..kit import RuleBook
from .city import CityIndex, IndexCache, legal_cells, neighbours
from .data import Edition
from .hidden import revealer, unseen_money, unseen_scoring_cards, unseen_tile_ids
from .state import MONEY_DRAWS, Card, Move, State, Tile

Moves = Iterator[Move]


def city_index(state: State, who: int, cache: IndexCache) -> CityIndex:
    """The player's city prepared for many questions, shared through ``cache`` by one state's candidates."""
    if who not in cache:
        cache[who] = CityIndex(state.players[who].city)
    return cache[who]


def candidates(
    state: State,
    cache: IndexCache,
    book: RuleBook,
    edition: Edition,
    player: str | None = None,
    move_type: str | None = None,
) -> Moves:
    """Moves worth checking, of one player or one type when given (a superset of the legal ones;
    ``violations`` decides). Nothing in a finished game or a view hiding some hand."""
    if state.phase == "over" or any(p.money is None for p in state.players):
        return
    for move in _candidates(state, cache, book, edition):
        if (player is None or move.player == player) and (move_type is None or move.type == move_type):
            yield move


def _candidates(state: State, cache: IndexCache, book: RuleBook, edition: Edition) -> Moves:
    if state.pending is not None:
        yield from _reveal_candidates(state, edition)
        return
    if state.phase == "final_placement":
        for who in range(len(state.players)):
            yield from _placement_candidates(state, who, True, cache, book)
        return
    if state.current is None:
        return
    who = state.current
    if state.phase == "placement":
        yield from _placement_candidates(state, who, False, cache, book)
    elif state.phase == "actions":
        yield from action_candidates(state, who, cache, book, edition)


def _reveal_candidates(state: State, edition: Edition) -> Moves:
    """Each draw the table could make: at most 36 distinct money cards and a scoring card, or 54 tiles."""
    seat = revealer(state)
    assert seat is not None and state.pending is not None
    pid = state.players[seat].id
    if state.pending.kind in MONEY_DRAWS:
        scoring = unseen_scoring_cards(state) if state.phase != "setup" else []
        if scoring:
            yield Move("reveal", pid, card=scoring[0])
        for card in sorted(unseen_money(state, edition)):
            yield Move("reveal", pid, card=card)
    else:
        for tile_id in sorted(unseen_tile_ids(state, edition)):
            yield Move("reveal", pid, tile=tile_id)


def _distinct(tiles: Iterable[Tile]) -> Iterator[Tile]:
    seen = set()
    for tile in tiles:
        if tile.id not in seen:
            seen.add(tile.id)
            yield tile


def _placement_candidates(state: State, who: int, final: bool, cache: IndexCache, book: RuleBook) -> Moves:
    p = state.players[who]
    if not p.to_place:  # nothing to place (most players in the final placement): no city to prepare
        return
    index = city_index(state, who, cache)
    for tile in _distinct(p.to_place):
        for x, y in legal_cells(index, tile, book):
            yield Move("place", p.id, tile=tile.id, x=x, y=y)
        yield Move("reserve", p.id, tile=tile.id)
        if not final and state.dummy is not None:
            yield Move("give_dummy", p.id, tile=tile.id)


def action_candidates(state: State, who: int, cache: IndexCache, book: RuleBook, edition: Edition) -> Moves:
    """Taking money, buying, rebuilding, then ending the turn: a face-up money card comes first."""
    p = state.players[who]
    filled = [i for i, c in enumerate(state.money_market) if c is not None]
    for size in range(1, len(filled) + 1):
        for slots in combinations(filled, size):
            yield Move("take_money", p.id, slots=slots)
    for bank_index, tile in enumerate(state.market):
        if tile is None:
            continue
        bank = edition.banks[bank_index]
        hand = [c for c in p.money or () if c.bank == bank]
        for payment in minimal_payments(hand, tile.cost or 0):
            yield Move("buy", p.id, slot=bank, cards=payment)
    yield from _rebuild_candidates(state, who, cache, book)
    yield Move("end_turn", p.id)


def _rebuild_candidates(state: State, who: int, cache: IndexCache, book: RuleBook) -> Moves:
    p = state.players[who]
    index = city_index(state, who, cache)
    reserve = list(_distinct(p.reserve))
    for tile in reserve:
        for x, y in legal_cells(index, tile, book):
            yield Move("rebuild_place", p.id, tile=tile.id, x=x, y=y)
    for placed in p.city:
        yield Move("rebuild_remove", p.id, x=placed.x, y=placed.y)
        touching = [e for e, cell in neighbours(placed.x, placed.y) if cell in index.grid]
        for tile in reserve:
            # a swap keeps every touching edge as it was (else an edge cannot match): skip the rest
            if all((e in tile.streets) == (e in placed.tile.streets) for e in touching):
                yield Move("rebuild_swap", p.id, tile=tile.id, x=placed.x, y=placed.y)


MAX_PAYMENTS_PER_SLOT = 104  # all 27 cards of one bank against the dearest tile (13): see minimal_payments


def minimal_payments(hand: list[Card], cost: int) -> list[tuple[Card, ...]]:
    """The minimal payments of ``cost`` from ``hand`` (one bank's cards): no card can be dropped.

    Cards of one bank and value are interchangeable, so each multiset of values is listed once. Every
    sufficient payment holds a minimal one, so this list stands for them all. A minimal payment sums
    to less than ``cost`` plus its smallest card, so the count is bounded by the hand of all 27 cards
    of a bank against the dearest tile: ``MAX_PAYMENTS_PER_SLOT``.
    """
    values = sorted(Counter(c.value for c in hand).items(), reverse=True)
    card_of = {c.value: c for c in hand}  # one bank's cards: a value names its card
    out: list[tuple[Card, ...]] = []

    def walk(k: int, chosen: list[int], total: int) -> None:
        if total >= cost:  # values go down, so the last card chosen is the smallest
            if chosen and total - chosen[-1] < cost:
                out.append(tuple(map(card_of.__getitem__, reversed(chosen))))  # from the smallest up
            return
        if k == len(values):
            return
        value, have = values[k]
        for n in range(have + 1):
            walk(k + 1, chosen + [value] * n, total + value * n)

    walk(0, [], 0)
    return out
