"""An SVG picture of the board: City Hall, the seven districts (each a ring of five plots with its
businesses, skyscrapers and each skyscraper plot's current value), Central Park with its building area,
the commissioners and their markers, the supply row and the players. Plots the state gets wrong are
flagged with a red dashed outline; every client string is escaped."""
from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from ..core import NULL_MEMO, Memo
from . import data as D
from . import scoring as S
from .state import State
from .validate import board_violations

WIDTH, HEIGHT = 1100, 780
PLOT_FILL = {"violet": "#8e5ea2", "brown": "#8b5a2b", "gray": "#9a9a9a", "green": "#4f9a4f", "orange": "#e8912d"}
PLAYER_FILL = ["#d62728", "#e5c100", "#1f77b4", "#2ca02c", "#555555", "#17becf"]
BUSINESS_LETTER = {"boutique": "B", "jeweler": "J", "gallery": "G", "perfumery": "P"}
COMMISSIONER_FILL = {"white": "#ffffff", "beige": "#e8d8b0"}

#: District centres: 3 columns of 2, 3 and 2 (S4), City Hall on the left, Central Park on the right.
CENTRES = {
    D.CITY_HALL: (70, 320),
    "34th-st-west": (250, 210),
    "34th-st-east": (250, 450),
    "42nd-st-west": (480, 130),
    "times-square": (480, 330),
    "fifth-avenue": (480, 530),
    "52nd-st-west": (710, 210),
    "52nd-st-east": (710, 450),
    D.CENTRAL_PARK: (930, 320),
}
RING_RADIUS = 58
PLOT_RADIUS = 27


def _text(x: float, y: float, s: str, size: int = 12, anchor: str = "middle", fill: str = "#000", weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}" '
            f'font-family="sans-serif" font-weight="{weight}">{escape(s)}</text>')


def _owners(state: State) -> dict[str, str]:
    ids: list[str] = [p.id for p in state.players]
    if state.dummy is not None:
        ids.append(state.dummy.id)
    for d in state.districts:
        for p in d.plots:
            if p.skyscrapers is not None and p.skyscrapers.owner not in ids:
                ids.append(p.skyscrapers.owner)
    for s in state.park.skyscrapers:
        if s.owner not in ids:
            ids.append(s.owner)
    return {pid: PLAYER_FILL[i % len(PLAYER_FILL)] for i, pid in enumerate(ids)}


def _plot_position(options, did: str, colour: str) -> tuple[float, float]:
    cx, cy = CENTRES[did]
    ring = list(options.plot_ring)
    i = ring.index(colour) if colour in ring else D.COLOURS.index(colour)
    angle = -math.pi / 2 + 2 * math.pi * i / len(D.COLOURS)
    return cx + RING_RADIUS * math.cos(angle), cy + RING_RADIUS * math.sin(angle)


