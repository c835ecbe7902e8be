"""A whole game at a real table, as a referee plays it: the table mode's setup, every reveal entered by tapping
the pieces' pictures (a dealt Chinatown card by tapping its lot on the board), private choices made on the
player's own view after the device is passed, some moves made by tapping the board; and the shared screen
never showing what only one player may see."""

from __future__ import annotations

import collections
import json
import re

import pytest

from .table import (
    exported,
    no_problem_shown,
    open_table,
    paste_replay,
    real_table_step,
    settle,
    shared_view_of,
    start,
    state,
)
from .test_play import API, TABLE_GAMES, replayed

# Player counts and a pick (first or last listed move) that end each game; a real-table game takes about
# 170 steps (passing the device, entering reveals, moves) in Chinatown and Skyline 3000.
GAMES = [
    ("chinatown", "anna, ben, cy", -1, 390),
    ("skyline3000", "anna, ben", 0, 1280),
    ("newyork", "anna, ben", 0, 390),
    ("alhambra", "anna, ben", 0, 375),
    ("fifthavenue", "anna, ben", 0, 1280),
]
MOST_STEPS = 900
# Alhambra's turn may be ended without an action, and taking money never ends the game: its players buy
# whenever a purchase is listed
PREFER = {"alhambra": "buys the tile"}


