"""New York (Dirk Henn, Queen Games 2010)."""

from ..core import GameInfo, GameSpec
from .codes import GAME_ID, GAME_NAME

INFO = GameInfo(
    id=GAME_ID,
    name=GAME_NAME,
    designers=("Dirk Henn",),
    publisher="Queen Games 2010",
    min_players=2,
    max_players=6,
    rules_version=f"{GAME_ID}-4",
    move_types=(
        "take_money",
        "buy",
        "rebuild_place",
        "rebuild_remove",
        "rebuild_swap",
        "end_turn",
        "place",
        "reserve",
        "give_dummy",
        "reveal",
    ),
    variants=("two_player_dummy",),
)

from .game import NewYork  # noqa: E402

GAME = NewYork(INFO)
from . import words  # noqa: E402
from .options import OPTIONS  # noqa: E402

SPEC = GameSpec(INFO, GAME, OPTIONS, words, sources=(GAME_ID,))
