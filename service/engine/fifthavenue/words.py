"""Fifth Avenue's own words, which messages name as parameters and the pictures and score breakdowns use
as ids: the edge shows them in the request's language (``C_`` marks them for the catalogs, by game)."""
from ..kit import C_

WORDS = frozenset({
    # plot and card colours
    C_("fifthavenue", "violet"), C_("fifthavenue", "brown"), C_("fifthavenue", "gray"),
    C_("fifthavenue", "green"), C_("fifthavenue", "orange"), C_("fifthavenue", "black"),
    # businesses
    C_("fifthavenue", "boutique"), C_("fifthavenue", "jeweler"), C_("fifthavenue", "gallery"),
    C_("fifthavenue", "perfumery"),
    # the commissioners, and places that are not districts
    C_("fifthavenue", "white"), C_("fifthavenue", "beige"),
    C_("fifthavenue", "central-park"), C_("fifthavenue", "city-hall"),
    # phases and auction stages
    C_("fifthavenue", "start"), C_("fifthavenue", "action1"), C_("fifthavenue", "action2"),
    C_("fifthavenue", "action3"), C_("fifthavenue", "auction"), C_("fifthavenue", "over"),
    C_("fifthavenue", "bidding"), C_("fifthavenue", "resolve"),
    # score breakdown
    C_("fifthavenue", "districts"), C_("fifthavenue", "central_park"), C_("fifthavenue", "points"),
    C_("fifthavenue", "final"),
})
