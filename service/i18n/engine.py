"""A Babel extractor for the texts a game's engine declares as data: rule-code texts, readings, options.

Those texts sit in tables (``RuleBook`` rules, ``OptionSpec``, ``Reading``) that several other changes
edit line by line, so rather than wrapping each in ``N_`` the extractor imports the game (the engine is
pure: importing it has no effect) and reads the texts the service will serve. It is mapped to each game
package's ``__init__.py``, and extracts that file's own marked strings as Python too.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

from .pyast import extract_ast


def game_texts(game_id: str) -> list[str]:
    spec = importlib.import_module(f"service.engine.{game_id}").SPEC
    texts = [rule.text for rule in spec.engine.rule_codes()]
    texts += [reading.text for reading in spec.engine.readings()]
    texts += [option.text for option in spec.options]
    for option in spec.options:  # the names the table's setup shows (GET /v1/games/{game}: setup_options)
        texts += [option.label, *(label for label in option.choice_labels() if not label.isdigit())]
    return [text for text in texts if text]


def extract_engine(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """Babel's extractor protocol: (line, function name, message, comments)."""
    yield from extract_ast(fileobj, keywords, comment_tags, options)
    game_id = fileobj.name.replace("\\", "/").rstrip("/").split("/")[-2]
    for text in game_texts(game_id):
        yield 0, "", text, []
