"""Alhambra's options: New York's, each the same option (name, choices, section), told in Alhambra's words
and with the default and provenance Alhambra's own sources give; but for ``type_tiers``: Alhambra's rulebook
gives every building its points, so there is no tier mapping to choose."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..kit import OptionBook
from ..newyork.options import FULL_BOX
from ..newyork.options import OPTIONS as NEW_YORK_OPTIONS

# Where Alhambra's readings were read (the texts are public transcripts; the project keeps no copy).
BGA = "the Board Game Arena help page for Alhambra, en.doc.boardgamearena.com/Gamehelpalhambra"
HU_RULEBOOK = (
    "the Hungarian rulebook (Queen Games), transcript at adoc.pub "
    '"tartozekok-a-jatek-celja-dirk-henn-jateka-2-6-jatekos-reszer"'
)
EN_RULEBOOK = (
    'the English rulebook (revised edition), transcript at scribd.com document 787286872 "Alhambra RevisedEdition"'
)

#: Each option New York's book declares, as Alhambra reads it: its text and what differs from New York's spec.
CHANGES: dict[str, dict[str, Any]] = {
    "allow_surplus_cards": {
        "provenance": "public source",
        "text": "A payment may hold more cards than the price needs and gives no change (" + BGA + ': "A player '
        "must play currency cards of the correct type [...] that total at least the price of the tile. No change "
        'is given."). legal-moves lists each minimal payment (no card can be dropped); moves accepts any '
        "sufficient one. Set false for the earlier assumption that refuses a card the price does not need.",
    },
    "extra_action_optional": {
        "default": True,
        "provenance": "public source",
        "text": "The extra action earned by paying a building's exact price may be taken or declined: the player "
        "may end the turn instead (" + BGA + ': "If a player can pay the exact amount of currency, it remains '
        "their turn, and they may decide which of the three actions they want to perform next\"; the publisher's "
        'summary at ludorium.at: "Paying the exact price earns another turn"). Set false for New York\'s rule, '
        "carried over: the extra action must be taken while any action is possible, and end_turn is refused "
        "then (this service's default for Alhambra before rules version alhambra-2).",
    },
    "stalled_turn": {
        "provenance": "public source",
        "text": "A player may end the turn without an action only when no action is possible (" + BGA + ': "The '
        'player whose turn it is must perform one of the three following actions"). Option value '
        "no_money_face_up is the earlier assumption: a pass whenever no money card lies face up.",
    },
    "youngest": {
        "provenance": "carried over",
        "carried_from": "newyork",
        "text": "Start player: fewest cards, then the lowest total (" + BGA + ': "The player with the fewest '
        "cards starts; if two or more players are equal, the player with the lowest amount of money "
        "starts\"), then the youngest, named by option `youngest`: New York's rule, carried over, as no "
        "Alhambra text read here breaks a tie beyond the total. It must name a player of the game.",
    },
    "two_player_money": {
        "default": FULL_BOX,
        "provenance": "rulebook",
        "text": "The 2-player game plays with what the box holds, all 108 money cards, three of each value and "
        "currency (" + HU_RULEBOOK + ': "108 Pénzkártya négy pénznemben", 108 money cards in four currencies, '
        '"Denar, Dirham, Dukat és Gulden 1-től 9-ig terjedő értékkel", valued 1 to 9; ' + EN_RULEBOOK + ': "108 '
        "money cards in four currencies\"). The rulebook's two-player section could not be read here, and no "
        "Alhambra text found puts cards back in the box; at a real table a reveal is refused only when the "
        "box cannot hold the card. `two_of_each` is New York's rule, carried over (one card of each value "
        "and currency back in the box, 72 in play; this service's default for Alhambra before rules version "
        "alhambra-2).",
    },
}

OPTIONS = OptionBook(
    [replace(spec, **CHANGES.get(spec.name, {})) for spec in NEW_YORK_OPTIONS if spec.name != "type_tiers"]
)
