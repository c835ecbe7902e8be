"""Moves: the one set of checks (``move_violations``), the effects of a legal move and the candidates that
``legal_moves`` filters through the same checks (the flow itself is the kit's ``Engine``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import product

from .. import kit
from ..core import Event, Memo, Outcome, Violation
from ..kit import NOT_YOUR_TURN, awaited_text
from . import board, cards, data, factory, flow
from .book import BOOK
from .state import Building, FactoryBuilding, Move, Pending, Player, State

PHASE_MOVES = {
    "construction": ("floor", "roof", "contract", "billboard", "discard", "pass"),
    "auction": ("bid", "bids"),
    "develop": ("develop",),
    "draw": ("draw", "stop", "reveal"),
    "over": (),
}


# =============================================================================================
# the checks
# =============================================================================================
def move_violations(state: State, move: Move) -> list[Violation]:
    """The move's problems in a state already known to be consistent."""
    player = state.player(move.player)
    if player is None:
        return [
            BOOK.violation(
                "turn.unknown_player", "{player!r} is not a player of this game.", "/move/player", player=move.player
            )
        ]
    if state.phase == "over":
        return [BOOK.violation("turn.game_over", None, "/move/type")]
    if state.pending is not None and move.type != "reveal":
        return [BOOK.violation("turn.reveal_pending", None, "/move/type")]
    if move.type == "reveal":
        return _reveal(state, player, move)
    if move.type not in PHASE_MOVES.get(state.phase, ()):
        return [
            BOOK.violation(
                "turn.wrong_phase",
                "A {move_type} move does not belong to the {phase} phase.",
                "/move/type",
                move_type=move.type,
                phase=state.phase,
            )
        ]
    return CHECKS[move.type](state, player, move)


def _turn(state: State, player: Player) -> list[Violation]:
    if state.phase == "construction" and player.passed:
        return [
            BOOK.violation(
                "turn.already_passed", "{player} has passed this construction phase.", "/move/player", player=player.id
            )
        ]
    if state.turn != player.id:
        return [
            BOOK.violation(
                "turn.not_your_turn",
                NOT_YOUR_TURN,
                "/move/player",
                player=player.id,
                awaited=awaited_text(flow.awaited(state)),
            )
        ]
    return []


def _card(state: State, player: Player, card_id: str | None, deck: str | None, pointer: str) -> list[Violation]:
    spec = state.options.card(card_id) if card_id is not None else None
    if spec is None:
        return [BOOK.violation("card.unknown", "No card {card!r} in this game.", pointer, card=card_id)]
    out = []
    if deck is not None and spec.deck != deck:
        out.append(
            BOOK.violation(
                "card.wrong_deck",
                "{card} is a {card_deck} card; this action needs a {deck} card.",
                pointer,
                card=card_id,
                card_deck=spec.deck,
                deck=deck,
            )
        )
    if not cards.holds(state, player, [card_id]):
        out.append(
            BOOK.violation(
                "card.not_in_hand", "{card} is not in {player}'s hand.", pointer, card=card_id, player=player.id
            )
        )
    return out


def _factory_building(player: Player, index: int | None) -> FactoryBuilding | None:
    if index is None or index < 0 or index >= len(player.factory):
        return None
    return player.factory[index]


def _floor(state: State, player: Player, move: Move) -> list[Violation]:
    out = _turn(state, player) + _card(state, player, move.card, "floor", "/move/card")
    if state.floors < data.FLOORS_PER_CARD:
        out.append(
            BOOK.violation(
                "factory.no_floors", "Only {floors} floors are left in the supply.", "/move/card", floors=state.floors
            )
        )
    return out + factory.placement_violations(player, move.buildings, "/move/buildings")


