"""Little Italy's own words: Chinatown's, under its own name (the catalogs' context); its translations
would be catalog entries under that context (data), none are given here."""

from service.engine.kit import C_

CONTEXT = "Little Italy"

WORDS = frozenset(
    {
        # shop types (the Hungarian rulebook keeps the English shop names: the Hungarian catalog names each shop in
        # Hungarian with the name printed on its tiles beside it, "teaház (Tea House)")
        C_("Little Italy", "photo"),
        C_("Little Italy", "seafood"),
        C_("Little Italy", "tea_house"),
        C_("Little Italy", "jewelry"),
        C_("Little Italy", "florist"),
        C_("Little Italy", "tropical_fish"),
        C_("Little Italy", "dim_sum"),
        C_("Little Italy", "laundry"),
        C_("Little Italy", "take_out"),
        C_("Little Italy", "antiques"),
        C_("Little Italy", "factory"),
        C_("Little Italy", "restaurant"),
        # phases of a year, and what a reveal deals
        C_("Little Italy", "deal"),
        C_("Little Italy", "keep"),
        C_("Little Italy", "draw"),
        C_("Little Italy", "trade"),
        C_("Little Italy", "place"),
        C_("Little Italy", "end"),
        # score breakdown
        C_("Little Italy", "income"),
        C_("Little Italy", "shops"),
        C_("Little Italy", "tiles_on_board"),
        C_("Little Italy", "lots"),
        C_("Little Italy", "money"),
        C_("Little Italy", "final"),
    }
)

#: Score breakdown categories made of a kind and an id (``shop:photo``): each kind's label, whose one
#: field the id's own word fills (``photo shop``).
KINDS = {"shop": C_("Little Italy", "{shop} shop")}
