"""The scorings: block scoring (Phase 3: placings by floors with the three tie rules, points, the spaceport
bonus) with its full breakdown, the score answer, and the end's winners with their tie-break."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import msgspec

from ..core import Violation
from ..memo import conforms, kind_of, remembered_many
from ..standings import after_scoring, leaders
from . import data
from .state import Block, Options, Player, ScoreInput, State


def materials(blocks: Sequence[tuple[str, Block]], first_tie_rest: str) -> list[dict[str, Any]]:
    """What each block's placings depend on, the memo's material: each owner's floors in all
    (``floors``) and tallest building (``tallest``, never below 0), owners in the order they first appear
    among the block's buildings, and the tie rule (``rest``). One loop for the whole city."""
    out = []
    for _, block in blocks:
        totals: dict[str, int] = {}
        tallest: dict[str, int] = {}
        for building in block.buildings:
            owner, floors = building.owner, building.floors
            if owner in totals:
                totals[owner] += floors
                if floors > tallest[owner]:
                    tallest[owner] = floors
            else:
                totals[owner] = floors
                tallest[owner] = floors if floors > 0 else 0
        out.append({"floors": totals, "tallest": tallest, "rest": first_tie_rest})
    return out


_BELOW = float("-inf")  # below every count


def compute_placings(material: dict[str, Any]) -> dict[str, list[str]]:
    """First and second places of one block from its owners' floors and tallest buildings.

    Most floors is first and the next most second; players tied on most floors are split by their tallest
    buildings (tie rule 1: the tallest first, the others second), and when several share first the others
    take second only with ``rest: second`` (tie rule 2: nobody second). Both places are in name order but
    a lone first; the owners' order in the material does not change the answer."""
    totals: dict[str, int] = material["floors"]
    top = runner = _BELOW
    first: list[str] = []
    second: list[str] = []
    for owner, floors in totals.items():  # the most floors and the next most, with their owners
        if floors > top:
            runner, second = top, first
            top, first = floors, [owner]
        elif floors == top:
            first.append(owner)
        elif floors > runner:
            runner, second = floors, [owner]
        elif floors == runner:
            second.append(owner)
    if len(first) < 2:  # one player first (or nobody): second, every player with the next most floors
        second.sort()
        return {"first": first, "second": second}
    tallest: dict[str, int] = material["tallest"]
    first.sort()
    high = _BELOW
    for owner in first:
        if tallest[owner] > high:
            high = tallest[owner]
    best: list[str] = []
    others: list[str] = []
    for owner in first:
        (best if tallest[owner] == high else others).append(owner)
    if len(best) == 1 or material.get("rest") == "second":
        return {"first": best, "second": others}  # tie rule 1: the other tied players take second
    return {"first": best, "second": []}  # tie rule 2: all first, nobody second


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
    owners = set(material["floors"])
    return lambda places: set(places.first + places.second) <= owners and bool(places.first or not owners)


def _placed(materials: list[dict[str, Any]]) -> list[Any]:
    """Each material's placings, remembered (one batch for the whole city)."""
    computed: dict[int, Any] = {}  # the values computed here, by identity (held, so no id is reused)

    def compute(material: dict[str, Any]) -> dict[str, Any]:
        value = compute_placings(material)
        computed[id(value)] = value
        return value

    try:
        values = remembered_many(kind_of(data.PLACINGS, data.SKYLINE_3000), materials, compute, Placings)
    except Exception:  # a broken memo never breaks scoring
        return [compute_placings(m) for m in materials]
    out = []
    for material, value in zip(materials, values):
        # A kept value's shape was checked by the memo; whom it places is checked here, against the
        # block's own owners, which the memo's check does not see.
        if id(value) not in computed and not conforms(value, Placings, placed_among(material)):
            value = compute_placings(material)
        out.append(value)
    return out


def all_placings(blocks: Iterable[tuple[str, Block]], options: Options) -> dict[str, dict[str, Any]]:
    """Every block's placings, remembered (one batch for the whole city)."""
    items = list(blocks)
    return {block_id: value for (block_id, _), value in zip(items, _placed(materials(items, options.first_tie_rest)))}