def _roof(state: State, player: Player, move: Move) -> list[Violation]:
    out = _turn(state, player) + _card(state, player, move.card, "roof", "/move/card")
    building = _factory_building(player, move.building)
    if building is None:
        out.append(
            BOOK.violation(
                "factory.unknown_building",
                "{player} has no building {building}.",
                "/move/building",
                player=player.id,
                building=move.building,
            )
        )
    elif building.roof is not None:
        out.append(
            BOOK.violation(
                "factory.building_finished",
                "Building {building} already has a roof.",
                "/move/building",
                building=move.building,
            )
        )
    if move.roof not in data.ROOFS or player.roofs_left(move.roof) <= 0:
        out.append(
            BOOK.violation(
                "factory.no_roof_piece",
                "{player} has no {roof} roof piece left.",
                "/move/roof",
                player=player.id,
                roof=move.roof,
            )
        )
    return out


def _contract(state: State, player: Player, move: Move) -> list[Violation]:
    out = _turn(state, player) + _card(state, player, move.card, "contract", "/move/card")
    building = _factory_building(player, move.building)
    if building is None:
        out.append(
            BOOK.violation(
                "factory.unknown_building",
                "{player} has no building {building}.",
                "/move/building",
                player=player.id,
                building=move.building,
            )
        )
    elif building.roof is None:
        out.append(
            BOOK.violation(
                "factory.building_unfinished",
                "Building {building} has no roof yet.",
                "/move/building",
                building=move.building,
            )
        )
    block = state.block(move.block) if move.block else None
    if block is None or state.options.block(move.block) is None:
        out.append(BOOK.violation("placement.unknown_block", "No block {block!r}.", "/move/block", block=move.block))
        return out
    spec = state.options.card(move.card)
    district = data.BLOCK_DISTRICT[move.block]
    if spec is not None and spec.deck == "contract" and spec.district != district:
        out.append(
            BOOK.violation(
                "placement.wrong_district",
                "{card} names the {named} district; block {block} is in {district}.",
                "/move/block",
                card=move.card,
                named=spec.district,
                block=move.block,
                district=district,
            )
        )
    target = move.target or "empty"
    out += board.target_violations(state.options, move.block, block, target, player.id, True, "/move/target")
    if target == "billboard":
        out += _cost(state, player, state.options.billboard_replacement_cost, "/move/target")
    if building is not None and building.roof is not None and target in ("empty", "billboard"):
        out += board.shape_violations(state.block, move.block, building.roof, "/move/building")
        out += board.height_violations(block, move.block, building.floors, "/move/building")
    return out


def _cost(state: State, player: Player, cost: int, pointer: str) -> list[Violation]:
    """Can the player pay ``cost`` points? Only option ``unpaid_cost``: ``refused`` ever says no."""
    if cost > 0 and player.points < cost and state.options.unpaid_cost == "refused":
        return [
            BOOK.violation(
                "points.cannot_pay",
                "{player} has {points} points and cannot pay {cost}.",
                pointer,
                player=player.id,
                points=player.points,
                cost=cost,
            )
        ]
    return []


def paid(state: State, points: int, cost: int) -> int:
    """Points after paying ``cost`` (option ``unpaid_cost``: ``floored`` stops at 0)."""
    if state.options.unpaid_cost == "floored":
        return min(points, max(0, points - cost))
    return points - cost


def _billboard(state: State, player: Player, move: Move) -> list[Violation]:
    out = _turn(state, player) + _cost(state, player, data.BILLBOARD_COST, "/move/type")
    if player.billboards <= 0:
        out.append(
            BOOK.violation("billboard.none_left", "{player} has no billboard left.", "/move/player", player=player.id)
        )
    block = state.block(move.block) if move.block else None
    if block is None or state.options.block(move.block) is None:
        out.append(BOOK.violation("placement.unknown_block", "No block {block!r}.", "/move/block", block=move.block))
        return out
    out += board.target_violations(
        state.options, move.block, block, move.target or "empty", player.id, False, "/move/target"
    )
    return out


