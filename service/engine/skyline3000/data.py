"""Skyline 3000 tables: districts, blocks, the default board, the card decks and the piece counts.

Sources (the rules page, service/engine/skyline3000/rules.yaml, and the seed): 3 districts x 3 blocks, one large
platform per block, 90 floors, 20 billboards and 20 + 20 roofs in 4 colours, 14 roof, 24 floor and 24
contract cards, 12 greens (4 start on the board, 4 + 4 in the auction house), 2 spaceports on 2
megamarkets. The default board and the card values are assumptions (the options ``board`` and ``cards``
replace them).
"""

from __future__ import annotations

from ..kit import N_, Edition

#: The texts (message ids, or the game's name where a picture does not translate it) Skyline 3000's code
#: writes where a text names the game, by role. A re-skin gives its own.
TEXTS: dict[str, str] = {
    "rule.player_count": N_("Skyline 3000 is for 2 to 4 players."),
    "setup.player_count": N_("Skyline 3000 is for 2 to 4 players, not {count}."),
    "picture.title": "Skyline 3000",
    "picture.city": N_("Skyline 3000 city"),
}
PLACINGS = "block_placings"  # the remembered placings of a block (``scoring.all_placings``)


SKYLINE_3000 = Edition(id="skyline3000", name="Skyline 3000", texts=TEXTS, remembered=(PLACINGS,))

GAME_ID = SKYLINE_3000.id  # codes, memo kinds and the wire derive from it

DISTRICTS = ("red", "yellow", "blue")
BLOCK_IDS = tuple(f"{d}-{i}" for d in DISTRICTS for i in (1, 2, 3))
BLOCK_DISTRICT = {b: b.rsplit("-", 1)[0] for b in BLOCK_IDS}
DISTRICT_BLOCKS = {d: tuple(b for b in BLOCK_IDS if BLOCK_DISTRICT[b] == d) for d in DISTRICTS}

ROOFS = ("arched", "peaked")
DECKS = ("roof", "floor", "contract")
DECK_SIZES = {"roof": 14, "floor": 24, "contract": 24}
TILES = ("green", "spaceport", "megamarket")
LARGE_TILES = ("spaceport", "megamarket")

PHASES = ("construction", "auction", "develop", "draw", "over")
ROUNDS = 4

FLOORS_TOTAL = 90
START_POINTS = 5
GREENS_TOTAL = 12
SPACEPORTS_TOTAL = 2
MEGAMARKETS_TOTAL = 2
TILE_TOTALS = {"green": GREENS_TOTAL, "spaceport": SPACEPORTS_TOTAL, "megamarket": MEGAMARKETS_TOTAL}
START_HAND = {"roof": 2, "floor": 2, "contract": 4}
# The factory's four starting buildings (floors, roof) (seed: Kezdés).
START_BUILDINGS = ((1, "arched"), (1, "peaked"), (2, "arched"), (2, "peaked"))
FLOORS_PER_CARD = 2
DRAW_PER_ROUND = 6
SPACEPORT_BONUS = {"first": 2, "second": 1}
FIRST_BASE = 2
MEGAMARKET_FACTOR = 2
AUCTION_STACKS = 3
AUCTION_HOUSE = (
    ("green", "green", "green", "green"),
    ("green", "green", "green", "green"),
    ("spaceport", "spaceport", "megamarket", "megamarket"),
)  # each stack top first

# Default board (an assumption; the rules page's board section): one large platform and 7 open small platforms per block, plus the
# block's starting green where it has one (a published review: "the other 21 are open" per district).
OPEN_SMALL_PLATFORMS_PER_BLOCK = 7
DEFAULT_STARTING_GREENS = {"red-1": 1, "red-3": 1, "yellow-2": 1, "blue-2": 1}
DEFAULT_SMALL_PLATFORMS = {b: OPEN_SMALL_PLATFORMS_PER_BLOCK + DEFAULT_STARTING_GREENS.get(b, 0) for b in BLOCK_IDS}
STARTING_GREENS_TOTAL = 4

# Default card values (an assumption; the rules page's cards section): every deck valued 1-8 spread evenly; contract cards spread
# evenly over the three districts (the first 8 red, the next 8 yellow, the last 8 blue).
DEFAULT_ROOF_VALUES = tuple(i % 8 + 1 for i in range(DECK_SIZES["roof"]))
DEFAULT_FLOOR_VALUES = tuple(i % 8 + 1 for i in range(DECK_SIZES["floor"]))
DEFAULT_CONTRACTS = tuple((i % 8 + 1, DISTRICTS[i // 8]) for i in range(DECK_SIZES["contract"]))

# Pieces of one colour (assumption: 20 of each over 4 colours).
DEFAULT_BILLBOARDS_PER_PLAYER = 5
DEFAULT_ROOFS_PER_SHAPE = 5

BILLBOARD_COST = 1  # points (seed: "veszít 1 pontot")
DEFAULT_BILLBOARD_REPLACEMENT_COST = 1
CHANCE_MODES = ("digital", "table")
FIRST_TIE_REST = ("second", "no_second")
FINAL_TIEBREAKS = ("highest_card", "highest_total")
RESHUFFLES = ("when_empty", "on_draw")  # a run-out pile takes its discards at once, or at the next draw from it
EMPTY_HANDS = ("done", "billboards")  # an empty hand ends the player's construction, or still places billboards
SPACEPORT_BONUSES = ("optional", "compulsory")
UNPAID_COSTS = ("refused", "floored", "negative")  # a point cost the player's points cannot cover

# legal-moves lists every distinct pile of a hand while the hand has at most this many distinct piles (a
# hand of 8 different cards has 256); a bigger hand's bids are listed as one family (``family``: subsets)
BID_LIST_LIMIT = 256


def card_id(deck: str, index: int) -> str:
    """Card ids: ``roof-1`` .. ``roof-14``, ``floor-1`` .. ``floor-24``, ``contract-1`` .. ``contract-24``."""
    return f"{deck}-{index}"
