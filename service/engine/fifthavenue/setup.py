"""Setup (the rules page's section "setup"; English rulebook p. 4): every random draw through the pinned
``Rng``, or at a real table the deal left to reveal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core import RulesError
from ..kit import RuleBook
from ..random import SEED_SPAN, Rng
from . import data as D
from .options import resolved
from .state import BlackDeck, District, Dummy, Park, Pending, Player, Plot, Stack, State, Turn


def start_colours(rng: Rng) -> list[str]:
    """Seven plot colours for the starting businesses: every colour at least once, none more than twice."""
    extra = rng.shuffled(D.COLOURS)[:2]
    return rng.shuffled(list(D.COLOURS) + extra)


def start_order(players: Sequence[str]) -> tuple[str, ...]:
    """The starting placement (reading start_player): from the youngest (the first listed) counter-clockwise, one each;
    the last places his second at once; then the others clockwise back to the youngest."""
    n = len(players)
    first = [players[0]] + [players[(-i) % n] for i in range(1, n)]
    return tuple(first + list(reversed(first)))


def setup(book: RuleBook, players: Sequence[str], seed: int, options: Mapping[str, Any] | None) -> State:
    players = list(players)
    if len(set(players)) != len(players):
        raise RulesError([book.violation("setup.duplicate_player", "Player ids must differ.", "/players")])
    if not 2 <= len(players) <= 4:
        raise RulesError([book.violation("setup.player_count", "Fifth Avenue takes 2 to 4 players.", "/players")])
    if len(players) == 2 and D.DUMMY_ID in players:
        raise RulesError(
            [
                book.violation(
                    "setup.dummy_id_taken",
                    "With 2 players the dummy bidder is called {dummy!r}; choose another id.",
                    "/players",
                    dummy=D.DUMMY_ID,
                )
            ]
        )
    opts = resolved(dict(options or {}))
    if opts.chance == "table":
        return at_the_table(players, opts)
    rng = Rng(seed)
    tiles = rng.shuffled([b for b in D.BUSINESSES for _ in range(D.BUSINESSES_PER_TYPE)])
    colours = start_colours(rng)
    districts = []
    for i, did in enumerate(D.DISTRICTS):
        start = D.SIXTH_PLOT if opts.board_side == "back" else colours[i]  # the back side's broken-border plot
        districts.append(District(did, tuple(Plot(c, (tiles[i],) if c == start else ()) for c in opts.plot_ids)))
    pos = len(D.DISTRICTS)
    row = []
    for size in D.SET_SIZES:
        row.append(tuple(sorted(tiles[pos : pos + size])))
        pos += size
    stacks = {}
    for c in D.COLOURS:
        stacks[c] = rng.shuffled([v for v in D.VALUES for _ in range(D.COLOURED_CARDS[v])])
    black = rng.shuffled([v for v in D.VALUES for _ in range(D.BLACK_CARDS[v])])
    hands = {}
    for p in players:
        hand = [D.card(c, stacks[c].pop(0)) for c in D.COLOURS]
        hand += [D.card(D.BLACK, black.pop(0)) for _ in range(START_BLACK)]
        hands[p] = tuple(sorted(hand))
    park_order = tuple(rng.shuffled(list(range(len(D.SET_SIZES)))))
    shuffle_seed = rng.below(SEED_SPAN)
    order = start_order(players)
    return State(
        options=opts,
        players=tuple(Player(p, 0, D.START_SUPPLY, D.START_GENERAL, hands[p], len(hands[p])) for p in players),
        districts=tuple(districts),
        park=Park(),
        dummy=Dummy() if len(players) == 2 else None,
        supply_row=tuple(row),
        box=D.BOX_BUSINESSES,
        stacks=tuple((c, Stack(s[0], tuple(s[1:]), len(s))) for c, s in stacks.items()),
        black_deck=BlackDeck(tuple(black), len(black)),
        turn=Turn(order[0], "start", None, order),
        park_order=park_order,
        seed=shuffle_seed,
    )


START_BLACK = 4  # black cards in each starting hand


def at_the_table(players: list[str], opts) -> State:
    """A real table deals: nothing is known but the sizes. Every hand holds one card of each colour and 4
    black cards, unseen; the stacks and the deck are face down in unknown order; the supply row and each
    district's starting business wait to be revealed (``effects.next_deal_reveal`` asks for them in turn,
    the first district's business first)."""
    hand_size = len(D.COLOURS) + START_BLACK
    n = len(players)
    order = start_order(players)
    state = State(
        options=opts,
        players=tuple(Player(p, 0, D.START_SUPPLY, D.START_GENERAL, None, hand_size) for p in players),
        districts=tuple(District(did, tuple(Plot(c) for c in opts.plot_ids)) for did in D.DISTRICTS),
        park=Park(),
        dummy=Dummy() if n == 2 else None,
        supply_row=tuple(None for _ in D.SET_SIZES),
        box=D.BOX_BUSINESSES,
        stacks=tuple((c, Stack(None, None, D.COLOURED_PER_COLOUR - n)) for c in D.COLOURS),
        black_deck=BlackDeck(None, D.BLACK_TOTAL - START_BLACK * n),
        turn=Turn(order[0], "start", None, order),
        park_order=None,
        seed=None,
    )
    return replace(state, pending=Pending("start_business", district=D.DISTRICTS[0]))