def _discard(state: State, player: Player, move: Move) -> list[Violation]:
    return _turn(state, player) + _card(state, player, move.card, None, "/move/card")


def _pass(state: State, player: Player, move: Move) -> list[Violation]:
    return _turn(state, player)


def _lot(state: State) -> list[Violation]:
    auction = state.auction
    if (
        auction is None
        or not (1 <= auction.stack <= len(state.auction_house))
        or not state.auction_house[auction.stack - 1]
    ):
        return [BOOK.violation("auction.no_lot", None, "/state/auction")]
    return []


def _bid_cards(state: State, player: Player, bid: Iterable[str], pointer: str, seen: set) -> list[Violation]:
    out = []
    bid = list(bid)
    for i, c in enumerate(bid):
        if state.options.card(c) is None:
            out.append(
                BOOK.violation("card.unknown", "No card {card!r} in this game.", pointer + kit.pointer(i), card=c)
            )
            continue
        if c in seen:
            out.append(
                BOOK.violation("auction.duplicate_card", "{card} is bid twice.", pointer + kit.pointer(i), card=c)
            )
            continue
        seen.add(c)
        if player.hand is not None and c not in player.hand:
            out.append(
                BOOK.violation(
                    "auction.card_not_in_hand",
                    "{card} is not in {player}'s hand.",
                    pointer + kit.pointer(i),
                    card=c,
                    player=player.id,
                )
            )
    if player.hand is None and not out and not cards.hidden_hand_can_hold(state, player, bid):
        out.append(
            BOOK.violation(
                "auction.card_not_in_hand", "{player}'s hand cannot hold these cards.", pointer, player=player.id
            )
        )
    return out


def _bid(state: State, player: Player, move: Move) -> list[Violation]:
    out = _lot(state)
    laid, _ = state.auction.sealed_of(player.id) if state.auction else (False, None)
    if laid:
        out.append(
            BOOK.violation(
                "auction.already_bid", "{player} has already bid in this auction.", "/move/player", player=player.id
            )
        )
    out += _bid_cards(state, player, move.cards or (), "/move/cards", set())
    if state.auction is not None and not laid and len(state.auction.sealed) + 1 >= len(state.players):
        out += _sealed_sound(state, set(move.cards or ()))
    return out


def _sealed_sound(state: State, own: set) -> list[Violation]:
    """The last pile settles the auction: every pile laid before must be known and sound."""
    seen = set(own)
    for pid, bid in state.auction.sealed:
        owner = state.player(pid)
        pointer = kit.pointer("state", "auction", "sealed", pid)
        if owner is None:
            return [
                BOOK.violation(
                    "state.unknown_player", "{player!r} laid a pile but is not a player.", pointer, player=pid
                )
            ]
        if bid is None:
            return [
                BOOK.violation(
                    "state.hidden_information",
                    "{player}'s pile is hidden; the auction cannot be settled.",
                    pointer,
                    player=pid,
                )
            ]
        if any(state.options.card(c) is None or c in seen for c in bid) or not cards.holds(state, owner, bid):
            return [BOOK.violation("state.cards", "{player}'s pile holds cards he cannot have.", pointer, player=pid)]
        seen.update(bid)
    return []


def _bids(state: State, player: Player, move: Move) -> list[Violation]:
    out = _lot(state)
    if state.options.chance != "table":
        out.append(BOOK.violation("auction.bids_table_only", None, "/move/type"))
    if state.auction and state.auction.sealed:
        out.append(BOOK.violation("auction.sealed_bids_laid", None, "/move/type"))
    if player.id != state.key:
        out.append(
            BOOK.violation(
                "auction.not_reporter", "{key} holds the Key and reports the piles.", "/move/player", key=state.key
            )
        )
    piles = dict(move.piles or ())
    for p in state.players:
        if p.id not in piles:
            out.append(
                BOOK.violation("auction.missing_pile", "The pile of {player} is missing.", "/move/piles", player=p.id)
            )
    seen: set = set()
    for pid, bid in move.piles or ():
        owner = state.player(pid)
        pointer = kit.pointer("move", "piles", pid)
        if owner is None:
            out.append(
                BOOK.violation("auction.unknown_pile", "{player!r} is not a player of this game.", pointer, player=pid)
            )
            continue
        out += _bid_cards(state, owner, bid, pointer, seen)
    return out


