"""Playing at the table: every game from a seed to its end by clicking listed moves, the composer's
verdicts, undo/redo, export/reload/import, a player's view, real-table reveals, problems as words."""

from __future__ import annotations

import json

import pytest

from service import create_app

from .table import (
    SLOW_MACHINE_DEADLINE_MS,
    check_move,
    click_move,
    exported,
    no_problem_shown,
    open_table,
    paste_replay,
    real_table_step,
    settle,
    shared_view_of,
    start,
    state,
    state_text,
    totals,
)

# Two players and a pick (the first listed move); the steps include passing the device to a player for the
# moves made from his own hand. The games with a table mode are played whole at a real table
# (test_real_table). Fifth Avenue ends here in about 150 steps; New York, whose shared screen lists no buy
# (bought from a hand), would take over a thousand with this pick, so the first 40 steps are played and
# checked: CI's time is kept for the whole real-table games.
GAMES = [
    ("newyork", "anna, ben", 0, 40, False),
    ("fifthavenue", "anna, ben", 0, 600, True),
]

API = create_app({"redis_url": None, "request_deadline_ms": SLOW_MACHINE_DEADLINE_MS}).test_client()


def replayed(game: str, body: dict) -> dict:
    response = API.post(f"/v1/games/{game}/replay", json=body)
    answer = response.get_json()
    assert response.status_code == 200, answer
    assert answer["valid"] is True, answer.get("first_illegal")
    return answer


