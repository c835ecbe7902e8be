"""The scorings: block scoring (Phase 3: placings by floors with the three tie rules, points, the spaceport
bonus) with its full breakdown, the score answer, and the end's winners with their tie-break."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import msgspec

from ..core import Violation
from ..kit import replace
from ..memo import conforms, kind_of, remembered_many
from ..standings import after_scoring, leaders
from . import data
from .state import Block, Options, Player, ScoreInput, State


def placings_material(block: Block, first_tie_rest: str) -> dict[str, Any]:
    return {"buildings": sorted([[b.owner, b.floors] for b in block.buildings]), "rest": first_tie_rest}


def tally(buildings: Iterable[Sequence[Any]]) -> tuple[dict[str, int], dict[str, int]]:
    """Each owner's floors in all and tallest building (never below 0), from (owner, floors) pairs, owners
    in the order they first appear."""
    totals: dict[str, int] = {}
    tallest: dict[str, int] = {}
    for owner, floors in buildings:
        if owner in totals:
            totals[owner] += floors
            if floors > tallest[owner]:
                tallest[owner] = floors
        else:
            totals[owner] = floors
            tallest[owner] = floors if floors > 0 else 0
    return totals, tallest


def compute_placings(material: dict[str, Any]) -> dict[str, list[str]]:
    """First and second places of one block from its (owner, floors) list."""
    totals, tallest = tally(material["buildings"])
    if len(totals) < 2:  # nobody, or one owner: first alone
        return {"first": list(totals), "second": []}
    ranked = sorted(totals.values(), reverse=True)
    top = ranked[0]
    if ranked[1] < top:  # one player first; second, every player with the next most floors
        runner = ranked[1]
        first = [p for p, t in totals.items() if t == top]
        return {"first": first, "second": sorted([p for p, t in totals.items() if t == runner])}
    tied = sorted([p for p, t in totals.items() if t == top])
    high = max(tallest[p] for p in tied)
    first = [p for p in tied if tallest[p] == high]
    others = [p for p in tied if tallest[p] < high]
    if len(first) == 1:
        return {"first": first, "second": others}  # tie rule 1: the other tied players take second
    if material.get("rest") == "second":
        return {"first": first, "second": others}
    return {"first": first, "second": []}  # tie rule 2: all first, nobody second


class Placings(msgspec.Struct, forbid_unknown_fields=True):
    """A block's remembered placings (``compute_placings``): nobody both first and second, nobody twice."""

    first: list[str]
    second: list[str]

    def __post_init__(self) -> None:
        placed = self.first + self.second
        if len(set(placed)) != len(placed):
            raise ValueError("a player placed twice")


def placed_among(material: dict[str, Any]) -> Callable[[Placings], bool]:
    """What the placings' type cannot say: every placed player builds in the block (``material``'s), and a
    block with buildings has a first."""
    owners = {owner for owner, _ in material["buildings"]}
    return lambda places: set(places.first + places.second) <= owners and bool(places.first or not owners)


def block_points(block: Block, places: dict[str, list[str]]) -> dict[str, int]:
    bonus = block.greens + len(block.billboards)
    factor = data.MEGAMARKET_FACTOR if block.large == "megamarket" else 1
    points: dict[str, int] = {}
    for p in places["first"]:
        points[p] = (data.FIRST_BASE + bonus) * factor
    for p in places["second"]:
        points[p] = bonus * factor
    return points


def all_placings(blocks: Iterable[tuple[str, Block]], options: Options) -> dict[str, dict[str, Any]]:
    """Every block's placings, remembered (one batch for the whole city)."""
    items = list(blocks)
    materials = [placings_material(block, options.first_tie_rest) for _, block in items]
    computed: dict[int, Any] = {}  # the values computed here, by identity (held, so no id is reused)

    def compute(material: dict[str, Any]) -> dict[str, Any]:
        value = compute_placings(material)
        computed[id(value)] = value
        return value

    try:
        values = remembered_many(kind_of(data.PLACINGS, data.SKYLINE_3000), materials, compute, Placings)
    except Exception:  # a broken memo never breaks scoring
        values = [compute(m) for m in materials]
    out = {}
    for (block_id, _), material, value in zip(items, materials, values):
        # A kept value's shape was checked by the memo; whom it places is checked here, against the
        # block's own owners, which the memo's check does not see.
        if id(value) not in computed and not conforms(value, Placings, placed_among(material)):
            value = compute_placings(material)
        out[block_id] = value
    return out


def score_blocks(blocks: Iterable[tuple[str, Block]], options: Options) -> dict[str, Any]:
    """Every block's floors, tallest, placings and points; every player's points and spaceport bonus."""
    items = list(blocks)
    places = all_placings(items, options)
    out_blocks: dict[str, Any] = {}
    players: dict[str, dict[str, Any]] = {}
    for block_id, block in items:
        scored = _scored_block(block_id, block, places[block_id])
        out_blocks[block_id] = scored
        _credit_players(players, block_id, block, scored)
    return {"blocks": out_blocks, "players": players}


def _scored_block(block_id: str, block: Block, placings: dict[str, list[str]]) -> dict[str, Any]:
    """One block's floors and tallest building by owner, its bonuses, placings and points."""
    floors, high = tally([(b.owner, b.floors) for b in block.buildings])
    return {
        "district": data.BLOCK_DISTRICT.get(block_id, ""),
        "floors": floors,
        "tallest": high,
        "greens": block.greens,
        "billboards": len(block.billboards),
        "large": block.large,
        "multiplier": data.MEGAMARKET_FACTOR if block.large == "megamarket" else 1,
        "first": list(placings["first"]),
        "second": list(placings["second"]),
        "points": block_points(block, placings),
    }