def _develop(state: State, player: Player, move: Move) -> list[Violation]:
    out = []
    award = state.award
    if award is None or award.player != player.id:
        out.append(
            BOOK.violation(
                "develop.not_winner",
                "The development belongs to {winner}.",
                "/move/player",
                winner=award.player if award else "nobody",
            )
        )
    block = state.block(move.block) if move.block else None
    if block is None or state.options.block(move.block) is None:
        out.append(BOOK.violation("placement.unknown_block", "No block {block!r}.", "/move/block", block=move.block))
        return out
    if award is not None:
        if award.tile == "green" and board.free_platforms(state.options, move.block, block) <= 0:
            out.append(
                BOOK.violation(
                    "develop.no_empty_platform",
                    "Block {block} has no empty small platform.",
                    "/move/block",
                    block=move.block,
                )
            )
        if award.tile in data.LARGE_TILES and block.large is not None:
            out.append(
                BOOK.violation(
                    "develop.large_taken",
                    "Block {block} already holds a {large}.",
                    "/move/block",
                    block=move.block,
                    large=block.large,
                )
            )
    return out


def _draw(state: State, player: Player, move: Move) -> list[Violation]:
    out = _turn(state, player)  # the drawing player has draws left: validate holds every state to it
    if move.pile not in data.DECKS:
        out.append(BOOK.violation("draw.unknown_pile", "No pile {pile!r}.", "/move/pile", pile=move.pile))
    elif cards.available(state.pile(move.pile)) <= 0:
        out.append(
            BOOK.violation(
                "draw.pile_empty", "The {pile} pile and its discards are empty.", "/move/pile", pile=move.pile
            )
        )
    return out


def _stop(state: State, player: Player, move: Move) -> list[Violation]:
    out = _turn(state, player)
    if out:
        return out
    if state.options.spaceport_bonus != "optional":
        return [
            BOOK.violation(
                "draw.cards_owed",
                "Every card owed is drawn in this game (option spaceport_bonus: compulsory).",
                "/move/type",
            )
        ]
    left, extra = state.draws_of(player.id), flow.spaceport_bonus(state, player.id)
    if left > extra:
        return [
            BOOK.violation(
                "draw.cards_owed",
                "{player} still owes {owed} of his 6 cards; only the Spaceport's {extra} extra cards may be declined.",
                "/move/type",
                player=player.id,
                owed=left - extra,
                extra=extra,
            )
        ]
    return []


def _reveal(state: State, player: Player, move: Move) -> list[Violation]:
    pending = state.pending
    if pending is None:
        return [BOOK.violation("reveal.not_pending", None, "/move/type")]
    out = []
    if pending.player != player.id:
        out.append(
            BOOK.violation(
                "reveal.wrong_player", "The pending reveal is {drawer}'s.", "/move/player", drawer=pending.player
            )
        )
    spec = state.options.card(move.card) if move.card else None
    if spec is None:
        out.append(BOOK.violation("card.unknown", "No card {card!r} in this game.", "/move/card", card=move.card))
        return out
    pile = state.pile(pending.pile)
    if spec.deck != pending.pile:
        out.append(
            BOOK.violation(
                "reveal.wrong_pile", "{card} is not a {pile} card.", "/move/card", card=move.card, pile=pending.pile
            )
        )
    elif pile.top is not None and move.card != pile.top:
        out.append(
            BOOK.violation(
                "reveal.not_top",
                "The face-up top of the {pile} pile is {top}.",
                "/move/card",
                pile=pending.pile,
                top=pile.top,
            )
        )
    elif (pile.top is None and move.card not in set(cards.unknown_cards(state))) or pile.draw_size <= 0:
        out.append(
            BOOK.violation(
                "reveal.card_unavailable",
                "{card} cannot be in the {pile} pile.",
                "/move/card",
                card=move.card,
                pile=pending.pile,
            )
        )
    return out


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


