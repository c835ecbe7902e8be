"""The New York engine the HTTP layer calls: the kit's Engine flow over New York's checks and effects.

The engine object holds the game's rule book, readings, options and edition and passes them on, so a
re-skin (Alhambra) is the same class built with its own."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core import GameInfo, Outcome, Reading, Status, Violation
from ..kit import Engine, Labels, OptionBook, Refused, RuleBook, StateMemo, english
from ..standings import after_scoring, leaders
from .book import BOOK, FIXED_READINGS
from .candidates import MAX_PAYMENTS_PER_SLOT, candidates
from .checks import violations
from .city import CityCheck, IndexCache, city_check
from .data import NEW_YORK, SCORINGS, Edition
from .effects import SCORED, effects
from .hidden import revealer, seen_by
from .options import OPTIONS, Options
from .render import render_table
from .scoring import scoring_points
from .setup import setup
from .state import CITY_MOVES, MOVE_TYPES, Move, State
from .validate import state_violations


class NewYork(Engine):
    """New York, or a re-skin of it: ``info``, ``book``, ``readings``, ``options`` and ``edition`` are the
    game's own; the rules are the same code."""

    scoring_events = frozenset({SCORED})

    def __init__(
        self,
        info: GameInfo,
        book: RuleBook = BOOK,
        edition: Edition = NEW_YORK,
        options: OptionBook = OPTIONS,
        readings: Sequence[Reading] = FIXED_READINGS,
    ):
        super().__init__()
        self.info = info
        self.book = book
        self.edition = edition
        self.options = options
        self.fixed_readings = tuple(readings)
        # the CityIndex of each player's city, shared by every candidate of one state (legal-moves checks many)
        self._indexes: StateMemo[IndexCache] = StateMemo()
        # each city's building-rule check: a move changes one city, so the next state's validate (and the
        # picture) finds the others here, keyed by the unchanged city tuple. 16 hold a 6-player game's
        # cities over its last few states; on seeded playouts the check saves about a fifth of the CPU.
        self._cities: StateMemo[CityCheck] = StateMemo(size=16)

    def describe(self) -> dict[str, Any]:
        defaults = Options()
        edition = self.edition
        return {
            "id": self.info.id,
            "tiles": [
                {"id": t.id, "alhambra_type": t.alhambra, "cost": t.cost, edition.edges: list(t.streets)}
                for t in edition.tiles
            ],
            "types": list(edition.types),
            "tiers": edition.tiers(defaults.type_tiers),
            "banks": list(edition.banks),
            "scoring_tables": {
                k: {s: list(v) for s, v in t.items()} for k, t in edition.scoring_tables(defaults.type_tiers).items()
            },
            "options": self.options.defaults(),
            "legal_moves_notes": [
                "A buy is listed once per minimal payment (no card can be dropped and still pay); cards of one bank "
                "and value are interchangeable, so each multiset of values appears once. Any sufficient payment is "
                f"legal in moves. At most {MAX_PAYMENTS_PER_SLOT} payments are listed per market slot.",
                "With a draw pending (a real table), every tile or money card that can still come up is listed as a "
                "reveal: at most 54 tiles, or 36 distinct money cards and the next scoring card (none during the "
                "deal).",
            ],
            "move_types": list(MOVE_TYPES),
            "rule_codes": [r.to_dict() for r in self.rule_codes()],
            "readings": [r.to_dict(self.info.id) for r in self.readings()],
        }

    def readings(self) -> Sequence[Reading]:
        return self.options.readings(extra=self.fixed_readings)

    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any] | Options | None = None) -> State:
        return setup(list(players), seed, Options.of(options, self.options), self.book, self.edition)

    # -- the parts the kit's apply and legal_moves are made of ---------------------------------------------
    def state_violations(self, state: State) -> list[Violation]:
        return state_violations(state, self.book, self.edition, self._check_city)

    def move_violations(self, state: State, move: Move) -> list[Violation]:
        cities = self._city_indexes(state) if move.type in CITY_MOVES else None
        return violations(state, move, self.book, self.edition, cities)

    def move_allowed(self, state: State, move: Move) -> bool:
        """Whether ``move_violations`` finds nothing, asked through the book's verdicts: the checks stop at
        the first broken rule and build no message, which a listing never reads."""
        cities = self._city_indexes(state) if move.type in CITY_MOVES else None
        try:
            return not violations(state, move, self.book.verdicts(), self.edition, cities)
        except Refused:
            return False

    def effects(self, state: State, move: Move) -> Outcome:
        return effects(state, move, self.edition)

    def candidates(self, state: State, player: str | None, move_type: str | None) -> Iterable[Move]:
        return candidates(state, self._city_indexes(state), self.book, self.edition, player, move_type)

    def _city_indexes(self, state: State) -> IndexCache:
        # A CityIndex only memoises answers about its own immutable city, so threads sharing one may at
        # worst compute the same answer twice.
        return self._indexes.get(state, lambda s: {})

    def _check_city(self, city: tuple[Any, ...]) -> CityCheck:
        return self._cities.get(city, lambda c: city_check(c, self.book))

    # -- the rest of the Game protocol ---------------------------------------------------------------------
    def score(self, state: State, scoring: Any = None) -> dict[str, Any]:
        scoring = scoring if scoring in SCORINGS else "final"
        out = scoring_points(state, scoring, self.edition)
        over = state.phase == "over"
        out.update(
            after_scoring(
                [p.id for p in state.players],
                out["totals"],
                self.standings(state),
                over=over,
                final=scoring == "final",
                winners_of=lambda standings: state.winners or () if over else leaders(standings),
            )
        )
        out["violations"] = [v.to_dict() for v in self.validate(state)]
        return out

    def standings(self, state: State) -> dict[str, int]:
        return {p.id: p.points for p in state.players}

    def status(self, state: State) -> Status:
        """The player on turn, who also reveals a pending draw (at setup: the player being dealt starting
        money, else the first seat); in the final placement, everyone with awarded tiles left to place."""
        seat = revealer(state)
        if state.phase == "final_placement" and state.pending is None:
            to_move = [p.id for p in state.players if p.to_place]
        elif seat is not None and 0 <= seat < len(state.players):
            to_move = [state.players[seat].id]
        elif state.current is not None and 0 <= state.current < len(state.players):
            to_move = [state.players[state.current].id]
        else:
            to_move = []
        return Status.of(state.phase, None, to_move, state.phase == "over", state.winners or ())

    def view(self, state: State, player: str) -> State:
        return seen_by(state, player)

    def render(self, state: State, player: str | None = None, tr: Labels = english) -> str:
        return render_table(state, player, tr, self.edition, self._check_city)
