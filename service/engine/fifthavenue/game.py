"""The Fifth Avenue engine object the HTTP layer calls: the kit's Engine over the game's parts, holding its
rule book and passing it to every part that makes a violation."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core import GameInfo, Outcome, Reading, Status, Violation
from ..kit import Engine, Labels, RuleBook, english
from ..memo import edition_scope
from . import checks as C
from . import data as D
from . import effects as E
from . import scoring as S
from .book import FIXED_READINGS
from .candidates import candidates
from .hidden import view
from .options import OPTIONS
from .setup import setup
from .state import MOVE_TYPES, Move, State
from .validate import VOUCHED, validate


class FifthAvenue(Engine):
    scoring_events = E.SCORED

    def __init__(self, info: GameInfo, book: RuleBook):
        super().__init__()
        self.info = info
        self.book = book

    # -- the kit's parts ------------------------------------------------------------------------------
    def state_violations(self, state: State) -> list[Violation]:
        return validate(self.book, state)

    def move_violations(self, state: State, move: Move) -> list[Violation]:
        return C.move_violations(self.book, state, move)

    def effects(self, state: State, move: Move) -> Outcome:
        with edition_scope(self.book.edition):  # a district's valuation is remembered under its kind
            return E.effects(state, move)

    def candidates(self, state: State, player: str | None, move_type: str | None) -> Iterable[Move]:
        return candidates(state, player, move_type)

    def vouch(self, state: State) -> None:
        """The kit's, and the state says so itself: the score, which checks only the board (a partial
        state has no more), then skips that too."""
        super().vouch(state)
        state.derived[VOUCHED] = True

    # -- the rest of the Game protocol ----------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        return {
            "catalogues": catalogues(),
            "scoring_tables": scoring_tables(),
            "options": copy.deepcopy(OPTIONS.defaults()),
            "move_types": list(MOVE_TYPES),
            "pending_kinds": list(D.PENDING_KINDS),
            "rule_codes": [r.to_dict() for r in self.book.rule_codes()],
            "readings": [r.to_dict(self.info.id) for r in FIXED_READINGS],
        }

    def readings(self) -> Sequence[Reading]:
        return FIXED_READINGS

    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
        return setup(self.book, players, seed, options)

    def score(self, state: State, scoring: Any = None) -> dict[str, Any]:
        with edition_scope(self.book.edition):
            return S.score(self.book, state, scoring)

    def standings(self, state: State) -> dict[str, int]:
        return {p.id: p.points for p in state.players}

    def status(self, state: State) -> Status:
        """``checks.acting``: the turn's player (who also names a reveal), or the bidder to act in an
        auction. Fifth Avenue has no rounds; the phase is the turn's."""
        turn = state.turn
        over = (turn is None or turn.phase == "over") and state.pending is None
        phase = turn.phase if turn is not None else "over"
        winners = state.result.winners if state.result is not None else ()
        return Status.of(phase, None, [C.acting(state)], over, winners)

    def view(self, state: State, player: str) -> State:
        return view(state, player)

    def render(self, state: State, player: str | None = None, tr: Labels = english) -> str:
        from .render import render

        with edition_scope(self.book.edition):
            return render(self.book, state, player, tr)


def catalogues() -> dict[str, Any]:
    return {
        "districts": [{"id": d, "name": D.DISTRICT_NAMES[d]} for d in D.DISTRICTS],
        "central_park": D.CENTRAL_PARK,
        "city_hall": D.CITY_HALL,
        "plot_colours": list(D.COLOURS),
        "businesses": {b: D.BUSINESSES_PER_TYPE for b in D.BUSINESSES},
        "cards": {
            "coloured_per_colour": {str(k): n for k, n in D.COLOURED_CARDS.items()},
            "black": {str(k): n for k, n in D.BLACK_CARDS.items()},
        },
        "supply_row_sets": list(D.SET_SIZES),
        "skyscrapers_per_player": D.SKYSCRAPERS_PER_PLAYER,
        "commissioners": list(D.COMMISSIONERS),
        "markers_per_commissioner": D.MARKERS_PER_COMMISSIONER,
    }


def scoring_tables() -> dict[str, Any]:
    return {
        "per_skyscraper_by_distinct_adjacent_types": list(D.VALUE_TABLE),
        "skyscrapers_by_highest_card": {str(k): n for k, n in D.BUILD_LIMIT.items()},
        "special_scorings": [{"after": a, "points": p, "districts": d} for a, p, d in D.DEFAULT_SPECIAL_SCORINGS],
        "game_end": {"businesses_placed": D.BUSINESSES_ENDING_GAME, "building_stops": D.STOPS_ENDING_GAME},
    }