# =============================================================================================
# applying a legal move
# =============================================================================================
def effects(state: State, move: Move, memo: Memo) -> Outcome:
    """The outcome of a move that broke no rule: its own effects, then a run-out pile renewed at once, then
    (at a real table) the next face-up top card to reveal."""
    new, events = EFFECTS[move.type](state, state.player(move.player), move, memo)
    new, renewed = cards.renew_empty_piles(new)
    events = list(events) + [Event("reshuffled", {"pile": deck}) for deck in renewed]
    new, more = settle_pending(new, move.player)
    return Outcome(legal=True, state=new, events=tuple(events + more))


def settle_pending(state: State, actor: str) -> tuple[State, list[Event]]:
    """At a real table, a pile whose face-up top the state does not know asks for it, revealed by the player
    whose move uncovered it (none once the game is over)."""
    if state.pending is not None or state.phase == "over":
        return state, []
    deck = cards.unrevealed_top(state)
    if deck is None:
        return state, []
    state = replace(state, pending=Pending("top", actor, deck))
    return state, [Event("reveal_needed", {"player": actor, "pile": deck, "kind": "top"})]


def _play_card(state: State, player: Player, card: str) -> State:
    state = state.with_player(cards.remove_from_hand(player, [card]))
    return cards.discard(state, [card])


def _do_floor(state, player, move, memo):
    state = _play_card(state, player, move.card)
    built = factory.place_floors(state.player(player.id), move.buildings)
    state = replace(state.with_player(built), floors=state.floors - data.FLOORS_PER_CARD)
    targets = factory.canonical(move.buildings)
    heights = {str(i): built.factory[i].floors for i in sorted(set(targets))}
    return _next_turn(
        state,
        move,
        [
            Event(
                "floors_built", {"player": player.id, "card": move.card, "buildings": list(targets), "floors": heights}
            )
        ],
        memo,
    )


def _do_roof(state, player, move, memo):
    state = _play_card(state, player, move.card)
    player = state.player(player.id)
    buildings = list(player.factory)
    buildings[move.building] = replace(buildings[move.building], roof=move.roof)
    left = {"arched": player.arched, "peaked": player.peaked}
    left[move.roof] -= 1
    state = state.with_player(replace(player, factory=tuple(buildings), **left))
    return _next_turn(
        state,
        move,
        [Event("roof_built", {"player": player.id, "card": move.card, "building": move.building, "roof": move.roof})],
        memo,
    )


def _do_contract(state, player, move, memo):
    state = _play_card(state, player, move.card)
    player = state.player(player.id)
    built = player.factory[move.building]
    rest = player.factory[: move.building] + player.factory[move.building + 1 :]
    block = state.block(move.block)
    billboards = block.billboards
    points = player.points
    retired = player.billboards_retired
    if (move.target or "empty") == "billboard":
        i = billboards.index(player.id)
        billboards = billboards[:i] + billboards[i + 1 :]
        points = paid(state, points, state.options.billboard_replacement_cost)
        retired += 1
    block = replace(
        block, buildings=block.buildings + (Building(player.id, built.floors, built.roof),), billboards=billboards
    )
    state = state.with_block(move.block, block)
    state = state.with_player(replace(player, factory=rest, points=points, billboards_retired=retired))
    return _next_turn(
        state,
        move,
        [
            Event(
                "building_placed",
                {
                    "player": player.id,
                    "card": move.card,
                    "block": move.block,
                    "floors": built.floors,
                    "roof": built.roof,
                    "on_billboard": (move.target or "empty") == "billboard",
                },
            )
        ],
        memo,
    )


