"""The score helper: the rulebooks' worked examples, typed in by hand through the page."""

from __future__ import annotations

from .table import no_problem_shown, open_table, settle, totals

SKYLINE_YELLOW_2 = [{"block": "yellow-2", "owner": "white", "floors": 1, "roof": "peaked", "large": "megamarket"}]
TIMES_SQUARE = [
    {"district": "times-square", "plot": "violet", "owner": "yellow", "count": 1},
    {"district": "times-square", "plot": "brown", "businesses": "gallery"},
]


def enter(page, game: str, rows: list[dict], **extra) -> None:
    page.select_option("#helper-game", game)
    for key, value in extra.items():
        control = page.locator(f"#helper-{key}")
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
    for i, row in enumerate(rows):
        if i:
            page.click("#helper-add")
        line = page.locator("#helper-rows tbody tr").nth(i)
        for key, value in row.items():
            line.locator(f"input[data-key={key}]").type(str(value))  # typed key by key, as a person would
    settle(page)
    no_problem_shown(page)


def breakdown(page, player: str) -> str:
    return page.inner_text(f"#helper-score tr[data-player='{player}'] td:last-child")


def test_helper_new_york_parks_3_3_2_2_in_the_final_scoring_give_16_16_2_2(page, screenshots):
    """Seed: "parks 3,3,2,2 in the final scoring gives 16 each for the 3s, and 5/2 = 2 each for the 2s"."""
    open_table(page)
    rows = [
        {"player": p, "x": x, "y": 0, "tile": "park"}
        for p, n in (("anna", 3), ("ben", 3), ("cleo", 2), ("dan", 2))
        for x in range(1, n + 1)
    ]
    enter(page, "newyork", rows, scoring="final")
    assert totals(page, "#helper-score") == {"anna": 16, "ben": 16, "cleo": 2, "dan": 2}
    page.locator("#helper").screenshot(path=screenshots / "helper-newyork.png")
    assert "parks (3): 16" in breakdown(page, "anna") and "parks (2): 2" in breakdown(page, "dan")
    assert page.locator("#helper-picture svg").count() == 1


def test_helper_chinatown_simons_round_three_income_is_120000(page, screenshots):
    """Seed: Simon's complete seafood (50,000), laundry of three (40,000), factories 2 + 1 (20,000 + 10,000)."""
    open_table(page)
    layout = [
        (1, "seafood"),
        (2, "seafood"),
        (4, "seafood"),
        (16, "laundry"),
        (17, "laundry"),
        (18, "laundry"),
        (52, "factory"),
        (53, "factory"),
        (56, "factory"),
    ]
    enter(page, "chinatown", [{"lot": lot, "owner": "simon", "shop": shop} for lot, shop in layout])
    assert totals(page, "#helper-score") == {"simon": 120000}
    page.locator("#helper").screenshot(path=screenshots / "helper-chinatown.png")
    assert "seafood complete shop of 3 (lots 1, 2, 4): $50,000" in breakdown(page, "simon")
    assert page.locator("#helper-picture svg").count() == 1


def test_helper_skyline_yellow_district_gives_purple_5_white_9_orange_3_green_7(page, screenshots):
    open_table(page)
    rows = [
        {"block": "yellow-1", "owner": "purple", "floors": 1, "greens": 1, "billboards": "white", "large": "spaceport"},
        {"block": "yellow-1", "owner": "purple", "floors": 2},
        {"block": "yellow-1", "owner": "green", "floors": 2},
        {"block": "yellow-2", "owner": "white", "floors": 1, "roof": "peaked", "greens": 2, "large": "megamarket"},
        {"block": "yellow-2", "owner": "green", "floors": 2, "roof": "peaked"},
        {"block": "yellow-2", "owner": "orange", "floors": 3, "roof": "peaked"},
        {"block": "yellow-2", "owner": "green", "floors": 3, "roof": "peaked"},
        {"block": "yellow-2", "owner": "white", "floors": 4, "roof": "peaked"},
        {"block": "yellow-3", "owner": "purple", "floors": 1, "billboards": "orange"},
        {"block": "yellow-3", "owner": "white", "floors": 1},
        {"block": "yellow-3", "owner": "green", "floors": 1},
        {"block": "yellow-3", "owner": "orange", "floors": 2},
    ]
    enter(page, "skyline3000", rows)
    assert totals(page, "#helper-score") == {"purple": 5, "white": 9, "orange": 3, "green": 7}
    page.locator("#helper").screenshot(path=screenshots / "helper-skyline3000.png")
    assert "block yellow 2: 8" in breakdown(page, "white")
    assert "spaceport bonus: 2 extra card(s) in the next draw" in breakdown(page, "purple")
    assert page.locator("#helper-violations li").count() == 0


