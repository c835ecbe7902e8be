"""The conventions every game keeps (openapi.yaml, info.description), held by one test over the HTTP API.

Seeded games of all four are played to the end through ``setup``, ``legal-moves`` and ``moves``, then
replayed, viewed and scored; every answer is checked for:

- ``status``: ``{phase, round, to_move, over, winners}``, nobody awaited once over, winners only then,
  and every listed move made by a player the status awaits;
- scores: ``totals`` and ``players`` (a list in seat order of ``{id, total, breakdown}``), each
  breakdown adding up to its total; and, under the same names in every game, what the named scoring
  awards (``awarded``), the standings after it (``standings``: the points the state holds plus the award;
  a partial state's are the awarded numbers; a finished game's are its final points) and ``winners`` (the
  game's winners once it is over, the leaders for the final scoring, else none);
- seeds: no ``shuffle_seed`` anywhere, every ``seed`` an integer of at most 2^53-1;
- moves: each with its ``type`` (one of the game's) and the acting ``player``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from service import create_app
from service.engine.registry import GAME_IDS, SPECS

SEED_MAX = 2**53 - 1
# Ids of the service's own words (variants, options and their choices, move types, breakdown categories'
# kinds) are snake_case; names of board places and cards keep their kebab-case (`times-square`, `yellow-1`).
SNAKE = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")
MAX_STEPS = 1500
STATUS_KEYS = {"phase", "round", "to_move", "over", "winners"}


def players(game: str) -> list[str]:
    """The seats the game's tests play with (its spec's examples)."""
    return list(SPECS[game].examples.PLAYERS)


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


def post(client, game: str, op: str, body: dict) -> dict:
    response = client.post(f"/v1/games/{game}/{op}", json=body)
    assert response.status_code == 200, (op, response.get_data(as_text=True)[:400])
    answer = response.get_json()
    check_seeds(answer)
    return answer


def walk(value: Any, path: str = "") -> Iterator[tuple[str, str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield path, key, item
            yield from walk(item, f"{path}/{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from walk(item, f"{path}/{index}")


def check_seeds(answer: dict) -> None:
    for path, key, value in walk(answer):
        assert key != "shuffle_seed", f"{path}/{key}: the shuffle seed is named `seed`"
        if key == "seed" and value is not None:
            assert type(value) is int and 0 <= value <= SEED_MAX, f"{path}/seed = {value!r}"


def check_status(game: str, status: dict, state: dict) -> None:
    assert set(status) == STATUS_KEYS, status
    ids = [p["id"] for p in state["players"]]
    assert isinstance(status["phase"], str) and status["phase"]
    assert status["round"] is None or type(status["round"]) is int
    assert set(status["to_move"]) <= set(ids) and len(set(status["to_move"])) == len(status["to_move"])
    assert set(status["winners"]) <= set(ids)
    if status["over"]:
        assert status["to_move"] == [] and status["winners"], status
    else:
        assert status["to_move"] and status["winners"] == [], status


def check_moves(game: str, info: dict, moves: list[dict], status: dict) -> None:
    for move in moves:
        assert move["type"] in info["move_types"], move
        assert isinstance(move["player"], str) and move["player"], move
        assert move["player"] in status["to_move"], (move, status)


def check_score(answer: dict, seats: list[str] | None = None) -> None:
    players = answer["players"]
    assert isinstance(players, list)
    ids = [p["id"] for p in players]
    if seats is not None:
        assert ids == seats, "players in seat order"
    assert list(answer["totals"]) == ids and len(set(ids)) == len(ids)
    for entry in players:
        assert type(entry["total"]) is int and answer["totals"][entry["id"]] == entry["total"]
        for item in entry["breakdown"]:
            assert set(item) == {"category", "points", "detail"}, item
            assert isinstance(item["category"], str) and " " not in item["category"], item  # an id, not prose
            assert SNAKE.match(item["category"].split(":", 1)[0]), item
            assert type(item["points"]) is int and isinstance(item["detail"], (dict, str)), item
        assert sum(item["points"] for item in entry["breakdown"]) == entry["total"], entry
    assert list(answer["awarded"]) == ids and list(answer["standings"]) == ids
    assert all(type(v) is int for v in [*answer["awarded"].values(), *answer["standings"].values()])
    assert set(answer["winners"]) <= set(ids) and len(set(answer["winners"])) == len(answer["winners"])


def check_standings(answer: dict, held: dict[str, int], status: dict | None) -> None:
    """The standings after the scoring: the points ``held`` plus the award, or, once the game is over,
    the points held (every scoring is in them) and the game's winners."""
    if status is not None and status["over"]:
        assert answer["standings"] == held and answer["winners"] == status["winners"], answer
        return
    assert answer["standings"] == {pid: held.get(pid, 0) + points for pid, points in answer["awarded"].items()}
    if answer["scoring"] != "final":
        assert answer["winners"] == [], answer
    else:
        best = max(answer["standings"].values())
        assert answer["winners"] and all(answer["standings"][pid] == best for pid in answer["winners"]), answer


