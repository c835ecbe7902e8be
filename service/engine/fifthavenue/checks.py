"""The checks every move must pass: one function per move type, shared by ``apply`` and ``legal_moves``,
and the state lookups the rules derive (who acts, the current set, the colours a player may bid...).

Each check takes the game's rule book and returns the list of every violated rule (empty when the move is
legal)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..core import Violation
from ..kit import NOT_YOUR_TURN, RuleBook, awaited_text, pointer
from . import board as B
from . import data as D
from . import hidden as H
from .options import Options
from .state import Auction, Bid, Dummy, Move, Pending, Player, Plot, State, Turn, canonical

# ------------------------------------------------------------------ state lookups


def player(state: State, pid: str) -> Player | None:
    for p in state.players:
        if p.id == pid:
            return p
    return None


def known_player(state: State, pid: str) -> Player:
    """The player of an id the checks or validate have accepted."""
    p = player(state, pid)
    assert p is not None, pid
    return p


def turn_of(state: State) -> Turn:
    """The turn of a game in progress (validate refuses a game state without one)."""
    assert state.turn is not None
    return state.turn


def auction_of(state: State) -> Auction:
    """The auction in progress, where the phase says there is one."""
    assert state.auction is not None
    return state.auction


def dummy_of(state: State) -> Dummy:
    """The dummy bidder of a 2-player game."""
    assert state.dummy is not None
    return state.dummy


def is_dummy(state: State, pid: str | None) -> bool:
    return state.dummy is not None and pid == state.dummy.id


def acting(state: State) -> str | None:
    """Who must move now: the turn's player (also for reveals), or the bidder to act in an auction."""
    if state.turn is None:
        return None
    if state.pending is None and state.auction is not None and state.turn.phase == "auction":
        return state.auction.to_act
    return state.turn.player


def current_set(state: State) -> int | None:
    """The index of the current set: the leftmost set of the supply row still holding a tile (an
    unrevealed set at a real table counts as holding tiles)."""
    for i, tiles in enumerate(state.supply_row):
        if tiles is None or len(tiles) > 0:
            return i
    return None


def card_value(text: str) -> int:
    value = D.VALUE_OF.get(text)
    return D.card_parts(text)[1] if value is None else value


def card_colour(text: str) -> str:
    colour = D.COLOUR_OF.get(text)
    return D.card_parts(text)[0] if colour is None else colour


def bid_of(auction: Auction, pid: str) -> Bid | None:
    for b in auction.bids:
        if b.player == pid:
            return b
    return None


_VALUE = D.VALUE_OF.__getitem__
_COLOUR = D.COLOUR_OF.__getitem__


def cards_value(cards: Iterable[str]) -> int:
    """The sum of the cards' values (of known cards by one lookup each, in C)."""
    try:
        return sum(map(_VALUE, cards))
    except KeyError:
        return sum([card_value(c) for c in cards])


def cards_colours(cards: Iterable[str]) -> set[str]:
    """The colours of the cards (black among them)."""
    try:
        return set(map(_COLOUR, cards))
    except KeyError:
        return {card_colour(c) for c in cards}


def high_bid(auction: Auction) -> int:
    high = 0
    for b in auction.bids:
        total = cards_value(b.cards)
        if total > high:
            high = total
    return high


def allowed_colours(state: State, district_id: str, pid: str) -> tuple[str, ...]:
    """English rulebook p. 11 and the seed: own plot's colour; else an empty plot's colour; else a business plot's colour
    (a bid for a building stop), never a plot holding another player's skyscrapers. Derived once per state,
    district and player (a listing asks it for every bid)."""
    known = state.derived.get("allowed_colours")
    if known is None:
        known = state.derived["allowed_colours"] = {}
    found = known.get((district_id, pid))
    if found is None:
        found = known[district_id, pid] = _allowed_colours(state, district_id, pid)
    return found


