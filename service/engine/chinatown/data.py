"""Chinatown's tables and catalogues (Filosofia / Z-Man 2008 edition).

Sources: the Hungarian rulebook (the seed: tables 1 and 2, the shop and tile counts) and the French
quick-start for the tiles drawn each year (the rules page's sections board, deal, draw and income).
"""

from __future__ import annotations

# The game's id: its rule codes, remembered kinds and wire name all derive from it.
GAME_ID = "chinatown"

# Shop types with their complete ("maximum") size; each type has size + 3 tiles (the seed; rules page, section board).
SHOP_SIZES: dict[str, int] = {
    "photo": 3,
    "seafood": 3,
    "tea_house": 3,
    "jewelry": 4,
    "florist": 4,
    "tropical_fish": 4,
    "dim_sum": 5,
    "laundry": 5,
    "take_out": 5,
    "antiques": 6,
    "factory": 6,
    "restaurant": 6,
}
SHOP_TYPES: tuple[str, ...] = tuple(SHOP_SIZES)
SHOP_NAMES: dict[str, str] = {
    "photo": "Photo",
    "seafood": "Seafood",
    "tea_house": "Tea House",
    "jewelry": "Jewelry",
    "florist": "Florist",
    "tropical_fish": "Tropical Fish",
    "dim_sum": "Dim Sum",
    "laundry": "Laundry",
    "take_out": "Take-out",
    "antiques": "Antiques",
    "factory": "Factory",
    "restaurant": "Restaurant",
}
TILE_COUNTS: dict[str, int] = {shop: size + 3 for shop, size in SHOP_SIZES.items()}
TOTAL_TILES = sum(TILE_COUNTS.values())  # 90

# Income table (seed table 2), in dollars.
INCOMPLETE_INCOME: dict[int, int] = {1: 10000, 2: 20000, 3: 40000, 4: 60000, 5: 80000}
COMPLETE_INCOME: dict[int, int] = {3: 50000, 4: 80000, 5: 110000, 6: 140000}

MIN_PLAYERS = 3
MAX_PLAYERS = 5
ROUNDS = 6
FIRST_YEAR = 1965
START_MONEY = 50000
MONEY_UNIT = 10000  # the smallest money card
LOT_COUNT = 85
LOTS: tuple[int, ...] = tuple(range(1, LOT_COUNT + 1))

# Building cards dealt / kept per player, by player count and round (seed table 1).
DEAL_TABLE: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((7, 5), (6, 4), (6, 4), (6, 4), (6, 4), (6, 4)),
    4: ((6, 4), (5, 3), (5, 3), (5, 3), (5, 3), (5, 3)),
    5: ((5, 3), (5, 3), (5, 3), (4, 2), (4, 2), (4, 2)),
}


def dollars(amount: int) -> str:
    """Money as every message and picture writes it: ``$15,000``."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def cards_dealt(player_count: int, round_no: int) -> int:
    return DEAL_TABLE[player_count][round_no - 1][0]


def cards_kept(player_count: int, round_no: int) -> int:
    return DEAL_TABLE[player_count][round_no - 1][1]


def tiles_drawn(player_count: int, round_no: int) -> int:
    """Round 1 draws the dealt number, later rounds the kept number (the French quick-start; rules page, section draw)."""
    dealt, kept = DEAL_TABLE[player_count][round_no - 1]
    return dealt if round_no == 1 else kept


def shop_income(size: int, complete_size: int) -> int:
    """Dollars a shop of ``size`` tiles pays when its type completes at ``complete_size``."""
    if size == complete_size:
        return COMPLETE_INCOME[size]
    return INCOMPLETE_INCOME.get(size, 0)


def year_of(round_no: int) -> int:
    return FIRST_YEAR + round_no - 1
