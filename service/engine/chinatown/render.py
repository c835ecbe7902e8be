"""An SVG picture of the board: blocks, lot numbers, owners' colours, shop tiles, and every shop
outlined with its income; lots named by a state violation are flagged with a red cross."""

from __future__ import annotations

import re
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..kit import WORD, Labels, english
from .board import BLOCK_GRIDS, POSITIONS
from .data import SHOP_NAMES, SHOP_SIZES, Edition, dollars, year_of
from .state import Partial, State, next_undone

CELL = 56
GAP = 36
MARGIN = 24
HEADER = 96
LINE = 18  # a legend line
# Block origins in cells-and-gaps: blocks 1-4 along Canal St at the top, 5 bottom centre-left, 6 bottom right.
BLOCK_ORIGINS = {1: (0, 0), 2: (1, 0), 3: (2, 0), 4: (3, 0), 5: (1, 1), 6: (3, 1)}
# strong colours that stand out on the cream board (no white or pale grey); five players use the first five
OWNER_COLOURS = ("#d62728", "#e6c229", "#2ca02c", "#1f77b4", "#9467bd", "#333333", "#8c564b", "#e377c2")
SHOP_COLOURS = {
    "photo": "#7fb3d5",
    "seafood": "#48c9b0",
    "tea_house": "#a3e4d7",
    "jewelry": "#f7dc6f",
    "florist": "#f1948a",
    "tropical_fish": "#5dade2",
    "dim_sum": "#f0b27a",
    "laundry": "#d7dbdd",
    "take_out": "#e59866",
    "antiques": "#a04000",
    "factory": "#7b7d7d",
    "restaurant": "#c0392b",
}
SHOP_LABELS = {
    "photo": "PHO",
    "seafood": "SEA",
    "tea_house": "TEA",
    "jewelry": "JEW",
    "florist": "FLO",
    "tropical_fish": "FSH",
    "dim_sum": "DIM",
    "laundry": "LAU",
    "take_out": "TAK",
    "antiques": "ANT",
    "factory": "FAC",
    "restaurant": "RES",
}
FLAGGED_LOT = re.compile(r"^/state/board/(\d+)")


def block_origin(block: int) -> tuple[int, int]:
    return block_origin_of_slot(*BLOCK_ORIGINS[block])


def lot_box(lot: int) -> tuple[int, int]:
    block, row, col = POSITIONS[lot]
    x, y = block_origin(block)
    return x + col * CELL, y + row * CELL


def owner_colours(ids: list[str]) -> dict[str, str]:
    return {pid: OWNER_COLOURS[i % len(OWNER_COLOURS)] for i, pid in enumerate(ids)}


def render(
    edition: Edition, state: State | Partial, result: dict[str, Any], player: str | None = None, tr: Labels = english
) -> str:
    """The picture of ``state`` with its income scoring ``result`` (the engine's ``score``); ``tr`` renders
    each label (the edge passes a language's)."""
    ids = [entry["id"] for entry in result["players"]]
    colours = owner_colours(ids)
    flagged = flagged_lots(result["violations"])
    width = MARGIN * 2 + 4 * (4 * CELL) + 3 * GAP
    height = MARGIN * 2 + HEADER + 2 * 5 * CELL + GAP + 50 + 3 * LINE * (len(ids) + 1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#e9e4d8"/>',
        header(edition, state, tr),
    ]
    parts += blocks_svg(tr)
    parts += lots_svg(state, colours, flagged, tr)
    parts += shops_svg(result["shops"])
    legend_top = MARGIN + HEADER + 2 * 5 * CELL + GAP + 30
    parts += legend_svg(state, result, colours, player, legend_top, tr)
    parts += shop_key_svg(*block_origin_of_slot(0, 1), tr)
    parts.append("</svg>")
    return "\n".join(parts)


def header(edition: Edition, state: State | Partial, tr: Labels) -> str:
    if not isinstance(state, State):
        return (
            f'<text x="{MARGIN}" y="{MARGIN + 24}" font-size="22" font-weight="bold">'
            f"{escape(tr(edition.texts['picture.board']))}</text>"
        )
    title = tr(
        edition.texts["picture.title"],
        year=year_of(state.round),
        round=state.round,
        phase=state.phase,
    )
    details = [tr("first player: {player}", player=state.first_player)]
    if state.phase == "place":
        details.append(tr("placing: {player}", player=next_undone(state)))
    if state.pending is not None:
        details.append(
            tr(
                "to reveal: {kind} of {count} for {player}",
                kind=state.pending.kind,
                count=state.pending.count,
                player=state.pending.player,
            )
        )
    # one detail a line: a name may be 40 characters long
    lines = "".join(
        f'<text x="{MARGIN}" y="{MARGIN + 44 + 16 * k}" font-size="13">{escape(d)}</text>'
        for k, d in enumerate(details)
    )
    return f'<text x="{MARGIN}" y="{MARGIN + 24}" font-size="22" font-weight="bold">{escape(title)}</text>' + lines


