"""No import circles under service/engine/fifthavenue (issue 16), local imports inside functions included."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "service" / "engine" / "fifthavenue"


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that ``path`` imports, anywhere in the file."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(a.name for a in node.names)
    return out & modules


def graph() -> dict[str, set[str]]:
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    return {m: imports_of(PACKAGE / f"{m}.py", modules) - {m} for m in modules}


def cycle(g: dict[str, set[str]]) -> list[str] | None:
    colour: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        colour[m] = 1
        path.append(m)
        for n in sorted(g[m]):
            if colour.get(n) == 1:
                return path[path.index(n):] + [n]
            if colour.get(n) is None:
                found = visit(n)
                if found:
                    return found
        colour[m] = 2
        path.pop()
        return None

    for m in sorted(g):
        if m not in colour:
            found = visit(m)
            if found:
                return found
    return None


def test_no_import_circles_in_the_engine():
    g = graph()
    assert {"rules", "reveal", "flow", "game"} <= set(g)
    assert cycle(g) is None, " -> ".join(cycle(g))


def test_the_cycle_finder_finds_a_circle():
    assert cycle({"rules": {"reveal"}, "reveal": {"rules"}}) == ["reveal", "rules", "reveal"]
    assert cycle({"a": {"b"}, "b": set()}) is None
