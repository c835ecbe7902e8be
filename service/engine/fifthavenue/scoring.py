"""Valuations: a district (1/2/3/5/8 per skyscraper), a building stop, the special scorings, Central Park
and the final valuation; and ``score`` over a whole state or the partial scoring input (any subset of the
board)."""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec
from msgspec import Meta

from ..kit import RuleBook
from ..memo import kind_of, remembered, remembered_many
from ..standings import after_scoring
from . import board as B
from . import data as D
from .options import Options
from .state import District, State
from .validate import VOUCHED, board_violations

if TYPE_CHECKING:
    PlotId = str
else:
    PlotId = Literal[D.PLOT_IDS]  # the five colours and the back side's sixth plot


def per_skyscraper(types: int) -> int:
    return D.VALUE_TABLE[max(0, min(types, len(D.VALUE_TABLE) - 1))]


def district_material(options: Options, d: District) -> dict[str, Any]:
    return _material(list(options.plot_ring), d)


def _material(ring: list[str], d: District) -> dict[str, Any]:
    """``district_material`` with the ring's list made once for every district valued, and every empty
    plot's part the same (never changed) dict."""
    return {
        "ring": ring,
        "plots": {
            p.colour: _EMPTY_PLOT
            if (sky := p.skyscrapers) is None and not p.businesses
            else {
                "businesses": sorted(p.businesses),
                "skyscrapers": None if sky is None else [sky.owner, sky.count],
            }
            for p in d.plots
        },
    }


_EMPTY_PLOT: dict[str, Any] = {"businesses": [], "skyscrapers": None}


_ROW_ORDER = itemgetter("owner", "plot")


def _sides(ring: list[str]) -> dict[str, tuple[str, str]]:
    """Each plot colour of the ring and the two beside it (the first place of a colour named twice)."""
    out: dict[str, tuple[str, str]] = {}
    for i, colour in enumerate(ring):
        if colour not in out:
            out[colour] = (ring[i - 1], ring[(i + 1) % len(ring)])
    return out


_DEFAULT_RING = list(D.DEFAULT_PLOT_RING)
_DEFAULT_SIDES = _sides(_DEFAULT_RING)


