"""A Babel extractor for the service's Python: the marked calls found in the syntax tree.

Babel's own Python extractor reads tokens, so on Python 3.11 it cannot see a call inside an f-string (the
pictures write ``f'<text ...>{escape(tr("Legend"))}</text>'``) and it counts a keyword argument's string
as a positional one (``violation("turn.game_over", pointer="/move/type")``). Reading the tree sees both
right. The keywords and their argument specs are Babel's own (``babel.cfg``); Babel applies the specs.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Any


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _value(arg: ast.expr) -> str | None:
    """A literal string argument (adjacent literals are already one constant); anything else is None."""
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


def marked_calls(source: str, keywords) -> Iterator[tuple[int, str, tuple[str | None, ...]]]:
    """(line, keyword, positional arguments) of every call to a keyword, in source order."""
    calls = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)]
    for node in sorted(calls, key=lambda n: (n.lineno, n.col_offset)):
        name = _name(node.func)
        if (
            name is not None
            and name in keywords
            and node.args
            and not any(isinstance(a, ast.Starred) for a in node.args)
        ):
            yield node.lineno, name, tuple(_value(arg) for arg in node.args)


def extract_ast(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel's extractor protocol: (line, function name, messages, comments)."""
    source = fileobj.read().decode((options or {}).get("encoding", "utf-8"))
    for line, name, messages in marked_calls(source, set(keywords)):
        yield line, name, messages, []