def blocks_svg(tr: Labels) -> list[str]:
    """Each block's name above it (its lots are drawn by ``lots_svg``)."""
    out = []
    for block in sorted(BLOCK_GRIDS):
        x, y = block_origin(block)
        out.append(f'<g class="block" id="block-{block}">')
        out.append(
            f'<text x="{x}" y="{y - 6}" font-size="11" fill="#6b6357">{escape(tr("Block {block}", block=block))}</text>'
        )
        out.append("</g>")
    return out


def lot_shape(lot: int, x: int, y: int) -> str:
    """The lot's square, the target a page highlights and maps a tap to (``data-lot``, ``id``)."""
    return (
        f'<rect class="lot-shape" id="lot-shape-{lot}" data-lot="{lot}" x="{x}" y="{y}" width="{CELL}" '
        f'height="{CELL}" fill="#fbf8f0" stroke="#9c9486" stroke-width="1"/>'
    )


def lots_svg(state: State | Partial, colours: dict[str, str], flagged: set[int], tr: Labels) -> list[str]:
    out = []
    cells = dict(state.board.items())
    for lot in sorted(POSITIONS):
        x, y = lot_box(lot)
        cell = cells.get(lot)
        out.append(f'<g class="lot" id="lot-{lot}" data-lot="{lot}">')
        out.append(lot_shape(lot, x, y))  # nothing of a lot reaches into its neighbours: the order hides nothing
        if cell is not None:
            colour = colours.get(cell.owner, "#ff00ff")
            out.append(
                f'<rect class="owner" x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" '
                f'fill="{colour}" fill-opacity="0.55" stroke="{colour}" stroke-width="3">'
                f"<title>{escape(tr('lot {lot}: {owner}', lot=lot, owner=cell.owner))}</title></rect>"
            )
            if cell.shop is not None:
                out.append(shop_tile(x, y, cell.shop, tr))
            out.append(
                f'<circle cx="{x + CELL - 10}" cy="{y + 10}" r="6" fill="{colour}" stroke="#000" stroke-width="0.8"/>'
            )
        out.append(f'<text x="{x + 4}" y="{y + 13}" font-size="11" fill="#222">{lot}</text>')
        if lot in flagged:
            out.append(
                f'<path class="flag" d="M{x + 4} {y + 4} L{x + CELL - 4} {y + CELL - 4} M{x + CELL - 4} {y + 4} '
                f'L{x + 4} {y + CELL - 4}" stroke="#ff0000" stroke-width="3"/>'
            )
        out.append("</g>")
    return out


def shop_name(shop: str, tr: Labels) -> str:
    """The shop type's name in the labels' language; English keeps the rulebook's names (``Tea House``)."""
    named = tr(WORD, word=shop)
    return SHOP_NAMES[shop] if named == shop else named


def shop_tile(x: int, y: int, shop: str, tr: Labels) -> str:
    name = f"{shop_name(shop, tr)} ({SHOP_SIZES[shop]})"
    return (
        f'<rect x="{x + 10}" y="{y + 18}" width="{CELL - 20}" height="{CELL - 26}" rx="4" fill="{SHOP_COLOURS[shop]}" '
        f'stroke="#333" stroke-width="0.8"><title>{escape(name)}</title></rect>'
        f'<text x="{x + CELL // 2}" y="{y + 38}" font-size="11" text-anchor="middle" font-weight="bold">'
        f"{SHOP_LABELS[shop]}{SHOP_SIZES[shop]}</text>"
    )


def shops_svg(shops: list[dict[str, Any]]) -> list[str]:
    out = []
    for shop in shops:
        lots = set(shop["lots"])
        stroke = "#b8860b" if shop["complete"] else "#1b2631"
        segments = outline_segments(lots)
        path = " ".join(f"M{x1} {y1} L{x2} {y2}" for x1, y1, x2, y2 in segments)
        out.append(f'<g class="shop" data-type="{shop["type"]}" data-income="{shop["income"]}">')
        out.append(f'<path d="{path}" stroke="{stroke}" stroke-width="4" fill="none" stroke-linecap="square"/>')
        x, y = lot_box(min(lots))
        label = f"{dollars(shop['income'])}"
        out.append(
            f'<rect x="{x + 4}" y="{y + CELL - 17}" width="{CELL - 8}" height="14" rx="3" fill="#fff" '
            f'fill-opacity="0.85" stroke="{stroke}"/>'
        )
        out.append(
            f'<text x="{x + CELL // 2}" y="{y + CELL - 6}" font-size="10" text-anchor="middle">{escape(label)}</text>'
        )
        out.append("</g>")
    return out


