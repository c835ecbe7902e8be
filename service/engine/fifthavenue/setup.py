"""Setup (the rules page's section "setup"; English rulebook p. 4): every random draw through the pinned
``Rng``, or at a real table the deal left to reveal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import RulesError, Violation
from ..kit import RuleBook, replace
from ..random import SEED_SPAN, Rng
from . import data as D
from .options import Options, resolved
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
    refused = player_problems(book, players)
    if refused:
        raise RulesError(refused[:1])
    opts = resolved(dict(options or {}))
    if opts.chance == "table":
        return at_the_table(players, opts)
    return digital_deal(players, seed, opts)


def player_problems(book: RuleBook, players: list[str]) -> list[Violation]:
    """Why the rules refuse these players (the first reason is the one given)."""
    out = []
    if len(set(players)) != len(players):
        out.append(book.violation("setup.duplicate_player", "Player ids must differ.", "/players"))
    if not 2 <= len(players) <= 4:
        out.append(book.violation("setup.player_count", book.edition.texts["player_count"], "/players"))
    if len(players) == 2 and D.DUMMY_ID in players:
        out.append(
            book.violation(
                "setup.dummy_id_taken",
                "With 2 players the dummy bidder is called {dummy!r}; choose another id.",
                "/players",
                dummy=D.DUMMY_ID,
            )
        )
    return out


def digital_deal(players: list[str], seed: int, opts: Options) -> State:
    """Digital play deals every piece by the pinned ``Rng``: the businesses, the starting plots' colours,
    the colour stacks, the black deck, the hands, Central Park's draw order and the later shuffles' seed,
    in that order."""
    rng = Rng(seed)
    tiles = rng.shuffled([b for b in D.BUSINESSES for _ in range(D.BUSINESSES_PER_TYPE)])
    districts = start_districts(tiles, start_colours(rng), opts)
    stacks = {c: rng.shuffled([v for v in D.VALUES for _ in range(D.COLOURED_CARDS[v])]) for c in D.COLOURS}
    black = rng.shuffled([v for v in D.VALUES for _ in range(D.BLACK_CARDS[v])])
    hands = {p: starting_hand(stacks, black) for p in players}
    park_order = tuple(rng.shuffled(list(range(len(D.SET_SIZES)))))
    shuffle_seed = rng.below(SEED_SPAN)
    order = start_order(players)
    return State(
        options=opts,
        players=tuple(Player(p, 0, D.START_SUPPLY, D.START_GENERAL, hands[p], len(hands[p])) for p in players),
        districts=districts,
        park=Park(),
        dummy=Dummy() if len(players) == 2 else None,
        supply_row=supply_row(tiles[len(D.DISTRICTS) :]),
        box=D.BOX_BUSINESSES,
        stacks=tuple((c, Stack(s[0], tuple(s[1:]), len(s))) for c, s in stacks.items()),
        black_deck=BlackDeck(tuple(black), len(black)),
        turn=Turn(order[0], "start", None, order),
        park_order=park_order,
        seed=shuffle_seed,
    )


def start_districts(tiles: list[str], colours: list[str], opts: Options) -> tuple[District, ...]:
    """Each district with its starting business (the first 7 tiles) on the plot of its colour, or on the
    board's back side on the broken-border sixth plot."""
    districts = []
    for i, did in enumerate(D.DISTRICTS):
        start = D.SIXTH_PLOT if opts.board_side == "back" else colours[i]
        districts.append(District(did, tuple(Plot(c, (tiles[i],) if c == start else ()) for c in opts.plot_ids)))
    return tuple(districts)


def supply_row(tiles: list[str]) -> tuple[tuple[str, ...], ...]:
    """The supply row's sets, in order, from the tiles after the starting businesses."""
    row = []
    pos = 0
    for size in D.SET_SIZES:
        row.append(tuple(sorted(tiles[pos : pos + size])))
        pos += size
    return tuple(row)


def starting_hand(stacks: dict[str, list[int]], black: list[int]) -> tuple[str, ...]:
    """The top card of each colour stack and 4 black cards, taken off the stacks and the deck."""
    hand = [D.card(c, stacks[c].pop(0)) for c in D.COLOURS]
    hand += [D.card(D.BLACK, black.pop(0)) for _ in range(START_BLACK)]
    return tuple(sorted(hand))


START_BLACK = 4  # black cards in each starting hand


def at_the_table(players: list[str], opts: Options) -> State:
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
