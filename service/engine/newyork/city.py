"""City geometry: the five building rules, removal and swap, legal cells, holes and the longest street.

A city is a grid ``{(x, y): streets}`` with the start tile (no streets) at (0, 0); x grows east, y grows
south; ``streets`` holds the edges n, e, s, w that carry a street.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import replace
from operator import itemgetter
from typing import Any

from ..core import Violation
from ..kit import T_, RuleBook
from .holes import bounds, closes_new_hole, holes, is_enclosed, splits_the_space_around
from .state import Placed, Tile

DELTA = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
OPPOSITE = {"n": "s", "e": "w", "s": "n", "w": "e"}
ORIGIN = (0, 0)

Grid = Mapping[tuple[int, int], str]


def grid_of(city: Iterable[Placed]) -> dict[tuple[int, int], str]:
    grid = {(p.x, p.y): p.tile.streets for p in city}
    grid[ORIGIN] = ""
    return grid


# (edge, the neighbour's facing edge, dx, dy) for each edge, in DELTA's order
_STEPS = tuple((edge, OPPOSITE[edge], dx, dy) for edge, (dx, dy) in DELTA.items())


def neighbours(x: int, y: int) -> list[tuple[str, tuple[int, int]]]:
    return [(edge, (x + dx, y + dy)) for edge, _, dx, dy in _STEPS]


def mismatched_edges(grid: Grid, x: int, y: int, streets: str) -> list[tuple[str, tuple[int, int]]]:
    """Edges of a tile at (x, y) whose street does not match the neighbour's touching edge."""
    out = []
    for edge, cell in neighbours(x, y):
        other = grid.get(cell)
        if other is not None and (edge in streets) != (OPPOSITE[edge] in other):
            out.append((edge, cell))
    return out


def _open_steps(streets: str) -> tuple[tuple[str, int, int], ...]:
    """The steps on foot out of a tile with ``streets``: (the neighbour's facing edge, dx, dy) of each edge
    without a street, in DELTA's order."""
    return tuple((facing, dx, dy) for edge, facing, dx, dy in _STEPS if edge not in streets)


# each tile's ways out by its streets (every subset of the edges, in their order), made once
_OPEN_STEPS = {
    streets: _open_steps(streets)
    for streets in ("".join(e for k, e in enumerate(DELTA) if mask >> k & 1) for mask in range(16))
}


def reachable(grid: Grid, without: tuple[int, int] | None = None) -> set[tuple[int, int]]:
    """Cells reachable on foot from the start tile: a step crosses an edge where neither touching edge
    carries a street. ``without``: as if that cell (not the start tile's) were empty."""
    if ORIGIN not in grid:
        return set()
    seen = {ORIGIN} if without is None else {ORIGIN, without}
    todo = [ORIGIN]
    opened = _OPEN_STEPS
    while todo:
        x, y = cell = todo.pop()
        here = grid[cell]
        steps = opened.get(here)
        for facing, dx, dy in _open_steps(here) if steps is None else steps:
            nxt = (x + dx, y + dy)
            other = grid.get(nxt)
            if other is not None and facing not in other and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    if without is not None and without != ORIGIN:
        seen.discard(without)
    return seen


