"""Skyline 3000 (Alan R. Moon and Aaron Weissblum, Z-Man 2009)."""

from importlib.resources import files

from ..core import GameInfo, GameSpec
from . import examples
from .book import BOOK
from .data import GAME_ID, SKYLINE_3000
from .state import MOVE_TYPES

INFO = GameInfo(
    id=SKYLINE_3000.id,
    name=SKYLINE_3000.name,
    designers=("Alan R. Moon", "Aaron Weissblum"),
    publisher="Z-Man Games 2009",
    min_players=2,
    max_players=4,
    rules_version=f"{GAME_ID}-5",
    move_types=MOVE_TYPES,
    variants=(),
)

from .game import Skyline3000  # noqa: E402

GAME = Skyline3000(INFO, book=BOOK)
from . import words  # noqa: E402
from .options import OPTIONS  # noqa: E402

SPEC = GameSpec(
    INFO,
    GAME,
    OPTIONS,
    words,
    sources=(GAME_ID,),
    memo_kinds=SKYLINE_3000.memo_kinds,
    wire=SKYLINE_3000.id,
    rules_page=files(__package__) / "rules.yaml",
    examples=examples,
)
