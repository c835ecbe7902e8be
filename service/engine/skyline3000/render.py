"""An SVG picture of Skyline 3000 a table can read.

The city (3 districts x 3 blocks: buildings by height and roof, greens, billboards, the large platform's
development, each block's placings and points), the auction house and the auction in progress, every
player's factory drawn as buildings, and a legend for every symbol. Players are named once, in the player
panel, and everywhere else by a one-letter key in their colour (full names in tooltips), so a long name
never runs out of a box; a name too long for its line ends in an ellipsis. Illegal blocks are flagged.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..core import Violation
from ..kit import N_, WORD, Labels, Names, RuleBook, english
from . import data, scoring, validate
from .state import Auction, Award, Block, Building, Player, ScoreInput, State

PALETTE = ("#7b3fa0", "#e0861e", "#2e8b57", "#6d6d6d", "#1f77b4", "#c2185b", "#8c564b", "#17becf")
DISTRICT_COLOURS = {"red": "#d9534f", "yellow": "#e6b800", "blue": "#3b7dd8"}
TILE_COLOURS = {"green": "#4caf50", "spaceport": "#b0c4de", "megamarket": "#ffd27f"}
TILE_LABELS = {"green": "G", "spaceport": "SP", "megamarket": "MM"}
TILE_NAMES = {"green": N_("Greenspace"), "spaceport": N_("Spaceport"), "megamarket": N_("Megamarket")}
COL_W, BLOCK_H, TOP = 320, 214, 58
WIDTH = 3 * COL_W + 10
GLYPH_EM = 0.6  # a sans-serif glyph's average width in em: how much text a line may hold
PLAYER_H = 84
FACTORY_X = 350


def fit(text: str, size: float, width: float) -> str:
    """The text, cut with an ellipsis when it would run past ``width`` at font ``size``."""
    most = max(int(width / (size * GLYPH_EM)), 1)
    return text if len(text) <= most else text[: most - 1] + "\u2026"


def _text(x: float, y: float, text: str, size: float, width: float, extra: str = "") -> str:
    return f'<text x="{x}" y="{y}" font-size="{size}"{extra}>{escape(fit(text, size, width))}</text>'


class Keys:
    """Each player (then any other owner named on the board) gets a colour and a one-letter key."""

    def __init__(self, inp: ScoreInput, tr: Labels = english):
        self.tr = tr  # the labels' language, carried with the keys to every piece that writes a label
        ids: list[str] = [p.id for p in inp.players] if inp.players else []
        for _, block in inp.blocks:
            for owner in [b.owner for b in block.buildings] + list(block.billboards):
                if owner not in ids:
                    ids.append(owner)
        self.ids = ids
        self._index = {pid: i for i, pid in enumerate(ids)}

    def key(self, pid: str) -> str:
        i = self._index.get(pid, -1)
        if i < 0:
            return "?"
        return chr(ord("A") + i) if i < 26 else str(i + 1)

    def colour(self, pid: str) -> str:
        i = self._index.get(pid, -1)
        return PALETTE[i % len(PALETTE)] if i >= 0 else "#999"

    def keys(self, pids: Iterable[str]) -> str:
        return ", ".join(self.key(p) for p in pids) or "-"


# -- pieces -----------------------------------------------------------------------------------------
def _roof(x: float, top: float, w: float, roof: str | None, h: float = 12) -> str:
    if roof == "peaked":
        return f'<path d="M{x},{top} L{x + w / 2},{top - h} L{x + w},{top} Z" fill="#444"/>'
    if roof == "arched":
        return f'<path d="M{x},{top} A{w / 2},{h} 0 0,1 {x + w},{top} Z" fill="#444"/>'
    return (
        f'<line x1="{x}" y1="{top}" x2="{x + w}" y2="{top}" stroke="#444" stroke-width="1.5" '
        f'stroke-dasharray="2,2"/>'
    )  # unfinished: an open top


def _tower(x: float, base: float, w: float, floors: int, roof: str | None, colour: str, floor_h: float) -> list[str]:
    out = [
        f'<rect x="{x}" y="{base - (f + 1) * floor_h}" width="{w}" height="{max(floor_h - 1, 1)}" '
        f'fill={quoteattr(colour)} stroke="#222" stroke-width="0.5"/>'
        for f in range(floors)
    ]
    out.append(_roof(x, base - floors * floor_h, w, roof, min(12, w / 2)))
    return out


def _building(keys: Keys, x: float, base: float, slot_w: float, room: float, b: Building, bad: bool) -> list[str]:
    tr = keys.tr
    label = tr("{owner}: {floors} floor(s), {roof} roof", owner=b.owner, floors=b.floors, roof=b.roof) + (
        tr(" (breaks a rule)") if bad else ""
    )
    floor_h = min(10.0, room / max(b.floors, 1))
    w = slot_w - 10
    out = [f'<g class="building{" illegal-piece" if bad else ""}"><title>{escape(label)}</title>']
    if bad:
        out.append(
            f'<rect x="{x + 2}" y="{base - b.floors * floor_h - 16}" width="{slot_w - 4}" '
            f'height="{b.floors * floor_h + 18}" fill="none" stroke="#ff0000" stroke-width="2" '
            f'stroke-dasharray="4,2"/>'
        )
    out += _tower(x + 5, base, w, b.floors, b.roof, keys.colour(b.owner), floor_h)
    out.append(
        f'<text x="{x + slot_w / 2}" y="{base + 12}" font-size="10" text-anchor="middle">'
        f"{escape(fit(f'{keys.key(b.owner)} {b.floors}', 10, slot_w))}</text></g>"
    )
    return out


def _green(x: float, base: float, slot_w: float, tr: Labels) -> str:
    return (
        f'<rect class="green" x="{x + 5}" y="{base - 24}" width="{slot_w - 10}" height="24" '
        f'fill="{TILE_COLOURS["green"]}"><title>{escape(tr(TILE_NAMES["green"]))}</title></rect>'
    )


def _billboard(keys: Keys, x: float, base: float, slot_w: float, owner: str) -> str:
    mid = x + slot_w / 2
    return (
        f'<g class="billboard"><title>{escape(keys.tr("billboard of {owner}", owner=owner))}</title>'
        f'<rect x="{x + 6}" y="{base - 28}" width="{slot_w - 12}" height="16" '
        f'fill={quoteattr(keys.colour(owner))} stroke="#000"/>'
        f'<line x1="{mid}" y1="{base - 12}" x2="{mid}" y2="{base}" stroke="#000"/>'
        f'<text x="{mid}" y="{base - 16}" font-size="10" text-anchor="middle" fill="#fff">'
        f"{escape(keys.key(owner))}</text></g>"
    )


def _large(cx: float, cy: float, tile: str | None, tr: Labels) -> str:
    fill = TILE_COLOURS.get(tile or "", "none")
    name = tr(TILE_NAMES.get(tile or "", N_("free large platform")))
    return (
        f'<g class="large"><title>{escape(name)}</title><circle cx="{cx}" cy="{cy}" r="17" fill="{fill}" '
        f'stroke="#555"/><text x="{cx}" y="{cy + 4}" font-size="11" text-anchor="middle">'
        f"{TILE_LABELS.get(tile or '', '')}</text></g>"
    )


# -- the city ----------------------------------------------------------------------------------------
def _block(
    inp: ScoreInput,
    keys: Keys,
    block_id: str,
    block: Block,
    x: float,
    y: float,
    result: dict[str, Any],
    problems: list[Any],
) -> list[str]:
    spec = inp.options.block(block_id)
    district = data.BLOCK_DISTRICT.get(block_id, "red")
    flagged = bool(problems)
    stroke = "#ff0000" if flagged else DISTRICT_COLOURS.get(district, "#333")
    out = [
        f'<g class="block" id={quoteattr("block-" + block_id)} data-block={quoteattr(block_id)}>',
        f'<rect x="{x}" y="{y}" width="{COL_W - 16}" height="{BLOCK_H - 10}" rx="8" fill="#f7f7f2" '
        f'stroke="{stroke}" stroke-width="{4 if flagged else 2}"/>',
        f'<text x="{x + 10}" y="{y + 18}" font-size="14" font-weight="bold">{escape(block_id)}</text>',
    ]
    if flagged:
        codes = "; ".join(p.code + ": " + p.message for p in problems)
        out.append(
            f'<text x="{x + 84}" y="{y + 19}" font-size="16" fill="#ff0000" class="illegal">!'
            f"<title>{escape(codes)}</title></text>"
        )
    out.append(_large(x + COL_W - 44, y + 26, block.large, keys.tr))
    text_w = COL_W - 90
    out.append(
        _text(
            x + 10,
            y + 36,
            keys.tr(
                "1st: {first}   2nd: {second}",
                first=keys.keys(result.get("first", [])),
                second=keys.keys(result.get("second", [])),
            ),
            11,
            text_w,
        )
    )
    points = ", ".join(f"{keys.key(p)} {v}" for p, v in result.get("points", {}).items())
    out.append(_text(x + 10, y + 50, keys.tr("points: {points}", points=points or "-"), 11, text_w))
    out += _platforms(inp, keys, block, spec.small_platforms if spec else 0, x, y)
    out.append("</g>")
    return out


def _platforms(inp: ScoreInput, keys: Keys, block: Block, capacity: int, x: float, y: float) -> list[str]:
    base = y + BLOCK_H - 30
    room = base - (y + 70)
    slot_w = min(44.0, (COL_W - 36) / max(capacity, block.used_platforms(), 1))
    shape = block.buildings[0].roof if block.buildings else None
    known = {p.id for p in inp.players} if inp.players is not None else None
    out: list[str] = []
    slot = 0
    for i, b in enumerate(block.buildings):
        bad = b.roof != shape or i >= capacity or (known is not None and b.owner not in known)
        out += _building(keys, x + 10 + slot * slot_w, base, slot_w, room, b, bad)
        slot += 1
    for _ in range(block.greens):
        out.append(_green(x + 10 + slot * slot_w, base, slot_w, keys.tr))
        slot += 1
    for owner in block.billboards:
        out.append(_billboard(keys, x + 10 + slot * slot_w, base, slot_w, owner))
        slot += 1
    while slot < capacity:
        sx = x + 10 + slot * slot_w
        out.append(
            f'<rect class="empty" data-platform="small" x="{sx + 4}" y="{base - 4}" width="{slot_w - 8}" height="6" fill="none" '
            f'stroke="#999" stroke-dasharray="3,2"><title>{escape(keys.tr("empty small platform"))}</title></rect>'
        )
        slot += 1
    return out


# -- the auction house and the auction in progress ----------------------------------------------------
def _tile_icon(x: float, y: float, tile: str, tr: Labels) -> str:
    return (
        f'<g class="tile"><title>{escape(tr(TILE_NAMES[tile]) if tile in TILE_NAMES else tile)}</title><rect x="{x}" y="{y}" width="22" '
        f'height="16" rx="3" fill="{TILE_COLOURS.get(tile, "#ccc")}" stroke="#555"/><text x="{x + 11}" '
        f'y="{y + 12}" font-size="9" text-anchor="middle">{TILE_LABELS.get(tile, "?")}</text></g>'
    )


def _auction_lines(inp: ScoreInput, keys: Keys) -> list[str]:
    """What the auction in progress shows: the lot, then each player's pile as far as it is known."""
    state = inp.state
    if state is None:
        return []
    if state.phase == "over":
        return _game_over_lines(state, keys)
    if state.phase == "develop" and state.award is not None:
        return _award_lines(state.award, keys)
    if state.phase != "auction" or state.auction is None:
        return []
    return _pile_lines(state, state.auction, keys)


