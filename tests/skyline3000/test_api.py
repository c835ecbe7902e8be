"""Skyline 3000 through the HTTP routes: setup, validate, moves, legal-moves, score (partial format),
view, render, describe, and the wire's refusals."""

from __future__ import annotations

import json
import re
from pathlib import Path

from service.engine.skyline3000 import GAME

from .test_scoring import YELLOW

URL = "/v1/games/skyline3000"
YELLOW_WIRE = {
    b: {
        "buildings": [{"owner": o, "floors": f, "roof": r} for o, f, r in spec["buildings"]],
        "greens": spec.get("greens", 0),
        "billboards": spec.get("billboards", []),
        "large": spec.get("large"),
    }
    for b, spec in YELLOW.items()
}
SMALL_BOARD_OPTIONS = {
    "board": {  # 25 small platforms in all, the default before the rules audit
        "small_platforms": {
            "red-1": 3,
            "red-2": 3,
            "red-3": 3,
            "yellow-1": 3,
            "yellow-2": 3,
            "yellow-3": 2,
            "blue-1": 3,
            "blue-2": 3,
            "blue-3": 2,
        },
        "starting_greens": {"red": ["red-1", "red-3"], "yellow": ["yellow-2"], "blue": ["blue-2"]},
    }
}


def setup(client, players=("anna", "bob", "cleo"), seed=11, **extra):
    r = client.post(f"{URL}/setup", json={"players": list(players), "seed": seed, **extra})
    assert r.status_code == 200, r.get_json()
    return r.get_json()["state"]


def test_setup_then_validate(client):
    state = setup(client)
    assert state["options"]["billboard_replacement_cost"] == 1  # options spelled out
    r = client.post(f"{URL}/validate", json={"state": state})
    assert r.status_code == 200 and r.get_json()["valid"] is True


def test_score_takes_the_partial_blocks_format(client):
    r = client.post(f"{URL}/score", json={"state": {"blocks": YELLOW_WIRE}})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["totals"] == {"purple": 5, "white": 9, "orange": 3, "green": 7}
    assert body["blocks"]["yellow-2"]["first"] == ["white"] and body["blocks"]["yellow-2"]["points"] == {
        "white": 8,
        "green": 4,
    }
    assert body["spaceport_bonus"]["purple"] == 2 and body["violations"] == []


def test_score_lists_capacity_violations_beside_the_scores_on_a_smaller_board(client):
    r = client.post(f"{URL}/score", json={"state": {"blocks": YELLOW_WIRE, "options": SMALL_BOARD_OPTIONS}})
    body = r.get_json()
    assert body["totals"]["white"] == 9
    assert {v["code"] for v in body["violations"]} == {"skyline3000.state.block_capacity"}


def test_full_state_loads_through_score(client):
    state = setup(client)
    r = client.post(f"{URL}/score", json={"state": state, "scoring": "final"})
    assert r.status_code == 200 and set(r.get_json()["winners"]) <= {"anna", "bob", "cleo"}


def test_illegal_move_is_a_200_with_violations(client):
    state = setup(client)
    r = client.post(
        f"{URL}/moves", json={"state": state, "move": {"type": "draw", "player": state["turn"], "pile": "roof"}}
    )
    body = r.get_json()
    assert r.status_code == 200 and body["legal"] is False
    assert body["violations"][0]["code"] == "skyline3000.turn.wrong_phase"


def test_unknown_move_type_is_a_422_pointing_at_the_type(client):
    state = setup(client)
    r = client.post(f"{URL}/moves", json={"state": state, "move": {"type": "fly", "player": "anna"}})
    assert r.status_code == 422
    assert any(e["pointer"] == "/move/type" for e in r.get_json()["errors"])


def test_move_field_of_another_type_is_refused(client):
    state = setup(client)
    r = client.post(f"{URL}/moves", json={"state": state, "move": {"type": "pass", "player": "anna", "card": "roof-1"}})
    assert r.status_code == 422


def test_legal_moves_are_accepted_by_moves(client):
    state = setup(client)
    r = client.post(f"{URL}/legal-moves", json={"state": state})
    body = r.get_json()
    assert body["count"] == len(body["moves"]) > 0
    for move in body["moves"][:10]:
        assert client.post(f"{URL}/moves", json={"state": state, "move": move}).get_json()["legal"] is True


def test_view_hides_other_hands(client):
    state = setup(client)
    r = client.post(f"{URL}/view", json={"state": state, "player": "bob"})
    seen = r.get_json()["state"]
    hands = {p["id"]: p["hand"] for p in seen["players"]}
    assert hands["anna"] is None and hands["bob"] is not None and seen["players"][0]["hand_size"] == 8
    assert all(p["draw"] is None for p in seen["piles"].values()) and seen["seed"] is None


def test_render_flags_illegal_blocks(client):
    blocks = {
        "red-2": {
            "buildings": [{"owner": "a", "floors": 2, "roof": "arched"}, {"owner": "b", "floors": 1, "roof": "peaked"}],
            "billboards": ["<x>"],
        }
    }
    r = client.post(f"{URL}/render", json={"state": {"blocks": blocks}})
    assert r.status_code == 200 and r.mimetype == "image/svg+xml"
    svg = r.get_data(as_text=True)
    assert svg.startswith("<svg") and 'class="illegal"' in svg and "&lt;x&gt;" in svg and "<x>" not in svg
    state = setup(client)
    assert 'class="illegal"' not in client.post(f"{URL}/render", json={"state": state}).get_data(as_text=True)


