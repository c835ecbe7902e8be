"""The New York engine the HTTP layer calls: the kit's Engine flow over New York's checks and effects."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core import NULL_MEMO, GameInfo, Memo, Outcome, Reading, Status, Violation
from ..kit import Engine, Labels, RuleBook, StateMemo, english
from ..standings import after_scoring, leaders
from . import moves as _moves
from .city import CityCheck, city_check
from .codes import BOOK
from .data import BANKS, CATALOGUE, SCORINGS, TYPES, scoring_tables, tiers
from .options import OPTIONS, Options
from .pool import seen_by
from .render import render_table
from .scoring import scoring_points
from .state import Move, State
from .turns import revealer
from .turns import setup as _setup
from .validate import state_violations

# The readings the rules text fixes (not options); the option readings come from OPTIONS.
FIXED_READINGS = (
    Reading(
        "banks",
        list(BANKS),
        "assumption",
        'Banks in market order blue, green, yellow, red. The seed names only the first and the last ("a kék '
        'banktól a piros felé haladva", going from the blue bank towards the red one); green and yellow in '
        "the middle, and their order, are the service's assumption.",
        section="components",
    ),
    Reading(
        "start_player_last_tie",
        "seat_order",
        "assumption",
        "When the youngest is not named (option `youngest` null) and fewest cards and the lowest total still "
        "tie, the first of the tied players in seat order starts: the service's own fallback, not the seed's.",
        section="setup",
    ),
    Reading(
        "tiles",
        "alhambra",
        "assumption",
        "The 54 tiles are Alhambra's (costs and walls), walls read as streets.",
        section="components",
    ),
    Reading(
        "longest_street",
        "outline",
        "assumption",
        "Street edges facing an empty cell outside the city count one point each; a street continues along the "
        "outline of the city (at a corner where two tiles touch only diagonally it turns around the same tile); "
        "a closed ring of n edges scores n.",
        section="longest-street",
    ),
    Reading(
        "inner_streets",
        "score_nothing",
        "seed",
        "A street edge facing another tile or an enclosed empty cell (a hole, found in a score input that "
        'breaks building rule 5) is inside the city and scores nothing (the seed: "A városon belül, dupla '
        'utcákért nem jár pont. A belső utcákért nem jár pont.", no points for double streets inside the city; '
        "no points for inner streets).",
        section="longest-street",
    ),
    Reading(
        "dummy_points",
        "scored_every_scoring",
        "seed",
        "In the 2-player game the dummy's majority points add up over the three scorings like a player's and "
        "are kept in the state's `dummy.points` (the seed: \"Az értékeléseknél Sanyi is kap pontokat az "
        'épületeiért (többségek), de utcáért nem kap pontokat", at the scorings Sanyi also gets points for his '
        'buildings, the majorities, but none for streets; and "A játékosok annyi mezőt lépnek előre a '
        'pontsávon korongjukkal, ahány pontot kapnak", the players move their disc forward by the points '
        "they get).",
        section="two-players",
    ),
    Reading(
        "dummy_can_win",
        False,
        "assumption",
        "The winners are chosen among the two players only; the dummy's points are shown beside theirs, so a "
        "table that counts the dummy as a rival can see whether it came first. The seed never says whether "
        'Sanyi can win ("A játékot az nyeri, aki a harmadik értékelés után a legelőrébb jutott korongjával a '
        "pontsávon\", the winner is whoever's disc is furthest ahead after the third scoring, and Sanyi is "
        '"egy képzeletbeli harmadik játékos", an imaginary third player); table reports of Alhambra\'s '
        'two-player game rank the dummy among the players ("I was even beaten by Dirk", the blog Two Player '
        "Alhambra, christmas-tree-pictures.blogspot.com, 2009) but report no game the dummy won.",
        section="two-players",
    ),
    Reading(
        "holes",
        "four_neighbour_flood_fill",
        "public source",
        "An empty cell that cannot reach the outside by edge steps is a hole; a diagonal gap does not let it out.",
        section="building-rule-5",
    ),
    Reading(
        "money_visibility",
        "count_public",
        "seed",
        "What others see: how many money cards each player holds is public, their values are hidden (the "
        'seed: "a játékosok kezükbe veszik kártyáikat, és innentől kezdve titokban tartják, mennyi pénzük '
        'van", the players take their cards in hand and keep secret how much money they have); a view shows '
        "other hands as that many hidden cards.",
        section="views",
    ),
    Reading(
        "scoring_card_piles",
        "five_piles",
        "seed",
        "The deck left after dealing is cut into five piles as equal as can be (larger piles on top); A goes at "
        "a pinned-random place in pile 2, B in pile 4.",
        section="scoring-cards",
    ),
    Reading(
        "leftover_tiles",
        "unique_richest",
        "seed",
        "At the end each market tile goes to the one player with the most money of its bank; a tie (or nobody "
        "holding any) leaves it in the market.",
        section="end-of-game",
    ),
    Reading(
        "table_scoring_cards",
        "revealed_when_drawn",
        "seed",
        "At a real table the scoring cards' places are not entered at setup. They are set aside while the "
        'money is dealt (the seed: "Félre kell tenni a két értékelőkártyát", the two scoring cards are put '
        "aside), so neither can come up during the deal; then A is shuffled into the second and B into the "
        'fourth of five piles whose size the seed leaves loose ("5 körülbelül egyforma paklira kell '
        'osztani", split into 5 roughly equal piles), so after the deal any money draw may turn up A, and B '
        "only after A.",
        section="real-table",
    ),
    Reading(
        "money_reshuffle",
        "pinned_seed",
        "assumption",
        "Digital play reshuffles the discard with the pinned shuffle seeded from the hidden `seed`; "
        "without it the deck becomes unknown and the next card is revealed.",
        section="end-of-turn",
    ),
)


class NewYork(Engine):
    """New York, or a re-skin of it: ``info`` and ``book`` name the game; the rules are the same tables."""

    def __init__(self, info: GameInfo, book: RuleBook = BOOK):
        super().__init__()
        self.info = info
        self.book = book
        # the CityIndex of each player's city, shared by every candidate of one state (legal-moves checks many)
        self._indexes: StateMemo[dict] = StateMemo()
        # each city's building-rule check: a move changes one city, so the next state's validate (and the
        # picture) finds the others here, keyed by the unchanged city tuple. 16 hold a 6-player game's
        # cities over its last few states; on seeded playouts the check saves about a fifth of the CPU.
        self._cities: StateMemo[CityCheck] = StateMemo(size=16)

    def describe(self) -> dict[str, Any]:
        defaults = Options()
        return {
            "id": self.info.id,
            "tiles": [
                {"id": t.id, "alhambra_type": t.alhambra, "cost": t.cost, "streets": list(t.streets)} for t in CATALOGUE
            ],
            "types": list(TYPES),
            "tiers": tiers(defaults.type_tiers),
            "banks": list(BANKS),
            "scoring_tables": {
                k: {s: list(v) for s, v in t.items()} for k, t in scoring_tables(defaults.type_tiers).items()
            },
            "options": OPTIONS.defaults(),
            "legal_moves_notes": [
                "A buy is listed once per minimal payment (no card can be dropped and still pay); cards of one bank "
                "and value are interchangeable, so each multiset of values appears once. Any sufficient payment is "
                f"legal in moves. At most {_moves.MAX_PAYMENTS_PER_SLOT} payments are listed per market slot.",
                "With a draw pending (a real table), every tile or money card that can still come up is listed as a "
                "reveal: at most 54 tiles, or 36 distinct money cards and the next scoring card (none during the "
                "deal).",
            ],
            "move_types": list(_moves.MOVE_TYPES),
            "rule_codes": [r.to_dict() for r in self.rule_codes()],
            "readings": [r.to_dict(self.info.id) for r in self.readings()],
        }

    def readings(self) -> Sequence[Reading]:
        return OPTIONS.readings(extra=FIXED_READINGS)

    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any] | Options | None = None) -> State:
        return _setup(list(players), seed, Options.of(options))

    # -- the parts the kit's apply and legal_moves are made of ---------------------------------------------
    def state_violations(self, state: State) -> list[Violation]:
        return self._own(state_violations(state, self._check_city))

    def move_violations(self, state: State, move: Move) -> list[Violation]:
        cities = self._city_indexes(state) if move.type in _moves.CITY_MOVES else None
        return self._own(_moves.violations(state, move, cities))

    def effects(self, state: State, move: Move, memo: Memo = NULL_MEMO) -> Outcome:
        return _moves.effects(state, move, memo)

    def candidates(self, state: State, player: str | None, move_type: str | None) -> Iterable[Move]:
        return _moves.candidates(state, self._city_indexes(state), player, move_type)

    def _city_indexes(self, state: State) -> dict:
        # A CityIndex only memoises answers about its own immutable city, so threads sharing one may at
        # worst compute the same answer twice.
        return self._indexes.get(state, lambda s: {})

    def _check_city(self, city: tuple) -> CityCheck:
        return self._cities.get(city, city_check)

    def _own(self, violations: list[Violation]) -> list[Violation]:
        """The violations under this engine's own codes: a re-skin reports its id, with the same rules."""
        if self.book is BOOK:
            return violations
        return [replace(v, code=self.book.code(v.code[len(BOOK.game) + 1 :])) for v in violations]

    # -- the rest of the Game protocol ---------------------------------------------------------------------
    def score(self, state: State, scoring: Any = None, memo: Memo = NULL_MEMO) -> dict[str, Any]:
        scoring = scoring if scoring in SCORINGS else "final"
        out = scoring_points(state, scoring, memo)
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

    def render(self, state: State, player: str | None = None, memo: Memo = NULL_MEMO, tr: Labels = english) -> str:
        return render_table(state, player, memo, tr, check_city=self._check_city)
