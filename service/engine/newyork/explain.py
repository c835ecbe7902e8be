"""New York's proposals for ``explain`` (service/engine/explain.py): its listed moves whose parameters name
what differs. A purchase is named by its market slot alone (the cards paid need not be observed: money is
held in the hand), a swap by the tile swapped in, a reveal by the card or tile the observation shows come up."""

from __future__ import annotations

from typing import Any

from ..explain import Proposer


def _named(move: Any) -> tuple[Any, ...]:
    if move.type == "buy":
        return (move.slot,)
    if move.type == "rebuild_swap":  # the tile swapped in, where another stood: its place does not differ
        return (move.tile,)
    return ()


PROPOSER = Proposer(opaque=("money_deck", "bag"), named=_named, secret=("cards",))

# What a referee sees at the table: the cities, reserves, points and tiles waiting to be placed, the markets,
# whose turn it is and the phase (not the money in a hand, nor the order of the bag or the deck).
VISIBLE = {
    "players": {"id", "city", "reserve", "points", "to_place"},
    "": {"current", "phase", "market", "money_market", "scorings_done"},
}
# At a real table the referee enters every draw, so sees these too.
TABLE = ("money",)
