"""Fifth Avenue (Wilko Manz, alea 2004)."""
from ..core import GameInfo

INFO = GameInfo(
    id="fifthavenue",
    name="Fifth Avenue",
    designers=("Wilko Manz",),
    publisher="alea / Ravensburger 2004",
    min_players=2,
    max_players=4,
    rules_version="fifthavenue-0",
)
GAME = None  # the engine is not built yet: the rules endpoints answer 501
