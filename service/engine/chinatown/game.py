"""The Chinatown engine object the HTTP layer calls (the Game protocol of ``engine.core``)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from ..core import NULL_MEMO, GameInfo, Memo, Outcome, Reading, RuleCode, Violation
from . import flow, moves, validate as validation
from .board import ADJACENT, BLOCK_OF, BLOCKS
from ..kit import pointer
from .codes import BOOK
from .options import OPTIONS
from .data import (
    COMPLETE_INCOME,
    DEAL_TABLE,
    INCOMPLETE_INCOME,
    MONEY_UNIT,
    ROUNDS,
    SHOP_NAMES,
    SHOP_SIZES,
    START_MONEY,
    TILE_COUNTS,
    tiles_drawn,
)
from .scoring import income_by_owner, shops_of, tiles_on_board
from .state import Partial, State

SCORINGS = ("income", "final")

# The readings fixed by the rules text; the options that are readings come first (options.OPTIONS).
FIXED_READINGS: tuple[Reading, ...] = (
    Reading("player_count", {"min": 3, "max": 5}, "seed",
            "3 to 5 players: the rulebook's table covers only these; there is no official 2-player game."),
    Reading("money_unlimited", True, "assumption",
            "Money is unlimited (the bank's denominations are unknown) and counted in dollars; every amount is a multiple of $10,000."),
    Reading("oversized_group_split", "full_shops_and_remainder", "public source",
            "A same-owner group larger than the shop's size splits into complete shops of full size and one remainder (the same as the rules' single split for every legal state)."),
    Reading("tiles_per_round", "dealt_then_kept", "public source",
            "Shop tiles drawn: round 1 the number of cards dealt, later rounds the number kept (French quick-start; totals 81/84/85)."),
    Reading("end_trading_votes", "all_players_reset_by_trade", "assumption",
            "Trading ends when every player has sent end_trading; a trade made after some have voted starts the vote over."),
    Reading("tie_break", "tiles_on_board_then_shared", "seed",
            "The richest player wins; a tie goes to more shop tiles on the board; a tie that stays is shared."),
    Reading("ownership_markers", "no_cap", "assumption",
            "Each colour has 30 markers, but nothing caps the lots a player may own through trades: the engine sets no limit."),
    Reading("deal_order", "each_player_takes_a_block", "assumption",
            "Digital deals give each player in turn, from the first player, the next cards of the deck; discards are shuffled back with the state's shuffle_seed."),
)
READINGS: tuple[Reading, ...] = tuple(OPTIONS.readings(extra=FIXED_READINGS))


class ChinatownGame:
    def __init__(self, info: GameInfo):
        self.info = info

    # ---- catalogue -------------------------------------------------------------------------------

    def rule_codes(self) -> Sequence[RuleCode]:
        return BOOK.rule_codes()

    def readings(self) -> Sequence[Reading]:
        return READINGS

    def describe(self) -> dict[str, Any]:
        return {
            "board": {
                "lots": {str(lot): {"block": BLOCK_OF[lot], "adjacent": list(adj)} for lot, adj in ADJACENT.items()},
                "blocks": {str(b): list(lots) for b, lots in BLOCKS.items()},
            },
            "shops": [
                {"type": shop, "name": SHOP_NAMES[shop], "size": size, "tiles": TILE_COUNTS[shop]}
                for shop, size in SHOP_SIZES.items()
            ],
            "income": {
                "incomplete": {str(k): v for k, v in INCOMPLETE_INCOME.items()},
                "complete": {str(k): v for k, v in COMPLETE_INCOME.items()},
            },
            "deal_table": {
                str(n): [{"round": r + 1, "dealt": d, "kept": k, "tiles": tiles_drawn(n, r + 1)} for r, (d, k) in enumerate(rows)]
                for n, rows in DEAL_TABLE.items()
            },
            "rounds": ROUNDS,
            "start_money": START_MONEY,
            "money_unit": MONEY_UNIT,
            "options": OPTIONS.defaults(),
            "scorings": list(SCORINGS),
            "legal_moves_notes": [
                "Trades are never listed: any deal between two or more players is possible; send one to /moves to have it checked.",
                f"Reveals are listed only when at most {moves.REVEAL_LIST_LIMIT} are possible; any proposed reveal is checked.",
            ],
            "rule_codes": [{"code": c.code, "text": c.text, "rule": c.rule} for c in BOOK.rule_codes()],
            "readings": [{"name": r.name, "default": r.default, "provenance": r.provenance, "text": r.text} for r in READINGS],
        }

    # ---- play ------------------------------------------------------------------------------------

    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
        return flow.setup(players, seed, options)

    def validate(self, state: State) -> list[Violation]:
        return validation.validate(state)

    def legal_moves(self, state: State, player: str | None = None, move_type: str | None = None) -> list[Any]:
        return moves.legal_moves(state, player, move_type)

    def apply(self, state: State, move: Any, memo: Memo = NULL_MEMO) -> Outcome:
        return moves.apply(state, move, memo)

    def standings(self, state: State | Partial) -> dict[str, int]:
        if isinstance(state, Partial):
            return {pid: money or 0 for pid, money in (state.money or ())}
        return {p.id: p.money or 0 for p in state.players}

    def view(self, state: State, player: str) -> State:
        """What ``player`` may see: others' money and hands hidden, no hidden orders."""
        players = tuple(p if p.id == player else replace(p, money=None, hand=None) for p in state.players)
        return replace(state, players=players, deck=None, bag=None, shuffle_seed=None)

    # ---- scoring ---------------------------------------------------------------------------------

    def score(self, state: State | Partial, scoring: Any = None, memo: Memo = NULL_MEMO) -> dict[str, Any]:
        return score(state, scoring or "income", memo)

    def render(self, state: State | Partial, player: str | None = None, memo: Memo = NULL_MEMO) -> str:
        from .render import render

        return render(state, player, memo)


