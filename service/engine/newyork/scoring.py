"""The three scorings: building majorities by type (with ties and the dummy) and the longest street."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import NULL_MEMO, Memo
from .city import grid_of, longest_street, street_material, street_value_ok
from .codes import memo_kind
from .data import TYPES, scoring_tables
from .state import Player, State

STREET_KIND = memo_kind("longest_street")
MAJORITY_KIND = memo_kind("majorities")


def type_counts(player: Player) -> dict[str, int]:
    """Buildings per type in the city (the reserve never counts)."""
    counts = dict.fromkeys(TYPES, 0)
    for placed in player.city:
        if placed.tile.kind in counts:
            counts[placed.tile.kind] += 1
    return counts


def dummy_counts(state: State) -> dict[str, int] | None:
    if state.dummy is None:
        return None
    counts = dict.fromkeys(TYPES, 0)
    if state.dummy.tiles is not None:
        for tile in state.dummy.tiles:
            if tile.kind in counts:
                counts[tile.kind] += 1
    else:
        counts.update(dict(state.dummy.counts or ()))
    return counts


def places(counts: Sequence[int], table: Sequence[int]) -> list[tuple[int, int]]:
    """(rank, points) per participant for one type: competition ranking, ties share the summed places'
    points rounded down, a count of 0 gets nothing (rank 0)."""
    ranked = sorted((c for c in counts if c > 0), reverse=True)
    out = []
    for c in counts:
        if c <= 0:
            out.append((0, 0))
            continue
        rank = ranked.index(c) + 1
        tied = ranked.count(c)
        pool = sum(table[p - 1] for p in range(rank, rank + tied) if p <= len(table))
        out.append((rank, pool // tied))
    return out


def majority_table(counts: Sequence[Sequence[int]], scoring: str, tiers_key) -> list[list[list[int]]]:
    """Per participant, per type (TYPES order): [rank, points]."""
    tables = scoring_tables(tiers_key)
    columns = [places([row[t] for row in counts], tables[kind][scoring]) for t, kind in enumerate(TYPES)]
    return [[list(columns[t][i]) for t in range(len(TYPES))] for i in range(len(counts))]


def _majority_ok(size: int):
    def check(value: Any) -> bool:
        return (
            isinstance(value, list)
            and len(value) == size
            and all(
                isinstance(row, list)
                and len(row) == len(TYPES)
                and all(isinstance(c, list) and len(c) == 2 and all(type(v) is int for v in c) for c in row)
                for row in value
            )
        )

    return check


def majorities(counts: list[list[int]], scoring: str, tiers_key, memo: Memo) -> list[list[list[int]]]:
    material = {"scoring": scoring, "tiers": [list(p) for p in tiers_key], "counts": counts}
    return memo.get_or_compute(
        MAJORITY_KIND, material, lambda: majority_table(counts, scoring, tiers_key), _majority_ok(len(counts))
    )


def streets(players: Sequence[Player], memo: Memo) -> list[dict]:
    materials = [street_material(grid_of(p.city)) for p in players]

    def compute(material):
        grid = {(x, y): s for x, y, s in material}
        grid[(0, 0)] = ""
        return longest_street(grid)

    return memo.get_or_compute_many(STREET_KIND, materials, compute, street_value_ok)


def scoring_points(state: State, scoring: str, memo: Memo = NULL_MEMO) -> dict[str, Any]:
    """The points one scoring gives, with the breakdown (no violations: see ``score``)."""
    counts = [type_counts(p) for p in state.players]
    dummy = dummy_counts(state)
    rows = [[c[k] for k in TYPES] for c in counts]
    if dummy is not None:
        rows.append([dummy[k] for k in TYPES])
    table = majorities(rows, scoring, state.options.type_tiers, memo) if rows else []
    street = streets(state.players, memo)
    players, totals = [], {}
    for i, player in enumerate(state.players):
        buildings = _buildings(rows[i], table[i])
        length = street[i]["length"]
        total = sum(b["points"] for b in buildings.values()) + length
        players.append(
            {
                "id": player.id,
                "total": total,
                "breakdown": _breakdown(buildings, length),
                "buildings": buildings,
                "street": {"length": length, "points": length},
            }
        )
        totals[player.id] = total
    out: dict[str, Any] = {"scoring": scoring, "players": players, "totals": totals, "dummy": None}
    if dummy is not None:
        buildings = _buildings(rows[-1], table[-1])
        out["dummy"] = {
            "buildings": buildings,
            "total": sum(b["points"] for b in buildings.values()),
            "points": state.dummy.points,
        }
    return out


def _breakdown(buildings: dict[str, dict[str, int]], street: int) -> list[dict[str, Any]]:
    """The points by category: each building type (its count and rank), then the longest street."""
    parts = [
        {"category": kind, "points": b["points"], "detail": {"count": b["count"], "rank": b["rank"]}}
        for kind, b in buildings.items()
    ]
    return parts + [{"category": "longest_street", "points": street, "detail": {"length": street}}]


def _buildings(row: Sequence[int], ranks: Sequence[Sequence[int]]) -> dict[str, dict[str, int]]:
    return {kind: {"count": row[t], "rank": ranks[t][0], "points": ranks[t][1]} for t, kind in enumerate(TYPES)}
