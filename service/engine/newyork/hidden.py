"""What a player cannot see: every tile and money card the state shows, what may still come up (at a real
table, what a reveal may bring), who enters a pending draw, and a player's view."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from ..kit import replace
from .data import COPIES, COPIES_TWO_PLAYERS, Edition
from .options import TWO_OF_EACH
from .state import Card, State, Tile


def copies(state: State) -> int:
    """How many cards of each value and currency the money deck holds: three, and with two players two
    when option ``two_player_money`` puts the third back in the box (``two_of_each``)."""
    return money_copies(len(state.players), state.options.two_player_money)


def money_copies(players: int, two_player_money: str) -> int:
    return COPIES_TWO_PLAYERS if players == 2 and two_player_money == TWO_OF_EACH else COPIES


def visible_tiles(state: State) -> Iterator[tuple[Tile, str]]:
    """Every tile outside the bag, with a pointer to where it lies."""
    for bank_index, tile in enumerate(state.market):
        if tile is not None:
            yield tile, f"/state/market/{bank_index}"
    for i, player in enumerate(state.players):
        for j, placed in enumerate(player.city):
            yield placed.tile, f"/state/players/{i}/city/{j}"
        for j, tile in enumerate(player.reserve):
            yield tile, f"/state/players/{i}/reserve/{j}"
        for j, tile in enumerate(player.to_place):
            yield tile, f"/state/players/{i}/to_place/{j}"
    if state.dummy is not None and state.dummy.tiles is not None:
        for j, tile in enumerate(state.dummy.tiles):
            yield tile, f"/state/dummy/tiles/{j}"


def unseen_tile_ids(state: State, edition: Edition) -> list[int]:
    """Catalogue ids in the bag: the bag itself when known, else every id not seen elsewhere."""
    if state.bag is not None:
        return [t.id for t in state.bag if t.id is not None]
    seen = {t.id for t, _ in visible_tiles(state)}
    return [i for i in edition.tile_ids if i not in seen]


def visible_money(state: State) -> Counter[Any]:
    counts: Counter[Any] = Counter()
    for player in state.players:
        counts.update(player.money or ())
    counts.update(c for c in state.money_market if c is not None)
    counts.update(state.discard)
    return counts


def unseen_money(state: State, edition: Edition) -> Counter[Any]:
    """Money cards that may be in the deck: the deck when known, else every card not seen elsewhere."""
    if state.money_deck is not None:
        return Counter(e for e in state.money_deck if isinstance(e, Card))
    full = Counter(Card(b, v) for b, v in edition.money_cards(copies(state)))
    full.subtract(visible_money(state))
    return +full


def unseen_scoring_cards(state: State) -> list[str]:
    """Scoring cards still in the deck (A until the first scoring, B until the second)."""
    return [card for card, done in (("A", 1), ("B", 2)) if state.scorings_done < done]


def deck_size(state: State, edition: Edition) -> int:
    if state.money_deck is not None:
        return len(state.money_deck)
    set_aside = state.phase == "setup"  # the scoring cards are shuffled in after the deal
    return sum(unseen_money(state, edition).values()) + (0 if set_aside else len(unseen_scoring_cards(state)))


def bag_size(state: State, edition: Edition) -> int:
    return len(unseen_tile_ids(state, edition))


def revealer(state: State) -> int | None:
    """The seat that enters a pending draw: the player being dealt starting money; the first seat for the
    rest of the deal; during play, the player whose turn ends."""
    if state.pending is None:
        return None
    if state.pending.kind == "starting_money":
        return next((i for i, p in enumerate(state.players) if p.id == state.pending.slot), None)
    if state.phase == "setup":
        return 0 if state.players else None
    return state.current


def seen_by(state: State, player: str) -> State:
    """``state`` as ``player`` may see it: other hands as their card counts only, no hidden orders."""
    players = tuple(p if p.id == player else replace(p, money=None, money_count=p.cards_held) for p in state.players)
    return replace(state, players=players, bag=None, money_deck=None, shuffle_seed=None)
