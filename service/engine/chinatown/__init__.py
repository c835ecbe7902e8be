"""Chinatown (Karsten Hartwig, Filosofia / Z-Man 2008)."""
from ..core import GameInfo

INFO = GameInfo(
    id="chinatown",
    name="Chinatown",
    designers=("Karsten Hartwig",),
    publisher="Filosofia / Z-Man Games 2008",
    min_players=3,
    max_players=5,
    rules_version="chinatown-0",
)
GAME = None  # the engine is not built yet: the rules endpoints answer 501
