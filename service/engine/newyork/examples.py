"""What tests and documents need to know of New York beyond its rules, declared with the game: the seats a
test plays with, the options of a game at a real table, where a wire state keeps its hidden draws and its
seeds, and the rulebook's worked example as a score request with the totals it gives. Plain JSON-ready data
(wire forms), so every shared suite reads them from the spec (``GameSpec.examples``), never from a table
of its own keyed by game id."""

from __future__ import annotations

from typing import Any

#: The players a test seats (a game the rules allow, the fewest most suites need).
PLAYERS: tuple[str, ...] = ("anna", "ben")

#: The options of a game played at a real table, every draw a reveal move (none: hiding the state's orders).
TABLE_OPTIONS: dict[str, Any] = {}

#: Where a wire state keeps its seed, as a path of keys.
SEED_FIELDS: tuple[str, ...] = ("seed",)


def at_a_real_table(state: dict[str, Any]) -> dict[str, Any]:
    """The wire state with every hidden order unknown (docs/wire.md, "Hidden information"): each later draw
    is a reveal."""
    return {**state, "bag": None, "money_deck": None, "seed": None}


#: The rulebook's worked example as a score request on a partial state, and the totals it gives.
WORKED: tuple[dict[str, Any], dict[str, int]] = (
    {
        "state": {
            "players": [
                {
                    "id": p,
                    "city": [{"x": x, "y": 0, "tile": {"type": "park", "streets": []}} for x in range(1, n + 1)],
                }
                for p, n in (("anna", 3), ("ben", 3), ("cleo", 2), ("dan", 2))
            ]
        },
        "scoring": "final",
    },
    {"anna": 16, "ben": 16, "cleo": 2, "dan": 2},
)

#: A pending reveal awaits the player it is for (its status names them).
PENDING_AWAITS_ITS_PLAYER = False

#: legal-moves lists a reveal of every pending draw at a real table (one card or tile at a time).
LISTS_EVERY_REVEAL = True


def score_requests(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The score requests that ask every scoring of an ended game's wire state with a breakdown of its own."""
    return [{"state": state}]


#: The seed text the game was built from (its file name's prefix among the seeds), which its readings of
#: provenance `seed` quote.
SEED_FILE: str | None = "000_"
