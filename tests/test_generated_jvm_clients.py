"""Generated clients compile and play, with the generators' default options plus only what the repository
ships: openapi-generator (the PyPI package ``openapi-generator-cli``) writes the Kotlin, Java and Go clients
from openapi.yaml, each with its configuration in ``tests/clients/<language>/config.yaml`` (the commands are
docs/wire.md's "Generated clients"); Maven builds the Kotlin one with ``tests/clients/kotlin/pom.xml`` and the
Java one with the pom.xml the generator writes, ``go build`` the Go one. Each program
(``tests/clients/<language>/``) plays against a live gunicorn on a loopback port: one seeded game of each
of the five games, building a Chinatown trade and a Fifth Avenue bid from the generated move types. Each prints its games' typed winners and final states; the
winners must be the ones the service's own ``score`` gives that state, the programs must agree with each
other on the same seeded games, and every state an answer carried must have come back unchanged from the
generated types (compared as JSON; a null and an absent member taken as the same).

The clients are written into the ignored ``build/clients/<language>``. Maven's repository (``~/.m2``) and
Go's module and build caches are kept between runs where the machine keeps them; a build runs offline
(``mvn -o``) only once the same pom has built here before. Without java, mvn, go or the generator the tests
are skipped, saying which is missing; in CI (``.ci/run`` installs them) they fail."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.contract_document import PATH as CONTRACT
from tests.integration.live import gunicorn, request

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("jvm-clients")]
ROOT = Path(__file__).resolve().parents[1]
CLIENTS = ROOT / "tests" / "clients"
CLI = Path(sys.executable).with_name("openapi-generator-cli")
GAMES = ["newyork", "alhambra", "chinatown", "skyline3000", "fifthavenue"]
# Stamps of the poms that built here with everything they need in ~/.m2: those build offline.
BUILT_POMS = Path.home() / ".m2" / "city-games-built-poms"


def _missing(*tools: str) -> str | None:
    """Why a test cannot run here, or None. In CI (.ci/run installs every tool and sets REQUIRE_REDIS, as
    tests.integration.live.need reads it) a missing tool fails the test instead of skipping it."""
    reason = None
    if not CLI.exists():
        reason = "openapi-generator-cli is not installed (pip install -e '.[test]')"
    for tool in tools:
        if reason is None and shutil.which(tool) is None:
            reason = f"{tool} is not installed (.ci/run installs it)"
    if reason and os.environ.get("REQUIRE_REDIS"):
        pytest.fail(reason)
    return reason


def _run(command: list[str], cwd: Path, what: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=900, check=False, env={**os.environ, **(env or {})}
    )
    assert done.returncode == 0, f"{what} failed ({done.returncode}):\n{(done.stdout + done.stderr)[-6000:]}"
    return done.stdout


def generate(language: str) -> Path:
    """The client, written afresh into the ignored build/clients/<language> (docs/wire.md's command): at a
    fixed place, so that Go's build cache knows an unchanged client from the run before."""
    out = ROOT / "build" / "clients" / language
    shutil.rmtree(out, ignore_errors=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    config = CLIENTS / language / "config.yaml"
    _run([str(CLI), "generate", "-g", language, "-i", str(CONTRACT), "-o", str(out), "-c", str(config)], ROOT, language)
    return out


def maven(project: Path, *args: str) -> str:
    """``mvn compile`` and the classpath, offline when this pom has built here before."""
    stamp = BUILT_POMS / hashlib.sha256((project / "pom.xml").read_bytes()).hexdigest()
    offline = ["-o"] if stamp.exists() else []
    command = ["mvn", "-B", "-q", *offline, *args, "compile", "dependency:build-classpath", "-Dmdep.outputFile=cp.txt"]
    _run(command, project, "mvn " + " ".join(args))
    BUILT_POMS.mkdir(parents=True, exist_ok=True)
    stamp.touch()
    return f"{project / 'target' / 'classes'}{os.pathsep}{(project / 'cp.txt').read_text().strip()}"


@pytest.fixture(scope="module")
def service():
    with gunicorn() as server:
        yield server


def play(command: list[str], cwd: Path, server) -> dict:
    """The program's output; every game must play."""
    done = subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env={**os.environ, "SERVICE_URL": f"http://127.0.0.1:{server.port}"},
    )
    said = json.loads(done.stdout) if done.stdout.strip().startswith("{") else {}
    errors = [result for result in said.get("results", []) if "error" in result]
    assert said and not errors, json.dumps(errors, indent=1)[:6000] or done.stderr[-6000:]
    assert done.returncode == 0, done.stderr[-6000:]
    return said


def check_results(said: dict, server, games: list[str]) -> None:
    assert [result["game"] for result in said["results"]] == games
    for result in said["results"]:
        assert result["over"] and result["moves"] > 0, result
        assert result["winners"], result
        assert result["winners"] == result["status_winners"] == result["ended"], result
        scored = request(
            server.port,
            "POST",
            f"/v1/games/{result['game']}/score",
            json.dumps({"state": result["final_state"]}).encode(),
        )
        assert scored.status == 200, scored.body[:2000]
        assert scored.json()["winners"] == result["winners"], (result["game"], scored.json()["winners"])
        assert result.get("differences", []) == [], (result["game"], result["differences"])


@pytest.fixture(scope="module")
def played() -> dict[str, dict]:
    """Each language's program's output (a language that is skipped is missing)."""
    return {}


def test_the_kotlin_client_builds_with_maven_and_plays_every_game(service, played):
    reason = _missing("java", "mvn")
    if reason:
        pytest.skip(reason)
    client = generate("kotlin")
    shutil.copy(CLIENTS / "kotlin" / "pom.xml", client / "pom.xml")
    (client / "src" / "main" / "kotlin" / "play").mkdir(parents=True, exist_ok=True)
    shutil.copy(CLIENTS / "kotlin" / "Play.kt", client / "src" / "main" / "kotlin" / "play" / "Play.kt")
    classpath = maven(client)
    said = play(["java", "-cp", classpath, "play.PlayKt"], client, service)
    check_results(said, service, GAMES)
    built = {result["game"]: result["built"] for result in said["results"]}
    assert built["chinatown"] == {"trade": True} and built["fifthavenue"] == {"bid": True}, built
    assert all(result["round_trips"] == result["moves"] + 1 for result in said["results"])
    played["kotlin"] = said


def test_the_java_client_builds_with_its_own_pom_and_plays_every_game(service, played):
    reason = _missing("java", "javac", "mvn")
    if reason:
        pytest.skip(reason)
    client = generate("java")
    (client / "src" / "main" / "java" / "play").mkdir(parents=True, exist_ok=True)
    shutil.copy(CLIENTS / "java" / "Play.java", client / "src" / "main" / "java" / "play" / "Play.java")
    # The program is Java 17 (records, patterns); the generated pom's own sources need only 8.
    classpath = maven(client, "-Djava.version=17")
    said = play(["java", "-cp", classpath, "play.Play"], client, service)
    check_results(said, service, GAMES)
    built = {result["game"]: result["built"] for result in said["results"]}
    assert built["chinatown"] == {"trade": True} and built["fifthavenue"] == {"bid": True}, built
    assert all(result["round_trips"] == result["moves"] + 1 for result in said["results"])
    played["java"] = said


def test_the_go_client_builds_and_plays_every_game(service, played):
    reason = _missing("go")
    if reason:
        pytest.skip(reason)
    client = generate("go")
    (client / "play").mkdir()
    shutil.copy(CLIENTS / "go" / "play" / "main.go", client / "play" / "main.go")
    # The program imports the client's package: building it compiles every generated model.
    _run(["go", "build", "-o", str(client / "play.bin"), "./play"], client, "go build ./play")
    said = play([str(client / "play.bin")], client, service)
    check_results(said, service, GAMES)
    built = {result["game"]: result["built"] for result in said["results"]}
    assert built["chinatown"] == {"trade": True} and built["fifthavenue"] == {"bid": True}, built
    assert all(result["round_trips"] == result["moves"] + 1 for result in said["results"])
    played["go"] = said


def test_the_clients_play_the_same_seeded_games_alike(played):
    """The same seeds and the same choices give the same games in every language."""
    if len(played) < 2:
        pytest.skip(f"fewer than two clients played here ({sorted(played)})")
    seen: dict[str, set] = {}
    for said in played.values():
        for result in said["results"]:
            seen.setdefault(result["game"], set()).add((result["moves"], tuple(result["winners"])))
    assert all(len(outcomes) == 1 for outcomes in seen.values()), seen


@pytest.mark.parametrize("language", ["kotlin", "java", "go"])
def test_the_wire_document_gives_the_command_these_tests_run(language):
    wire = (ROOT / "docs" / "wire.md").read_text()
    command = rf"openapi-generator-cli generate -g {language} +-i openapi\.yaml +-o \S+ +-c tests/clients/{language}/config\.yaml"
    assert re.search(command, wire), f"docs/wire.md does not give the {language} command"