class CityIndex:
    """One city prepared for many questions (legal cells for many tiles share the work)."""

    def __init__(self, city: Iterable[Placed]):
        self.grid = grid_of(city)
        self.reach = reachable(self.grid)
        self._closes: dict[tuple[int, int], bool] = {}
        self._info: dict[tuple[int, int], tuple[Any, ...]] = {}
        self._frontier: list[tuple[int, int]] | None = None
        self._holes: set[tuple[int, int]] | None = None

    def holes(self) -> set[tuple[int, int]]:
        """The empty cells the city encloses (none in a city that keeps the building rules: told first by
        one flood of the city's box)."""
        if self._holes is None:
            self._holes = set().union(*holes(self.grid)) if has_hole(self.grid) else set()
        return self._holes

    def closes_hole(self, x: int, y: int) -> bool:
        """Whether building on the empty cell (x, y) encloses an empty cell that was free before (never
        when its empty neighbours stay joined around it, which nearly every cell of a frontier is)."""
        key = (x, y)
        if key not in self._closes:
            split = splits_the_space_around(self.grid, key)
            self._closes[key] = split and closes_new_hole(self.grid, self.holes(), key)
        return self._closes[key]

    def can_remove(self, x: int, y: int) -> bool:
        """Whether the city tile at (x, y) may go to the reserve: ``removal_violations`` finds nothing.
        Nothing reached on foot before is cut off (the walk without it reaches all the others: removing a
        tile opens no new way), and the emptied cell is not shut in: it reaches the outside exactly when
        one of its empty edge neighbours did before (a way out from it leaves through one of them and never
        comes back), that is when one of them is empty and not a hole."""
        cell = (x, y)
        if cell == ORIGIN or cell not in self.grid:
            return False
        if len(reachable(self.grid, cell)) != len(self.reach) - (cell in self.reach):
            return False
        grid, enclosed = self.grid, self.holes()
        return any(near not in grid and near not in enclosed for _, near in neighbours(x, y))

    def cell_info(self, x: int, y: int) -> tuple[Any, ...]:
        """For an empty cell: the touching tiles (edge, cell, whether their facing edge has a street) and
        the edges through which a reachable neighbour could be entered on foot (whether building there
        encloses a hole is ``closes_hole``, asked only when needed)."""
        key = (x, y)
        info = self._info.get(key)
        if info is None:
            touching, walk = [], []
            grid, reach = self.grid, self.reach
            for edge, facing, dx, dy in _STEPS:  # each neighbour, as ``neighbours`` lists them
                cell = (x + dx, y + dy)
                other = grid.get(cell)
                if other is None:
                    continue
                theirs = facing in other
                touching.append((edge, cell, theirs))
                if cell in reach and not theirs:
                    walk.append(edge)
            info = (tuple(touching), tuple(walk))
            self._info[key] = info
        return info

    def frontier(self) -> list[tuple[int, int]]:
        """Empty cells sharing an edge with the city, in a stable order."""
        if self._frontier is None:
            cells = set()
            for x, y in self.grid:
                for _, cell in neighbours(x, y):
                    if cell not in self.grid:
                        cells.add(cell)
            self._frontier = sorted(cells, key=lambda c: (c[1], c[0]))
        return self._frontier


IndexCache = dict[int, CityIndex]  # a seat's city index, made on first use (``candidates.city_index``)


def placement_violations(
    index: CityIndex, tile: Tile, x: int, y: int, book: RuleBook, pointer: str = "/move", rotation: int = 0
) -> list[Violation]:
    """Every building rule a tile placed at (x, y) would break (an empty list when it is legal)."""
    if not rotation and can_place(index, tile.streets, x, y):
        return []
    return _placement_faults(index, tile, x, y, book, pointer, rotation)


def _placement_faults(
    index: CityIndex, tile: Tile, x: int, y: int, book: RuleBook, pointer: str, rotation: int
) -> list[Violation]:
    """``placement_violations`` rule by rule, each broken one with its message."""
    out: list[Violation] = []
    where = f"({x},{y})"
    if rotation:
        out.append(
            book.violation(
                "placement.orientation",
                "Tiles cannot be rotated (rotation {rotation}); roofs face up like the start tile.",
                f"{pointer}/rotation",
                rotation=rotation,
            )
        )
    if (x, y) in index.grid:
        what = T_("the start tile") if (x, y) == ORIGIN else T_("another tile")
        out.append(
            book.violation(
                "placement.occupied", "The cell {cell} already holds {what}.", f"{pointer}/x", cell=where, what=what
            )
        )
        return out
    touching, walk_edges = index.cell_info(x, y)
    streets = tile.streets
    if not touching:
        out.append(
            book.violation(
                "placement.no_contact",
                "A tile at {cell} would share no edge with the city.",
                f"{pointer}/x",
                cell=where,
            )
        )
    for edge, cell, theirs in touching:
        if (edge in streets) != theirs:
            mine = T_("has a street") if edge in streets else T_("has none")
            other = T_("none") if edge in streets else T_("one")
            out.append(
                book.violation(
                    "placement.street_mismatch",
                    "The tile's {edge} edge {mine} but the tile at {cell} has {other} on its {opposite} edge.",
                    f"{pointer}/x",
                    edge=edge,
                    mine=mine,
                    cell=f"({cell[0]},{cell[1]})",
                    other=other,
                    opposite=OPPOSITE[edge],
                )
            )
    if not any(edge not in streets for edge in walk_edges):
        out.append(
            book.violation(
                "placement.unreachable",
                "A tile at {cell} could not be reached on foot from the start tile without crossing a street.",
                f"{pointer}/x",
                cell=where,
            )
        )
    if touching and index.closes_hole(x, y):
        out.append(
            book.violation(
                "placement.hole", "A tile at {cell} would enclose an empty cell.", f"{pointer}/x", cell=where
            )
        )
    return out


