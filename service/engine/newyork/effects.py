"""What a legal move does, and the automatic flow after it: the end of a turn (refills, scorings, the
dummy's tiles) and the end of the game. Every function takes the game's ``Edition`` (its banks, tiles and
tables)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ..core import Event, Outcome, game_ended
from ..kit import replace
from ..random import SEED_SPAN, Rng
from .data import DUMMY_FIRST, Edition
from .hidden import bag_size, unseen_money, unseen_scoring_cards
from .scoring import scoring_points
from .setup import deal, reveal_starting_money
from .state import DeckEntry, Move, Pending, Placed, State, Tile, player_index, with_player

SCORED = "scored"  # scoring A, B or final (the event's `scoring` says which)

Events = list[Event]


def effects(state: State, move: Move, edition: Edition) -> Outcome:
    """The outcome of a move that broke no rule."""
    events: Events = []
    who = player_index(state, move.player)
    assert who is not None  # the checks found the player
    state = EFFECTS[move.type](state, move, who, events, edition)
    return Outcome(legal=True, state=state, events=tuple(events))


def _end_actions(state: State, events: Events, edition: Edition) -> State:
    assert state.current is not None
    if state.players[state.current].to_place:
        return replace(state, phase="placement")
    return advance(replace(state, phase="refill"), events, edition)


def _take_money(state: State, move: Move, who: int, events: Events, edition: Edition) -> State:
    taken = [state.money_market[s] for s in move.slots]
    market = tuple(None if i in move.slots else c for i, c in enumerate(state.money_market))
    player = state.players[who]
    money = tuple(sorted((player.money or ()) + tuple(c for c in taken if c is not None)))
    state = with_player(replace(state, money_market=market), who, replace(player, money=money))
    return _end_actions(state, events, edition)


def _buy(state: State, move: Move, who: int, events: Events, edition: Edition) -> State:
    bank = edition.banks.index(move.slot or "")
    tile = state.market[bank]
    assert tile is not None
    player = state.players[who]
    hand = Counter(player.money)
    hand.subtract(move.cards)
    money = tuple(sorted(hand.elements()))
    market = tuple(None if i == bank else t for i, t in enumerate(state.market))
    state = replace(state, market=market, discard=state.discard + tuple(move.cards))
    state = with_player(state, who, replace(player, money=money, to_place=player.to_place + (tile,)))
    exact = sum(c.value for c in move.cards) == tile.cost
    events.append(Event("bought", {"player": player.id, "tile": tile.id, "exact": exact}))
    return state if exact else _end_actions(state, events, edition)


def _without(tiles: tuple[Tile, ...], tile_id: int | None) -> tuple[Tile, ...]:
    k = next(i for i, t in enumerate(tiles) if t.id == tile_id)
    return tiles[:k] + tiles[k + 1 :]


def _find(tiles: tuple[Tile, ...], tile_id: int | None) -> Tile:
    return next(t for t in tiles if t.id == tile_id)


def _cell(move: Move) -> tuple[int, int]:
    assert move.x is not None and move.y is not None  # the wire requires them for these moves
    return move.x, move.y


def _rebuild_place(state: State, move: Move, who: int, events: Events, edition: Edition) -> State:
    p = state.players[who]
    tile = _find(p.reserve, move.tile)
    p = replace(p, reserve=_without(p.reserve, move.tile), city=p.city + (Placed(*_cell(move), tile),))
    return _end_actions(with_player(state, who, p), events, edition)


def _rebuild_remove(state: State, move: Move, who: int, events: Events, edition: Edition) -> State:
    p = state.players[who]
    k = next(i for i, c in enumerate(p.city) if (c.x, c.y) == (move.x, move.y))
    p = replace(p, city=p.city[:k] + p.city[k + 1 :], reserve=p.reserve + (p.city[k].tile,))
    return _end_actions(with_player(state, who, p), events, edition)


def _rebuild_swap(state: State, move: Move, who: int, events: Events, edition: Edition) -> State:
    p = state.players[who]
    tile = _find(p.reserve, move.tile)
    k = next(i for i, c in enumerate(p.city) if (c.x, c.y) == (move.x, move.y))
    city = p.city[:k] + (Placed(*_cell(move), tile),) + p.city[k + 1 :]
    p = replace(p, city=city, reserve=_without(p.reserve, move.tile) + (p.city[k].tile,))
    return _end_actions(with_player(state, who, p), events, edition)


def _end_turn(state: State, move: Move, who: int, events: Events, edition: Edition) -> State:
    return _end_actions(state, events, edition)


def _after_placement(state: State, events: Events, edition: Edition) -> State:
    if state.phase == "final_placement":
        return finish_if_placed(state, events, edition)
    assert state.current is not None
    if state.players[state.current].to_place:
        return state
    return advance(replace(state, phase="refill"), events, edition)


def _place(state: State, move: Move, who: int, events: Events, edition: Edition) -> State:
    p = state.players[who]
    tile = _find(p.to_place, move.tile)
    p = replace(p, to_place=_without(p.to_place, move.tile), city=p.city + (Placed(*_cell(move), tile),))
    return _after_placement(with_player(state, who, p), events, edition)


def _reserve(state: State, move: Move, who: int, events: Events, edition: Edition) -> State:
    p = state.players[who]
    tile = _find(p.to_place, move.tile)
    p = replace(p, to_place=_without(p.to_place, move.tile), reserve=p.reserve + (tile,))
    return _after_placement(with_player(state, who, p), events, edition)


def _give_dummy(state: State, move: Move, who: int, events: Events, edition: Edition) -> State:
    p = state.players[who]
    tile = _find(p.to_place, move.tile)
    p = replace(p, to_place=_without(p.to_place, move.tile))
    assert state.dummy is not None
    dummy = replace(state.dummy, tiles=(state.dummy.tiles or ()) + (tile,))
    return _after_placement(replace(with_player(state, who, p), dummy=dummy), events, edition)


def _reveal(state: State, move: Move, who: int, events: Events, edition: Edition) -> State:
    pending = state.pending
    assert pending is not None
    state = replace(state, pending=None)
    if pending.kind == "starting_money":
        assert isinstance(move.card, tuple) and isinstance(pending.slot, str)
        state = reveal_starting_money(state, pending.slot, move.card, events)
    elif pending.kind == "money_card":
        assert move.card is not None and isinstance(pending.slot, int)
        state = reveal_money(state, pending.slot, move.card, events, edition)
    elif pending.kind == "market_tile":
        assert move.tile is not None and isinstance(pending.slot, str)
        tile = edition.catalogue_tile(state.options.type_tiers, move.tile)
        state = reveal_market_tile(state, edition.banks.index(pending.slot), tile, events, edition)
    else:
        assert move.tile is not None
        state = reveal_dummy_tile(state, edition.catalogue_tile(state.options.type_tiers, move.tile), events)
    return deal(state, events, edition) if state.phase == "setup" else advance(state, events, edition)


EFFECTS: dict[str, Callable[[State, Move, int, Events, Edition], State]] = {
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


# --- the end of a turn ------------------------------------------------------------------------------


def advance(state: State, events: Events, edition: Edition) -> State:
    """Run the refill until it needs a reveal or the next turn starts (or the game ends)."""
    while state.phase == "refill" and state.pending is None:
        if state.dummy is not None and state.dummy_owed > 0:
            state = _dummy_draw(state, events, edition)
            continue
        slot = _fillable_money_slot(state, edition)
        if slot is not None:
            state = _money_draw(state, slot, events, edition)
            continue
        bank = next((i for i, t in enumerate(state.market) if t is None), None)
        if bank is not None:
            if bag_size(state, edition) == 0:
                return end_game(state, events, edition)
            state = _tile_draw(state, bank, events, edition)
            continue
        assert state.current is not None
        current = (state.current + 1) % len(state.players)
        state = replace(state, phase="actions", current=current)
        events.append(Event("turn_started", {"player": state.players[current].id}))
    return state


def _fillable_money_slot(state: State, edition: Edition) -> int | None:
    slot = next((i for i, c in enumerate(state.money_market) if c is None), None)
    if slot is None:
        return None
    if state.money_deck is not None:
        return slot if state.money_deck or state.discard else None
    has_unseen = sum(unseen_money(state, edition).values()) + len(unseen_scoring_cards(state))
    return slot if has_unseen or state.discard else None


def _money_draw(state: State, slot: int, events: Events, edition: Edition) -> State:
    deck = state.money_deck
    if deck is None:
        if not sum(unseen_money(state, edition).values()) and not unseen_scoring_cards(state):
            events.append(Event("money_reshuffled", {"cards": len(state.discard)}))
            state = replace(state, discard=())
        return replace(state, pending=Pending("money_card", slot))
    if not deck:
        events.append(Event("money_reshuffled", {"cards": len(state.discard)}))
        if state.shuffle_seed is None:
            return replace(state, money_deck=None, discard=(), pending=Pending("money_card", slot))
        rng = Rng(state.shuffle_seed)
        deck = tuple(rng.shuffled(list(state.discard)))
        state = replace(state, money_deck=deck, discard=(), shuffle_seed=rng.below(SEED_SPAN))
    state = replace(state, money_deck=deck[1:])
    return reveal_money(state, slot, deck[0], events, edition)


def reveal_money(state: State, slot: int, entry: DeckEntry, events: Events, edition: Edition) -> State:
    """A card turned up for money slot ``slot``: a money card fills it; a scoring card scores."""
    if isinstance(entry, str):
        events.append(Event("scoring_card_revealed", {"scoring": entry}))
        return apply_scoring(state, entry, events, edition)
    market = list(state.money_market)
    market[slot] = entry
    events.append(Event("money_card_revealed", {"slot": slot, "card": {"bank": entry.bank, "value": entry.value}}))
    return replace(state, money_market=tuple(market))


def _tile_draw(state: State, bank: int, events: Events, edition: Edition) -> State:
    if state.bag is None:
        return replace(state, pending=Pending("market_tile", edition.banks[bank]))
    return reveal_market_tile(replace(state, bag=state.bag[1:]), bank, state.bag[0], events, edition)


def reveal_market_tile(state: State, bank: int, tile: Tile, events: Events, edition: Edition) -> State:
    market = list(state.market)
    market[bank] = tile
    events.append(Event("market_tile_revealed", {"slot": edition.banks[bank], "tile": tile.id}))
    return replace(state, market=tuple(market))


def _dummy_draw(state: State, events: Events, edition: Edition) -> State:
    if bag_size(state, edition) == 0:
        return replace(state, dummy_owed=0)
    if state.bag is None:
        return replace(state, pending=Pending("dummy_tile"))
    return reveal_dummy_tile(replace(state, bag=state.bag[1:]), state.bag[0], events)


def reveal_dummy_tile(state: State, tile: Tile, events: Events) -> State:
    assert state.dummy is not None
    dummy = replace(state.dummy, tiles=(state.dummy.tiles or ()) + (tile,))
    events.append(Event("dummy_tile_drawn", {"tile": tile.id}))
    return replace(state, dummy=dummy, dummy_owed=state.dummy_owed - 1)


def apply_scoring(state: State, scoring: str, events: Events, edition: Edition) -> State:
    """Score A, B or final: every player's points grow, and the dummy's; the dummy gets its tiles after A and B."""
    result = scoring_points(state, scoring, edition)
    players = tuple(replace(p, points=p.points + result["totals"][p.id]) for p in state.players)
    done = {"A": 1, "B": 2, "final": 3}[scoring]
    owed = state.dummy_owed
    state = replace(state, players=players, scorings_done=done)
    details = {"scoring": scoring, "awarded": result["totals"]}
    if state.dummy is not None:
        state = replace(state, dummy=replace(state.dummy, points=state.dummy.points + result["dummy"]["total"]))
        details["dummy"] = result["dummy"]["total"]
        if scoring in ("A", "B"):
            owed = DUMMY_FIRST if scoring == "A" else bag_size(state, edition) // 3
    events.append(Event(SCORED, details))
    return replace(state, dummy_owed=owed)


# --- the end of the game -----------------------------------------------------------------------------


def end_game(state: State, events: Events, edition: Edition) -> State:
    """The market could not be refilled: leftovers go to the richest in their bank (a tie leaves them)."""
    events.append(Event("market_exhausted", {}))
    market = list(state.market)
    gains: dict[int, list[Tile]] = {}
    for bank_index, tile in enumerate(state.market):
        if tile is None:
            continue
        bank = edition.banks[bank_index]
        totals = [sum(c.value for c in p.money or () if c.bank == bank) for p in state.players]
        best = max(totals)
        if best > 0 and totals.count(best) == 1:
            winner = totals.index(best)
            gains.setdefault(winner, []).append(tile)
            market[bank_index] = None
            events.append(
                Event("leftover_awarded", {"slot": bank, "tile": tile.id, "player": state.players[winner].id})
            )
    players = tuple(replace(p, to_place=p.to_place + tuple(gains.get(i, ()))) for i, p in enumerate(state.players))
    state = replace(state, players=players, market=tuple(market), phase="final_placement", pending=None)
    return finish_if_placed(state, events, edition)


def finish_if_placed(state: State, events: Events, edition: Edition) -> State:
    if any(p.to_place for p in state.players):
        return state
    state = apply_scoring(state, "final", events, edition)
    best = max(p.points for p in state.players)
    winners = tuple(p.id for p in state.players if p.points == best)
    events.append(game_ended(winners, {p.id: p.points for p in state.players}))
    return replace(state, phase="over", winners=winners, dummy_owed=0)
