"""The games this service serves: the one place a game is registered.

Each package under ``service.engine`` named here declares its game once, as ``SPEC`` (a ``core.GameSpec``);
the list of game ids, the cache fingerprint's inputs, the contract's game enums, the problem pages and the
table page's game list all come from these specs. Serving a new game is one more name here (docs/recipes.md,
"Add a game").
"""

from __future__ import annotations

import importlib
from typing import Any

from .core import GameInfo, GameSpec

PACKAGES = ("newyork", "alhambra", "chinatown", "skyline3000", "fifthavenue")

SPECS: dict[str, GameSpec] = {}
for _package in PACKAGES:
    _spec: GameSpec = importlib.import_module(f"{__package__}.{_package}").SPEC
    SPECS[_spec.id] = _spec

GAME_IDS: tuple[str, ...] = tuple(SPECS)


def register(spec: GameSpec) -> None:
    """Serve one more game, whose package is not listed here (a test's re-skin, a plug-in): only before
    anything has read ``SPECS`` or ``GAME_IDS`` (a pytest plug-in loaded with ``-p`` runs that early)."""
    global GAME_IDS
    if spec.id in SPECS:
        raise ValueError(f"a game {spec.id} is registered already")
    SPECS[spec.id] = spec
    GAME_IDS = tuple(SPECS)


class UnknownGame(LookupError):
    pass


def spec(game_id: str) -> GameSpec:
    if game_id not in SPECS:
        raise UnknownGame(game_id)
    return SPECS[game_id]


def load_game(game_id: str) -> Any:
    """The game's engine object."""
    return spec(game_id).engine


def load_info(game_id: str) -> GameInfo:
    return spec(game_id).info
