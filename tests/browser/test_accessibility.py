"""axe-core (through axe-playwright-python, which bundles it) on the page's main states: no serious or
critical violation."""

from __future__ import annotations

import pytest

from .table import check_move, click_move, open_table, own_view, settle, start
from .test_score_helper import enter

axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")


def serious(page) -> list[str]:
    results = axe_playwright.Axe().run(page)
    return [
        f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes: {v['nodes'][0]['target']})"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("width", [1280, 390])
def test_no_serious_accessibility_violation_in_the_main_states(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    open_table(page)
    found = {"start": serious(page)}

    start(page, "newyork", "anna, ben", seed=7)
    click_move(page, 0)
    found["playing"] = serious(page)

    check_move(page, '{"type": "pass", "player": "anna"}')
    page.click("#scorings summary")
    page.wait_for_selector("#scorings-list p, #scorings-list table")
    settle(page)
    found["verdict and scorings"] = serious(page)

    own_view(page, "anna")
    found["a player's view"] = serious(page)

    enter(page, "chinatown", [{"lot": 1, "owner": "simon", "shop": "seafood"}])
    found["score helper"] = serious(page)

    start(page, "chinatown", "anna, ben, cy", seed=None, mode="table")
    page.click("#pending-form .pass-button")
    found["pass the device"] = serious(page)
    page.click("#pass-confirm")
    settle(page)
    page.locator("#picture .target").first.click()  # a dealt card tapped on the board
    settle(page)
    found["a reveal chooser and board targets"] = serious(page)
    page.click("#correction-box summary")
    found["the correction form"] = serious(page)

    start(page, "chinatown", "anna", seed=7)
    found["a problem"] = serious(page)
    assert page.locator("#problem").is_visible()

    assert {state: v for state, v in found.items() if v} == {}
    # The only console error is the browser's note of the refused one-player setup (422), shown as a problem.
    assert [e for e in page.errors if "422" not in e] == []
