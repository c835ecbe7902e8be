"""New York (Dirk Henn, Queen Games 2010)."""
from ..core import GameInfo

INFO = GameInfo(
    id="newyork",
    name="New York",
    designers=("Dirk Henn",),
    publisher="Queen Games 2010",
    min_players=2,
    max_players=6,
    rules_version="newyork-0",
)
GAME = None  # the engine is not built yet: the rules endpoints answer 501
