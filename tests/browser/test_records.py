"""A game is never lost, leaves the device as a record, and ends on a final screen: on a phone (375x812,
touch) in Chromium. "New game" while a game is in progress keeps it listed and resumable (after a reload
too); a record downloaded is imported into a fresh browser profile as the same game; a broken record is
refused at the move where it breaks; a shared link opens read-only in another browser holding nothing
the table cannot see; each game's final screen ranks every player (and the two-player dummy); the log
reads newest first, naming what each move took and revealed."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from .table import exported, kept_games, no_problem_shown, open_table, play_move, real_table_step, settle, start
from .test_play import API

PHONE = {"viewport": {"width": 375, "height": 812}, "is_mobile": True, "has_touch": True, "accept_downloads": True}
NOT_SHOWN = ("undefined", "null", "NaN", "[object Object]")


@pytest.fixture
def phone(browser, live_url):
    """A page in a fresh browser profile of a phone; ``phone.fresh()`` opens another, sharing nothing."""
    contexts = []

    def fresh():
        context = browser.new_context(base_url=live_url, **PHONE)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        page.on("console", lambda msg: page.errors.append(msg.text) if msg.type == "error" else None)
        return page

    page = fresh()
    page.fresh = fresh
    yield page
    for context in contexts:
        context.close()


def log_text(page, where: str = "#move-log") -> str:
    return page.inner_text(where)


def download_record(page, whole: bool = False) -> dict:
    """The record the page downloads: the table's (on the shared screen), or the whole game (asked once more)."""
    if page.locator("#back-to-table").is_visible():
        page.click("#back-to-table")
        settle(page)
    with page.expect_download() as info:
        if whole:
            page.click("#whole")
            page.click("#download-whole")
        else:
            page.click("#download")
    return json.loads(open(info.value.path(), encoding="utf-8").read())


def import_record(page, record: dict | str, tmp_path, name: str = "record.json") -> None:
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    page.set_input_files("#record-file", str(path))
    settle(page)


def test_new_game_keeps_the_game_in_progress_listed_and_resumable(phone):
    page = phone
    open_table(page)
    start(page, "newyork", "anna, ben", seed=7)
    for _ in range(3):
        play_move(page, 0)
    first = exported(page)
    page.click("#new-game")
    assert page.locator("#play").is_hidden()
    assert page.locator("#kept-list li").count() == 1  # still kept, listed with its players and moves
    listed = page.inner_text("#kept-list li")
    assert "New York" in listed and "anna, ben" in listed and "3 moves" in listed
    start(page, "chinatown", "anna, ben, cy", seed=3)
    real_table_step(page, 0, 1)
    assert page.locator("#kept-list li").count() == 2
    page.reload()
    settle(page)
    assert "Chinatown" in page.inner_text("#status")  # the game in play is resumed after a reload
    new_york = page.locator("#kept-list li[data-game=newyork]")
    new_york.locator("button[data-resume]").click()
    settle(page)
    no_problem_shown(page)
    assert "New York" in page.inner_text("#status") and exported(page) == first
    assert page.locator("#move-log li").count() == 3
    # deleting asks once more; "Keep it" keeps it, "Delete it" deletes it
    chinatown = page.locator("#kept-list li[data-game=chinatown]")
    chinatown.locator("button[data-delete]").click()
    chinatown.locator("button:has-text('Keep it')").click()
    assert page.locator("#kept-list li").count() == 2
    page.locator("#kept-list li[data-game=chinatown] button[data-delete]").click()
    page.locator("#kept-list li[data-game=chinatown] button[data-confirm-delete]").click()
    assert page.locator("#kept-list li").count() == 1
    page.reload()
    settle(page)
    assert page.locator("#kept-list li").count() == 1 and "New York" in page.inner_text("#status")
    assert page.errors == []


