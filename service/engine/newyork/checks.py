"""The move checks: every rule a move breaks, one set shared by ``moves`` and ``legal-moves``. Each check
takes the game's ``book`` (its rule codes) and ``edition`` (its banks and tiles)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Violation
from ..kit import N_, NOT_YOUR_TURN, Refused, RuleBook, awaited_text, pointer
from .candidates import action_candidates, city_index
from .city import IndexCache, placement_violations, removal_violations, swap_violations
from .data import TAKE_LIMIT, Edition
from .hidden import revealer, unseen_money, unseen_scoring_cards, unseen_tile_ids
from .state import ACTIONS, MONEY_DRAWS, MOVE_TYPES, PLACEMENTS, Card, Move, State, Tile, player_index

Check = Callable[[State, Move, int, IndexCache, RuleBook, Edition], list[Violation]]


def violations(
    state: State, move: Move, book: RuleBook, edition: Edition, index_cache: IndexCache | None = None
) -> list[Violation]:
    """Every rule ``move`` breaks in ``state`` (the state itself is assumed consistent)."""
    if move.type not in MOVE_TYPES:
        return [book.violation("turn.wrong_phase", "Unknown move type {type}.", "/move/type", type=repr(move.type))]
    who = player_index(state, move.player)
    if who is None:
        return [book.violation("turn.unknown_player", "That player is not in this game.", "/move/player")]
    if state.phase == "over":
        return [book.violation("turn.game_over", "The game is over.", "/move/type")]
    for p in state.players:  # (a loop, not any() over a generator: a listing asks this of every candidate)
        if p.money is None:
            return [
                book.violation(
                    "state.hidden_money",
                    "Some player's money is hidden in this state (a view); play needs every hand.",
                    "/state/players",
                )
            ]
    if state.pending is not None and move.type != "reveal":
        turn = [book.violation("turn.pending_reveal", "A draw must be revealed before play goes on.", "/move/type")]
    else:
        turn = _turn_violations(state, move, who, book)
    if move.type == "reveal" and state.pending is None:
        return turn
    # the move's own checks too: every broken rule is reported, not only the first
    cache = index_cache if index_cache is not None else {}
    return turn + CHECKS[move.type](state, move, who, cache, book, edition)


def _turn_violations(state: State, move: Move, who: int, book: RuleBook) -> list[Violation]:
    if move.type == "reveal":
        if state.pending is None:
            return [book.violation("reveal.not_pending", "Nothing is waiting to be revealed.", "/move/type")]
        if who != revealer(state):
            return [_not_your_turn(state, move, book, revealer(state))]
        return []
    if state.phase == "final_placement":
        if move.type not in ("place", "reserve"):
            return [
                book.violation(
                    "turn.wrong_phase", "At the end only awarded tiles are placed or reserved.", "/move/type"
                )
            ]
        return []
    if who != state.current:
        return [_not_your_turn(state, move, book)]
    if state.phase == "actions" and move.type in PLACEMENTS:
        return [book.violation("turn.wrong_phase", "Bought tiles are placed after the turn's actions.", "/move/type")]
    if state.phase == "placement" and move.type in ACTIONS:
        return [
            book.violation("turn.wrong_phase", "The turn's actions are over; place the bought tiles.", "/move/type")
        ]
    if state.phase not in ("actions", "placement"):
        return [book.violation("turn.wrong_phase", "No move fits this phase.", "/move/type")]
    return []


def _not_your_turn(state: State, move: Move, book: RuleBook, awaited: int | None = None) -> Violation:
    seat = state.current if awaited is None else awaited
    assert seat is not None
    return book.violation(
        "turn.not_your_turn",
        NOT_YOUR_TURN,
        "/move/player",
        player=move.player,
        awaited=awaited_text([state.players[seat].id]),
    )


def _take_money(
    state: State, move: Move, who: int, cache: IndexCache, book: RuleBook, edition: Edition
) -> list[Violation]:
    out = []
    if not move.slots:
        return [book.violation("money.no_slots", "Name at least one money slot.", "/move/slots")]
    if len(set(move.slots)) != len(move.slots):
        out.append(book.violation("money.duplicate_slot", "A money slot is named twice.", "/move/slots"))
    total = 0
    for k, slot in enumerate(move.slots):
        card = state.money_market[slot] if 0 <= slot < len(state.money_market) else None
        if card is None:
            out.append(
                book.violation(
                    "money.empty_slot", "Money slot {slot} holds no card.", pointer("move", "slots", k), slot=slot
                )
            )
        else:
            total += card.value
    if len(move.slots) > 1 and total > TAKE_LIMIT:
        out.append(
            book.violation(
                "money.over_five",
                "Several cards may be taken only when they sum to at most {limit} (these sum to {total}).",
                "/move/slots",
                limit=TAKE_LIMIT,
                total=total,
            )
        )
    return out


def _buy(state: State, move: Move, who: int, cache: IndexCache, book: RuleBook, edition: Edition) -> list[Violation]:
    banks = edition.banks
    bank = banks.index(move.slot) if move.slot in banks else -1
    tile = state.market[bank] if bank >= 0 else None
    out = []
    if tile is None:
        out.append(
            book.violation("buy.empty_slot", "The {slot} market slot holds no tile.", "/move/slot", slot=move.slot)
        )
    if not move.cards:
        return out + [book.violation("buy.no_cards", "A purchase needs at least one card.", "/move/cards")]
    for k, card in enumerate(move.cards):
        if card.bank != move.slot:
            out.append(
                book.violation(
                    "buy.wrong_bank",
                    "The {slot} slot is paid in {slot} money, not {bank}.",
                    pointer("move", "cards", k),
                    slot=move.slot,
                    bank=card.bank,
                )
            )
    if not _holds(state.players[who].money or (), move.cards):
        out.append(book.violation("buy.not_in_hand", "The player does not hold all the cards offered.", "/move/cards"))
    if tile is not None and tile.cost is not None:
        paid = sum(c.value for c in move.cards)
        if paid < tile.cost:
            out.append(
                book.violation(
                    "buy.underpaid",
                    "The tile costs {cost}; the cards add up to {paid}.",
                    "/move/cards",
                    cost=tile.cost,
                    paid=paid,
                )
            )
        elif not state.options.allow_surplus_cards and paid - min(c.value for c in move.cards) >= tile.cost:
            out.append(
                book.violation(
                    "buy.surplus_card", "The price is met without one of these cards; leave it out.", "/move/cards"
                )
            )
    return out


def _holds(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    """Whether ``hand`` holds every card of ``cards`` (as many times as they are named)."""
    left = list(hand)
    for card in cards:
        try:
            left.remove(card)
        except ValueError:
            return False
    return True


def _tile_words(state: State, edition: Edition, tile_id: Any) -> dict[str, Any] | None:
    """A catalogue tile as a referee reads it (its building and price, as on the tile), not its id; None
    for an id the catalogue lacks."""
    try:
        tile = edition.catalogue_tile(state.options.type_tiers, tile_id)
    except (ValueError, KeyError, TypeError):
        return None
    return {"kind": tile.kind, "cost": tile.cost}


def _reserve_tile(
    state: State, move: Move, who: int, book: RuleBook, edition: Edition
) -> tuple[Tile | None, list[Violation]]:
    for tile in state.players[who].reserve:
        if tile.id == move.tile:
            return tile, []
    words = _tile_words(state, edition, move.tile)
    if words is not None:
        return None, [
            book.violation(
                "rebuild.not_in_reserve",
                "The {kind} tile of price {cost} is not in the reserve.",
                "/move/tile",
                **words,
            )
        ]
    return None, [
        book.violation("rebuild.not_in_reserve", "Tile {tile} is not in the reserve.", "/move/tile", tile=move.tile)
    ]


def _to_place_tile(
    state: State, move: Move, who: int, book: RuleBook, edition: Edition
) -> tuple[Tile | None, list[Violation]]:
    for tile in state.players[who].to_place:
        if tile.id == move.tile:
            return tile, []
    words = _tile_words(state, edition, move.tile)
    if words is not None:
        return None, [
            book.violation(
                "placement.not_to_place",
                "The {kind} tile of price {cost} is not waiting to be placed.",
                "/move/tile",
                **words,
            )
        ]
    return None, [
        book.violation(
            "placement.not_to_place", "Tile {tile} is not waiting to be placed.", "/move/tile", tile=move.tile
        )
    ]


def _rebuild_place(
    state: State, move: Move, who: int, cache: IndexCache, book: RuleBook, edition: Edition
) -> list[Violation]:
    tile, out = _reserve_tile(state, move, who, book, edition)
    if tile is None:
        return out
    x, y = _cell(move)
    return placement_violations(city_index(state, who, cache), tile, x, y, book, "/move", move.rotation)


def _rebuild_remove(
    state: State, move: Move, who: int, cache: IndexCache, book: RuleBook, edition: Edition
) -> list[Violation]:
    x, y = _cell(move)
    return removal_violations(city_index(state, who, cache), x, y, book, "/move")


def _rebuild_swap(
    state: State, move: Move, who: int, cache: IndexCache, book: RuleBook, edition: Edition
) -> list[Violation]:
    tile, out = _reserve_tile(state, move, who, book, edition)
    if tile is None:
        return out
    x, y = _cell(move)
    return swap_violations(city_index(state, who, cache), tile, x, y, book, "/move", move.rotation)


def _end_turn(
    state: State, move: Move, who: int, cache: IndexCache, book: RuleBook, edition: Edition
) -> list[Violation]:
    """Ending the actions without one: only when none is possible (or by the older readings' options)."""
    bought = bool(state.players[who].to_place)
    if state.options.extra_action_optional and bought:
        return []
    if state.options.stalled_turn == "no_money_face_up":
        stalled = all(c is None for c in state.money_market)
    else:
        stalled = not action_possible(state, who, cache, book, edition)
    if stalled:
        return []
    if bought:
        text = N_("The exact payment earned another action and one is possible: take money, buy or rebuild.")
    else:
        text = N_("The turn's action is still to be taken (take money, buy or rebuild): one is possible.")
    return [book.violation("turn.cannot_end", text, "/move/type")]


def action_possible(state: State, who: int, cache: IndexCache, book: RuleBook, edition: Edition) -> bool:
    """Can the player take money, buy or rebuild now? The listing's own candidates and checks decide,
    stopping at the first legal one (a face-up money card is the first candidate). Under a book that
    refuses at the first broken rule (a listing's verdicts) a refused candidate is only not possible."""
    return any(
        m.type != "end_turn" and _passes(CHECKS[m.type], state, m, who, cache, book, edition)
        for m in action_candidates(state, who, cache, book, edition)
    )


def _passes(
    check: Check, state: State, move: Move, who: int, cache: IndexCache, book: RuleBook, edition: Edition
) -> bool:
    try:
        return not check(state, move, who, cache, book, edition)
    except Refused:
        return False


def _place(state: State, move: Move, who: int, cache: IndexCache, book: RuleBook, edition: Edition) -> list[Violation]:
    tile, out = _to_place_tile(state, move, who, book, edition)
    if tile is None:
        return out
    x, y = _cell(move)
    return placement_violations(city_index(state, who, cache), tile, x, y, book, "/move", move.rotation)


def _reserve(
    state: State, move: Move, who: int, cache: IndexCache, book: RuleBook, edition: Edition
) -> list[Violation]:
    return _to_place_tile(state, move, who, book, edition)[1]


def _give_dummy(
    state: State, move: Move, who: int, cache: IndexCache, book: RuleBook, edition: Edition
) -> list[Violation]:
    out = _to_place_tile(state, move, who, book, edition)[1]
    if state.dummy is None or len(state.players) != 2:
        out.append(book.violation("placement.no_dummy", "Only the 2-player game has a dummy.", "/move/type"))
    return out


def _reveal(state: State, move: Move, who: int, cache: IndexCache, book: RuleBook, edition: Edition) -> list[Violation]:
    pending = state.pending
    assert pending is not None
    if pending.kind in MONEY_DRAWS:
        if move.card is None:
            return [book.violation("reveal.wrong_kind", "A money card is to be revealed.", "/move/card")]
        if isinstance(move.card, str) and state.phase == "setup":
            return [
                book.violation(
                    "reveal.impossible", "The scoring cards go into the deck only after the deal.", "/move/card"
                )
            ]
        if isinstance(move.card, str):
            unseen = unseen_scoring_cards(state)
            if move.card not in unseen:
                return [
                    book.violation("reveal.impossible", "That scoring card is no longer in the deck.", "/move/card")
                ]
            if move.card != unseen[0]:
                return [book.violation("reveal.out_of_order", "Scoring card A comes before B.", "/move/card")]
            return []
        if unseen_money(state, edition)[move.card] <= 0:
            return [book.violation("reveal.impossible", "That money card cannot still be in the deck.", "/move/card")]
        return []
    if move.tile is None:
        return [book.violation("reveal.wrong_kind", "A tile is to be revealed.", "/move/tile")]
    if move.tile not in unseen_tile_ids(state, edition):
        return [book.violation("reveal.impossible", "That tile cannot still be in the bag.", "/move/tile")]
    return []


CHECKS: dict[str, Check] = {
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


def _cell(move: Move) -> tuple[int, int]:
    assert move.x is not None and move.y is not None  # the wire requires them for these moves
    return move.x, move.y