def score_parts(state: State | Partial) -> tuple[Any, list[str], dict[str, int | None] | None, list[Violation]]:
    """The board, the player ids, their money (None when unknown) and the state's inconsistencies."""
    if isinstance(state, State):
        money = {p.id: p.money for p in state.players}
        return state.board, list(state.ids), money, validation.validate(state)
    owners = sorted({cell.owner for _, cell in state.board.items()})
    if state.player_ids is None:
        return state.board, owners, (dict(state.money) if state.money else None), []
    problems = [
        BOOK.violation("score.unknown_owner", "Lot {lot} is owned by {owner!r}, who is not listed.", pointer("state", "board", lot, "owner"),
                       lot=lot, owner=cell.owner)
        for lot, cell in sorted(state.board.items())
        if cell.owner not in state.player_ids
    ]
    ids = list(state.player_ids) + [o for o in owners if o not in state.player_ids]
    return state.board, ids, (dict(state.money) if state.money is not None else None), problems


def score(state: State | Partial, scoring: str, memo: Memo) -> dict[str, Any]:
    board, ids, money, problems = score_parts(state)
    shops = shops_of(board.as_dict(), memo)
    income = income_by_owner(shops)
    built = tiles_on_board(board.as_dict())
    players = {}
    for pid in ids:
        entry: dict[str, Any] = {
            "income": income.get(pid, 0),
            "shops": [s for s in shops if s["owner"] == pid],
            "tiles_on_board": built.get(pid, 0),
            "lots": sum(1 for _, cell in board.items() if cell.owner == pid),
        }
        if money is not None and money.get(pid) is not None:
            entry["money"] = money[pid]
        players[pid] = entry
    result: dict[str, Any] = {
        "scoring": scoring,
        "players": players,
        "shops": shops,
        "totals": {pid: players[pid]["income"] for pid in ids},
    }
    if scoring == "final":
        result.update(final_ranking(ids, money, built, problems))
    result["violations"] = [v.to_dict() for v in problems]
    return result


def final_ranking(ids: list[str], money: dict | None, built: dict[str, int], problems: list[Violation]) -> dict[str, Any]:
    """Rank by money, then tiles on the board; equal keys share a place."""
    if money is None or any(money.get(pid) is None for pid in ids):
        problems.append(BOOK.violation("score.money_unknown", "The final ranking needs every player's money.", pointer("state", "players")))
        return {"ranking": [], "winners": []}
    keyed = sorted(ids, key=lambda pid: (-(money[pid]), -built.get(pid, 0), pid))
    ranking = []
    for pid in keyed:
        key = (money[pid], built.get(pid, 0))
        place = 1 + sum(1 for other in ids if (money[other], built.get(other, 0)) > key)
        ranking.append({"player": pid, "place": place, "money": money[pid], "tiles_on_board": built.get(pid, 0)})
    return {"ranking": ranking, "winners": [r["player"] for r in ranking if r["place"] == 1]}
