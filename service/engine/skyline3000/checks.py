"""The move checks: every rule a move breaks, one set shared by ``moves`` and ``legal-moves``; who the game
waits for, and whether a player's construction has ended."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .. import kit
from ..core import Violation
from ..kit import NOT_YOUR_TURN, RuleBook, awaited_text
from ..memo import edition_scope
from . import board, data, factory, hidden, scoring
from .state import Block, FactoryBuilding, Move, Pile, Player, SealedPile, State

PHASE_MOVES = {
    "construction": ("floor", "roof", "contract", "billboard", "discard", "pass"),
    "auction": ("bid", "bids"),
    "develop": ("develop",),
    "draw": ("draw", "stop", "reveal"),
    "over": (),
}


def awaited(state: State) -> tuple[str, ...]:
    """Who the game waits for: the drawing player of a pending reveal, the player on turn (construction,
    draw), every player yet to lay a pile (auction; the Key holder may report them all), the auction's winner."""
    if state.phase == "over":
        return ()
    if state.pending is not None:
        return (state.pending.player,)
    if state.phase == "auction":
        laid = {pid for pid, _ in state.auction.sealed} if state.auction else set()
        return tuple(pid for pid in state.player_ids() if pid not in laid)
    if state.phase == "develop":
        return (state.award.player,) if state.award else ()
    return (state.turn,) if state.turn else ()


def construction_over(state: State, player: Player) -> bool:
    """Has the player's construction ended: passed, or (option ``empty_hand``: ``done``) no card in hand?"""
    return player.passed or (state.options.empty_hand == "done" and player.hand_size == 0)


def available(pile: Pile) -> int:
    return pile.draw_size + len(pile.discard)


def move_violations(book: RuleBook, state: State, move: Move) -> list[Violation]:
    """The move's problems in a state already known to be consistent."""
    player = state.player(move.player)
    if player is None:
        return [
            book.violation(
                "turn.unknown_player", "{player!r} is not a player of this game.", "/move/player", player=move.player
            )
        ]
    if state.phase == "over":
        return [book.violation("turn.game_over", None, "/move/type")]
    if state.pending is not None and move.type != "reveal":
        return [book.violation("turn.reveal_pending", None, "/move/type")]
    if move.type == "reveal":
        return _reveal(book, state, player, move)
    if move.type not in PHASE_MOVES.get(state.phase, ()):
        return [
            book.violation(
                "turn.wrong_phase",
                "A {move_type} move does not belong to the {phase} phase.",
                "/move/type",
                move_type=move.type,
                phase=state.phase,
            )
        ]
    return CHECKS[move.type](book, state, player, move)


def _turn(book: RuleBook, state: State, player: Player) -> list[Violation]:
    if state.phase == "construction" and player.passed:
        return [
            book.violation(
                "turn.already_passed", "{player} has passed this construction phase.", "/move/player", player=player.id
            )
        ]
    if state.turn != player.id:
        return [
            book.violation(
                "turn.not_your_turn",
                NOT_YOUR_TURN,
                "/move/player",
                player=player.id,
                awaited=awaited_text(awaited(state)),
            )
        ]
    return []


def _card(
    book: RuleBook, state: State, player: Player, card_id: str | None, deck: str | None, pointer: str
) -> list[Violation]:
    spec = state.options.card(card_id) if card_id is not None else None
    if card_id is None or spec is None:
        return [book.violation("card.unknown", "No card {card!r} in this game.", pointer, card=card_id)]
    out = []
    if deck is not None and spec.deck != deck:
        out.append(
            book.violation(
                "card.wrong_deck",
                "The {card_deck} card {value} is a {card_deck} card; this action needs a {deck} card.",
                pointer,
                value=spec.value,
                card_deck=spec.deck,
                deck=deck,
            )
        )
    if not hidden.holds(state, player, [card_id]):
        out.append(
            book.violation(
                "card.not_in_hand",
                "The {card_deck} card {value} is not in {player}'s hand.",
                pointer,
                card_deck=spec.deck,
                value=spec.value,
                player=player.id,
            )
        )
    return out


def _factory_building(player: Player, index: int | None) -> FactoryBuilding | None:
    if index is None or index < 0 or index >= len(player.factory):
        return None
    return player.factory[index]


def _floor(book: RuleBook, state: State, player: Player, move: Move) -> list[Violation]:
    out = _turn(book, state, player) + _card(book, state, player, move.card, "floor", "/move/card")
    if state.floors < data.FLOORS_PER_CARD:
        out.append(
            book.violation(
                "factory.no_floors", "Only {floors} floors are left in the supply.", "/move/card", floors=state.floors
            )
        )
    return out + factory.placement_violations(book, player, move.buildings, "/move/buildings")


