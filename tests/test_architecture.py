"""The engine is pure: nothing under service/engine imports Flask, marshmallow, redis, or does I/O;
the dependencies point api -> schemas -> engine."""

import ast
from pathlib import Path

import pytest

SERVICE = Path(__file__).resolve().parents[1] / "service"
FORBIDDEN_IN_ENGINE = {
    "flask",
    "werkzeug",
    "marshmallow",
    "redis",
    "prometheus_client",
    "requests",
    "socket",
    "urllib",
    "http",
    "gunicorn",
    "pybreaker",
    "cachetools",
    "service.api",
    "service.schemas",
    "service.cache",
}
FORBIDDEN_CALLS = {"open", "print", "input"}


def imported_modules(path: Path):
    """Absolute names of every import, relative ones resolved against the file's package."""
    package = ["service", *path.relative_to(SERVICE).parent.parts]
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            yield ".".join(base + ([node.module] if node.module else []))


def engine_files():
    return [pytest.param(p, id=str(p.relative_to(SERVICE))) for p in sorted((SERVICE / "engine").rglob("*.py"))]


@pytest.mark.parametrize("path", engine_files())
def test_engine_module_imports_nothing_impure(path):
    for module in imported_modules(path):
        assert not any(module == f or module.startswith(f + ".") for f in FORBIDDEN_IN_ENGINE), (path, module)


@pytest.mark.parametrize("path", engine_files())
def test_engine_module_does_no_io(path):
    tree = ast.parse(path.read_text())
    calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert not calls & FORBIDDEN_CALLS, (path, calls & FORBIDDEN_CALLS)


@pytest.mark.parametrize("path", sorted((SERVICE / "schemas").rglob("*.py")), ids=str)
def test_schemas_do_not_reach_into_http_or_cache(path):
    for module in imported_modules(path):
        assert not module.startswith(("flask", "service.api", "service.cache", "redis")), (path, module)