def test_a_downloaded_record_imports_into_a_fresh_profile_as_the_same_game(phone, tmp_path, screenshots):
    """A New York game at a real table. The table's record hides each player's starting money (dealt into his
    hand); the whole game, the referee's own copy, holds it and imports as the same game, to play on."""
    page = phone
    open_table(page)
    start(page, "newyork", "anna, ben", seed=None, mode="table")
    for turn in range(30):
        real_table_step(page, 0, turn + 1)
    no_problem_shown(page)
    table = download_record(page)
    assert table["format"] == "city-games-record" and table["version"] == 1 and table["viewer"] is None
    hidden = [e["hidden"] for e in table["moves"] if "hidden" in e]
    assert hidden and all(h["type"] == "reveal" for h in hidden)  # the starting money each player was dealt
    record = download_record(page, whole=True)
    assert record["whole"] is True and all("move" in entry for entry in record["moves"]) and len(record["moves"]) > 10
    assert len(record["moves"]) == len(table["moves"])
    original = kept_games(page)[0][kept_games(page)[1]]
    log = log_text(page)
    assert not any(word in log for word in NOT_SHOWN), log
    assert "money card revealed" in log or "reveals" in log
    page.screenshot(path=screenshots / "record-375-played.png", full_page=True)

    other = phone.fresh()
    open_table(other)
    assert other.locator("#kept-list li").count() == 0  # a fresh profile holds nothing
    import_record(other, record, tmp_path)
    no_problem_shown(other)
    assert "all legal" in other.inner_text("#record-verdict")
    imported = kept_games(other)[0][kept_games(other)[1]]
    for key in ("game", "mode", "start", "moves"):
        assert imported[key] == original[key], key
    assert other.input_value("#state-text") == page.input_value("#state-text")
    # the imported game's log reads as the played one: the same words, cards and names, the starting
    # money each player was dealt still unwritten
    assert imported["notes"] == original["notes"] and imported["secret"] == original["secret"]
    assert log_text(other) == log
    again = download_record(other, whole=True)
    assert {k: v for k, v in again.items() if k != "updated"} == {k: v for k, v in record.items() if k != "updated"}
    assert other.errors == [] and page.errors == []


def test_a_broken_record_is_refused_with_its_reason_at_the_move_where_it_breaks(phone, tmp_path):
    page = phone
    open_table(page)
    start(page, "newyork", "anna, ben", seed=None, mode="table")
    for turn in range(40):
        real_table_step(page, 0, turn + 1)
    record = download_record(page, whole=True)
    moves = record["moves"]
    at = next(i for i in range(1, len(moves)) if moves[i]["move"]["type"] not in ("reveal", "place"))
    broken = {**record, "moves": [*moves[:at], moves[at - 1], *moves[at:]]}  # a move played twice
    other = phone.fresh()
    open_table(other)
    import_record(other, broken, tmp_path)
    verdict = other.inner_text("#record-verdict")
    assert f"move {at + 1} " in verdict and "illegal" in verdict, verdict
    assert other.locator("#record-verdict .violations li").count() >= 1
    assert other.locator("#kept-list li").count() == 0 and other.locator("#play").is_hidden()  # nothing kept
    import_record(other, "{not json", tmp_path, "bad.json")
    assert "not JSON" in other.inner_text("#record-verdict")
    import_record(other, {**record, "game": "chess"}, tmp_path, "chess.json")
    assert "does not know" in other.inner_text("#record-verdict")
    import_record(other, {**record, "version": 9}, tmp_path, "v9.json")
    assert "version" in other.inner_text("#record-verdict")


def linked(link: str) -> dict:
    code = link.split("#record=", 1)[1]
    raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    return json.loads(zlib.decompress(raw, -15))


def scanned(png: bytes) -> list[str]:
    """The texts of the QR codes a decoder (zxing-cpp, a test dependency) reads in a screenshot."""
    import io

    import zxingcpp
    from PIL import Image

    return [code.text for code in zxingcpp.read_barcodes(Image.open(io.BytesIO(png))) if code.valid]


def test_a_shared_link_opens_read_only_elsewhere_with_nothing_the_table_cannot_see(phone, screenshots):
    """Chinatown from a seed: every hand of building cards is dealt from the seed and kept on each player's view."""
    page = phone
    open_table(page)
    start(page, "chinatown", "anna, ben, cy", seed=11)
    for turn in range(12):
        real_table_step(page, 0, turn + 1)
    page.click("#share")
    settle(page)
    link = page.input_value("#share-link")
    # the QR code beside the link scans as the link itself
    assert scanned(page.locator("#share-qr").screenshot()) == [link]
    record = linked(link)
    whole = exported(page)
    assert record["seed"] is None and "setup" not in record  # the seed would deal every hand to come
    kept = [e for e in record["moves"] if "hidden" in e]
    assert kept and all(e["hidden"]["type"] == "keep" for e in kept)  # each player's kept cards stay his
    assert len(record["moves"]) == len(whole["moves"])
    full = API.post("/v1/games/chinatown/replay", json=whole).get_json()["state"]
    from .table import shared_view_of

    assert record["shown"]["state"] == shared_view_of(API, "chinatown", full)
    assert all(p["hand"] is None or p["hand"] == [] for p in record["shown"]["state"]["players"]), "a hand is shown"

    other = phone.fresh()
    other.goto(link)
    settle(other)
    no_problem_shown(other)
    assert other.locator("#shared").is_visible() and other.locator("#play").is_hidden()
    assert "read-only" in other.inner_text("#shared-title")
    log = log_text(other, "#shared-log")
    assert "chooses the cards to keep" in log and not any(word in log for word in NOT_SHOWN), log
    other.screenshot(path=screenshots / "shared-375.png", full_page=True)
    assert other.locator("#kept-list li").count() == 0  # opening a link keeps nothing on the device
    assert other.errors == []


