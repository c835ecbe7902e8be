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


NAMES = frozenset(spec.name for spec in OPTIONS)
DEFAULTS = OPTIONS.defaults()
# Every Options value there is (two options, a bool and a choice): a state's options are one of these.
EVERY_OPTIONS: dict[tuple[bool, str], Options] = {
    (rotate, chance): Options(rotate, chance) for rotate in (False, True) for chance in CHANCE_MODES
}


def options_of(given: Mapping[str, Any] | None) -> Options:
    """The state's options: the given values over the specs' defaults."""
    if given is not None and given.keys() <= NAMES:
        rotate = given.get("rotate_first_player", DEFAULTS["rotate_first_player"])
        chance = given.get("chance", DEFAULTS["chance"])
        if type(rotate) is bool and type(chance) is str and (rotate, chance) in EVERY_OPTIONS:
            return EVERY_OPTIONS[rotate, chance]
    return Options(**OPTIONS.resolve(given))
