"""Alhambra (Dirk Henn, Queen Games 2003): New York's rules, which follow it, under Alhambra's own book,
words and tables."""

from importlib.resources import files

from ..core import GameInfo, GameSpec
from ..newyork import INFO as NEW_YORK_INFO
from ..newyork.game import NewYork
from . import examples, words
from .book import BOOK, FIXED_READINGS
from .data import ALHAMBRA
from .options import OPTIONS

INFO = GameInfo(
    id=ALHAMBRA.id,
    name=ALHAMBRA.name,
    designers=("Dirk Henn",),
    publisher="Queen Games 2003",
    min_players=2,
    max_players=6,
    rules_version=f"{ALHAMBRA.id}-2",
    move_types=NEW_YORK_INFO.move_types,
    variants=("two_player_dummy",),
    family="newyork",
)

GAME = NewYork(INFO, book=BOOK, edition=ALHAMBRA, options=OPTIONS, readings=FIXED_READINGS)

from ..newyork.scoring import memo_kinds  # noqa: E402

SPEC = GameSpec(
    INFO,
    GAME,
    OPTIONS,
    words,
    sources=(ALHAMBRA.id, "newyork"),
    memo_kinds=memo_kinds(ALHAMBRA),
    wire=ALHAMBRA.id,
    rules_page=files(__package__) / "rules.yaml",
    examples=examples,
)
