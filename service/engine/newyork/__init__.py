"""New York (Dirk Henn, Queen Games 2010)."""

from importlib.resources import files

from ..core import GameInfo, GameSpec
from . import examples
from .data import NEW_YORK

INFO = GameInfo(
    id=NEW_YORK.id,
    name=NEW_YORK.name,
    designers=("Dirk Henn",),
    publisher="Queen Games 2010",
    min_players=2,
    max_players=6,
    rules_version=f"{NEW_YORK.id}-5",
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

from .book import BOOK  # noqa: E402
from .game import NewYork  # noqa: E402

GAME = NewYork(INFO, book=BOOK)
from . import words  # noqa: E402
from .options import OPTIONS  # noqa: E402
from .scoring import memo_kinds  # noqa: E402

SPEC = GameSpec(
    INFO,
    GAME,
    OPTIONS,
    words,
    sources=(NEW_YORK.id,),
    memo_kinds=memo_kinds(NEW_YORK),
    wire=NEW_YORK.id,
    rules_page=files(__package__) / "rules.yaml",
    examples=examples,
)
