"""The rules and problem pages in a real browser: they render under their own Content-Security-Policy
(a refused style would be a console error), axe finds no serious violation, and a violation's rule link
on the table opens the rules page at the section it names."""

from __future__ import annotations

import pytest

from service.engine.registry import GAME_IDS

from .table import check_move, open_table, start
from .test_accessibility import serious


@pytest.mark.parametrize("path", [f"/v1/games/{g}/rules" for g in GAME_IDS] + ["/problems/", "/problems/schema"])
def test_the_page_renders_under_its_policy_with_no_serious_accessibility_violation(page, path):
    page.goto(path)
    assert page.evaluate("getComputedStyle(document.body).maxWidth") != "none"  # its inline style applied
    assert serious(page) == []
    assert page.errors == []


def test_a_violations_rule_link_opens_the_section_it_cites(page):
    open_table(page)
    start(page, "skyline3000", "anna, ben", seed=7)
    check_move(page, '{"type": "pass", "player": "anna"}')
    page.goto(page.locator("#verdict a.rule").first.get_attribute("href"))
    assert page.locator(":target h2").inner_text() == "Rounds"
    assert page.errors == []
