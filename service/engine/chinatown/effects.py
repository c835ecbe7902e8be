"""What a legal move does, and the automatic steps of the year that follow it: deals and draws from a known
deck and bag, the claims after keeping, the start of placing, income at the end of a year, the next year
and the end of the game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..core import Event, Outcome, game_ended
from ..random import SEED_SPAN, Rng
from .checks import Flows, LotStep, flows_of, lot_steps, parties_of
from .data import ROUNDS, Edition, cards_dealt, tiles_drawn, year_of
from .hidden import expected_pending
from .scoring import income_by_owner, shops_of, winners
from .state import EndTrading, Keep, Lot, Move, Place, Player, Reveal, State, Trade, seat_order, tiles_tuple

INCOME_SCORED = "income_scored"


def effects(edition: Edition, state: State, move: Move) -> Outcome:
    """The outcome of a move that broke no rule."""
    events: list[Event] = []
    new_state = transition(edition, state, move, events)
    return Outcome(legal=True, state=new_state, events=tuple(events))


def transition(edition: Edition, state: State, move: Move, events: list[Event]) -> State:
    if isinstance(move, Reveal):
        return reveal(state, move, events)
    if isinstance(move, Keep):
        return keep(state, move.player, move.lots, events)
    if isinstance(move, Trade):
        return trade(state, move, events)
    if isinstance(move, EndTrading):
        return end_trading(state, move.player, events)
    if isinstance(move, Place):
        return place(state, move, events)
    return end_turn(edition, state, move.player, events)


def reveal(state: State, move: Reveal, events: list[Event]) -> State:
    """The pending deal's cards join the hand, or the pending draw's tiles the supply (the checks made sure
    the reveal gives what the pending one is for)."""
    pending = state.pending
    assert pending is not None
    if pending.kind == "deal":
        assert move.lots is not None
        return after_deal_reveal(replace(state, pending=None), move.player, move.lots, events)
    assert move.tiles is not None
    complete = len(move.tiles) == pending.count
    return after_draw_reveal(replace(state, pending=None), move.player, move.tiles, complete, events)


def trade(state: State, move: Trade, events: list[Event]) -> State:
    """The deal's net result, whatever order its transfers are listed in: each lot goes to the party
    it ends with (a built lot keeps its tile), tiles and money change hands; the votes to end trading
    start over."""
    players = traded_players(state, flows_of(move))
    events.append(Event("trade", {"parties": sorted(parties_of(move))}))
    return replace(state, board=state.board.with_lots(traded_lots(state, move)), players=players, done=())


def traded_lots(state: State, move: Trade) -> dict[int, Lot]:
    """Each lot the deal passes, with the party it ends with (a built lot keeps its tile)."""
    changes = {}
    for lot, steps in lot_steps(move).items():
        cell = state.board.get(lot)
        assert cell is not None, "the checks passed: a traded lot is claimed"
        changes[lot] = Lot(final_holder(cell.owner, steps), cell.shop)
    return changes


def traded_players(state: State, flows: Flows) -> tuple[Player, ...]:
    """The players with the tiles and money the deal moves."""
    players = []
    for p in state.players:
        tiles = Counter(dict(p.tiles))
        tiles.update(flows.tiles_received.get(p.id, Counter()))
        tiles.subtract(flows.tiles_given.get(p.id, Counter()))
        assert p.money is not None, "a consistent state shows every player's money"
        money = p.money + flows.money_received[p.id] - flows.money_given[p.id]
        players.append(replace(p, tiles=tiles_tuple(tiles), money=money))
    return tuple(players)


def final_holder(owner: str, steps: list[LotStep]) -> str:
    """Who holds a lot after the deal's passes of it: the one party that received it once more than
    it gave it (the owner, if it came back)."""
    held = Counter({owner: 1})
    for _, _, giver, receiver in steps:
        held[giver] -= 1
        held[receiver] += 1
    return next(pid for pid, count in held.items() if count == 1)


def place(state: State, move: Place, events: list[Event]) -> State:
    state = replace(state, board=state.board.with_lots({move.lot: Lot(move.player, move.shop)}))
    state = add_tiles(state, move.player, (move.shop,), -1)
    events.append(Event("tile_placed", {"player": move.player, "lot": move.lot, "shop": move.shop}))
    return state


def with_player(state: State, pid: str, **changes: Any) -> State:
    players = tuple(replace(p, **changes) if p.id == pid else p for p in state.players)
    return replace(state, players=players)


def mark_done(state: State, pid: str) -> State:
    return replace(state, done=state.done + (pid,))


def all_done(state: State) -> bool:
    return all(pid in state.done for pid in state.ids)


def settle_pending(state: State, events: list[Event]) -> State:
    pending = expected_pending(state)
    if pending is not None:
        events.append(
            Event("pending", {"pending": {"kind": pending.kind, "player": pending.player, "count": pending.count}})
        )
    return replace(state, pending=pending)


def start_deal(state: State, events: list[Event]) -> State:
    state = replace(state, phase="deal", done=(), pending=None)
    if state.deck is None:
        return settle_pending(state, events)
    deck = list(state.deck)
    count = cards_dealt(len(state.players), state.round)
    for pid in seat_order(state):
        hand, deck = tuple(deck[:count]), deck[count:]
        state = with_player(state, pid, hand=hand)
        events.append(Event("cards_dealt", {"player": pid, "count": len(hand)}))
    return start_keep(replace(state, deck=tuple(deck)))


def start_keep(state: State) -> State:
    return replace(state, phase="keep", done=(), pending=None)


def after_deal_reveal(state: State, pid: str, lots: tuple[int, ...], events: list[Event]) -> State:
    """The cards revealed join the player's hand; the player is done once the whole deal is in it."""
    hand = (state.seated(pid).hand or ()) + tuple(lots)
    state = with_player(state, pid, hand=hand)
    events.append(Event("cards_dealt", {"player": pid, "count": len(lots)}))
    if len(hand) == cards_dealt(len(state.players), state.round):
        state = mark_done(state, pid)
    if all_done(state):
        return start_keep(state)
    return settle_pending(state, events)