def _roof(book: RuleBook, state: State, player: Player, move: Move) -> list[Violation]:
    out = _turn(book, state, player) + _card(book, state, player, move.card, "roof", "/move/card")
    building = _factory_building(player, move.building)
    if building is None:
        out.append(_no_such_building(book, player, move))
    elif building.roof is not None:
        out.append(
            book.violation(
                "factory.building_finished",
                "Building {building} already has a roof.",
                "/move/building",
                building=move.building,
            )
        )
    if move.roof not in data.ROOFS or player.roofs_left(move.roof) <= 0:
        out.append(
            book.violation(
                "factory.no_roof_piece",
                "{player} has no {roof} roof piece left.",
                "/move/roof",
                player=player.id,
                roof=move.roof,
            )
        )
    return out


def _contract(book: RuleBook, state: State, player: Player, move: Move) -> list[Violation]:
    out = _turn(book, state, player) + _card(book, state, player, move.card, "contract", "/move/card")
    building = _factory_building(player, move.building)
    if building is None:
        out.append(_no_such_building(book, player, move))
    elif building.roof is None:
        out.append(
            book.violation(
                "factory.building_unfinished",
                "Building {building} has no roof yet.",
                "/move/building",
                building=move.building,
            )
        )
    block = _named_block(state, move.block)
    if move.block is None or block is None:
        out.append(book.violation("placement.unknown_block", "No block {block!r}.", "/move/block", block=move.block))
        return out
    out += _contract_district(book, state, move.card, move.block)
    target = move.target or "empty"
    out += board.target_violations(book, state.options, move.block, block, target, player.id, True, "/move/target")
    if target == "billboard":
        out += _cost(book, state, player, state.options.billboard_replacement_cost, "/move/target")
    if building is not None and building.roof is not None and target in ("empty", "billboard"):
        out += board.shape_violations(book, state.block, move.block, building.roof, "/move/building")
        out += board.height_violations(book, block, move.block, building.floors, "/move/building")
    return out


def _no_such_building(book: RuleBook, player: Player, move: Move) -> Violation:
    return book.violation(
        "factory.unknown_building",
        "{player} has no building {building}.",
        "/move/building",
        player=player.id,
        building=move.building,
    )


def _contract_district(book: RuleBook, state: State, card: str | None, block_id: str) -> list[Violation]:
    """A Contract card moves a building into a block of the district it names."""
    spec = state.options.card(card) if card is not None else None
    district = data.BLOCK_DISTRICT[block_id]
    if spec is None or spec.deck != "contract" or spec.district == district:
        return []
    return [
        book.violation(
            "placement.wrong_district",
            "The {card_deck} card {value} names the {named} district; block {block} is in {district}.",
            "/move/block",
            card_deck=spec.deck,
            value=spec.value,
            named=spec.district,
            block=block_id,
            district=district,
        )
    ]


def _named_block(state: State, block_id: str | None) -> Block | None:
    """The block a move names, or None when the game has no such block."""
    if not block_id or state.options.block(block_id) is None:
        return None
    return state.block(block_id)


def _cost(book: RuleBook, state: State, player: Player, cost: int, pointer: str) -> list[Violation]:
    """Can the player pay ``cost`` points? Only option ``unpaid_cost``: ``refused`` ever says no."""
    if cost > 0 and player.points < cost and state.options.unpaid_cost == "refused":
        return [
            book.violation(
                "points.cannot_pay",
                "{player} has {points} points and cannot pay {cost}.",
                pointer,
                player=player.id,
                points=player.points,
                cost=cost,
            )
        ]
    return []


def _billboard(book: RuleBook, state: State, player: Player, move: Move) -> list[Violation]:
    out = _turn(book, state, player) + _cost(book, state, player, data.BILLBOARD_COST, "/move/type")
    if player.billboards <= 0:
        out.append(
            book.violation("billboard.none_left", "{player} has no billboard left.", "/move/player", player=player.id)
        )
    block = _named_block(state, move.block)
    if move.block is None or block is None:
        out.append(book.violation("placement.unknown_block", "No block {block!r}.", "/move/block", block=move.block))
        return out
    out += board.target_violations(
        book, state.options, move.block, block, move.target or "empty", player.id, False, "/move/target"
    )
    return out


def _discard(book: RuleBook, state: State, player: Player, move: Move) -> list[Violation]:
    return _turn(book, state, player) + _card(book, state, player, move.card, None, "/move/card")


def _pass(book: RuleBook, state: State, player: Player, move: Move) -> list[Violation]:
    return _turn(book, state, player)


