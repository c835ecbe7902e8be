"""The starting state: the shuffled decks dealt through the pinned random generator, or at a real table
nothing dealt and the piles' face-up top cards asked for as reveals."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import RulesError, Violation
from ..kit import RuleBook, replace
from ..random import Rng
from . import data, effects
from .state import Block, FactoryBuilding, Options, Pile, Player, State, default_options


def setup_state(book: RuleBook, players: Sequence[str], seed: int, options: Options | None = None) -> State:
    """Deal 2 roof, 2 floor, 4 contract cards each from the shuffled decks; the four starting buildings;
    score 5; the starting greens; the auction house; a random Key holder.

    The pinned draws, in order: the roof deck shuffled, the floor deck, the contract deck, then the Key
    holder as ``below(len(players))``.
    """
    options = options or default_options()
    ids = list(players)
    problems = _seating_problems(book, ids)
    if problems:
        raise RulesError(problems)
    rng = Rng(seed)
    decks = {d: rng.shuffled([c.id for c in options.cards if c.deck == d]) for d in data.DECKS}
    key = ids[rng.below(len(ids))]
    hands = _deal(decks, ids)
    start_floors = sum(f for f, _ in data.START_BUILDINGS)
    state = State(
        options=options,
        players=tuple(_starting_player(options, p, hands[p]) for p in ids),
        round=1,
        phase="construction",
        key=key,
        turn=key,
        blocks=tuple((spec.id, Block(greens=spec.starting_greens)) for spec in options.board),
        floors=data.FLOORS_TOTAL - start_floors * len(ids),
        auction_house=data.AUCTION_HOUSE,
        piles=tuple((d, Pile(draw=tuple(decks[d]), draw_size=len(decks[d]))) for d in data.DECKS),
        seed=seed,
    )
    if options.chance == "table":
        return at_the_table(state, ids[0])
    return state


def _seating_problems(book: RuleBook, ids: list[str]) -> list[Violation]:
    """2 to 4 players, no two under one id."""
    problems = []
    if not data.AUCTION_HOUSE or not 2 <= len(ids) <= 4:
        problems.append(
            book.violation("state.player_count", book.edition.texts["setup.player_count"], "/players", count=len(ids))
        )
    if len(set(ids)) != len(ids):
        problems.append(book.violation("state.duplicate_player", None, "/players"))
    return problems


def _deal(decks: dict[str, list[str]], ids: list[str]) -> dict[str, list[str]]:
    """Each player's starting hand, deck by deck in seat order, taken from the top of the shuffled decks
    (which keep what is left)."""
    hands: dict[str, list[str]] = {p: [] for p in ids}
    for deck in data.DECKS:
        for p in ids:
            for _ in range(data.START_HAND[deck]):
                if decks[deck]:
                    hands[p].append(decks[deck].pop(0))
    return hands


def _starting_player(options: Options, pid: str, hand: list[str]) -> Player:
    """A player with his dealt hand, the starting buildings in his factory, the roofs they did not use and
    every billboard."""
    used = {r: sum(1 for _, rr in data.START_BUILDINGS if rr == r) for r in data.ROOFS}
    return Player(
        id=pid,
        points=data.START_POINTS,
        hand=tuple(hand),
        hand_size=len(hand),
        factory=tuple(FactoryBuilding(f, r) for f, r in data.START_BUILDINGS),
        arched=options.roofs_per_shape - used["arched"],
        peaked=options.roofs_per_shape - used["peaked"],
        billboards=options.billboards_per_player,
    )


def at_the_table(state: State, key: str) -> State:
    """A real table deals nothing here: hands are unknown (sizes public), the piles' orders too, and the
    state asks first for what the table shows, each pile's face-up top card, revealed by the Key holder (the
    first player listed). Every card the engine must know later arrives as a played card or a ``reveal``."""
    players = tuple(replace(p, hand=None) for p in state.players)
    piles = tuple((d, Pile(draw=None, draw_size=p.draw_size, discard=())) for d, p in state.piles)
    state = replace(state, players=players, piles=piles, seed=None, key=key, turn=key)
    return effects.settle_pending(state, key)[0]
