"""Skyline 3000's proposals for ``explain`` (service/engine/explain.py): its listed moves whose parameters
name what differs (a card played from a hand, a factory building, a block, a bid's cards), draws, whose pile
the table need not name, and reveals of what the table shows come up."""

from __future__ import annotations

from ..explain import Proposer

PROPOSER = Proposer(opaque=("draw",), loose=("draw",), ignore=("target", "family"), secret=("card", "cards", "piles"))

# What a referee sees at the table: the blocks, the factories, roofs and billboards left, points, hand
# sizes, who passed, the auction house and the auction, the piles' face-up tops, whose turn and the phase.
VISIBLE = {
    "players": {"id", "points", "hand_size", "factory", "roofs", "billboards", "billboards_retired", "passed"},
    "": {"round", "phase", "key", "turn", "blocks", "floors", "auction_house", "auction", "award", "piles/top"},
}
# At a real table the referee enters every draw, so sees these too.
TABLE = ("hand",)