def _allowed_colours(state: State, district_id: str, pid: str) -> tuple[str, ...]:
    d = B.district(state, district_id)
    if d is None:
        return ()
    own = B.owned_plot(d, pid)
    if own is not None:
        return (own.colour,)
    coloured = [p for p in d.plots if p.colour != D.SIXTH_PLOT]  # no card bids for the sixth plot
    empty = tuple(p.colour for p in coloured if B.is_empty(p))
    if empty:
        return empty
    return tuple(p.colour for p in coloured if p.businesses and p.skyscrapers is None)


def adjacent_types(options: Options, plots: Mapping[str, Plot], colour: str) -> set[str]:
    """The distinct business types on the plots touching ``colour`` (``plots`` maps colour -> Plot)."""
    out: set[str] = set()
    for other in B.neighbours(options, colour):
        out.update(plots[other].businesses)
    return out


def winner_options(
    park: bool, owns_plot: bool, target_empty: bool, full: bool, limit: int, supply: int
) -> tuple[tuple[str, int], ...]:
    """What an auction's winner may do (English rulebook p. 10): build any number from 1 up to his limit and his supply
    (0 when his supply is empty) on his own plot, on the empty plot of his bid's colour or below Central
    Park; in a district that was full, declare a building stop instead, which he must when he owns no
    plot there."""
    most = min(limit, supply)
    builds = tuple(("build", n) for n in (range(1, most + 1) if most > 0 else (0,)))
    if park:
        return builds
    if owns_plot:
        return builds + ((("stop", 0),) if full else ())
    return builds if target_empty else (("stop", 0),)


def may_bid(state: State, pid: str) -> bool:
    """Reading `bid_requires_supply`: a player needs a skyscraper in his supply to bid, except in a full
    district where the winner may declare a building stop instead of building."""
    a = state.auction
    p = player(state, pid)
    if a is None or p is None:
        return False
    if not state.options.bid_requires_supply or p.supply > 0:
        return True
    return a.site != D.CENTRAL_PARK and a.full


def commissioner_steps(state: State, name: str) -> tuple[str, ...]:
    k = dict(state.commissioners).get(name)
    if k is None:
        return ()
    return B.steps(state.options, B.stopped_ids(state), k.at)


def valuable_districts(state: State) -> tuple[str, ...]:
    out = []
    for _, k in state.commissioners:
        d = B.district(state, k.at)
        if d is not None and not d.stopped and d.id not in out:
            out.append(d.id)
    return tuple(out)


def nonempty_stacks(state: State) -> tuple[str, ...]:
    return tuple(c for c, st in state.stacks if st.count > 0 and st.top is not None)


def build_limit(cards: Iterable[str]) -> int:
    values = [card_value(c) for c in cards]
    return D.BUILD_LIMIT[max(values)] if values else 0


# ------------------------------------------------------------------ common checks


PHASE_OF = {
    "place_start": ("start",),
    "take_skyscrapers": ("action1",),
    "place_business": ("action1",),
    "black_and_move": ("action1",),
    "value_district": ("action1",),
    "take_cards": ("action2",),
    "move_commissioner": ("action3",),
    "bid": ("auction",),
    "pass": ("auction",),
    "build": ("auction",),
    "building_stop": ("auction",),
}


STAGE_OF = {"bid": "bidding", "pass": "bidding", "build": "resolve", "building_stop": "resolve"}


def common(book: RuleBook, state: State, move: Move) -> list[Violation]:
    """The checks of every move: the game goes on, the player is in it, the move fits what is pending, the
    phase and the auction's stage, and it is the player's turn."""
    out: list[Violation] = []
    if state.turn is None or (state.turn.phase == "over" and state.pending is None):
        return [
            book.violation(
                "turn.game_over", "The game is over (or the state has no turn): no move is possible.", "/move/type"
            )
        ]
    known = player(state, move.player) is not None
    if not known:
        out.append(
            book.violation(
                "turn.unknown_player", "Player {player!r} is not in this game.", "/move/player", player=move.player
            )
        )
    out += phase_problems(book, state, state.turn, move)
    who = acting(state)
    if who is not None and move.player != who and known:
        out.append(
            book.violation(
                "turn.not_your_turn", NOT_YOUR_TURN, "/move/player", player=move.player, awaited=awaited_text([who])
            )
        )
    return out