def _lot(book: RuleBook, state: State) -> list[Violation]:
    auction = state.auction
    if (
        auction is None
        or not (1 <= auction.stack <= len(state.auction_house))
        or not state.auction_house[auction.stack - 1]
    ):
        return [book.violation("auction.no_lot", None, "/state/auction")]
    return []


def _bid_cards(
    book: RuleBook, state: State, player: Player, bid: Iterable[str], pointer: str, seen: set[Any]
) -> list[Violation]:
    out = []
    bid = list(bid)
    for i, c in enumerate(bid):
        card = state.options.card(c)
        if card is None:
            out.append(
                book.violation("card.unknown", "No card {card!r} in this game.", pointer + kit.pointer(i), card=c)
            )
            continue
        if c in seen:
            out.append(
                book.violation(
                    "auction.duplicate_card",
                    "The {card_deck} card {value} is bid twice.",
                    pointer + kit.pointer(i),
                    card_deck=card.deck,
                    value=card.value,
                )
            )
            continue
        seen.add(c)
        if player.hand is not None and c not in player.hand:
            out.append(
                book.violation(
                    "auction.card_not_in_hand",
                    "The {card_deck} card {value} is not in {player}'s hand.",
                    pointer + kit.pointer(i),
                    card_deck=card.deck,
                    value=card.value,
                    player=player.id,
                )
            )
    if player.hand is None and not out and not hidden.hidden_hand_can_hold(state, player, bid):
        out.append(
            book.violation(
                "auction.card_not_in_hand", "{player}'s hand cannot hold these cards.", pointer, player=player.id
            )
        )
    return out


def _bid(book: RuleBook, state: State, player: Player, move: Move) -> list[Violation]:
    out = _lot(book, state)
    laid, _ = state.auction.sealed_of(player.id) if state.auction else (False, None)
    if laid:
        out.append(
            book.violation(
                "auction.already_bid", "{player} has already bid in this auction.", "/move/player", player=player.id
            )
        )
    out += _bid_cards(book, state, player, move.cards or (), "/move/cards", set())
    if state.auction is not None and not laid and len(state.auction.sealed) + 1 >= len(state.players):
        out += _sealed_sound(book, state, state.auction.sealed, set(move.cards or ()))
    return out


def _sealed_sound(book: RuleBook, state: State, sealed: Sequence[SealedPile], own: set[Any]) -> list[Violation]:
    """The last pile settles the auction: every pile laid before (``sealed``) must be known and sound."""
    seen = set(own)
    for pid, bid in sealed:
        owner = state.player(pid)
        pointer = kit.pointer("state", "auction", "sealed", pid)
        if owner is None:
            return [
                book.violation(
                    "state.unknown_player", "{player!r} laid a pile but is not a player.", pointer, player=pid
                )
            ]
        if bid is None:
            return [
                book.violation(
                    "state.hidden_information",
                    "{player}'s pile is hidden; the auction cannot be settled.",
                    pointer,
                    player=pid,
                )
            ]
        if any(state.options.card(c) is None or c in seen for c in bid) or not hidden.holds(state, owner, bid):
            return [
                book.violation("state.cards", "{player}'s pile holds cards {player} cannot have.", pointer, player=pid)
            ]
        seen.update(bid)
    return []


def _bids(book: RuleBook, state: State, player: Player, move: Move) -> list[Violation]:
    out = _lot(book, state)
    if state.options.chance != "table":
        out.append(book.violation("auction.bids_table_only", None, "/move/type"))
    if state.auction and state.auction.sealed:
        out.append(book.violation("auction.sealed_bids_laid", None, "/move/type"))
    if player.id != state.key:
        out.append(
            book.violation(
                "auction.not_reporter", "{key} holds the Key and reports the piles.", "/move/player", key=state.key
            )
        )
    piles = dict(move.piles or ())
    for p in state.players:
        if p.id not in piles:
            out.append(
                book.violation("auction.missing_pile", "The pile of {player} is missing.", "/move/piles", player=p.id)
            )
    seen: set[Any] = set()
    for pid, bid in move.piles or ():
        owner = state.player(pid)
        pointer = kit.pointer("move", "piles", pid)
        if owner is None:
            out.append(
                book.violation("auction.unknown_pile", "{player!r} is not a player of this game.", pointer, player=pid)
            )
            continue
        out += _bid_cards(book, state, owner, bid, pointer, seen)
    return out