def test_board_option_is_sanity_checked(client):
    bad = {
        "board": {
            "small_platforms": {**SMALL_BOARD_OPTIONS["board"]["small_platforms"], "red-1": 0},
            "starting_greens": {"red": ["red-1"], "yellow": ["yellow-1"], "blue": ["blue-1"]},
        }
    }
    r = client.post(f"{URL}/setup", json={"players": ["a", "b"], "options": bad})
    assert r.status_code == 422
    pointers = {e["pointer"] for e in r.get_json()["errors"]}
    assert any("small_platforms" in p for p in pointers)
    fine = setup(client, options=SMALL_BOARD_OPTIONS)
    assert fine["options"]["board"]["small_platforms"]["yellow-1"] == 3


def test_describe_lists_rule_codes_and_readings(client):
    body = client.get(URL).get_json()
    codes = {c["code"] for c in body["rule_codes"]}
    assert "skyline3000.placement.roof_shape_district" in codes
    assert {r["name"] for r in body["readings"]} == {r.name for r in GAME.readings()}


def test_every_reading_has_a_test_named_after_it():
    source = "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    names = set(re.findall(r"def (test_reading_\w+)\(", source))
    for reading in GAME.readings():
        assert f"test_reading_{reading.name}" in names, reading.name


def test_every_rule_code_is_used_by_the_engine():
    engine = Path(__file__).parents[2] / "service" / "engine" / "skyline3000"
    source = "".join(p.read_text() for p in engine.glob("*.py") if p.name != "book.py")
    for rc in GAME.rule_codes():
        reason = rc.code.split(".", 1)[1]
        assert f'"{reason}"' in source, reason


def test_bench_request_scores(client):
    body = json.loads((Path(__file__).parents[2] / "bench" / "requests" / "skyline3000-score-4p.json").read_text())
    r = client.post(f"{URL}/score", json=body)
    assert r.status_code == 200 and r.get_json()["violations"] == [] and r.get_json()["winners"]


def test_render_flags_the_offending_buildings():
    from .helpers import city

    svg = GAME.render(city({"red-2": {"buildings": [("a", 1, "arched"), ("b", 1, "peaked")]}}))
    assert svg.count("illegal-piece") == 1
    assert (
        GAME.render(city({"red-2": {"buildings": [("a", 1, "arched"), ("b", 1, "arched")]}})).count("illegal-piece")
        == 0
    )


def test_every_seed_reading_quotes_the_seed_in_its_words():
    hungarian = re.compile(r'"([^"]*[áéíóöőúüűÁÉÍÓÖŐÚÜŰ][^"]*)"')
    for reading in GAME.readings():
        if reading.provenance == "seed":
            quotes = [q for q in hungarian.findall(reading.text) if len(q.split()) >= 5]
            assert quotes, reading.name
        assert reading.provenance in ("seed", "public source", "assumption"), reading.name
    provenance = {r.name: r.provenance for r in GAME.readings()}
    assert provenance["floor_card_split"] == "seed" and provenance["board"] == "assumption"
    assert provenance["empty_hand"] == "seed" and provenance["first_tie_rest"] == "assumption"
    assert provenance["unpaid_cost"] == "assumption" and provenance["table_key"] == "assumption"


def test_the_contracts_options_are_the_option_specs():
    from service.engine.skyline3000.options import OPTIONS
    from tests.contract_document import component, said_default

    documented = component("Skyline3000Options")["properties"]
    assert set(documented) == {spec.name for spec in OPTIONS}
    for spec in OPTIONS:
        field = documented[spec.name]
        if spec.kind == "value":
            assert "$ref" in field, spec.name  # a structured option: its own schema
            continue
        assert said_default(field) == spec.default, spec.name
        assert field.get("enum") == (list(spec.choices) if spec.choices else None), spec.name
        assert field.get("minimum") == spec.minimum and field.get("maximum") == spec.maximum, spec.name


def test_describe_lists_each_option_with_its_default_and_range(client):
    from service.engine.skyline3000.options import OPTIONS

    body = client.get(URL).get_json()
    assert body["options"] == OPTIONS.describe()
    assert {o["name"]: o.get("maximum") for o in body["options"]}["roofs_per_shape"] == 10


def test_a_real_table_is_set_up_over_the_wire_and_a_listed_bid_family_round_trips(client):
    state = setup(client, options={"chance": "table"})
    assert state["pending"] == {"kind": "top", "player": "anna", "pile": "roof"}
    assert all(p["hand"] is None and p["hand_size"] == 8 for p in state["players"])
    listed = client.post(f"{URL}/legal-moves", json={"state": state}).get_json()["moves"]
    assert {m["type"] for m in listed} == {"reveal"} and len(listed) == 14
    for _ in range(3):
        move = client.post(f"{URL}/legal-moves", json={"state": state}).get_json()["moves"][0]
        state = client.post(f"{URL}/moves", json={"state": state, "move": move}).get_json()["state"]
    while state["phase"] == "construction":
        move = {"type": "pass", "player": state["turn"]}
        state = client.post(f"{URL}/moves", json={"state": state, "move": move}).get_json()["state"]
    bids = client.post(f"{URL}/legal-moves", json={"state": state, "type": "bid"}).get_json()["moves"]
    assert bids[0] == {"type": "bid", "player": "anna", "cards": [], "family": "unknown_hand"}
    answer = client.post(f"{URL}/moves", json={"state": state, "move": bids[0]}).get_json()
    assert answer["legal"] is True
    other = dict(bids[0], family="piles")  # a listing's annotation: ignored in a move
    assert client.post(f"{URL}/moves", json={"state": state, "move": other}).get_json() == answer
    r = client.post(f"{URL}/moves", json={"state": state, "move": dict(bids[0], family="all")})
    assert r.status_code == 422 and "/move/family" in json.dumps(r.get_json())