def _district(state: State, d, owners: dict[str, str], bad: set[str], memo: Memo) -> list[str]:
    out = []
    cx, cy = CENTRES[d.id]
    out.append(f'<circle cx="{cx}" cy="{cy}" r="{RING_RADIUS + PLOT_RADIUS + 8}" fill="#f4f1e8" stroke="#777"/>')
    out.append(_text(cx, cy - RING_RADIUS - PLOT_RADIUS - 14, D.DISTRICT_NAMES[d.id], 13, weight="bold"))
    ring = list(state.options.plot_ring) if sorted(state.options.plot_ring) == sorted(D.COLOURS) else list(D.COLOURS)
    for i, colour in enumerate(ring):  # the ring's edges: which plots touch
        x1, y1 = _plot_position(state.options, d.id, colour)
        x2, y2 = _plot_position(state.options, d.id, ring[(i + 1) % len(ring)])
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#bbb" stroke-width="3"/>')
    values = {} if d.stopped else {r["plot"]: r for r in S.value_district(state.options, d, memo)}
    for plot in d.plots:
        x, y = _plot_position(state.options, d.id, plot.colour)
        flagged = f"/districts/{d.id}/plots/{plot.colour}" in bad
        stroke = 'stroke="#e00000" stroke-width="4" stroke-dasharray="5,3"' if flagged else 'stroke="#333"'
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{PLOT_RADIUS}" fill="{PLOT_FILL[plot.colour]}" {stroke}>'
                   f'<title>{escape(plot.colour)}</title></circle>')
        for j, b in enumerate(plot.businesses[:4]):
            bx = x - 9 + 18 * (j % 2)
            by = y - 6 + 14 * (j // 2)
            out.append(f'<rect x="{bx - 7:.1f}" y="{by - 9:.1f}" width="14" height="14" fill="#fff" stroke="#000"/>')
            out.append(_text(bx, by + 2, BUSINESS_LETTER.get(b, "?"), 10, weight="bold"))
        if plot.skyscrapers is not None:
            owner = plot.skyscrapers.owner
            out.append(f'<rect x="{x - 11:.1f}" y="{y - 16:.1f}" width="22" height="24" '
                       f'fill={quoteattr(owners.get(owner, "#000"))} stroke="#000"><title>{escape(owner)}</title></rect>')
            out.append(_text(x, y + 1, str(plot.skyscrapers.count), 12, fill="#fff", weight="bold"))
            row = values.get(plot.colour)
            if row is not None:
                out.append(_text(x, y + 20, f"{row['per_skyscraper']}x={row['points']}", 9, fill="#fff"))
    if d.stopped:
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{RING_RADIUS + PLOT_RADIUS + 8}" fill="#000" fill-opacity="0.45"/>')
        out.append(_text(cx, cy + 6, "BUILDING STOP", 14, fill="#fff", weight="bold"))
    return out


def _park(state: State, owners: dict[str, str], bad: set[str]) -> list[str]:
    cx, cy = CENTRES[D.CENTRAL_PARK]
    flagged = any(p.startswith(f"/districts/{D.CENTRAL_PARK}") for p in bad)
    stroke = 'stroke="#e00000" stroke-width="4" stroke-dasharray="5,3"' if flagged else 'stroke="#333"'
    out = [f'<rect x="{cx - 100}" y="{cy - 200}" width="200" height="400" fill="#cfe8c4" {stroke}/>',
           _text(cx, cy - 178, "Central Park", 14, weight="bold"),
           _text(cx, cy - 20, "building area", 11)]
    for i, s in enumerate(state.park.skyscrapers[:6]):
        y = cy + i * 26
        out.append(f'<rect x="{cx - 80}" y="{y}" width="20" height="20" fill={quoteattr(owners.get(s.owner, "#000"))}/>')
        out.append(_text(cx - 52, y + 15, f"{s.owner}: {s.count}", 11, anchor="start"))
    for i, b in enumerate(state.park.businesses[:8]):
        x = cx - 84 + 22 * (i % 8)
        out.append(f'<rect x="{x}" y="{cy - 160}" width="18" height="18" fill="#fff" stroke="#000"/>')
        out.append(_text(x + 9, cy - 147, BUSINESS_LETTER.get(b, "?"), 10, weight="bold"))
    return out


def _graph(state: State) -> list[str]:
    out = []
    graph = state.options.graph
    for node, targets in graph.items():
        for t in targets:
            if node in CENTRES and t in CENTRES:
                (x1, y1), (x2, y2) = CENTRES[node], CENTRES[t]
                out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#cdb" stroke-width="2" '
                           f'stroke-dasharray="2,6"/>')
    return out


