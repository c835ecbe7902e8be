"""Wire schemas (service/schemas/chinatown.py) and the HTTP routes for Chinatown."""

import json
import random

import pytest
from marshmallow import ValidationError

from service.engine.chinatown import GAME
from service.engine.chinatown.state import Partial, State
from service.schemas.chinatown import WIRE
from tests.scores import by_id

PARTIAL = {"board": {"12": {"owner": "anna", "shop": "photo"}, "13": {"owner": "anna"}}}


def states_along_a_game(seed, n=4, options=None):
    """Setup and a sample of states from one digital game."""
    rng = random.Random(seed)
    state = GAME.setup([f"p{i}" for i in range(n)], seed, options or {})
    out = [state]
    while state.phase != "end":
        moves = GAME.legal_moves(state)
        if not moves:
            from .helpers import random_reveal

            move = random_reveal(state, rng)
        else:
            move = rng.choice(moves)
        state = GAME.apply(state, move).state
        if rng.random() < 0.1:
            out.append(state)
    return out + [state]


@pytest.mark.parametrize("seed,options", [(1, {}), (2, {"chance": "table"}), (3, {"rotate_first_player": True})])
def test_round_trip_of_setup_and_playout_states(seed, options):
    for state in states_along_a_game(seed, 3 + seed % 3, options):
        dumped = WIRE.state().dump(state)
        json.dumps(dumped)  # JSON-ready
        assert WIRE.state().load(dumped) == state
        assert WIRE.score_state().load(dumped) == state  # a full state is a scoring input too


def test_dump_spells_out_the_options():
    dumped = WIRE.state().dump(GAME.setup(["a", "b", "c"], 1, {}))
    assert dumped["options"] == {"rotate_first_player": False, "chance": "digital"}
    loaded = WIRE.state().load({**dumped, "options": {}})
    assert WIRE.state().dump(loaded)["options"] == {"rotate_first_player": False, "chance": "digital"}


def test_partial_board_format_claimed_lots_with_owner_and_shop():
    partial = WIRE.score_state().load(PARTIAL)
    assert isinstance(partial, Partial)
    result = GAME.score(partial)
    assert by_id(result["players"])["anna"]["income"] == 10000  # dollars, not thousands
    assert result["shops"] == [
        {"owner": "anna", "type": "photo", "lots": [12], "size": 1, "complete": False, "income": 10000}
    ]


def test_partial_board_with_players_and_money():
    partial = WIRE.score_state().load({**PARTIAL, "players": [{"id": "anna", "money": 120000}, {"id": "bob"}]})
    result = GAME.score(partial, "final")
    assert by_id(result["players"])["anna"]["money"] == 120000
    assert "chinatown.score.money_unknown" in [v["code"] for v in result["violations"]]


@pytest.mark.parametrize(
    "body,pointer",
    [
        ({"board": {"86": {"owner": "anna"}}}, "board"),
        ({"board": {"12": {"owner": "anna", "shop": "bakery"}}}, "board"),
        ({"board": {"12": {"owner": ""}}}, "board"),
        ({"board": {"12": {"owner": "anna", "colour": "red"}}}, "board"),
        ({}, "board"),
        ({**PARTIAL, "players": [{"id": "anna", "money": 1.5}]}, "players"),
        ({**PARTIAL, "players": [{"id": "anna", "money": True}]}, "players"),
        ({**PARTIAL, "game": "newyork"}, "game"),
    ],
)
def test_schema_refuses_malformed_scoring_inputs(body, pointer):
    with pytest.raises(ValidationError) as err:
        WIRE.score_state().load(body)
    assert pointer in err.value.messages


def test_state_unknown_fields_are_refused():
    dumped = WIRE.state().dump(GAME.setup(["a", "b", "c"], 1, {}))
    with pytest.raises(ValidationError) as err:
        WIRE.state().load({**dumped, "extra": 1})
    assert "extra" in err.value.messages


@pytest.mark.parametrize(
    "move",
    [
        {"type": "keep", "player": "a", "lots": [1, 2, 3]},
        {"type": "reveal", "player": "a", "lots": [1, 2]},
        {"type": "reveal", "player": "a", "tiles": ["photo", "seafood"]},
        {
            "type": "trade",
            "player": "a",
            "transfers": [{"from": "a", "to": "b", "lots": [12], "tiles": ["photo"], "money": 10000}],
        },
        {"type": "end_trading", "player": "a"},
        {"type": "place", "player": "a", "lot": 12, "shop": "photo"},
        {"type": "end_turn", "player": "a"},
    ],
)
def test_every_move_type_round_trips(move):
    loaded = WIRE.move().load(move)
    dumped = WIRE.move().dump(loaded)
    assert WIRE.move().load(dumped) == loaded
    assert dumped["type"] == move["type"]