def phase_problems(book: RuleBook, state: State, turn: Turn, move: Move) -> list[Violation]:
    """A reveal exactly when one is pending; otherwise a move type of the phase and the auction's stage."""
    out: list[Violation] = []
    if move.type == "reveal":
        if state.pending is None:
            out.append(book.violation("chance.nothing_pending", "Nothing is waiting to be revealed.", "/move/type"))
    elif state.pending is not None:
        out.append(
            book.violation(
                "chance.pending_reveal", "A reveal ({kind}) must come first.", "/move/type", kind=state.pending.kind
            )
        )
    else:
        phases = PHASE_OF.get(move.type, ())
        if turn.phase not in phases:
            out.append(
                book.violation(
                    "turn.wrong_phase",
                    "A {type!r} move is not possible in phase {phase!r}.",
                    "/move/type",
                    type=move.type,
                    phase=turn.phase,
                )
            )
        elif move.type in STAGE_OF and (state.auction is None or state.auction.stage != STAGE_OF[move.type]):
            stage = state.auction.stage if state.auction else None
            out.append(
                book.violation(
                    "turn.wrong_phase",
                    "A {type!r} move is not possible at auction stage {stage!r}.",
                    "/move/type",
                    type=move.type,
                    stage=stage,
                )
            )
    return out


def district_checks(book: RuleBook, state: State, did: str | None, pointer: str = "/move/district") -> list[Violation]:
    d = B.district(state, did or "")
    if d is None:
        return [book.violation("board.unknown_district", "No district {did!r}.", pointer, did=did)]
    if d.stopped:
        return [
            book.violation(
                "board.district_stopped",
                "{district} is under a building stop.",
                pointer,
                district=D.DISTRICT_NAMES[d.id],
            )
        ]
    return []


# ------------------------------------------------------------------ per move type


def check_place_start(book: RuleBook, state: State, move: Move) -> list[Violation]:
    out = district_checks(book, state, move.district)
    if out:
        return out
    d = B.district_of(state, move.district or "")
    p = B.plot(d, move.plot or "")
    if p is None:
        return [book.violation("board.unknown_plot", "No plot {plot!r}.", "/move/plot", plot=move.plot)]
    if not B.is_empty(p):
        out.append(book.violation("start.plot_occupied", "A starting skyscraper goes on an empty plot.", "/move/plot"))
    if B.owned_plot(d, move.player) is not None:
        out.append(
            book.violation("board.one_plot_per_district", "You already own a plot in this district.", "/move/district")
        )
    return out


def check_take_skyscrapers(book: RuleBook, state: State, move: Move) -> list[Violation]:
    p = player(state, move.player)
    if p is not None and p.general <= 0:
        return [
            book.violation(
                "action_a.general_empty", "No skyscraper of your colour is left in the general supply.", "/move/type"
            )
        ]
    return []


def check_place_business(book: RuleBook, state: State, move: Move) -> list[Violation]:
    out: list[Violation] = []
    index = current_set(state)
    # validate guarantees a current set while the game runs: the 12th business empties the row and ends it
    assert index is not None
    if move.business not in (state.supply_row[index] or ()):
        out.append(
            book.violation(
                "action_b.business_not_in_set",
                "The current set holds no {business!r}.",
                "/move/business",
                business=move.business,
            )
        )
    bad = district_checks(book, state, move.district)
    if bad:
        return out + bad
    p = B.plot(B.district_of(state, move.district or ""), move.plot or "")
    if p is None:
        return out + [book.violation("board.unknown_plot", "No plot {plot!r}.", "/move/plot", plot=move.plot)]
    if p.skyscrapers is not None:
        out.append(
            book.violation(
                "action_b.plot_has_skyscrapers", "A business may not go on a plot with skyscrapers.", "/move/plot"
            )
        )
    if len(p.businesses) >= D.MAX_BUSINESSES_PER_PLOT:
        out.append(book.violation("action_b.plot_full", "A plot holds at most 2 businesses.", "/move/plot"))
    return out


