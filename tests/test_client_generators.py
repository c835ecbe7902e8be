"""The mainstream client generators take the contract: openapi-generator (the PyPI package
``openapi-generator-cli`` bundles it and runs it on the machine's Java) validates it clean, and its Kotlin,
Swift 5, Dart (dio) and TypeScript (fetch) generators write clients without an error. In the Kotlin
client every game's move type is a sealed interface with one member per move class, and seeds are
``Long`` (the setup answer's seed is past 32 bits when none is sent).

How the Kotlin client gets its sealed types: each union (a game's moves, events, pending steps) is a
``oneOf`` of plain member objects with a discriminator and its mapping. The Kotlin generator (the JVM
library with kotlinx.serialization and ``generateOneOfAnyOfWrappers``, generator options only, no name or
schema mapping) makes the union a sealed interface whose serializer reads the discriminator, with one
wrapper per member (``ChinatownMove.TradeWrapper(ChinatownTradeMove(...))``), and the request's ``move``
that sealed interface.

The four generators run once per session, in one JVM (``batch``); without Java or the package the tests
are skipped, saying which is missing (``.ci/run`` installs both)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.contract_document import PATH as CONTRACT
from tests.contract_document import contract

pytestmark = pytest.mark.xdist_group("client-generators")
GENERATORS = {
    "kotlin": {
        "library": "jvm-retrofit2",
        "serializationLibrary": "kotlinx_serialization",
        "generateOneOfAnyOfWrappers": True,
    },
    "swift5": {},
    "dart-dio": {},
    "typescript-fetch": {},
}
GAMES = ("NewYork", "Chinatown", "Skyline3000", "FifthAvenue")
CLI = Path(sys.executable).with_name("openapi-generator-cli")


def _name(target: str) -> str:
    return target.rsplit("/", 1)[1]


def _missing() -> str | None:
    if shutil.which("java") is None:
        return "Java is not installed (openapi-generator runs on it; .ci/run installs it)"
    if not CLI.exists():
        return "openapi-generator-cli is not installed (pip install -e '.[test]')"
    return None


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(CLI), *args], capture_output=True, text=True, timeout=900, check=False)


@pytest.fixture(scope="session")
def generated(tmp_path_factory) -> Path:
    reason = _missing()
    if reason:
        pytest.skip(reason)
    where = tmp_path_factory.mktemp("clients")
    configs = []
    for name, options in GENERATORS.items():
        config = where / f"{name}.yaml"
        config.write_text(
            yaml.safe_dump(
                {
                    "generatorName": name,
                    "inputSpec": str(CONTRACT),
                    "outputDir": str(where / name),
                    "additionalProperties": options,
                }
            )
        )
        configs.append(str(config))
    run = _run("batch", "--fail-fast", *configs)
    assert run.returncode == 0, (run.stdout + run.stderr)[-3000:]
    assert not re.search(r"\bERROR\b|Exception", run.stdout + run.stderr), (run.stdout + run.stderr)[-3000:]
    return where


def test_openapi_generator_validates_the_contract():
    reason = _missing()
    if reason:
        pytest.skip(reason)
    run = _run("validate", "-i", str(CONTRACT))
    assert run.returncode == 0 and "No validation issues detected" in run.stdout, run.stdout + run.stderr


@pytest.mark.parametrize("name", GENERATORS)
def test_the_generator_writes_a_client(generated, name):
    files = [p for p in (generated / name).rglob("*") if p.is_file()]
    assert len(files) > 100, f"{name} wrote {len(files)} files"


def kotlin_model(generated: Path, name: str) -> str:
    (path,) = (generated / "kotlin").rglob(f"models/{name}.kt")
    return path.read_text()


@pytest.mark.parametrize("game", GAMES)
def test_in_kotlin_every_move_class_is_a_member_of_its_games_sealed_move_type(generated, game):
    mapping = contract()["components"]["schemas"][f"{game}Move"]["discriminator"]["mapping"]
    union = kotlin_model(generated, f"{game}Move")
    assert re.search(rf"sealed interface {game}Move\b", union), union
    for kind, target in mapping.items():
        member = _name(target)
        assert re.search(rf"value class \w+Wrapper\(val value: {member}\) : {game}Move\b", union), (kind, union)
        assert re.search(
            rf'"{kind}" -> \{{\s+val decoded = decoder\.json\.decodeFromJsonElement\({member}\.serializer\(\)', union
        )
        assert "data class " + member in kotlin_model(generated, member)
    request = kotlin_model(generated, f"{game}MoveRequest")
    assert re.search(rf"val move: {game}Move\b", request), request


def test_no_generator_refers_to_a_model_it_does_not_write(generated):
    """swift5 and dart-dio once wrote ``Null`` and ``ModelNull`` for a value that could only be null."""
    swift = "\n".join(p.read_text() for p in (generated / "swift5").rglob("*.swift"))
    dart = "\n".join(p.read_text() for p in (generated / "dart-dio").rglob("*.dart"))
    assert not re.search(r"\bNull\b", swift.replace("NSNull", "")), re.findall(r".*\bNull\b.*", swift)[:5]
    assert "ModelNull" not in dart


@pytest.mark.parametrize("game", GAMES)
def test_in_kotlin_a_seed_is_a_long(generated, game):
    answer = kotlin_model(generated, f"{game}SetupAnswer")
    assert re.search(r"val seed: kotlin\.Long\b", answer), answer
