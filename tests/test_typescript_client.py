"""A TypeScript client typed by openapi-typescript's types plays every game: the types are generated from
openapi.yaml once per session, ``tests/typescript/play.ts`` compiles against them with ``tsc --strict``
(a cast on a score's details, or a request missing a field that has a default, would not compile), and
the compiled program plays one seeded game of each of the four games against a live gunicorn on a
loopback port, reading each final score's standings, winners and breakdown details, and the typed
``game_ended`` event's winners.

openapi-typescript and typescript come from npm into the project's ignored ``.tools/node`` (``.ci/run``
installs them); without node or them the test is skipped, saying which is missing."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from service.api.contract import component_prefix
from service.engine.registry import SPECS
from tests.contract_document import PATH as CONTRACT
from tests.integration.live import gunicorn

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("typescript-client")]
ROOT = Path(__file__).resolve().parents[1]
BIN = ROOT / ".tools" / "node" / "node_modules" / ".bin"
PROGRAM = Path(__file__).with_name("typescript") / "play.ts"


def _missing() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed (.ci/run installs it)"
    for tool in ("openapi-typescript", "tsc"):
        if not (BIN / tool).exists():
            return f"{tool} is not in .tools/node (.ci/run installs it from npm)"
    return None


@pytest.fixture(scope="session")
def compiled(tmp_path_factory) -> Path:
    reason = _missing()
    if reason:
        pytest.skip(reason)
    where = tmp_path_factory.mktemp("typescript")
    types = subprocess.run(
        [str(BIN / "openapi-typescript"), str(CONTRACT), "-o", str(where / "schema.ts")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert types.returncode == 0, types.stdout + types.stderr
    shutil.copy(PROGRAM, where / "play.ts")
    tsc = subprocess.run(
        [
            str(BIN / "tsc"),
            "--strict",
            "--noUncheckedIndexedAccess",
            "--target",
            "es2022",
            "--module",
            "es2022",
            "--lib",
            "es2022,dom",
            "--outDir",
            str(where / "out"),
            str(where / "play.ts"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert tsc.returncode == 0, tsc.stdout + tsc.stderr
    (where / "out" / "package.json").write_text('{"type": "module"}')
    return where / "out" / "play.js"


def test_a_strict_typescript_program_plays_every_game_against_a_live_service(compiled):
    with gunicorn() as server:
        run = subprocess.run(
            ["node", str(compiled)],
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
            env={"PATH": shutil.os.environ["PATH"], "SERVICE_URL": f"http://127.0.0.1:{server.port}"},
        )
    assert run.returncode == 0, run.stdout + run.stderr
    said = json.loads(run.stdout)
    assert [r["game"] for r in said["results"]] == ["newyork", "chinatown", "skyline3000", "fifthavenue"]
    for result in said["results"]:
        assert result["moves"] > 0 and result["winners"] and result["details"] > 0, result
        assert result["ended"] == result["winners"], "the typed game_ended event names the score's winners"
        best = max(result["standings"].values())
        assert all(result["standings"][pid] == best for pid in result["winners"]), result
    assert said["partial"]["awarded"] == said["partial"]["standings"] == {"anna": 20000}


def test_every_state_the_service_returns_is_its_games_state_type_and_goes_back_unchanged(compiled):
    """Each state the service returns (every game, digital and at a real table: setup, moves, views), written
    as an object literal of its game's ``<Game>State`` type, compiles under ``tsc --strict`` (no field the
    type lacks, none of another type) and is passed back as its score and moves requests' state; at run
    time it is the same JSON it was (openapi-fetch sends what it is given)."""
    from tests.state_samples import states

    where = compiled.parents[1]
    lines = ['import type { components } from "./schema.js";', 'type S = components["schemas"];', "const all = ["]
    for game, _, _, state in states():
        prefix = component_prefix(SPECS[game].info.name)  # the contract's name for the game's components
        lines.append(f'  ((s: S["{prefix}State"]): [S["{prefix}ScoreRequest"], unknown] => [{{ state: s }}, s])(')
        lines.append(f"    {json.dumps(state)}),")
    lines += ["];", "console.log(JSON.stringify(all.map(([request, state]) => [request.state, state])));"]
    (where / "states.ts").write_text("\n".join(lines) + "\n")
    tsc = subprocess.run(
        [
            str(BIN / "tsc"),
            "--strict",
            "--target",
            "es2022",
            "--module",
            "es2022",
            "--outDir",
            str(where / "out"),
            str(where / "states.ts"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert tsc.returncode == 0, (tsc.stdout + tsc.stderr)[-3000:]
    run = subprocess.run(
        ["node", str(where / "out" / "states.js")], capture_output=True, text=True, timeout=300, check=False
    )
    assert run.returncode == 0, run.stderr[-2000:]
    said = json.loads(run.stdout)
    assert [pair[0] for pair in said] == [pair[1] for pair in said] == [state for *_, state in states()]
