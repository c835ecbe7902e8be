"""The Skyline 3000 engine object the HTTP layer calls (``GAME``): the kit's ``Engine`` flow over this game's
checks, effects and candidates."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..core import GameInfo, Outcome, Reading, Status, Violation
from ..kit import Engine, Labels, RuleBook, english
from ..memo import edition_scope
from . import candidates, checks, data, effects, hidden, setup, validate
from .book import FIXED_READINGS
from .options import OPTIONS
from .scoring import as_score_input, score_input, winners
from .state import Move, Options, ScoreInput, State, default_options

# How ``legal-moves`` lists each move type (the ``legal_moves`` part of ``describe``).
LEGAL_MOVES_LISTED = {
    "floor": "every distinct placement of a Floor card's 2 floors (both on one new or unfinished building, "
    "or one each on two), `buildings` ascending; a new building is numbered the factory's length, "
    "a second new one the number after it",
    "floor, roof, contract": "factory buildings of the same height (and roof) are interchangeable: "
    "each kind is named by its lowest-numbered buildings (the first two for a "
    "Floor card, so that one floor each on two of them is listed); the same "
    "move on another building of the kind is as legal",
    "bid": f"every distinct pile of a known hand, fewest cards first, while the hand has at most "
    f"{data.BID_LIST_LIMIT} (the product over its kinds of cards of the copies + 1; cards of one "
    "deck, value and district are interchangeable and a pile names the hand's first ones); a "
    "bigger hand lists the empty pile and the whole hand with `family: subsets` (any pile of "
    "its cards is legal); a hidden hand lists the empty pile with `family: unknown_hand` (any "
    "pile of at most hand_size cards in no known place)",
    "bids": "at a real table only: one report by the Key holder, every pile empty, with `family: "
    "piles` (each player's pile may be any his own bid listing allows, no card twice)",
    "reveal": "the known top card, or every card of the pile's deck in no known place (at most 24)",
}


def board_description(opts: Options) -> dict[str, Any]:
    return {
        "districts": list(data.DISTRICTS),
        "blocks": [
            {
                "id": b.id,
                "district": b.district,
                "small_platforms": b.small_platforms,
                "starting_greens": b.starting_greens,
                "large_platforms": 1,
            }
            for b in opts.board
        ],
    }


def components_description() -> dict[str, Any]:
    return {
        "floors": data.FLOORS_TOTAL,
        "greens": data.GREENS_TOTAL,
        "spaceports": data.SPACEPORTS_TOTAL,
        "megamarkets": data.MEGAMARKETS_TOTAL,
        "auction_house": [list(s) for s in data.AUCTION_HOUSE],
        "starting_buildings": [{"floors": f, "roof": r} for f, r in data.START_BUILDINGS],
        "start_points": data.START_POINTS,
        "start_hand": dict(data.START_HAND),
    }


def scoring_description() -> dict[str, Any]:
    return {
        "first": "2 + greens + billboards",
        "second": "greens + billboards",
        "megamarket_factor": data.MEGAMARKET_FACTOR,
        "spaceport_bonus": dict(data.SPACEPORT_BONUS),
        "draw_per_round": data.DRAW_PER_ROUND,
    }


class Skyline3000(Engine):
    scoring_events = frozenset({effects.ROUND_SCORED})

    def __init__(self, info: GameInfo, book: RuleBook):
        super().__init__()
        self.info = info
        self.book = book

    # -- metadata --------------------------------------------------------------------------------
    def readings(self) -> list[Reading]:
        return OPTIONS.readings(extra=FIXED_READINGS)

    def describe(self) -> dict[str, Any]:
        opts = default_options()
        return {
            "board": board_description(opts),
            "cards": [
                {"id": c.id, "deck": c.deck, "value": c.value, **({"district": c.district} if c.district else {})}
                for c in opts.cards
            ],
            "components": components_description(),
            "scoring": scoring_description(),
            "options": OPTIONS.describe(),
            "legal_moves": dict(LEGAL_MOVES_LISTED),
            "rule_codes": [r.to_dict() for r in self.book.rule_codes()],
            "readings": [r.to_dict(self.info.id) for r in self.readings()],
        }

    # -- the game --------------------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any] | Options | None = None) -> State:
        if options is not None and not isinstance(options, Options):
            options = default_options(**dict(options))
        return setup.setup_state(self.book, players, seed, options)

    # -- the parts of the kit's flow (validate, apply, legal_moves) --------------------------------
    def state_violations(self, state: State) -> list[Violation]:
        return validate.validate(self.book, state)

    def move_violations(self, state: State, move: Move) -> list[Violation]:
        return checks.move_violations(self.book, state, move)

    def effects(self, state: State, move: Move) -> Outcome:
        with edition_scope(self.book.edition):  # a block's placings are remembered under its kind
            return effects.effects(state, move)

    def candidates(self, state: State, player: str | None, move_type: str | None) -> Iterator[Move]:
        return candidates.candidates(state, player, move_type)

    def vouch(self, state: Any) -> None:
        """A score request's state is loaded as a ScoreInput, which holds the whole state it was read from."""
        whole = state.state if isinstance(state, ScoreInput) else state
        if whole is not None:
            super().vouch(whole)

    def score(self, state: Any, scoring: Any = None) -> dict[str, Any]:
        inp = as_score_input(state)
        if inp.state is not None:
            problems = self.validate(inp.state)
        else:
            players = {p.id for p in inp.players} if inp.players is not None else None
            problems = validate.block_violations(self.book, inp.options, inp.blocks, players)
        with edition_scope(self.book.edition):
            return score_input(inp, problems, scoring or "round")

    def standings(self, state: Any) -> dict[str, int]:
        return {p.id: p.points for p in (state.players or ())}

    def status(self, state: State) -> Status:
        """``checks.awaited``: the drawing player of a pending reveal, the player on turn, every player yet to
        lay a pile in an auction (seat order), the auction's winner while it develops."""
        over = state.phase == "over"
        return Status.of(state.phase, state.round, checks.awaited(state), over, winners(state) if over else ())

    def view(self, state: State, player: str) -> State:
        return hidden.view_state(state, player)

    def render(self, state: Any, player: str | None = None, tr: Labels = english) -> str:
        from .render import render_svg

        if isinstance(state, State) and player is not None:
            state = hidden.view_state(state, player)
        with edition_scope(self.book.edition):
            return render_svg(as_score_input(state), self.book, tr)
