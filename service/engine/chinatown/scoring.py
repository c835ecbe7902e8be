"""Shops, income and the final ranking (the seed's phase 5 and table 2; the reading on oversized
groups, oversized_group_split, in the rules page's section income).

A shop is a maximal orthogonally connected group of same-type tiles with one owner. A group larger than
the type's complete size splits into complete shops of full size and one remainder. What a shop pays is
the edition's income table under the game's options (``Edition.income``), read once where a scoring starts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec
from msgspec import Meta

from ..core import Violation
from ..kit import RuleBook, pointer
from ..memo import remembered
from ..standings import after_scoring
from .board import ADJACENT, bfs_order, is_connected
from .book import EditionBook
from .data import LOT_COUNT, SHOP_SIZES, SHOP_TYPES, SHOPS, Edition, Income
from .state import Board, Partial, State

if TYPE_CHECKING:
    ShopType = str
else:
    ShopType = Literal[SHOP_TYPES]  # the closed set of shop types (the seed's table 2)
Lot = Annotated[int, Meta(ge=1, le=LOT_COUNT)]

Layout = tuple[tuple[int, str, str], ...]  # (lot, owner, shop) for every built lot, sorted by lot


def layout_of(board: Mapping[int, Any]) -> Layout:
    """The owner/shop layout of a board (lot -> object with ``owner`` and ``shop``)."""
    return tuple((lot, cell.owner, cell.shop) for lot, cell in sorted(board.items()) if cell.shop is not None)


def split_group(group: list[int], size: int) -> list[list[int]]:
    """Cut a connected group into pieces of ``size`` tiles plus one remainder, keeping pieces connected
    where a simple search finds such a cut (the income depends only on the piece sizes)."""
    remaining = set(group)
    pieces: list[list[int]] = []
    while len(remaining) > size:
        pieces.append(_cut_piece(remaining, size))
        remaining -= set(pieces[-1])
    pieces.append(sorted(remaining))
    return pieces


def _cut_piece(remaining: set[int], size: int) -> list[int]:
    fallback: list[int] | None = None
    for start in sorted(remaining):
        piece = bfs_order(start, remaining)[:size]
        if len(piece) < size:
            continue
        if fallback is None:
            fallback = piece
        if is_connected(remaining - set(piece)):
            return sorted(piece)
    if fallback is None:  # the remaining lots are not one group: take the smallest lots
        fallback = sorted(remaining)[:size]
    return sorted(fallback)


NEIGHBOURS: dict[int, frozenset[int]] = {lot: frozenset(adjacent) for lot, adjacent in ADJACENT.items()}


def compute_shops(layout: Iterable[Sequence[Any]], income: Income) -> list[dict[str, Any]]:
    """Every shop of the layout (``(lot, owner, shop)`` entries), ordered by owner, type and first lot;
    JSON-ready."""
    by_owner: dict[str, dict[str, list[int]]] = {}
    for lot, owner, shop in layout:
        kinds = by_owner.get(owner)
        if kinds is None:
            by_owner[owner] = {shop: [lot]}
        else:
            lots = kinds.get(shop)
            if lots is None:
                kinds[shop] = [lot]
            else:
                lots.append(lot)
    return shops_of_groups(by_owner, income)


def shops_of_groups(by_owner: Mapping[str, Mapping[str, list[int]]], income: Income) -> list[dict[str, Any]]:
    """``compute_shops`` of the built lots grouped by owner, then type (the lists are taken, not copied): a
    type's one lot is a shop without a search, and two lots are one group exactly when they touch."""
    shops: list[dict[str, Any]] = []
    append = shops.append
    paid: dict[int, int] = {}  # what a shop pays, by complete size * 64 + size
    for owner in sorted(by_owner):
        kinds = by_owner[owner]
        for shop in sorted(kinds) if len(kinds) > 1 else kinds:
            lots = kinds[shop]
            size = SHOP_SIZES[shop]
            if len(lots) == 1:  # most types of most owners: one shop of one lot
                pay = paid.get(size * 64 + 1)
                if pay is None:
                    pay = paid[size * 64 + 1] = income.pay(1, size)
                append({"owner": owner, "type": shop, "lots": lots, "size": 1, "complete": size == 1, "income": pay})
                continue
            if len(lots) == 2:
                first, second = lots
                if first > second:
                    first, second = second, first
                groups: Iterable[list[int]] = (
                    ([first, second],) if second in NEIGHBOURS.get(first, ()) else ([first], [second])
                )
            else:
                groups = _groups(lots)
            for group in groups:
                for piece in (group,) if len(group) <= size else split_group(group, size):
                    n = len(piece)
                    pay = paid.get(size * 64 + n)
                    if pay is None:
                        pay = paid[size * 64 + n] = income.pay(n, size)
                    append(
                        {"owner": owner, "type": shop, "lots": piece, "size": n, "complete": n == size, "income": pay}
                    )
    return shops