def play(client, game: str, seed: int) -> tuple[dict, list[dict], dict]:
    """A seeded game to its end; every answer checked on the way. The setup, the log and the last answer."""
    info = client.get(f"/v1/games/{game}").get_json()["game"]
    setup = {"players": players(game), "seed": seed}
    answer = post(client, game, "setup", setup)
    assert answer["seed"] == seed
    state, status = answer["state"], answer["status"]
    check_status(game, status, state)
    rnd, log = random.Random(seed), []
    held = post(client, game, "replay", {"setup": setup, "moves": []})["scores"]  # the points the setup holds
    for step in range(MAX_STEPS):
        if status["over"]:
            break
        listed = post(client, game, "legal-moves", {"state": state})
        assert listed["status"] == status
        check_moves(game, info, listed["moves"], status)
        assert listed["moves"], f"step {step}: a running game lists no move ({status})"
        if step % 25 == 0:
            check_refusal(client, game, state, status, listed["moves"])
            score = post(client, game, "score", {"state": state})
            check_score(score, seats(game, state))
            check_standings(score, held, status)
        move = rnd.choice(listed["moves"])
        answer = post(client, game, "moves", {"state": state, "move": move})
        assert answer["legal"], answer["violations"]
        state, status, held = answer["state"], answer["status"], answer["scores"]
        check_status(game, status, state)
        log.append(move)
    assert status["over"], f"{game} seed {seed} did not end in {MAX_STEPS} moves"
    return setup, log, answer


def check_refusal(client, game: str, state: dict, status: dict, moves: list[dict]) -> None:
    """An illegal move answers the status of the unchanged state."""
    idle = [pid for pid in (p["id"] for p in state["players"]) if pid not in status["to_move"]]
    if not idle:
        return
    move = {**moves[0], "player": idle[0]}
    answer = post(client, game, "moves", {"state": state, "move": move})
    if not answer["legal"]:
        assert answer["state"] is None and answer["status"] == status


def seats(game: str, state: dict) -> list[str]:
    return [p["id"] for p in state["players"]]


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_answer_of_a_seeded_game_keeps_the_conventions(client, game):
    setup, log, last = play(client, game, seed=2**53 - 7)
    state, status = last["state"], last["status"]

    replayed = post(client, game, "replay", {"setup": setup, "moves": log})
    assert replayed["valid"] and replayed["state"] == state and replayed["status"] == status

    for pid in setup["players"]:
        seen = post(client, game, "view", {"state": state, "player": pid})
        assert seen["status"] == status  # who is awaited and who won are public

    score = post(client, game, "score", {"state": state})
    check_score(score, seats(game, state))
    check_standings(score, last["scores"], status)


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_pending_reveal_awaits_the_player_its_reveal_names(client, game):
    info = client.get(f"/v1/games/{game}").get_json()["game"]
    examples = SPECS[game].examples
    options = examples.TABLE_OPTIONS
    state = examples.at_a_real_table(
        post(client, game, "setup", {"players": players(game), "seed": 3, "options": options})["state"]
    )
    rnd, reveals = random.Random(3), 0
    for _ in range(400):
        listed = post(client, game, "legal-moves", {"state": state})
        status = listed["status"]
        check_status(game, status, state)
        check_moves(game, info, listed["moves"], status)
        if state["pending"] is not None:
            assert len(status["to_move"]) == 1, status
            if examples.PENDING_AWAITS_ITS_PLAYER:
                assert status["to_move"] == [state["pending"]["player"]]
        shown = [m for m in listed["moves"] if m["type"] == "reveal"]
        reveals += len(shown)
        if not listed["moves"]:  # Chinatown lists no deal of many cards: too many to list
            assert state["pending"] is not None and not examples.LISTS_EVERY_REVEAL
            break
        answer = post(client, game, "moves", {"state": state, "move": rnd.choice(listed["moves"])})
        state = answer["state"]
        if answer["status"]["over"]:
            break
    assert reveals or not examples.LISTS_EVERY_REVEAL, "a real-table game reveals its draws"


