"""Driving the referee's table page: small steps the browser tests share."""
from __future__ import annotations

import json

SETTLED = "body[data-pending='0']"  # a selector, not a JS predicate: the page's strict CSP forbids eval


def settle(page) -> None:
    """Wait until every action the page started (requests, the helper's debounce) has finished."""
    page.wait_for_selector(SETTLED, state="attached")


def open_table(page) -> None:
    page.goto("/table/")
    settle(page)


def start(page, game: str, players: str, seed: int | None = 7, mode: str = "digital") -> None:
    page.select_option("#game", game)
    page.fill("#players", players)
    page.check(f"input[name=mode][value={mode}]")
    page.fill("#seed", "" if seed is None else str(seed))
    page.click("#start-button")
    settle(page)


def check_move(page, move: str) -> None:
    """Compose ``move`` (JSON text) in the move box and check it, without playing it."""
    page.fill("#move-text", move)
    page.click("#check-button")
    settle(page)


def state(page) -> dict:
    return json.loads(page.input_value("#state-text"))


def state_text(page) -> str:
    return page.input_value("#state-text")


def listed_move(page, index: int):
    """The button of the index-th listed move (-1: the last), without asking the page how many there are."""
    buttons = page.locator("#moves button.move")
    return buttons.last if index == -1 else buttons.nth(index if index >= 0 else buttons.count() + index)


def click_move(page, index: int) -> str:
    """Play the index-th listed move by clicking it; its label, as the page showed it."""
    button = listed_move(page, index)
    label = button.inner_text()
    button.click()
    settle(page)
    return label


def play_move(page, index: int, pointer: bool = True) -> None:
    """click_move without reading the label: a whole game's clicks make a round trip to the browser less each.

    ``pointer=False`` fires the button's click event without Playwright's mouse click and its checks
    (visible, stable over two animation frames, on top where the pointer lands): the page runs the same
    handler, and a whole game saves two frames a move."""
    button = listed_move(page, index)
    if pointer:
        button.click()
    else:
        button.dispatch_event("click")
    settle(page)


def totals(page, where: str) -> dict[str, int]:
    """The score table's totals as shown: {player: total}."""
    rows = page.locator(f"{where} tbody tr")
    return {rows.nth(i).get_attribute("data-player"): int(rows.nth(i).locator("td.total").inner_text())
            for i in range(rows.count())}


def no_problem_shown(page) -> None:
    assert page.locator("#problem").is_hidden(), page.inner_text("#problem")
