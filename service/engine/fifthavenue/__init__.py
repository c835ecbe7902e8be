"""Fifth Avenue (Wilko Manz, alea 2004)."""

from importlib.resources import files

from ..core import GameInfo, GameSpec
from . import examples, words
from .book import BOOK
from .data import FIFTH_AVENUE, GAME_ID
from .game import FifthAvenue
from .options import OPTIONS
from .state import MOVE_TYPES

INFO = GameInfo(
    id=FIFTH_AVENUE.id,
    name=FIFTH_AVENUE.name,
    designers=("Wilko Manz",),
    publisher="alea / Ravensburger 2004",
    min_players=2,
    max_players=4,
    rules_version=f"{GAME_ID}-5",
    move_types=MOVE_TYPES,
    variants=("two_player_dummy", "six_plot_board"),
)
GAME = FifthAvenue(INFO, book=BOOK)

SPEC = GameSpec(
    INFO,
    GAME,
    OPTIONS,
    words,
    sources=(GAME_ID,),
    memo_kinds=FIFTH_AVENUE.memo_kinds,
    wire=FIFTH_AVENUE.id,
    rules_page=files(__package__) / "rules.yaml",
    examples=examples,
)