def compute_rows(material: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per skyscraper plot: its owner, the distinct adjacent business types and the points.
    Works on the memo material alone (the ring order and the plots), so the material fixes the value; a
    sixth plot (the board's back side) touches every plot of the ring."""
    ring = material["ring"]
    plots = material["plots"]
    sides = _DEFAULT_SIDES if ring == _DEFAULT_RING else _sides(ring)
    hub = D.SIXTH_PLOT in plots
    rows = []
    for colour, plot in plots.items():
        sky = plot["skyscrapers"]
        if sky is None or sky[1] <= 0:
            continue
        kinds = 0
        beside = sides.get(colour)
        if beside is not None:
            # the business types on the two plots beside it in the ring (not itself) and the hub
            left, right = beside
            types: set[str] = set()
            if left != colour:
                types.update((plots.get(left) or {}).get("businesses") or ())
            if right != colour:
                types.update((plots.get(right) or {}).get("businesses") or ())
            if hub:
                types.update((plots.get(D.SIXTH_PLOT) or {}).get("businesses") or ())
            kinds = len(types)
        each = per_skyscraper(kinds)
        rows.append(
            {
                "owner": sky[0],
                "plot": colour,
                "count": sky[1],
                "types": kinds,
                "per_skyscraper": each,
                "points": each * sky[1],
            }
        )
    rows.sort(key=_ROW_ORDER)
    return rows


class Row(msgspec.Struct, forbid_unknown_fields=True):
    """A remembered row of a district's valuation (``compute_rows``): a skyscraper plot's owner and the
    points the value table pays per skyscraper for the business types around it."""

    owner: str
    plot: PlotId
    count: Annotated[int, Meta(ge=1)]
    types: Annotated[int, Meta(ge=0)]
    per_skyscraper: int
    points: int

    def __post_init__(self) -> None:
        if self.per_skyscraper != per_skyscraper(self.types) or self.points != self.per_skyscraper * self.count:
            raise ValueError("a row's points are not what the value table pays")


def value_district(options: Options, d: District) -> list[dict[str, Any]]:
    material = district_material(options, d)
    kind = kind_of(D.DISTRICT_VALUATION, D.FIFTH_AVENUE)
    rows: list[dict[str, Any]] = remembered(kind, material, lambda: compute_rows(material), list[Row])
    return rows


def value_districts(options: Options, districts: list[District]) -> list[list[dict[str, Any]]]:
    ring = list(options.plot_ring)
    materials = [_material(ring, d) for d in districts]
    return remembered_many(kind_of(D.DISTRICT_VALUATION, D.FIFTH_AVENUE), materials, compute_rows, list[Row])


def points_by_owner(rows: list[dict[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in rows:
        out[r["owner"]] = out.get(r["owner"], 0) + r["points"]
    return out


def stop_points(rows: list[dict[str, Any]], declarer: str) -> dict[str, int]:
    """Declarer: 1 point per skyscraper in the district (every colour); everyone else: half the normal
    valuation rounded down (English rulebook p. 10; the seed's section 'Veiling')."""
    normal = points_by_owner(rows)
    out = {owner: pts // 2 for owner, pts in normal.items() if owner != declarer}
    out[declarer] = sum(r["count"] for r in rows)
    return out


def park_points(
    skyscrapers: dict[str, int], tiles: list[str], fewer: str = D.PARK_TILES_FEWER[0]
) -> tuple[int, int, dict[str, int]]:
    """Each skyscraper below Central Park scores by the distinct types among the revealed tiles (English rulebook p. 7).
    Reading `park_tiles_fewer`: with fewer than 3 tiles there, ``count_revealed`` counts what is there
    (none scores the table's 1); ``minimum_two`` never goes below 2, the park's lowest value."""
    types = len(set(tiles))
    each = per_skyscraper(types)
    if fewer == "minimum_two":
        each = max(each, D.VALUE_TABLE[1])
    return types, each, {owner: n * each for owner, n in skyscrapers.items()}


def districts_with_skyscrapers(state: State, player: str) -> int:
    return sum(1 for d in state.districts if not d.stopped and B.owned_plot(d, player) is not None)


def special_scoring(state: State, points: int, need: int) -> dict[str, int]:
    """A special scoring (reading `special_scorings`): ``points`` to each player with a skyscraper in at
    least ``need`` districts."""
    return {p.id: points for p in state.players if districts_with_skyscrapers(state, p.id) >= need}


def park_skyscrapers(state: State) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in state.park.skyscrapers:
        out[s.owner] = out.get(s.owner, 0) + s.count
    return out


def winners(points: dict[str, int], cards: dict[str, int]) -> list[str]:
    """Most points; a tie goes to the most cards left in hand; a tie that stays is shared."""
    if not points:
        return []
    best = max(points.values())
    tied = [p for p, v in points.items() if v == best]
    if len(tied) == 1:
        return tied
    most = max([cards.get(p, 0) for p in tied])
    return sorted([p for p in tied if cards.get(p, 0) == most])


# ------------------------------------------------------------------ score(): the partial format


def _players(state: State) -> list[str]:
    ids = [p.id for p in state.players]
    for d in state.districts:
        for p in d.plots:
            if (sky := p.skyscrapers) is not None and sky.owner not in ids:
                ids.append(sky.owner)
    for s in state.park.skyscrapers:
        if s.owner not in ids:
            ids.append(s.owner)
    dummy = state.dummy.id if state.dummy is not None else None
    return [i for i in ids if i != dummy] if state.players else ids


def score(book: RuleBook, state: State, scoring: dict[str, Any] | None) -> dict[str, Any]:
    scoring = scoring or {"scoring": "final"}
    kind = scoring.get("scoring") or "final"
    # a state vouched for is consistent: its board breaks no rule
    violations = [] if VOUCHED in state.derived else [v.to_dict() for v in board_violations(book, state, "/state")]
    players = _players(state)
    points_before = {p.id: p.points for p in state.players}
    out: dict[str, Any] = {"scoring": kind}
    if kind.startswith("district:") or kind.startswith("building_stop:"):
        out.update(district_breakdown(book, state, scoring, players, violations))
    else:
        out.update(final_breakdown(book, state, scoring.get("central_park_tiles"), players, violations))
    out["totals"] = {p["id"]: p["total"] for p in out["players"]}
    out.update(_standings(state, out["players"], points_before, kind == "final"))
    out["violations"] = violations
    return out


def _standings(
    state: State, scored: list[dict[str, Any]], points_before: dict[str, int], final: bool
) -> dict[str, Any]:
    """The standings after the scoring, and its winners: a finished game's own, else the most points
    (ties to the most cards in hand)."""
    cards = {p.id: p.hand_size for p in state.players}
    return after_scoring(
        [p["id"] for p in scored],
        {p["id"]: p["points"] for p in scored},
        points_before,
        over=state.result is not None,
        final=final,
        winners_of=lambda standings: (
            list(state.result.winners) if state.result is not None else winners(standings, cards)
        ),
    )


def district_breakdown(
    book: RuleBook, state: State, scoring: dict[str, Any], players: list[str], violations: list[dict[str, Any]]
) -> dict[str, Any]:
    """A district's valuation or its building stop (``district:<id>``, ``building_stop:<id>``): each
    skyscraper plot's row and each player's points; a building stop's declarer joins the players."""
    kind = scoring.get("scoring") or "final"
    did = kind.split(":", 1)[1]
    d = B.district(state, did)
    rows = _district_rows(book, state, d, did, violations)
    out: dict[str, Any] = {}
    if kind.startswith("district:"):
        gained = points_by_owner(rows)
    else:
        declarer = scoring.get("declarer")
        gained = _stop_gains(book, d, rows, declarer, players, violations)
        out["declarer"] = declarer
    before = {p.id: p.points for p in state.players}
    out["district"] = did
    out["plots"] = rows
    out["players"] = [_district_player(p, kind, did, before.get(p, 0), gained.get(p, 0)) for p in players]
    return out


def _district_rows(
    book: RuleBook, state: State, d: District | None, did: str, violations: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The district's rows; an unknown district has none, a stopped one is valued but said to be stopped."""
    if d is None:
        violations.append(
            book.violation("score.unknown_district", "No district {did!r}.", "/scoring", did=did).to_dict()
        )
        return []
    if d.stopped:
        violations.append(
            book.violation(
                "score.stopped_district",
                "District {did!r} is under a building stop and has no valuation.",
                "/scoring",
                did=did,
            ).to_dict()
        )
    return value_district(state.options, d)


def _stop_gains(
    book: RuleBook,
    d: District | None,
    rows: list[dict[str, Any]],
    declarer: str | None,
    players: list[str],
    violations: list[dict[str, Any]],
) -> dict[str, int]:
    """Each player's points from a building stop; without a declarer, everyone's half."""
    if not declarer:
        violations.append(
            book.violation(
                "score.declarer_missing", "A building-stop scoring needs the declarer.", "/declarer"
            ).to_dict()
        )
        return {o: v // 2 for o, v in points_by_owner(rows).items()}
    if declarer not in players:
        players.append(declarer)
    if d is not None and not B.is_full(d):
        violations.append(
            book.violation(
                "score.stop_not_full",
                "A building stop needs every plot of the district occupied.",
                "/scoring",
            ).to_dict()
        )
    return stop_points(rows, declarer)


def _district_player(pid: str, kind: str, did: str, before: int, gained: int) -> dict[str, Any]:
    return {
        "id": pid,
        "total": before + gained,
        "breakdown": [
            _before(before),
            {"category": kind, "points": gained, "detail": {"district": did}},
        ],
        "points": gained,
        "points_before": before,
    }


def final_breakdown(
    book: RuleBook, state: State, tiles: list[str] | None, players: list[str], violations: list[dict[str, Any]]
) -> dict[str, Any]:
    """The final valuation: every district not stopped, then Central Park by its revealed tiles."""
    per_district, plots_of = _live_districts(state)
    in_districts: dict[str, int] = {}  # each owner's points from the districts
    for d in per_district.values():
        for owner, pts in d["points"].items():
            in_districts[owner] = in_districts.get(owner, 0) + pts
    gained = {p: in_districts.get(p, 0) for p in players}
    park = _central_park(book, state, _park_tiles(state, tiles), violations)
    _add_known(gained, park["points"])
    before = {p.id: p.points for p in state.players}
    cards = {p.id: p.hand_size for p in state.players}
    applied = state.result is not None  # a finished game's points already hold the final valuation
    totals = {p: before.get(p, 0) + (0 if applied else gained.get(p, 0)) for p in players}
    # each district's category, points and plots by owner, once for every player's breakdown
    valued = [(_CATEGORY.get(did) or f"district:{did}", d["points"], plots_of[did]) for did, d in per_district.items()]
    return {
        "districts": per_district,
        "central_park": park,
        "players": [
            {
                "id": p,
                "total": totals[p],
                "breakdown": _final_parts(valued, park, p, totals[p] - gained.get(p, 0), applied),
                "districts": in_districts.get(p, 0),
                "central_park": park["points"].get(p, 0),
                "points": gained.get(p, 0),
                "points_before": before.get(p, 0),
                "cards_in_hand": cards.get(p, 0),
            }
            for p in players
        ],
        "winners": winners(totals, cards),
        "already_applied": applied,
    }


_CATEGORY = {did: f"district:{did}" for did in D.DISTRICTS}


def _by_owner(rows: list[dict[str, Any]]) -> tuple[dict[str, int], dict[str, list[str]]]:
    """A district's rows by owner: the points (``points_by_owner``) and the plots (in the rows' order)."""
    points: dict[str, int] = {}
    plots: dict[str, list[str]] = {}
    for r in rows:
        owner = r["owner"]
        if owner in plots:
            points[owner] += r["points"]
            plots[owner].append(r["plot"])
        else:
            points[owner] = r["points"]
            plots[owner] = [r["plot"]]
    return points, plots


def _live_districts(state: State) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, list[str]]]]:
    """Each district not stopped: its rows and each owner's points; and each owner's plots there."""
    live = [d for d in state.districts if not d.stopped]
    valued: dict[str, dict[str, Any]] = {}
    plots: dict[str, dict[str, list[str]]] = {}
    for d, rows in zip(live, value_districts(state.options, live)):
        points, plots[d.id] = _by_owner(rows)
        valued[d.id] = {"plots": rows, "points": points}
    return valued, plots


def _add_known(gained: dict[str, int], points: dict[str, int]) -> None:
    """Add ``points`` to the players ``gained`` lists (not to the dummy)."""
    for owner, pts in points.items():
        if owner in gained:
            gained[owner] += pts


def _park_tiles(state: State, tiles: list[str] | None) -> list[str] | None:
    """The tiles revealed below Central Park: those given, all there when at most 3 lie there, or the
    digital draw the game's end would make; None when they are still to be revealed."""
    if tiles is not None:
        return tiles
    park_tiles = list(state.park.businesses)
    if len(park_tiles) <= D.PARK_TILES_REVEALED:
        return park_tiles
    if state.park_order is not None:
        return [park_tiles[i] for i in state.park_order if 0 <= i < len(park_tiles)][: D.PARK_TILES_REVEALED]
    return None


def _central_park(
    book: RuleBook, state: State, tiles: list[str] | None, violations: list[dict[str, Any]]
) -> dict[str, Any]:
    """Central Park's valuation by the revealed tiles (or a violation when they are missing or not there)."""
    if tiles is None:
        violations.append(
            book.violation(
                "score.park_tiles_missing",
                "Central Park needs the three tiles revealed (central_park_tiles).",
                "/central_park_tiles",
            ).to_dict()
        )
        return {"tiles": None, "types": None, "per_skyscraper": None, "points": {}}
    types, each, points = park_points(park_skyscrapers(state), list(tiles), state.options.park_tiles_fewer)
    if _not_within(list(tiles), list(state.park.businesses)) and state.park.businesses:
        violations.append(
            book.violation(
                "score.park_tiles_not_there",
                "The revealed tiles are not among the businesses below Central Park.",
                "/central_park_tiles",
            ).to_dict()
        )
    return {"tiles": list(tiles), "types": types, "per_skyscraper": each, "points": points}


def _before(points: int, applied: bool = False) -> dict[str, Any]:
    """The points the state already holds from earlier scorings (less this valuation when the finished
    game's points already include it), so that the breakdown adds up to the total."""
    return {"category": "points_before", "points": points, "detail": {"already_applied": applied}}


def _final_parts(
    valued: list[tuple[str, dict[str, int], dict[str, list[str]]]],
    park: dict[str, Any],
    pid: str,
    earlier: int,
    applied: bool,
) -> list[dict[str, Any]]:
    """The final valuation by category: earlier points, every district valued (its category, points and
    plots by owner), Central Park."""
    parts = [_before(earlier, applied)]
    parts += [
        {"category": category, "points": points.get(pid, 0), "detail": {"plots": owned.get(pid) or []}}
        for category, points, owned in valued
    ]
    parts.append(
        {
            "category": "central_park",
            "points": park["points"].get(pid, 0),
            "detail": {"tiles": park["tiles"], "per_skyscraper": park["per_skyscraper"]},
        }
    )
    return parts


def _not_within(part: list[str], whole: list[str]) -> bool:
    rest = list(whole)
    for t in part:
        if t in rest:
            rest.remove(t)
        else:
            return True
    return False