def _game_over_lines(state: State, keys: Keys) -> list[str]:
    tr = keys.tr
    best = scoring.winners(state)
    if not best:
        return [tr("Game over.")]
    names = Names(f"{keys.key(p)} ({p})" for p in best)
    won = (
        N_("Game over: {names} wins with {points} points.")
        if len(best) == 1
        else N_("Game over: {names} share the win with {points} points.")
    )
    return [tr(won, names=names, points=state.seated(best[0]).points)]


def _award_lines(award: Award, keys: Keys) -> list[str]:
    tr = keys.tr
    where = N_("an empty small platform") if award.tile == "green" else N_("a free large platform")
    return [
        tr(
            "{key} ({player}) won the {tile} and places it on {where}.",
            key=keys.key(award.player),
            player=award.player,
            tile=_tile_name(award.tile, tr),
            where=tr(where),
        )
    ]


def _pile_lines(state: State, auction: Auction, keys: Keys) -> list[str]:
    """The lot of the auction in progress, then each player's pile as far as it is known."""
    tr = keys.tr
    stack = auction.stack
    lot = (
        state.auction_house[stack - 1][0]
        if 0 < stack <= len(state.auction_house) and state.auction_house[stack - 1]
        else None
    )
    lines = [
        tr(
            "Auction of stack {stack}: the {lot}. Piles (cards above STOP):",
            stack=stack,
            lot=_tile_name(lot, tr) if lot else tr("lot"),
        )
    ]
    for p in state.players:
        laid, bid = auction.sealed_of(p.id)
        lines.append(f"{keys.key(p.id)}: {_pile_status(state, laid, bid, tr)}")
    return lines


