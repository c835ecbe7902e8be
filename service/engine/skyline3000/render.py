"""An SVG picture of the city: 3 districts x 3 blocks with buildings by height and roof, greens,
billboards, the large platform's development and each block's placings; illegal blocks flagged."""
from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from ..core import NULL_MEMO, Memo
from . import data, scoring, validate
from .state import Block, ScoreInput

PALETTE = ("#7b3fa0", "#e0861e", "#2e8b57", "#6d6d6d", "#1f77b4", "#c2185b", "#8c564b", "#17becf")
DISTRICT_COLOURS = {"red": "#d9534f", "yellow": "#e6b800", "blue": "#3b7dd8"}
COL_W, BLOCK_H, SLOT_W, FLOOR_H = 320, 210, 52, 11
TOP = 40


def _colours(inp: ScoreInput) -> dict[str, str]:
    ids: list[str] = [p.id for p in inp.players] if inp.players else []
    for _, block in inp.blocks:
        for owner in [b.owner for b in block.buildings] + list(block.billboards):
            if owner not in ids:
                ids.append(owner)
    return {pid: PALETTE[i % len(PALETTE)] for i, pid in enumerate(ids)}


def _building(x: float, base: float, floors: int, roof: str, colour: str, label: str, bad: bool = False,
              slot_w: float = SLOT_W) -> list[str]:
    h = min(floors, 12) * FLOOR_H
    top = base - h
    out = [f'<g class="building{" illegal-piece" if bad else ""}"><title>{escape(label)}</title>']
    if bad:
        out.append(f'<rect x="{x + 2}" y="{top - 18}" width="{slot_w - 4}" height="{h + 20}" fill="none" '
                   f'stroke="#ff0000" stroke-width="2" stroke-dasharray="4,2"/>')
    for f in range(min(floors, 12)):
        out.append(f'<rect x="{x + 6}" y="{base - (f + 1) * FLOOR_H}" width="{slot_w - 12}" height="{FLOOR_H - 1}" '
                   f'fill={quoteattr(colour)} stroke="#222" stroke-width="0.5"/>')
    if roof == "peaked":
        out.append(f'<path d="M{x + 6},{top} L{x + slot_w / 2},{top - 14} L{x + slot_w - 6},{top} Z" fill="#444"/>')
    else:
        out.append(f'<path d="M{x + 6},{top} A{(slot_w - 12) / 2},12 0 0,1 {x + slot_w - 6},{top} Z" fill="#444"/>')
    out.append(f'<text x="{x + slot_w / 2}" y="{base + 12}" font-size="10" text-anchor="middle">{floors}</text></g>')
    return out