def check_commissioner(book: RuleBook, state: State, move: Move) -> list[Violation]:
    if move.commissioner not in dict(state.commissioners):
        return [
            book.violation(
                "commissioner.unknown",
                "No commissioner {commissioner!r}.",
                "/move/commissioner",
                commissioner=move.commissioner,
            )
        ]
    if move.to not in commissioner_steps(state, move.commissioner):
        return [
            book.violation(
                "commissioner.not_a_step",
                "The {commissioner} commissioner cannot move to {to!r} in one step.",
                "/move/to",
                commissioner=move.commissioner,
                to=move.to,
            )
        ]
    return []


def check_value_district(book: RuleBook, state: State, move: Move) -> list[Violation]:
    bad = district_checks(book, state, move.district)
    if bad:
        return bad
    if move.district not in valuable_districts(state):
        return [
            book.violation(
                "action_d.no_commissioner",
                "Only a district where a commissioner stands may be valued.",
                "/move/district",
            )
        ]
    return []


def check_take_cards(book: RuleBook, state: State, move: Move) -> list[Violation]:
    colours = list(move.colours or ())
    out: list[Violation] = []
    available = nonempty_stacks(state)
    if len(set(colours)) != len(colours):
        out.append(
            book.violation("cards.same_colour", "The two cards come from two different colour stacks.", "/move/colours")
        )
    for i, c in enumerate(colours):
        if c not in available:
            out.append(
                book.violation("cards.stack_empty", "The {c} stack is empty.", pointer("move", "colours", i), c=c)
            )
    if len(colours) != min(2, len(available)):
        out.append(
            book.violation(
                "cards.wrong_count", "Take {count} coloured card(s).", "/move/colours", count=min(2, len(available))
            )
        )
    return out


def hand_problems(book: RuleBook, state: State, p: Player, cards: list[str]) -> list[Violation]:
    out: list[Violation] = []
    if p.hand is None and state.options.chance == "table":
        return unseen_hand_problems(book, state, p, cards)
    if p.hand is None:
        return [
            book.violation(
                "auction.hand_hidden",
                "This state hides the bidder's hand, so a bid cannot be checked; send the state with the hand.",
                "/move/cards",
            )
        ]
    hand = p.hand
    rest = list(hand)
    try:
        for c in cards:
            rest.remove(c)
    except ValueError:
        pass
    else:
        return out  # every card laid is in hand, as often (without a Counter of the hand)
    have = Counter(hand)
    for i, c in enumerate(cards):
        if have[c] <= 0:
            out.append(
                book.violation(
                    "auction.card_not_in_hand", "Card {c!r} is not in your hand.", pointer("move", "cards", i), c=c
                )
            )
        have[c] -= 1
    return out


def unseen_hand_problems(book: RuleBook, state: State, p: Player, cards: list[str]) -> list[Violation]:
    """At a real table nobody knows the bidder's hand: a bid lays cards that could be in it."""
    out = []
    if len(cards) > p.hand_size:
        out.append(
            book.violation(
                "auction.more_cards_than_hand", "You hold {size} card(s) only.", "/move/cards", size=p.hand_size
            )
        )
    unseen = Counter(H.unseen_cards(state))
    room = Counter(H.hidden_hand_room(state))
    for i, c in enumerate(cards):
        if unseen[c] <= 0 or room[card_colour(c)] <= 0:
            out.append(
                book.violation(
                    "auction.card_not_in_hand", "Card {c!r} is not in your hand.", pointer("move", "cards", i), c=c
                )
            )
        unseen[c] -= 1
        room[card_colour(c)] -= 1
    return out


