"""Arranging a digital game for a test while keeping every tile and money card conserved."""

from __future__ import annotations

from dataclasses import replace

from service.engine.newyork.state import Card, State

from .helpers import TILES, set_player


def put_market(state: State, slot: int, tile_id: int) -> State:
    """Bring catalogue tile ``tile_id`` from the bag to market slot ``slot`` (the old one goes to the bag)."""
    bag = list(state.bag)
    k = next(i for i, t in enumerate(bag) if t.id == tile_id)
    market = list(state.market)
    bag[k], market[slot] = market[slot], bag[k]
    return replace(state, bag=tuple(t for t in bag if t is not None), market=tuple(market))


def take_from_bag(state: State, tile_id: int) -> tuple[State, object]:
    bag = list(state.bag)
    k = next(i for i, t in enumerate(bag) if t.id == tile_id)
    tile = bag.pop(k)
    return replace(state, bag=tuple(bag)), tile


def _take_cards(state: State, cards) -> State:
    """Remove ``cards`` from the deck (or, failing that, from another player's hand or the money market)."""
    deck = list(state.money_deck)
    for card in cards:
        card = Card(*card)
        if card in deck:
            deck.remove(card)
            continue
        market = list(state.money_market)
        if card in market:
            market[market.index(card)] = None
            state = replace(state, money_market=tuple(market))
            continue
        for i, p in enumerate(state.players):
            if card in p.money:
                hand = list(p.money)
                hand.remove(card)
                state = set_player(state, i, money=tuple(hand))
                break
        else:
            raise AssertionError(f"{card} is nowhere")
    return replace(state, money_deck=tuple(deck))


def give_money(state: State, i: int, cards, keep: bool = False) -> State:
    """Player ``i`` holds exactly ``cards`` (plus its old hand when ``keep``); the rest goes back to the deck."""
    cards = [Card(*c) for c in cards]
    old = state.players[i].money
    state = set_player(state, i, money=())
    state = replace(state, money_deck=state.money_deck + tuple(old))
    hand = list(old) if keep else []
    state = _take_cards(state, cards)
    return set_player(state, i, money=tuple(sorted(hand + cards)))


def set_money_market(state: State, cards) -> State:
    old = [c for c in state.money_market if c is not None]
    state = replace(state, money_market=(None,) * 4, money_deck=state.money_deck + tuple(old))
    cards = [Card(*c) if c is not None else None for c in cards]
    state = _take_cards(state, [c for c in cards if c is not None])
    return replace(state, money_market=tuple(cards))


def deck_top(state: State, entries) -> State:
    """Put ``entries`` (money cards or "A"/"B") on top of the deck, in that order."""
    deck = list(state.money_deck)
    top = []
    for e in entries:
        e = e if isinstance(e, str) else Card(*e)
        deck.remove(e)
        top.append(e)
    return replace(state, money_deck=tuple(top + deck))


def tile(tile_id: int):
    return TILES[tile_id]
