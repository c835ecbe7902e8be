"""An SVG picture of one player's city: tiles coloured by type, streets drawn, the longest street
highlighted, tiles that break a building rule marked, and the building counts beside it."""
from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from ..core import NULL_MEMO, Memo
from .city import ORIGIN, city_violations, grid_of
from .data import TYPES
from .scoring import scoring_points, streets
from .state import State

CELL = 60
MARGIN = 30
PANEL = 240
COLOURS = {
    "skyscraper": "#8e6bbf", "park": "#5cad5c", "church": "#e8e4da", "theater": "#d0574f",
    "museum": "#5b8fd1", "station": "#a8784a", "start": "#f2c744",
}
STREET = "#444444"
LONGEST = "#ff9900"
ILLEGAL = "#e00000"
# a side of a cell as a segment, in cell units from the cell's top-left corner
SIDES = {"n": (0, 0, 1, 0), "e": (1, 0, 1, 1), "s": (0, 1, 1, 1), "w": (0, 0, 0, 1)}


def render_city(state: State, player: str | None = None, memo: Memo = NULL_MEMO) -> str:
    index = next((i for i, p in enumerate(state.players) if p.id == player), 0 if player is None else None)
    if index is None or not state.players:
        return _message(f"No player {player!s} in this state.")
    p = state.players[index]
    grid = grid_of(p.city)
    found, flagged = city_violations(p.city, f"/state/players/{index}/city")
    longest = streets([p], memo)[0]
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    x0, y0 = min(xs), min(ys)
    width = (max(xs) - x0 + 1) * CELL + 2 * MARGIN + PANEL
    height = max((max(ys) - y0 + 1) * CELL + 2 * MARGIN, 260)

    def at(x, y):
        return MARGIN + (x - x0) * CELL, MARGIN + (y - y0) * CELL

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
             f"<title>{escape('New York city of ' + p.id)}</title>",
             f'<rect width="{width}" height="{height}" fill="#fafafa"/>']
    kinds = {(c.x, c.y): c.tile for c in p.city}
    for (x, y), street_edges in sorted(grid.items()):
        left, top = at(x, y)
        kind = "start" if (x, y) == ORIGIN else kinds[(x, y)].kind
        tile = kinds.get((x, y))
        label = "Times Sq" if kind == "start" else kind
        tid = "" if tile is None or tile.id is None else f" #{tile.id}"
        parts.append(f'<g class={quoteattr("tile " + kind)} data-x="{x}" data-y="{y}">'
                     f'<rect x="{left}" y="{top}" width="{CELL}" height="{CELL}" fill="{COLOURS.get(kind, "#ccc")}" '
                     f'stroke="#999" stroke-width="1"/>'
                     f'<text x="{left + CELL / 2}" y="{top + CELL / 2 - 2}" text-anchor="middle" font-size="9">'
                     f"{escape(label)}</text>"
                     f'<text x="{left + CELL / 2}" y="{top + CELL / 2 + 10}" text-anchor="middle" font-size="9">'
                     f"{escape(tid.strip())}</text></g>")
    for (x, y), street_edges in sorted(grid.items()):
        left, top = at(x, y)
        for side in street_edges:
            a, b, c, d = SIDES[side]
            parts.append(_line(left, top, a, b, c, d, STREET, 5, "street"))
    for x, y, side in longest["edges"]:
        left, top = at(x, y)
        a, b, c, d = SIDES[side]
        parts.append(_line(left, top, a, b, c, d, LONGEST, 4, "longest-street"))
    for x, y in sorted(flagged):
        left, top = at(x, y)
        parts.append(f'<g class="illegal"><rect x="{left + 3}" y="{top + 3}" width="{CELL - 6}" height="{CELL - 6}" '
                     f'fill="none" stroke="{ILLEGAL}" stroke-width="3" stroke-dasharray="6 3"/>'
                     f'<line x1="{left + 8}" y1="{top + 8}" x2="{left + CELL - 8}" y2="{top + CELL - 8}" '
                     f'stroke="{ILLEGAL}" stroke-width="2"/></g>')
    final = next(row for row in scoring_points(state, "final", memo)["players"] if row["id"] == p.id)
    parts.append(_panel(width - PANEL + 10, p.id, final["buildings"], longest["length"], p.points, found))
    parts.append("</svg>")
    return "".join(parts)


def _line(left, top, a, b, c, d, colour, width, cls):
    return (f'<line class="{cls}" x1="{left + a * CELL}" y1="{top + b * CELL}" x2="{left + c * CELL}" '
            f'y2="{top + d * CELL}" stroke="{colour}" stroke-width="{width}" stroke-linecap="round"/>')


def _panel(x, pid, buildings, length, points, found):
    rows = [f'<text x="{x}" y="{MARGIN}" font-weight="bold">{escape(pid)}</text>',
            f'<text x="{x}" y="{MARGIN + 150}" font-size="9">majorities as the final scoring would count them</text>',
            f'<text x="{x}" y="{MARGIN + 16}">points: {points}</text>',
            f'<text x="{x}" y="{MARGIN + 32}" fill="{LONGEST}">longest street: {length}</text>']
    for k, kind in enumerate(TYPES):
        y = MARGIN + 52 + k * 16
        b = buildings[kind]
        place = f" - rank {b['rank']}, {b['points']} pts" if b["rank"] else ""
        rows.append(f'<rect x="{x}" y="{y - 10}" width="12" height="12" fill="{COLOURS[kind]}"/>'
                    f'<text class="majority" x="{x + 18}" y="{y}">{kind}: {b["count"]}{place}</text>')
    if found:
        rows.append(f'<text x="{x}" y="{MARGIN + 170}" fill="{ILLEGAL}">{len(found)} building rule(s) broken</text>')
        for k, v in enumerate(found[:4]):
            rows.append(f'<text x="{x}" y="{MARGIN + 186 + 14 * k}" fill="{ILLEGAL}" font-size="9">'
                        f"{escape(v.code)}</text>")
    return "".join(rows)


def _message(text: str) -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="60" font-family="sans-serif">'
            f'<text x="10" y="30">{escape(text)}</text></svg>')
