"""Every rule code the engine can emit is listed by rule_codes() with a text and a rule; the game id is a
parameter, so a re-skin of New York is a rule book under another id over the same tables, not a copy."""

import re
from dataclasses import replace
from pathlib import Path

from service.engine.kit import RuleBook
from service.engine.newyork import GAME, INFO
from service.engine.newyork.book import BOOK, RULES
from service.engine.newyork.data import NEW_YORK
from service.engine.newyork.game import NewYork

from .helpers import mv, start

ENGINE = Path(__file__).resolve().parents[2] / "service" / "engine" / "newyork"


def test_every_code_used_in_the_engine_is_listed():
    listed = {c.code for c in GAME.rule_codes()}
    used = set()
    for path in ENGINE.glob("*.py"):
        used |= {
            f"{NEW_YORK.id}.{s}" for s in re.findall(r'book\.violation\(\s*"([a-z_]+\.[a-z_]+)"', path.read_text())
        }
    assert used and used <= listed, used - listed
    assert listed <= used, listed - used  # no code listed that nothing can emit


def test_every_listed_code_has_text_and_rule():
    for code in GAME.rule_codes():
        assert code.code.startswith("newyork.") and code.text and code.rule


def test_no_module_writes_the_game_id_but_data():
    for path in ENGINE.glob("*.py"):
        if path.name != "data.py":
            assert '"newyork' not in path.read_text(), path.name


def test_a_reskin_is_a_rule_book_under_another_id_over_the_same_tables():
    book = RuleBook("alhambra", RULES)
    info = replace(INFO, id="alhambra", name="Alhambra", rules_version="alhambra-1")
    reskin = NewYork(info, book)
    assert {c.code for c in reskin.rule_codes()} == {c.replace("newyork.", "alhambra.") for c in BOOK.codes}
    assert reskin.describe()["id"] == "alhambra"
    s = start(3)
    other = s.players[(s.current + 1) % 3].id
    refused = reskin.apply(s, mv("end_turn", other)).violations
    original = GAME.apply(s, mv("end_turn", other)).violations
    assert [v.code for v in original] == ["newyork.turn.not_your_turn", "newyork.turn.cannot_end"]
    assert [v.code for v in refused] == ["alhambra.turn.not_your_turn", "alhambra.turn.cannot_end"]
    assert [(v.message, v.rule, v.pointer, v.template) for v in refused] == [
        (v.message, v.rule, v.pointer, v.template) for v in original
    ]
    broken = replace(s, current=None)
    assert [v.code for v in reskin.validate(broken)] == ["alhambra.state.current"]
    assert reskin.legal_moves(s) == GAME.legal_moves(s) and reskin.legal_moves(broken) == []


def test_the_rule_book_is_the_engines_only_code_table():
    assert GAME.book is BOOK and GAME.info.id == NEW_YORK.id
    assert {c.code for c in GAME.rule_codes()} == BOOK.codes
