"""An SVG picture of the whole table of New York (or of a re-skin: the edition's words and colours): whose turn it is, the building market (tiles, prices,
banks), the money market, the deck and bag sizes, the dummy in a 2-player game, and every player's city
in seat order with points, longest street (highlighted), majorities, money, reserve and bought tiles; the
dummy's points and majorities.
Tiles that break a building rule are marked. Rendered for a player, the table is that player's view:
other hands are card backs."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..core import Violation
from ..kit import N_, WORD, Labels
from .city import ORIGIN, CityChecker, Grid, city_violations, grid_of, neighbours
from .data import Edition
from .hidden import bag_size, deck_size, revealer, seen_by
from .holes import Cell
from .scoring import scoring_points, streets
from .state import Card, Player, State, Tile

CELL = 44
PAD = 16
INFO = 360  # the width of a player's information column
HEADER = 64
BOARD = 150  # the height of the market band
STREET = "#444444"
LONGEST = "#ff9900"
ILLEGAL = "#e00000"
MOVER = "#ff6a00"
BACK = "#6b5b4b"
# a side of a cell as a segment, in cell units from the cell's top-left corner
SIDES = {"n": (0, 0, 1, 0), "e": (1, 0, 1, 1), "s": (0, 1, 1, 1), "w": (0, 0, 0, 1)}
CARD_W, CARD_H, CARDS_PER_ROW = 20, 26, 14
CHIP, CHIPS_PER_ROW = 30, 10


def render_table(state: State, player: str | None, tr: Labels, edition: Edition, check_city: CityChecker) -> str:
    """The whole table, or ``player``'s view of it; ``tr`` renders each label (the edge passes a language's),
    ``check_city`` is the engine's memo of city checks."""
    if not state.players:
        return _message(tr("No players in this state."))
    if player is not None:
        if all(p.id != player for p in state.players):
            return _message(tr("No player {player} in this state.", player=str(player)))
        state = seen_by(state, player)
    # majorities as the next scoring would count them (a scoring input has no history: the final one)
    scoring = "final" if state.partial else ("A", "B", "final")[min(state.scorings_done, 2)]
    result = scoring_points(state, scoring, edition)
    longest = streets(state.players, edition)
    panels = [
        _player_panel(state, i, result["players"][i], longest[i], scoring, tr, edition, check_city)
        for i in range(len(state.players))
    ]
    if state.dummy is not None:
        panels.append(_dummy_panel(state, result["dummy"], tr, edition))
    width = max([820] + [w for w, _, _, _ in panels])
    top = HEADER + (0 if state.partial else BOARD)
    height = top + sum(h + PAD for _, h, _, _ in panels) + PAD
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
        f"<title>{escape(tr(edition.labels['title'], players=', '.join(p.id for p in state.players)))}</title>",
        f'<rect width="{width}" height="{height}" fill="#fafafa"/>',
        _header(state, player, tr, edition),
    ]
    if not state.partial:
        parts.append(_board(state, tr, edition))
    y = top
    for _, h, frame, body in panels:
        fill, stroke, stroke_width = frame
        parts.append(
            f'<g transform="translate(0, {y})"><rect x="{PAD / 2}" y="0" width="{width - PAD}" '
            f'height="{h}" rx="8" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"/>{body}</g>'
        )
        y += h + PAD
    parts.append("</svg>")
    return "".join(parts)


# --- the header and the board --------------------------------------------------------------------------


def _header(state: State, viewer: str | None, tr: Labels, edition: Edition) -> str:
    n = len(state.players)
    title = tr(edition.labels["heading_one" if n == 1 else "heading_many"], n=n)
    if viewer:
        title += tr(" - seen by {viewer}", viewer=viewer)
    lines = (
        [_status(state, tr), tr("scorings done: {done} of 3", done=state.scorings_done)]
        if not state.partial
        else [tr("a scoring input: cities only")]
    )
    out = [f'<text x="{PAD}" y="26" font-size="18" font-weight="bold">{escape(title)}</text>']
    out += [f'<text x="{PAD}" y="{44 + 14 * k}" font-size="12">{escape(line)}</text>' for k, line in enumerate(lines)]
    return "".join(out)


