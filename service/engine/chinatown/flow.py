"""The year's phases: setup, deals, keeps, draws, the end of trading and placing, income, the end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..core import NULL_MEMO, Event, Memo, RulesError
from ..kit import pointer
from ..random import SEED_SPAN, Rng
from .book import BOOK
from .data import (
    LOTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS,
    SHOP_TYPES,
    START_MONEY,
    TILE_COUNTS,
    cards_dealt,
    cards_kept,
    tiles_drawn,
    year_of,
)
from .options import options_of
from .scoring import income_by_owner, shops_of, tiles_on_board
from .state import Board, Lot, Pending, Player, State, tiles_tuple


def seat_order(state: State) -> tuple[str, ...]:
    """Player ids clockwise from the first player (the players list is the seating order)."""
    ids = state.ids
    start = state.index_of(state.first_player)
    if start < 0:
        return ids
    return ids[start:] + ids[:start]


def next_undone(state: State) -> str | None:
    for pid in seat_order(state):
        if pid not in state.done:
            return pid
    return None


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
        return Pending("deal", nxt, cards_dealt(n, state.round) - len(state.player(nxt).hand or ()))
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


# ---- setup ---------------------------------------------------------------------------------------


def all_tiles() -> list[str]:
    return [shop for shop in SHOP_TYPES for _ in range(TILE_COUNTS[shop])]


def setup(players: Sequence[str], seed: int, options: Mapping) -> State:
    problems = []
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        problems.append(
            BOOK.violation(
                "state.player_count",
                "Chinatown needs {min} to {max} players.",
                pointer("players"),
                min=MIN_PLAYERS,
                max=MAX_PLAYERS,
            )
        )
    if len(set(players)) != len(players):
        problems.append(BOOK.violation("state.duplicate_player", "Player ids must be unique.", pointer("players")))
    if problems:
        raise RulesError(problems)
    opts = options_of(options)
    deck = bag = shuffle_seed = None
    if opts.chance == "digital":
        rng = Rng(seed)
        deck = tuple(rng.shuffled(LOTS))
        bag = tuple(rng.shuffled(all_tiles()))
        shuffle_seed = rng.below(SEED_SPAN)
    state = State(
        options=opts,
        players=tuple(Player(pid, START_MONEY, (), ()) for pid in players),
        round=1,
        phase="deal",
        first_player=players[0],
        done=(),
        board=Board(),
        deck=deck,
        bag=bag,
        shuffle_seed=shuffle_seed,
    )
    return start_deal(state, [])


# ---- phase transitions ---------------------------------------------------------------------------


def with_player(state: State, pid: str, **changes) -> State:
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
    hand = (state.player(pid).hand or ()) + tuple(lots)
    state = with_player(state, pid, hand=hand)
    events.append(Event("cards_dealt", {"player": pid, "count": len(lots)}))
    if len(hand) == cards_dealt(len(state.players), state.round):
        state = mark_done(state, pid)
    if all_done(state):
        return start_keep(state)
    return settle_pending(state, events)


def keep(state: State, pid: str, lots: tuple[int, ...], events: list[Event]) -> State:
    player = state.player(pid)
    discards = tuple(lot for lot in player.hand if lot not in lots)
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
    counts = dict(state.player(pid).tiles)
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


def end_turn(state: State, pid: str, events: list[Event], memo: Memo = NULL_MEMO) -> State:
    state = mark_done(state, pid)
    events.append(Event("turn_ended", {"player": pid}))
    if all_done(state):
        return end_year(state, events, memo)
    return state


def pay_income(state: State, events: list[Event], memo: Memo) -> State:
    income = income_by_owner(shops_of(state.board.as_dict(), memo))
    paid = {p.id: income.get(p.id, 0) for p in state.players}
    players = tuple(replace(p, money=(p.money or 0) + paid[p.id]) for p in state.players)
    events.append(Event("income_scoring", {"round": state.round, "year": year_of(state.round), "income": paid}))
    return replace(state, players=players)


def end_year(state: State, events: list[Event], memo: Memo) -> State:
    state = pay_income(state, events, memo)
    if state.round >= ROUNDS:
        state = replace(state, phase="end", done=(), pending=None)
        events.append(Event("game_ended", {"winners": winners(state), "money": money_of(state)}))
        return state
    first = state.first_player
    if state.options.rotate_first_player:
        first = seat_order(state)[1 % len(state.players)]
    state = replace(state, round=state.round + 1, first_player=first)
    events.append(Event("year_advanced", {"round": state.round, "year": year_of(state.round), "first_player": first}))
    return start_deal(state, events)


def money_of(state: State) -> dict[str, int]:
    return {p.id: p.money or 0 for p in state.players}


def winners(state: State) -> list[str]:
    """The richest; ties go to more tiles on the board (readings tie_break and unbroken_tie)."""
    built = tiles_on_board(state.board.as_dict())
    key = {p.id: (p.money or 0, built.get(p.id, 0)) for p in state.players}
    if not key:
        return []
    best = max(key.values())
    return [pid for pid in state.ids if key[pid] == best]


def kept_so_far(state: State) -> int:
    """Lots claimed by all players through the deals that are finished."""
    n = len(state.players)
    last = state.round - 1 if state.phase in ("deal", "keep") else state.round
    return n * sum(cards_kept(n, r) for r in range(1, last + 1))


def drawn_so_far(state: State) -> int:
    """Tiles drawn by all players so far (placed or in supplies)."""
    n = len(state.players)
    total = n * sum(tiles_drawn(n, r) for r in range(1, state.round))
    if state.phase == "draw":
        total += len(set(state.done) & set(state.ids)) * tiles_drawn(n, state.round)
    elif state.phase in ("trade", "place", "end"):
        total += n * tiles_drawn(n, state.round)
    return total
