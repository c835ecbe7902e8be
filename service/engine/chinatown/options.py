"""Chinatown's options, each declared once, here: its spec (the readings, ``describe`` and the wire schema,
``service/schemas/chinatown.py``, derive from it) and its field in the state's resolved ``Options``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import product
from typing import Any

from ..kit import OptionBook, OptionSpec

CHANCE_MODES = ("digital", "table")

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


@dataclass(frozen=True)
class Options:
    """The resolved options (``options_of``: the given values over the specs' defaults)."""

    rotate_first_player: bool
    chance: str


NAMES = frozenset(spec.name for spec in OPTIONS)
DEFAULTS = OPTIONS.defaults()
_ORDER = tuple(spec.name for spec in OPTIONS)
# Every Options value there is while every option is a bool or a choice (a state's options are one of
# these, built once); an option of another kind leaves the table empty and every value is resolved.
EVERY_OPTIONS: dict[tuple[Any, ...], Options] = (
    {
        values: Options(**dict(zip(_ORDER, values, strict=True)))
        for values in product(*((False, True) if spec.kind == "bool" else spec.choices for spec in OPTIONS))
    }
    if all(spec.kind in ("bool", "choice") for spec in OPTIONS)
    else {}
)


def options_of(given: Mapping[str, Any] | None) -> Options:
    """The state's options: the given values over the specs' defaults."""
    if given is not None and given.keys() <= NAMES:
        values = tuple(given.get(name, DEFAULTS[name]) for name in _ORDER)
        # of the defaults' own types, so that neither 1 nor 1.0 passes for True
        if all(type(v) is type(DEFAULTS[n]) for v, n in zip(values, _ORDER, strict=True)):
            found = EVERY_OPTIONS.get(values)
            if found is not None:
                return found
    return Options(**OPTIONS.resolve(given))
