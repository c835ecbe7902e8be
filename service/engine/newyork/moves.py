"""Moves: one set of checks (``violations``) shared by ``legal_moves`` and ``apply``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

from ..core import NULL_MEMO, Event, Memo, Outcome, Violation
from ..kit import N_, NOT_YOUR_TURN, awaited_text, pointer
from .city import CityIndex, legal_cells, neighbours, placement_violations, removal_violations, swap_violations
from .codes import BOOK
from .data import BANKS, TAKE_LIMIT, catalogue_tile
from .pool import unseen_money, unseen_scoring_cards, unseen_tile_ids
from .state import Card, Move, Placed, State, Tile, player_index, with_player
from .turns import (
    advance,
    deal,
    finish_if_placed,
    reveal_dummy_tile,
    reveal_market_tile,
    reveal_money,
    reveal_starting_money,
    revealer,
)

ACTIONS = ("take_money", "buy", "rebuild_place", "rebuild_remove", "rebuild_swap", "end_turn")
PLACEMENTS = ("place", "reserve", "give_dummy")
MOVE_TYPES = ACTIONS + PLACEMENTS + ("reveal",)
MONEY_DRAWS = ("money_card", "starting_money")
CITY_MOVES = frozenset(("rebuild_place", "rebuild_remove", "rebuild_swap", "end_turn", "place"))  # ask a city


# --- the checks ------------------------------------------------------------------------------------


def violations(state: State, move: Move, index_cache: dict | None = None) -> list[Violation]:
    """Every rule ``move`` breaks in ``state`` (the state itself is assumed consistent)."""
    if move.type not in MOVE_TYPES:
        return [BOOK.violation("turn.wrong_phase", "Unknown move type {type}.", "/move/type", type=repr(move.type))]
    who = player_index(state, move.player)
    if who is None:
        return [BOOK.violation("turn.unknown_player", "That player is not in this game.", "/move/player")]
    if state.phase == "over":
        return [BOOK.violation("turn.game_over", "The game is over.", "/move/type")]
    if any(p.money is None for p in state.players):
        return [
            BOOK.violation(
                "state.hidden_money",
                "Some player's money is hidden in this state (a view); play needs every hand.",
                "/state/players",
            )
        ]
    if state.pending is not None and move.type != "reveal":
        turn = [BOOK.violation("turn.pending_reveal", "A draw must be revealed before play goes on.", "/move/type")]
    else:
        turn = _turn_violations(state, move, who)
    if move.type == "reveal" and state.pending is None:
        return turn
    # the move's own checks too: every broken rule is reported, not only the first
    return turn + CHECKS[move.type](state, move, who, index_cache if index_cache is not None else {})


def _turn_violations(state: State, move: Move, who: int) -> list[Violation]:
    if move.type == "reveal":
        if state.pending is None:
            return [BOOK.violation("reveal.not_pending", "Nothing is waiting to be revealed.", "/move/type")]
        if who != revealer(state):
            return [_not_your_turn(state, move, revealer(state))]
        return []
    if state.phase == "final_placement":
        if move.type not in ("place", "reserve"):
            return [
                BOOK.violation(
                    "turn.wrong_phase", "At the end only awarded tiles are placed or reserved.", "/move/type"
                )
            ]
        return []
    if who != state.current:
        return [_not_your_turn(state, move)]
    if state.phase == "actions" and move.type in PLACEMENTS:
        return [BOOK.violation("turn.wrong_phase", "Bought tiles are placed after the turn's actions.", "/move/type")]
    if state.phase == "placement" and move.type in ACTIONS:
        return [
            BOOK.violation("turn.wrong_phase", "The turn's actions are over; place the bought tiles.", "/move/type")
        ]
    if state.phase not in ("actions", "placement"):
        return [BOOK.violation("turn.wrong_phase", "No move fits this phase.", "/move/type")]
    return []


def _not_your_turn(state: State, move: Move, awaited: int | None = None) -> Violation:
    seat = state.current if awaited is None else awaited
    return BOOK.violation(
        "turn.not_your_turn",
        NOT_YOUR_TURN,
        "/move/player",
        player=move.player,
        awaited=awaited_text([state.players[seat].id]),
    )


def _index(state: State, who: int, cache: dict) -> CityIndex:
    if who not in cache:
        cache[who] = CityIndex(state.players[who].city)
    return cache[who]


def _take_money(state: State, move: Move, who: int, cache) -> list[Violation]:
    out = []
    if not move.slots:
        return [BOOK.violation("money.no_slots", "Name at least one money slot.", "/move/slots")]
    if len(set(move.slots)) != len(move.slots):
        out.append(BOOK.violation("money.duplicate_slot", "A money slot is named twice.", "/move/slots"))
    total = 0
    for k, slot in enumerate(move.slots):
        card = state.money_market[slot] if 0 <= slot < len(state.money_market) else None
        if card is None:
            out.append(
                BOOK.violation(
                    "money.empty_slot", "Money slot {slot} holds no card.", pointer("move", "slots", k), slot=slot
                )
            )
        else:
            total += card.value
    if len(move.slots) > 1 and total > TAKE_LIMIT:
        out.append(
            BOOK.violation(
                "money.over_five",
                "Several cards may be taken only when they sum to at most {limit} (these sum to {total}).",
                "/move/slots",
                limit=TAKE_LIMIT,
                total=total,
            )
        )
    return out


def _buy(state: State, move: Move, who: int, cache) -> list[Violation]:
    bank = BANKS.index(move.slot) if move.slot in BANKS else -1
    tile = state.market[bank] if bank >= 0 else None
    out = []
    if tile is None:
        out.append(
            BOOK.violation("buy.empty_slot", "The {slot} market slot holds no tile.", "/move/slot", slot=move.slot)
        )
    if not move.cards:
        return out + [BOOK.violation("buy.no_cards", "A purchase needs at least one card.", "/move/cards")]
    for k, card in enumerate(move.cards):
        if card.bank != move.slot:
            out.append(
                BOOK.violation(
                    "buy.wrong_bank",
                    "The {slot} slot is paid in {slot} money, not {bank}.",
                    pointer("move", "cards", k),
                    slot=move.slot,
                    bank=card.bank,
                )
            )
    missing = Counter(move.cards) - Counter(state.players[who].money or ())
    if missing:
        out.append(BOOK.violation("buy.not_in_hand", "The player does not hold all the cards offered.", "/move/cards"))
    if tile is not None and tile.cost is not None:
        paid = sum(c.value for c in move.cards)
        if paid < tile.cost:
            out.append(
                BOOK.violation(
                    "buy.underpaid",
                    "The tile costs {cost}; the cards add up to {paid}.",
                    "/move/cards",
                    cost=tile.cost,
                    paid=paid,
                )
            )
        elif not state.options.allow_surplus_cards and paid - min(c.value for c in move.cards) >= tile.cost:
            out.append(
                BOOK.violation(
                    "buy.surplus_card", "The price is met without one of these cards; leave it out.", "/move/cards"
                )
            )
    return out


def _reserve_tile(state: State, move: Move, who: int) -> tuple[Tile | None, list[Violation]]:
    for tile in state.players[who].reserve:
        if tile.id == move.tile:
            return tile, []
    return None, [
        BOOK.violation("rebuild.not_in_reserve", "Tile {tile} is not in the reserve.", "/move/tile", tile=move.tile)
    ]


def _to_place_tile(state: State, move: Move, who: int) -> tuple[Tile | None, list[Violation]]:
    for tile in state.players[who].to_place:
        if tile.id == move.tile:
            return tile, []
    return None, [
        BOOK.violation(
            "placement.not_to_place", "Tile {tile} is not waiting to be placed.", "/move/tile", tile=move.tile
        )
    ]


def _rebuild_place(state: State, move: Move, who: int, cache) -> list[Violation]:
    tile, out = _reserve_tile(state, move, who)
    if tile is None:
        return out
    return placement_violations(_index(state, who, cache), tile, move.x, move.y, "/move", move.rotation)


def _rebuild_remove(state: State, move: Move, who: int, cache) -> list[Violation]:
    return removal_violations(_index(state, who, cache), move.x, move.y, "/move")


def _rebuild_swap(state: State, move: Move, who: int, cache) -> list[Violation]:
    tile, out = _reserve_tile(state, move, who)
    if tile is None:
        return out
    return swap_violations(_index(state, who, cache), tile, move.x, move.y, "/move", move.rotation)


def _end_turn(state: State, move: Move, who: int, cache) -> list[Violation]:
    """Ending the actions without one: only when none is possible (or by the older readings' options)."""
    bought = bool(state.players[who].to_place)
    if state.options.extra_action_optional and bought:
        return []
    if state.options.stalled_turn == "no_money_face_up":
        stalled = all(c is None for c in state.money_market)
    else:
        stalled = not action_possible(state, who, cache)
    if stalled:
        return []
    if bought:
        text = N_("The exact payment earned another action and one is possible: take money, buy or rebuild.")
    else:
        text = N_("The turn's action is still to be taken (take money, buy or rebuild): one is possible.")
    return [BOOK.violation("turn.cannot_end", text, "/move/type")]


def action_possible(state: State, who: int, cache: dict) -> bool:
    """Can the player take money, buy or rebuild now? The listing's own candidates and checks decide,
    stopping at the first legal one (a face-up money card is the first candidate)."""
    return any(
        m.type != "end_turn" and not CHECKS[m.type](state, m, who, cache) for m in _action_candidates(state, who, cache)
    )


def _place(state: State, move: Move, who: int, cache) -> list[Violation]:
    tile, out = _to_place_tile(state, move, who)
    if tile is None:
        return out
    return placement_violations(_index(state, who, cache), tile, move.x, move.y, "/move", move.rotation)


def _reserve(state: State, move: Move, who: int, cache) -> list[Violation]:
    return _to_place_tile(state, move, who)[1]


def _give_dummy(state: State, move: Move, who: int, cache) -> list[Violation]:
    out = _to_place_tile(state, move, who)[1]
    if state.dummy is None or len(state.players) != 2:
        out.append(BOOK.violation("placement.no_dummy", "Only the 2-player game has a dummy.", "/move/type"))
    return out


def _reveal(state: State, move: Move, who: int, cache) -> list[Violation]:
    pending = state.pending
    if pending.kind in MONEY_DRAWS:
        if move.card is None:
            return [BOOK.violation("reveal.wrong_kind", "A money card is to be revealed.", "/move/card")]
        if isinstance(move.card, str) and state.phase == "setup":
            return [
                BOOK.violation(
                    "reveal.impossible", "The scoring cards go into the deck only after the deal.", "/move/card"
                )
            ]
        if isinstance(move.card, str):
            unseen = unseen_scoring_cards(state)
            if move.card not in unseen:
                return [
                    BOOK.violation("reveal.impossible", "That scoring card is no longer in the deck.", "/move/card")
                ]
            if move.card != unseen[0]:
                return [BOOK.violation("reveal.out_of_order", "Scoring card A comes before B.", "/move/card")]
            return []
        if unseen_money(state)[move.card] <= 0:
            return [BOOK.violation("reveal.impossible", "That money card cannot still be in the deck.", "/move/card")]
        return []
    if move.tile is None:
        return [BOOK.violation("reveal.wrong_kind", "A tile is to be revealed.", "/move/tile")]
    if move.tile not in unseen_tile_ids(state):
        return [BOOK.violation("reveal.impossible", "That tile cannot still be in the bag.", "/move/tile")]
    return []


CHECKS: dict[str, Callable[..., list[Violation]]] = {
    "take_money": _take_money,
    "buy": _buy,
    "rebuild_place": _rebuild_place,
    "rebuild_remove": _rebuild_remove,
    "rebuild_swap": _rebuild_swap,
    "end_turn": _end_turn,
    "place": _place,
    "reserve": _reserve,
    "give_dummy": _give_dummy,
    "reveal": _reveal,
}


# --- applying ---------------------------------------------------------------------------------------


def effects(state: State, move: Move, memo: Memo = NULL_MEMO) -> Outcome:
    """The outcome of a move that broke no rule."""
    events: list[Event] = []
    state = EFFECTS[move.type](state, move, player_index(state, move.player), events, memo)
    return Outcome(legal=True, state=state, events=tuple(events))


def _end_actions(state: State, events, memo) -> State:
    if state.players[state.current].to_place:
        return replace(state, phase="placement")
    return advance(replace(state, phase="refill"), events, memo)


def _do_take_money(state, move, who, events, memo):
    taken = [state.money_market[s] for s in move.slots]
    market = tuple(None if i in move.slots else c for i, c in enumerate(state.money_market))
    player = state.players[who]
    state = with_player(
        replace(state, money_market=market), who, replace(player, money=tuple(sorted(player.money + tuple(taken))))
    )
    return _end_actions(state, events, memo)


def _do_buy(state, move, who, events, memo):
    bank = BANKS.index(move.slot)
    tile = state.market[bank]
    player = state.players[who]
    hand = Counter(player.money)
    hand.subtract(move.cards)
    money = tuple(sorted(hand.elements()))
    market = tuple(None if i == bank else t for i, t in enumerate(state.market))
    state = replace(state, market=market, discard=state.discard + tuple(move.cards))
    state = with_player(state, who, replace(player, money=money, to_place=player.to_place + (tile,)))
    exact = sum(c.value for c in move.cards) == tile.cost
    events.append(Event("bought", {"player": player.id, "tile": tile.id, "exact": exact}))
    return state if exact else _end_actions(state, events, memo)


def _without(tiles: tuple[Tile, ...], tile_id: int) -> tuple[Tile, ...]:
    k = next(i for i, t in enumerate(tiles) if t.id == tile_id)
    return tiles[:k] + tiles[k + 1 :]


def _find(tiles, tile_id) -> Tile:
    return next(t for t in tiles if t.id == tile_id)


def _do_rebuild_place(state, move, who, events, memo):
    p = state.players[who]
    tile = _find(p.reserve, move.tile)
    p = replace(p, reserve=_without(p.reserve, move.tile), city=p.city + (Placed(move.x, move.y, tile),))
    return _end_actions(with_player(state, who, p), events, memo)


def _do_rebuild_remove(state, move, who, events, memo):
    p = state.players[who]
    k = next(i for i, c in enumerate(p.city) if (c.x, c.y) == (move.x, move.y))
    p = replace(p, city=p.city[:k] + p.city[k + 1 :], reserve=p.reserve + (p.city[k].tile,))
    return _end_actions(with_player(state, who, p), events, memo)


def _do_rebuild_swap(state, move, who, events, memo):
    p = state.players[who]
    tile = _find(p.reserve, move.tile)
    k = next(i for i, c in enumerate(p.city) if (c.x, c.y) == (move.x, move.y))
    city = p.city[:k] + (Placed(move.x, move.y, tile),) + p.city[k + 1 :]
    p = replace(p, city=city, reserve=_without(p.reserve, move.tile) + (p.city[k].tile,))
    return _end_actions(with_player(state, who, p), events, memo)


def _do_end_turn(state, move, who, events, memo):
    return _end_actions(state, events, memo)


def _after_placement(state, events, memo):
    if state.phase == "final_placement":
        return finish_if_placed(state, events, memo)
    if state.players[state.current].to_place:
        return state
    return advance(replace(state, phase="refill"), events, memo)


def _do_place(state, move, who, events, memo):
    p = state.players[who]
    tile = _find(p.to_place, move.tile)
    p = replace(p, to_place=_without(p.to_place, move.tile), city=p.city + (Placed(move.x, move.y, tile),))
    return _after_placement(with_player(state, who, p), events, memo)


def _do_reserve(state, move, who, events, memo):
    p = state.players[who]
    tile = _find(p.to_place, move.tile)
    p = replace(p, to_place=_without(p.to_place, move.tile), reserve=p.reserve + (tile,))
    return _after_placement(with_player(state, who, p), events, memo)


def _do_give_dummy(state, move, who, events, memo):
    p = state.players[who]
    tile = _find(p.to_place, move.tile)
    p = replace(p, to_place=_without(p.to_place, move.tile))
    dummy = replace(state.dummy, tiles=(state.dummy.tiles or ()) + (tile,))
    return _after_placement(replace(with_player(state, who, p), dummy=dummy), events, memo)


def _do_reveal(state, move, who, events, memo):
    pending = state.pending
    state = replace(state, pending=None)
    if pending.kind == "starting_money":
        state = reveal_starting_money(state, pending.slot, move.card, events)
    elif pending.kind == "money_card":
        state = reveal_money(state, pending.slot, move.card, events, memo)
    elif pending.kind == "market_tile":
        tile = catalogue_tile(state.options.type_tiers, move.tile)
        state = reveal_market_tile(state, BANKS.index(pending.slot), tile, events)
    else:
        state = reveal_dummy_tile(state, catalogue_tile(state.options.type_tiers, move.tile), events)
    return deal(state, events) if state.phase == "setup" else advance(state, events, memo)


EFFECTS = {
    "take_money": _do_take_money,
    "buy": _do_buy,
    "rebuild_place": _do_rebuild_place,
    "rebuild_remove": _do_rebuild_remove,
    "rebuild_swap": _do_rebuild_swap,
    "end_turn": _do_end_turn,
    "place": _do_place,
    "reserve": _do_reserve,
    "give_dummy": _do_give_dummy,
    "reveal": _do_reveal,
}


# --- enumerating ------------------------------------------------------------------------------------


def candidates(state: State, cache: dict, player: str | None = None, move_type: str | None = None):
    """Moves worth checking, of one player or one type when given (a superset of the legal ones;
    ``violations`` decides). Nothing in a finished game or a view hiding some hand."""
    if state.phase == "over" or any(p.money is None for p in state.players):
        return
    for move in _candidates(state, cache):
        if (player is None or move.player == player) and (move_type is None or move.type == move_type):
            yield move


def _candidates(state: State, cache: dict):
    if state.pending is not None:
        yield from _reveal_candidates(state)
        return
    if state.phase == "final_placement":
        for who, p in enumerate(state.players):
            yield from _placement_candidates(state, who, True, cache)
        return
    if state.current is None:
        return
    who = state.current
    if state.phase == "placement":
        yield from _placement_candidates(state, who, False, cache)
    elif state.phase == "actions":
        yield from _action_candidates(state, who, cache)


def _reveal_candidates(state: State):
    """Each draw the table could make: at most 36 distinct money cards and a scoring card, or 54 tiles."""
    pid = state.players[revealer(state)].id
    if state.pending.kind in MONEY_DRAWS:
        scoring = unseen_scoring_cards(state) if state.phase != "setup" else []
        if scoring:
            yield Move("reveal", pid, card=scoring[0])
        for card in sorted(unseen_money(state)):
            yield Move("reveal", pid, card=card)
    else:
        for tile_id in sorted(unseen_tile_ids(state)):
            yield Move("reveal", pid, tile=tile_id)


def _distinct(tiles):
    seen = set()
    for tile in tiles:
        if tile.id not in seen:
            seen.add(tile.id)
            yield tile


def _placement_candidates(state: State, who: int, final: bool, cache: dict):
    p = state.players[who]
    index = _index(state, who, cache)
    for tile in _distinct(p.to_place):
        for x, y in legal_cells(index, tile):
            yield Move("place", p.id, tile=tile.id, x=x, y=y)
        yield Move("reserve", p.id, tile=tile.id)
        if not final and state.dummy is not None:
            yield Move("give_dummy", p.id, tile=tile.id)


def _action_candidates(state: State, who: int, cache: dict):
    p = state.players[who]
    filled = [i for i, c in enumerate(state.money_market) if c is not None]
    for size in range(1, len(filled) + 1):
        for slots in combinations(filled, size):
            yield Move("take_money", p.id, slots=slots)
    for bank_index, tile in enumerate(state.market):
        if tile is None:
            continue
        bank = BANKS[bank_index]
        hand = [c for c in p.money or () if c.bank == bank]
        for payment in minimal_payments(hand, tile.cost or 0):
            yield Move("buy", p.id, slot=bank, cards=payment)
    yield from _rebuild_candidates(state, who, cache)
    yield Move("end_turn", p.id)


def _rebuild_candidates(state: State, who: int, cache: dict):
    p = state.players[who]
    index = _index(state, who, cache)
    reserve = list(_distinct(p.reserve))
    for tile in reserve:
        for x, y in legal_cells(index, tile):
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
    bank = hand[0].bank if hand else ""
    out = []

    def walk(k: int, chosen: list[int], total: int):
        if total >= cost:  # values go down, so the last card chosen is the smallest
            if chosen and total - chosen[-1] < cost:
                out.append(tuple(Card(bank, v) for v in sorted(chosen)))
            return
        if k == len(values):
            return
        value, have = values[k]
        for n in range(have + 1):
            walk(k + 1, chosen + [value] * n, total + value * n)

    walk(0, [], 0)
    return out
