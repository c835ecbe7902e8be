"""The three scorings: building majorities by type (with ties and the dummy) and the longest street."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from ..memo import remembered, remembered_many
from .city import grid_of, longest_street, street_material
from .data import Edition
from .state import Player, State

# the memo kinds, under the game's id (``newyork.longest_street``): edition.memo_kind(...)
STREET = "longest_street"
MAJORITIES = "majorities"


def memo_kinds(edition: Edition) -> tuple[str, ...]:
    """The kinds an edition's engine remembers: its longest streets (walls) and majorities."""
    return (edition.memo_kind(STREET), edition.memo_kind(MAJORITIES))


def type_counts(player: Player, types: Sequence[str]) -> dict[str, int]:
    """Buildings per type in the city (the reserve never counts)."""
    counts = dict.fromkeys(types, 0)
    for placed in player.city:
        if placed.tile.kind in counts:
            counts[placed.tile.kind] += 1
    return counts


def dummy_counts(state: State, types: Sequence[str]) -> dict[str, int] | None:
    if state.dummy is None:
        return None
    counts = dict.fromkeys(types, 0)
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


def majority_table(
    counts: Sequence[Sequence[int]], scoring: str, tiers_key: tuple[tuple[str, int], ...], edition: Edition
) -> list[list[list[int]]]:
    """Per participant, per type (the edition's order): [rank, points]."""
    tables = edition.scoring_tables(tiers_key)
    types = edition.types
    columns = [places([row[t] for row in counts], tables[kind][scoring]) for t, kind in enumerate(types)]
    return [[list(columns[t][i]) for t in range(len(types))] for i in range(len(counts))]


Place = tuple[Annotated[int, Meta(ge=0)], Annotated[int, Meta(ge=0)]]  # [rank, points]; rank 0: no building


def _majority_fits(size: int, types: Sequence[str]) -> Callable[[list[list[Place]]], bool]:
    """What the table's type cannot say: a row per participant, a place per type of the edition."""
    return lambda table: len(table) == size and all(len(row) == len(types) for row in table)


def majorities(
    counts: list[list[int]], scoring: str, tiers_key: tuple[tuple[str, int], ...], edition: Edition
) -> list[list[list[int]]]:
    material = {"scoring": scoring, "tiers": [list(p) for p in tiers_key], "counts": counts}
    table: list[list[list[int]]] = remembered(
        edition.memo_kind(MAJORITIES),
        material,
        lambda: majority_table(counts, scoring, tiers_key, edition),
        list[list[Place]],
        _majority_fits(len(counts), edition.types),
    )
    return table


class Street(msgspec.Struct, forbid_unknown_fields=True):
    """A remembered longest street (``city.longest_street``): its edges, as many as its length."""

    length: Annotated[int, Meta(ge=0)]
    edges: list[tuple[int, int, Literal["n", "e", "s", "w"]]]

    def __post_init__(self) -> None:
        if len(self.edges) != self.length:
            raise ValueError("a street's length is not its edges'")


def streets(players: Sequence[Player], edition: Edition) -> list[dict[str, Any]]:
    grids = [grid_of(p.city) for p in players]
    materials = [street_material(grid) for grid in grids]
    # a material made here holds its grid's streets cell by cell: the street of that very list is found on
    # the grid it was made from, not on one built again from it (any other list is built from its members)
    grid_of_material = {id(material): grid for material, grid in zip(materials, grids, strict=True)}

    def compute(material: list[list[Any]]) -> dict[str, Any]:
        grid = grid_of_material.get(id(material))
        if grid is None:
            grid = {(x, y): s for x, y, s in material}
            grid[(0, 0)] = ""
        return longest_street(grid)

    return remembered_many(edition.memo_kind(STREET), materials, compute, Street)


def scoring_points(state: State, scoring: str, edition: Edition) -> dict[str, Any]:
    """The points one scoring gives, with the breakdown (no violations: see ``score``)."""
    types = edition.types
    counts = [type_counts(p, types) for p in state.players]
    dummy = dummy_counts(state, types)
    rows = [[c[k] for k in types] for c in counts]
    if dummy is not None:
        rows.append([dummy[k] for k in types])
    table = majorities(rows, scoring, state.options.type_tiers, edition) if rows else []
    street = streets(state.players, edition)
    players, totals = [], {}
    for i, player in enumerate(state.players):
        buildings = _buildings(rows[i], table[i], types)
        length = street[i]["length"]
        total = sum(b["points"] for b in buildings.values()) + length
        players.append(
            {
                "id": player.id,
                "total": total,
                "breakdown": _breakdown(buildings, length, edition),
                "buildings": buildings,
                edition.edge: {"length": length, "points": length},
            }
        )
        totals[player.id] = total
    out: dict[str, Any] = {"scoring": scoring, "players": players, "totals": totals, "dummy": None}
    if dummy is not None:
        buildings = _buildings(rows[-1], table[-1], types)
        assert state.dummy is not None
        out["dummy"] = {
            "buildings": buildings,
            "total": sum(b["points"] for b in buildings.values()),
            "points": state.dummy.points,
        }
    return out


def _breakdown(buildings: dict[str, dict[str, int]], street: int, edition: Edition) -> list[dict[str, Any]]:
    """The points by category: each building type (its count and rank), then the longest street (or wall:
    the edition's word)."""
    parts = [
        {"category": kind, "points": b["points"], "detail": {"count": b["count"], "rank": b["rank"]}}
        for kind, b in buildings.items()
    ]
    return parts + [{"category": edition.longest, "points": street, "detail": {"length": street}}]


def _buildings(row: Sequence[int], ranks: Sequence[Sequence[int]], types: Sequence[str]) -> dict[str, dict[str, int]]:
    return {kind: {"count": row[t], "rank": ranks[t][0], "points": ranks[t][1]} for t, kind in enumerate(types)}
