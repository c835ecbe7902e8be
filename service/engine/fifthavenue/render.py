"""An SVG picture of the board: City Hall, the seven districts (each a ring of five plots with its
businesses, skyscrapers and each skyscraper plot's current value), Central Park with its building area,
the commissioners and their markers, the supply row, an auction in progress (what is at stake, the
colours each bidder may use, every bid with its cards, who passed, whose bid it is) and the players (the
viewer's whole hand). Plots the state gets wrong are flagged with a red dashed outline; every client
string is escaped, and a long name is cut to its space with the whole name as the element's title."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..kit import WORD, Labels, RuleBook, english, pointer
from . import checks as C
from . import data as D
from . import scoring as S
from .options import Options
from .state import Auction, District, Dummy, Player, Plot, Result, State
from .validate import board_violations

WIDTH = 1100
TOP = 30  # room for the legend above the board
PLOT_FILL = {"violet": "#8e5ea2", "brown": "#8b5a2b", "gray": "#9a9a9a", "green": "#4f9a4f", "orange": "#e8912d"}
CARD_FILL = {**PLOT_FILL, D.BLACK: "#222222"}
CARD_BACK = "#5b6fa8"
PLAYER_FILL = ["#d62728", "#e5c100", "#1f77b4", "#2ca02c", "#555555", "#17becf"]
BUSINESS_LETTER = {"boutique": "B", "jeweler": "J", "gallery": "G", "perfumery": "P"}
COMMISSIONER_FILL = {"white": "#ffffff", "beige": "#e8d8b0"}
GLYPH_EM = 0.6  # the average glyph width the layout assumes (tests/svg_layout.py estimates the same)

#: District centres: 3 columns of 2, 3 and 2 (the board, rules page section "board"), City Hall on the left, Central Park on the right.
CENTRES = {
    D.CITY_HALL: (70, TOP + 330),
    "34th-st-west": (250, TOP + 215),
    "34th-st-east": (250, TOP + 470),
    "42nd-st-west": (480, TOP + 110),
    "times-square": (480, TOP + 345),
    "fifth-avenue": (480, TOP + 580),
    "52nd-st-west": (710, TOP + 215),
    "52nd-st-east": (710, TOP + 470),
    D.CENTRAL_PARK: (930, TOP + 340),
}
RING_RADIUS = 58
PLOT_RADIUS = 27
DISTRICT_RADIUS = RING_RADIUS + PLOT_RADIUS + 8
BOARD_BOTTOM = TOP + 580 + DISTRICT_RADIUS + 20
CARD_W, CARD_H, CARD_STEP = 20, 26, 23


def _text(
    x: float,
    y: float,
    s: str,
    size: int = 12,
    anchor: str = "middle",
    fill: str = "#000",
    weight: str = "normal",
    title: str | None = None,
) -> str:
    text = (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}" '
        f'font-family="sans-serif" font-weight="{weight}">{escape(s)}</text>'
    )
    if title is None or title == s:
        return text
    return f"<g><title>{escape(title)}</title>{text}</g>"  # the whole string of a cut label


def _width(s: str, size: int) -> float:
    return len(s) * size * GLYPH_EM


def _fit(s: str, size: int, width: float) -> str:
    """``s`` cut with an ellipsis to fit ``width`` (the whole string goes in the element's title)."""
    most = max(1, int(width / (size * GLYPH_EM)))
    return s if len(s) <= most else s[: most - 1] + "…"


def _wrap(words: list[str], size: int, width: float) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line} {word}" if line else word
        if line and _width(candidate, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return lines + ([line] if line else [])


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


SIXTH_RADIUS = 24
SIXTH_FILL = "#ece8dc"


def _plot_position(options: Options, did: str, colour: str) -> tuple[float, float]:
    cx, cy = CENTRES[did]
    if colour == D.SIXTH_PLOT:  # the back side's sixth plot sits inside the ring, touching every plot
        return cx, cy
    ring = list(options.plot_ring)
    i = ring.index(colour) if colour in ring else D.COLOURS.index(colour)
    angle = -math.pi / 2 + 2 * math.pi * i / len(D.COLOURS)
    return cx + RING_RADIUS * math.cos(angle), cy + RING_RADIUS * math.sin(angle)


def _district(
    state: State, d: District, owners: dict[str, str], bad: set[str], at_stake: bool, tr: Labels
) -> list[str]:
    """A district: its ring of plots (flagged where the state is wrong), each plot's pieces and value, and a
    building stop's shade."""
    cx, cy = CENTRES[d.id]
    ring_stroke = 'stroke="#c0392b" stroke-width="4"' if at_stake else 'stroke="#777"'
    out = [f'<circle cx="{cx}" cy="{cy}" r="{DISTRICT_RADIUS}" fill="#f4f1e8" {ring_stroke}/>']
    out.append(_text(cx, cy - DISTRICT_RADIUS - 6, D.DISTRICT_NAMES[d.id], 13, weight="bold"))
    out += _ring_edges(state, d)
    values = {} if d.stopped else {r["plot"]: r for r in S.value_district(state.options, d)}
    for plot in d.plots:
        out += _plot(state, d, plot, values.get(plot.colour), owners, bad, tr)
    if d.stopped:
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{DISTRICT_RADIUS}" fill="#000" fill-opacity="0.45"/>')
        out.append(_text(cx, cy + 6, tr("BUILDING STOP"), 14, fill="#fff", weight="bold"))
    return out


def _ring_edges(state: State, d: District) -> list[str]:
    """The lines between the plots that touch: the ring's, and the sixth plot's to each plot of the ring."""
    out = []
    cx, cy = CENTRES[d.id]
    ring = list(state.options.plot_ring) if sorted(state.options.plot_ring) == sorted(D.COLOURS) else list(D.COLOURS)
    for i, colour in enumerate(ring):  # the ring's edges: which plots touch
        x1, y1 = _plot_position(state.options, d.id, colour)
        x2, y2 = _plot_position(state.options, d.id, ring[(i + 1) % len(ring)])
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#bbb" stroke-width="3"/>')
        if any(p.colour == D.SIXTH_PLOT for p in d.plots):  # the sixth plot touches each plot of the ring
            out.append(f'<line x1="{cx}" y1="{cy}" x2="{x1:.1f}" y2="{y1:.1f}" stroke="#bbb" stroke-width="3"/>')
    return out


def _plot(
    state: State,
    d: District,
    plot: Plot,
    row: dict[str, Any] | None,
    owners: dict[str, str],
    bad: set[str],
    tr: Labels,
) -> list[str]:
    """A plot: its circle, its businesses, its skyscrapers with the owner's colour and their value."""
    out = []
    x, y = _plot_position(state.options, d.id, plot.colour)
    flagged = pointer("districts", d.id, "plots", plot.colour) in bad
    sixth = plot.colour == D.SIXTH_PLOT
    stroke = (
        'stroke="#e00000" stroke-width="4" stroke-dasharray="5,3"'
        if flagged
        else 'stroke="#333" stroke-width="2" stroke-dasharray="6,4"'
        if sixth
        else 'stroke="#333"'
    )
    out.append(
        f'<circle class="plot" data-district={quoteattr(d.id)} data-plot={quoteattr(plot.colour)} '
        f'cx="{x:.1f}" cy="{y:.1f}" r="{SIXTH_RADIUS if sixth else PLOT_RADIUS}" '
        f'fill="{SIXTH_FILL if sixth else PLOT_FILL[plot.colour]}" {stroke}>'
        f"<title>{escape(tr('sixth plot') if sixth else tr(WORD, word=plot.colour))}</title></circle>"
    )
    for j, b in enumerate(plot.businesses[:4]):
        bx = x - 9 + 18 * (j % 2)
        by = y - 6 + 14 * (j // 2)
        out.append(f'<rect x="{bx - 7:.1f}" y="{by - 9:.1f}" width="14" height="14" fill="#fff" stroke="#000"/>')
        out.append(_text(bx, by + 2, BUSINESS_LETTER.get(b, "?"), 10, weight="bold"))
    if plot.skyscrapers is not None:
        owner = plot.skyscrapers.owner
        fill = quoteattr(owners.get(owner, "#000"))
        out.append(
            f'<rect x="{x - 11:.1f}" y="{y - 16:.1f}" width="22" height="24" fill={fill} '
            f'stroke="#000"><title>{escape(owner)}</title></rect>'
        )
        out.append(_text(x, y + 1, str(plot.skyscrapers.count), 12, fill="#fff", weight="bold"))
        if row is not None:
            out.append(_text(x, y + 20, f"{row['per_skyscraper']}x={row['points']}", 9, fill="#fff"))
    return out


def _park(state: State, owners: dict[str, str], bad: set[str], at_stake: bool, tr: Labels) -> list[str]:
    cx, cy = CENTRES[D.CENTRAL_PARK]
    flagged = any(p.startswith(pointer("districts", D.CENTRAL_PARK)) for p in bad)
    stroke = (
        'stroke="#e00000" stroke-width="4" stroke-dasharray="5,3"'
        if flagged
        else 'stroke="#c0392b" stroke-width="4"'
        if at_stake
        else 'stroke="#333"'
    )
    out = [
        f'<rect x="{cx - 100}" y="{cy - 200}" width="200" height="400" fill="#cfe8c4" {stroke}/>',
        _text(cx, cy - 178, "Central Park", 14, weight="bold"),
        _text(cx, cy - 20, tr("building area"), 11),
    ]
    revealed = list(state.result.central_park_tiles) if state.result is not None else []
    for i, b in enumerate(state.park.businesses[:8]):
        x = cx - 84 + 22 * (i % 8)
        shown = b in revealed
        if shown:
            revealed.remove(b)
        out.append(
            f'<rect x="{x}" y="{cy - 160}" width="18" height="18" fill="#fff" '
            f'stroke="{"#c0392b" if shown else "#000"}" stroke-width="{2 if shown else 1}"/>'
        )
        out.append(_text(x + 9, cy - 147, BUSINESS_LETTER.get(b, "?"), 10, weight="bold"))
    if state.result is not None:
        out.append(
            _text(
                cx,
                cy - 124,
                tr("revealed: {tiles}", tiles=", ".join(tr(WORD, word=t) for t in state.result.central_park_tiles)),
                10,
            )
        )
    for i, s in enumerate(state.park.skyscrapers[:6]):
        y = cy + i * 26
        fill = quoteattr(owners.get(s.owner, "#000"))
        out.append(f'<rect x="{cx - 84}" y="{y}" width="20" height="20" fill={fill}/>')
        label = f"{s.count} x {s.owner}"
        out.append(_text(cx - 58, y + 15, _fit(label, 11, 150), 11, anchor="start", title=label))
    return out


def _graph(state: State) -> list[str]:
    out = []
    for node, targets in state.options.graph.items():
        for t in targets:
            if node in CENTRES and t in CENTRES:
                (x1, y1), (x2, y2) = CENTRES[node], CENTRES[t]
                out.append(
                    f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#cdb" stroke-width="2" '
                    f'stroke-dasharray="2,6"/>'
                )
    return out


def _commissioners(state: State, tr: Labels) -> list[str]:
    out = []
    cx, cy = CENTRES[D.CITY_HALL]
    out.append(f'<rect x="{cx - 50}" y="{cy - 60}" width="100" height="120" fill="#e6e0f0" stroke="#333"/>')
    out.append(_text(cx, cy - 40, tr("City Hall"), 13, weight="bold"))
    for k, (name, c) in enumerate(state.commissioners):
        left = D.MARKERS_PER_COMMISSIONER - len(c.markers)
        out.append(
            _text(cx, cy + 40 + 14 * k, tr("{commissioner} markers: {left}", commissioner=name, left=max(left, 0)), 9)
        )
    for k, (name, c) in enumerate(state.commissioners):
        where = c.at if c.at in CENTRES else D.CITY_HALL
        x, y = CENTRES[where]
        if where == D.CITY_HALL:
            x, y = x - 14 + 28 * k, y + 10
        elif where == D.CENTRAL_PARK:
            x, y = x - 14 + 28 * k, y - 60
        else:  # outside the district's circle, upper left, clear of the plots and the name
            x, y = x - DISTRICT_RADIUS + 4 + 24 * k, y - DISTRICT_RADIUS + 14
        out.append(
            f'<circle cx="{x}" cy="{y}" r="11" fill="{COMMISSIONER_FILL[name]}" stroke="#000" stroke-width="2">'
            f"<title>{escape(tr('{commissioner} commissioner', commissioner=name))}</title></circle>"
        )
        for m in c.markers:
            if m in CENTRES:
                mx, my = CENTRES[m]
                mx += DISTRICT_RADIUS - 22 - 16 * k
                my += DISTRICT_RADIUS - 16
                out.append(
                    f'<rect x="{mx}" y="{my}" width="12" height="12" fill="{COMMISSIONER_FILL[name]}" '
                    f'stroke="#000"><title>{escape(tr("{commissioner} marker", commissioner=name))}</title></rect>'
                )
    return out


def _card(x: float, y: float, card: str | None, tr: Labels) -> list[str]:
    """One card: its colour and value, or its back when the viewer may not see it."""
    if card is None:
        return [
            f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="3" fill="{CARD_BACK}" '
            f'stroke="#223"><title>{escape(tr("hidden card"))}</title></rect>',
            f'<rect x="{x + 4}" y="{y + 4}" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="2" fill="none" '
            f'stroke="#aab6dd"/>',
        ]
    colour, value = D.card_parts(card)
    return [
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="3" '
        f'fill={quoteattr(CARD_FILL.get(colour, "#fff"))} stroke="#000"><title>{escape(card)}</title></rect>',
        _text(x + CARD_W / 2, y + 18, str(value), 12, fill="#fff", weight="bold"),
    ]


def _cards(x: float, y: float, cards: Sequence[str | None], right: float, tr: Labels) -> tuple[list[str], float]:
    """Cards in rows from ``x`` up to ``right``; returns the parts and the y below the last row."""
    out: list[str] = []
    per_row = max(1, int((right - x) // CARD_STEP))
    for i, card in enumerate(cards):
        out += _card(x + CARD_STEP * (i % per_row), y + (CARD_H + 4) * (i // per_row), card, tr)
    rows = max(1, math.ceil(len(cards) / per_row))
    return out, y + (CARD_H + 4) * rows


def _supply_row(state: State, y: float, tr: Labels) -> tuple[list[str], float]:
    out = [_text(20, y + 18, tr("Supply row"), 13, anchor="start", weight="bold")]
    current = C.current_set(state)
    x = 110
    for i, tiles in enumerate(state.supply_row):
        size = D.SET_SIZES[i] if i < len(D.SET_SIZES) else 3
        width = size * 22 + 6
        if tiles is not None and not tiles:  # emptied: an outline and the word, no tile boxes
            out.append(
                f'<rect x="{x - 4}" y="{y}" width="{width}" height="28" fill="none" stroke="#bbb" '
                f'stroke-dasharray="3,3"/>'
            )
            out.append(_text(x - 4 + width / 2, y + 18, tr("empty"), 9, fill="#999"))
        else:
            frame = 'stroke="#c0392b" stroke-width="2"' if i == current else 'stroke="#666"'
            out.append(f'<rect x="{x - 4}" y="{y}" width="{width}" height="28" fill="none" {frame}/>')
            for j in range(size):
                tx = x + 22 * j
                if tiles is None:  # not typed in yet at a real table
                    out.append(f'<rect x="{tx}" y="{y + 4}" width="18" height="18" fill="#ddd" stroke="#aaa"/>')
                    out.append(_text(tx + 9, y + 17, "?", 10))
                elif j < len(tiles):
                    out.append(f'<rect x="{tx}" y="{y + 4}" width="18" height="18" fill="#fff" stroke="#444"/>')
                    out.append(_text(tx + 9, y + 17, BUSINESS_LETTER.get(tiles[j], "?"), 10, weight="bold"))
        x += width + 10
    if current is not None:
        out.append(_text(x + 6, y + 18, tr("current set: red frame"), 10, anchor="start", fill="#555"))
    return out, y + 40


def _site_name(site: str) -> str:
    return "Central Park" if site == D.CENTRAL_PARK else D.DISTRICT_NAMES.get(site, site)


def _auction(state: State, a: Auction, y: float, tr: Labels) -> tuple[list[str], float]:
    """The auction: what is at stake, the colours, every bidder's bid and cards, passes, whose bid it is."""
    right = WIDTH - 20
    out = [f'<rect x="10" y="{y}" width="{WIDTH - 20}" height="0" fill="#fff4e6" stroke="#c0392b" stroke-width="2"/>']
    top = y
    y += 20
    then = tr(", then {sites}", sites=", ".join(_site_name(s) for s in a.queue)) if a.queue else ""
    head = tr(
        "Auction: {site} ({commissioner} commissioner{then})",
        site=_site_name(a.site),
        commissioner=a.commissioner,
        then=then,
    )
    out.append(_text(20, y, _fit(head, 14, right - 40), 14, anchor="start", weight="bold", title=head))
    y += 18
    out.append(_text(20, y, _auction_note(state, a, tr), 11, anchor="start"))
    y += 12
    for pid in a.order:
        parts, y = _bidder(state, a, pid, y + 8, tr)
        out += parts
    y += 6
    out[0] = out[0].replace('height="0"', f'height="{y - top:.0f}"')
    return out, y + 10


def _auction_note(state: State, a: Auction, tr: Labels) -> str:
    """What the auction is for: Central Park's colour and who sets it, or what the district's winner may do."""
    if a.site == D.CENTRAL_PARK and state.options.park_colour == "trigger":
        return (
            tr(
                "Colour: {colour} (set by {player}, who started the auctions); the winner builds below the park",
                colour=tr(WORD, word=a.park_colour),
                player=a.trigger,
            )
            if a.park_colour
            else tr("Colour: not set yet - {player} sets it with an opening bid or by passing", player=a.trigger)
        )
    elif a.site == D.CENTRAL_PARK:
        return (
            tr("Colour: {colour} (set by the opening bid); the winner builds below the park", colour=a.park_colour)
            if a.park_colour
            else tr("Colour: not set yet - the opening bid's card sets it")
        )
    else:
        return (
            tr("Full district: the winner may declare a building stop")
            if a.full
            else tr("The winner builds on the winner's own plot or on the empty plot of the winner's colour")
        )


def _bidder_status(state: State, a: Auction, pid: str, tr: Labels) -> str:
    """A bidder's status: passed, his bid (and whether it is high), to bid, or the winner's choices."""
    high = C.high_bid(a)
    b = C.bid_of(a, pid)
    if pid in a.passed:
        status = tr("passed")
    elif b is not None:
        total = sum(C.card_value(c) for c in b.cards)
        status = tr("{colour} bid {total}", colour=b.colour, total=total) + (tr(" (high)") if total == high else "")
    else:
        status = tr("to bid") if pid == a.to_act else tr("no bid yet")
    if a.stage == "resolve" and pid == a.winner:
        choices = [
            tr("build {count}", count=n) if k == "build" else tr("building stop") for k, n in C.winner_choices(state)
        ]
        status = tr("won with {high}: {choices}", high=high, choices=tr(" or ").join(choices))
    return status


def _bidder(state: State, a: Auction, pid: str, y: float, tr: Labels) -> tuple[list[str], float]:
    """One bidder's row: his name (marked when he is to act), his status, the colours he may bid, his cards."""
    right = WIDTH - 20
    out: list[str] = []
    b = C.bid_of(a, pid)
    mark = "▶ " if pid == a.to_act else ""
    status = _bidder_status(state, a, pid, tr)
    label = mark + pid
    out.append(
        _text(
            20,
            y + 17,
            _fit(label, 12, 280),
            12,
            anchor="start",
            weight="bold" if pid == a.to_act else "normal",
            title=label,
        )
    )
    out.append(_text(330, y + 17, status, 11, anchor="start"))
    colours = _allowed(state, a, pid, tr)
    if colours and pid not in a.passed and a.stage == "bidding":
        out.append(_text(330, y + 30, tr("may bid: {colours}", colours=colours), 9, anchor="start", fill="#555"))
    cards = list(b.cards) if b is not None else []
    parts, bottom = _cards(520, y, cards, right, tr)
    out += parts
    y = max(bottom, y + 34)
    return out, y


def _allowed(state: State, a: Auction, pid: str, tr: Labels) -> str:
    if state.dummy is not None and pid == state.dummy.id:
        return tr("black cards it draws")
    mine = C.bid_of(a, pid)
    if mine is not None:
        return tr("{colour} or black", colour=mine.colour)
    if a.site == D.CENTRAL_PARK:
        return tr(WORD, word=a.park_colour) if a.park_colour else tr("any colour (opening)")
    return ", ".join(tr(WORD, word=c) for c in C.allowed_colours(state, a.site, pid))


def _players(state: State, player: str | None, owners: dict[str, str], y: float, tr: Labels) -> tuple[list[str], float]:
    out: list[str] = []
    acting = C.acting(state) if state.result is None else None
    for p in state.players:
        parts, y = _player(p, player, acting, owners, y, tr)
        out += parts
    if state.dummy is not None:
        parts, y = _dummy(state.dummy, owners, y, tr)
        out += parts
    if state.result is not None:
        parts, y = _winners(state.result, y, tr)
        out += parts
    return out, y


def _player(
    p: Player, player: str | None, acting: str | None, owners: dict[str, str], y: float, tr: Labels
) -> tuple[list[str], float]:
    """A player's row: his colour, name and counts, and his hand to himself (its backs, counted, to others)."""
    out: list[str] = []
    right = WIDTH - 20
    out.append(
        f'<rect x="20" y="{y}" width="16" height="16" fill={quoteattr(owners.get(p.id, "#000"))}>'
        f"<title>{escape(p.id)}</title></rect>"
    )
    label = ("▶ " if acting == p.id else "") + p.id
    out.append(_text(42, y + 13, _fit(label, 12, 330), 12, anchor="start", weight="bold", title=label))
    stats = tr(
        "{points} points; supply {supply}, general {general}; {cards} cards in hand",
        points=p.points,
        supply=p.supply,
        general=p.general,
        cards=p.hand_size,
    )
    if acting == p.id:
        stats += tr("; to move")
    out.append(_text(400, y + 13, stats, 11, anchor="start"))
    y += 22
    if player == p.id and p.hand is not None and p.hand:
        hand = sorted(p.hand, key=_hand_order)
        parts, y = _cards(42, y, hand, right, tr)
        out += parts
        y += 4
    elif p.hand is None and p.hand_size:  # hidden from this viewer: its backs, counted
        parts, _ = _cards(42, y, [None], right, tr)
        out += parts
        out.append(_text(42 + CARD_STEP + 4, y + 18, tr("x {count} hidden", count=p.hand_size), 10, anchor="start"))
        y += CARD_H + 8
    return out, y


def _dummy(dummy: Dummy, owners: dict[str, str], y: float, tr: Labels) -> tuple[list[str], float]:
    out: list[str] = []
    fill = quoteattr(owners.get(dummy.id, "#000"))
    out.append(f'<rect x="20" y="{y}" width="16" height="16" fill={fill}/>')
    out.append(
        _text(
            42,
            y + 13,
            _fit(tr("{dummy} (dummy bidder)", dummy=dummy.id), 12, 330),
            12,
            anchor="start",
            title=dummy.id,
        )
    )
    out.append(_text(400, y + 13, tr("general {general}", general=dummy.general), 11, anchor="start"))
    y += 24
    return out, y


def _winners(result: Result, y: float, tr: Labels) -> tuple[list[str], float]:
    out: list[str] = []
    right = WIDTH - 20
    lines = _wrap(
        [tr("Winner:")] + [w + "," for w in result.winners[:-1]] + list(result.winners[-1:]),
        14,
        right - 20,
    )
    for line in lines:
        y += 18
        out.append(_text(20, y, line, 14, anchor="start", weight="bold"))
    y += 6
    return out, y


def _hand_order(card: str) -> tuple[int, int]:
    colour, value = D.card_parts(card)
    order = list(D.CARD_COLOURS)
    return (order.index(colour) if colour in order else len(order), value)


def render(book: RuleBook, state: State, player: str | None = None, tr: Labels = english) -> str:
    """The picture; ``tr`` renders each label (the edge passes a language's)."""
    owners = _owners(state)
    bad = {v.pointer[len("/state") :] for v in board_violations(book, state, "/state")}
    stake = state.auction.site if state.auction is not None else None
    board = _graph(state)
    for d in state.districts:
        board += _district(state, d, owners, bad, d.id == stake, tr)
    board += _park(state, owners, bad, stake == D.CENTRAL_PARK, tr)
    board += _commissioners(state, tr)
    board.append(
        _text(
            20,
            18,
            tr(
                "B boutique  J jeweler  G gallery  P perfumery; on a skyscraper plot: "
                "points each x count; red ring: the auction's site"
            ),
            10,
            anchor="start",
        )
    )
    parts, y = _supply_row(state, BOARD_BOTTOM, tr)
    board += parts
    if state.auction is not None:
        parts, y = _auction(state, state.auction, y, tr)
        board += parts
    parts, y = _players(state, player, owners, y + 4, tr)
    board += parts
    height = int(y + 16)
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif">',
        f"<title>{escape(book.edition.texts['picture.title'])}</title>",
        f'<rect width="{WIDTH}" height="{height}" fill="#fbfaf5"/>',
    ]
    return "\n".join(head + board + ["</svg>"])