def check_bid(book: RuleBook, state: State, move: Move) -> list[Violation]:
    a = state.auction
    p = player(state, move.player)
    if a is None or p is None:
        return []
    cards = list(move.cards or ())
    out: list[Violation] = []
    if not cards:
        out.append(book.violation("auction.no_cards", "A bid lays at least one card.", "/move/cards"))
    out += hand_problems(book, state, p, cards)
    mine = bid_of(a, move.player)
    colour = mine.colour if mine is not None else move.colour
    if mine is not None and move.colour is not None and move.colour != mine.colour:
        out.append(
            book.violation(
                "auction.colour_changed",
                "Your bid is in {colour}; raise with {colour} or black.",
                "/move/colour",
                colour=mine.colour,
            )
        )
    if mine is None:
        out += first_bid_problems(book, state, a, move, cards)
    out += foreign_card_problems(book, cards, colour)
    if cards:
        high = high_bid(a)
        if (cards_value(mine.cards) if mine is not None else 0) + cards_value(cards) <= high:
            out.append(
                book.violation("auction.not_higher", "A bid must be higher than {high}.", "/move/cards", high=high)
            )
    return out


def first_bid_problems(book: RuleBook, state: State, a: Auction, move: Move, cards: list[str]) -> list[Violation]:
    """A player's first bid in the auction: he may bid, it names a colour he may bid and holds a card of it."""
    out: list[Violation] = []
    colour = move.colour
    if not may_bid(state, move.player):
        out.append(
            book.violation("auction.no_supply", "You need a skyscraper in your supply to bid here.", "/move/type")
        )
    if move.colour is None:
        out.append(book.violation("auction.colour_missing", "A first bid names its colour.", "/move/colour"))
    elif a.site == D.CENTRAL_PARK:
        if a.park_colour is not None and move.colour != a.park_colour:
            out.append(
                book.violation(
                    "auction.colour_not_allowed",
                    "In Central Park every first bid holds a {park_colour} card.",
                    "/move/colour",
                    park_colour=a.park_colour,
                )
            )
    elif move.colour not in allowed_colours(state, a.site, move.player):
        out.append(
            book.violation(
                "auction.colour_not_allowed",
                "You may not bid {colour} in this district.",
                "/move/colour",
                colour=move.colour,
            )
        )
    if colour is not None and colour not in cards_colours(cards):
        out.append(
            book.violation(
                "auction.no_coloured_card",
                "A first bid holds at least one {colour} card.",
                "/move/cards",
                colour=colour,
            )
        )
    return out


def foreign_card_problems(book: RuleBook, cards: list[str], colour: str | None) -> list[Violation]:
    """A bid holds cards of its colour and black cards only."""
    out: list[Violation] = []
    laid = {colour, D.BLACK}
    if cards_colours(cards) <= laid:
        return out
    for i, c in enumerate(cards):
        if card_colour(c) not in laid:
            out.append(
                book.violation(
                    "auction.foreign_colour_card",
                    "Card {c!r} is neither {colour} nor black.",
                    pointer("move", "cards", i),
                    c=c,
                    colour=colour,
                )
            )
    return out


def park_colour_due(state: State, pid: str) -> bool:
    """Reading `park_colour`: the player who started the auctions is to set Central Park's colour, by his
    opening bid or as he passes."""
    a = state.auction
    return (
        a is not None
        and a.site == D.CENTRAL_PARK
        and a.park_colour is None
        and state.options.park_colour == "trigger"
        and pid == a.trigger
        and bid_of(a, pid) is None
    )


def check_pass(book: RuleBook, state: State, move: Move) -> list[Violation]:
    due = park_colour_due(state, move.player)
    if due and move.colour is None:
        return [
            book.violation(
                "auction.park_colour_missing",
                "You started the auctions: name Central Park's colour as you pass (or open with a bid).",
                "/move/colour",
            )
        ]
    if not due and move.colour is not None:
        return [
            book.violation(
                "auction.pass_colour_not_asked",
                "Only the player who started the auctions names Central Park's colour, when passing before it is set.",
                "/move/colour",
            )
        ]
    return []


def check_build(book: RuleBook, state: State, move: Move) -> list[Violation]:
    allowed = build_counts(state)
    if move.count not in allowed:
        return [
            book.violation(
                "build.count_not_allowed",
                "You may build {counts} here.",
                "/move/count",
                counts=", ".join(map(str, allowed)) or "nothing",
            )
        ]
    return []