def _groups(lots: list[int]) -> list[list[int]]:
    """``board.components`` of a list of distinct lots: the connected groups, each sorted, by smallest lot."""
    lots.sort()
    rest = set(lots)
    groups = []
    for start in lots:
        if start not in rest:
            continue
        rest.discard(start)
        group = [start]
        for lot in group:  # the group grows while it is walked: breadth first
            for nxt in ADJACENT.get(lot, ()):
                if nxt in rest:
                    rest.discard(nxt)
                    group.append(nxt)
        if len(group) > 1:
            group.sort()
        groups.append(group)
    return groups


class Shop(msgspec.Struct, forbid_unknown_fields=True):
    """A remembered shop, as ``compute_shops`` makes it: its lots, as many as its size says, complete when
    they are as many as its type's complete size."""

    owner: str
    type: ShopType
    lots: Annotated[list[Lot], Meta(min_length=1)]
    size: int
    complete: bool
    income: Annotated[int, Meta(ge=0)]

    def __post_init__(self) -> None:
        if self.size != len(self.lots) or self.complete is not (self.size == SHOP_SIZES[self.type]):
            raise ValueError("a shop's size or completeness is not its lots'")


def paid_by(income: Income) -> Callable[[list[Shop]], bool]:
    """What the shops' type cannot say: each pays what ``income`` pays for its size."""
    return lambda shops: all(s.income == income.pay(s.size, SHOP_SIZES[s.type]) for s in shops)


def shops_of(board: Mapping[int, Any], edition: Edition, options: Any) -> list[dict[str, Any]]:
    """The shops of a board in a game of ``edition`` with ``options`` (None: a partial state's, the
    defaults), remembered under its owner/shop layout and the income table they pay by."""
    layout = [[lot, cell.owner, cell.shop] for lot, cell in sorted(board.items()) if cell.shop is not None]
    income = edition.income(options)
    material = [layout, income.material()]  # ``layout_of``'s entries, as lists
    shops: list[dict[str, Any]] = remembered(
        edition.memo_kind(SHOPS),
        material,
        lambda: compute_shops(layout, income),
        list[Shop],
        paid_by(income),
    )
    return shops


