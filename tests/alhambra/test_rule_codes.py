"""Alhambra's rule codes: New York's rules under alhambra.*, in Alhambra's words, citing its rules page."""

import yaml

from service.engine.alhambra import GAME, SPEC
from service.engine.alhambra.book import ALIASES, BOOK
from service.engine.newyork import GAME as NEW_YORK
from service.engine.newyork.state import Placed

from .helpers import RULES_PAGE, codes, inline, mv, partial, start

PAGE = SPEC.rules_page  # its package's rules.yaml


def sections() -> set[str]:
    page = yaml.safe_load(PAGE.read_text(encoding="utf-8"))
    found = {s["id"] for s in page["sections"]}
    return found | {p["id"] for s in page["sections"] for p in s.get("parts", ())}


def test_every_code_is_new_yorks_rule_under_alhambras_id():
    """The same rules under Alhambra's id, named in Alhambra's words: New York's street_mismatch is
    Alhambra's wall_mismatch."""
    mine = {c.code for c in GAME.rule_codes()}
    theirs = {c.code.removeprefix("newyork.") for c in NEW_YORK.rule_codes()}
    assert mine == {"alhambra." + ALIASES.get(suffix, suffix) for suffix in theirs}
    assert ALIASES == {"placement.street_mismatch": "placement.wall_mismatch"}
    assert not [code for code in mine if "street" in code]
    assert GAME.book is BOOK


def test_every_code_cites_a_section_of_alhambras_rules_page():
    for code in GAME.rule_codes():
        assert code.rule_url.startswith(RULES_PAGE), code.code
        assert code.rule_url.partition("#")[2] in sections(), code.code
    for reading in GAME.readings():
        assert reading.section in sections(), reading.name


def test_the_codes_speak_of_walls_and_the_fountain_not_streets():
    texts = " ".join(c.text for c in GAME.rule_codes())
    assert "wall" in texts and "street" not in texts and "Times" not in texts


def test_a_refusal_is_worded_in_alhambras_terms():
    # a tile walled all round but on one side, beside the fountain through its wall: unreachable on foot
    state = partial({"ann": (Placed(1, 0, inline("tower", "wn")),)})
    found = [v for v in GAME.validate(state) if v.code == "alhambra.placement.unreachable"]
    assert found and all(v.rule_url.startswith(RULES_PAGE) for v in found)
    index_state = start(2, seed=1)
    who = index_state.players[index_state.current].id
    refused = GAME.apply(index_state, mv("rebuild_place", who, tile=1, x=1, y=0)).violations
    assert codes(refused) == ["alhambra.rebuild.not_in_reserve"]


def test_an_unreachable_placement_names_a_wall():
    from service.engine.newyork.city import CityIndex, placement_violations

    index = CityIndex(())
    found = placement_violations(index, inline("tower", "w"), 1, 0, BOOK)
    text = " ".join(v.message for v in found)
    assert "without crossing a wall" in text and "street" not in text
