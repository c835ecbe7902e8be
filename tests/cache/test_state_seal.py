"""The state seal: states the service answers with carry a keyed hash when the deployment has a secret,
and a request that sends one back with its seal skips the whole-state check. A state without a valid
seal (none, forged, altered, another game's, older rules') is checked as always, so no seal can ever make
an invalid state pass."""

from __future__ import annotations

import copy

import pytest

from service import create_app
from service.cache.state_seal import SEAL_CHARS, StateSealer
from service.engine.registry import SPECS

from .support import SECRET

# Every game with rules of its own (a re-skin's states load through the same code as its family's).
GAMES = tuple(game for game, spec in SPECS.items() if not spec.info.family)
PLAYERS = ["anna", "ben", "cara"]  # three: a game every one of them allows


def app_with(secret: str | None):
    # no memo: every request is computed, so every whole-state check it makes is seen
    return create_app({"cache_hmac_secret": secret, "cache_max_entries": 1, "cache_max_bytes": 1})


@pytest.fixture
def sealing():
    return app_with(SECRET)


@pytest.fixture
def checks(monkeypatch):
    """Counts each game's whole-state checks, by game."""
    from service.api.games import bind_games

    seen: dict[str, int] = {game: 0 for game in GAMES}
    for game_id, binding in bind_games().items():
        original = binding.game.state_violations

        def counted(state, _original=original, _game=game_id):
            seen[_game] += 1
            return _original(state)

        monkeypatch.setattr(binding.game, "state_violations", counted)
    return seen


def post(app, game, route, body):
    response = app.test_client().post(f"/v1/games/{game}/{route}", json=body)
    return response.status_code, response.get_json()


def setup(app, game, seed=7):
    status, answer = post(app, game, "setup", {"players": PLAYERS, "seed": seed})
    assert status == 200
    return answer


def first_legal_move(app, game, state):
    status, answer = post(app, game, "legal-moves", {"state": state})
    assert status == 200 and answer["moves"], answer
    return answer["moves"][0]


def without_versions(answer):
    return {k: v for k, v in answer.items() if k not in ("state_seal",)}


@pytest.mark.parametrize("game", GAMES)
def test_a_sealed_state_skips_its_check_and_is_answered_as_without_the_seal(sealing, checks, game):
    started = setup(sealing, game)
    assert len(started["state_seal"]) == SEAL_CHARS
    move = first_legal_move(sealing, game, started["state"])
    status, played = post(
        sealing, game, "moves", {"state": started["state"], "move": move, "state_seal": started["state_seal"]}
    )
    assert status == 200 and played["legal"] and played["state_seal"]
    state, seal = played["state"], played["state_seal"]
    for route, body in (("legal-moves", {"state": state}), ("score", {"state": state})):
        checks[game] = 0
        _, unsealed = post(sealing, game, route, body)
        assert checks[game] >= 1 or route == "score"  # Fifth Avenue's score checks only its board
        checks[game] = 0
        _, sealed = post(sealing, game, route, {**body, "state_seal": seal})
        assert checks[game] == 0, f"{route} checked a sealed state"
        assert sealed == unsealed


@pytest.mark.parametrize("game", GAMES)
def test_a_moves_answer_seals_its_state_and_only_a_legal_one(sealing, game):
    started = setup(sealing, game)
    move = first_legal_move(sealing, game, started["state"])
    _, played = post(sealing, game, "moves", {"state": started["state"], "move": move})
    sealer, binding = StateSealer(SECRET.encode()), sealing.extensions["games"][game]
    assert played["state_seal"] == sealer.seal(game, binding.cache_version, played["state"])
    _, again = post(sealing, game, "moves", {"state": played["state"], "move": move})
    if not again["legal"]:
        assert "state_seal" not in again


def forged_seals(app, game, state, seal):
    binding = app.extensions["games"][game]
    other = StateSealer(b"another deployment's secret")
    return {
        "random": "s1." + "0" * 32,
        "flipped": seal[:-1] + ("0" if seal[-1] != "0" else "1"),
        "another secret": other.seal(game, binding.cache_version, state),
        "older rules": StateSealer(SECRET.encode()).seal(game, "0.old-fingerprint", state),
        "another game": StateSealer(SECRET.encode()).seal(
            next(g for g in GAMES if g != game), binding.cache_version, state
        ),
        "no prefix": seal[3:],
        "empty": "",
    }


