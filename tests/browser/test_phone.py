"""The table on a phone (390 CSS px wide): the status and the moves come before the board, nothing on the
page scrolls sideways, the board's smallest text is at least 12 CSS px (the board pans inside its frame),
and every control and board target is at least 44 px."""

from __future__ import annotations

import pytest

from .table import open_table, real_table_step, settle, start

PHONE = {"width": 390, "height": 844}

SMALLEST_BOARD_TEXT = """() => {
  let smallest = Infinity;
  for (const t of document.querySelectorAll('#picture svg text')) {
    if (!t.textContent.trim() || !t.getClientRects().length) continue;
    smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
  }
  return smallest;
}"""

SMALL_TARGETS = """() => [...document.querySelectorAll(
    '#play button, #play select, #play input, #play summary, #play a, #play [role=button]')]
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => [e, e.getBoundingClientRect()])
  .filter(([, r]) => r.height < 44 || r.width < 44)
  .map(([e, r]) => `${e.tagName}#${e.id}.${e.getAttribute('class')} "${(e.textContent || '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def check_phone_layout(page, where: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], where
    smallest = page.evaluate(SMALLEST_BOARD_TEXT)
    assert smallest >= 12 - 0.01, f"{where}: board text of {smallest:.1f} px"
    assert page.evaluate(SMALL_TARGETS) == [], where
    top = {
        name: page.locator(sel).first.bounding_box()["y"]
        for name, sel in (("status", "#status"), ("moves", "#moves-count"), ("board", "#picture"))
    }
    assert top["status"] < top["moves"] < top["board"], where


# (game, players, mode, steps): a shared screen, a reveal chooser on a player's own view, a board with targets
STATES = [
    ("skyline3000", "anna, ben", "table", 12),
    ("chinatown", "anna, ben, cy", "table", 3),
    ("newyork", "anna, ben", "digital", 4),
    ("fifthavenue", "anna, ben", "digital", 1),
]


@pytest.mark.parametrize("game,players,mode,steps", STATES, ids=[s[0] for s in STATES])
def test_on_a_phone_moves_come_first_nothing_scrolls_sideways_and_the_board_reads(
    page, screenshots, game, players, mode, steps
):
    page.set_viewport_size(PHONE)
    open_table(page)
    start(page, game, players, seed=None if mode == "table" else 7, mode=mode)
    check_phone_layout(page, "start")
    for turn in range(steps):
        real_table_step(page, 0, turn + 1)
        if page.locator("#pass-panel").is_hidden():
            check_phone_layout(page, f"step {turn + 1}")
    settle(page)
    page.screenshot(path=screenshots / f"phone-{game}.png", full_page=True)
    assert page.errors == []