def _pile_status(state: State, laid: bool, bid: tuple[str, ...] | None, tr: Labels) -> str:
    if not laid:
        return tr("still to lay a pile")
    if bid is None:
        return tr("pile laid, face down")
    specs = (state.options.card(c) for c in bid)
    values = [spec.value for spec in specs if spec]
    if values:
        return tr("bids {total} (cards {cards})", total=sum(values), cards=" + ".join(str(v) for v in values))
    return tr("bids 0 (STOP on top)")


def _tile_name(tile: str, tr: Labels) -> str:
    return tr(TILE_NAMES[tile]) if tile in TILE_NAMES else tile


def _auction_panel(inp: ScoreInput, keys: Keys, y: float) -> tuple[list[str], float]:
    state = inp.state
    if state is None:
        return [], y
    tr = keys.tr
    out = [f'<text x="10" y="{y + 14}" font-size="13" font-weight="bold">{escape(tr("Auction house"))}</text>']
    x = 120
    for i, stack in enumerate(state.auction_house):
        out.append(f'<text x="{x}" y="{y + 14}" font-size="11">{escape(tr("stack {number}:", number=i + 1))}</text>')
        for j, tile in enumerate(stack):
            out.append(_tile_icon(x + 50 + j * 25, y + 2, tile, tr))
        if not stack:
            out.append(f'<text x="{x + 50}" y="{y + 14}" font-size="11">{escape(tr("empty"))}</text>')
        x += 50 + 25 * max(len(stack), 2) + 20
    y += 24
    for line in _auction_lines(inp, keys):
        out.append(_text(10, y + 12, line, 12, WIDTH - 20))
        y += 17
    return out, y + 6