@pytest.mark.parametrize("game", GAMES)
def test_a_seal_that_does_not_verify_is_no_seal_and_the_state_is_checked(sealing, checks, game):
    started = setup(sealing, game)
    state, seal = started["state"], started["state_seal"]
    _, unsealed = post(sealing, game, "legal-moves", {"state": state})
    for name, forged in forged_seals(sealing, game, state, seal).items():
        checks[game] = 0
        status, answer = post(sealing, game, "legal-moves", {"state": state, "state_seal": forged})
        assert status == 200 and answer == unsealed, name
        assert checks[game] >= 1, f"a seal that does not verify ({name}) skipped the check"


def invalid_variant(game, state):
    """The state altered into one its game's check refuses."""
    broken = copy.deepcopy(state)
    broken["players"][0]["id"] = broken["players"][1]["id"]  # two players with one id
    return broken


@pytest.mark.parametrize("game", GAMES)
def test_a_seal_never_makes_an_altered_invalid_state_pass(sealing, checks, game):
    started = setup(sealing, game)
    broken = invalid_variant(game, started["state"])
    _, unsealed = post(sealing, game, "validate", {"state": broken})
    assert unsealed["valid"] is False, "the altered state should be invalid"
    move = first_legal_move(sealing, game, started["state"])
    for route, body in (
        ("legal-moves", {"state": broken}),
        ("moves", {"state": broken, "move": move}),
        ("score", {"state": broken}),
    ):
        plain = post(sealing, game, route, body)
        checks[game] = 0
        sealed = post(sealing, game, route, {**body, "state_seal": started["state_seal"]})
        assert sealed == plain, route
        assert checks[game] >= 1 or plain[0] != 200 or (game, route) == ("fifthavenue", "score"), route
    status, answer = post(sealing, game, "legal-moves", {"state": broken, "state_seal": started["state_seal"]})
    assert status != 200 or answer["moves"] == []


def test_without_a_secret_nothing_is_sealed_and_a_seal_is_ignored(checks):
    plain = app_with(None)
    started = setup(plain, "chinatown")
    assert "state_seal" not in started
    seal = StateSealer(SECRET.encode()).seal(
        "chinatown", plain.extensions["games"]["chinatown"].cache_version, started["state"]
    )
    checks["chinatown"] = 0
    status, answer = post(plain, "chinatown", "legal-moves", {"state": started["state"], "state_seal": seal})
    assert status == 200 and checks["chinatown"] >= 1
    assert answer == post(plain, "chinatown", "legal-moves", {"state": started["state"]})[1]


@pytest.mark.parametrize(
    "seal, message",
    [(7, "Not a valid string."), (None, "Not a valid string."), ("s1." + "0" * 80, "Longer than maximum length 64.")],
)
def test_a_seal_that_is_no_short_string_is_a_schema_problem(sealing, seal, message):
    state = setup(sealing, "newyork")["state"]
    status, answer = post(sealing, "newyork", "legal-moves", {"state": state, "state_seal": seal})
    assert status == 422
    assert answer["errors"] == [{"pointer": "/state_seal", "message": message}]


def test_routes_that_take_no_seal_refuse_it_as_before(sealing):
    started = setup(sealing, "newyork")
    status, answer = post(
        sealing, "newyork", "validate", {"state": started["state"], "state_seal": started["state_seal"]}
    )
    assert status == 422 and any(e["pointer"] == "/state_seal" for e in answer["errors"])


def test_the_seal_binds_the_game_the_rules_and_every_member_of_the_state():
    sealer = StateSealer(b"k")
    state = {"players": [{"id": "a", "money": 3}], "round": 1}
    seal = sealer.seal("chinatown", "1.abc", state)
    assert sealer.verifies("chinatown", "1.abc", {"round": 1, "players": [{"money": 3, "id": "a"}]}, seal)
    assert not sealer.verifies("chinatown", "2.abc", state, seal)
    assert not sealer.verifies("newyork", "1.abc", state, seal)
    assert not sealer.verifies("chinatown", "1.abc", {**state, "round": 2}, seal)
    assert not sealer.verifies("chinatown", "1.abc", {**state, "round": 1.0}, seal)
    assert not StateSealer(b"other").verifies("chinatown", "1.abc", state, seal)
    assert sealer.seal("chinatown", "1.abc", {"big": 2**70}) is None