def _credit_players(players: dict[str, dict[str, Any]], block_id: str, block: Block, scored: dict[str, Any]) -> None:
    """Every owner in the block gets an entry; the placed ones its points and, on a spaceport, extra cards."""
    for owner in (*scored["floors"], *block.billboards):
        if owner not in players:
            players[owner] = {"blocks": {}, "total": 0, "spaceport_bonus": 0}
    for owner, pts in scored["points"].items():
        entry = _player_entry(players, owner)
        entry["blocks"][block_id] = pts
        entry["total"] += pts
    if block.large == "spaceport":
        for p in scored["first"]:
            _player_entry(players, p)["spaceport_bonus"] += data.SPACEPORT_BONUS["first"]
        for p in scored["second"]:
            _player_entry(players, p)["spaceport_bonus"] += data.SPACEPORT_BONUS["second"]


def breakdown(blocks: dict[str, dict[str, Any]], points: dict[str, int], pid: str) -> list[dict[str, Any]]:
    """A player's points by block (``block:<id>``), with the place won there; the spaceport bonus is
    extra cards in the next draw, not points, so it stays beside the breakdown."""
    return [
        {
            "category": f"block:{block_id}",
            "points": pts,
            "detail": {
                "place": "first" if pid in blocks[block_id]["first"] else "second",
                "floors": blocks[block_id]["floors"].get(pid, 0),
                "multiplier": blocks[block_id]["multiplier"],
            },
        }
        for block_id, pts in points.items()
    ]


def _player_entry(players: dict[str, dict[str, Any]], pid: str) -> dict[str, Any]:
    if pid not in players:
        players[pid] = {"blocks": {}, "total": 0, "spaceport_bonus": 0}
    return players[pid]


def hand_tiebreak(values: list[int] | None, rule: str) -> int:
    if not values:
        return 0
    return sum(values) if rule == "highest_total" else max(values)


# -- the score answer and the end --------------------------------------------------------------
def as_score_input(state: Any) -> ScoreInput:
    if isinstance(state, ScoreInput):
        return state
    return ScoreInput(
        options=state.options,
        blocks=state.blocks,
        players=state.players,
        phase=state.phase,
        round=state.round,
        state=state,
    )


def score_input(inp: ScoreInput, problems: list[Violation], kind: str) -> dict[str, Any]:
    """Every block's placings and points, each player's round total and spaceport bonus; with players known,
    their standings, and the winners once the game is over (or with ``scoring: final``)."""
    result = score_blocks(inp.blocks, inp.options)
    scored = result["players"]
    # seat order (the answer's bytes never depend on hashing), then owners not seated as they first appear
    seated = [p.id for p in inp.players] if inp.players is not None else []
    ids = seated + [pid for pid in scored if pid not in seated]
    empty = {"blocks": {}, "total": 0, "spaceport_bonus": 0}
    players = [
        {
            "id": pid,
            **scored.get(pid, empty),
            "breakdown": breakdown(result["blocks"], scored.get(pid, empty)["blocks"], pid),
        }
        for pid in ids
    ]
    out: dict[str, Any] = {
        "scoring": kind,
        "blocks": result["blocks"],
        "players": players,
        "totals": {p["id"]: p["total"] for p in players},
        "spaceport_bonus": {p["id"]: p["spaceport_bonus"] for p in players},
    }
    over = inp.phase == "over"
    out.update(
        after_scoring(
            ids,
            out["totals"],
            {p.id: p.points for p in inp.players or ()},
            over=over,
            final=kind == "final",
            winners_of=lambda standings: winners_at(inp, standings),
        )
    )
    out["violations"] = [v.to_dict() for v in problems]
    return out


def winners_at(inp: ScoreInput, standings: dict[str, int]) -> list[str]:
    """The game's winners with the players' points as ``standings`` (its tie-break reads their hands)."""
    if inp.players is None:
        return leaders(standings)
    return winners(replace(inp, players=tuple(replace(p, points=standings[p.id]) for p in inp.players)))


def spaceport_bonus(state: State, pid: str) -> int:
    """The player's extra cards this draw phase: the board has not changed since the scoring that earned them.
    Only the Spaceports' blocks are placed (``score_blocks`` credits the same places)."""
    ports = [(block_id, block) for block_id, block in state.blocks if block.large == "spaceport"]
    if not ports:
        return 0
    bonus = 0
    for places in all_placings(ports, state.options).values():
        if pid in places["first"]:
            bonus += data.SPACEPORT_BONUS["first"]
        if pid in places["second"]:
            bonus += data.SPACEPORT_BONUS["second"]
    return bonus


def winners(state: State | ScoreInput) -> list[str]:
    """Most points; ties by the highest card left in hand (option: the highest total); still tied share."""
    players: tuple[Player, ...] = state.players or ()
    if not players:
        return []
    best = max(p.points for p in players)
    tied = [p for p in players if p.points == best]
    if len(tied) == 1:
        return [tied[0].id]
    rule = state.options.final_tiebreak
    marks = {p.id: hand_tiebreak(_values(state, p), rule) for p in tied}
    top = max(marks.values())
    return [p.id for p in tied if marks[p.id] == top]


def _values(state: State | ScoreInput, player: Player) -> list[int] | None:
    if player.hand is None:
        return None
    specs = (state.options.card(c) for c in player.hand)
    return [spec.value for spec in specs if spec]
