"""Chinatown (Karsten Hartwig, Filosofia / Z-Man 2008)."""

from importlib.resources import files

from ..core import GameInfo, GameSpec
from . import examples
from .data import CHINATOWN
from .state import MOVE_TYPES

INFO = GameInfo(
    id=CHINATOWN.id,
    name=CHINATOWN.name,
    designers=("Karsten Hartwig",),
    publisher="Filosofia / Z-Man Games 2008",
    min_players=3,
    max_players=5,
    rules_version=f"{CHINATOWN.id}-5",
    move_types=MOVE_TYPES,
    variants=("digital", "table", "rotate_first_player"),
)

from .book import BOOK  # noqa: E402
from .game import ChinatownGame  # noqa: E402

GAME = ChinatownGame(INFO, book=BOOK)
from . import words  # noqa: E402
from .options import OPTIONS  # noqa: E402

SPEC = GameSpec(
    INFO,
    GAME,
    OPTIONS,
    words,
    sources=(CHINATOWN.id,),
    memo_kinds=CHINATOWN.memo_kinds,
    wire=CHINATOWN.id,
    rules_page=files(__package__) / "rules.yaml",
    examples=examples,
)