def can_place(index: CityIndex, streets: str, x: int, y: int) -> bool:
    """Whether a tile with ``streets``, unrotated, may be built at (x, y): ``placement_violations`` finds
    nothing there. Asked as a verdict, in its order of rules, stopping at the first broken one."""
    if (x, y) in index.grid:
        return False
    touching, walk_edges = index.cell_info(x, y)
    if not touching:
        return False
    for edge, _, theirs in touching:
        if (edge in streets) != theirs:
            return False
    for edge in walk_edges:
        if edge not in streets:
            return not index.closes_hole(x, y)
    return False


def legal_cells(index: CityIndex, tile: Tile, book: RuleBook) -> list[tuple[int, int]]:
    """Every cell where ``tile`` may be built: ``placement_violations`` finds nothing there (asked for a
    verdict, so the refused cells' messages are never built)."""
    streets = tile.streets
    return [(x, y) for x, y in index.frontier() if can_place(index, streets, x, y)]


def removal_violations(index: CityIndex, x: int, y: int, book: RuleBook, pointer: str = "/move") -> list[Violation]:
    """Why the city tile at (x, y) cannot go to the reserve (empty when it can)."""
    if index.can_remove(x, y):
        return []
    return _removal_faults(index, x, y, book, pointer)


def _removal_faults(index: CityIndex, x: int, y: int, book: RuleBook, pointer: str) -> list[Violation]:
    """``removal_violations`` rule by rule, each broken one with its message."""
    if (x, y) == ORIGIN:
        return [book.violation("rebuild.start_tile", "The start tile can never be removed.", f"{pointer}/x")]
    if (x, y) not in index.grid:
        return [book.violation("rebuild.no_tile", "There is no city tile at ({x},{y}).", f"{pointer}/x", x=x, y=y)]
    out = []
    after = {cell: streets for cell, streets in index.grid.items() if cell != (x, y)}
    cut = (set(after) & index.reach) - reachable(after)
    if cut:
        cells = ", ".join(f"({a},{b})" for a, b in sorted(cut))
        out.append(
            book.violation(
                "placement.unreachable",
                "Removing the tile at ({x},{y}) would cut off {cells} from the start tile.",
                f"{pointer}/x",
                x=x,
                y=y,
                cells=cells,
            )
        )
    if is_enclosed(after, (x, y)):
        out.append(
            book.violation(
                "placement.hole",
                "Removing the tile at ({x},{y}) would leave an enclosed empty cell.",
                f"{pointer}/x",
                x=x,
                y=y,
            )
        )
    return out


def swap_violations(
    index: CityIndex, tile: Tile, x: int, y: int, book: RuleBook, pointer: str = "/move", rotation: int = 0
) -> list[Violation]:
    """Why a reserve tile cannot take the place of the city tile at (x, y) (empty when it can)."""
    out = []
    if rotation:
        out.append(
            book.violation(
                "placement.orientation",
                "Tiles cannot be rotated (rotation {rotation}).",
                f"{pointer}/rotation",
                rotation=rotation,
            )
        )
    if (x, y) == ORIGIN:
        return out + [book.violation("rebuild.start_tile", "The start tile can never be swapped.", f"{pointer}/x")]
    if (x, y) not in index.grid:
        return out + [
            book.violation("rebuild.no_tile", "There is no city tile at ({x},{y}).", f"{pointer}/x", x=x, y=y)
        ]
    rest = {cell: streets for cell, streets in index.grid.items() if cell != (x, y)}
    for edge, cell in mismatched_edges(rest, x, y, tile.streets):
        out.append(
            book.violation(
                "placement.street_mismatch",
                "The tile's {edge} edge does not match the tile at {cell}.",
                f"{pointer}/x",
                edge=edge,
                cell=f"({cell[0]},{cell[1]})",
            )
        )
    before = index.grid[(x, y)]
    same_walks = all((edge in tile.streets) == (edge in before) for edge, cell in neighbours(x, y) if cell in rest)
    if same_walks:
        return out  # every touching edge is as before: nobody's way on foot changes
    after = dict(rest)
    after[(x, y)] = tile.streets
    lost = (set(after) & index.reach) - reachable(after)
    if lost:
        out.append(
            book.violation(
                "placement.unreachable",
                "After the swap some tiles could not be reached on foot from the start tile.",
                f"{pointer}/x",
            )
        )
    return out


