"""The Fifth Avenue engine object the HTTP layer calls: the kit's Engine with the game's four parts."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core import NULL_MEMO, Event, Memo, Outcome, Reading, Status, Violation
from ..kit import Engine, Labels, english
from . import data as D
from . import flow as F
from . import moves as M
from . import rules as R
from . import scoring as S
from .catalogue import BOOK, READINGS
from .options import OPTIONS
from .reveal import check_reveal, possible_reveals
from .setup import setup as _setup
from .state import MOVE_TYPES, BlackDeck, Move, Stack, State, canonical
from .validate import validate as _validate

Effect = Callable[[State, Move, list, Memo], State]

EFFECTS: dict[str, Effect] = {
    "place_start": lambda s, m, ev, memo: F.place_start(s, m.player, m.district, m.plot, ev),
    "take_skyscrapers": lambda s, m, ev, memo: F.take_skyscrapers(s, m.player, ev),
    "place_business": lambda s, m, ev, memo: F.place_business(s, m.player, m.district, m.plot, m.business, ev, memo),
    "black_and_move": lambda s, m, ev, memo: F.black_and_move(s, m.player, m.commissioner, m.to, ev),
    "value_district": lambda s, m, ev, memo: F.value_district(s, m.player, m.district, ev, memo),
    "take_cards": lambda s, m, ev, memo: F.take_cards(s, m.player, list(m.colours), ev),
    "move_commissioner": lambda s, m, ev, memo: F.third_action(s, m.player, m.commissioner, m.to, ev),
    "bid": lambda s, m, ev, memo: F.bid(s, m.player, m.colour, m.cards, ev, memo),
    "pass": lambda s, m, ev, memo: F.pass_(s, m.player, ev, memo, m.colour),
    "build": lambda s, m, ev, memo: F.resolve_build(s, m.player, m.count, ev, memo),
    "building_stop": lambda s, m, ev, memo: F.resolve_stop(s, m.player, ev, memo),
    "reveal": lambda s, m, ev, memo: F.reveal(s, m, ev),
}


class FifthAvenue(Engine):
    book = BOOK

    def __init__(self, info):
        super().__init__()
        self.info = info

    # -- the kit's four parts -------------------------------------------------------------------------
    def state_violations(self, state: State) -> list[Violation]:
        return _validate(state)

    def move_violations(self, state: State, move: Move) -> list[Violation]:
        """Every rule the move breaks (state consistency is checked before, by ``validate``)."""
        move = canonical(move)
        out = R.common(state, move)
        if any(x.code in R.STOPPING for x in out):
            return out
        if move.type == "reveal":
            return out + check_reveal(state, move)
        # A type with no check of its own has no phase either, so ``common`` has stopped it above.
        return out + R.CHECKS[move.type](state, move)

    def effects(self, state: State, move: Move, memo: Memo = NULL_MEMO) -> Outcome:
        move = canonical(move)
        ev: list[Event] = []
        after = EFFECTS[move.type](state, move, ev, memo)
        return Outcome(legal=True, state=F.advance(after, ev, memo), events=tuple(ev))

    def candidates(self, state: State, player: str | None, move_type: str | None) -> Iterable[Move]:
        """The moves of the player to act, built lazily from the state; bids are listed compactly for huge
        hands (``moves.only_minimal_bids_listed``), reveals once each (``reveal.possible_reveals``)."""
        if state.turn is None or (state.turn.phase == "over" and state.pending is None):
            return iter(())
        who = R.acting(state)
        if who is None or R.player(state, who) is None or (player is not None and player != who):
            return iter(())
        if state.pending is not None:
            return possible_reveals(state) if move_type in (None, "reveal") else iter(())
        moves = M.PHASE_MOVES[state.turn.phase](state, who)
        return moves if move_type is None else (m for m in moves if m.type == move_type)

    # -- the rest of the Game protocol ----------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        return {
            "catalogues": {
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
            },
            "scoring_tables": {
                "per_skyscraper_by_distinct_adjacent_types": list(D.VALUE_TABLE),
                "skyscrapers_by_highest_card": {str(k): n for k, n in D.BUILD_LIMIT.items()},
                "special_scorings": [
                    {"after": a, "points": p, "districts": d} for a, p, d in D.DEFAULT_SPECIAL_SCORINGS
                ],
                "game_end": {"businesses_placed": D.BUSINESSES_ENDING_GAME, "building_stops": D.STOPS_ENDING_GAME},
            },
            "options": copy.deepcopy(OPTIONS.defaults()),
            "move_types": list(MOVE_TYPES),
            "pending_kinds": list(D.PENDING_KINDS),
            "rule_codes": [r.to_dict() for r in BOOK.rule_codes()],
            "readings": [r.to_dict(self.info.id) for r in READINGS],
        }

    def readings(self) -> Sequence[Reading]:
        return READINGS

    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
        return _setup(players, seed, options)

    def score(self, state: State, scoring: Any = None, memo: Memo = NULL_MEMO) -> dict[str, Any]:
        return S.score(state, scoring, memo)

    def standings(self, state: State) -> dict[str, int]:
        return {p.id: p.points for p in state.players}

    def status(self, state: State) -> Status:
        """``rules.acting``: the turn's player (who also names a reveal), or the bidder to act in an
        auction. Fifth Avenue has no rounds; the phase is the turn's."""
        turn = state.turn
        over = (turn is None or turn.phase == "over") and state.pending is None
        phase = turn.phase if turn is not None else "over"
        winners = state.result.winners if state.result is not None else ()
        return Status.of(phase, None, [R.acting(state)], over, winners)

    def view(self, state: State, player: str) -> State:
        """What ``player`` may see: others' hands become null (their size stays), every hidden order
        (the stacks below their tops, the black deck, the reshuffle seed, Central Park's draw order)
        becomes null."""
        players = tuple(p if p.id == player else replace(p, hand=None) for p in state.players)
        stacks = tuple((c, Stack(st.top, None, st.count)) for c, st in state.stacks)
        return replace(
            state,
            players=players,
            stacks=stacks,
            black_deck=BlackDeck(None, state.black_deck.count),
            park_order=None,
            seed=None,
        )

    def render(self, state: State, player: str | None = None, memo: Memo = NULL_MEMO, tr: Labels = english) -> str:
        from .render import render

        return render(state, player, memo, tr)