@pytest.mark.parametrize(
    "move,field",
    [
        ({"type": "bogus", "player": "a"}, "type"),
        ({"type": "place", "player": "a", "lot": 12}, "shop"),
        ({"type": "place", "player": "a", "lot": 12, "shop": "photo", "lots": [1]}, "lots"),
        ({"type": "keep", "player": "a"}, "lots"),
        ({"type": "end_turn", "player": "a", "lot": 3}, "lot"),
        ({"type": "trade", "player": "a", "transfers": []}, "transfers"),
        ({"type": "trade", "player": "a", "transfers": [{"from": "a", "to": "b", "money": -10000}]}, "transfers"),
        ({"type": "place", "player": "a", "lot": 12.5, "shop": "photo"}, "lot"),
        ({"type": "place", "player": "a", "lot": True, "shop": "photo"}, "lot"),
    ],
)
def test_move_schema_dispatches_on_type(move, field):
    with pytest.raises(ValidationError) as err:
        WIRE.move().load(move)
    assert field in err.value.messages


def test_integral_floats_load_as_integers_like_json_schema_integers():
    move = WIRE.move().load({"type": "place", "player": "a", "lot": 12.0, "shop": "photo"})
    assert move.lot == 12 and type(move.lot) is int


def test_options_take_defaults():
    assert WIRE.options().load({}) == {"rotate_first_player": False, "chance": "digital"}
    for bad in ({"chance": "dice"}, {"rotate_first_player": "yes"}, {"rotate_first_player": 1}, {"x": 1}):
        with pytest.raises(ValidationError):
            WIRE.options().load(bad)


def test_score_extra_gives_the_scoring():
    assert WIRE.score_extra().load({}) == "income"
    assert WIRE.score_extra().load({"scoring": "final"}) == "final"


# ---- through HTTP ----------------------------------------------------------------------------------


def test_http_setup_moves_legal_moves_view_render(client):
    r = client.post("/v1/games/chinatown/setup", json={"players": ["anna", "bob", "chang"], "seed": 5})
    assert r.status_code == 200
    state = r.json["state"]
    assert state["phase"] == "keep" and state["players"][0]["money"] == 50000
    r = client.post("/v1/games/chinatown/legal-moves", json={"state": state, "player": "bob"})
    assert r.status_code == 200 and r.json["count"] == 21  # C(7, 5)
    move = r.json["moves"][0]
    r = client.post("/v1/games/chinatown/moves", json={"state": state, "move": move})
    assert (
        r.status_code == 200 and r.json["legal"] and r.json["scores"] == {"anna": 50000, "bob": 50000, "chang": 50000}
    )
    r = client.post("/v1/games/chinatown/moves", json={"state": state, "move": {**move, "lots": move["lots"][:2]}})
    assert r.status_code == 200 and not r.json["legal"]
    assert r.json["violations"][0]["code"] == "chinatown.keep.count"
    r = client.post("/v1/games/chinatown/view", json={"state": state, "player": "anna"})
    assert r.json["state"]["players"][1]["money"] is None and r.json["state"]["deck"] is None
    r = client.post("/v1/games/chinatown/render", json={"state": state})
    assert r.status_code == 200 and r.data.startswith(b"<svg")


def test_http_score_partial_board(client):
    r = client.post("/v1/games/chinatown/score", json={"state": PARTIAL})
    assert r.status_code == 200
    assert by_id(r.json["players"])["anna"]["income"] == 10000


def test_http_unknown_move_type_points_at_move_type(client):
    state = client.post("/v1/games/chinatown/setup", json={"players": ["a", "b", "c"]}).json["state"]
    r = client.post("/v1/games/chinatown/moves", json={"state": state, "move": {"type": "fly", "player": "a"}})
    assert r.status_code == 422
    assert [e["pointer"] for e in r.json["errors"]] == ["/move/type"]


def test_http_describe_lists_rule_codes_and_readings(client):
    r = client.get("/v1/games/chinatown")
    assert r.status_code == 200
    codes = {c["code"] for c in r.json["rule_codes"]}
    assert {c.code for c in GAME.rule_codes()} == codes
    assert {x["name"] for x in r.json["readings"]} >= {"rotate_first_player", "oversized_group_split", "player_count"}
    assert r.json["rules_version"] == "chinatown-5"