CityCheck = tuple[tuple[Violation, ...], frozenset[tuple[int, int]]]
CityChecker = Callable[[tuple[Placed, ...]], CityCheck]


def city_violations(
    city: tuple[Placed, ...], pointer: str, check: CityChecker
) -> tuple[list[Violation], set[tuple[int, int]]]:
    """Every building rule a whole city breaks, and the cells to flag in a picture. ``check`` is
    ``city_check`` under the game's book, or the engine's memo of it (its ``StateMemo`` of cities)."""
    found, flagged = check(tuple(city))
    return [replace(v, pointer=pointer + v.pointer) for v in found], set(flagged)


def city_check(city: tuple[Placed, ...], book: RuleBook) -> CityCheck:
    """``city_violations`` with pointers relative to the city ("/3" is its tile 3), so the answer does not
    depend on the player's seat and one memo entry serves a city wherever it sits. A city that breaks no
    building rule (nearly every one asked about) is told by ``_city_is_sound`` without building a message."""
    if _city_is_sound(city):
        return (), frozenset()
    return _city_faults(city, book)


def _city_is_sound(city: tuple[Placed, ...]) -> bool:
    """Whether ``_city_faults`` finds nothing, asked the short way on a bitboard of the city's box (one
    cell wider, each row ending in a spare column that is never occupied, so a shift by one cannot carry
    a cell into the next row): no cell twice (nor the start tile's), no street against a tile without
    one (every touching pair compared at once, east-west and north-south), every tile reached on foot
    from the start tile (so each also shares an edge with the city, and all of them are one group of
    touching tiles), and the empty cells of the box all reached from its corner (no hole)."""
    xs = [p.x for p in city]
    ys = [p.y for p in city]
    x0, y0 = min(xs, default=0), min(ys, default=0)
    x0, y0 = (x0 if x0 < 0 else 0) - 1, (y0 if y0 < 0 else 0) - 1
    x1, y1 = max(xs, default=0), max(ys, default=0)
    x1, y1 = (x1 if x1 > 0 else 0) + 1, (y1 if y1 > 0 else 0) + 1
    width = x1 - x0 + 2
    start = 1 << (-y0 * width - x0)
    occupied, north, east, south, west = start, 0, 0, 0, 0
    for p in city:
        bit = 1 << ((p.y - y0) * width + p.x - x0)
        if occupied & bit:
            return False
        occupied |= bit
        streets = p.tile.streets
        if streets:
            if "n" in streets:
                north |= bit
            if "e" in streets:
                east |= bit
            if "s" in streets:
                south |= bit
            if "w" in streets:
                west |= bit
    if ((east << 1) ^ west) & occupied & (occupied << 1) or ((south << width) ^ north) & occupied & (occupied << width):
        return False
    reach, grown = 0, start
    while grown != reach:  # on foot: through an edge without a street (both sides agree, as just checked)
        reach = grown
        grown = reach | (
            ((reach & ~east) << 1 | (reach & ~west) >> 1 | (reach & ~south) << width | (reach & ~north) >> width)
            & occupied
        )
    if reach != occupied:
        return False
    return not _encloses(occupied, width, y1 - y0 + 1)


def _encloses(occupied: int, width: int, rows: int) -> bool:
    """Whether a bitboard of ``rows`` rows of ``width`` bits (the last of each row spare, never occupied;
    the first row and column and the last row and real column free) has a free cell that the corner's
    flood over free cells (edge steps) does not reach."""
    row = (1 << (width - 1)) - 1
    box = row * ((1 << (width * rows)) - 1) // ((1 << width) - 1)  # the row repeated: every real cell
    free = box & ~occupied
    outside, grown = 0, 1
    while grown != outside:
        outside = grown
        grown = (outside | outside << 1 | outside >> 1 | outside << width | outside >> width) & free
    return outside != free


