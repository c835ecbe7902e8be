"""Fifth Avenue's own words, which messages name as parameters and the pictures and score breakdowns use
as ids: the edge shows them in the request's language. ``C_`` marks them for the catalogs under the game's
name (the words of its rules, which a re-skin under another id shares)."""

from ..kit import C_
from .data import DISTRICT_NAMES

CONTEXT = "Fifth Avenue"

WORDS = frozenset(
    {
        # plot and card colours
        C_("Fifth Avenue", "violet"),
        C_("Fifth Avenue", "brown"),
        C_("Fifth Avenue", "gray"),
        C_("Fifth Avenue", "green"),
        C_("Fifth Avenue", "orange"),
        C_("Fifth Avenue", "black"),
        # the board's back side: the colourless sixth plot of a district
        C_("Fifth Avenue", "sixth"),
        # businesses
        C_("Fifth Avenue", "boutique"),
        C_("Fifth Avenue", "jeweler"),
        C_("Fifth Avenue", "gallery"),
        C_("Fifth Avenue", "perfumery"),
        # the commissioners, and places that are not districts
        C_("Fifth Avenue", "white"),
        C_("Fifth Avenue", "beige"),
        C_("Fifth Avenue", "central-park"),
        C_("Fifth Avenue", "city-hall"),
        # phases and auction stages
        C_("Fifth Avenue", "start"),
        C_("Fifth Avenue", "action1"),
        C_("Fifth Avenue", "action2"),
        C_("Fifth Avenue", "action3"),
        C_("Fifth Avenue", "auction"),
        C_("Fifth Avenue", "over"),
        C_("Fifth Avenue", "bidding"),
        C_("Fifth Avenue", "resolve"),
        # score breakdown
        C_("Fifth Avenue", "districts"),
        C_("Fifth Avenue", "central_park"),
        C_("Fifth Avenue", "points"),
        C_("Fifth Avenue", "final"),
    }
)

#: Score breakdown categories that are none of the words above (or read better than the word): their
#: human names.
CATEGORIES = {"points_before": C_("Fifth Avenue", "points before"), "central_park": C_("Fifth Avenue", "Central Park")}
#: Categories made of a kind and a district id (``district:times-square``): each kind's label, whose one
#: field the district's name fills. Districts are street names, the same in every language (unmarked).
KINDS = {
    "district": C_("Fifth Avenue", "valuation of {district}"),
    "building_stop": C_("Fifth Avenue", "building stop in {district}"),
}
PARTS = dict(DISTRICT_NAMES)