def _do_billboard(state, player, move, memo):
    block = state.block(move.block)
    state = state.with_block(move.block, replace(block, billboards=block.billboards + (player.id,)))
    state = state.with_player(
        replace(player, billboards=player.billboards - 1, points=paid(state, player.points, data.BILLBOARD_COST))
    )
    return _next_turn(state, move, [Event("billboard_placed", {"player": player.id, "block": move.block})], memo)


def _do_discard(state, player, move, memo):
    state = _play_card(state, player, move.card)
    return _next_turn(
        state, move, [Event("card_played", {"player": player.id, "card": move.card, "action": None})], memo
    )


def _do_pass(state, player, move, memo):
    state = state.with_player(replace(player, passed=True))
    return _next_turn(state, move, [Event("passed", {"player": player.id})], memo)


def _next_turn(state, move, events, memo):
    state, more = flow.after_construction_action(state, move.player, memo)
    return state, events + more


def _do_bid(state, player, move, memo):
    sealed = state.auction.sealed + ((player.id, tuple(move.cards or ())),)
    order = {pid: i for i, pid in enumerate(state.player_ids())}
    sealed = tuple(sorted(sealed, key=lambda item: order.get(item[0], 99)))
    state = replace(state, auction=replace(state.auction, sealed=sealed))
    events = [Event("bid_laid", {"player": player.id})]
    if len(sealed) < len(state.players):
        return state, events
    bids = dict(sealed)
    if any(b is None for b in bids.values()):  # a view's hidden bid: cannot settle (validate says so)
        return state, events
    new, more = flow.resolve_auction(state, bids, memo)
    return new, events + more


def _do_bids(state, player, move, memo):
    return flow.resolve_auction(state, {pid: tuple(b) for pid, b in move.piles}, memo)


def _do_develop(state, player, move, memo):
    tile = state.award.tile
    block = state.block(move.block)
    if tile == "green":
        block = replace(block, greens=block.greens + 1)
    else:
        block = replace(block, large=tile)
    state = state.with_block(move.block, block)
    events = [Event("development_placed", {"player": player.id, "tile": tile, "block": move.block})]
    state, more = flow.after_development(state, memo)
    return state, events + more


def _do_draw(state, player, move, memo):
    events = []
    pile = state.pile(move.pile)
    if pile.draw_size == 0:
        state = cards.reshuffle(state, move.pile)
        events.append(Event("reshuffled", {"pile": move.pile}))
    state, card = cards.take_top(state, move.pile)
    if card is None:
        state = replace(state, pending=Pending("draw", player.id, move.pile))
        return state, events + [Event("reveal_needed", {"player": player.id, "pile": move.pile})]
    return _drawn(state, player.id, move.pile, card, events)


def _do_stop(state, player, move, memo):
    declined = state.draws_of(player.id)
    state = replace(state, draws_left=tuple((p, 0 if p == player.id else n) for p, n in state.draws_left))
    state, more = flow.advance_draw(state, player.id)
    return state, [Event("draws_declined", {"player": player.id, "declined": declined})] + more


def _do_reveal(state, player, move, memo):
    pending = state.pending
    pile = state.pile(pending.pile)
    if pending.kind == "top":
        state = state.with_pile(pending.pile, replace(pile, top=move.card))
        return replace(state, pending=None), [
            Event("card_revealed", {"player": player.id, "pile": pending.pile, "card": move.card})
        ]
    state = state.with_pile(pending.pile, replace(pile, draw_size=pile.draw_size - 1, top=None))
    return _drawn(replace(state, pending=None), player.id, pending.pile, move.card, [])


