"""A generated client works: openapi-python-client (pinned in the test extra) generates a client from
openapi.yaml with the repository's generator configuration, prints no warning, every generated module
imports, and one complete seeded game of each of the four games plays through it (setup, then
legal-moves and moves until the game is over, then score and the SVG picture) against the app, through
httpx's WSGI transport.

The game loop reads the generated models only through ``to_dict()`` and the per-game names in ``GAMES``,
so it does not depend on the fields of any one answer shape.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import random
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from service import create_app
from service.api.contract import component_prefix
from service.api.routes import ROUTES
from service.engine.registry import SPECS

ROOT = Path(__file__).resolve().parents[1]
CONTRACT = ROOT / "openapi.yaml"
GENERATOR_CONFIG = ROOT / "openapi-python-client.yaml"
PACKAGE = "city_games_client"
MAX_MOVES = 3000  # the longest seeded games run to about 330 moves (envelopes.MAX_REPLAY_MOVES)


@dataclass(frozen=True)
class GameNames:
    """Where a game's operations and models are in the generated package."""

    game: str
    api: str  # the tag's package under api/
    operation: str  # the operationId's prefix, as the generator spells module names
    model: str  # the models' name prefix
    players: tuple[str, ...]
    seed: int
    score_request: str
    over: Callable[[dict[str, Any]], bool]  # the game's own "over" in its state (before `status`)


GAMES = {
    "newyork": GameNames(
        "newyork",
        "new_york",
        "newyork",
        "NewYork",
        ("anna", "ben", "cleo"),
        7,
        "NewYorkScoreRequest",
        lambda state: state["phase"] == "over",
    ),
    "chinatown": GameNames(
        "chinatown",
        "chinatown",
        "chinatown",
        "Chinatown",
        ("anna", "ben", "cleo"),
        11,
        "ChinatownScoreRequest",
        lambda state: state["phase"] == "end",
    ),
    "skyline3000": GameNames(
        "skyline3000",
        "skyline_3000",
        "skyline_3000",
        "Skyline3000",
        ("anna", "ben"),
        7,
        "Skyline3000ScoreRequest",
        lambda state: state["phase"] == "over",
    ),
    "fifthavenue": GameNames(
        "fifthavenue",
        "fifth_avenue",
        "fifthavenue",
        "FifthAvenue",
        ("anna", "ben", "cleo"),
        5,
        "FifthAvenueScoreRequest",
        lambda state: state["result"] is not None,
    ),
}


# One xdist worker runs the file, so the session's client is generated once, not once per worker.
pytestmark = pytest.mark.xdist_group("generated-client")


@pytest.fixture(scope="session")
def generation(tmp_path_factory):
    """Generates the client once per session; yields the generator's output and the imported package."""
    where = tmp_path_factory.mktemp("generated")
    # The generator formats its output with ruff, installed beside it.
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])}
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "openapi_python_client",
            "generate",
            "--path",
            str(CONTRACT),
            "--config",
            str(GENERATOR_CONFIG),
            "--meta",
            "none",
            "--output-path",
            str(where / PACKAGE),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    sys.path.insert(0, str(where))
    try:
        yield run, importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(where))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def client(generation):
    _, package = generation
    app = create_app({"redis_url": None})
    http = httpx.Client(transport=httpx.WSGITransport(app=app), base_url="http://service")
    with package.Client(base_url="http://service", raise_on_unexpected_status=True).set_httpx_client(http) as made:
        yield made


def test_the_generator_prints_no_warning(generation):
    run, _ = generation
    assert run.returncode == 0, run.stderr
    said = [
        line for line in (run.stdout + run.stderr).splitlines() if line.strip() and not line.startswith("Generating ")
    ]
    assert said == []


def test_every_generated_module_imports(generation):
    _, package = generation
    names = [info.name for info in pkgutil.walk_packages(package.__path__, PACKAGE + ".")]
    for name in names:
        importlib.import_module(name)
    for game in GAMES.values():
        for route in ROUTES:  # every declared route's operation (operationId <game><Name>, in snake case)
            operation = re.sub(r"(?<!^)(?=[A-Z])", "_", route.name).lower()
            assert f"{PACKAGE}.api.{game.api}.{game.operation}_{operation}" in names, (game.game, operation)


def operation(game: GameNames, name: str):
    return importlib.import_module(f"{PACKAGE}.api.{game.api}.{game.operation}_{name}")


