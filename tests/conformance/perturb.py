"""Unlisted moves made generically: one field of a listed move's wire form is changed.

Nothing here knows a game: a move is a JSON object, its fields are found by walking it, and the values
put in come from the move itself (+/-1 on an integer, a list element dropped or doubled) or from the same
field of another listed move (so every value is one the game uses, not noise the schema refuses).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

Path = tuple


def canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def walk(obj: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every (path, value) below obj, containers included; the move's top-level ``player`` is left out
    so that every perturbation stays a move of a player the game awaits."""
    yield path, obj
    if isinstance(obj, dict):
        for key, value in obj.items():
            if path == () and key == "player":
                continue
            yield from walk(value, path + (key,))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from walk(value, path + (i,))


def shape(path: Path) -> Path:
    """The path with list indexes blurred: ``cards/0/value`` and ``cards/2/value`` are the same field."""
    return tuple("*" if isinstance(p, int) else p for p in path)


def get(obj: Any, path: Path) -> Any:
    for p in path:
        obj = obj[p]
    return obj


def put(obj: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    out = copy.deepcopy(obj)
    parent = get(out, path[:-1])
    parent[path[-1]] = value
    return out


def field_pool(moves: list[dict]) -> dict[Path, list[Any]]:
    """Every value each field shape takes among the listed moves."""
    pool: dict[Path, dict[str, Any]] = {}
    for move in moves:
        for path, value in walk(move):
            if path:
                pool.setdefault(shape(path), {})[canonical(value)] = value
    return {k: list(v.values()) for k, v in pool.items()}


def variants(move: dict, pool: dict[Path, list[Any]]) -> Iterator[tuple[str, dict]]:
    """(how, perturbed move) for every single-field change of ``move``."""
    for path, value in walk(move):
        if not path:
            continue
        if isinstance(value, bool):
            yield f"{shape(path)} negated", put(move, path, not value)
        elif isinstance(value, int):
            yield f"{shape(path)} +1", put(move, path, value + 1)
            yield f"{shape(path)} -1", put(move, path, value - 1)
        if isinstance(value, list):
            for i in range(len(value)):
                yield f"{shape(path)} element dropped", put(move, path, value[:i] + value[i + 1 :])
                yield f"{shape(path)} element doubled", put(move, path, value[: i + 1] + value[i:])
            for other in pool.get(shape(path) + ("*",), ()):
                yield f"{shape(path)} element added", put(move, path, value + [other])
        for other in pool.get(shape(path), ()):
            if canonical(other) != canonical(value):
                yield f"{shape(path)} swapped", put(move, path, other)


def sample_variants(moves: list[dict], rnd: random.Random, count: int) -> list[tuple[str, dict]]:
    """Up to ``count`` distinct perturbations of randomly chosen listed moves."""
    pool = field_pool(moves)
    listed = {canonical(m) for m in moves}
    chosen: dict[str, tuple[str, dict]] = {}
    for move in rnd.sample(moves, min(len(moves), count)):
        options = [(how, v) for how, v in variants(move, pool) if canonical(v) not in listed]
        rnd.shuffle(options)
        for how, v in options[:2]:
            chosen.setdefault(canonical(v), (how, v))
    out = list(chosen.values())
    rnd.shuffle(out)
    return out[:count]
