"""The Chinatown engine the HTTP layer calls: a ``kit.Engine`` whose parts are the state checks
(``validate``), the move checks, effects and candidates (``moves``), with scoring in ``scoring`` and the
picture in ``render``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core import NULL_MEMO, GameInfo, Memo, Outcome, Reading, Status, Violation
from ..kit import Engine, Labels, StateMemo, english
from . import flow, moves
from .board import ADJACENT, BLOCK_OF, BLOCKS
from .codes import BOOK
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
from .options import OPTIONS
from .render import render
from .scoring import score
from .state import Move, Partial, State
from .validate import state_violations

SCORINGS = ("income", "final")

# The readings fixed by the rules text; the options that are readings come first (options.OPTIONS).
FIXED_READINGS: tuple[Reading, ...] = (
    Reading(
        "player_count",
        {"min": 3, "max": 5},
        "seed",
        "3 to 5 players: the rulebook's table covers only these; there is no official 2-player game.",
        section="setup",
    ),
    Reading(
        "money_unlimited",
        True,
        "assumption",
        "Money is unlimited (the bank's denominations are unknown) and counted in dollars; every amount is a multiple of $10,000.",
        section="money",
    ),
    Reading(
        "oversized_group_split",
        "full_shops_and_remainder",
        "public source",
        "A same-owner group larger than the shop's size splits into complete shops of full size and one remainder (the same as the rules' single split for every legal state).",
        section="income",
    ),
    Reading(
        "tiles_per_round",
        "dealt_then_kept",
        "public source",
        "Shop tiles drawn: round 1 the number of cards dealt, later rounds the number kept (French quick-start; totals 81/84/85).",
        section="draw",
    ),
    Reading(
        "trade_parties",
        "any_parties_any_goods",
        "seed",
        "A deal may be among any number of players and move lots (empty or built), unplaced tiles and money "
        'in any mix (the rulebook: "A játékosok bárkivel üzletelhetnek, akár többükkel is egyszerre!", '
        'players may deal with anyone, even with several of them at once; "Bármi lehet a kereskedés alapja: '
        'épületek (üzlettel vagy anélkül), üzlet lapkák és pénz bármilyen kombinációban és értékben", anything '
        "can be traded: buildings, with a shop or without, shop tiles and money, in any combination and amount).",
        section="trade",
    ),
    Reading(
        "trade_pass_on",
        "supply_after_receipts",
        "assumption",
        "A deal is judged as a whole: a party may pass on a lot, tiles or money it receives in the same deal, "
        "so a deal among three players equals trades made one after the other, which the rulebook allows "
        '("A szakasz végéig akárhány üzletet lehet kötni", any number of deals may be made until the end of '
        "the phase). A lot passes on only along the deal from its owner; the order the transfers are listed in "
        "does not matter.",
        section="trade",
    ),
    Reading(
        "end_trading_votes",
        "all_players_reset_by_trade",
        "assumption",
        'Trading ends when every player has sent end_trading (the rulebook: "A tárgyalások addig folytatódnak, '
        'amíg minden játékos együttesen meg nem szavazza a továbblépést", the negotiations go on until all the '
        "players together vote to move on). What a deal made after some have voted does is not said: here it "
        "starts the vote over, and every player must agree again.",
        section="trade",
    ),
    Reading(
        "tie_break",
        "tiles_on_board",
        "seed",
        "The richest player wins; a money tie goes to the player with more shop tiles on the board (the "
        'rulebook: "Egyenlőség esetén az lesz a győztes, akinek több leépített üzlet lapkája van a táblán", '
        "in a tie the winner is the one who has more shop tiles built on the board).",
        section="end-of-game",
    ),
    Reading(
        "unbroken_tie",
        "shared",
        "assumption",
        "Players still equal after the tie-break share the win: the rulebook does not say.",
        section="end-of-game",
    ),
    Reading(
        "ownership_markers",
        "no_cap",
        "assumption",
        "Each colour has 30 markers, but nothing caps the lots a player may own through trades: the engine sets no limit.",
        section="trade",
    ),
    Reading(
        "deal_order",
        "each_player_takes_a_block",
        "assumption",
        "Digital deals give each player in turn, from the first player, the next cards of the deck; discards are shuffled back with the state's seed.",
        section="deal",
    ),
)
READINGS: tuple[Reading, ...] = tuple(OPTIONS.readings(extra=FIXED_READINGS))


class ChinatownGame(Engine):
    book = BOOK

    def __init__(self, info: GameInfo):
        super().__init__()
        self.info = info
        self._unseen: StateMemo[moves.Unseen] = StateMemo()

    # ---- catalogue -------------------------------------------------------------------------------

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
                str(n): [
                    {"round": r + 1, "dealt": d, "kept": k, "tiles": tiles_drawn(n, r + 1)}
                    for r, (d, k) in enumerate(rows)
                ]
                for n, rows in DEAL_TABLE.items()
            },
            "rounds": ROUNDS,
            "start_money": START_MONEY,
            "money_unit": MONEY_UNIT,
            "options": OPTIONS.defaults(),
            "scorings": list(SCORINGS),
            "legal_moves_notes": [
                "Trades are never listed: any deal between two or more players is possible; send one to /moves to have it checked.",
                "Reveals are listed one building card or one shop tile at a time (each card that can still be in the deck, each type the bag can still give); a reveal of several at once, up to the count pending, is checked, not listed.",
            ],
            "rule_codes": [c.to_dict() for c in self.rule_codes()],
            "readings": [r.to_dict(self.info.id) for r in READINGS],
        }

    # ---- play: the kit's apply and legal_moves put these parts together -------------------------------

    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
        return flow.setup(players, seed, options)

    def state_violations(self, state: State) -> list[Violation]:
        return state_violations(state)

    def move_violations(self, state: State, move: Move) -> list[Violation]:
        return moves.move_violations(state, move, self._unseen_of)

    def effects(self, state: State, move: Move, memo: Memo = NULL_MEMO) -> Outcome:
        return moves.effects(state, move, memo)

    def candidates(self, state: State, player: str | None, move_type: str | None) -> Iterable[Move]:
        return (
            m
            for m in moves.candidates(state, self._unseen_of)
            if (player is None or m.player == player) and (move_type is None or m.type == move_type)
        )

    def _unseen_of(self, state: State) -> moves.Unseen:
        return self._unseen.get(state, moves.unseen)

    def standings(self, state: State | Partial) -> dict[str, int]:
        if isinstance(state, Partial):
            return {pid: money or 0 for pid, money in (state.money or ())}
        return {p.id: p.money or 0 for p in state.players}

    def status(self, state: State) -> Status:
        """Keeping and trading are simultaneous: everyone not yet done is awaited, from the first player
        clockwise; placing goes one at a time; a pending deal or draw awaits the player it is for."""
        over = state.phase == "end"
        if state.pending is not None:
            to_move = [state.pending.player]
        elif state.phase in ("keep", "trade"):
            to_move = [pid for pid in flow.seat_order(state) if pid not in state.done]
        elif state.phase == "place":
            to_move = [flow.next_undone(state)]
        else:
            to_move = []
        return Status.of(state.phase, state.round, to_move, over, flow.winners(state) if over else ())

    def view(self, state: State, player: str) -> State:
        """What ``player`` may see: others' money and hands hidden, no hidden orders."""
        players = tuple(p if p.id == player else replace(p, money=None, hand=None) for p in state.players)
        return replace(state, players=players, deck=None, bag=None, shuffle_seed=None)

    # ---- scoring ---------------------------------------------------------------------------------

    def score(self, state: State | Partial, scoring: Any = None, memo: Memo = NULL_MEMO) -> dict[str, Any]:
        problems = self.validate(state) if isinstance(state, State) else []
        return score(state, scoring or "income", problems, memo)

    def render(
        self, state: State | Partial, player: str | None = None, memo: Memo = NULL_MEMO, tr: Labels = english
    ) -> str:
        return render(state, self.score(state, "income", memo), player, tr)
