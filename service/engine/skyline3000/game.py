"""The Skyline 3000 engine object the HTTP layer calls (``GAME``): the kit's ``Engine`` flow over this game's
checks, effects and candidates."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core import NULL_MEMO, GameInfo, Memo, Outcome, RulesError, Status, Violation
from ..kit import Engine, Labels, english
from ..random import Rng
from ..standings import after_scoring, leaders
from . import book, data, flow, moves, scoring, validate
from .options import OPTIONS
from .state import Block, FactoryBuilding, Move, Options, Pile, Player, ScoreInput, State, default_options


def setup_state(players: Sequence[str], seed: int, options: Options | None = None) -> State:
    """Deal 2 roof, 2 floor, 4 contract cards each from the shuffled decks; the four starting buildings;
    score 5; the starting greens; the auction house; a random Key holder.

    The pinned draws, in order: the roof deck shuffled, the floor deck, the contract deck, then the Key
    holder as ``below(len(players))``.
    """
    options = options or default_options()
    ids = list(players)
    problems = []
    if not data.AUCTION_HOUSE or not 2 <= len(ids) <= 4:
        problems.append(
            book.BOOK.violation(
                "state.player_count", "Skyline 3000 is for 2 to 4 players, not {count}.", "/players", count=len(ids)
            )
        )
    if len(set(ids)) != len(ids):
        problems.append(book.BOOK.violation("state.duplicate_player", None, "/players"))
    if problems:
        raise RulesError(problems)
    rng = Rng(seed)
    decks = {d: rng.shuffled([c.id for c in options.cards if c.deck == d]) for d in data.DECKS}
    key = ids[rng.below(len(ids))]
    hands: dict[str, list[str]] = {p: [] for p in ids}
    for deck in data.DECKS:
        for p in ids:
            for _ in range(data.START_HAND[deck]):
                if decks[deck]:
                    hands[p].append(decks[deck].pop(0))
    factory = tuple(FactoryBuilding(f, r) for f, r in data.START_BUILDINGS)
    used = {r: sum(1 for _, rr in data.START_BUILDINGS if rr == r) for r in data.ROOFS}
    start_floors = sum(f for f, _ in data.START_BUILDINGS)
    player_objs = tuple(
        Player(
            id=p,
            points=data.START_POINTS,
            hand=tuple(hands[p]),
            hand_size=len(hands[p]),
            factory=factory,
            arched=options.roofs_per_shape - used["arched"],
            peaked=options.roofs_per_shape - used["peaked"],
            billboards=options.billboards_per_player,
        )
        for p in ids
    )
    blocks = tuple((spec.id, Block(greens=spec.starting_greens)) for spec in options.board)
    piles = tuple((d, Pile(draw=tuple(decks[d]), draw_size=len(decks[d]))) for d in data.DECKS)
    state = State(
        options=options,
        players=player_objs,
        round=1,
        phase="construction",
        key=key,
        turn=key,
        blocks=blocks,
        floors=data.FLOORS_TOTAL - start_floors * len(ids),
        auction_house=data.AUCTION_HOUSE,
        piles=piles,
        seed=seed,
    )
    if options.chance == "table":
        return at_the_table(state, ids[0])
    return state


def at_the_table(state: State, key: str) -> State:
    """A real table deals nothing here: hands are unknown (sizes public), the piles' orders too, and the
    state asks first for what the table shows, each pile's face-up top card, revealed by the Key holder (the
    first player listed). Every card the engine must know later arrives as a played card or a ``reveal``."""
    players = tuple(replace(p, hand=None) for p in state.players)
    piles = tuple((d, Pile(draw=None, draw_size=p.draw_size, discard=())) for d, p in state.piles)
    state = replace(state, players=players, piles=piles, seed=None, key=key, turn=key)
    return moves.settle_pending(state, key)[0]


def view_state(state: State, player: str | None) -> State:
    """What ``player`` may see: others' hands and sealed bids hidden (sizes public), every hidden order gone."""
    players = tuple(p if p.id == player else replace(p, hand=None) for p in state.players)
    piles = tuple((d, replace(p, draw=None)) for d, p in state.piles)
    auction = state.auction
    if auction is not None:
        auction = replace(auction, sealed=tuple((pid, bid if pid == player else None) for pid, bid in auction.sealed))
    return replace(state, players=players, piles=piles, auction=auction, seed=None)


def as_score_input(state: Any) -> ScoreInput:
    if isinstance(state, ScoreInput):
        return state
    return ScoreInput(
        options=state.options,
        blocks=state.blocks,
        players=state.players,
        phase=state.phase,
        round=state.round,
        state=state,
    )


