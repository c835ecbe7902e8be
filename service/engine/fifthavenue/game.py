"""The Fifth Avenue engine object the HTTP layer calls (the Game protocol of ``core``)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from ..core import NULL_MEMO, Memo, Outcome, Reading, RuleCode, Violation
from . import data as D
from . import moves as M
from . import scoring as S
from .catalogue import BOOK, READINGS
from .setup import setup as _setup
from .state import BlackDeck, Move, Stack, State, options_to_plain, Options
from .validate import validate as _validate


class FifthAvenue:
    def __init__(self, info):
        self.info = info

    def describe(self) -> dict[str, Any]:
        return {
            "catalogues": {
                "districts": [{"id": d, "name": D.DISTRICT_NAMES[d]} for d in D.DISTRICTS],
                "central_park": D.CENTRAL_PARK,
                "city_hall": D.CITY_HALL,
                "plot_colours": list(D.COLOURS),
                "businesses": {b: D.BUSINESSES_PER_TYPE for b in D.BUSINESSES},
                "cards": {"coloured_per_colour": {str(k): n for k, n in D.COLOURED_CARDS.items()},
                          "black": {str(k): n for k, n in D.BLACK_CARDS.items()}},
                "supply_row_sets": list(D.SET_SIZES),
                "skyscrapers_per_player": D.SKYSCRAPERS_PER_PLAYER,
                "commissioners": list(D.COMMISSIONERS),
                "markers_per_commissioner": D.MARKERS_PER_COMMISSIONER,
            },
            "scoring_tables": {
                "per_skyscraper_by_distinct_adjacent_types": list(D.VALUE_TABLE),
                "skyscrapers_by_highest_card": {str(k): n for k, n in D.BUILD_LIMIT.items()},
                "special_scorings": [{"after": a, "points": p, "districts": d} for a, p, d in D.DEFAULT_SPECIAL_SCORINGS],
                "game_end": {"businesses_placed": D.BUSINESSES_ENDING_GAME, "building_stops": D.STOPS_ENDING_GAME},
            },
            "options": options_to_plain(Options()),
            "move_types": list(D.MOVE_TYPES),
            "pending_kinds": list(D.PENDING_KINDS),
            "rule_codes": [{"code": r.code, "text": r.text, "rule": r.rule} for r in BOOK.rule_codes()],
            "readings": [{"name": r.name, "default": r.default, "provenance": r.provenance, "text": r.text}
                         for r in READINGS],
        }

    def rule_codes(self) -> Sequence[RuleCode]:
        return BOOK.rule_codes()

    def readings(self) -> Sequence[Reading]:
        return READINGS

    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
        return _setup(players, seed, options)

    def validate(self, state: State) -> list[Violation]:
        return _validate(state)

    def legal_moves(self, state: State, player: str | None = None, move_type: str | None = None) -> list[Move]:
        return M.legal_moves(state, player, move_type)

    def apply(self, state: State, move: Move, memo: Memo = NULL_MEMO) -> Outcome:
        return M.apply(state, move, memo)

    def score(self, state: State, scoring: Any = None, memo: Memo = NULL_MEMO) -> dict[str, Any]:
        return S.score(state, scoring, memo)

    def standings(self, state: State) -> dict[str, int]:
        return {p.id: p.points for p in state.players}

    def view(self, state: State, player: str) -> State:
        """What ``player`` may see: others' hands become null (their size stays), every hidden order
        (the stacks below their tops, the black deck and its reshuffle seed, Central Park's draw order)
        becomes null."""
        players = tuple(p if p.id == player else replace(p, hand=None) for p in state.players)
        stacks = tuple((c, Stack(st.top, None, st.count)) for c, st in state.stacks)
        return replace(state, players=players, stacks=stacks,
                       black_deck=BlackDeck(None, state.black_deck.count, None), park_order=None)

    def render(self, state: State, player: str | None = None, memo: Memo = NULL_MEMO) -> str:
        from .render import render

        return render(state, player, memo)
