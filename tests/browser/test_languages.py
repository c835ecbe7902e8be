"""The referee's table in Hungarian: the page's texts, a move's description, a violation and the
picture all in the chosen language, and the choice kept when the page is opened again."""
from __future__ import annotations

from .table import check_move, no_problem_shown, settle, start


def test_the_table_speaks_the_chosen_language(page):
    page.goto("/table/?lang=hu")
    settle(page)
    assert page.inner_text("h1") == "A játékvezető asztala"
    assert page.get_attribute("html", "lang") == "hu"
    assert page.inner_text("#start-button") == "Kezdés"
    start(page, "skyline3000", "anna, ben", seed=7)
    no_problem_shown(page)
    assert "következik" in page.inner_text("#status")
    assert "Aukciós ház" in page.inner_text("#picture")
    check_move(page, '{"type": "pass", "player": "anna"}')
    verdict = page.inner_text("#verdict")
    assert "Szabálytalan" in verdict and "Nem anna következik" in verdict
    assert not page.errors


def test_the_language_chooser_reloads_the_page_in_the_chosen_language(page):
    page.goto("/table/")
    settle(page)
    assert page.inner_text("h1") == "The referee's table"
    page.select_option("#language", "de")
    page.wait_for_url("**/table/?lang=de")
    settle(page)
    assert page.inner_text("h1") == "Der Tisch des Schiedsrichters"
    page.goto("/table/")  # the choice is kept
    settle(page)
    assert page.inner_text("h1") == "Der Tisch des Schiedsrichters"
