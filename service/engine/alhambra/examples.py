"""What tests and documents need to know of Alhambra beyond its rules, declared with the game: the seats a
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
# gardens 3, 3, 2, 2 in the final scoring share (20 + 12) / 2 and 5 / 2, rounded down
WORKED: tuple[dict[str, Any], dict[str, int]] = (
    {
        "state": {
            "players": [
                {
                    "id": p,
                    "city": [{"x": x, "y": 0, "tile": {"type": "garden", "walls": []}} for x in range(1, n + 1)],
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


#: The seed text the game was built from: none (its readings quote its rulebook and public sources).
SEED_FILE: str | None = None

#: The seeded game the contract's examples come from (service/api/contract/played.py): its setup request,
#: and how many moves are played from it (the first legal move listed, each time) to reach the position
#: every route's example request is made from.
CONTRACT_SETUP: dict[str, Any] = {"players": ["anna", "ben", "cleo"], "seed": 7}
CONTRACT_MOVES = 2

#: One label the game's picture draws on a fresh table, in English and in each language's catalog.
PICTURE_LABEL: dict[str, str] = {
    "en": "Building market",
    "hu": "Épületpiac",
    "nl": "Gebouwenmarkt",
    "de": "Gebäudemarkt",
}

#: The game's first moves are everyone's at once (none: one player moves at a time): no move is out of turn then.
OPENS_WITH_EVERYONE_AT_ONCE = False

#: The conformance suite's seeded playouts (tests/conformance): how many games per player count, digital
#: and at a real table (as New York's: one at a real table).
CONFORMANCE_GAMES: dict[int, int] = {2: 1, 3: 1, 4: 1, 5: 1, 6: 1}
CONFORMANCE_TABLE_GAMES: dict[int, int] = {3: 1}

#: A whole game at a real table as the browser suite's referee plays it (tests/browser/test_real_table.py):
#: the players typed in, the listed move picked (0 the first, -1 the last), the page's width, the words of a
#: listed move played before the pick (None: none), and whether a move from a hand is played every other
#: turn.
#: (Alhambra's turn may be ended without an action and taking money never ends the game: its players buy
#: whenever a purchase is listed)
REAL_TABLE_GAME: dict[str, Any] = {
    "players": "anna, ben",
    "pick": 0,
    "width": 375,
    "prefer": "buys the tile",
    "private_first": True,
}

#: A seeded game a test plays to its end through a generated client (tests/test_generated_client.py).
CLIENT_GAME: dict[str, Any] = {"players": ["anna", "ben", "cleo"], "seed": 7}

#: The kinds of breakdown category (a category id up to its first ":") that the score requests of an ended
#: game (``score_requests``) give between them: every kind the game scores.
SCORE_CATEGORY_KINDS: frozenset[str] = frozenset(
    {"arcades", "chambers", "garden", "longest_wall", "pavilion", "seraglio", "tower"}
)
