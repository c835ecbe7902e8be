"""The table page's explanation of what the referee entered (the explain route): when the table and the
page disagree, the referee taps what the table shows in the correction form and asks which moves lead
there; the page shows them in words and on a picture, and applies them only on confirm; a difference no
legal move explains is shown with what differs."""

from __future__ import annotations

from .table import no_problem_shown, open_table, settle, state
from .test_play import API
from .test_real_table import import_game, tap_piece


def a_new_york_game_with_a_tile_to_place() -> tuple[dict, dict]:
    """A replay body of a seeded New York game whose last move is a purchase, and the placement that follows."""
    setup = {"players": ["anna", "ben"], "seed": 7}
    current = API.post("/v1/games/newyork/setup", json=setup).get_json()["state"]
    played = []
    for _ in range(40):
        moves = API.post("/v1/games/newyork/legal-moves", json={"state": current, "limit": 1000}).get_json()["moves"]
        places = [m for m in moves if m["type"] == "place"]
        if places and played and played[-1]["type"] == "buy":
            return {"setup": setup, "moves": played}, places[0]
        move = next((m for m in moves if m["type"] == "buy"), moves[0])
        played.append(move)
        current = API.post("/v1/games/newyork/moves", json={"state": current, "move": move}).get_json()["state"]
    raise AssertionError("no purchase in 40 moves")


def test_a_tile_the_table_shows_placed_is_explained_and_applied_on_confirm(page):
    open_table(page)
    body, place = a_new_york_game_with_a_tile_to_place()
    import_game(page, "newyork", body)
    before = len(body["moves"])
    page.click("#correction-box summary")
    page.select_option("#correct-kind", "tile")
    page.select_option("#correct-player", place["player"])
    page.fill("#correct-x", str(place["x"]))
    page.fill("#correct-y", str(place["y"]))
    tap_piece(page, "#correction", place["tile"])
    page.click("#explain-button")
    settle(page)
    no_problem_shown(page)
    verdict = page.inner_text("#correction-verdict")
    assert "The table is explained by these moves:" in verdict
    assert page.locator("#correction-verdict ol li").count() == 1
    assert page.locator("#correction-verdict .explained-picture svg").count() == 1  # the table it reaches
    assert page.locator("#move-log li").count() == before  # nothing applied yet
    page.click("#explain-apply")
    settle(page)
    no_problem_shown(page)
    assert page.locator("#move-log li").count() == before + 1
    city = state(page)["players"][[p["id"] for p in state(page)["players"]].index(place["player"])]["city"]
    assert {"x": place["x"], "y": place["y"], "tile": place["tile"]} in [
        {k: c[k] for k in ("x", "y", "tile")} for c in city
    ]
    assert page.errors == []


def test_points_no_move_gives_are_shown_unexplained(page):
    open_table(page)
    body, _place = a_new_york_game_with_a_tile_to_place()
    import_game(page, "newyork", body)
    page.click("#correction-box summary")
    page.select_option("#correct-kind", "points")
    page.select_option("#correct-player", "ben")
    page.fill("#correct-points", "77")
    page.click("#explain-button")
    settle(page)
    no_problem_shown(page)
    verdict = page.inner_text("#correction-verdict")
    assert "No sequence of up to three legal moves" in verdict
    assert "/players/1/points" in verdict
    assert page.locator("#move-log li").count() == len(body["moves"])
    assert page.errors == []