def ended(game: GameNames, answer: dict[str, Any]) -> bool:
    status = answer.get("status")
    return status["over"] if isinstance(status, dict) else game.over(answer["state"])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seeded_game_plays_to_its_end_through_the_generated_client(generation, client, game_id):
    _, package = generation
    models, game = package.models, GAMES[game_id]
    model = lambda suffix: getattr(models, game.model + suffix)  # noqa: E731
    choose = random.Random(game.seed)

    setup = operation(game, "setup").sync(
        client=client, body=model("SetupRequest")(players=list(game.players), seed=game.seed)
    )
    assert isinstance(setup, model("SetupAnswer")), setup
    state, answer, played = setup.state, setup.to_dict(), 0
    while not ended(game, answer):
        assert played < MAX_MOVES, f"{game_id} did not end within {MAX_MOVES} moves"
        listed = operation(game, "legal_moves").sync(client=client, body=model("LegalMovesRequest")(state=state))
        assert isinstance(listed, model("LegalMovesAnswer")), listed
        assert listed.moves, f"{game_id}: no legal move after {played} moves, yet the game is not over"
        moved = operation(game, "move").sync(
            client=client, body=model("MoveRequest")(state=state, move=choose.choice(listed.moves))
        )
        assert isinstance(moved, model("MoveAnswer")), moved
        assert moved.legal is True, moved.violations
        state, answer, played = moved.state, moved.to_dict(), played + 1

    # one state type: the state an answer gives is the one score takes (no ScoreState to convert to)
    assert isinstance(state, model("State")) and not hasattr(models, game.model + "ScoreState")
    score = operation(game, "score").sync(client=client, body=getattr(models, game.score_request)(state=state))
    assert isinstance(score, model("ScoreAnswer")), score
    totals = score.to_dict()["totals"]
    assert set(game.players) <= set(totals)
    assert all(isinstance(points, int) for points in totals.values())

    picture = operation(game, "render").sync(client=client, body=model("RenderRequest")(state=state))
    assert isinstance(picture, str) and picture.lstrip().startswith("<svg"), picture[:200]


def test_the_client_has_no_anonymous_model(generation):
    """Every model has a name from the contract: no ``...Type0`` for an unnamed alternative of a ``oneOf``."""
    _, package = generation
    models = Path(package.__file__).parent / "models"
    anonymous = sorted(p.stem for p in models.glob("*.py") if re.search(r"_type_\d+", p.stem))
    assert anonymous == []


PROGRAM = ROOT / "tests" / "python_client" / "trade.py"


def test_a_program_building_a_typed_trade_passes_mypy_strict_with_the_generated_client(generation, tmp_path):
    """The moves are typed: ``ChinatownTradeMove`` is a class, the request's ``move`` the union of the move
    classes, and a program building a trade with them (tests/python_client/trade.py) passes ``mypy --strict``,
    the generated models and operations included. Only ``client.py``, the generator's own template (not made
    from the contract), is left out: its ``__exit__(*args: object)`` fails ``arg-type`` under any contract."""
    run, package = generation
    assert run.returncode == 0, run.stderr
    where = Path(package.__file__).parents[1]
    config = tmp_path / "mypy.ini"
    config.write_text(f"[mypy]\nstrict = True\n[mypy-{PACKAGE}.client]\nignore_errors = True\n")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(config), "--no-incremental", str(PROGRAM), PACKAGE],
        capture_output=True,
        text=True,
        cwd=where,
        env={**os.environ, "MYPYPATH": str(where)},
        timeout=600,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-1000:]


def test_the_typed_trade_is_played(generation, client):
    _, package = generation
    sys.path.insert(0, str(PROGRAM.parent))
    try:
        trade = importlib.import_module("trade")
        answer = trade.gift(client)
    finally:
        sys.path.remove(str(PROGRAM.parent))
        sys.modules.pop("trade", None)
    assert isinstance(answer, package.models.ChinatownMoveAnswer)
    assert answer.legal is True, answer.violations
    assert [event.to_dict()["kind"] for event in answer.events][:1] == ["trade"]


@pytest.mark.parametrize("chance", ["digital", "table"])
def test_every_state_the_service_returns_survives_a_round_trip_through_the_generated_models(generation, chance):
    """from_dict then to_dict gives back the same JSON: no field dropped, renamed, defaulted or retyped, for
    every game's states from setup, moves (reveals at a real table) and views (hidden hands)."""
    from tests.state_samples import states

    checked = 0
    for game, mode, where, state in states():
        if mode != chance:
            continue
        model = getattr(importlib.import_module(f"{PACKAGE}.models"), component_prefix(SPECS[game].info.name) + "State")
        back = json.loads(json.dumps(model.from_dict(state).to_dict()))
        assert back == state, (game, where, _first_difference(state, back))
        checked += 1
    assert checked == 5 * 33


def _first_difference(a: Any, b: Any, at: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key, "<absent>") != b.get(key, "<absent>"):
                return _first_difference(a.get(key, "<absent>"), b.get(key, "<absent>"), f"{at}/{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{at}/{index}")
    return f"{at}: {json.dumps(a)[:200]} != {json.dumps(b)[:200]}"