def _status(state: State, tr: Labels) -> str:
    if state.phase == "over":
        return tr("game over; winners: {winners}", winners=", ".join(state.winners or ()))
    if state.phase == "final_placement":
        return tr(
            "end of the game: awarded tiles are placed by {players}",
            players=", ".join(p.id for p in state.players if p.to_place),
        )
    seat = revealer(state) if state.pending is not None else state.current
    mover = state.players[seat].id if seat is not None and 0 <= seat < len(state.players) else "?"
    if state.pending is not None:
        return tr(
            "to move: {player} (a {kind} is to be revealed)",
            player=mover,
            kind=tr(WORD, word=state.pending.kind).replace("_", " "),
        )
    return tr("to move: {player} ({phase})", player=mover, phase=state.phase)


def _board(state: State, tr: Labels, edition: Edition) -> str:
    y = HEADER + 8
    out = [f'<text x="{PAD}" y="{y + 4}" font-size="13" font-weight="bold">{escape(tr("Building market"))}</text>']
    for k, bank in enumerate(edition.banks):
        x = PAD + k * 92
        out.append(_market_slot(x, y + 14, bank, state.market[k], tr, edition))
    x0 = PAD + 4 * 92 + 20
    out.append(f'<text x="{x0}" y="{y + 4}" font-size="13" font-weight="bold">{escape(tr("Money market"))}</text>')
    for k, card in enumerate(state.money_market):
        if card is None:
            out.append(
                f'<rect class="empty-slot" x="{x0 + k * 34}" y="{y + 18}" width="{CARD_W * 1.3}" '
                f'height="{CARD_H * 1.3}" rx="3" fill="none" stroke="#999" stroke-dasharray="4 3"/>'
            )
        else:
            out.append(_card(x0 + k * 34, y + 18, card, edition.bank_colours, size=1.3))
    info = [
        _count(tr, deck_size(state, edition), N_("money deck: {n} card"), N_("money deck: {n} cards")),
        _count(tr, len(state.discard), N_("discard: {n} card"), N_("discard: {n} cards")),
        _count(tr, bag_size(state, edition), N_("bag: {n} tile"), N_("bag: {n} tiles")),
    ]
    for k, line in enumerate(info):
        out.append(f'<text x="{x0}" y="{y + 72 + 14 * k}" font-size="11">{escape(line)}</text>')
    return f'<g class="board">{"".join(out)}</g>'


def _market_slot(x: int, y: int, bank: str, tile: Tile | None, tr: Labels, edition: Edition) -> str:
    colour = edition.bank_colours[bank]
    out = [
        f"<g class={quoteattr('market ' + bank)}>",
        f'<rect x="{x}" y="{y}" width="84" height="112" rx="6" fill="none" stroke="{colour}" stroke-width="3"/>',
        _slot_label(x + 42, y + 14, tr(edition.labels["market_slot"], bank=bank), colour),
    ]
    if tile is None:
        out.append(f'<text x="{x + 42}" y="{y + 62}" text-anchor="middle" fill="#888">{escape(tr("empty"))}</text>')
    else:
        out.append(_tile(x + 20, y + 22, tile, 44, tr, edition))
        out.append(f'<text x="{x + 42}" y="{y + 82}" text-anchor="middle">{escape(tr(WORD, word=tile.kind))}</text>')
        out.append(
            f'<text x="{x + 42}" y="{y + 98}" text-anchor="middle" font-weight="bold">'
            f"{escape(tr('price {cost}', cost=tile.cost))}</text>"
        )
    out.append("</g>")
    return "".join(out)


SLOT_LABEL_WIDTH = 76  # the slot's frame is 84 wide: its name keeps 4 clear of either side


def _slot_label(x: int, y: int, label: str, colour: str) -> str:
    """A market slot's name, its font shrunk for a long one (Alhambra's "dirham square", a language's
    longer words) so that it stays inside the slot's frame: at most 0.6 em a glyph, bold included."""
    size = min(11.0, round(SLOT_LABEL_WIDTH / (0.6 * max(len(label), 1)), 1))
    return (
        f'<text x="{x}" y="{y}" text-anchor="middle" font-weight="bold" font-size="{size:g}" fill="{colour}">'
        f"{escape(label)}</text>"
    )


# --- one player ------------------------------------------------------------------------------------------