def _develop(book: RuleBook, state: State, player: Player, move: Move) -> list[Violation]:
    out = []
    award = state.award
    if award is None or award.player != player.id:
        out.append(
            book.violation(
                "develop.not_winner",
                "The development belongs to {winner}.",
                "/move/player",
                winner=award.player if award else "nobody",
            )
        )
    block = _named_block(state, move.block)
    if move.block is None or block is None:
        out.append(book.violation("placement.unknown_block", "No block {block!r}.", "/move/block", block=move.block))
        return out
    if award is not None:
        if award.tile == "green" and board.free_platforms(state.options, move.block, block) <= 0:
            out.append(
                book.violation(
                    "develop.no_empty_platform",
                    "Block {block} has no empty small platform.",
                    "/move/block",
                    block=move.block,
                )
            )
        if award.tile in data.LARGE_TILES and block.large is not None:
            out.append(
                book.violation(
                    "develop.large_taken",
                    "Block {block} already holds a {large}.",
                    "/move/block",
                    block=move.block,
                    large=block.large,
                )
            )
    return out


def _draw(book: RuleBook, state: State, player: Player, move: Move) -> list[Violation]:
    out = _turn(book, state, player)  # the drawing player has draws left: validate holds every state to it
    if move.pile not in data.DECKS:
        out.append(book.violation("draw.unknown_pile", "No pile {pile!r}.", "/move/pile", pile=move.pile))
    elif available(state.pile(move.pile)) <= 0:
        out.append(
            book.violation(
                "draw.pile_empty", "The {pile} pile and its discards are empty.", "/move/pile", pile=move.pile
            )
        )
    return out


def _stop(book: RuleBook, state: State, player: Player, move: Move) -> list[Violation]:
    out = _turn(book, state, player)
    if out:
        return out
    if state.options.spaceport_bonus != "optional":
        return [
            book.violation(
                "draw.cards_owed",
                "Every card owed is drawn in this game (option spaceport_bonus: compulsory).",
                "/move/type",
            )
        ]
    with edition_scope(book.edition):  # the placings it scores are remembered under the edition's kind
        left, extra = state.draws_of(player.id), scoring.spaceport_bonus(state, player.id)
    if left > extra:
        return [
            book.violation(
                "draw.cards_owed",
                "{player} still owes {owed} of the 6 cards to draw; only the Spaceport's {extra} extra cards may be declined.",
                "/move/type",
                player=player.id,
                owed=left - extra,
                extra=extra,
            )
        ]
    return []


def _reveal(book: RuleBook, state: State, player: Player, move: Move) -> list[Violation]:
    pending = state.pending
    if pending is None:
        return [book.violation("reveal.not_pending", None, "/move/type")]
    out = []
    if pending.player != player.id:
        out.append(
            book.violation(
                "reveal.wrong_player", "The pending reveal is {drawer}'s.", "/move/player", drawer=pending.player
            )
        )
    spec = state.options.card(move.card) if move.card else None
    if move.card is None or spec is None:
        out.append(book.violation("card.unknown", "No card {card!r} in this game.", "/move/card", card=move.card))
        return out
    return out + _revealed_card(book, state, pending.pile, move.card, spec)


def _revealed_card(book: RuleBook, state: State, deck: str, card: str, spec: Any) -> list[Violation]:
    """The revealed card is of the pile's deck, is its face-up top when that is known, and else may still
    lie in the pile. A card is named as the referee reads it, by its deck and value (never by its id)."""
    pile = state.pile(deck)
    named = {"card_deck": spec.deck, "value": spec.value}
    if spec.deck != deck:
        return [
            book.violation(
                "reveal.wrong_pile",
                "The {card_deck} card {value} is not a {pile} card.",
                "/move/card",
                pile=deck,
                **named,
            )
        ]
    if pile.top is not None and card != pile.top:
        top = state.options.card(pile.top)
        if top is not None:
            return [
                book.violation(
                    "reveal.not_top",
                    "The face-up top of the {pile} pile is the {pile} card {top_value}.",
                    "/move/card",
                    pile=deck,
                    top_value=top.value,
                )
            ]
        return [
            book.violation(
                "reveal.not_top", "The face-up top of the {pile} pile is {top}.", "/move/card", pile=deck, top=pile.top
            )
        ]
    if (pile.top is None and card not in set(hidden.unknown_cards(state))) or pile.draw_size <= 0:
        return [
            book.violation(
                "reveal.card_unavailable",
                "The {card_deck} card {value} cannot be in the {pile} pile.",
                "/move/card",
                pile=deck,
                **named,
            )
        ]
    return []


CHECKS = {
    "floor": _floor,
    "roof": _roof,
    "contract": _contract,
    "billboard": _billboard,
    "discard": _discard,
    "pass": _pass,
    "bid": _bid,
    "bids": _bids,
    "develop": _develop,
    "draw": _draw,
    "stop": _stop,
}