def has_hole(cells: Collection[tuple[int, int]]) -> bool:
    """Whether the occupied ``cells`` enclose an empty cell: one flood of their box, one cell wider, from
    its corner (the reading of ``holes``: an empty cell that cannot get out by edge steps)."""
    if not cells:
        return False
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    x0, y0 = min(xs) - 1, min(ys) - 1
    width = max(xs) - x0 + 3
    occupied = 0
    for x, y in cells:
        occupied |= 1 << ((y - y0) * width + x - x0)
    return _encloses(occupied, width, max(ys) - y0 + 2)


def _city_faults(city: tuple[Placed, ...], book: RuleBook) -> CityCheck:
    """Every building rule the city breaks, each with its message (``city_check`` of a city that breaks one)."""
    out: list[Violation] = []
    flagged: set[tuple[int, int]] = set()
    seen: dict[tuple[int, int], int] = {ORIGIN: -1}
    for i, placed in enumerate(city):
        cell = (placed.x, placed.y)
        if cell in seen:
            what = T_("the start tile") if cell == ORIGIN else T_("another tile")
            out.append(
                book.violation(
                    "placement.occupied",
                    "The cell ({x},{y}) already holds {what}.",
                    f"/{i}",
                    x=placed.x,
                    y=placed.y,
                    what=what,
                )
            )
            flagged.add(cell)
        else:
            seen[cell] = i
    grid = grid_of(city)
    reach = reachable(grid)
    for cell, i in seen.items():
        if i < 0:
            continue
        x, y = cell
        here = f"/{i}"
        if not any(c in grid for _, c in neighbours(x, y)):
            out.append(
                book.violation(
                    "placement.no_contact", "The tile at ({x},{y}) shares no edge with the city.", here, x=x, y=y
                )
            )
            flagged.add(cell)
        for edge, other in mismatched_edges(grid, x, y, grid[cell]):
            if edge in ("e", "s") or other == ORIGIN:
                out.append(
                    book.violation(
                        "placement.street_mismatch",
                        "The {edge} edge of the tile at ({x},{y}) does not match the tile at {cell}.",
                        here,
                        edge=edge,
                        x=x,
                        y=y,
                        cell=f"({other[0]},{other[1]})",
                    )
                )
                flagged.add(cell)
        if cell not in reach:
            out.append(
                book.violation(
                    "placement.unreachable",
                    "The tile at ({x},{y}) cannot be reached on foot from the start tile.",
                    here,
                    x=x,
                    y=y,
                )
            )
            flagged.add(cell)
    for region in holes(set(grid)):
        cells = ", ".join(f"({a},{b})" for a, b in sorted(region, key=lambda c: (c[1], c[0])))
        out.append(book.violation("placement.hole", "The city encloses the empty cell(s) {cells}.", "", cells=cells))
        for a, b in region:
            flagged |= {c for _, c in neighbours(a, b) if c in grid}
    return tuple(out), frozenset(flagged)


# --- the longest street -------------------------------------------------------------------------

# A side of cell (x, y) as a directed unit edge between lattice points, clockwise on screen (y down).
_SIDE_ENDS = {
    "n": ((0, 0), (1, 0)),
    "e": ((1, 0), (1, 1)),
    "s": ((1, 1), (0, 1)),
    "w": ((0, 1), (0, 0)),
}


def street_material(grid: Grid) -> list[list[Any]]:
    """The canonical street layout (what the longest street depends on): sorted [x, y, streets]."""
    return sorted([x, y, s] for (x, y), s in grid.items() if (x, y) != ORIGIN)


_OUTLINE_STEPS = tuple((side, *DELTA[side]) for side in "nesw")  # (side, the neighbour's dx, dy)
_ROW_MAJOR = itemgetter(1, 0)
# Going clockwise, a side ends at a corner where the outline goes on: per side, (ahead: the cell beyond the
# corner along the side, ahead and to the outside, the sides taken there). Round the same tile when the cell
# ahead is empty (a tile touching there only diagonally is left for later, so a corner of two tiles touching
# diagonally is gone round twice, once per tile), else up the side of the cell ahead and outside when there
# is one, else straight on along the cell ahead.
_TURNS = {
    "n": ((1, 0), (1, -1), "e", "w", "n"),
    "e": ((0, 1), (1, 1), "s", "n", "e"),
    "s": ((-1, 0), (-1, 1), "w", "e", "s"),
    "w": ((0, -1), (-1, -1), "n", "s", "w"),
}


