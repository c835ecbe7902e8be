"""What tests and documents need to know of Skyline 3000 beyond its rules, declared with the game: the seats a
test plays with, the options of a game at a real table, where a wire state keeps its hidden draws and its
seeds, and the rulebook's worked example as a score request with the totals it gives. Plain JSON-ready data
(wire forms), so every shared suite reads them from the spec (``GameSpec.examples``), never from a table
of its own keyed by game id."""

from __future__ import annotations

from typing import Any

#: The players a test seats (a game the rules allow, the fewest most suites need).
PLAYERS: tuple[str, ...] = ("anna", "ben", "cleo")

#: The options of a game played at a real table, every draw a reveal move (none: hiding the state's orders).
TABLE_OPTIONS: dict[str, Any] = {}

#: Where a wire state keeps its seed, as a path of keys.
SEED_FIELDS: tuple[str, ...] = ("seed",)


def at_a_real_table(state: dict[str, Any]) -> dict[str, Any]:
    """The wire state with every hidden order unknown (docs/wire.md, "Hidden information"): each later draw
    is a reveal."""
    return {**state, "piles": {k: {**v, "draw": None} for k, v in state["piles"].items()}}


#: The rulebook's worked example as a score request on a partial state, and the totals it gives.
WORKED: tuple[dict[str, Any], dict[str, int]] = (
    {
        "state": {
            "blocks": {
                "yellow-1": {
                    "buildings": [
                        {"owner": "purple", "floors": 1, "roof": "arched"},
                        {"owner": "purple", "floors": 2, "roof": "arched"},
                        {"owner": "green", "floors": 2, "roof": "arched"},
                    ],
                    "greens": 1,
                    "billboards": ["white"],
                    "large": "spaceport",
                },
                "yellow-2": {
                    "buildings": [
                        {"owner": o, "floors": f, "roof": "peaked"}
                        for o, f in (("white", 1), ("green", 2), ("orange", 3), ("green", 3), ("white", 4))
                    ],
                    "greens": 2,
                    "large": "megamarket",
                },
                "yellow-3": {
                    "buildings": [
                        {"owner": o, "floors": f, "roof": "arched"}
                        for o, f in (("purple", 1), ("white", 1), ("green", 1), ("orange", 2))
                    ],
                    "billboards": ["orange"],
                },
            }
        }
    },
    {"purple": 5, "green": 7, "white": 9, "orange": 3},
)

#: A pending reveal awaits the player it is for (its status names them).
PENDING_AWAITS_ITS_PLAYER = True

#: legal-moves lists a reveal of every pending draw at a real table (one card or tile at a time).
LISTS_EVERY_REVEAL = True


def score_requests(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The score requests that ask every scoring of an ended game's wire state with a breakdown of its own."""
    return [{"state": state}]


#: The seed text the game was built from (its file name's prefix among the seeds), which its readings of
#: provenance `seed` quote.
SEED_FILE: str | None = "002_"
