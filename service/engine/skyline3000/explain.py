"""Skyline 3000's proposals for ``explain`` (service/engine/explain.py): its listed moves whose parameters
name what differs (a card played from a hand, a factory building, a block, a bid's cards), draws, whose pile
the table need not name, and reveals of what the table shows come up.

A card played goes to its deck's discard pile, and does nothing else that depends on which card it was (a
contract's district aside): where the observation shows that pile differing, the card played is one it
shows; where it does not, the cards of a deck (and district) are alike, and one of them stands for all."""

from __future__ import annotations

from typing import Any

from ..explain import Clues, Proposer
from ..kit import replace
from . import data, effects
from .state import Move, State

CARD_PLAYS = ("floor", "roof", "contract", "discard")


def _discards_shown(clues: Clues) -> bool:
    return any(f"/piles/{deck}/discard" in clues.places for deck in data.DECKS)


def _bid_key(state: State, move: Move, clues: Clues) -> Any:
    """A sealed bid's key. The last bid, which settles the auction, and loses it: all such bids leave the
    same state (a loser keeps his cards). Otherwise, where neither a hand nor a discard pile is observed
    differing: its bidder, its value (sum and highest card) and, where the bidder's hand size is observed
    to change, its count (all the table can tell of it: hand sizes and who won); where the hand is observed
    shrunk, only bids of as many cards as it lost (a winner pays his bid; a loser keeps it)."""
    auction = state.auction
    cards = [state.options.card(c) for c in move.cards or ()]
    if auction is None or any(c is None for c in cards):
        return move
    sealed = dict(auction.sealed)
    if move.player not in sealed and len(sealed) + 1 == len(state.players) and None not in sealed.values():
        bids = {pid: tuple(bid or ()) for pid, bid in sealed.items()}
        bids[move.player] = tuple(move.cards or ())
        winner = effects.auction_winner(state, bids)
        if winner != move.player:
            return ("bid", move.player, "lost", winner)
    if clues.hands or _discards_shown(clues) or set(move.cards or ()) <= clues.shown:
        return move  # the table shows which cards: a sealed pile laid, a hand, a discard pile
    values = [c.value for c in cards if c is not None]
    index = state.player_index(move.player)
    change = clues.at.get(f"/players/{index}/hand_size")
    if change is not None and isinstance(change.page, int) and isinstance(change.observed, int):
        paid = change.page - change.observed
        if paid > 0 and len(values) != paid:
            return None  # the hand shrank by what its winning bid paid: a bid of another count did not win
    return ("bid", move.player, len(values) if change else None, sum(values), max(values, default=0))


def alike(state: State, move: Move, clues: Clues) -> Any:
    """A card play's key: the move itself where the observation shows its card, nothing where it shows
    another card of the deck going to the discard pile, else the move with the card's deck and district;
    a sealed bid's, ``_bid_key``."""
    if move.type == "bid" and move.cards:
        return _bid_key(state, move, clues)
    if move.type not in CARD_PLAYS or move.card is None or move.card in clues.shown:
        return move
    card = state.options.card(move.card)
    if card is None:
        return move
    if f"/piles/{card.deck}/discard" in clues.places:
        return None
    return replace(move, card=f"{card.deck}:{card.district or ''}")


PROPOSER = Proposer(
    opaque=("draw",),
    loose=("draw",),
    ignore=("target", "family"),
    secret=("card", "cards", "piles"),
    alike=alike,
)

# What a referee sees at the table: the blocks, the factories, roofs and billboards left, points, hand
# sizes, who passed, the auction house and the auction, the piles' face-up tops, whose turn and the phase.
VISIBLE = {
    "players": {"id", "points", "hand_size", "factory", "roofs", "billboards", "billboards_retired", "passed"},
    "": {"round", "phase", "key", "turn", "blocks", "floors", "auction_house", "auction", "award", "piles/top"},
}
# At a real table the referee enters every draw, so sees these too.
TABLE = ("hand",)