def _player_panel(
    state: State,
    index: int,
    row: dict[str, Any],
    longest: dict[str, Any],
    scoring: str,
    tr: Labels,
    edition: Edition,
    check_city: CityChecker,
) -> tuple[int, int, tuple[str, str, int], str]:
    """(width, height, frame, body) of one player's panel: information on the left, the city on the right."""
    p = state.players[index]
    grid = grid_of(p.city)
    found, flagged = city_violations(p.city, f"/state/players/{index}/city", check_city)
    # the empty cells beside the city, where a tile may go: drawn so that a page can offer them to a tap
    free: set[tuple[int, int]] = (
        set() if state.partial else {n for cell in grid for _, n in neighbours(*cell) if n not in grid}
    )
    xs, ys = [x for x, _ in (*grid, *free)], [y for _, y in (*grid, *free)]
    x0, y0 = min(xs), min(ys)
    city_w, city_h = (max(xs) - x0 + 1) * CELL, (max(ys) - y0 + 1) * CELL
    to_move = not state.partial and state.phase not in ("over", "final_placement") and state.current == index
    info, info_h = _info(state, p, row, longest["length"], scoring, found, to_move, tr, edition)
    left = PAD * 2 + INFO
    body = (
        f'<g class={quoteattr("player" + (" to-move" if to_move else ""))} data-seat="{index}">'
        f"<title>{escape(tr('seat {seat}: {player}', seat=index + 1, player=p.id))}</title>"
        f'<g transform="translate({left}, 30)">{_city(p, grid, longest, flagged, x0, y0, tr, edition, free)}</g>'
        f"{info}</g>"
    )
    frame = ("#ffffff", MOVER, 4) if to_move else ("#ffffff", "#cccccc", 1)
    return PAD * 3 + city_w + INFO, max(city_h + 40, info_h) + PAD, frame, body


def _info(
    state: State,
    p: Player,
    row: dict[str, Any],
    length: int,
    scoring: str,
    found: list[Violation],
    to_move: bool,
    tr: Labels,
    edition: Edition,
) -> tuple[str, int]:
    x = PAD
    name = ("> " if to_move else "") + p.id
    points = tr("points: {points}", points=p.points) + (tr("   (to move)") if to_move else "")
    out = [
        f'<text x="{x}" y="22" font-size="14" font-weight="bold" fill="{MOVER if to_move else "#000"}">'
        f"{escape(name)}</text>",
        f'<text x="{x}" y="40" font-size="12">{escape(points)}</text>',
        f'<text x="{x}" y="56" font-size="12" fill="#b86e00">'
        f"{escape(tr(edition.labels['longest'], length=length))}</text>",
        f'<text x="{x}" y="74" font-size="10">{escape(_majorities_label(state, scoring, tr))}:</text>',
    ]
    y = 90
    for kind in edition.types:
        b = row["buildings"][kind]
        out.append(
            f'<rect x="{x}" y="{y - 10}" width="12" height="12" fill="{edition.type_colours[kind]}" stroke="#999"/>'
            f'<text class="majority" x="{x + 18}" y="{y}">{escape(_majority(kind, b, tr))}</text>'
        )
        y += 15
    if not state.partial:
        y += 6
        cards, y = _hand(x, y, p, tr, edition)
        out.append(cards)
        for label, tiles in ((N_("reserve: {n}"), p.reserve), (N_("bought, to place: {n}"), p.to_place)):
            if tiles:
                chips, y = _chips(x, y, tr(label, n=len(tiles)), tiles, tr, edition)
                out.append(chips)
    if found:
        out.append(
            f'<text x="{x}" y="{y + 12}" fill="{ILLEGAL}">'
            f"{escape(tr('{count} building rule(s) broken', count=len(found)))}</text>"
        )
        for k, v in enumerate(found[:4]):
            out.append(f'<text x="{x}" y="{y + 26 + 13 * k}" fill="{ILLEGAL}" font-size="9">{escape(v.code)}</text>')
        y += 26 + 13 * min(len(found), 4)
    return "".join(out), y + 8


def _majorities_label(state: State, scoring: str, tr: Labels) -> str:
    if state.phase == "over":
        return tr("majorities at the final scoring")
    return tr("majorities if scored now (scoring {scoring})", scoring=scoring)


def _majority(kind: str, b: dict[str, Any], tr: Labels) -> str:
    """``park: 3 - rank 1, 16 pts``: a building type's count and, when it places, its rank and points."""
    text = tr("{kind}: {count}", kind=kind, count=b["count"])
    if b["rank"]:
        text += tr(" - rank {rank}, {points} pts", rank=b["rank"], points=b["points"])
    return text


