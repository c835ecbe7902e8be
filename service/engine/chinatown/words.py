"""Chinatown's own words, which messages name as parameters and the pictures and score breakdowns use as
ids: the edge shows them in the request's language (``C_`` marks them for the catalogs, by game)."""
from ..kit import C_

WORDS = frozenset({
    # shop types (the Hungarian rulebook keeps the English shop names)
    C_("chinatown", "photo"), C_("chinatown", "seafood"), C_("chinatown", "tea_house"),
    C_("chinatown", "jewelry"), C_("chinatown", "florist"), C_("chinatown", "tropical_fish"),
    C_("chinatown", "dim_sum"), C_("chinatown", "laundry"), C_("chinatown", "take_out"),
    C_("chinatown", "antiques"), C_("chinatown", "factory"), C_("chinatown", "restaurant"),
    # phases of a year, and what a reveal deals
    C_("chinatown", "deal"), C_("chinatown", "keep"), C_("chinatown", "draw"), C_("chinatown", "trade"),
    C_("chinatown", "place"), C_("chinatown", "end"),
    # score breakdown
    C_("chinatown", "income"), C_("chinatown", "shops"), C_("chinatown", "tiles_on_board"),
    C_("chinatown", "lots"), C_("chinatown", "money"), C_("chinatown", "final"),
})
