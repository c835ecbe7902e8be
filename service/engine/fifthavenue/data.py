"""Fifth Avenue's catalogues and tables (the rules page's sections "components" and "board"; the seed)."""

from __future__ import annotations

from ..kit import N_, Edition

#: The texts (message ids, or the game's name where a picture does not translate it) Fifth Avenue's code
#: writes where a text names the game, by role. A re-skin gives its own.
TEXTS: dict[str, str] = {
    "player_count": N_("Fifth Avenue takes 2 to 4 players."),
    "picture.title": "Fifth Avenue",
}
DISTRICT_VALUATION = "district_valuation"  # the remembered valuation of a district (``scoring``)


FIFTH_AVENUE = Edition(id="fifthavenue", name="Fifth Avenue", texts=TEXTS, remembered=(DISTRICT_VALUATION,))

GAME_ID = FIFTH_AVENUE.id  # codes, memo kinds and the wire derive from it

#: The seven districts, in the board's reading order (the order of a state's `districts`).
DISTRICTS = (
    "34th-st-west",
    "34th-st-east",
    "times-square",
    "42nd-st-west",
    "fifth-avenue",
    "52nd-st-west",
    "52nd-st-east",
)
DISTRICT_NAMES = {
    "34th-st-west": "34th St West",
    "34th-st-east": "34th St East",
    "times-square": "Times Square",
    "42nd-st-west": "42nd St West",
    "fifth-avenue": "Fifth Avenue",
    "52nd-st-west": "52nd St West",
    "52nd-st-east": "52nd St East",
}
CENTRAL_PARK = "central-park"
CITY_HALL = "city-hall"
SITES = DISTRICTS + (CENTRAL_PARK,)
LOCATIONS = (CITY_HALL,) + DISTRICTS + (CENTRAL_PARK,)

COLOURS = ("violet", "brown", "gray", "green", "orange")
#: The board's back side adds a sixth plot to each district, with a broken border and no colour of its own.
SIXTH_PLOT = "sixth"
PLOT_IDS = COLOURS + (SIXTH_PLOT,)
BOARD_SIDES = ("front", "back")
BLACK = "black"
CARD_COLOURS = COLOURS + (BLACK,)
VALUES = (4, 5, 6)
BUSINESSES = ("boutique", "jeweler", "gallery", "perfumery")
BUSINESSES_PER_TYPE = 9
BUSINESS_TOTAL = BUSINESSES_PER_TYPE * len(BUSINESSES)  # 36

#: Cards per value: coloured per colour, and the black jokers (the rules page's section "components").
COLOURED_CARDS = {4: 5, 5: 4, 6: 3}
BLACK_CARDS = {4: 20, 5: 16, 6: 14}
COLOURED_PER_COLOUR = sum(COLOURED_CARDS.values())  # 12
BLACK_TOTAL = sum(BLACK_CARDS.values())  # 50

#: Supply row: 8 sets alternating 3 and 2 (English rulebook p. 12).
SET_SIZES = (3, 2, 3, 2, 3, 2, 3, 2)
START_BUSINESSES = len(DISTRICTS)  # one per district
BOX_BUSINESSES = BUSINESS_TOTAL - START_BUSINESSES - sum(SET_SIZES)  # 9 back to the box

SKYSCRAPERS_PER_PLAYER = 18
START_PLOTS = 2  # skyscrapers placed on plots at the start
START_SUPPLY = 3  # skyscrapers in the personal supply at the start
SCORE_MARKER = 1  # one skyscraper serves as score marker
START_GENERAL = SKYSCRAPERS_PER_PLAYER - SCORE_MARKER - START_PLOTS - START_SUPPLY  # 12
ACTION_A_SKYSCRAPERS = 3

COMMISSIONERS = ("white", "beige")
MARKERS_PER_COMMISSIONER = 3

#: Points per skyscraper by the number of distinct business types adjacent to its plot.
VALUE_TABLE = (1, 2, 3, 5, 8)

#: Skyscrapers a winner may build by the highest card of the winning bid.
BUILD_LIMIT = {6: 1, 5: 2, 4: 3}

MAX_BUSINESSES_PER_PLOT = 2
BUSINESSES_ENDING_GAME = 12
STOPS_ENDING_GAME = 2
PARK_TILES_REVEALED = 3

DUMMY_ID = "alea"

#: Black cards after action D (English rulebook p. 9), plus one for every player without a skyscraper in the district.
VALUATION_BLACK_CARDS = 2
#: Option values of the readings that are assumptions (book.FIXED_READINGS says why).
BLACK_DECK_EMPTY = ("reshuffle", "no_draw")
PARK_TILES_FEWER = ("minimum_two", "count_revealed")
PARK_COLOUR = ("trigger", "opening_bid")
COLOURED_STACK_EMPTY = ("reshuffle", "no_reshuffle")
CHANCE_MODES = ("digital", "table")
DUMMY_PLOT = ("ring_order", "most_types")

#: The plot ring and the commissioners' graph, the `board` option (readings plot_ring and commissioner_graph).
DEFAULT_PLOT_RING = COLOURS
DEFAULT_COMMISSIONER_GRAPH = {
    CITY_HALL: ("34th-st-west", "34th-st-east"),
    "34th-st-west": ("42nd-st-west", "times-square"),
    "34th-st-east": ("times-square", "fifth-avenue"),
    "times-square": ("52nd-st-west", "52nd-st-east"),
    "42nd-st-west": ("52nd-st-west",),
    "fifth-avenue": ("52nd-st-east",),
    "52nd-st-west": (CENTRAL_PARK,),
    "52nd-st-east": (CENTRAL_PARK,),
}
#: Special scorings: after the n-th business placed, points to each player with a skyscraper in at least
#: `districts` districts (English rulebook p. 13; the 3rd from a Dutch review: reading special_scorings).
DEFAULT_SPECIAL_SCORINGS = ((3, 4, 3), (6, 6, 4), (9, 8, 5))

PHASES = ("start", "action1", "action2", "action3", "auction", "over")
ACTIONS = ("A", "B", "C", "D")

PENDING_KINDS = ("start_business", "stack_top", "black_cards", "supply_set", "dummy_bid", "central_park_tiles")


def card(colour: str, value: int) -> str:
    return f"{colour}-{value}"


ALL_CARDS = tuple(card(c, v) for c in CARD_COLOURS for v in VALUES)
_PARTS = {card(c, v): (c, v) for c in CARD_COLOURS for v in VALUES}


COLOUR_OF = {text: colour for text, (colour, _) in _PARTS.items()}  # a known card's colour and value, at once
VALUE_OF = {text: value for text, (_, value) in _PARTS.items()}


def card_parts(text: str) -> tuple[str, int]:
    known = _PARTS.get(text)
    if known is not None:
        return known
    colour, _, value = text.rpartition("-")
    return colour, int(value) if value.isdigit() else 0


def card_total(colour: str, value: int) -> int:
    return BLACK_CARDS[value] if colour == BLACK else COLOURED_CARDS[value]


def card_total_of(colour: str) -> int:
    """The cards of a colour (or the black ones) in the game."""
    return sum(card_total(colour, v) for v in VALUES)
