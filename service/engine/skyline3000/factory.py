"""A player's factory: where a Floor card's two floors may go, and putting them there.

The two floors go onto new buildings or unfinished ones: both on one building, or one each on two (the
rules page's floor-card section). A move names, for each floor, the factory index of the building it goes
on; a new building takes the next index (the factory's length) and a second new building the index after
that, so ``[n, n]`` is one new 2-floor building and ``[n, n + 1]`` two new 1-floor buildings when the
factory holds ``n`` buildings. The order of the two floors does not matter.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from .. import kit
from ..core import Violation
from ..kit import RuleBook, replace
from . import data
from .state import FactoryBuilding, Player


def floor_placements_over(unfinished: Sequence[int], n: int) -> list[tuple[int, ...]]:
    """The placements onto these unfinished buildings (ascending) and new ones, in a factory of ``n``."""
    out = [pair for pair in combinations_with_replacement(list(unfinished) + [n], data.FLOORS_PER_CARD)]
    out.append((n, n + 1))
    return out


def canonical(targets: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(targets))


def placement_violations(
    book: RuleBook, player: Player, targets: Sequence[int] | None, pointer: str
) -> list[Violation]:
    """Is ``targets`` a placement of a Floor card's floors in this player's factory?"""
    if targets is None or len(targets) != data.FLOORS_PER_CARD:
        count = 0 if targets is None else len(targets)
        return [
            book.violation(
                "factory.floor_placement",
                "A Floor card places {per_card} floors; the move places {count}.",
                pointer,
                per_card=data.FLOORS_PER_CARD,
                count=count,
            )
        ]
    if any(t < 0 for t in targets):
        return [book.violation("factory.floor_placement", "A building number is never negative.", pointer)]
    return _finished_targets(book, player, targets, pointer) + _new_buildings(book, player, targets, pointer)


def _finished_targets(book: RuleBook, player: Player, targets: Sequence[int], pointer: str) -> list[Violation]:
    """A floor never goes onto a finished (roofed) building."""
    n = len(player.factory)
    return [
        book.violation(
            "factory.building_finished",
            "Building {building} already has a roof and can never change.",
            pointer + kit.pointer(i),
            building=target,
        )
        for i, target in enumerate(targets)
        if target < n and player.factory[target].roof is not None
    ]


def _new_buildings(book: RuleBook, player: Player, targets: Sequence[int], pointer: str) -> list[Violation]:
    """A new building takes the factory's next number, a second new one the number after it."""
    n = len(player.factory)
    new = sorted(t for t in targets if t >= n)
    if not new or new in ([n], [n, n], [n, n + 1]):
        return []
    return [
        book.violation(
            "factory.floor_placement",
            "{player}'s factory holds {count} buildings (0 to "
            "{last}): a new building is number {count}, a second new one {second_new}; the "
            "move names {named}.",
            pointer,
            player=player.id,
            count=n,
            last=n - 1,
            second_new=n + 1,
            named=", ".join(str(t) for t in targets),
        )
    ]


def place_floors(player: Player, targets: Sequence[int]) -> Player:
    """The player with one floor added to each target (new buildings appended in index order)."""
    factory = list(player.factory)
    for target in sorted(targets):
        if target == len(factory):
            factory.append(FactoryBuilding(0))
        factory[target] = replace(factory[target], floors=factory[target].floors + 1)
    return replace(player, factory=tuple(factory))