def _hand(x: int, y: int, p: Player, tr: Labels, edition: Edition) -> tuple[str, int]:
    held = p.cards_held
    if held is None:
        return f'<text x="{x}" y="{y + 10}">{escape(tr("money: hidden"))}</text>', y + 18
    cards: list[Card | None] = list(p.money) if p.money is not None else [None] * held
    label = _count(tr, held, N_("money: {n} card"), N_("money: {n} cards"))
    if p.money:
        label += ", " + ", ".join(
            tr("{bank} {total}", bank=b, total=sum(c.value for c in p.money if c.bank == b))
            for b in edition.banks
            if any(c.bank == b for c in p.money)
        )
    elif p.money is None:
        label += tr(" (values hidden)")
    out = [f'<text x="{x}" y="{y + 10}">{escape(label)}</text>']
    for k, card in enumerate(cards):
        at = x + (k % CARDS_PER_ROW) * (CARD_W + 3), y + 16 + (k // CARDS_PER_ROW) * (CARD_H + 3)
        out.append(_card(*at, card, edition.bank_colours))
    rows = (len(cards) + CARDS_PER_ROW - 1) // CARDS_PER_ROW
    return "".join(out), y + 20 + rows * (CARD_H + 3)


def _chips(x: int, y: int, label: str, tiles: Sequence[Tile], tr: Labels, edition: Edition) -> tuple[str, int]:
    out = [f'<text x="{x}" y="{y + 10}">{escape(label)}</text>']
    for k, tile in enumerate(tiles):
        cx, cy = x + (k % CHIPS_PER_ROW) * (CHIP + 3), y + 16 + (k // CHIPS_PER_ROW) * (CHIP + 3)
        out.append(_tile(cx, cy, tile, CHIP, tr, edition))
    rows = (len(tiles) + CHIPS_PER_ROW - 1) // CHIPS_PER_ROW
    return "".join(out), y + 20 + rows * (CHIP + 3)


def _dummy_panel(
    state: State, scored: dict[str, Any] | None, tr: Labels, edition: Edition
) -> tuple[int, int, tuple[str, str, int], str]:
    assert state.dummy is not None
    tiles = state.dummy.tiles
    out = [
        '<g class="dummy">',
        f'<text x="{PAD}" y="22" font-size="14" font-weight="bold">{escape(tr(edition.labels["dummy"]))}</text>',
        f'<text class="dummy-points" x="{PAD}" y="40" font-size="12">'
        f"{escape(tr('points: {points}', points=state.dummy.points))}</text>",
    ]
    y = 58
    for k, kind in enumerate(edition.types):
        b = scored["buildings"][kind] if scored else {"count": 0, "rank": 0, "points": 0}
        col, line = k % 3, k // 3
        out.append(
            f'<rect x="{PAD + col * 260}" y="{y + line * 16 - 10}" width="12" height="12" '
            f'fill="{edition.type_colours[kind]}" stroke="#999"/><text class="majority" x="{PAD + col * 260 + 18}" '
            f'y="{y + line * 16}">{escape(_majority(kind, b, tr))}</text>'
        )
    y += 36
    for k, tile in enumerate(tiles or ()):
        out.append(_tile(PAD + (k % 22) * (CHIP + 3), y + (k // 22) * (CHIP + 3), tile, CHIP, tr, edition))
    y += ((len(tiles or ()) + 21) // 22) * (CHIP + 3)
    out.append("</g>")
    return 820, y + 8, ("#f3f0ea", "#bbbbbb", 1), "".join(out)


# --- pieces ----------------------------------------------------------------------------------------------


def _city(
    p: Player,
    grid: Grid,
    longest: dict[str, Any],
    flagged: set[Cell],
    x0: int,
    y0: int,
    tr: Labels,
    edition: Edition,
    free: Collection[Cell] = frozenset(),
) -> str:
    def at(x: int, y: int) -> tuple[int, int]:
        return (x - x0) * CELL, (y - y0) * CELL

    kinds = {(c.x, c.y): c.tile for c in p.city}
    out = []
    for x, y in sorted(free):
        left, top = at(x, y)
        out.append(
            f'<rect class="cell free" data-x="{x}" data-y="{y}" x="{left + 2}" y="{top + 2}" width="{CELL - 4}" '
            f'height="{CELL - 4}" fill="none" stroke="#cfcfcf" stroke-dasharray="4 4"/>'
        )
    for (x, y), _ in sorted(grid.items()):
        left, top = at(x, y)
        tile = kinds.get((x, y))
        kind = "start" if (x, y) == ORIGIN or tile is None else tile.kind
        label = tr(edition.labels["start"]) if kind == "start" else tr(edition.short.get(kind, kind))
        tid = "" if tile is None or tile.id is None else f"#{tile.id}"
        out.append(
            f'<g class={quoteattr("tile " + kind)} data-x="{x}" data-y="{y}">'
            f"<title>{escape(f'{tr(WORD, word=kind)} {tid}'.strip())}</title>"
            f'<rect x="{left}" y="{top}" width="{CELL}" height="{CELL}" fill="{edition.type_colours.get(kind, "#ccc")}" '
            f'stroke="#999" stroke-width="1"/>'
            f'<text x="{left + CELL / 2}" y="{top + CELL / 2 - 2}" text-anchor="middle" font-size="9">'
            f"{escape(label)}</text>"
            f'<text x="{left + CELL / 2}" y="{top + CELL / 2 + 10}" text-anchor="middle" font-size="9">'
            f"{escape(tid)}</text></g>"
        )
    for (x, y), street_edges in sorted(grid.items()):
        left, top = at(x, y)
        for side in street_edges:
            out.append(_line(left, top, SIDES[side], CELL, STREET, 4, edition.edge))
    for x, y, side in longest["edges"]:
        left, top = at(x, y)
        out.append(_line(left, top, SIDES[side], CELL, LONGEST, 3, "longest-" + edition.edge))
    for x, y in sorted(flagged):
        left, top = at(x, y)
        out.append(
            f'<g class="illegal"><rect x="{left + 3}" y="{top + 3}" width="{CELL - 6}" height="{CELL - 6}" '
            f'fill="none" stroke="{ILLEGAL}" stroke-width="3" stroke-dasharray="6 3"/>'
            f'<line x1="{left + 8}" y1="{top + 8}" x2="{left + CELL - 8}" y2="{top + CELL - 8}" '
            f'stroke="{ILLEGAL}" stroke-width="2"/></g>'
        )
    return "".join(out)


def _tile(x: float, y: float, tile: Tile, size: int, tr: Labels, edition: Edition) -> str:
    label = tr(edition.short.get(tile.kind, tile.kind))
    out = [
        f"<g class={quoteattr('chip ' + tile.kind)}><title>{escape(tr('{kind} #{id}', kind=tile.kind, id=tile.id))}</title>"
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{edition.type_colours.get(tile.kind, "#ccc")}" '
        f'stroke="#999"/>'
        f'<text x="{x + size / 2}" y="{y + size / 2 + 3}" text-anchor="middle" font-size="{8 if size < 40 else 10}">'
        f"{escape(label)}</text>"
    ]
    for side in tile.streets:
        out.append(_line(x, y, SIDES[side], size, STREET, 3, edition.edge))
    out.append("</g>")
    return "".join(out)


def _card(x: float, y: float, card: Card | None, colours: Mapping[str, str], size: float = 1.0) -> str:
    w, h = CARD_W * size, CARD_H * size
    if card is None:
        return f'<rect class="card-back" x="{x}" y="{y}" width="{w}" height="{h}" rx="3" fill="{BACK}" stroke="#333"/>'
    return (
        f"<g class={quoteattr('card ' + card.bank)}><title>{escape(f'{card.bank} {card.value}')}</title>"
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="3" fill="{colours[card.bank]}" stroke="#333"/>'
        f'<text x="{x + w / 2}" y="{y + h / 2 + 4}" text-anchor="middle" font-weight="bold" fill="#fff" '
        f'font-size="{11 * size:.0f}">{card.value}</text></g>'
    )


def _line(
    left: float, top: float, side: tuple[int, int, int, int], cell: float, colour: str, width: float, cls: str
) -> str:
    a, b, c, d = side
    return (
        f'<line class="{cls}" x1="{left + a * cell}" y1="{top + b * cell}" x2="{left + c * cell}" '
        f'y2="{top + d * cell}" stroke="{colour}" stroke-width="{width}" stroke-linecap="round"/>'
    )


def _count(tr: Labels, n: int, one: str, many: str) -> str:
    """``one`` or ``many`` (``bag: {n} tile``, ``bag: {n} tiles``) as ``n`` asks, in the labels' language."""
    return tr(one if n == 1 else many, n=n)


def _message(text: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="60" viewBox="0 0 400 60" '
        f'font-family="sans-serif"><text x="10" y="30">{escape(text)}</text></svg>'
    )
