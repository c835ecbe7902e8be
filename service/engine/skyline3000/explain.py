"""Skyline 3000's proposals for ``explain`` (service/engine/explain.py): its listed moves whose parameters
name what differs (a card played from a hand, a factory building, a block, a bid's cards), draws, whose pile
the table need not name, and reveals of what the table shows come up.

A card played goes to its deck's discard pile, and does nothing else that depends on which card it was (a
contract's district aside): where the observation shows that pile differing, the card played is one it
shows; where it does not, the cards of a deck (and district) are alike, and one of them stands for all."""

from __future__ import annotations

from dataclasses import replace

from ..explain import Clues, Proposer
from .state import Move, State

CARD_PLAYS = ("floor", "roof", "contract", "discard")


def alike(state: State, move: Move, clues: Clues) -> Move | None:
    """A card play's key: the move itself where the observation shows its card, nothing where it shows
    another card of the deck going to the discard pile, else the move with the card's deck and district."""
    if move.type not in CARD_PLAYS or move.card is None or move.card in clues.shown:
        return move
    card = state.options.card(move.card)
    if card is None:
        return move
    pile = f"/piles/{card.deck}/discard"
    if any(d.pointer == pile or d.pointer.startswith(pile + "/") for d in clues.differences):
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
