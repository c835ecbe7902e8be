"""Chinatown's proposals for ``explain`` (service/engine/explain.py): its listed moves whose parameters name
what differs (a kept lot whose owner appeared, a shop placed on a lot, a reveal of what the table shows),
and, in the trading phase, the trades that move what changed hands, which legal-moves does not list: each
lot whose owner changed goes from the page's owner to the observed one, and the shop tiles and money whose
counts went down at some players and up at others are passed from the ones to the others."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..explain import Clues, Proposer
from .state import State, Trade, Transfer

MONEY_UNIT = 10000


def trades(game: Any, state: State, clues: Clues) -> Iterator[Trade]:
    """The trades that move what differs, each proposed by every party awaited: all of it; the lots and
    the money; the lots alone."""
    if state.phase != "trade" or state.pending is not None:
        return
    ids = state.ids
    lots: dict[tuple[str, str], list[int]] = {}
    tiles: dict[str, dict[str, int]] = {}  # shop -> player -> change
    money: dict[str, int] = {}
    for diff in clues.differences:
        steps = diff.pointer.split("/")[1:]
        if len(steps) == 3 and steps[0] == "board" and steps[2] == "owner":
            if isinstance(diff.page, str) and isinstance(diff.observed, str) and steps[1].isdigit():
                lots.setdefault((diff.page, diff.observed), []).append(int(steps[1]))
        elif len(steps) >= 3 and steps[0] == "players" and steps[1].isdigit() and int(steps[1]) < len(ids):
            who = ids[int(steps[1])]
            if steps[2] == "money" and len(steps) == 3 and _count(diff.page) and _count(diff.observed):
                money[who] = diff.observed - diff.page
            elif steps[2] == "tiles" and len(steps) == 4:
                before = diff.page if _count(diff.page) else 0
                after = diff.observed if _count(diff.observed) else 0
                tiles.setdefault(steps[3], {})[who] = after - before
    if not lots:
        return
    lot_moves = [Transfer(giver, receiver, lots=tuple(sorted(found))) for (giver, receiver), found in lots.items()]
    tile_moves = [t for shop, change in sorted(tiles.items()) for t in _matched(change, _tiles_of(shop))]
    money_moves = list(_matched(money, lambda n: {"money": n}))
    variants = [lot_moves + tile_moves + money_moves, lot_moves + money_moves, lot_moves]
    awaited = game.status(state).to_move
    done: set[tuple[Transfer, ...]] = set()
    for transfers in variants:
        merged = _merged(transfers)
        if merged in done:
            continue
        done.add(merged)
        parties = {t.giver for t in merged} | {t.receiver for t in merged}
        for player in awaited:
            if player in parties:
                yield Trade(player, merged)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _tiles_of(shop: str) -> Callable[[int], dict[str, Any]]:
    return lambda n: {"tiles": (shop,) * n}


def _matched(change: dict[str, int], part: Callable[[int], dict[str, Any]]) -> Iterator[Transfer]:
    """What went down at some players passed to those it went up at, the largest first."""
    give: list[tuple[str, int]] = sorted(((who, -n) for who, n in change.items() if n < 0), key=lambda g: -g[1])
    take: list[tuple[str, int]] = sorted(((who, n) for who, n in change.items() if n > 0), key=lambda t: -t[1])
    gi = ti = 0
    left_give = give[0][1] if give else 0
    left_take = take[0][1] if take else 0
    while gi < len(give) and ti < len(take):
        amount = min(left_give, left_take)
        if amount > 0:
            yield Transfer(give[gi][0], take[ti][0], **part(amount))
        left_give -= amount
        left_take -= amount
        if left_give == 0:
            gi += 1
            left_give = give[gi][1] if gi < len(give) else 0
        if left_take == 0:
            ti += 1
            left_take = take[ti][1] if ti < len(take) else 0


def _merged(transfers: list[Transfer]) -> tuple[Transfer, ...]:
    """One transfer for each giver and receiver, holding all they pass."""
    by_pair: dict[tuple[str, str], Transfer] = {}
    for t in transfers:
        had = by_pair.get((t.giver, t.receiver))
        if had is None:
            by_pair[(t.giver, t.receiver)] = t
        else:
            by_pair[(t.giver, t.receiver)] = Transfer(
                t.giver,
                t.receiver,
                lots=tuple(sorted(had.lots + t.lots)),
                tiles=tuple(sorted(had.tiles + t.tiles)),
                money=had.money + t.money,
            )
    return tuple(by_pair[key] for key in sorted(by_pair))


PROPOSER = Proposer(opaque=("deck", "bag"), extra=trades, secret=("lots",))

# What a referee sees at the table: the board (owners' markers and shops), the round and phase, who is done,
# the shop tiles in front of each player (not the money or the building cards in a hand, nor the deck).
VISIBLE = {
    "players": {"id", "tiles"},
    "": {"round", "phase", "first_player", "done", "board"},
}
# At a real table the referee enters every draw, so sees these too.
TABLE = ("hand",)
