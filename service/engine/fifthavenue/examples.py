"""What tests and documents need to know of Fifth Avenue beyond its rules, declared with the game: the seats a
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
SEED_FIELDS: tuple[str, ...] = ("black_deck", "seed")


def at_a_real_table(state: dict[str, Any]) -> dict[str, Any]:
    """The wire state with every hidden order unknown (docs/wire.md, "Hidden information"): each later draw
    is a reveal."""
    return {
        **state,
        "stacks": {k: {**v, "below": None} for k, v in state["stacks"].items()},
        "black_deck": {**state["black_deck"], "cards": None, "seed": None},
        "park_order": None,
    }


#: The rulebook's worked example as a score request on a partial state, and the totals it gives.
WORKED: tuple[dict[str, Any], dict[str, int]] = (
    {
        "state": {
            "districts": {
                "times-square": {
                    "plots": {
                        "violet": {"skyscrapers": {"owner": "yellow", "count": 1}},
                        "orange": {"businesses": ["boutique", "jeweler"]},
                        "brown": {"businesses": ["gallery"]},
                        "gray": {"skyscrapers": {"owner": "blue", "count": 3}},
                        "green": {"businesses": ["gallery"]},
                    }
                }
            }
        },
        "scoring": "building_stop:times-square",
        "declarer": "red",
    },
    {"yellow": 2, "blue": 3, "red": 4},
)

#: A pending reveal awaits the player it is for (its status names them).
PENDING_AWAITS_ITS_PLAYER = False

#: legal-moves lists a reveal of every pending draw at a real table (one card or tile at a time).
LISTS_EVERY_REVEAL = True


def score_requests(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The score requests that ask every scoring of an ended game's wire state with a breakdown of its own:
    the standing, a district's valuation and a building stop's (declared by the first player)."""
    district = next(did for did, d in state["districts"].items() if not d["stopped"])
    return [
        {"state": state},
        {"state": state, "scoring": f"district:{district}"},
        {"state": state, "scoring": f"building_stop:{district}", "declarer": state["players"][0]["id"]},
    ]


#: The seed text the game was built from (its file name's prefix among the seeds), which its readings of
#: provenance `seed` quote.
SEED_FILE: str | None = "003_"
