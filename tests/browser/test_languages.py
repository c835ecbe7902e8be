"""The referee's table in Hungarian: the page's texts, a move's description, a violation and the
picture all in the chosen language, and the choice kept when the page is opened again."""

from __future__ import annotations

from service import create_app

from .table import SLOW_MACHINE_DEADLINE_MS, check_move, no_problem_shown, settle, start

API = create_app({"redis_url": None}).test_client()


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
    assert "Szabálytalan" in verdict and "Nem \u2068anna\u2069 következik" in verdict
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


def english_fragments(lang: str) -> set[str]:
    """The page's English texts (between their {fields}, of two words or more) that the language translates
    differently: any of them on the page is an English prompt left."""
    import re

    from service import create_app
    from service.api.table import page_ids

    client = create_app({"redis_url": None, "request_deadline_ms": SLOW_MACHINE_DEADLINE_MS}).test_client()
    messages = client.get(f"/table/messages.json?lang={lang}").get_json()["messages"]
    found = set()
    for msgid in page_ids():
        if messages.get(msgid, msgid) == msgid:
            continue
        for piece in re.split(r"\{\w+\}", msgid):
            piece = piece.strip(" .,:;()")
            if len(piece.split()) >= 2 and len(piece) >= 10 and piece not in messages[msgid]:
                found.add(piece)
    return found


def test_a_hungarian_real_table_game_leaves_no_english_prompt(page):
    from .table import real_table_step

    fragments = english_fragments("hu")
    assert len(fragments) > 50  # the check has something to find
    page.goto("/table/?lang=hu")
    settle(page)
    seen = {"start": page.inner_text("body")}
    start(page, "skyline3000", "anna, ben", seed=None, mode="table")
    seen["shared"] = page.inner_text("body")
    for turn in range(60):
        step = real_table_step(page, 0, turn + 1) if not page.locator("#pending-form .chooser").count() else None
        if step == "pass":
            seen["pass the device"] = page.inner_text("body")
        if page.locator("#pending-form .chooser").count():
            break
    seen["a reveal on a player's own view"] = page.inner_text("body")
    page.click("#correction-box summary")
    seen["correction"] = page.inner_text("body")
    left = {state: sorted(f for f in fragments if f in text) for state, text in seen.items()}
    assert {state: f for state, f in left.items() if f} == {}
    assert not page.errors


RTL = "\u05d0\u05d1\u05d9"  # a Hebrew name, written right to left


def test_a_right_to_left_name_is_isolated_wherever_the_page_writes_it(page):
    """Each name inserted into a sentence is set apart (a first-strong isolate, as <bdi> is), one by one in a
    list, so a right-to-left name neither reorders the words and commas beside it nor is reordered."""
    page.goto("/table/")
    settle(page)
    start(page, "newyork", f"{RTL}, anna", seed=7)
    no_problem_shown(page)
    isolated = f"\u2068{RTL}\u2069"
    status = page.inner_text("#status")
    assert isolated in status or "\u2068anna\u2069" in status, status  # whoever is to move, named alone
    page.locator("#moves button.move").first.click()
    settle(page)
    log = page.inner_text("#move-log")
    assert "\u2068" in log and "\u2069" in log, log  # the mover's name in the log entry
    assert page.inner_text("#undo").count("\u2068") == 1  # Undo names the move it takes back, its player set apart
    # a name standing alone (a table's row, the kept game's players) is its own <bdi>
    assert page.locator(f"#standings th bdi:text-is('{RTL}')").count() == 1
    assert page.locator(f"#kept-list .kept-title bdi:text-is('{RTL}')").count() == 1
    assert not page.errors


def test_the_setups_options_are_named_in_the_chosen_language_from_the_games_description(page):
    """The options' names and their choices' names are the game's description's, in the page's language; the
    page reads no contract (/openapi.json) for them."""
    asked = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto("/table/?lang=nl")
    settle(page)
    page.select_option("#game", "fifthavenue")
    settle(page)
    page.click("#options-box > summary")
    described = {o["name"]: o for o in API.get("/v1/games/fifthavenue?lang=nl").get_json()["setup_options"]}
    offered = page.locator("#options-box [data-option]")
    assert offered.count() == len(described) - 1  # all but the chance, which has its own choice
    for i in range(offered.count()):
        name = offered.nth(i).get_attribute("data-option")
        assert page.text_content(f"label[for=option-{name}]") == described[name]["label"]
        if described[name]["kind"] == "choice":
            shown = offered.nth(i).locator("option").evaluate_all("os => os.map(o => o.textContent)")
            assert shown == [c["label"] for c in described[name]["choices"]]
    assert page.text_content("label[for=option-board_side]") == "bordzijde"
    assert not any(url.split("?")[0].endswith("/openapi.json") for url in asked)
    assert not page.errors
