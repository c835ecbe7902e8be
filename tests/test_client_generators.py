"""The mainstream client generators take the contract: openapi-generator (the PyPI package
``openapi-generator-cli`` bundles it and runs it on the machine's Java) validates it clean, and its Kotlin,
Swift 5, Dart (dio) and TypeScript (fetch) generators write clients without an error. In the Kotlin
client every move class is declared a subtype of its game's move type, a sealed class, and seeds are
``Long`` (the setup answer's seed is past 32 bits when none is sent).

How the Kotlin client gets its sealed types: each member of a union (a game's moves, its pending steps) is
``allOf`` the union's parent component (``<Union>Base``: the discriminator and its mapping) and its own
fields. The Kotlin generator, with kotlinx.serialization, makes that parent a sealed class whose
discriminator picks the member, and every member a data class deriving from it. Two of its mappings name
the parent as the union (``modelNameMappings``) and use it wherever the contract says the union
(``schemaMappings``), so ``NewYorkMoveRequest.move`` is a ``NewYorkMove`` and ``NewYorkBuyMove`` is one.

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
KOTLIN_MODELS = "org.openapitools.client.models"  # the kotlin generator's default model package


def _name(target: str) -> str:
    return target.rsplit("/", 1)[1]


def sealed_parents(schemas: dict) -> dict[str, str]:
    """Each discriminated union's name -> the one parent component all its members are ``allOf``."""
    out = {}
    for name, schema in schemas.items():
        if "oneOf" in schema and "discriminator" in schema:
            members = [schemas[_name(target)] for target in schema["discriminator"]["mapping"].values()]
            parents = {_name(part["$ref"]) for member in members for part in member.get("allOf", ())}
            assert len(parents) == 1, f"{name}'s members are not allOf one parent: {sorted(parents)}"
            out[name] = parents.pop()
    return out


def _mappings(name: str) -> dict:
    if name != "kotlin":
        return {}
    parents = sealed_parents(contract()["components"]["schemas"])
    return {
        "modelNameMappings": {parent: union for union, parent in parents.items()},
        "schemaMappings": {union: f"{KOTLIN_MODELS}.{union}" for union in parents},
    }


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
                    **_mappings(name),
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
    assert re.search(rf'@JsonClassDiscriminator\(discriminator = "type"\)\s+sealed class {game}Move\b', union), union
    for kind, target in mapping.items():
        member = kotlin_model(generated, _name(target))
        declared = (
            rf'@SerialName\(value = "{kind}"\)\s+data class {_name(target)} \((?:[^()]|\([^()]*\))*\) : {game}Move\(\)'
        )
        assert re.search(declared, member), member
    request = kotlin_model(generated, f"{game}MoveRequest")
    assert re.search(rf"val move: {KOTLIN_MODELS}\.{game}Move\b", request), request


@pytest.mark.parametrize("game", GAMES)
def test_in_kotlin_a_seed_is_a_long(generated, game):
    answer = kotlin_model(generated, f"{game}SetupAnswer")
    assert re.search(r"val seed: kotlin\.Long\b", answer), answer
