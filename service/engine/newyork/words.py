"""New York's own words, which messages name as parameters and the pictures and score breakdowns use as
ids: the edge shows them in the request's language (``C_`` marks them for the catalogs, by game)."""
from ..kit import C_

WORDS = frozenset({
    # building types
    C_("newyork", "skyscraper"), C_("newyork", "park"), C_("newyork", "church"), C_("newyork", "theater"),
    C_("newyork", "museum"), C_("newyork", "station"), C_("newyork", "start"),
    # the banks (and the market slots named after them)
    C_("newyork", "blue"), C_("newyork", "green"), C_("newyork", "yellow"), C_("newyork", "red"),
    # phases of a turn
    C_("newyork", "actions"), C_("newyork", "placement"), C_("newyork", "refill"),
    C_("newyork", "final_placement"), C_("newyork", "over"),
    # what can be pending
    C_("newyork", "money_card"), C_("newyork", "market_tile"), C_("newyork", "dummy_tile"),
    # score breakdown
    C_("newyork", "street"), C_("newyork", "buildings"), C_("newyork", "total"), C_("newyork", "final"),
})