def score_blocks(blocks: Iterable[tuple[str, Block]], options: Options) -> dict[str, Any]:
    """Every block's floors, tallest, placings and points; every player's points and spaceport bonus.
    Every owner in a block gets an entry (building owners, then billboard owners, as they first appear);
    the placed ones its points and, on a spaceport, extra cards."""
    items = list(blocks)
    made = materials(items, options.first_tie_rest)
    out_blocks: dict[str, Any] = {}
    players: dict[str, dict[str, Any]] = {}
    district = data.BLOCK_DISTRICT
    for (block_id, block), material, places in zip(items, made, _placed(made)):
        floors, first, second, large = material["floors"], places["first"], places["second"], block.large
        billboards = block.billboards
        bonus = block.greens + len(billboards)
        factor = data.MEGAMARKET_FACTOR if large == "megamarket" else 1
        points: dict[str, int] = {}
        for owner in first:
            points[owner] = (data.FIRST_BASE + bonus) * factor
        for owner in second:
            points[owner] = bonus * factor
        out_blocks[block_id] = {
            "district": district.get(block_id, ""),
            "floors": floors,
            "tallest": material["tallest"],
            "greens": block.greens,
            "billboards": len(billboards),
            "large": large,
            "multiplier": factor,
            "first": list(first),
            "second": list(second),
            "points": points,
        }
        for owner in (*floors, *billboards):
            if owner not in players:
                players[owner] = {"blocks": {}, "total": 0, "spaceport_bonus": 0}
        for owner, pts in points.items():
            entry = _player_entry(players, owner)
            entry["blocks"][block_id] = pts
            entry["total"] += pts
        if large == "spaceport":
            for owner in first:
                _player_entry(players, owner)["spaceport_bonus"] += data.SPACEPORT_BONUS["first"]
            for owner in second:
                _player_entry(players, owner)["spaceport_bonus"] += data.SPACEPORT_BONUS["second"]
    return {"blocks": out_blocks, "players": players}


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
    their standings, and the winners once the game is over (or with ``scoring: final``).

    A player's breakdown is his points by block (``block:<id>``), with the place won there; the spaceport
    bonus is extra cards in the next draw, not points, so it stays beside the breakdown."""
    result = score_blocks(inp.blocks, inp.options)
    scored, blocks = result["players"], result["blocks"]
    # seat order (the answer's bytes never depend on hashing), then owners not seated as they first appear
    seated = [p.id for p in inp.players] if inp.players is not None else []
    ids = seated + [pid for pid in scored if pid not in seated]
    empty = {"blocks": {}, "total": 0, "spaceport_bonus": 0}
    players = []
    totals: dict[str, int] = {}
    bonus: dict[str, int] = {}
    for pid in ids:
        entry = scored.get(pid, empty)
        items = []
        for block_id, pts in entry["blocks"].items():
            block = blocks[block_id]
            detail = {
                "place": "first" if pid in block["first"] else "second",
                "floors": block["floors"].get(pid, 0),
                "multiplier": block["multiplier"],
            }
            items.append({"category": "block:" + block_id, "points": pts, "detail": detail})
        players.append({"id": pid, **entry, "breakdown": items})
        totals[pid] = entry["total"]
        bonus[pid] = entry["spaceport_bonus"]
    out: dict[str, Any] = {
        "scoring": kind,
        "blocks": blocks,
        "players": players,
        "totals": totals,
        "spaceport_bonus": bonus,
    }
    out.update(
        after_scoring(
            ids,
            totals,
            {p.id: p.points for p in inp.players or ()},
            over=inp.phase == "over",
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
    return _winners(inp.players, standings, inp.options)


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
    return _winners(players, {p.id: p.points for p in players}, state.options)


def _winners(players: Sequence[Player], points: dict[str, int], options: Options) -> list[str]:
    """``winners`` with each player's points in ``points`` (by id), whatever his own say."""
    if not players:
        return []
    best = max(points[p.id] for p in players)
    tied = [p for p in players if points[p.id] == best]
    if len(tied) == 1:
        return [tied[0].id]
    rule = options.final_tiebreak
    marks = {p.id: hand_tiebreak(_values(options, p), rule) for p in tied}
    top = max(marks.values())
    return [p.id for p in tied if marks[p.id] == top]


def _values(options: Options, player: Player) -> list[int] | None:
    if player.hand is None:
        return None
    specs = (options.card(c) for c in player.hand)
    return [spec.value for spec in specs if spec]