# -- the players ---------------------------------------------------------------------------------------
def _factory(keys: Keys, p: Player, x: float, y: float) -> list[str]:
    tr = keys.tr
    out = [f'<text x="{x}" y="{y + 14}" font-size="11">{escape(tr("factory:"))}</text>']
    if not p.factory:
        out.append(f'<text x="{x + 52}" y="{y + 14}" font-size="11">{escape(tr("empty"))}</text>')
        return out
    base = y + PLAYER_H - 22
    slot_w = min(30.0, (WIDTH - 10 - x - 50) / len(p.factory))
    floor_h = min(8.0, (PLAYER_H - 40) / max(b.floors for b in p.factory))
    for i, b in enumerate(p.factory):
        bx = x + 50 + i * slot_w
        state = tr("{roof} roof", roof=b.roof) if b.roof else tr("unfinished")
        title = tr(
            "{player}: factory building {number}, {floors} floor(s), {state}",
            player=p.id,
            number=i + 1,
            floors=b.floors,
            state=state,
        )
        out.append(f'<g class="factory-building"><title>{escape(title)}</title>')
        out += _tower(bx + 3, base, slot_w - 6, b.floors, b.roof, keys.colour(p.id), floor_h)
        out.append(
            f'<text x="{bx + slot_w / 2}" y="{base + 11}" font-size="9" text-anchor="middle">{b.floors}</text></g>'
        )
    return out


def _player_row(inp: ScoreInput, keys: Keys, p: Player, y: float, totals: dict[str, Any]) -> list[str]:
    state, tr = inp.state, keys.tr
    colour = keys.colour(p.id)
    out = [
        f'<g class="player"><title>{escape(p.id)}</title>',
        f'<rect x="10" y="{y}" width="16" height="16" fill={quoteattr(colour)}/>',
        f'<text x="18" y="{y + 12}" font-size="11" font-weight="bold" fill="#fff" text-anchor="middle">'
        f"{escape(keys.key(p.id))}</text>",
        _text(32, y + 13, p.id, 12, FACTORY_X - 44, ' font-weight="bold"'),
    ]
    cards = (
        N_("{points} points, {cards} card, {billboards} billboards left")
        if p.hand_size == 1
        else N_("{points} points, {cards} cards, {billboards} billboards left")
    )
    out.append(
        _text(32, y + 30, tr(cards, points=p.points, cards=p.hand_size, billboards=p.billboards), 11, FACTORY_X - 44)
    )
    out.append(
        _text(
            32,
            y + 46,
            tr("roofs left: {arched} arched, {peaked} peaked", arched=p.arched, peaked=p.peaked),
            11,
            FACTORY_X - 44,
        )
    )
    marks = _player_marks(state, p, totals.get(p.id, 0), tr)
    out.append(_text(32, y + 62, "; ".join(marks), 11, FACTORY_X - 44))
    out += _factory(keys, p, FACTORY_X, y)
    out.append("</g>")
    return out


