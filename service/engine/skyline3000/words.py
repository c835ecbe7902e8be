"""Skyline 3000's own words, which messages name as parameters and the pictures and score breakdowns use
as ids: the edge shows them in the request's language. ``C_`` marks them for the catalogs under the game's
name (the words of its rules, which a re-skin under another id shares)."""

from ..kit import C_

CONTEXT = "Skyline 3000"

WORDS = frozenset(
    {
        # districts
        C_("Skyline 3000", "red"),
        C_("Skyline 3000", "yellow"),
        C_("Skyline 3000", "blue"),
        # roofs, decks and developments
        C_("Skyline 3000", "arched"),
        C_("Skyline 3000", "peaked"),
        C_("Skyline 3000", "roof"),
        C_("Skyline 3000", "floor"),
        C_("Skyline 3000", "contract"),
        C_("Skyline 3000", "green"),
        C_("Skyline 3000", "spaceport"),
        C_("Skyline 3000", "megamarket"),
        # phases of a round
        C_("Skyline 3000", "construction"),
        C_("Skyline 3000", "auction"),
        C_("Skyline 3000", "develop"),
        C_("Skyline 3000", "draw"),
        C_("Skyline 3000", "over"),
        # score breakdown
        C_("Skyline 3000", "round"),
        C_("Skyline 3000", "final"),
        C_("Skyline 3000", "floors"),
        C_("Skyline 3000", "tallest"),
        C_("Skyline 3000", "greens"),
        C_("Skyline 3000", "billboards"),
        C_("Skyline 3000", "first"),
        C_("Skyline 3000", "second"),
        C_("Skyline 3000", "points"),
    }
)

#: Score breakdown categories made of a kind and an id (``block:yellow-1``): each kind's label, whose one
#: field the id's name in ``PARTS`` fills (``block yellow 1``).
KINDS = {"block": C_("Skyline 3000", "block {block}")}
PARTS = {
    "red-1": C_("Skyline 3000", "red 1"),
    "red-2": C_("Skyline 3000", "red 2"),
    "red-3": C_("Skyline 3000", "red 3"),
    "yellow-1": C_("Skyline 3000", "yellow 1"),
    "yellow-2": C_("Skyline 3000", "yellow 2"),
    "yellow-3": C_("Skyline 3000", "yellow 3"),
    "blue-1": C_("Skyline 3000", "blue 1"),
    "blue-2": C_("Skyline 3000", "blue 2"),
    "blue-3": C_("Skyline 3000", "blue 3"),
}