@pytest.mark.parametrize("game,players,pick,most,whole", GAMES, ids=[g[0] for g in GAMES])
def test_a_seeded_game_plays_by_clicking_listed_moves(page, screenshots, game, players, pick, most, whole):
    open_table(page)
    start(page, game, players, seed=7)
    for step in range(most):
        if real_table_step(page, pick, step + 1) is None:
            break
        no_problem_shown(page)
        if step == 12:
            page.screenshot(path=screenshots / f"{game}-1280-midgame.png", full_page=True)
    if whole:
        assert page.get_attribute("#status", "data-over") == "true", f"not over after {most} steps"
        assert "the game is over" in page.inner_text("#status")
    clicks = len(exported(page)["moves"])
    assert page.locator("#move-log li").count() == clicks

    # The page's game is the service's game: its export replays to the state shown, and the totals
    # shown are the service's score of that state.
    body = exported(page)
    assert len(body["moves"]) == clicks
    replay = replayed(game, body)
    final = replay["state"]
    assert shared_view_of(API, game, final) == state(page)  # the shared screen shows the table's view
    if whole:  # a game over shows its scorings at once, under the final ranking
        assert page.locator("#scorings").evaluate("e => e.open")
    else:
        page.click("#scorings summary")
    page.wait_for_selector("#scorings-list table, #scorings-list p")  # opening the details starts the replay
    settle(page)
    shown = page.locator("#scorings-list tbody tr")
    assert shown.count() == len(replay["scorings"])
    assert replay["scorings"] or not whole
    if replay["scorings"]:
        last = replay["scorings"][-1]
        first_player = body["setup"]["players"][0]
        assert shown.last.locator("td").first.inner_text() == str(last["index"] + 1)
        assert shown.last.locator("td").nth(1).inner_text() == str(last["awarded"].get(first_player, 0))
    if whole:  # the final ranking's totals are the standings; no "scoring now" after the end
        assert totals(page, "#final") == replay["scores"] and page.locator("#score-now table").count() == 0
    else:
        scored = API.post(f"/v1/games/{game}/score", json={"state": final}).get_json()["totals"]
        assert totals(page, "#score-now") == scored

    page.screenshot(path=screenshots / f"{game}-1280.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=screenshots / f"{game}-390.png", full_page=True)
    assert page.errors == []


def test_an_illegal_composed_move_shows_every_violation_with_its_rule(page):
    open_table(page)
    start(page, "skyline3000", "anna, ben", seed=7)
    check_move(page, '{"type": "pass", "player": "anna"}')
    verdict = page.inner_text("#verdict")
    assert "Illegal" in verdict
    assert "It is not \u2068anna\u2069's turn: the game awaits \u2068ben\u2069." in verdict
    assert "(rule: Rounds: four phases, clockwise from the Key holder)" in verdict
    link = page.locator("#verdict a.rule").first.get_attribute("href")
    assert link == "/v1/games/skyline3000/rules#rounds"
    assert page.locator("#rules-link").get_attribute("href") == "/v1/games/skyline3000/rules"
    before = state_text(page)
    page.click("#play-composed")  # playing it is refused too, and changes nothing
    settle(page)
    assert state_text(page) == before and page.locator("#move-log li").count() == 0


def test_a_legal_composed_move_is_said_legal_and_can_be_played(page):
    open_table(page)
    start(page, "skyline3000", "anna, ben", seed=7)
    check_move(page, '{"type": "pass", "player": "ben"}')
    assert "Legal" in page.inner_text("#verdict")
    page.click("#play-composed")
    settle(page)
    assert page.inner_text("#move-log") == "\u2068ben\u2069 passes"  # the name set apart (an isolate)


def test_undo_and_redo(page):
    open_table(page)
    start(page, "fifthavenue", "anna, ben, cy", seed=3)
    seen = [state_text(page)]
    for _ in range(3):
        click_move(page, 0)
        seen.append(state_text(page))
    assert len(set(seen)) == 4
    page.click("#undo")
    settle(page)
    assert state_text(page) == seen[2]
    page.click("#undo")
    settle(page)
    assert state_text(page) == seen[1]
    page.click("#redo")
    settle(page)
    assert state_text(page) == seen[2]
    page.click("#redo")
    settle(page)
    assert state_text(page) == seen[3]
    assert page.is_disabled("#redo")


def test_export_reload_import_round_trip_keeps_the_exact_state(page):
    """The state must come back byte for byte, its seed included (seeds are at most 2^53-1, so JavaScript
    numbers keep them exact; the page keeps every number as written anyway)."""
    open_table(page)
    start(page, "chinatown", "anna, ben, cy", seed=11)
    for turn in range(14):
        real_table_step(page, 0, turn + 1)  # passing the device to each player to keep his cards, and moves
    played = state_text(page)
    exported_body = json.dumps(exported(page))
    assert len(json.loads(exported_body)["moves"]) >= 3
    # the game's own seed (shuffles to come) is beyond 32 bits, still JSON-safe
    assert 2**32 < replayed("chinatown", json.loads(exported_body))["state"]["seed"] <= 2**53 - 1

    page.reload()
    settle(page)
    assert state_text(page) == played  # the game survived the reload (local storage)

    page.click("#new-game")
    assert page.locator("#play").is_hidden()
    page.reload()
    settle(page)
    assert page.locator("#play").is_hidden()  # after "New game" the start form is shown; the game stays listed
    assert page.locator("#kept-list li").count() == 1
    paste_replay(page, exported_body)
    page.select_option("#import-game", "chinatown")
    page.click("#import")
    settle(page)
    no_problem_shown(page)
    assert "all legal" in page.inner_text("#import-verdict")
    assert state_text(page) == played
    assert json.loads(state_text(page)) == shared_view_of(
        API, "chinatown", replayed("chinatown", json.loads(exported_body))["state"]
    )


def test_import_shows_the_first_illegal_move(page):
    open_table(page)
    body = {
        "setup": {"players": ["anna", "ben"], "seed": 7},
        "moves": [{"type": "pass", "player": "ben"}, {"type": "pass", "player": "ben"}],
    }
    paste_replay(page, json.dumps(body))
    page.select_option("#import-game", "skyline3000")
    page.click("#import")
    settle(page)
    verdict = page.inner_text("#import-verdict")
    assert "Move 2 (\u2068ben\u2069 passes) is illegal" in verdict
    assert "\u2068ben\u2069 has passed this construction phase." in verdict


def test_a_players_view_shows_only_what_that_player_may_see(page):
    open_table(page)
    start(page, "newyork", "anna, ben", seed=7)
    shared = state(page)
    # nobody's money on the shared screen: only how many cards each holds
    assert all(p["money"] is None and p["money_count"] > 0 for p in shared["players"])
    page.click("#own-views button[data-pass='anna']")
    assert page.locator("#table-view").is_hidden()  # the device is passed first: nothing shown until anna says so
    assert "Pass the device to \u2068anna\u2069" in page.inner_text("#pass-panel")  # a name is isolated
    page.click("#pass-confirm")
    settle(page)
    assert "\u2068anna\u2069's own view" in page.inner_text("#own-view")
    seen = state(page)
    assert seen["players"][1]["money"] is None and seen["players"][1]["money_count"] > 0
    assert seen["players"][0]["money"] and all(card is not None for card in seen["players"][0]["money"])
    assert "money_count" not in seen["players"][0]
    page.click("#back-to-table")
    settle(page)
    assert state(page) == shared


def test_a_problem_answer_is_shown_as_its_title_and_detail(page):
    open_table(page)
    start(page, "chinatown", "anna", seed=7)  # one player: the schema refuses it
    problem = page.inner_text("#problem")
    assert "The request does not fit the schema" in problem
    assert "{" not in problem and "Traceback" not in problem
    assert page.locator("#play").is_hidden()


def test_moves_are_played_by_keyboard_with_a_visible_focus(page):
    open_table(page)
    start(page, "skyline3000", "anna, ben", seed=7)
    first = page.locator("#moves button.move").first
    label = first.inner_text()
    page.locator("#language").focus()
    for _ in range(10):
        page.keyboard.press("Tab")
        if first.evaluate("e => e === document.activeElement"):
            break
    assert first.evaluate("e => e === document.activeElement"), "the first move is not reached by Tab"
    assert first.evaluate("e => getComputedStyle(e).outlineStyle") == "solid"  # :focus-visible's outline
    page.keyboard.press("Enter")
    settle(page)
    assert page.inner_text("#move-log") == label


def table_games() -> dict[str, bool]:
    """Which games' engines have the table mode (the option `chance` with the value `table`)."""
    found = {}
    for game in ("newyork", "alhambra", "chinatown", "skyline3000", "fifthavenue"):
        options = API.get(f"/v1/games/{game}").get_json()["options"]
        found[game] = (
            any(o.get("name") == "chance" and "table" in o.get("choices", ["table"]) for o in options)
            if isinstance(options, list)
            else "chance" in options
        )
    return found


TABLE_GAMES = table_games()


@pytest.mark.parametrize("game", list(TABLE_GAMES))
def test_real_table_setup_uses_the_games_table_mode_and_never_a_seed(page, game):
    sent = []
    page.on(
        "request",
        lambda r: sent.append(json.loads(r.post_data)) if r.url.split("?")[0].endswith(f"/{game}/setup") else None,
    )
    open_table(page)
    page.select_option("#game", game)
    if not TABLE_GAMES[game]:
        assert page.is_disabled("input[name=mode][value=table]")
        assert "cannot be set up at a real table" in page.inner_text("#table-hint")
        return
    page.check("input[name=mode][value=table]")
    assert page.locator("#seed").is_hidden()  # a real table deals its own pieces: no seed asked for
    page.fill("#players", "anna, ben, cy")
    page.click("#start-button")
    settle(page)
    no_problem_shown(page)
    assert sent == [{"players": ["anna", "ben", "cy"], "options": {"chance": "table"}}]
    expected = API.post(f"/v1/games/{game}/setup", json=sent[0]).get_json()["state"]
    assert state(page) == shared_view_of(API, game, expected)
    assert exported(page) == {"state": expected, "moves": []}
    valid = API.post(f"/v1/games/{game}/validate", json={"state": expected}).get_json()
    assert valid["valid"] is True, valid["violations"]


def test_the_largest_seed_is_sent_and_shown_exactly_and_one_beyond_is_refused(page):
    """Seeds are at most 2^53-1, the largest integer JavaScript numbers keep exact; one more is a 422 the
    page shows with its pointer."""
    top = 2**53 - 1
    open_table(page)
    start(page, "newyork", "anna, ben", seed=top)
    no_problem_shown(page)
    assert page.input_value("#seed") == str(top)
    expected = API.post("/v1/games/newyork/setup", json={"players": ["anna", "ben"], "seed": top}).get_json()
    assert state(page) == shared_view_of(API, "newyork", expected["state"])
    assert exported(page)["setup"]["seed"] == top
    start(page, "newyork", "anna, ben", seed=top + 1)
    assert page.locator("#problem").is_visible() and "/seed" in page.inner_text("#problem")


def declared_options(game: str) -> dict:
    """The options a game declares with their defaults, as its description gives them."""
    options = API.get(f"/v1/games/{game}").get_json()["options"]
    return {o["name"]: o["default"] for o in options} if isinstance(options, list) else options


@pytest.mark.parametrize("game", ["newyork", "skyline3000"])
def test_the_setup_offers_every_option_the_game_declares_and_sends_those_changed(page, game):
    open_table(page)
    page.select_option("#game", game)
    settle(page)
    declared = declared_options(game)
    offered = page.locator("#options-box [data-option]")
    names = [offered.nth(i).get_attribute("data-option") for i in range(offered.count())]
    # every option but the chance, which the Digital / Real table choice sets
    assert sorted(names) == sorted(n for n in declared if n != "chance")
    page.click("#options-box > summary")
    # change the first choice to another of its choices, and the first number or checkbox
    changed = {}
    choice = page.locator("#options-box select[data-option]").first
    name = choice.get_attribute("data-option")
    values = choice.locator("option").evaluate_all("os => os.map(o => o.value)")
    other = next(v for v in values if v and v != declared[name])
    choice.select_option(other)
    changed[name] = other
    box = page.locator("#options-box input[type=checkbox][data-option]")
    if box.count():
        name = box.first.get_attribute("data-option")
        box.first.set_checked(not declared[name])
        changed[name] = not declared[name]
    else:
        number = page.locator("#options-box input[type=number][data-option]").first
        name = number.get_attribute("data-option")
        number.fill(str(declared[name] + 1))
        changed[name] = declared[name] + 1
    sent = []
    page.on("request", lambda r: sent.append(r.post_data_json) if r.url.split("?")[0].endswith("/setup") else None)
    start(page, game, "anna, ben", seed=7)
    no_problem_shown(page)
    assert sent and sent[-1]["options"] == changed  # only what was changed is sent
    kept = state(page)["options"]
    assert all(kept[k] == v for k, v in changed.items())