def test_http_replay_of_a_logged_game(client):
    rng = random.Random(4)
    state = GAME.setup(["a", "b", "c"], 4, {})
    moves = []
    while state.phase != "end" and len(moves) < 60:
        move = rng.choice(GAME.legal_moves(state))
        moves.append(WIRE.move().dump(move))
        state = GAME.apply(state, move).state
    r = client.post(
        "/v1/games/chinatown/replay", json={"setup": {"players": ["a", "b", "c"], "seed": 4}, "moves": moves}
    )
    assert r.status_code == 200 and r.json["valid"]
    assert r.json["state"] == WIRE.state().dump(state)


def test_bench_request_is_a_round_six_five_player_score(client):
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "bench" / "requests" / "chinatown-income-5p-round6.json"
    body = json.loads(path.read_text())
    state = WIRE.state().load(body["state"])
    assert isinstance(state, State) and state.round == 6 and len(state.players) == 5
    assert GAME.validate(state) == []
    r = client.post("/v1/games/chinatown/score", json=body)
    assert r.status_code == 200 and r.json["violations"] == []


@pytest.mark.parametrize(
    "change,pointer",
    [
        (lambda s: s["board"].update({"86": {"owner": "p0"}}), "/state/board/86"),
        (lambda s: s["board"].update({"12": {"owner": ""}}), "/state/board/12/owner"),
        (lambda s: s["board"].update({"12": {"owner": "p0", "shop": "bakery"}}), "/state/board/12/shop"),
        (lambda s: s["board"].update({"12": {"owner": "p0", "roof": 1}}), "/state/board/12/roof"),
        (lambda s: s["board"].update({"12": {"shop": "photo"}}), "/state/board/12/owner"),
        (lambda s: s["board"].update({"12": "p0"}), "/state/board/12"),
        (lambda s: s["players"][0].update({"hand": [1, 2, 86]}), "/state/players/0/hand/2"),
        (lambda s: s["players"][0].update({"hand": [1, True]}), "/state/players/0/hand/1"),
        (lambda s: s["players"][0].update({"tiles": {"photo": 1.5}}), "/state/players/0/tiles/photo"),
        (lambda s: s["players"][0].update({"tiles": {"bakery": 1}}), "/state/players/0/tiles/bakery"),
        (lambda s: s.update({"bag": ["photo", "photo", "pizza"]}), "/state/bag/2"),
        (lambda s: s.update({"deck": list(range(1, 86)) + [1]}), "/state/deck"),
        (lambda s: s.update({"board": []}), "/state/board"),
    ],
)
def test_schema_errors_point_at_each_offending_item(client, change, pointer):
    state = WIRE.state().dump(GAME.setup(["p0", "p1", "p2"], 1, {}))
    change(state)
    r = client.post("/v1/games/chinatown/validate", json={"state": state})
    assert r.status_code == 422
    assert [e["pointer"] for e in r.json["errors"]] == [pointer]


@pytest.mark.parametrize(
    "name,route",
    [
        ("chinatown-legal-moves-5p-round4.json", "legal-moves"),
        ("chinatown-moves-5p-round6-end.json", "moves"),
    ],
)
def test_bench_requests_are_answered(client, name, route):
    from pathlib import Path

    body = json.loads((Path(__file__).resolve().parents[2] / "bench" / "requests" / name).read_text())
    r = client.post(f"/v1/games/chinatown/{route}", json=body)
    assert r.status_code == 200
    if route == "moves":
        assert r.json["legal"] and r.json["state"]["phase"] == "end"
        assert any(e["kind"] == "game_ended" for e in r.json["events"])
    else:
        assert r.json["count"] > 10


def test_a_claimed_lot_loads_when_it_names_an_owner_and_at_most_a_known_shop_and_nothing_else():
    from service.engine.chinatown.state import Lot
    from service.schemas.chinatown import SHOP_TYPES, _lot

    owners = ["anna", "a" * 32, "a" * 33, "", 5, None, True, ["anna"]]
    shops = ["<absent>", None, SHOP_TYPES[0], SHOP_TYPES[-1], "bakery", "", 3, ["photo"]]
    for owner in owners:
        for shop in shops:
            for extra in ({}, {"x": 1}):
                cell = {"owner": owner, **({} if shop == "<absent>" else {"shop": shop}), **extra}
                good_owner = type(owner) is str and 1 <= len(owner) <= 32
                good_shop = shop in ("<absent>", None) or (type(shop) is str and shop in SHOP_TYPES)
                lot, problems = _lot(cell)
                if good_owner and good_shop and not extra:
                    assert (lot, problems) == (Lot(owner, None if shop == "<absent>" else shop), None), cell
                else:
                    assert lot is None and problems, cell
    assert _lot({"shop": SHOP_TYPES[0]})[1] == {"owner": ["Missing data for required field."]}
    assert _lot(["anna"]) == (None, ["Invalid input type."])
