"""What tests and documents need to know of Chinatown beyond its rules, declared with the game: the seats a
test plays with, the options of a game at a real table, where a wire state keeps its hidden draws and its
seeds, and the rulebook's worked example as a score request with the totals it gives. Plain JSON-ready data
(wire forms), so every shared suite reads them from the spec (``GameSpec.examples``), never from a table
of its own keyed by game id."""

from __future__ import annotations

from typing import Any

#: The players a test seats (a game the rules allow, the fewest most suites need).
PLAYERS: tuple[str, ...] = ("anna", "ben", "cleo")

#: The options of a game played at a real table, every draw a reveal move (none: hiding the state's orders).
TABLE_OPTIONS: dict[str, Any] = {"chance": "table"}

#: Where a wire state keeps its seed, as a path of keys.
SEED_FIELDS: tuple[str, ...] = ("seed",)


def at_a_real_table(state: dict[str, Any]) -> dict[str, Any]:
    """The wire state with every hidden order unknown (docs/wire.md, "Hidden information"): each later draw
    is a reveal."""
    return state  # setup with TABLE_OPTIONS deals nothing: every draw is a reveal already


#: The rulebook's worked example as a score request on a partial state, and the totals it gives.
WORKED: tuple[dict[str, Any], dict[str, int]] = (
    {
        "state": {
            "board": {
                str(lot): {"owner": "simon", "shop": shop}
                for lot, shop in (
                    (1, "seafood"),
                    (2, "seafood"),
                    (4, "seafood"),
                    (16, "laundry"),
                    (17, "laundry"),
                    (18, "laundry"),
                    (52, "factory"),
                    (53, "factory"),
                    (56, "factory"),
                )
            }
        }
    },
    {"simon": 120000},
)

#: A pending reveal awaits the player it is for (its status names them).
PENDING_AWAITS_ITS_PLAYER = True

#: legal-moves lists a reveal of every pending draw at a real table: not a deal of several building cards,
#: too many to list (a reveal of them is checked, not listed).
LISTS_EVERY_REVEAL = False


def score_requests(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The score requests that ask every scoring of an ended game's wire state with a breakdown of its own:
    the income scoring and the final ranking."""
    return [{"state": state, "scoring": "income"}, {"state": state, "scoring": "final"}]


#: The seed text the game was built from (its file name's prefix among the seeds), which its readings of
#: provenance `seed` quote.
SEED_FILE: str | None = "001_"