def winner_choices(state: State) -> tuple[tuple[str, int], ...]:
    """The resolve stage's choices of the auction's winner (``winner_options`` on the state)."""
    a = state.auction
    if a is None or a.winner is None or len(a.bids) != 1:
        return ()
    p = player(state, a.winner)
    if p is None:
        return ()
    limit = build_limit(a.bids[0].cards)
    if a.site == D.CENTRAL_PARK:
        return winner_options(True, False, False, False, limit, p.supply)
    d = B.district(state, a.site)
    target = B.plot(d, a.bids[0].colour) if d is not None else None
    if d is None or target is None:
        return ()
    return winner_options(False, B.owned_plot(d, a.winner) is not None, B.is_empty(target), a.full, limit, p.supply)


def build_counts(state: State) -> tuple[int, ...]:
    return tuple(n for kind, n in winner_choices(state) if kind == "build")


def check_building_stop(book: RuleBook, state: State, move: Move) -> list[Violation]:
    if ("stop", 0) not in winner_choices(state):
        return [
            book.violation(
                "stop.not_possible", "A building stop needs a district whose plots were all occupied.", "/move/type"
            )
        ]
    return []


Check = Callable[[RuleBook, State, Move], list[Violation]]
CHECKS: dict[str, Check] = {
    "place_start": check_place_start,
    "take_skyscrapers": check_take_skyscrapers,
    "place_business": check_place_business,
    "black_and_move": check_commissioner,
    "value_district": check_value_district,
    "take_cards": check_take_cards,
    "move_commissioner": check_commissioner,
    "bid": check_bid,
    "pass": check_pass,
    "build": check_build,
    "building_stop": check_building_stop,
}


# the codes after which no other check of the move is worth making
STOPPING = frozenset(("turn.game_over", "turn.wrong_phase", "chance.pending_reveal", "chance.nothing_pending"))


def stops(book: RuleBook, found: list[Violation]) -> bool:
    """Whether one of ``found`` is a code of ``STOPPING`` (a code is the book's game id, a dot, the suffix)."""
    return any(v.code[len(book.game) + 1 :] in STOPPING for v in found)


# ------------------------------------------------------------------ reveals at a real table


def check_reveal(book: RuleBook, state: State, move: Move) -> list[Violation]:
    """Every rule a reveal breaks: it must carry what the pending draw asks for, and what could still
    come up there."""
    assert state.pending is not None  # ``common`` refuses a reveal when nothing is pending
    check = REVEAL_CHECKS.get(state.pending.kind)
    return [] if check is None else check(book, state, move, state.pending)


def reveal_stack_top(book: RuleBook, state: State, move: Move, pend: Pending) -> list[Violation]:
    tops = dict(move.tops or ())
    if move.tops is None or sorted(tops) != sorted(pend.colours):
        return [
            book.violation(
                "reveal.wrong_fields",
                "Reveal the new top card of {colours} as 'tops'.",
                "/move/tops",
                colours=", ".join(pend.colours),
            )
        ]
    out: list[Violation] = []
    for c in pend.colours:
        if tops[c] not in H.card_pool(state, c):
            out.append(
                book.violation(
                    "reveal.impossible_card",
                    "No {c} card of that value can still be in its stack.",
                    pointer("move", "tops", c),
                    c=c,
                )
            )
    return out


def reveal_black_cards(book: RuleBook, state: State, move: Move, pend: Pending) -> list[Violation]:
    drawn = dict(move.drawn or ())
    want = dict(pend.draws)
    if move.drawn is None or not drawn or any(who not in want for who in drawn):
        return [
            book.violation(
                "reveal.wrong_fields",
                "Reveal the black cards drawn, per player, as 'drawn' (all players owed, or some of them first).",
                "/move/drawn",
            )
        ]
    out: list[Violation] = []
    total: Counter[Any] = Counter()
    for who, values in drawn.items():
        if len(values) != want[who]:
            out.append(
                book.violation(
                    "reveal.wrong_count",
                    "{who!r} draws {count} black card(s).",
                    pointer("move", "drawn", who),
                    who=who,
                    count=want[who],
                )
            )
        total.update(values)
    if not H.within(total, H.card_pool(state, D.BLACK)):
        out.append(
            book.violation(
                "reveal.impossible_card", "Those black cards cannot all still be in the deck.", "/move/drawn"
            )
        )
    return out


