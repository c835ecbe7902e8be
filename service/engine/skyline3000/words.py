"""Skyline 3000's own words, which messages name as parameters and the pictures and score breakdowns use
as ids: the edge shows them in the request's language (``C_`` marks them for the catalogs, by game)."""
from ..kit import C_

WORDS = frozenset({
    # districts
    C_("skyline3000", "red"), C_("skyline3000", "yellow"), C_("skyline3000", "blue"),
    # roofs, decks and developments
    C_("skyline3000", "arched"), C_("skyline3000", "peaked"),
    C_("skyline3000", "roof"), C_("skyline3000", "floor"), C_("skyline3000", "contract"),
    C_("skyline3000", "green"), C_("skyline3000", "spaceport"), C_("skyline3000", "megamarket"),
    # phases of a round
    C_("skyline3000", "construction"), C_("skyline3000", "auction"), C_("skyline3000", "develop"),
    C_("skyline3000", "draw"), C_("skyline3000", "over"),
    # score breakdown
    C_("skyline3000", "round"), C_("skyline3000", "final"), C_("skyline3000", "floors"),
    C_("skyline3000", "tallest"), C_("skyline3000", "greens"), C_("skyline3000", "billboards"),
    C_("skyline3000", "first"), C_("skyline3000", "second"), C_("skyline3000", "points"),
})
