"""Fifth Avenue's own words, which messages name as parameters and the pictures and score breakdowns use
as ids: the edge shows them in the request's language. ``C_`` marks them for the catalogs under the game's
name (the words of its rules, which a re-skin under another id shares)."""
from ..kit import C_

CONTEXT = "Fifth Avenue"

WORDS = frozenset({
    # plot and card colours
    C_("Fifth Avenue", "violet"), C_("Fifth Avenue", "brown"), C_("Fifth Avenue", "gray"),
    C_("Fifth Avenue", "green"), C_("Fifth Avenue", "orange"), C_("Fifth Avenue", "black"),
    # businesses
    C_("Fifth Avenue", "boutique"), C_("Fifth Avenue", "jeweler"), C_("Fifth Avenue", "gallery"),
    C_("Fifth Avenue", "perfumery"),
    # the commissioners, and places that are not districts
    C_("Fifth Avenue", "white"), C_("Fifth Avenue", "beige"),
    C_("Fifth Avenue", "central-park"), C_("Fifth Avenue", "city-hall"),
    # phases and auction stages
    C_("Fifth Avenue", "start"), C_("Fifth Avenue", "action1"), C_("Fifth Avenue", "action2"),
    C_("Fifth Avenue", "action3"), C_("Fifth Avenue", "auction"), C_("Fifth Avenue", "over"),
    C_("Fifth Avenue", "bidding"), C_("Fifth Avenue", "resolve"),
    # score breakdown
    C_("Fifth Avenue", "districts"), C_("Fifth Avenue", "central_park"), C_("Fifth Avenue", "points"),
    C_("Fifth Avenue", "final"),
})
