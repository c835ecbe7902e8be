"""New York's own words, which messages name as parameters and the pictures and score breakdowns use as
ids: the edge shows them in the request's language. ``C_`` marks them for the catalogs under the game's
name (the words of its rules, which a re-skin under another id shares)."""

from ..kit import C_

CONTEXT = "New York"

WORDS = frozenset(
    {
        # building types
        C_("New York", "skyscraper"),
        C_("New York", "park"),
        C_("New York", "church"),
        C_("New York", "theater"),
        C_("New York", "museum"),
        C_("New York", "station"),
        C_("New York", "start"),
        # the banks (and the market slots named after them)
        C_("New York", "blue"),
        C_("New York", "green"),
        C_("New York", "yellow"),
        C_("New York", "red"),
        # phases of a turn
        C_("New York", "setup"),
        C_("New York", "actions"),
        C_("New York", "placement"),
        C_("New York", "refill"),
        C_("New York", "final_placement"),
        C_("New York", "over"),
        # what can be pending
        C_("New York", "money_card"),
        C_("New York", "market_tile"),
        C_("New York", "dummy_tile"),
        C_("New York", "starting_money"),
        # score breakdown
        C_("New York", "street"),
        C_("New York", "buildings"),
        C_("New York", "total"),
        C_("New York", "final"),
    }
)

#: Score breakdown categories that are none of the words above: their human names.
CATEGORIES = {"longest_street": C_("New York", "longest street")}