def income_by_owner(shops: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for shop in shops:
        totals[shop["owner"]] = totals.get(shop["owner"], 0) + shop["income"]
    return totals


def tiles_on_board(board: Mapping[int, Any]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for cell in board.values():
        if cell.shop is not None:
            counts[cell.owner] = counts.get(cell.owner, 0) + 1
    return counts


def score_parts(
    book: RuleBook, state: State | Partial, state_problems: list[Violation]
) -> tuple[Board, list[str], dict[str, int | None] | None, list[Violation]]:
    """The board, the player ids, their money (None when unknown) and the input's inconsistencies: for a
    full state, ``state_problems`` (its validation); for a partial one, its unknown owners."""
    if isinstance(state, State):
        money = {p.id: p.money for p in state.players}
        return state.board, list(state.ids), money, list(state_problems)
    owners = list(dict.fromkeys(cell.owner for _, cell in sorted(state.board.items())))  # first appearance by lot
    if state.player_ids is None:
        return state.board, owners, (dict(state.money) if state.money else None), []
    problems = [
        book.violation(
            "score.unknown_owner",
            "Lot {lot} is owned by {owner!r}, who is not listed.",
            pointer("state", "board", lot, "owner"),
            lot=lot,
            owner=cell.owner,
        )
        for lot, cell in sorted(state.board.items())
        if cell.owner not in state.player_ids
    ]
    ids = list(state.player_ids) + [o for o in owners if o not in state.player_ids]
    return state.board, ids, (dict(state.money) if state.money is not None else None), problems


@dataclass(frozen=True)
class Tally:
    """What a scoring counts on a board: its shops (all, and each owner's), each owner's income, tiles built
    and lots claimed, and the money known (None when not given)."""

    board: Board
    shops: list[dict[str, Any]]
    income: dict[str, int]
    built: Mapping[str, int]
    money: dict[str, int | None] | None
    owned: dict[str, list[dict[str, Any]]]
    lots: Mapping[str, int]


OWNER_OF = itemgetter("owner")
INCOME_OF = itemgetter("income")


def tally_of(board: Board, money: dict[str, int | None] | None, edition: Edition, options: Any) -> Tally:
    cells = board.as_dict()
    shops = shops_of(cells, edition, options)
    income: dict[str, int] = {}
    owned: dict[str, list[dict[str, Any]]] = {}
    for owner, run in groupby(shops, OWNER_OF):  # the shops come by owner: a run of each (taken in C)
        mine = list(run)
        if owner in owned:  # a remembered list in another order
            owned[owner] += mine
            income[owner] += sum(map(INCOME_OF, mine))
        else:
            owned[owner] = mine
            income[owner] = sum(map(INCOME_OF, mine))
    lots = Counter([cell.owner for cell in cells.values()])
    empty = Counter([cell.owner for cell in cells.values() if cell.shop is None])
    built = {owner: count - empty[owner] for owner, count in lots.items()} if empty else lots
    return Tally(board, shops, income, built, money, owned, lots)


def score(book: EditionBook, state: State | Partial, scoring: str, state_problems: list[Violation]) -> dict[str, Any]:
    """The income scoring (every shop; each player's total is their income, by shop) or, with ``final``,
    the ranking: each player's total is then their money, the game's measure (0 while it is unknown)."""
    board, ids, money, problems = score_parts(book, state, state_problems)
    tally = tally_of(board, money, book.edition, state.options if isinstance(state, State) else None)
    final = scoring == "final"
    players = [player_score(pid, tally, final) for pid in ids]
    result: dict[str, Any] = {
        "scoring": scoring,
        "players": players,
        "shops": tally.shops,
        "totals": {p["id"]: p["total"] for p in players},
    }
    ranking = final_ranking(book, ids, money, tally.built, problems) if final else None
    if ranking is not None:
        result["ranking"] = ranking["ranking"]
    over = isinstance(state, State) and state.phase == "end"
    result.update(standings_after(ids, tally, final, ranking, over))
    result["violations"] = [v.to_dict() for v in problems]
    return result


def player_score(pid: str, tally: Tally, final: bool) -> dict[str, Any]:
    """One player's line: the total and breakdown of the scoring, then their shops, tiles and lots."""
    own = tally.owned.get(pid, [])
    entry: dict[str, Any] = {"id": pid}
    entry.update(money_total(pid, tally) if final else income_total(pid, own, tally))
    entry["income"] = tally.income.get(pid, 0)
    entry["shops"] = own
    entry["tiles_on_board"] = tally.built.get(pid, 0)
    entry["lots"] = tally.lots.get(pid, 0)
    if tally.money is not None and tally.money.get(pid) is not None:
        entry["money"] = tally.money[pid]
    return entry


def money_total(pid: str, tally: Tally) -> dict[str, Any]:
    """The final scoring's total: the player's money (0 and no breakdown while it is unknown)."""
    held = tally.money.get(pid) if tally.money is not None else None
    breakdown = (
        []
        if held is None
        else [{"category": "money", "points": held, "detail": {"tiles_on_board": tally.built.get(pid, 0)}}]
    )
    return {"total": held or 0, "breakdown": breakdown}


CATEGORIES = {shop: f"shop:{shop}" for shop in SHOP_TYPES}  # a shop's breakdown category


def income_total(pid: str, own: list[dict[str, Any]], tally: Tally) -> dict[str, Any]:
    """The income scoring's total: the player's income, shop by shop."""
    categories = CATEGORIES
    breakdown = [
        {
            "category": categories[s["type"]],
            "points": s["income"],
            "detail": {"lots": s["lots"], "size": s["size"], "complete": s["complete"]},
        }
        for s in own
    ]
    return {"total": tally.income.get(pid, 0), "breakdown": breakdown}


def standings_after(
    ids: list[str], tally: Tally, final: bool, ranking: dict[str, Any] | None, over: bool
) -> dict[str, object]:
    """What the scoring awards, the standings after it and the winners: the income scoring adds to the
    money; the final one ranks by it, awarding nothing."""

    def winners_of(standings: dict[str, int]) -> list[str]:
        return ranking["winners"] if ranking is not None else winners_by_money(ids, standings, tally.built)

    before = {pid: held or 0 for pid, held in (tally.money or {}).items()}
    return after_scoring(ids, {} if final else tally.income, before, over=over, final=final, winners_of=winners_of)


def winners_by_money(ids: list[str], money: dict[str, int], built: Mapping[str, int]) -> list[str]:
    """The richest; ties go to more tiles on the board; a tie that stays is shared."""
    key = {pid: (money.get(pid, 0), built.get(pid, 0)) for pid in ids}
    best = max(key.values(), default=None)
    return [pid for pid in ids if key[pid] == best]


def final_ranking(
    book: RuleBook, ids: list[str], money: dict[str, Any] | None, built: Mapping[str, int], problems: list[Violation]
) -> dict[str, Any]:
    """Rank by money, then tiles on the board; equal keys share a place."""
    if money is None or any(money.get(pid) is None for pid in ids):
        problems.append(
            book.violation(
                "score.money_unknown", "The final ranking needs every player's money.", pointer("state", "players")
            )
        )
        return {"ranking": [], "winners": []}
    keyed = sorted(ids, key=lambda pid: (-(money[pid]), -built.get(pid, 0), pid))
    ranking = []
    for pid in keyed:
        key = (money[pid], built.get(pid, 0))
        place = 1 + sum(1 for other in ids if (money[other], built.get(other, 0)) > key)
        ranking.append({"player": pid, "place": place, "money": money[pid], "tiles_on_board": built.get(pid, 0)})
    return {"ranking": ranking, "winners": [r["player"] for r in ranking if r["place"] == 1]}


def winners(state: State) -> list[str]:
    """The richest; ties go to more tiles on the board (readings tie_break and unbroken_tie)."""
    built = tiles_on_board(state.board.as_dict())
    key = {p.id: (p.money or 0, built.get(p.id, 0)) for p in state.players}
    if not key:
        return []
    best = max(key.values())
    return [pid for pid in state.ids if key[pid] == best]