def _player_marks(state: State | None, p: Player, scored_now: int, tr: Labels) -> list[str]:
    """What a player's row says of him beside his pieces: the Key, his turn, his pass, his points if scored now."""
    marks = []
    if state is not None and state.key == p.id:
        marks.append(tr("holds the Key"))
    if state is not None and state.turn == p.id and state.phase in ("construction", "draw"):
        marks.append(
            tr("to move") if state.phase == "construction" else tr("draws ({left} left)", left=state.draws_of(p.id))
        )
    if state is not None and state.phase == "construction" and p.passed:
        marks.append(tr("passed"))
    if state is None or state.phase != "over":
        marks.append(tr("{points} points if scored now", points=scored_now))
    return marks


def _owner_row(keys: Keys, pid: str, y: float, total: int) -> list[str]:
    return [
        f'<g class="player"><title>{escape(pid)}</title>',
        f'<rect x="10" y="{y}" width="16" height="16" fill={quoteattr(keys.colour(pid))}/>',
        f'<text x="18" y="{y + 12}" font-size="11" font-weight="bold" fill="#fff" text-anchor="middle">'
        f"{escape(keys.key(pid))}</text>",
        _text(32, y + 13, keys.tr("{player}: {points} points this scoring", player=pid, points=total), 12, WIDTH - 44),
        "</g>",
    ]


# -- the legend ----------------------------------------------------------------------------------------
LEGEND = (
    ("arched", N_("arched roof")),
    ("peaked", N_("peaked roof")),
    (None, N_("unfinished (no roof yet)")),
    ("green", N_("Greenspace (G)")),
    ("billboard", N_("billboard (owner's key)")),
    ("empty", N_("empty small platform")),
    ("large", N_("free large platform")),
    ("SP", N_("Spaceport")),
    ("MM", N_("Megamarket")),
    ("key", N_("owner's key and floors")),
    ("1st", N_("placings, points this scoring")),
    ("bad", N_("breaks a rule")),
)
LEGEND_ROW = 24


def _legend_rows(tr: Labels) -> list[list[tuple[float, str | None, str]]]:
    """The legend's items placed left to right, a new row when the next would run past the picture."""
    rows: list[list[tuple[float, str | None, str]]] = [[]]
    x = 70.0
    for symbol, label in ((symbol, tr(label)) for symbol, label in LEGEND):
        width = 30 + len(label) * 11 * GLYPH_EM
        if x + width > WIDTH - 10:
            rows.append([])
            x = 70.0
        rows[-1].append((x, symbol, label))
        x += width + 18
    return rows


def _legend(y: float, tr: Labels) -> list[str]:
    out = [
        f'<g class="legend"><text x="10" y="{y + 14}" font-size="12" font-weight="bold">{escape(tr("Legend"))}</text>'
    ]
    for row, items in enumerate(_legend_rows(tr)):
        top = y + 4 + row * LEGEND_ROW
        for x, symbol, label in items:
            out += _legend_symbol(symbol, x, top, tr)
            out.append(f'<text x="{x + 30}" y="{top + 12}" font-size="11">{escape(label)}</text>')
    out.append("</g>")
    return out


