"""New York through the HTTP routes (the lead's generic routes calling WIRE and GAME)."""

import json
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "requests" / "newyork-score-6p-endgame.json"


def post(client, op, body):
    return client.post(f"/v1/games/newyork/{op}", json=body)


def test_api_describe_lists_rule_codes_and_readings(client):
    data = client.get("/v1/games/newyork").get_json()
    codes = {c["code"] for c in data["rule_codes"]}
    assert "newyork.placement.street_mismatch" in codes and "newyork.placement.hole" in codes
    assert {r["name"] for r in data["readings"]} >= {"type_tiers", "longest_street", "holes"}
    assert len(data["tiles"]) == 54


def test_api_setup_moves_and_legal_moves(client):
    setup = post(client, "setup", {"players": ["anna", "ben", "cleo"], "seed": 3})
    assert setup.status_code == 200
    state = setup.get_json()["state"]
    assert state["options"]["type_tiers"] == {"museum": 1, "theater": 2, "station": 3}
    listed = post(client, "legal-moves", {"state": state}).get_json()
    assert listed["count"] == len(listed["moves"]) > 0
    move = next(m for m in listed["moves"] if m["type"] == "take_money")
    answer = post(client, "moves", {"state": state, "move": move}).get_json()
    assert answer["legal"] is True and answer["state"]["current"] != state["current"]
    bad = dict(move, player="nobody")
    refused = post(client, "moves", {"state": state, "move": bad}).get_json()
    assert refused["legal"] is False and refused["violations"][0]["code"] == "newyork.turn.unknown_player"


def test_api_unknown_move_type_is_a_422_at_move_type(client):
    state = post(client, "setup", {"players": ["a", "b"], "seed": 1}).get_json()["state"]
    r = post(client, "moves", {"state": state, "move": {"type": "fly", "player": "a"}})
    assert r.status_code == 422
    assert any(e["pointer"] == "/move/type" for e in r.get_json()["errors"])


def test_api_score_the_six_player_end_game_bench_body(client):
    body = json.loads(BENCH.read_text())
    r = post(client, "score", body)
    assert r.status_code == 200
    data = r.get_json()
    assert len(data["players"]) == 6 and data["violations"] == []
    assert data["scoring"] == "final"


def test_api_score_partial_state(client):
    body = {
        "state": {"players": [{"id": "anna", "city": [{"x": 1, "y": 0, "tile": 41}]}, {"id": "ben", "city": []}]},
        "scoring": "A",
    }
    data = post(client, "score", body).get_json()
    assert data["totals"] == {"anna": 5, "ben": 0}


def test_api_view_and_render(client):
    state = post(client, "setup", {"players": ["a", "b", "c"], "seed": 2}).get_json()["state"]
    seen = post(client, "view", {"state": state, "player": "b"}).get_json()["state"]
    # the number of cards is public, their values hidden: money null, its count beside it
    assert seen["players"][0]["money"] is None
    assert seen["players"][0]["money_count"] == len(state["players"][0]["money"])
    assert "money_count" not in seen["players"][1]
    assert seen["players"][1]["money"] == state["players"][1]["money"]
    assert post(client, "validate", {"state": seen}).get_json()["valid"] is True
    assert seen["bag"] is None and seen["money_deck"] is None
    r = post(client, "render", {"state": state, "player": "a"})
    assert r.status_code == 200 and r.mimetype == "image/svg+xml" and b"<svg" in r.data


def test_api_replay_a_short_log(client):
    setup = {"players": ["a", "b"], "seed": 11}
    state = post(client, "setup", setup).get_json()["state"]
    moves = []
    for _ in range(6):
        listed = post(client, "legal-moves", {"state": state}).get_json()["moves"]
        move = listed[0]
        moves.append(move)
        state = post(client, "moves", {"state": state, "move": move}).get_json()["state"]
    r = post(client, "replay", {"setup": setup, "moves": moves}).get_json()
    assert r["valid"] is True and r["state"] == state


def test_api_schema_errors_point_into_cards_and_cities(client):
    body = {
        "state": {
            "players": [{"id": "a", "money": [{"bank": "blue", "value": 12}], "city": [{"x": 1, "y": 0, "tile": 99}]}]
        }
    }
    r = post(client, "score", body)
    assert r.status_code == 422
    pointers = {e["pointer"] for e in r.get_json()["errors"]}
    assert "/state/players/0/money/0/value" in pointers
    assert "/state/players/0/city/0/tile" in pointers