def score_input(inp: ScoreInput, problems: list[Violation], kind: str, memo: Memo) -> dict[str, Any]:
    """Every block's placings and points, each player's round total and spaceport bonus; with players known,
    their standings, and the winners once the game is over (or with ``scoring: final``)."""
    result = scoring.score_blocks(inp.blocks, inp.options, memo)
    scored = result["players"]
    # seat order (the answer's bytes never depend on hashing), then owners not seated as they first appear
    seated = [p.id for p in inp.players] if inp.players is not None else []
    ids = seated + [pid for pid in scored if pid not in seated]
    empty = {"blocks": {}, "total": 0, "spaceport_bonus": 0}
    players = [
        {
            "id": pid,
            **scored.get(pid, empty),
            "breakdown": scoring.breakdown(result["blocks"], scored.get(pid, empty)["blocks"], pid),
        }
        for pid in ids
    ]
    out: dict[str, Any] = {
        "scoring": kind,
        "blocks": result["blocks"],
        "players": players,
        "totals": {p["id"]: p["total"] for p in players},
        "spaceport_bonus": {p["id"]: p["spaceport_bonus"] for p in players},
    }
    over = inp.phase == "over"
    out.update(
        after_scoring(
            ids,
            out["totals"],
            {p.id: p.points for p in inp.players or ()},
            over=over,
            final=kind == "final",
            winners_of=lambda standings: _winners(inp, standings),
        )
    )
    out["violations"] = [v.to_dict() for v in problems]
    return out


def _winners(inp: ScoreInput, standings: dict[str, int]) -> list[str]:
    """The game's winners with the players' points as ``standings`` (its tie-break reads their hands)."""
    if inp.players is None:
        return leaders(standings)
    return flow.winners(replace(inp, players=tuple(replace(p, points=standings[p.id]) for p in inp.players)))


class Skyline3000(Engine):
    book = book.BOOK

    def __init__(self, info: GameInfo):
        super().__init__()
        self.info = info

    # -- metadata --------------------------------------------------------------------------------
    def readings(self):
        return OPTIONS.readings(extra=book.FIXED_READINGS)

    def describe(self) -> dict[str, Any]:
        opts = default_options()
        return {
            "board": {
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
            },
            "cards": [
                {"id": c.id, "deck": c.deck, "value": c.value, **({"district": c.district} if c.district else {})}
                for c in opts.cards
            ],
            "components": {
                "floors": data.FLOORS_TOTAL,
                "greens": data.GREENS_TOTAL,
                "spaceports": data.SPACEPORTS_TOTAL,
                "megamarkets": data.MEGAMARKETS_TOTAL,
                "auction_house": [list(s) for s in data.AUCTION_HOUSE],
                "starting_buildings": [{"floors": f, "roof": r} for f, r in data.START_BUILDINGS],
                "start_points": data.START_POINTS,
                "start_hand": dict(data.START_HAND),
            },
            "scoring": {
                "first": "2 + greens + billboards",
                "second": "greens + billboards",
                "megamarket_factor": data.MEGAMARKET_FACTOR,
                "spaceport_bonus": dict(data.SPACEPORT_BONUS),
                "draw_per_round": data.DRAW_PER_ROUND,
            },
            "options": OPTIONS.describe(),
            "legal_moves": {
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
            },
            "rule_codes": [r.to_dict() for r in book.BOOK.rule_codes()],
            "readings": [r.to_dict(self.info.id) for r in self.readings()],
        }

    # -- the game --------------------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any] | Options | None = None) -> State:
        if options is not None and not isinstance(options, Options):
            options = default_options(**dict(options))
        return setup_state(players, seed, options)

    # -- the parts of the kit's flow (validate, apply, legal_moves) --------------------------------
    def state_violations(self, state: State) -> list[Violation]:
        return validate.validate(state)

    def move_violations(self, state: State, move: Move) -> list[Violation]:
        return moves.move_violations(state, move)

    def effects(self, state: State, move: Move, memo: Memo = NULL_MEMO) -> Outcome:
        return moves.effects(state, move, memo)

    def candidates(self, state: State, player: str | None, move_type: str | None) -> Iterator[Move]:
        return moves.candidates(state, player, move_type)

    def vouch(self, state: Any) -> None:
        """A score request's state is loaded as a ScoreInput, which holds the whole state it was read from."""
        whole = state.state if isinstance(state, ScoreInput) else state
        if whole is not None:
            super().vouch(whole)

    def score(self, state: Any, scoring: Any = None, memo: Memo = NULL_MEMO) -> dict[str, Any]:
        inp = as_score_input(state)
        if inp.state is not None:
            problems = self.validate(inp.state)
        else:
            players = {p.id for p in inp.players} if inp.players is not None else None
            problems = validate.block_violations(inp.options, inp.blocks, players)
        return score_input(inp, problems, scoring or "round", memo)

    def standings(self, state: Any) -> dict[str, int]:
        return {p.id: p.points for p in (state.players or ())}

    def status(self, state: State) -> Status:
        """``flow.awaited``: the drawing player of a pending reveal, the player on turn, every player yet to
        lay a pile in an auction (seat order), the auction's winner while it develops."""
        over = state.phase == "over"
        return Status.of(state.phase, state.round, flow.awaited(state), over, flow.winners(state) if over else ())

    def view(self, state: State, player: str) -> State:
        return view_state(state, player)

    def render(self, state: Any, player: str | None = None, memo: Memo = NULL_MEMO, tr: Labels = english) -> str:
        from .render import render_svg

        if isinstance(state, State) and player is not None:
            state = view_state(state, player)
        return render_svg(as_score_input(state), memo, tr)
