"""Chinatown's own words, which messages name as parameters and the pictures and score breakdowns use as
ids: the edge shows them in the request's language. ``C_`` marks them for the catalogs under the game's
name (the words of its rules, which a re-skin under another id shares)."""

from ..kit import C_

CONTEXT = "Chinatown"

WORDS = frozenset(
    {
        # shop types (the Hungarian rulebook keeps the English shop names: the Hungarian catalog names each shop in
        # Hungarian with the name printed on its tiles beside it, "teaház (Tea House)")
        C_("Chinatown", "photo"),
        C_("Chinatown", "seafood"),
        C_("Chinatown", "tea_house"),
        C_("Chinatown", "jewelry"),
        C_("Chinatown", "florist"),
        C_("Chinatown", "tropical_fish"),
        C_("Chinatown", "dim_sum"),
        C_("Chinatown", "laundry"),
        C_("Chinatown", "take_out"),
        C_("Chinatown", "antiques"),
        C_("Chinatown", "factory"),
        C_("Chinatown", "restaurant"),
        # phases of a year, and what a reveal deals
        C_("Chinatown", "deal"),
        C_("Chinatown", "keep"),
        C_("Chinatown", "draw"),
        C_("Chinatown", "trade"),
        C_("Chinatown", "place"),
        C_("Chinatown", "end"),
        # score breakdown
        C_("Chinatown", "income"),
        C_("Chinatown", "shops"),
        C_("Chinatown", "tiles_on_board"),
        C_("Chinatown", "lots"),
        C_("Chinatown", "money"),
        C_("Chinatown", "final"),
    }
)

#: Score breakdown categories made of a kind and an id (``shop:photo``): each kind's label, whose one
#: field the id's own word fills (``photo shop``).
KINDS = {"shop": C_("Chinatown", "{shop} shop")}
