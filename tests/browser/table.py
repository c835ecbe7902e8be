"""Driving the referee's table page: small steps the browser tests share."""

from __future__ import annotations

import json
import re

# The servers of the browser tests answer within the longest deadline the settings allow: a whole game's
# replay (its export, its scorings) is one request, and on a loaded machine it may take seconds. The
# deadline itself is tested in tests/api/test_deadline.py, not by how fast this machine is.
SLOW_MACHINE_DEADLINE_MS = 20_000
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
    if mode == "digital":  # a real table asks for no seed
        page.fill("#seed", "" if seed is None else str(seed))
    page.click("#start-button")
    settle(page)


def check_move(page, move: str) -> None:
    """Compose ``move`` (JSON text) in the experts' move box and check it, without playing it."""
    if not page.locator("#composer-box").evaluate("e => e.open"):
        page.click("#composer-box summary")
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


def amount(text: str) -> int:
    """A number as the page writes it in its language ($150,000, 150 000 $, 150.000): its digits."""
    digits = re.sub(r"[^0-9]", "", text)
    return -int(digits) if re.match(r"^\s*[-\u2212]", text) else int(digits)


def totals(page, where: str) -> dict[str, int]:
    """The score table's totals as shown: {player: total}."""
    rows = page.locator(f"{where} tbody tr")
    return {
        rows.nth(i).get_attribute("data-player"): amount(rows.nth(i).locator("td.total").inner_text())
        for i in range(rows.count())
    }


def own_view(page, player: str) -> None:
    """Pass the device to ``player`` and let him say so: his own view."""
    page.click(f"#own-views button[data-pass='{player}']")
    page.click("#pass-confirm")
    settle(page)


def shared_view_of(api, game: str, state: dict) -> dict:
    """The state as the whole table sees it: the service's view for the first player, then the second's."""
    ids = [p["id"] for p in state["players"]]
    first = api.post(f"/v1/games/{game}/view", json={"state": state, "player": ids[0]}).get_json()["state"]
    return api.post(f"/v1/games/{game}/view", json={"state": first, "player": ids[1]}).get_json()["state"]


def no_problem_shown(page) -> None:
    assert page.locator("#problem").is_hidden(), page.inner_text("#problem")


# ---- A real-table game, as a referee plays it --------------------------------------------------------


def visible(page, selector: str) -> bool:
    return page.locator(selector).first.is_visible() if page.locator(selector).count() else False


FAST = {"on": False}  # set by real_table_step: taps as click events, without the pointer's checks


def tap(page, locator) -> None:
    """A tap; on fast turns the element's click event only (the page runs the same handler; see play_move)."""
    if FAST["on"]:
        locator.dispatch_event("click")
    else:
        locator.click()
    settle(page)


def enter_reveal(page, turn: int) -> int:
    """Fill the reveal chooser by tapping pictures (a board lot where the part is on the board), then enter it.
    Returns the number of taps."""
    taps = 0
    while not page.locator("#pending-form .chooser-submit").is_enabled():
        part = page.locator("#pending-form .chooser fieldset.part[data-full=false]").first
        groups = part.locator(".groups button")
        if groups.count() and not part.locator(".groups button[aria-pressed=true]").count():
            tap(page, groups.nth(turn % groups.count()))
        elif page.locator("#picture .target").count():
            tap(page, page.locator("#picture .target").nth((turn + taps) % page.locator("#picture .target").count()))
        else:
            pieces = part.locator("button.piece:enabled")
            tap(page, pieces.nth((turn + taps) % pieces.count()))
        taps += 1
        assert taps < 60, "the reveal never filled"
    tap(page, page.locator("#pending-form .chooser-submit"))
    return taps


def real_table_step(page, pick: int, turn: int, private_first: bool = False, prefer: str | None = None) -> str | None:
    """One thing a referee does at a real table: pass the device, enter a reveal, or play a move (by a tap
    on the board every third turn where the move has a target there). None when nothing is left. Every tenth
    turn taps with the pointer (Playwright's checks that the element is visible and on top), the others fire
    the element's click event: a whole game saves two frames a tap. ``prefer``: a listed move whose words hold
    it is played before the pick (a purchase where the game may go on taking money or ending turns forever)."""
    FAST["on"] = turn % 10 != 0
    if visible(page, "#pass-panel"):
        tap(page, page.locator("#pass-confirm"))
        return "own view"
    if visible(page, "#pending"):
        if page.locator("#pending-form .pass-button").count():
            tap(page, page.locator("#pending-form .pass-button"))
            return "pass"
        if page.locator("#pending-form .chooser").count():
            enter_reveal(page, turn)
            return "reveal"
        tap(page, page.locator("#pending-form button.move").first)
        return "listed reveal"
    moves = page.locator("#moves button.move")
    targets = page.locator("#picture .target")
    if private_first and turn % 2 == 0 and page.locator("#moves .pass-button").count():
        tap(page, page.locator("#moves .pass-button").first)  # a move from a hand (a buy) every other turn
        return "pass"
    preferred = page.locator("#moves button.move", has_text=prefer) if prefer else None
    if preferred is not None and preferred.count():
        tap(page, preferred.first)  # the kind of move the game needs to end (Alhambra's purchases)
        return "move"
    if turn % 3 == 0 and targets.count():
        tap(page, targets.nth(turn % targets.count()))
        if page.locator("#board-choice button.move").count():
            tap(page, page.locator("#board-choice button.move").first)
        return "board"
    if moves.count():
        tap(page, moves.last if pick == -1 else moves.nth(min(pick, moves.count() - 1)))
        return "move"
    if page.locator("#moves .pass-button").count():
        tap(page, page.locator("#moves .pass-button").first)
        return "pass"
    return None


# ---- The games kept on the device -------------------------------------------------------------------

KEPT = "() => [localStorage.getItem('city-games-table-games'), localStorage.getItem('city-games-table-current')]"


def kept_games(page) -> tuple[dict, str | None]:
    """Every game the page keeps on the device ({id: kept game}) and the id of the one in play."""
    games, current = page.evaluate(KEPT)
    return json.loads(games or "{}"), current


def exported(page) -> dict:
    """The replay body of the game in play as the device keeps it (its setup, start or last correction, and
    the moves after it): the whole game, hidden holdings included, which no button shows on the shared screen."""
    games, current = kept_games(page)
    kept = games[current]
    moves = kept["moves"]
    # a game goes on from its last correction (a whole state the table was set to), as the page replays it
    last = max((i for i, m in enumerate(moves) if "correction" in m), default=None)
    if last is not None:
        return {"state": moves[last]["correction"]["state"], "moves": moves[last + 1 :]}
    return (
        {"state": kept["start"], "moves": moves}
        if kept["mode"] == "table"
        else {"setup": kept["setup"], "moves": moves}
    )


def paste_replay(page, text: str) -> None:
    """Paste a replay body into the experts' box (folded under the record import)."""
    box = page.locator("#replay-text")
    if not box.is_visible():
        page.click("#transfer details > summary")
    page.fill("#replay-text", text)