def _next_edge(grid: Grid, edge: tuple[int, int, str]) -> tuple[int, int, str]:
    """The outline's edge after ``edge``, clockwise (the walk ``outline_cycles`` follows)."""
    x, y, side = edge
    (ax, ay), (ox, oy), round_tile, up_outside, straight = _TURNS[side]
    if (x + ax, y + ay) not in grid:
        return x, y, round_tile
    if (x + ox, y + oy) in grid:
        return x + ox, y + oy, up_outside
    return x + ax, y + ay, straight


def outline_cycles(grid: Grid) -> list[list[tuple[int, int, str]]]:
    """The outline of the city as closed cycles of (x, y, side) edges facing an empty cell.

    At a corner where two tiles touch only diagonally the outline turns around the same tile.
    """
    if not grid:
        return []
    # The first edge in the order below is the north side of the first cell (none lies north of it). When
    # the walk from it goes round every edge of the outline (as many as the tiles' sides that face no tile),
    # it is the only cycle, and the edges need not be listed.
    x, y = min(grid, key=_ROW_MAJOR)
    walked = _walk(grid, (x, y, "n"), set())
    touching = len(grid.keys() & {(x + 1, y) for x, y in grid}) + len(grid.keys() & {(x, y + 1) for x, y in grid})
    if len(walked) == 4 * len(grid) - 2 * touching:
        return [walked]
    edges = []
    for x, y in sorted(grid, key=_ROW_MAJOR):
        for side, dx, dy in _OUTLINE_STEPS:
            if (x + dx, y + dy) not in grid:
                edges.append((x, y, side))
    cycles: list[list[tuple[int, int, str]]] = []
    seen: set[tuple[int, int, str]] = set()
    for first in edges:
        if first not in seen:
            cycles.append(_walk(grid, first, seen))
    return cycles


def _walk(grid: Grid, edge: tuple[int, int, str], seen: set[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The outline's cycle from ``edge`` on, up to an edge in ``seen`` (which gains the cycle's edges)."""
    cycle = []
    while edge not in seen:
        seen.add(edge)
        cycle.append(edge)
        x, y, side = edge  # the next edge, as _next_edge finds it (inline: the walk's every step)
        (ax, ay), (ox, oy), round_tile, up_outside, straight = _TURNS[side]
        if (x + ax, y + ay) not in grid:
            edge = (x, y, round_tile)
        elif (x + ox, y + oy) in grid:
            edge = (x + ox, y + oy, up_outside)
        else:
            edge = (x + ax, y + ay, straight)
    return cycle


def enclosed_street_cells(grid: Grid) -> set[tuple[int, int]]:
    """The holes of ``grid`` when a street may face one, else nothing. Only an empty cell strictly inside
    the city's box can be enclosed, so a city none of whose streets faces such a cell skips the hole search
    (the street scores are asked for far more often than a city holds a hole)."""
    x0, y0, x1, y1 = bounds(grid)
    for (x, y), streets in grid.items():
        for side in streets:
            dx, dy = DELTA[side]
            cell = (x + dx, y + dy)
            if cell not in grid and x0 < cell[0] < x1 and y0 < cell[1] < y1:
                return set().union(*holes(grid))
    return set()


def longest_street(grid: Grid) -> dict[str, Any]:
    """The longest continuous street along the outline: {"length": n, "edges": [[x, y, side], ...]}.

    A street edge facing an enclosed cell (a hole, which only a state breaking building rule 5 has) is an
    inner street and scores nothing: the outline is taken with the holes filled in."""
    enclosed = enclosed_street_cells(grid)
    if enclosed:
        grid = {**grid, **dict.fromkeys(enclosed, "")}
    best: list[tuple[int, int, str]] = []
    for cycle in outline_cycles(grid):
        flags = bytes([side in grid[(x, y)] for x, y, side in cycle])  # 1: a street edge
        k = flags.find(0)
        if k < 0:
            run = cycle
        else:  # the first longest stretch of street edges, going round from an edge without one
            order = cycle[k + 1 :] + cycle[: k + 1]
            stretches = (flags[k + 1 :] + flags[: k + 1]).split(b"\x00")
            longest = max(map(len, stretches))
            first = next(i for i, stretch in enumerate(stretches) if len(stretch) == longest)
            at = sum(map(len, stretches[:first])) + first  # each stretch before it and the edge ending it
            run = order[at : at + longest]
        if len(run) > len(best):
            best = run
    return {"length": len(best), "edges": [[x, y, side] for x, y, side in best]}
