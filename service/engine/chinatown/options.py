"""Chinatown's options, each declared once: the state's Options, the readings, ``describe`` and the wire
schema (``service/schemas/chinatown.py``) all derive from these specs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..kit import OptionBook, OptionSpec
from .state import CHANCE_MODES, Options

OPTIONS = OptionBook(
    [
        OptionSpec(
            "rotate_first_player",
            "bool",
            False,
            "assumption",
            "The first-player card stays where it is unless the option rotate_first_player is set "
            "(then it passes clockwise each year).",
            section="place",
        ),
        OptionSpec(
            "chance",
            "choice",
            "digital",
            "assumption",
            "digital: setup shuffles the deck and bag into the state; table: setup deals nothing, they are "
            "null and every deal and draw comes as reveal moves, a card or tile at a time or several at once.",
            choices=CHANCE_MODES,
            reading=False,
            section="real-table",
        ),
    ]
)


def options_of(given: Mapping[str, Any] | None) -> Options:
    """The state's options: the given values over the specs' defaults."""
    return Options(**OPTIONS.resolve(given))