def _block(inp: ScoreInput, block_id: str, block: Block, x: float, y: float, colours: dict[str, str],
           result: dict, problems: list) -> list[str]:
    spec = inp.options.block(block_id)
    district = data.BLOCK_DISTRICT.get(block_id, "red")
    flagged = bool(problems)
    stroke = "#ff0000" if flagged else DISTRICT_COLOURS.get(district, "#333")
    width = "4" if flagged else "2"
    out = [f'<g class="block" id={quoteattr("block-" + block_id)}>',
           f'<rect x="{x}" y="{y}" width="{COL_W - 16}" height="{BLOCK_H - 12}" rx="8" fill="#f7f7f2" '
           f'stroke="{stroke}" stroke-width="{width}"/>',
           f'<text x="{x + 10}" y="{y + 18}" font-size="14" font-weight="bold">{escape(block_id)}</text>']
    if flagged:
        codes = "; ".join(p.code + ": " + p.message for p in problems)
        out.append(f'<text x="{x + COL_W - 40}" y="{y + 20}" font-size="18" fill="#ff0000" class="illegal">!'
                   f'<title>{escape(codes)}</title></text>')
    base = y + BLOCK_H - 40
    slot = 0
    capacity = spec.small_platforms if spec else 0
    slot_w = min(SLOT_W, (COL_W - 40) / max(capacity, block.used_platforms(), 1))
    shape = block.buildings[0].roof if block.buildings else None
    known = {p.id for p in inp.players} if inp.players is not None else None
    for i, b in enumerate(block.buildings):
        bad = b.roof != shape or i >= capacity or (known is not None and b.owner not in known)
        out += _building(x + 10 + slot * slot_w, base, b.floors, b.roof, colours.get(b.owner, "#999"),
                         f"{b.owner}: {b.floors} floor(s), {b.roof} roof" + (" (illegal)" if bad else ""), bad, slot_w)
        slot += 1
    for _ in range(block.greens):
        sx = x + 10 + slot * slot_w
        out.append(f'<rect class="green" x="{sx + 6}" y="{base - 30}" width="{slot_w - 12}" height="30" fill="#4caf50">'
                   f'<title>Greenspace</title></rect>')
        slot += 1
    for owner in block.billboards:
        sx = x + 10 + slot * slot_w
        out.append(f'<g class="billboard"><title>{escape("billboard of " + owner)}</title>'
                   f'<rect x="{sx + 10}" y="{base - 28}" width="{slot_w - 20}" height="18" fill={quoteattr(colours.get(owner, "#999"))} '
                   f'stroke="#000"/><line x1="{sx + slot_w / 2}" y1="{base - 10}" x2="{sx + slot_w / 2}" y2="{base}" '
                   f'stroke="#000"/></g>')
        slot += 1
    while slot < capacity:
        sx = x + 10 + slot * slot_w
        out.append(f'<rect class="empty" x="{sx + 4}" y="{base - 4}" width="{slot_w - 8}" height="6" fill="none" '
                   f'stroke="#999" stroke-dasharray="3,2"/>')
        slot += 1
    cx, cy = x + COL_W - 50, y + 70
    label = {"spaceport": "SP", "megamarket": "MM"}.get(block.large or "", "")
    fill = {"spaceport": "#b0c4de", "megamarket": "#ffd27f"}.get(block.large or "", "none")
    out.append(f'<circle class="large" cx="{cx}" cy="{cy}" r="22" fill="{fill}" stroke="#555"/>'
               f'<text x="{cx}" y="{cy + 5}" font-size="13" text-anchor="middle">{label}</text>')
    first = ", ".join(result.get("first", []))
    second = ", ".join(result.get("second", []))
    pts = ", ".join(f"{p} {v}" for p, v in result.get("points", {}).items())
    out.append(f'<text x="{x + 10}" y="{y + 36}" font-size="11">1st: {escape(first or "-")}  2nd: {escape(second or "-")}</text>')
    out.append(f'<text x="{x + 10}" y="{y + 50}" font-size="11">points: {escape(pts or "-")}</text>')
    out.append("</g>")
    return out


def render_svg(inp: ScoreInput, memo: Memo = NULL_MEMO) -> str:
    colours = _colours(inp)
    result = scoring.score_blocks(inp.blocks, inp.options, memo)
    players = {p.id for p in inp.players} if inp.players is not None else None
    problems = validate.block_violations(inp.options, inp.blocks, players)
    by_block: dict[str, list] = {}
    for v in problems:
        parts = v.pointer.split("/")
        key = parts[3] if len(parts) > 3 else ""
        by_block.setdefault(key, []).append(v)
    lookup = dict(inp.blocks)
    rows = len(inp.players or ())
    height = TOP + 3 * BLOCK_H + 30 + 22 * max(rows, len(colours))
    width = 3 * COL_W + 10
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           f'font-family="sans-serif">',
           '<title>Skyline 3000 city</title>',
           f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
    title = "Skyline 3000"
    if inp.round is not None:
        title += f" - round {inp.round}"
    if inp.phase is not None:
        title += f", {inp.phase}"
    out.append(f'<text x="10" y="26" font-size="18" font-weight="bold">{escape(title)}</text>')
    for col, district in enumerate(data.DISTRICTS):
        for row, block_id in enumerate(data.DISTRICT_BLOCKS[district]):
            block = lookup.get(block_id, Block())
            out += _block(inp, block_id, block, 10 + col * COL_W, TOP + row * BLOCK_H, colours,
                          result["blocks"].get(block_id, {}), by_block.get(block_id, []))
    y = TOP + 3 * BLOCK_H + 10
    if inp.players:
        for p in inp.players:
            factory = " ".join(f"{b.floors}{'A' if b.roof == 'arched' else 'P' if b.roof == 'peaked' else '?'}"
                               for b in p.factory)
            line = (f"{p.id}: {p.points} points, {p.hand_size} cards, billboards {p.billboards}, "
                    f"roofs {p.arched}A/{p.peaked}P, factory [{factory}]")
            out.append(f'<rect x="10" y="{y}" width="14" height="14" fill={quoteattr(colours.get(p.id, "#999"))}/>'
                       f'<text x="30" y="{y + 12}" font-size="12">{escape(line)}</text>')
            y += 22
    else:
        for pid, colour in colours.items():
            total = result["players"].get(pid, {}).get("total", 0)
            out.append(f'<rect x="10" y="{y}" width="14" height="14" fill={quoteattr(colour)}/>'
                       f'<text x="30" y="{y + 12}" font-size="12">{escape(f"{pid}: {total} points this scoring")}</text>')
            y += 22
    out.append("</svg>")
    return "\n".join(out)