def keep(state: State, pid: str, lots: tuple[int, ...], events: list[Event]) -> State:
    hand = state.seated(pid).hand
    assert hand is not None, "a consistent state shows every hand"
    discards = tuple(lot for lot in hand if lot not in lots)
    if state.deck is not None:
        state = replace(state, deck=state.deck + discards)
    state = mark_done(with_player(state, pid, hand=tuple(sorted(lots))), pid)
    events.append(Event("cards_kept", {"player": pid, "count": len(lots)}))
    if not all_done(state):
        return state
    return finish_keep(state, events)


def finish_keep(state: State, events: list[Event]) -> State:
    """Everyone reveals the kept cards, puts markers on those lots; discards were shuffled back."""
    claims = {lot: Lot(p.id) for p in state.players for lot in (p.hand or ())}
    events.append(Event("lots_claimed", {"lots": {p.id: list(p.hand or ()) for p in state.players}}))
    state = replace(
        state,
        board=state.board.with_lots(claims),
        players=tuple(replace(p, hand=()) for p in state.players),
    )
    state = reshuffle_deck(state)
    return start_draw(state, events)


def reshuffle_deck(state: State) -> State:
    if state.deck is None or state.shuffle_seed is None:
        return state
    rng = Rng(state.shuffle_seed)
    deck = tuple(rng.shuffled(state.deck))
    return replace(state, deck=deck, shuffle_seed=rng.below(SEED_SPAN))


def start_draw(state: State, events: list[Event]) -> State:
    state = replace(state, phase="draw", done=(), pending=None)
    if state.bag is None:
        return settle_pending(state, events)
    bag = list(state.bag)
    count = tiles_drawn(len(state.players), state.round)
    for pid in seat_order(state):
        drawn, bag = bag[:count], bag[count:]
        state = add_tiles(state, pid, drawn)
        events.append(Event("tiles_drawn", {"player": pid, "tiles": sorted(drawn)}))
    return start_trade(replace(state, bag=tuple(bag)))


def add_tiles(state: State, pid: str, tiles: Sequence[str], sign: int = 1) -> State:
    counts = dict(state.seated(pid).tiles)
    for shop in tiles:
        counts[shop] = counts.get(shop, 0) + sign
    return with_player(state, pid, tiles=tiles_tuple(counts))


def after_draw_reveal(state: State, pid: str, tiles: tuple[str, ...], complete: bool, events: list[Event]) -> State:
    """The tiles revealed join the player's supply; the player is done once the whole draw is in it."""
    state = add_tiles(state, pid, tiles)
    if complete:
        state = mark_done(state, pid)
    events.append(Event("tiles_drawn", {"player": pid, "tiles": sorted(tiles)}))
    if all_done(state):
        return start_trade(state)
    return settle_pending(state, events)


def start_trade(state: State) -> State:
    return replace(state, phase="trade", done=(), pending=None)


def end_trading(state: State, pid: str, events: list[Event]) -> State:
    state = mark_done(state, pid)
    events.append(Event("trading_ended", {"player": pid}))
    if all_done(state):
        events.append(Event("placement_started", {"turn": seat_order(state)[0]}))
        return replace(state, phase="place", done=())
    return state


def end_turn(edition: Edition, state: State, pid: str, events: list[Event]) -> State:
    state = mark_done(state, pid)
    events.append(Event("turn_ended", {"player": pid}))
    if all_done(state):
        return end_year(edition, state, events)
    return state


def pay_income(edition: Edition, state: State, events: list[Event]) -> State:
    income = income_by_owner(shops_of(state.board.as_dict(), edition, state.options))
    paid = {p.id: income.get(p.id, 0) for p in state.players}
    players = tuple(replace(p, money=(p.money or 0) + paid[p.id]) for p in state.players)
    events.append(Event(INCOME_SCORED, {"round": state.round, "year": year_of(state.round), "awarded": paid}))
    return replace(state, players=players)


def end_year(edition: Edition, state: State, events: list[Event]) -> State:
    state = pay_income(edition, state, events)
    if state.round >= ROUNDS:
        state = replace(state, phase="end", done=(), pending=None)
        events.append(game_ended(winners(state), money_of(state)))
        return state
    first = state.first_player
    if state.options.rotate_first_player:
        first = seat_order(state)[1 % len(state.players)]
    state = replace(state, round=state.round + 1, first_player=first)
    events.append(Event("year_advanced", {"round": state.round, "year": year_of(state.round), "first_player": first}))
    return start_deal(state, events)


def money_of(state: State) -> dict[str, int]:
    return {p.id: p.money or 0 for p in state.players}