def finished_record(game: str, players: list[str], seed: int) -> dict:
    """A whole seeded game played to its end through the service (random legal moves), as a record."""
    state = API.post(f"/v1/games/{game}/setup", json={"players": players, "seed": seed}).get_json()["state"]
    rng = random.Random(seed)
    moves = []
    for _ in range(3000):
        listed = API.post(f"/v1/games/{game}/legal-moves", json={"state": state, "limit": 1000}).get_json()
        if listed["status"]["over"] or not listed["moves"]:
            break
        move = rng.choice(listed["moves"])
        state = API.post(f"/v1/games/{game}/moves", json={"state": state, "move": move}).get_json()["state"]
        moves.append(move)
    return {
        "format": "city-games-record",
        "version": 1,
        "game": game,
        "players": players,
        "seed": seed,
        "moves": [{"move": m} for m in moves],
    }


FINALS = [
    ("newyork", ["anna", "ben"], 2),
    ("alhambra", ["anna", "ben"], 4),
    ("chinatown", ["anna", "ben", "cy"], 1),
    ("skyline3000", ["anna", "ben"], 3),
    ("fifthavenue", ["anna", "ben"], 5),
]


@pytest.mark.parametrize("game,players,seed", FINALS, ids=[f[0] for f in FINALS])
def test_the_final_screen_ranks_every_player_and_names_the_winners(phone, tmp_path, screenshots, game, players, seed):
    record = finished_record(game, players, seed)
    answer = API.post(f"/v1/games/{game}/record", json=record).get_json()
    assert answer["status"]["over"], f"{game} did not end"
    page = phone
    open_table(page)
    import_record(page, record, tmp_path)
    no_problem_shown(page)
    final = page.locator("#final")
    assert final.is_visible()
    # at the top: before the status and the moves
    assert final.bounding_box()["y"] < page.locator("#status").bounding_box()["y"]
    rows = final.locator("tbody tr")
    shown = {
        rows.nth(i).get_attribute("data-player"): rows.nth(i).locator("td.total").inner_text()
        for i in range(rows.count())
    }
    standings = answer["scores"]
    money = "$" if game == "chinatown" else ""
    for player in players:
        assert shown[player].replace(",", "").replace("$", "") == str(standings[player]), (player, shown)
        assert shown[player].startswith(money)
    winners = answer["status"]["winners"]
    text = final.inner_text()
    assert all(w in text.split("Winner", 1)[1].split("\n", 1)[0] for w in winners), text
    if game in ("newyork", "alhambra"):  # two players: the dummy is ranked, marked as no player
        assert "dummy" in shown and "not a player" in text and "cannot win" in text
        assert shown["dummy"] == str(answer["state"]["dummy"]["points"])
    assert "What a scoring now would give" not in page.inner_text("body")
    assert page.locator("#scorings").evaluate("e => e.open") and page.locator("#scorings-list tbody tr").count() >= 1
    assert not any(word in page.inner_text("#move-log") for word in NOT_SHOWN)
    page.screenshot(path=screenshots / f"final-{game}-375.png", full_page=False)
    if game in ("chinatown", "newyork"):
        page.set_viewport_size({"width": 1280, "height": 900})
        page.screenshot(path=screenshots / f"final-{game}-1280.png", full_page=False)
    assert page.errors == []


def test_the_log_reads_newest_first_and_undo_says_which_move_it_takes_back(phone, screenshots):
    page = phone
    open_table(page)
    start(page, "newyork", "anna, ben", seed=7)
    for _ in range(4):
        play_move(page, 0)
    items = page.locator("#move-log li")
    assert items.count() == 4
    assert [items.nth(i).get_attribute("value") for i in range(4)] == ["4", "3", "2", "1"]
    newest = items.first.inner_text()
    assert "takes money" in newest and "took " in newest  # the money card taken, by colour and value
    undo = page.inner_text("#undo")
    assert undo.startswith("Undo move 4:") and items.first.locator(".log-move").inner_text() in undo
    page.click("#undo")
    settle(page)
    assert page.inner_text("#redo").startswith("Redo move 4:") and items.count() == 3
    # Undo sits with the moves: above the listed moves, not screens below
    assert page.locator("#undo").bounding_box()["y"] < page.locator("#moves").bounding_box()["y"]
    page.screenshot(path=screenshots / "log-375.png", full_page=True)
    assert page.errors == []