def reveal_supply_set(book: RuleBook, state: State, move: Move, pend: Pending) -> list[Violation]:
    tiles = list(move.tiles or ())
    if move.tiles is None or len(tiles) != pend.count:
        return [
            book.violation(
                "reveal.wrong_count",
                "Reveal the {count} businesses of the current set as 'tiles'.",
                "/move/tiles",
                count=pend.count,
            )
        ]
    if not H.within(Counter(tiles), H.business_pool(state)):
        return [book.violation("reveal.impossible_tile", "Those businesses cannot all still be unseen.", "/move/tiles")]
    return []


def reveal_dummy_bid(book: RuleBook, state: State, move: Move, pend: Pending) -> list[Violation]:
    values = list(move.bid or ())
    if move.bid is None or not H.dummy_sequence_ok(values, state.black_deck.count):
        return [
            book.violation(
                "reveal.wrong_sequence",
                "The dummy draws black cards until a value repeats: reveal them in order as 'bid'.",
                "/move/bid",
            )
        ]
    if not H.within(Counter(values), H.card_pool(state, D.BLACK)):
        return [
            book.violation("reveal.impossible_card", "Those black cards cannot all still be in the deck.", "/move/bid")
        ]
    return []


def reveal_park_tiles(book: RuleBook, state: State, move: Move, pend: Pending) -> list[Violation]:
    tiles = list(move.tiles or ())
    if move.tiles is None or len(tiles) != pend.count:
        return [
            book.violation(
                "reveal.wrong_count",
                "Reveal {count} businesses from below Central Park as 'tiles'.",
                "/move/tiles",
                count=pend.count,
            )
        ]
    if not H.within(Counter(tiles), Counter(state.park.businesses)):
        return [
            book.violation("reveal.impossible_tile", "Those businesses are not all below Central Park.", "/move/tiles")
        ]
    return []


def reveal_start_business(book: RuleBook, state: State, move: Move, pend: Pending) -> list[Violation]:
    assert pend.district is not None  # validate: a start_business reveal names its district
    if move.business is None or move.plot is None or move.district not in (None, pend.district):
        return [
            book.violation(
                "reveal.wrong_fields",
                "Reveal the starting business of {district} as 'plot' and 'business'.",
                "/move",
                district=D.DISTRICT_NAMES[pend.district],
            )
        ]
    out = []
    d = B.district(state, pend.district)
    if d is None or B.plot(d, move.plot) is None:
        out.append(book.violation("board.unknown_plot", "No plot {plot!r}.", "/move/plot", plot=move.plot))
    elif move.plot not in H.start_plots(state):
        out.append(
            book.violation(
                "reveal.start_colours",
                "The starting businesses lie on every plot colour, none more than twice: not on {plot} here.",
                "/move/plot",
                plot=move.plot,
            )
        )
    if H.business_pool(state)[move.business] <= 0:
        out.append(
            book.violation("reveal.impossible_tile", "Those businesses cannot all still be unseen.", "/move/business")
        )
    return out


RevealCheck = Callable[[RuleBook, State, Move, Pending], list[Violation]]
REVEAL_CHECKS: dict[str, RevealCheck] = {
    "stack_top": reveal_stack_top,
    "start_business": reveal_start_business,
    "black_cards": reveal_black_cards,
    "supply_set": reveal_supply_set,
    "dummy_bid": reveal_dummy_bid,
    "central_park_tiles": reveal_park_tiles,
}


# ------------------------------------------------------------------ every rule a move breaks


def move_violations(book: RuleBook, state: State, move: Move) -> list[Violation]:
    """Every rule the move breaks (state consistency is checked before, by ``validate``)."""
    move = canonical(move)
    out = common(book, state, move)
    if out and stops(book, out):
        return out
    if move.type == "reveal":
        return out + check_reveal(book, state, move)
    # A type with no check of its own has no phase either, so ``common`` has stopped it above.
    return out + CHECKS[move.type](book, state, move)
