"""The starting state: with digital chance the deck and bag are shuffled by the pinned random generator and
the first deal is made at once; at a real table the state waits for the first deal's reveal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import RulesError, Violation
from ..kit import pointer
from ..random import SEED_SPAN, Rng
from .book import EditionBook
from .data import LOTS, MAX_PLAYERS, MIN_PLAYERS, SHOP_TYPES, START_MONEY, TILE_COUNTS
from .effects import start_deal
from .options import options_of
from .state import Board, Player, State


def all_tiles() -> list[str]:
    return [shop for shop in SHOP_TYPES for _ in range(TILE_COUNTS[shop])]


def setup(book: EditionBook, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
    problems = player_problems(book, players)
    if problems:
        raise RulesError(problems)
    opts = options_of(options)
    deck, bag, shuffle_seed = shuffled_box(seed) if opts.chance == "digital" else (None, None, None)
    state = State(
        options=opts,
        players=tuple(Player(pid, START_MONEY, (), ()) for pid in players),
        round=1,
        phase="deal",
        first_player=players[0],
        done=(),
        board=Board(),
        deck=deck,
        bag=bag,
        shuffle_seed=shuffle_seed,
    )
    return start_deal(state, [])


def player_problems(book: EditionBook, players: Sequence[str]) -> list[Violation]:
    """Why the rules refuse to start with these players: their number, or an id twice."""
    problems = []
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        problems.append(
            book.violation(
                "state.player_count",
                book.edition.texts["setup.player_count"],
                pointer("players"),
                min=MIN_PLAYERS,
                max=MAX_PLAYERS,
            )
        )
    if len(set(players)) != len(players):
        problems.append(book.violation("state.duplicate_player", "Player ids must be unique.", pointer("players")))
    return problems


def shuffled_box(seed: int) -> tuple[tuple[int, ...], tuple[str, ...], int]:
    """The deck and the bag shuffled by the pinned generator from ``seed``, and the seed of the deck's
    later reshuffles (drawn in this order, so a seed gives the same game as ever)."""
    rng = Rng(seed)
    deck = tuple(rng.shuffled(LOTS))
    bag = tuple(rng.shuffled(all_tiles()))
    return deck, bag, rng.below(SEED_SPAN)
