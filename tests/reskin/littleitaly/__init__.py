"""Little Italy: Chinatown's rules under another id, name and words, and nothing else changed. The whole
re-skin is this folder; the service would serve it with one more name in ``service.engine.registry.PACKAGES``
(the tests register it with ``registry.register``, ``tests/reskin/plugin.py``)."""

from dataclasses import replace
from importlib.resources import files

from service.engine.chinatown import INFO as CHINATOWN_INFO
from service.engine.chinatown import examples
from service.engine.chinatown.book import book_of
from service.engine.chinatown.data import Edition
from service.engine.chinatown.game import ChinatownGame
from service.engine.chinatown.options import OPTIONS
from service.engine.core import GameSpec

from . import words

LITTLE_ITALY = Edition(
    id="littleitaly",
    name="Little Italy",
    texts={
        "rule.player_count": "Little Italy is played by 3 to 5 players.",
        "setup.player_count": "Little Italy needs {min} to {max} players.",
        "state.player_count": "The state has {count} players; Little Italy takes {min} to {max}.",
        "picture.board": "Little Italy - board",
        "picture.title": "Little Italy - {year} (round {round}), phase: {phase}",
    },
)

INFO = replace(
    CHINATOWN_INFO,
    id=LITTLE_ITALY.id,
    name=LITTLE_ITALY.name,
    rules_version=f"{LITTLE_ITALY.id}-1",
    family="chinatown",
)

GAME = ChinatownGame(INFO, book=book_of(LITTLE_ITALY))

SPEC = GameSpec(
    INFO,
    GAME,
    OPTIONS,
    words,
    sources=("chinatown",),
    memo_kinds=LITTLE_ITALY.memo_kinds,
    wire="chinatown",
    rules_page=files(__package__) / "rules.yaml",
    examples=examples,
)
