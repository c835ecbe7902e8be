"""Alhambra's options: New York's, each the same option (name, default, choices, section), told in
Alhambra's words; but for ``type_tiers``: Alhambra's rulebook gives every building its points, so there is
no tier mapping to choose."""

from __future__ import annotations

from dataclasses import replace

from ..kit import OptionBook
from ..newyork.options import OPTIONS as NEW_YORK_OPTIONS

TEXTS = {
    "allow_surplus_cards": (
        "A payment may hold more cards than the price needs and gives no change (the rulebook: a player who pays "
        "more than the price gets no change). legal-moves lists each minimal payment (no card can be dropped); "
        "moves accepts any sufficient one. Set false for the earlier assumption that refuses a card the price "
        "does not need."
    ),
    "extra_action_optional": (
        "The extra action earned by paying a building's exact price must be taken when any action is possible, "
        "as New York's rules say it; end_turn is refused then. Set true for the reading that it may be declined."
    ),
    "stalled_turn": (
        "A player may end the turn without an action only when no action is possible: the player must choose one "
        "of the three actions. Option value no_money_face_up is the earlier assumption: a pass whenever no money "
        "card lies face up."
    ),
    "youngest": (
        "Start player: fewest cards, then the lowest total (the rulebook), then the youngest, named by option "
        "`youngest`, as New York's rules add. It must name a player of the game."
    ),
}

OPTIONS = OptionBook(
    [replace(spec, text=TEXTS.get(spec.name, spec.text)) for spec in NEW_YORK_OPTIONS if spec.name != "type_tiers"]
)