def outline_segments(lots: set[int]) -> list[tuple[int, int, int, int]]:
    """The outer edges of a set of lots: each side whose neighbouring cell is not in the set."""
    at = {POSITIONS[lot]: lot for lot in lots}
    segments = []
    for (block, row, col), lot in at.items():
        x, y = lot_box(lot)
        sides = {
            (row - 1, col): (x, y, x + CELL, y),
            (row + 1, col): (x, y + CELL, x + CELL, y + CELL),
            (row, col - 1): (x, y, x, y + CELL),
            (row, col + 1): (x + CELL, y, x + CELL, y + CELL),
        }
        for (r, c), seg in sides.items():
            if (block, r, c) not in at:
                segments.append(seg)
    return segments


def legend_svg(
    state: State | Partial, result: dict[str, Any], colours: dict[str, str], viewer: str | None, top: int, tr: Labels
) -> list[str]:
    """Each player on up to three lines (name; income, tiles, lots and money; unplaced tiles), so that
    a 40-character name and a long list of tiles both fit the picture's width."""
    money_visible = isinstance(state, State)
    out = [
        f'<text x="{MARGIN}" y="{top}" font-size="14" font-weight="bold">'
        f"{escape(tr('Players (income this year)'))}</text>"
    ]
    y = top + LINE + 4
    for entry in result["players"]:
        pid = entry["id"]
        text = tr(
            "income {income}, {tiles} tiles on the board, {lots} lots",
            income=dollars(entry["income"]),
            tiles=entry["tiles_on_board"],
            lots=entry["lots"],
        )
        money = entry.get("money")
        if money_visible and money is not None and (viewer is None or viewer == pid):
            text += tr(", money {money}", money=dollars(money))
        seat = state.player(pid) if isinstance(state, State) else None  # a partial state has no players' tiles
        held = seat.tiles if seat is not None else ()
        out.append(
            f'<rect x="{MARGIN}" y="{y - 12}" width="14" height="14" fill={quoteattr(colours[pid])} stroke="#000"/>'
        )
        out.append(f'<text x="{MARGIN + 20}" y="{y}" font-size="13" font-weight="bold">{escape(pid)}</text>')
        out.append(f'<text x="{MARGIN + 20}" y="{y + LINE - 2}" font-size="12">{escape(text)}</text>')
        y += 2 * LINE
        if held:
            unplaced = tr("unplaced: {tiles}", tiles=" ".join(f"{n}x{SHOP_LABELS[shop]}" for shop, n in held))
            out.append(f'<text x="{MARGIN + 20}" y="{y - 2}" font-size="12">{escape(unplaced)}</text>')
            y += LINE
    if result["violations"]:
        out.append(
            f'<text x="{MARGIN}" y="{y}" font-size="13" fill="#c00">'
            f"{escape(tr('{count} inconsistencies: flagged lots are crossed in red', count=len(result['violations'])))}"
            "</text>"
        )
    return out


def block_origin_of_slot(col_slot: int, row_slot: int) -> tuple[int, int]:
    return MARGIN + col_slot * (4 * CELL + GAP), MARGIN + HEADER + row_slot * (5 * CELL + GAP)


def shop_key_svg(left: int, top: int, tr: Labels) -> list[str]:
    """The twelve shop types with their labels and complete sizes (in the empty corner of the board)."""
    out = [
        f'<text x="{left}" y="{top + 8}" font-size="14" font-weight="bold">{escape(tr("Shops (complete size)"))}</text>'
    ]
    for i, shop in enumerate(SHOP_SIZES):
        x = left
        y = top + 28 + 19 * i
        out.append(
            f'<rect x="{x}" y="{y - 11}" width="30" height="13" rx="2" fill="{SHOP_COLOURS[shop]}" stroke="#333" stroke-width="0.6"/>'
        )
        out.append(
            f'<text x="{x + 15}" y="{y}" font-size="9" text-anchor="middle" font-weight="bold">{SHOP_LABELS[shop]}{SHOP_SIZES[shop]}</text>'
        )
        out.append(f'<text x="{x + 36}" y="{y}" font-size="12">{escape(shop_name(shop, tr))}</text>')
    out.append(
        f'<text x="{left}" y="{top + 28 + 19 * 12 + 2}" font-size="10">'
        f"{escape(tr('gold outline: complete; dark: incomplete'))}</text>"
    )
    return out


def flagged_lots(violations: list[dict[str, str]]) -> set[int]:
    out = set()
    for v in violations:
        match = FLAGGED_LOT.match(v.get("pointer", ""))
        if match:
            out.add(int(match.group(1)))
    return out