@pytest.mark.parametrize("game", GAME_IDS)
def test_worked_examples_break_down_into_their_totals(client, game):
    body, totals = SPECS[game].examples.WORKED  # the rulebook's worked example
    answer = post(client, game, "score", body)
    assert answer["violations"] == []
    check_score(answer)
    check_standings(answer, {}, None)  # a partial state holds no points: the standings are the award
    assert answer["totals"] == totals
    assert list(answer["totals"]) == list(totals)  # a partial input seats players as they first appear


@pytest.mark.parametrize("game", GAME_IDS)
def test_setup_seed_is_at_most_2_to_the_53_minus_1(client, game):
    seats = players(game)
    assert post(client, game, "setup", {"players": seats, "seed": SEED_MAX})["seed"] == SEED_MAX
    response = client.post(f"/v1/games/{game}/setup", json={"players": seats, "seed": SEED_MAX + 1})
    assert response.status_code == 422
    assert [e["pointer"] for e in response.get_json()["errors"]] == ["/seed"]


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_derived_seed_is_json_safe(client, game):
    for n in range(8):
        answer = post(client, game, "setup", {"players": [f"p{n}-{i}" for i in range(len(players(game)))]})
        assert 0 <= answer["seed"] <= SEED_MAX


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_state_seed_is_at_most_2_to_the_53_minus_1(client, game):
    state = post(client, game, "setup", {"players": players(game), "seed": 5})["state"]
    *parents, name = SPECS[game].examples.SEED_FIELDS
    holder = state
    for key in parents:
        holder = holder[key]
    holder[name] = SEED_MAX
    assert client.post(f"/v1/games/{game}/validate", json={"state": state}).status_code == 200
    holder[name] = SEED_MAX + 1
    response = client.post(f"/v1/games/{game}/validate", json={"state": state})
    assert response.status_code == 422
    assert [e["pointer"] for e in response.get_json()["errors"]] == [
        "/state/" + "/".join(SPECS[game].examples.SEED_FIELDS)
    ]


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_move_type_needs_its_player(client, game):
    """Every move type of the game, reveals included, is refused by the schema without `player`."""
    info = client.get(f"/v1/games/{game}").get_json()["game"]
    state = post(client, game, "setup", {"players": players(game), "seed": 5})["state"]
    for move_type in info["move_types"]:
        response = client.post(f"/v1/games/{game}/moves", json={"state": state, "move": {"type": move_type}})
        assert response.status_code == 422, move_type
        assert "/move/player" in [e["pointer"] for e in response.get_json()["errors"]], move_type


@pytest.mark.parametrize("game", GAME_IDS)
def test_variants_options_and_move_types_are_snake_case_ids(client, game):
    info = client.get(f"/v1/games/{game}").get_json()["game"]
    options = client.application.extensions["games"][game].envelopes.options.fields
    choices = [
        choice
        for f in options.values()
        for check in f.validators
        for choice in getattr(check, "json_schema", {}).get("enum", ())
        if isinstance(choice, str)
    ]
    ids = [*info["variants"], *info["move_types"], *options, *choices]
    assert ids and [name for name in ids if not SNAKE.match(name)] == []
