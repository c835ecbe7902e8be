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

#: The seeded game the contract's examples come from (service/api/contract/played.py): its setup request,
#: and how many moves are played from it (the first legal move listed, each time) to reach the position
#: every route's example request is made from.
CONTRACT_SETUP: dict[str, Any] = {
    "players": ["anna", "bob", "cleo"],
    "seed": 7,
    "options": {"valuation_black_cards": 2, "black_deck_empty": "reshuffle"},
}
CONTRACT_MOVES = 9

#: One label the game's picture draws on a fresh table, in English and in each language's catalog.
PICTURE_LABEL: dict[str, str] = {"en": "Supply row", "hu": "Kínálat", "nl": "Etalage", "de": "Auslage"}

#: The game's first moves are everyone's at once (none: one player moves at a time): no move is out of turn then.
OPENS_WITH_EVERYONE_AT_ONCE = False

#: The conformance suite's seeded playouts (tests/conformance): how many games per player count, digital
#: and at a real table.
CONFORMANCE_GAMES: dict[int, int] = {2: 3, 3: 3, 4: 3}
CONFORMANCE_TABLE_GAMES: dict[int, int] = {3: 1, 4: 1}

#: A whole game at a real table as the browser suite's referee plays it (tests/browser/test_real_table.py):
#: the players typed in, the listed move picked (0 the first, -1 the last), the page's width, the words of a
#: listed move played before the pick (None: none), and whether a move from a hand is played every other
#: turn.
REAL_TABLE_GAME: dict[str, Any] = {
    "players": "anna, ben",
    "pick": 0,
    "width": 1280,
    "prefer": None,
    "private_first": False,
}

#: A seeded game a test plays to its end through a generated client (tests/test_generated_client.py).
CLIENT_GAME: dict[str, Any] = {"players": ["anna", "ben", "cleo"], "seed": 5}

#: The kinds of breakdown category (a category id up to its first ":") that the score requests of an ended
#: game (``score_requests``) give between them: every kind the game scores.
SCORE_CATEGORY_KINDS: frozenset[str] = frozenset({"building_stop", "central_park", "district", "points_before"})
