"""Holes: empty cells a city encloses, found with work that follows the tiles, not the city's box.

An empty cell is a hole when it cannot reach the outside by edge steps over empty cells (the reading
``holes``: a diagonal gap does not let it out). Whatever encloses a hole is one group of tiles touching by
edge or corner, and the hole lies inside that group's box; so each group is searched only within its own
box, one cell wider. A group of k tiles spans at most k by k cells, so a city of n tiles costs at most
about n squared cell visits however far apart its tiles lie (two tiles at (-64,-64) and (64,64) are two
groups of one tile, nine cells each, not the 129 by 129 box between them).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

Cell = tuple[int, int]
Box = tuple[int, int, int, int]

EDGE_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
RING_STEPS = ((-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def bounds(cells: Iterable[Cell]) -> Box:
    xs, ys = zip(*cells)
    return min(xs), min(ys), max(xs), max(ys)


def connected(start: Cell, cells: Collection[Cell], steps: Iterable[Cell]) -> set[Cell]:
    """The cells of ``cells`` reached from ``start`` (one of them) by ``steps``."""
    found, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in steps:
            cell = (x + dx, y + dy)
            if cell in cells and cell not in found:
                found.add(cell)
                todo.append(cell)
    return found


def components(cells: Collection[Cell], steps: Iterable[Cell], order: Iterable[Cell] | None = None) -> list[set[Cell]]:
    """``cells`` split into the parts that ``steps`` connect, in the order of their first cell in ``order``."""
    parts, seen = [], set()
    for first in cells if order is None else order:
        if first not in seen:
            part = connected(first, cells, steps)
            seen |= part
            parts.append(part)
    return parts


def tile_groups(occupied: Collection[Cell]) -> list[set[Cell]]:
    """The groups of tiles that touch by an edge or a corner."""
    return components(occupied, RING_STEPS)


def group_of(occupied: Collection[Cell], start: Cell) -> set[Cell]:
    """The group of touching tiles that holds ``start`` (which must be in ``occupied``)."""
    return connected(start, occupied, RING_STEPS)


def escapes(occupied: Collection[Cell], start: Cell, box: Box) -> bool:
    """Whether the empty cell ``start`` reaches beyond ``box`` by edge steps over empty cells.

    The walk never leaves the box, so it visits at most the box's cells."""
    x0, y0, x1, y1 = box
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        if x < x0 or x > x1 or y < y0 or y > y1:
            return True
        for dx, dy in EDGE_STEPS:
            cell = (x + dx, y + dy)
            if cell not in occupied and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return False


def _enclosed_by(group: Collection[Cell]) -> set[Cell]:
    """Cells inside ``group``'s box that the group alone shuts off from the outside (its own tiles excluded).

    The box (one cell wider than the group, so its corner is outside) is a bitboard: cell (x, y) is bit
    ``(y - y0) * width + (x - x0)``, and each row ends in a spare column that is never free, so a shift by
    one cannot carry a cell into the next row. The outside grows from the corner one edge step per round,
    over the free cells, until it stops; what is free and not reached is enclosed."""
    x0, y0, x1, y1 = bounds(group)
    x0, y0, x1, y1 = x0 - 1, y0 - 1, x1 + 1, y1 + 1
    width = x1 - x0 + 2
    row = (1 << (width - 1)) - 1
    free = 0
    for r in range(y1 - y0 + 1):
        free |= row << (r * width)
    for x, y in group:
        free &= ~(1 << ((y - y0) * width + (x - x0)))
    outside = 1
    while True:
        grown = (outside | outside << 1 | outside >> 1 | outside << width | outside >> width) & free
        if grown == outside:
            break
        outside = grown
    enclosed = free & ~outside
    cells = set()
    while enclosed:
        low = enclosed & -enclosed
        index = low.bit_length() - 1
        cells.add((x0 + index % width, y0 + index // width))
        enclosed ^= low
    return cells


def holes(occupied: Collection[Cell]) -> list[set[Cell]]:
    """The enclosed empty regions of a city (each a set of cells), in the order of their first cell by x, then y."""
    enclosed: set[Cell] = set()
    for group in tile_groups(occupied):
        enclosed |= _enclosed_by(group)
    enclosed -= set(occupied)
    return components(enclosed, EDGE_STEPS, order=sorted(enclosed))


def is_enclosed(occupied: Collection[Cell], cell: Cell) -> bool:
    """Whether the empty ``cell`` is in a hole: shut in within the box of some group of touching tiles."""
    x, y = cell
    for group in tile_groups(occupied):
        x0, y0, x1, y1 = bounds(group)
        if x0 < x < x1 and y0 < y < y1 and not escapes(occupied, cell, (x0, y0, x1, y1)):
            return True
    return False


def splits_the_space_around(occupied: Collection[Cell], cell: Cell) -> bool:
    """Whether a tile on the empty ``cell`` parts its empty edge neighbours from each other around it.

    If the empty edge neighbours stay joined through the empty corner cells of the ring around ``cell``,
    any way out that passed through ``cell`` can go round it instead, so no new hole can appear. This
    looks at eight cells only, and rules out a new hole for nearly every cell of a city's frontier."""
    x, y = cell
    empty = [(x + dx, y + dy) not in occupied for dx, dy in RING_STEPS]
    # ring positions 1, 3, 5, 7 are the edge neighbours (n, e, s, w); the corner between i and i + 2 is i + 1
    edges = [i for i in (1, 3, 5, 7) if empty[i]]
    links = sum(1 for i in (1, 3, 5, 7) if empty[i] and empty[(i + 1) % 8] and empty[(i + 2) % 8])
    groups = 1 if len(edges) == 4 and links == 4 else len(edges) - links
    return groups > 1


def closes_new_hole(occupied: Collection[Cell], before_holes: set[Cell], cell: Cell) -> bool:
    """Whether a tile on the empty ``cell`` encloses an empty cell that reached the outside before."""
    if not splits_the_space_around(occupied, cell):
        return False
    after = set(occupied) | {cell}
    box = bounds(group_of(after, cell))
    x, y = cell
    for dx, dy in EDGE_STEPS:
        near = (x + dx, y + dy)
        if near in after or near in before_holes:
            continue
        if not escapes(after, near, box):
            return True
    return False
