"""The board: 85 lots in 6 blocks, orthogonal adjacency inside a block (the lots, their
blocks and grids in ``board.json`` beside this module)."""

from __future__ import annotations

import json
from importlib import resources

_RAW = json.loads(resources.files(__package__).joinpath("board.json").read_text(encoding="utf-8"))

ADJACENT: dict[int, tuple[int, ...]] = {int(lot): tuple(sorted(info["adjacent"])) for lot, info in _RAW["lots"].items()}
BLOCK_OF: dict[int, int] = {int(lot): info["block"] for lot, info in _RAW["lots"].items()}
BLOCK_GRIDS: dict[int, tuple[tuple[int, ...], ...]] = {
    int(block): tuple(tuple(row) for row in info["grid"]) for block, info in _RAW["blocks"].items()
}
BLOCKS: dict[int, tuple[int, ...]] = {int(block): tuple(info["lots"]) for block, info in _RAW["blocks"].items()}


def grid_position(lot: int) -> tuple[int, int, int]:
    """(block, row, col) of a lot inside its block's grid."""
    block = BLOCK_OF[lot]
    for row, cells in enumerate(BLOCK_GRIDS[block]):
        if lot in cells:
            return block, row, cells.index(lot)
    raise KeyError(lot)


POSITIONS: dict[int, tuple[int, int, int]] = {lot: grid_position(lot) for lot in ADJACENT}


def components(lots: set[int]) -> list[list[int]]:
    """Orthogonally connected groups among ``lots``; each group sorted, groups by smallest lot."""
    seen: set[int] = set()
    groups: list[list[int]] = []
    for start in sorted(lots):
        if start in seen:
            continue
        group = bfs_order(start, lots)
        seen.update(group)
        groups.append(sorted(group))
    return groups


def bfs_order(start: int, lots: set[int]) -> list[int]:
    """Lots of ``lots`` reachable from ``start``, breadth first, neighbours in number order."""
    order = [start]
    seen = {start}
    index = 0
    while index < len(order):
        for nxt in ADJACENT.get(order[index], ()):
            if nxt in lots and nxt not in seen:
                seen.add(nxt)
                order.append(nxt)
        index += 1
    return order


def is_connected(lots: set[int]) -> bool:
    if not lots:
        return True
    return len(bfs_order(min(lots), lots)) == len(lots)
