"""No import circles inside a game's engine package: each module's imports of its siblings (at module level
or inside a function) form a graph without cycles, so every module can be imported on its own."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).parents[2] / "service" / "engine"
# The games already ported onto the kit (issue 16); each port adds its game here.
PORTED = ("skyline3000", "newyork")


def sibling_imports(package: Path) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in package.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found.update([node.module.split(".")[0]] if node.module else [a.name for a in node.names])
        graph[path.stem] = found - {path.stem}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path of module names, or None."""
    state: dict[str, str] = {}

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt] if nxt in path else path + [nxt]
            if nxt not in state:
                found = visit(nxt, path + [nxt])
                if found:
                    return found
        state[node] = "done"
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start, [start])
            if found:
                return found
    return None


def test_cycle_finds_a_circle_and_passes_a_tree():
    assert cycle({"game": {"render"}, "render": {"game"}}) == ["game", "render", "game"]
    assert cycle({"game": {"render", "data"}, "render": {"data"}, "data": set()}) is None


@pytest.mark.parametrize("game", PORTED)
def test_no_import_circles_in_the_games_engine(game):
    graph = sibling_imports(ENGINE / game)
    assert len(graph) > 3
    assert cycle(graph) is None
