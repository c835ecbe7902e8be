"""Alhambra's own words, which messages name as parameters and the pictures and score breakdowns use as
ids: the edge shows them in the request's language. ``C_`` marks them for the catalogs under the game's
name."""

from ..kit import C_

CONTEXT = "Alhambra"

WORDS = frozenset(
    {
        # the buildings
        C_("Alhambra", "pavilion"),
        C_("Alhambra", "seraglio"),
        C_("Alhambra", "arcades"),
        C_("Alhambra", "chambers"),
        C_("Alhambra", "garden"),
        C_("Alhambra", "tower"),
        C_("Alhambra", "start"),
        # the currencies (and the market squares named after them)
        C_("Alhambra", "denar"),
        C_("Alhambra", "dirham"),
        C_("Alhambra", "ducat"),
        C_("Alhambra", "florin"),
        # phases of a turn
        C_("Alhambra", "setup"),
        C_("Alhambra", "actions"),
        C_("Alhambra", "placement"),
        C_("Alhambra", "refill"),
        C_("Alhambra", "final_placement"),
        C_("Alhambra", "over"),
        # what can be pending
        C_("Alhambra", "money_card"),
        C_("Alhambra", "market_tile"),
        C_("Alhambra", "dummy_tile"),
        C_("Alhambra", "starting_money"),
        # score breakdown
        C_("Alhambra", "wall"),
        C_("Alhambra", "buildings"),
        C_("Alhambra", "total"),
        C_("Alhambra", "final"),
    }
)

#: Score breakdown categories that are none of the words above: their human names.
CATEGORIES = {"longest_wall": C_("Alhambra", "longest wall")}
