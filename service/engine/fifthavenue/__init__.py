"""Fifth Avenue (Wilko Manz, alea 2004)."""

from ..core import GameInfo, GameSpec
from .data import GAME_ID
from .state import MOVE_TYPES

INFO = GameInfo(
    id=GAME_ID,
    name="Fifth Avenue",
    designers=("Wilko Manz",),
    publisher="alea / Ravensburger 2004",
    min_players=2,
    max_players=4,
    rules_version=f"{GAME_ID}-4",
    move_types=MOVE_TYPES,
    variants=("two_player_dummy", "six_plot_board"),
)
from .game import FifthAvenue  # noqa: E402

GAME = FifthAvenue(INFO)
from . import words  # noqa: E402
from .options import OPTIONS  # noqa: E402

SPEC = GameSpec(INFO, GAME, OPTIONS, words, sources=(GAME_ID,))