def test_helper_fifth_avenue_building_stop_example(page, screenshots):
    """RGG-p10: 4 skyscrapers; red declares and gets 4; yellow's normal 5 becomes 2, blue's 6 becomes 3."""
    open_table(page)
    rows = [
        {"district": "times-square", "plot": "violet", "owner": "yellow", "count": 1},
        {"district": "times-square", "plot": "orange", "businesses": "boutique, jeweler"},
        {"district": "times-square", "plot": "brown", "businesses": "gallery"},
        {"district": "times-square", "plot": "gray", "owner": "blue", "count": 3},
        {"district": "times-square", "plot": "green", "businesses": "gallery"},
    ]
    enter(page, "fifthavenue", rows, scoring="district")
    assert totals(page, "#helper-score") == {"yellow": 5, "blue": 6}
    page.select_option("#helper-scoring", "building_stop")
    page.fill("#helper-declarer", "red")
    settle(page)
    assert totals(page, "#helper-score") == {"yellow": 2, "blue": 3, "red": 4}
    page.locator("#helper").screenshot(path=screenshots / "helper-fifthavenue.png")
    assert page.locator("#helper-violations li").count() == 0


def test_helper_breakdown_lines_read_in_the_pages_language(page, screenshots):
    """The categories' names come from the score answer's labels: a Skyline block and a Fifth Avenue
    district valuation in Hungarian and German, never their ids."""
    for lang, block, district in (
        ("hu", "sárga 2. blokk: ", "Times Square értékelése: "),
        ("de", "Block gelb 2: ", "Wertung Times Square: "),
    ):
        page.goto(f"/table/?lang={lang}")
        settle(page)
        enter(page, "skyline3000", SKYLINE_YELLOW_2)
        assert block in breakdown(page, "white") and "yellow-2" not in breakdown(page, "white")
        enter(page, "fifthavenue", TIMES_SQUARE, scoring="district")
        assert district in breakdown(page, "yellow") and "times-square" not in breakdown(page, "yellow")
        page.locator("#helper").screenshot(path=screenshots / f"helper-fifthavenue-{lang}.png")
    assert not [e for e in page.errors if not half_typed_refusal(e)]


def half_typed_refusal(error: str) -> bool:
    """Chromium logs every non-2xx fetch as a console error. Typing key by key on a loaded machine can pause
    past the helper's 250 ms debounce, so the page may ask for a half-typed row, which the service rightly
    refuses (422) before the rest is typed; `enter` then checks that no problem is left on the page."""
    return error.startswith("Failed to load resource") and "status of 422" in error


def test_helper_lists_the_rules_a_position_breaks(page):
    open_table(page)
    enter(
        page,
        "fifthavenue",
        [{"district": "times-square", "plot": "violet", "owner": "yellow", "count": 1}],
        scoring="building_stop",
        declarer="red",
    )
    assert "stop" in page.inner_text("#helper-violations").lower()
    assert page.locator("#helper-violations li").count() >= 1


def test_a_typo_is_shown_next_to_its_row_and_the_old_score_is_marked_out_of_date(page):
    open_table(page)
    enter(
        page,
        "chinatown",
        [{"lot": 1, "owner": "simon", "shop": "seafood"}, {"lot": 2, "owner": "simon", "shop": "seafood"}],
    )
    assert list(totals(page, "#helper-score")) == ["simon"]
    assert page.locator("#helper-stale .stale-note").count() == 0
    second = page.locator("#helper-rows tbody tr").nth(1)
    second.locator("input[data-key=shop]").fill("seafod")
    settle(page)
    assert page.locator("#problem").is_hidden()  # not at the top of the page: next to its row
    assert "row-error" in second.get_attribute("class")
    assert "Must be one of the shop types" in second.locator("td.row-error-text").inner_text()
    assert page.locator("#helper-rows tbody tr").first.locator("td.row-error-text").inner_text() == ""
    assert "Out of date" in page.inner_text("#helper-stale")
    assert "stale" in page.get_attribute("#helper-score", "class")
    second.locator("input[data-key=shop]").fill("seafood")
    settle(page)
    assert page.locator("#helper-stale .stale-note").count() == 0
    assert "stale" not in (page.get_attribute("#helper-score", "class") or "")
    assert second.locator("td.row-error-text").inner_text() == ""