def _drawn(state, pid, deck, card, events):
    state = state.with_player(cards.add_to_hand(state.player(pid), card))
    state = flow.use_draw(state, pid)
    events = events + [Event("card_drawn", {"player": pid, "pile": deck, "card": card})]
    state, more = flow.advance_draw(state, pid)
    return state, events + more


EFFECTS = {
    "floor": _do_floor,
    "roof": _do_roof,
    "contract": _do_contract,
    "billboard": _do_billboard,
    "discard": _do_discard,
    "pass": _do_pass,
    "bid": _do_bid,
    "bids": _do_bids,
    "develop": _do_develop,
    "draw": _do_draw,
    "stop": _do_stop,
    "reveal": _do_reveal,
}


# =============================================================================================
# listing the legal moves
# =============================================================================================
def candidates(state: State, player: str | None = None, move_type: str | None = None) -> Iterator[Move]:
    """Moves worth checking now, optionally of one player or type: every legal move is among them or in a
    listed move's family. A lazy generator, so a caller that stops early pays only for what it took."""
    if state.phase == "over":
        return
    if state.pending is not None:
        found = _reveal_candidates(state)
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
    return cards.unknown_cards(state)


def twins_apart(indices: Iterable[int], kind_of, keep: int) -> list[int]:
    """The first ``keep`` indices of each kind (``kind_of(i)``): buildings of one kind are interchangeable,
    so a listing names the lowest-numbered ones and any other of the same kind is as legal."""
    seen: dict = {}
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
    pid = p.id
    yield Move("pass", pid)
    unfinished = twins_apart((i for i, b in enumerate(p.factory) if b.roof is None), lambda i: p.factory[i].floors, 1)
    finished = twins_apart(
        (i for i, b in enumerate(p.factory) if b.roof is not None),
        lambda i: (p.factory[i].floors, p.factory[i].roof),
        1,
    )
    placements = distinct_floor_placements(p)
    for c in _hand_candidates(state, p):
        spec = state.options.card(c)
        if spec is None:
            continue
        yield Move("discard", pid, card=c)
        if spec.deck == "floor":
            for targets in placements:
                yield Move("floor", pid, card=c, buildings=targets)
        elif spec.deck == "roof":
            for i in unfinished:
                for r in data.ROOFS:
                    yield Move("roof", pid, card=c, building=i, roof=r)
        else:
            for i in finished:
                for b in data.DISTRICT_BLOCKS.get(spec.district, ()):
                    yield Move("contract", pid, card=c, building=i, block=b, target="empty")
                    if pid in state.block(b).billboards:
                        yield Move("contract", pid, card=c, building=i, block=b, target="billboard")
    if p.billboards > 0:
        for b, _ in state.blocks:
            yield Move("billboard", pid, block=b, target="empty")


def card_kind(state: State, card: str) -> tuple:
    """What a card is, all that counts about it: two cards of one deck, value and district are interchangeable."""
    spec = state.options.card(card)
    return (spec.deck, spec.value, spec.district) if spec else (card,)


def distinct_piles(state: State, hand: tuple[str, ...]) -> list[tuple[str, ...]] | None:
    """Every distinct pile of a known hand, fewest cards first, cards of one kind interchangeable (a pile
    names the hand's first cards of each kind); None when there are more than data.BID_LIST_LIMIT."""
    kinds: dict[tuple, list[str]] = {}
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


def _reveal_candidates(state: State) -> Iterator[Move]:
    """The cards the pending reveal may name: the known top, else every card of the pile's deck in no
    known place (at most the deck's size)."""
    pending = state.pending
    top = state.pile(pending.pile).top
    if top is not None:
        yield Move("reveal", pending.player, card=top)
        return
    for c in cards.unknown_cards(state):
        if state.options.card(c).deck == pending.pile:
            yield Move("reveal", pending.player, card=c)


CANDIDATES = {
    "construction": _construction_candidates,
    "auction": _auction_candidates,
    "develop": _develop_candidates,
    "draw": _draw_candidates,
}