@pytest.mark.parametrize("game,players,pick,width", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_real_table_game_with_every_reveal_tapped(page, screenshots, game, players, pick, width):
    if not TABLE_GAMES[game]:
        pytest.skip(f"{game}'s engine has no table mode yet: the page offers none")
    page.set_viewport_size({"width": width, "height": 900})
    open_table(page)
    start(page, game, players, seed=None, mode="table")
    steps = collections.Counter()
    for turn in range(MOST_STEPS):
        done = real_table_step(page, pick, turn, private_first=game in ("newyork", "alhambra"), prefer=PREFER.get(game))
        no_problem_shown(page)
        assert not page.locator("#verdict .illegal").count(), page.inner_text("#verdict")
        if done is None:
            break
        steps[done] += 1
        if turn == 20:
            page.screenshot(path=screenshots / f"real-table-{game}-{width}-early.png", full_page=True)
        if turn % 25 == 0 and page.locator("#own-view").is_hidden() and page.locator("#pass-panel").is_hidden():
            # the shared screen shows the table's view of the game played so far, nothing more
            assert state(page) == shared_view_of(API, game, replayed(game, exported(page))["state"])
    assert page.get_attribute("#status", "data-over") == "true", f"not over after {sum(steps.values())} steps"
    page.screenshot(path=screenshots / f"real-table-{game}-{width}-end.png", full_page=True)
    body = exported(page)
    reveals = [m for m in body["moves"] if m["type"] == "reveal"]
    # every reveal of the game went through the picture chooser; some moves were tapped on the board
    assert steps["reveal"] == len(reveals) > 0 and steps["listed reveal"] == 0
    assert steps["board"] > 0
    assert body["state"]["options"]["chance"] == "table" and "setup" not in body
    final = replayed(game, body)["state"]
    assert page.locator("#final .winner").count() == 1
    winners = API.post(f"/v1/games/{game}/legal-moves", json={"state": final}).get_json()["status"]["winners"]
    assert all(w in page.inner_text("#final .winner") for w in winners)
    assert page.errors == []


def svg_texts(svg: str) -> set[str]:
    return {t.strip() for t in re.findall(r"<text[^>]*>([^<]*)<", svg) if t.strip()}


def secrets(game: str, full: dict) -> set[str]:
    """The picture's words that the referee's whole picture shows and the table's view does not: hands,
    money values, sealed piles. (Numbers alone are left out: a board is full of public numbers.)"""
    everything = svg_texts(API.post(f"/v1/games/{game}/render", json={"state": full}).get_data(as_text=True))
    shared = svg_texts(
        API.post(f"/v1/games/{game}/render", json={"state": shared_view_of(API, game, full)}).get_data(as_text=True)
    )
    words = {t for t in everything - shared if not t.isdigit() and len(t) > 2}
    return words | hand_words(game, full)


def hand_words(game: str, full: dict) -> set[str]:
    """How the page writes a card held in a hand (the Skyline 3000 and Fifth Avenue pictures draw no hand)."""
    if game == "fifthavenue":
        return {card.replace("-", " ") for player in full["players"] for card in player["hand"] or ()}
    if game != "skyline3000":
        return set()
    cards = full["options"]["cards"]
    words = set()
    for player in full["players"]:
        for card in player["hand"] or ():
            deck, number = card.split("-")
            entry = cards[deck][int(number) - 1]
            words.add(f"{deck} card {entry['value'] if isinstance(entry, dict) else entry}")
    return words


def page_words(page) -> str:
    return page.inner_text("body") + "\n" + "\n".join(page.locator("#picture svg text").all_text_contents())


# (game, players, how many steps into a seeded game: Skyline's is its sealed auction)
SHARED = [
    ("newyork", "anna, ben", 3),
    ("skyline3000", "anna, ben", 0),
    ("chinatown", "anna, ben, cy", 0),
    ("fifthavenue", "anna, ben", 2),
]


@pytest.mark.parametrize("game,players,steps", SHARED, ids=[g[0] for g in SHARED])
def test_the_shared_screen_shows_no_hand_money_or_sealed_pile(page, game, players, steps):
    open_table(page)
    start(page, game, players, seed=7)
    for turn in range(steps):
        real_table_step(page, 0, turn + 1)
    hidden = secrets(game, replayed(game, exported(page))["state"])
    paste_replay(page, "")
    assert hidden, "the referee's picture holds no secret here: the test would prove nothing"
    shown = page_words(page)
    assert [t for t in hidden if t in shown] == []
    assert state(page) == shared_view_of(API, game, replayed(game, exported(page))["state"])


def test_a_sealed_skyline_pile_is_entered_by_its_player_alone(page):
    open_table(page)
    start(page, "skyline3000", "anna, ben", seed=7)
    for turn in range(200):
        if "auction" in page.inner_text("#status").lower() and page.locator("#moves .pass-button").count():
            break
        real_table_step(page, 0, turn + 1)
    else:
        pytest.fail("no sealed auction reached")
    assert page.locator("#moves button.move", has_text="bids").count() == 0  # no pile offered on the shared view
    bidder = page.locator("#moves .pass-button").first.get_attribute("data-pass")
    page.locator("#moves .pass-button").first.click()
    page.click("#pass-confirm")
    settle(page)
    bids = page.locator("#moves button.move", has_text="bids")
    assert bids.count() > 0 and all(bidder in t for t in bids.all_inner_texts())
    bids.first.click()
    settle(page)
    no_problem_shown(page)
    assert page.locator("#own-view").is_hidden()  # back on the shared screen
    assert page.locator("#move-log li").first.inner_text() == f"\u2068{bidder}\u2069 bids a sealed pile"  # newest first


def test_a_correction_is_checked_recorded_in_the_history_and_undone(page):
    open_table(page)
    start(page, "skyline3000", "anna, ben", seed=None, mode="table")
    page.click("#correction-box summary")
    page.select_option("#correct-kind", "points")
    page.select_option("#correct-player", "ben")
    page.fill("#correct-points", "9")
    page.click("#correct-button")
    settle(page)
    no_problem_shown(page)
    assert page.inner_text("#move-log li") == "Correction: \u2068ben\u2069's points"
    assert page.inner_text("#standings tr[data-player=ben] td.total") == "9"
    assert state(page)["players"][1]["points"] == 9
    body = exported(page)
    assert body["state"]["players"][1]["points"] == 9 and body["moves"] == []  # replayed from the correction
    page.click("#undo")
    settle(page)
    assert page.locator("#move-log li").count() == 0
    assert page.inner_text("#standings tr[data-player=ben] td.total") == "5"
    page.click("#redo")
    settle(page)
    assert page.inner_text("#standings tr[data-player=ben] td.total") == "9"


def test_a_correction_the_rules_refuse_is_not_taken(page):
    open_table(page)
    start(page, "chinatown", "anna, ben, cy", seed=7)
    page.click("#correction-box summary")
    page.select_option("#correct-kind", "owner")
    page.select_option("#correct-lot", "1")
    page.select_option("#correct-owner", "anna")
    page.click("#correct-button")
    settle(page)
    # lot 1's card is still in the seeded deck: nobody can own the lot
    assert "Not taken" in page.inner_text("#correction-verdict")
    assert page.locator("#correction-verdict li").count() >= 1
    assert page.locator("#move-log li").count() == 0


def test_a_board_target_is_reached_by_tab_and_chosen_by_enter(page):
    open_table(page)
    start(page, "fifthavenue", "anna, ben", seed=7)
    targets = page.locator("#picture .target")
    assert targets.count() == len(
        {
            (m["district"], m["plot"])
            for m in API.post(
                "/v1/games/fifthavenue/legal-moves", json={"state": replayed("fifthavenue", exported(page))["state"]}
            ).get_json()["moves"]
            if m["type"] == "place_start"
        }
    )
    page.locator("#zoom").focus()
    for _ in range(5):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('target')"):
            break
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused and "plot of" in focused, "no board target reached by Tab"
    page.keyboard.press("Enter")
    settle(page)
    no_problem_shown(page)
    assert page.locator("#move-log li").count() == 1
    assert "starts on the" in page.inner_text("#move-log li")


def test_factory_buildings_are_numbered_from_1_on_the_page_as_in_its_picture(page):
    from .table import own_view

    open_table(page)
    start(page, "skyline3000", "anna, ben", seed=7)
    own_view(page, "ben")  # ben is to move; his cards are on his own view only
    said = " ".join(page.locator("#moves button.move").all_inner_texts())
    numbers = {
        int(n) for found in re.findall(r"factory buildings? ([\d and]+)", said) for n in re.findall(r"\d+", found)
    }
    tooltips = " ".join(page.locator("#picture svg title").all_text_contents())
    pictured = {int(n) for n in re.findall(r"\u2068ben\u2069: factory building (\d+)", tooltips)}
    # four buildings pictured 1-4; floors go on a new building, the fifth (the wire's index 4)
    assert pictured == {1, 2, 3, 4} and min(numbers) == 5


@pytest.mark.parametrize("width", [1280, 390])
def test_a_fifth_avenue_starting_business_is_entered_by_tapping_its_plot_and_its_picture(page, screenshots, width):
    page.set_viewport_size({"width": width, "height": 900})
    open_table(page)
    start(page, "fifthavenue", "anna, ben", seed=None, mode="table")
    assert "start business" in page.inner_text("#pending-text")
    # nothing chosen until the referee taps: two parts (the plot, the business), the button disabled
    parts = page.locator("#pending-form .chooser fieldset.part")
    assert parts.count() == 2 and page.locator("#pending-form .chooser .chip").count() == 0
    assert page.locator("#pending-form .chooser-submit").is_disabled()
    # the district's plots are the board's targets, nothing else on it
    targets = page.locator("#picture .target")
    assert targets.count() == 5
    assert {targets.nth(i).get_attribute("data-district") for i in range(5)} == {"34th-st-west"}
    page.screenshot(path=screenshots / f"start-business-{width}-empty.png", full_page=True)
    page.locator("#picture .target[data-plot=gray]").click()
    settle(page)
    assert page.locator("#picture circle.chosen[data-district='34th-st-west'][data-plot=gray]").count() == 1
    assert page.locator("#picture .target").count() == 0  # the plot is chosen: the board takes no more
    assert page.locator("#pending-form .chooser-submit").is_disabled()
    parts.nth(1).locator("button.piece", has_text="jeweler").click()
    page.screenshot(path=screenshots / f"start-business-{width}-chosen.png", full_page=True)
    page.click("#pending-form .chooser-submit")
    settle(page)
    no_problem_shown(page)
    assert page.inner_text("#move-log li") == "\u2068anna\u2069 reveals a jeweler on the gray plot of 34th st west"
    assert state(page)["districts"]["34th-st-west"]["plots"]["gray"]["businesses"] == ["jeweler"]
    assert page.inner_text("#pending-text").startswith("The table reveals: start business")  # the next district
    assert page.errors == []


def test_skyline_moves_onto_a_platform_target_the_platform_not_the_block(page, screenshots):
    open_table(page)
    start(page, "skyline3000", "anna, ben", seed=7)
    from .table import own_view

    for turn in range(60):
        if page.locator("#moves .pass-button").count() and "construction" in page.inner_text("#status").lower():
            own_view(page, page.locator("#moves .pass-button").first.get_attribute("data-pass"))
        if page.locator("#picture .target[data-platform=small]").count():
            break
        real_table_step(page, 0, turn + 1)
    else:
        pytest.fail("no move onto a platform listed")
    targets = page.locator("#picture .target")
    kinds = {targets.nth(i).get_attribute("data-platform") for i in range(targets.count())}
    assert "small" in kinds
    assert page.locator("#picture g.block.target").count() == 0  # no block is a target where it has the platform
    platform = page.locator("#picture .target[data-platform=small]").first
    assert "platform of block" in platform.get_attribute("aria-label")
    box = platform.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44  # a hit area over the thin platform
    page.screenshot(path=screenshots / "skyline-platform-targets-1280.png", full_page=True)
    before = page.locator("#move-log li").count()
    platform.click()
    settle(page)
    if page.locator("#board-choice button.move").count():
        page.locator("#board-choice button.move").first.click()
        settle(page)
    no_problem_shown(page)
    assert page.locator("#move-log li").count() == before + 1
    assert page.errors == []


def a_new_york_game_with_two_tiles_to_place() -> dict:
    """A replay body of a seeded New York game (each player buys when he can) up to the first position where
    two different tiles may be placed."""
    setup = {"players": ["anna", "ben"], "seed": 7}
    state = API.post("/v1/games/newyork/setup", json=setup).get_json()["state"]
    played = []
    for _ in range(40):
        moves = API.post("/v1/games/newyork/legal-moves", json={"state": state, "limit": 1000}).get_json()["moves"]
        if len({m["tile"] for m in moves if m["type"] == "place"}) > 1:
            return {"setup": setup, "moves": played}
        move = next((m for m in moves if m["type"] == "buy"), moves[0])
        played.append(move)
        state = API.post("/v1/games/newyork/moves", json={"state": state, "move": move}).get_json()["state"]
    raise AssertionError("no two tiles to place")


@pytest.mark.parametrize("width", [1280, 390])
def test_a_new_york_placement_composed_tile_first_narrows_the_cells_marked(page, screenshots, width):
    page.set_viewport_size({"width": width, "height": 900})
    open_table(page)
    body = a_new_york_game_with_two_tiles_to_place()
    paste_replay(page, json.dumps(body))
    page.select_option("#import-game", "newyork")
    page.click("#import")
    settle(page)
    no_problem_shown(page)
    final = replayed("newyork", body)["state"]
    moves = API.post("/v1/games/newyork/legal-moves", json={"state": final, "limit": 1000}).get_json()["moves"]
    places = [m for m in moves if m["type"] == "place"]
    paste_replay(page, "")
    every = page.locator("#picture .target").count()
    assert every >= len({(m["x"], m["y"]) for m in places})  # before a tile is chosen: every target
    tile = places[0]["tile"]
    cells = {(m["x"], m["y"]) for m in places if m["tile"] == tile}
    choice = page.locator("#compose .part-choice").first
    assert "price" in choice.inner_text()
    choice.click()
    settle(page)
    targets = page.locator("#picture .target")
    marked = {
        (int(targets.nth(i).get_attribute("data-x")), int(targets.nth(i).get_attribute("data-y")))
        for i in range(targets.count())
    }
    assert marked == cells  # only the chosen tile's cells (here the other tile's are the same)
    assert "Chosen so far" in page.inner_text("#compose")
    page.screenshot(path=screenshots / f"compose-newyork-{width}.png", full_page=True)
    # the keyboard reaches the same targets: Tab onto one, Enter plays the placement there
    page.locator("#zoom").focus()
    for _ in range(8):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('target')"):
            break
    assert page.evaluate("document.activeElement.classList.contains('target')"), "no target reached by Tab"
    page.keyboard.press("Enter")
    settle(page)
    no_problem_shown(page)
    # one move left on the cell: played at once, the chosen tile's (unchosen, the cell listed both tiles)
    last = exported(page)["moves"][-1]
    assert last["type"] == "place" and last["tile"] == tile and (last["x"], last["y"]) in cells
    assert page.locator("#compose .composed").count() == 0  # a new position composes afresh
    assert page.errors == []


@pytest.mark.parametrize("width", [1280, 390])
def test_a_skyline_contract_composed_card_then_factory_building_then_platform(page, screenshots, width):
    from .table import own_view

    page.set_viewport_size({"width": width, "height": 900})
    open_table(page)
    start(page, "skyline3000", "anna, ben", seed=7)
    own_view(page, "ben")  # ben is to move; his cards are on his own view only
    card = page.locator("#compose .part-choice", has_text="contract card").first
    label = card.inner_text()
    card.click()
    settle(page)
    # the card chosen: its factory buildings are the picture's targets, nothing else
    targets = page.locator("#picture .target")
    names = [targets.nth(i).get_attribute("aria-label") for i in range(targets.count())]
    assert names and all(n.startswith("factory building") and n.endswith("of \u2068ben\u2069") for n in names), names
    page.screenshot(path=screenshots / f"compose-skyline-building-{width}.png", full_page=True)
    targets.first.click()
    settle(page)
    names = [targets.nth(i).get_attribute("aria-label") for i in range(targets.count())]
    assert names and all("platform of block" in n for n in names), names
    assert label in page.inner_text("#compose") and "factory building 1" in page.inner_text("#compose")
    page.screenshot(path=screenshots / f"compose-skyline-platform-{width}.png", full_page=True)
    targets.first.click()
    settle(page)
    if page.locator("#board-choice button.move").count():
        page.locator("#board-choice button.move").first.click()
        settle(page)
    no_problem_shown(page)
    last = exported(page)["moves"][-1]
    assert last["type"] == "contract" and last["building"] == 0
    assert page.errors == []


def a_new_york_game_with_tiles_placed() -> dict:
    """A replay body of a seeded New York game where each player places, else buys, when he can."""
    setup = {"players": ["anna", "ben"], "seed": 7}
    state = API.post("/v1/games/newyork/setup", json=setup).get_json()["state"]
    played = []
    for _ in range(12):
        moves = API.post("/v1/games/newyork/legal-moves", json={"state": state, "limit": 1000}).get_json()["moves"]
        move = next((m for kind in ("place", "buy") for m in moves if m["type"] == kind), moves[0])
        played.append(move)
        state = API.post("/v1/games/newyork/moves", json={"state": state, "move": move}).get_json()["state"]
    return {"setup": setup, "moves": played}


def import_game(page, game: str, body: dict) -> None:
    paste_replay(page, json.dumps(body))
    page.select_option("#import-game", game)
    page.click("#import")
    settle(page)
    no_problem_shown(page)


def tap_piece(page, where: str, value) -> None:
    """Tap the piece of ``value`` in a grouped chooser: each group in turn until the piece is there."""
    groups = page.locator(f"{where} .groups button")
    for i in range(max(groups.count(), 1)):
        if groups.count():
            groups.nth(i).click()
        piece = page.locator(f"{where} button.piece[data-value='{value}']")
        if piece.count():
            piece.click()
            return
    raise AssertionError(f"no piece {value}")


@pytest.mark.parametrize("width", [1280, 390])
def test_a_new_york_tile_correction_is_tapped_checked_recorded_and_undone(page, screenshots, width):
    page.set_viewport_size({"width": width, "height": 900})
    open_table(page)
    body = a_new_york_game_with_tiles_placed()
    import_game(page, "newyork", body)
    city = {(c["x"], c["y"]): c["tile"] for c in state(page)["players"][0]["city"]}
    (x, y), tile = next(iter(city.items()))
    free = next(cell for cell in [(0, 1), (0, -1), (1, 0), (-1, 0)] if cell not in city)  # beside the start tile
    page.click("#correction-box summary")
    page.select_option("#correct-kind", "tile")
    page.select_option("#correct-player", "anna")
    # a cell emptied alone loses a tile of the box: the rules refuse it
    page.fill("#correct-x", str(x))
    page.fill("#correct-y", str(y))
    page.check("#correct-empty")
    page.click("#correct-button")
    settle(page)
    assert "Not taken" in page.inner_text("#correction-verdict")
    assert page.locator("#move-log li").count() == len(body["moves"])
    # the tile tapped by its picture onto a free cell beside the start tile: moved there
    page.uncheck("#correct-empty")
    page.fill("#correct-x", str(free[0]))
    page.fill("#correct-y", str(free[1]))
    tap_piece(page, "#correction", tile)
    page.screenshot(path=screenshots / f"correction-newyork-tile-{width}.png", full_page=True)
    page.click("#correct-button")
    settle(page)
    no_problem_shown(page)
    assert (
        page.locator("#move-log li").first.inner_text()
        == f"Correction: the tile at ({free[0]}, {free[1]}) of \u2068anna\u2069"
    )
    moved = {(c["x"], c["y"]): c["tile"] for c in state(page)["players"][0]["city"]}
    assert moved[free] == tile and (x, y) not in moved
    page.click("#undo")
    settle(page)
    assert {(c["x"], c["y"]): c["tile"] for c in state(page)["players"][0]["city"]} == city
    assert page.errors == []


def test_a_skyline_hand_is_corrected_on_its_player_s_own_view_only(page, screenshots):
    from .table import own_view

    open_table(page)
    start(page, "skyline3000", "anna, ben", seed=7)
    page.click("#correction-box summary")
    assert "hand" not in " ".join(page.locator("#correct-kind option").all_inner_texts())  # not on the shared screen
    own_view(page, "ben")
    held = state(page)["players"][1]["hand"]
    page.select_option("#correct-kind", "hand")
    # his hand as the page has it is chosen already; a card taken back is then in no place: refused
    chips = page.locator("#correction .chip")
    assert chips.count() == len(held)
    chips.first.click()
    page.click("#correct-button")
    settle(page)
    assert "Not taken" in page.inner_text("#correction-verdict")
    assert page.locator("#move-log li").count() == 0
    # at a real table nobody knows the hands: anna's own eight cards, tapped by their pictures, are taken
    start(page, "skyline3000", "anna, ben", seed=None, mode="table")
    own_view(page, "anna")
    size = state(page)["players"][0]["hand_size"]
    page.select_option("#correct-kind", "hand")
    # dealt as the piles' sizes say: two roof cards, two floor cards and four contracts (here red ones)
    for group, count in (("roof", 2), ("floor", 2), ("red", 4)):
        page.locator("#correction .groups button", has_text=group).click()
        for _ in range(count):
            page.locator("#correction button.piece:enabled").first.click()
    assert page.locator("#correction .chip").count() == size
    page.screenshot(path=screenshots / "correction-skyline-hand-1280.png", full_page=True)
    page.click("#correct-button")
    settle(page)
    no_problem_shown(page)
    assert page.locator("#move-log li").first.inner_text() == "Correction: \u2068anna\u2069's hand"
    assert page.locator("#own-view").is_hidden() and state(page)["players"][0]["hand"] is None  # the shared screen
    own_view(page, "anna")
    assert len(state(page)["players"][0]["hand"]) == size
    page.click("#undo")
    settle(page)
    assert page.locator("#move-log li").count() == 0
    assert page.errors == []


def focused(page) -> str:
    return page.evaluate("document.activeElement.getAttribute('aria-label') || document.activeElement.textContent")


def test_a_move_is_composed_by_keyboard_alone_each_part_s_targets_focused_in_turn(page):
    from .table import own_view

    open_table(page)
    start(page, "skyline3000", "anna, ben", seed=7)
    own_view(page, "ben")
    page.locator("#compose .part-choice", has_text="contract card").first.focus()
    page.keyboard.press("Enter")
    settle(page)
    assert focused(page).startswith(
        "factory building 1 of \u2068ben\u2069"
    )  # the card chosen: the keyboard is on its buildings
    page.keyboard.press("Enter")
    settle(page)
    assert "platform of block" in focused(page)  # the building chosen: on the platforms
    page.keyboard.press("Enter")
    settle(page)
    if page.locator("#board-choice button.move").count():
        page.keyboard.press("Enter")  # several moves on that platform: the first has the focus
        settle(page)
    no_problem_shown(page)
    last = exported(page)["moves"][-1]
    assert last["type"] == "contract" and last["building"] == 0
    assert page.errors == []
