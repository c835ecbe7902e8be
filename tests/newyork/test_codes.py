"""Every rule code the engine can emit is listed by rule_codes() with a text and a rule; the game id is a
parameter, so a re-skin of New York is a rule book under another id over the same tables, not a copy."""
import re
from pathlib import Path

from service.engine.newyork import GAME
from service.engine.newyork.codes import GAME_ID

ENGINE = Path(__file__).resolve().parents[2] / "service" / "engine" / "newyork"


def test_every_code_used_in_the_engine_is_listed():
    listed = {c.code for c in GAME.rule_codes()}
    used = set()
    for path in ENGINE.glob("*.py"):
        used |= {f"{GAME_ID}.{s}" for s in re.findall(r'BOOK\.violation\(\s*"([a-z_]+\.[a-z_]+)"', path.read_text())}
    assert used and used <= listed, used - listed
    assert listed <= used, listed - used  # no code listed that nothing can emit


def test_every_listed_code_has_text_and_rule():
    for code in GAME.rule_codes():
        assert code.code.startswith("newyork.") and code.text and code.rule


def test_no_module_writes_the_game_id_but_codes():
    for path in ENGINE.glob("*.py"):
        if path.name != "codes.py":
            assert '"newyork' not in path.read_text(), path.name

