"""Fifth Avenue's proposals for ``explain`` (service/engine/explain.py): its listed moves whose parameters
name what differs (a plot and district built on, a commissioner's spot, the colours and cards of a bid or a
take), and reveals of what the table shows come up."""

from __future__ import annotations

from ..explain import Proposer

PROPOSER = Proposer(
    opaque=("below", "black_deck"),
    loose=("take_cards", "take_skyscrapers", "value_district"),
    ignore=("colour",),
    secret=("cards",),
)

# What a referee sees at the table: the districts, the supply row, the commissioners, points, supply and
# general stocks, hand sizes, whose turn, the auction (not the cards in a hand, nor the stacks' order).
VISIBLE = {
    "players": {"id", "points", "supply", "general", "hand_size"},
    "": {"districts", "supply_row", "box", "commissioners", "businesses_placed", "turn", "auction"},
}
# At a real table the referee enters every draw, so sees these too.
TABLE = ("hand",)
