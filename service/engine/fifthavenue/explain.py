"""Fifth Avenue's proposals for ``explain`` (service/engine/explain.py): its listed moves whose parameters
name what differs (a plot and district built on, a commissioner's spot, the colours and cards of a bid or a
take), and reveals of what the table shows come up.

A bid is proposed from the auction's outcome: where the observation shows the same auction with the
bidder's cards laid, the bid adds some of the cards shown added (a sub-bag of them); where the observation
shows the bidder's hand, a bid of cards the hand lost is its own; otherwise bids alike in colour, total and
count (paid from a hand the table does not show) are tried once, or only the lowest of a colour where the
hand's size is seen whole again (a bid taken back by a pass: the lowest allows every later bid a higher
one would), and none of more cards than the hand is seen to have lost."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..explain import Clues, Proposer
from . import checks as C
from . import data as D
from .state import Move, State


def _shown_bid(state: State, move: Move, clues: Clues) -> list[str] | None:
    """The bidder's cards in the auction the observation shows, where it shows the state's auction."""
    observed = clues.observed
    auction = observed.get("auction") if isinstance(observed, Mapping) else None
    if state.auction is None or not isinstance(auction, Mapping) or auction.get("site") != state.auction.site:
        return None
    bids = auction.get("bids")
    if not isinstance(bids, list):
        return None
    for entry in bids:
        if isinstance(entry, Mapping) and entry.get("player") == move.player and isinstance(entry.get("cards"), list):
            return [str(c) for c in entry["cards"]]
    return None


def _lost(state: State, move: Move, clues: Clues) -> Counter[str] | None:
    """The cards the bidder's hand lost, where the observation shows the hand."""
    observed = clues.observed
    players = observed.get("players") if isinstance(observed, Mapping) else None
    if not isinstance(players, list):
        return None
    for index, seated in enumerate(state.players):
        if seated.id == move.player and index < len(players) and seated.hand is not None:
            shown = players[index].get("hand") if isinstance(players[index], Mapping) else None
            if isinstance(shown, list):
                return Counter(seated.hand) - Counter(str(c) for c in shown)
    return None


def alike(state: State, move: Move, clues: Clues) -> Any:
    """A bid's key (see the module's text); any other move is its own."""
    if move.type != "bid" or not move.cards or state.auction is None:
        return move
    cards = Counter(move.cards)
    shown = _shown_bid(state, move, clues)
    if shown is not None:
        mine = C.bid_of(state.auction, move.player)
        added = Counter(shown) - Counter(mine.cards if mine is not None else ())
        return move if not cards - added else None
    lost = _lost(state, move, clues)
    if lost is not None and not cards - lost:
        return move
    total = sum(D.card_parts(c)[1] for c in move.cards)
    size = _hand_size(state, move.player, clues)
    if size is not None:
        page, shown_size = size
        if shown_size == page:  # the hand is whole again: the bid was taken back by a pass, and the
            return ("bid", move.player, move.colour)  # lowest (``rank``) allows every later bid another would
        if len(move.cards) > page - shown_size:
            return None  # more cards than the hand is seen to have lost
    return ("bid", move.player, move.colour, total, len(move.cards))


def rank(move: Move) -> tuple[int, int]:
    """Proposals tried bids last, the lowest first."""
    if move.type != "bid" or not move.cards:
        return (0, 0)
    return (1, sum(D.card_parts(c)[1] for c in move.cards))


def _hand_size(state: State, player: str, clues: Clues) -> tuple[int, int] | None:
    """The bidder's hand size in the state and in the observation, where it observes it."""
    observed = clues.observed
    players = observed.get("players") if isinstance(observed, Mapping) else None
    for index, seated in enumerate(state.players):
        if seated.id == player and isinstance(players, list) and index < len(players):
            entry = players[index]
            shown = entry.get("hand_size") if isinstance(entry, Mapping) else None
            if isinstance(shown, int) and not isinstance(shown, bool):
                return seated.hand_size, shown
    return None


PROPOSER = Proposer(
    opaque=("below", "black_deck"),
    loose=("take_cards", "take_skyscrapers", "value_district"),
    ignore=("colour",),
    secret=("cards",),
    alike=alike,
    rank=rank,
)

# What a referee sees at the table: the districts, the supply row, the commissioners, points, supply and
# general stocks, hand sizes, whose turn, the auction, the colour stacks' face-up top cards ("only the top card
# is visible": the rules digest's setup) (not the cards in a hand, nor the order below a stack's top).
VISIBLE = {
    "players": {"id", "points", "supply", "general", "hand_size"},
    "": {"districts", "supply_row", "box", "commissioners", "businesses_placed", "turn", "auction", "stacks/top"},
}
# At a real table the referee enters every draw, so sees these too.
TABLE = ("hand",)
