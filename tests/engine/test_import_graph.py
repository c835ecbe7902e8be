"""No import circles inside a game's engine package: the graph of the package's imports of its
own modules, read from the source, has no cycle: every registered game's."""

import ast
from pathlib import Path

import pytest

from service.engine.registry import PACKAGES

ENGINE = Path(__file__).resolve().parents[2] / "service" / "engine"
PORTED = PACKAGES


def own_imports(package: Path, module: Path) -> set[str]:
    """The modules of ``package`` that ``module`` imports (``from . import x``, ``from .x import y``),
    at any depth in the file, so an import inside a function counts too."""
    names = {p.stem for p in package.glob("*.py")}
    found: set[str] = set()
    for node in ast.walk(ast.parse(module.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
    return (found & names) - {"__init__", module.stem}


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt, path + [nxt])
                if found:
                    return found
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start, [start])
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_circle_and_accepts_a_tree():
    assert cycle({"game": {"render"}, "render": {"game"}}) == ["game", "render", "game"]
    assert cycle({"game": {"render", "scoring"}, "render": {"scoring"}, "scoring": set()}) is None


@pytest.mark.parametrize("game", PORTED)
def test_no_import_circle_in_the_engine_package(game):
    package = ENGINE / game
    modules = [p for p in package.glob("*.py") if p.stem != "__init__"]
    graph = {m.stem: own_imports(package, m) for m in modules}
    assert cycle(graph) is None