def _legend_symbol(symbol: str | None, x: float, y: float, tr: Labels) -> list[str]:
    base = y + 16
    if symbol in ("arched", "peaked", None):
        return _tower(x + 4, base, 18, 1, symbol, "#bbb", 8)
    if symbol == "green":
        return [
            f'<rect x="{x + 4}" y="{y + 2}" width="18" height="14" fill="{TILE_COLOURS["green"]}"/>'
            f'<text x="{x + 13}" y="{y + 13}" font-size="9" text-anchor="middle">G</text>'
        ]
    if symbol == "billboard":
        return [
            f'<rect x="{x + 4}" y="{y}" width="18" height="11" fill="#888" stroke="#000"/>'
            f'<line x1="{x + 13}" y1="{y + 11}" x2="{x + 13}" y2="{base}" stroke="#000"/>'
        ]
    if symbol == "empty":
        return [
            f'<rect x="{x + 2}" y="{base - 4}" width="22" height="5" fill="none" stroke="#999" stroke-dasharray="3,2"/>'
        ]
    if symbol in ("SP", "MM", "large"):
        tile = {"SP": "spaceport", "MM": "megamarket"}.get(symbol)
        fill = TILE_COLOURS[tile] if tile else "none"
        return [
            f'<circle cx="{x + 13}" cy="{y + 8}" r="9" fill="{fill}" stroke="#555"/>'
            f'<text x="{x + 13}" y="{y + 11}" font-size="8" text-anchor="middle">{symbol if tile else ""}</text>'
        ]
    if symbol == "key":
        return [f'<text x="{x + 2}" y="{y + 12}" font-size="10">A 3</text>']
    if symbol == "1st":
        return [f'<text x="{x}" y="{y + 12}" font-size="10">{escape(tr("1st"))}</text>']
    return [
        f'<rect x="{x + 2}" y="{y}" width="22" height="16" fill="none" stroke="#ff0000" stroke-width="2" '
        f'stroke-dasharray="4,2"/>'
    ]


# -- the picture ---------------------------------------------------------------------------------------
def _title(inp: ScoreInput, texts: Mapping[str, str], tr: Labels) -> str:
    title = texts["picture.title"]
    if inp.round is not None:
        title += tr(" - round {round}", round=inp.round)
    if inp.phase is not None:
        title += ", " + tr(WORD, word=inp.phase)
    return title


def render_svg(inp: ScoreInput, book: RuleBook, tr: Labels = english) -> str:
    """The picture; ``tr`` renders each label (the edge passes a language's)."""
    keys = Keys(inp, tr)
    result = scoring.score_blocks(inp.blocks, inp.options)
    body = [
        f'<text x="10" y="26" font-size="18" font-weight="bold">{escape(_title(inp, book.edition.texts, tr))}</text>'
    ]
    body += _city(inp, keys, result["blocks"], _violations_by_block(inp, book))
    y: float = TOP + 3 * BLOCK_H + 4
    panel, y = _auction_panel(inp, keys, y)
    body += panel
    totals = {pid: v.get("total", 0) for pid, v in result["players"].items()}
    if inp.players:
        for p in inp.players:
            body += _player_row(inp, keys, p, y, totals)
            y += PLAYER_H
    known = {p.id for p in inp.players or ()}
    for pid in keys.ids:
        if pid not in known:
            body += _owner_row(keys, pid, y, totals.get(pid, 0))
            y += 24
    body += _legend(y + 4, tr)
    height = y + 14 + LEGEND_ROW * len(_legend_rows(tr))
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif">',
        f"<title>{escape(tr(book.edition.texts['picture.city']))}</title>",
        f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
    ]
    return "\n".join(head + body + ["</svg>"])


def _violations_by_block(inp: ScoreInput, book: RuleBook) -> dict[str, list[Violation]]:
    """The city's violations by the block they point into (the block is flagged in the picture)."""
    players = {p.id for p in inp.players} if inp.players is not None else None
    by_block: dict[str, list[Violation]] = {}
    for v in validate.block_violations(book, inp.options, inp.blocks, players):
        parts = v.pointer.split("/")
        by_block.setdefault(parts[3] if len(parts) > 3 else "", []).append(v)
    return by_block


def _city(inp: ScoreInput, keys: Keys, scored: dict[str, Any], by_block: dict[str, list[Violation]]) -> list[str]:
    """The three districts side by side, each with its three blocks."""
    tr = keys.tr
    lookup = dict(inp.blocks)
    body = []
    for col, district in enumerate(data.DISTRICTS):
        body.append(
            f'<text x="{14 + col * COL_W}" y="{TOP - 8}" font-size="12" font-weight="bold" '
            f'fill="{DISTRICT_COLOURS[district]}">{escape(tr("{district} district", district=district))}</text>'
        )
        for row, block_id in enumerate(data.DISTRICT_BLOCKS[district]):
            body += _block(
                inp,
                keys,
                block_id,
                lookup.get(block_id, Block()),
                10 + col * COL_W,
                TOP + row * BLOCK_H,
                scored.get(block_id, {}),
                by_block.get(block_id, []),
            )
    return body
