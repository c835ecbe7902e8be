"""The Chinatown engine the HTTP layer calls: a ``kit.Engine`` whose parts are the state checks
(``validate``), the move checks (``checks``), what a move does (``effects``), the candidates for
legal-moves (``candidates``), the start (``setup``) and what a player may see (``hidden``), with scoring in
``scoring`` and the picture in ``render``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core import GameInfo, Outcome, Reading, Status, Violation
from ..kit import Engine, Labels, StateMemo, english
from . import candidates, checks, effects, hidden, setup
from .board import ADJACENT, BLOCK_OF, BLOCKS
from .book import FIXED_READINGS, EditionBook
from .data import (
    DEAL_TABLE,
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
from .scoring import score, winners
from .state import Move, Partial, State, next_undone, seat_order
from .validate import state_violations

SCORINGS = ("income", "final")

READINGS: tuple[Reading, ...] = tuple(OPTIONS.readings(extra=FIXED_READINGS))


class ChinatownGame(Engine):
    scoring_events = frozenset({effects.INCOME_SCORED})
    book: EditionBook  # the rule codes under the edition's id, carrying the edition

    def __init__(self, info: GameInfo, book: EditionBook):
        super().__init__()
        self.info = info
        self.book = book
        self.edition = book.edition
        self._unseen: StateMemo[hidden.Unseen] = StateMemo()

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
            "income": self.edition.income().to_dict(),
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
        return setup.setup(self.book, players, seed, options)

    def state_violations(self, state: State) -> list[Violation]:
        return state_violations(self.book, state)

    def move_violations(self, state: State, move: Move) -> list[Violation]:
        return checks.move_violations(self.book, state, move, self._unseen_of)

    def effects(self, state: State, move: Move) -> Outcome:
        return effects.effects(self.edition, state, move)

    def candidates(self, state: State, player: str | None, move_type: str | None) -> Iterable[Move]:
        return (
            m
            for m in candidates.candidates(state, self._unseen_of)
            if (player is None or m.player == player) and (move_type is None or m.type == move_type)
        )

    def _unseen_of(self, state: State) -> hidden.Unseen:
        return self._unseen.get(state, hidden.unseen)

    def standings(self, state: State | Partial) -> dict[str, int]:
        if isinstance(state, Partial):
            return {pid: money or 0 for pid, money in (state.money or ())}
        return {p.id: p.money or 0 for p in state.players}

    def status(self, state: State) -> Status:
        """Keeping and trading are simultaneous: everyone not yet done is awaited, from the first player
        clockwise; placing goes one at a time; a pending deal or draw awaits the player it is for."""
        over = state.phase == "end"
        to_move: list[str | None]
        if state.pending is not None:
            to_move = [state.pending.player]
        elif state.phase in ("keep", "trade"):
            to_move = [pid for pid in seat_order(state) if pid not in state.done]
        elif state.phase == "place":
            to_move = [next_undone(state)]
        else:
            to_move = []
        return Status.of(state.phase, state.round, to_move, over, winners(state) if over else ())

    def view(self, state: State, player: str) -> State:
        """What ``player`` may see: others' money and hands hidden, no hidden orders."""
        return hidden.view(state, player)

    # ---- scoring ---------------------------------------------------------------------------------

    def score(self, state: State | Partial, scoring: Any = None) -> dict[str, Any]:
        problems = self.validate(state) if isinstance(state, State) else []
        return score(self.book, state, scoring or "income", problems)

    def render(self, state: State | Partial, player: str | None = None, tr: Labels = english) -> str:
        return render(self.edition, state, self.score(state, "income"), player, tr)