def test_api_a_whole_game_through_the_routes(client):
    import random

    r = random.Random(5)
    state = post(client, "setup", {"players": ["anna", "ben", "cleo"], "seed": 21}).get_json()["state"]
    weights = {"buy": 12, "place": 6, "take_money": 4}
    for _ in range(2000):
        moves = post(client, "legal-moves", {"state": state}).get_json()["moves"]
        if not moves:
            break
        kinds = sorted({m["type"] for m in moves})
        kind = r.choices(kinds, [weights.get(k, 1) for k in kinds])[0]
        move = r.choice([m for m in moves if m["type"] == kind])
        answer = post(client, "moves", {"state": state, "move": move})
        assert answer.status_code == 200
        data = answer.get_json()
        assert data["legal"], data["violations"]
        state = data["state"]
    assert state["phase"] == "over" and state["winners"]
    checked = post(client, "validate", {"state": state}).get_json()
    assert checked["valid"] is True and checked["violations"] == []


def test_api_youngest_not_a_player_is_a_422_at_its_pointer(client):
    r = post(client, "setup", {"players": ["anna", "ben"], "seed": 1, "options": {"youngest": "cleo"}})
    assert r.status_code == 422
    assert [e["pointer"] for e in r.get_json()["errors"]] == ["/options/youngest"]
    r = post(client, "replay", {"setup": {"players": ["anna", "ben"], "options": {"youngest": "cleo"}}, "moves": []})
    assert r.status_code == 422
    assert [e["pointer"] for e in r.get_json()["errors"]] == ["/setup/options/youngest"]


def test_api_score_shows_the_dummys_points(client):
    body = {
        "state": {
            "players": [{"id": "anna", "city": [{"x": 1, "y": 0, "tile": 41}]}, {"id": "ben", "city": []}],
            "dummy": {"buildings": {"park": 2}, "points": 17},
        },
        "scoring": "A",
    }
    data = post(client, "score", body).get_json()
    assert data["dummy"]["total"] == 5 and data["dummy"]["points"] == 17
    assert data["totals"] == {"anna": 0, "ben": 0}


def test_api_table_setup_deals_nothing_and_takes_reveals(client):
    setup = post(client, "setup", {"players": ["anna", "ben"], "seed": 1, "options": {"chance": "table"}}).get_json()
    state = setup["state"]
    assert state["phase"] == "setup" and state["pending"] == {"kind": "market_tile", "slot": "blue"}
    assert state["bag"] is None and state["money_deck"] is None and state["market"]["blue"] is None
    assert state["dummy"] == {
        "tiles": [],
        "buildings": dict.fromkeys(["skyscraper", "park", "church", "theater", "museum", "station"], 0),
        "points": 0,
    }
    assert setup["status"]["to_move"] == ["anna"]
    listed = post(client, "legal-moves", {"state": state}).get_json()
    assert listed["count"] == 54 and listed["moves"][0] == {"type": "reveal", "player": "anna", "tile": 1}
    while state["phase"] == "setup" and state["pending"]["kind"] != "starting_money":
        move = post(client, "legal-moves", {"state": state}).get_json()["moves"][0]
        state = post(client, "moves", {"state": state, "move": move}).get_json()["state"]
    assert state["pending"] == {"kind": "starting_money", "slot": "anna"}
    assert post(client, "validate", {"state": state}).get_json()["valid"] is True
    answer = post(
        client,
        "moves",
        {"state": state, "move": {"type": "reveal", "player": "anna", "card": {"bank": "red", "value": 9}}},
    ).get_json()
    assert answer["legal"] and answer["state"]["players"][0]["money"] == [{"bank": "red", "value": 9}]
    assert answer["events"] == [{"kind": "starting_money_dealt", "player": "anna", "card": {"bank": "red", "value": 9}}]
    bad = dict(state, pending={"kind": "starting_money", "slot": "zed"})
    assert post(client, "validate", {"state": bad}).get_json()["violations"][0]["code"] == "newyork.state.pending"