def _commissioners(state: State) -> list[str]:
    out = []
    cx, cy = CENTRES[D.CITY_HALL]
    out.append(f'<rect x="{cx - 50}" y="{cy - 60}" width="100" height="120" fill="#e6e0f0" stroke="#333"/>')
    out.append(_text(cx, cy - 40, "City Hall", 13, weight="bold"))
    for k, (name, c) in enumerate(state.commissioners):
        left = D.MARKERS_PER_COMMISSIONER - len(c.markers)
        out.append(_text(cx, cy + 40 + 14 * k, f"{name} markers: {max(left, 0)}", 9))
    for k, (name, c) in enumerate(state.commissioners):
        where = c.at if c.at in CENTRES else D.CITY_HALL
        x, y = CENTRES[where]
        x += -14 + 28 * k
        y += 10 if where == D.CITY_HALL else -RING_RADIUS - PLOT_RADIUS + 4
        out.append(f'<circle cx="{x}" cy="{y}" r="11" fill="{COMMISSIONER_FILL[name]}" stroke="#000" stroke-width="2">'
                   f'<title>{escape(name)} commissioner</title></circle>')
        for j, m in enumerate(c.markers):
            if m in CENTRES:
                mx, my = CENTRES[m]
                mx += RING_RADIUS + 4 - 14 * k
                my += RING_RADIUS + 10 + j
                out.append(f'<rect x="{mx}" y="{my}" width="10" height="10" fill="{COMMISSIONER_FILL[name]}" '
                           f'stroke="#000"><title>{escape(name)} marker</title></rect>')
    return out


def _supply_and_players(state: State, player: str | None, owners: dict[str, str]) -> list[str]:
    out = [_text(20, 660, "Supply row", 13, anchor="start", weight="bold")]
    x = 110
    for i, tiles in enumerate(state.supply_row):
        size = D.SET_SIZES[i] if i < len(D.SET_SIZES) else 3
        out.append(f'<rect x="{x - 4}" y="642" width="{size * 22 + 6}" height="28" fill="none" stroke="#666"/>')
        for j in range(size):
            label = "?" if tiles is None else (BUSINESS_LETTER.get(tiles[j], "?") if j < len(tiles) else "")
            out.append(f'<rect x="{x + 22 * j}" y="646" width="18" height="18" fill="#fff" stroke="#aaa"/>')
            out.append(_text(x + 22 * j + 9, 659, label, 10))
        x += size * 22 + 16
    y = 710
    for i, p in enumerate(state.players):
        px = 20 + 270 * i
        out.append(f'<rect x="{px}" y="{y - 14}" width="16" height="16" fill={quoteattr(owners.get(p.id, "#000"))}/>')
        mark = " (to move)" if state.turn is not None and state.turn.player == p.id else ""
        out.append(_text(px + 22, y, f"{p.id}{mark}: {p.points} pts", 12, anchor="start", weight="bold"))
        out.append(_text(px + 22, y + 16, f"supply {p.supply}, general {p.general}, cards {p.hand_size}", 11,
                         anchor="start"))
        if player == p.id and p.hand:
            out.append(_text(px + 22, y + 32, " ".join(p.hand)[:60], 9, anchor="start"))
    if state.result is not None:
        out.append(_text(WIDTH - 20, 770, "Winner: " + ", ".join(state.result.winners), 14, anchor="end",
                         weight="bold"))
    return out


def render(state: State, player: str | None = None, memo: Memo = NULL_MEMO) -> str:
    owners = _owners(state)
    bad = {v.pointer[len("/state"):] for v in board_violations(state, "/state")}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">',
             '<title>Fifth Avenue</title>',
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fbfaf5"/>']
    parts += _graph(state)
    for d in state.districts:
        parts += _district(state, d, owners, bad, memo)
    parts += _park(state, owners, bad)
    parts += _commissioners(state)
    parts.append(_text(WIDTH - 20, 16, "B boutique  J jeweler  G gallery  P perfumery; on a skyscraper plot: "
                                       "points each x count", 10, anchor="end"))
    parts += _supply_and_players(state, player, owners)
    parts.append("</svg>")
    return "\n".join(parts)
