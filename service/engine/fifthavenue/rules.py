"""The checks every move must pass: one function per move type, shared by ``apply`` and ``legal_moves``.

Each returns the list of every violated rule (empty when the move is legal)."""
from __future__ import annotations

from collections import Counter
from typing import Callable

from ..core import Violation
from . import board as B
from . import data as D
from .catalogue import violation
from .state import Auction, Move, Player, State

G = D.GAME_ID


def v(code: str, message: str, pointer: str) -> Violation:
    return violation(f"{G}.{code}", message, pointer)


# ------------------------------------------------------------------ state lookups


def player(state: State, pid: str) -> Player | None:
    for p in state.players:
        if p.id == pid:
            return p
    return None


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
    return D.card_parts(text)[1]


def card_colour(text: str) -> str:
    return D.card_parts(text)[0]


def bid_of(auction: Auction, pid: str):
    for b in auction.bids:
        if b.player == pid:
            return b
    return None


def high_bid(auction: Auction) -> int:
    return max((sum(card_value(c) for c in b.cards) for b in auction.bids), default=0)


def allowed_colours(state: State, district_id: str, pid: str) -> tuple[str, ...]:
    """RGG-p11 / seed: own plot's colour; else an empty plot's colour; else a business plot's colour
    (a bid for a building stop), never a plot holding another player's skyscrapers."""
    d = B.district(state, district_id)
    if d is None:
        return ()
    own = B.owned_plot(d, pid)
    if own is not None:
        return (own.colour,)
    empty = tuple(p.colour for p in d.plots if B.is_empty(p))
    if empty:
        return empty
    return tuple(p.colour for p in d.plots if p.businesses and p.skyscrapers is None)


def adjacent_types(ring, plots, colour: str) -> set[str]:
    """The distinct business types on the plots touching ``colour`` (``plots`` maps colour -> plot with
    ``businesses``, as dataclass or plain dict)."""
    i = list(ring).index(colour)
    out: set[str] = set()
    for other in {ring[(i - 1) % len(ring)], ring[(i + 1) % len(ring)]} - {colour}:
        p = plots[other]
        out.update(p["businesses"] if isinstance(p, dict) else p.businesses)
    return out


def winner_options(park: bool, owns_plot: bool, target_empty: bool, full: bool, limit: int,
                   supply: int) -> tuple[tuple[str, int], ...]:
    """What an auction's winner may do (RGG-p10): build any number from 1 up to his limit and his supply
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


def build_limit(cards) -> int:
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
STAGE_OF = {"bid": "bidding", "pass": "bidding", "build": "resolve",
            "building_stop": "resolve"}


def common(state: State, move: Move) -> list[Violation]:
    out: list[Violation] = []
    if state.turn is None or (state.turn.phase == "over" and state.pending is None):
        return [v("turn.game_over", "The game is over (or the state has no turn): no move is possible.",
                  "/move/type")]
    if player(state, move.player) is None:
        out.append(v("turn.unknown_player", f"Player {move.player!r} is not in this game.", "/move/player"))
    if move.type == "reveal":
        if state.pending is None:
            out.append(v("chance.nothing_pending", "Nothing is waiting to be revealed.", "/move/type"))
    elif state.pending is not None:
        out.append(v("chance.pending_reveal", f"A reveal ({state.pending.kind}) must come first.",
                     "/move/type"))
    else:
        phases = PHASE_OF.get(move.type, ())
        if state.turn.phase not in phases:
            out.append(v("turn.wrong_phase", f"A {move.type!r} move is not possible in phase "
                                             f"{state.turn.phase!r}.", "/move/type"))
        elif move.type in STAGE_OF and (state.auction is None or state.auction.stage != STAGE_OF[move.type]):
            stage = state.auction.stage if state.auction else None
            out.append(v("turn.wrong_phase", f"A {move.type!r} move is not possible at auction stage {stage!r}.",
                         "/move/type"))
    who = acting(state)
    if who is not None and move.player != who and player(state, move.player) is not None:
        out.append(v("turn.not_your_turn", not_your_turn(move.player, [who]), "/move/player"))
    return out


def awaited(ids: list[str]) -> str:
    """'ben', 'ben and carl', 'ben, carl and dora'."""
    return ids[0] if len(ids) == 1 else f"{', '.join(ids[:-1])} and {ids[-1]}"


def not_your_turn(pid: str, waiting_for: list[str]) -> str:
    """The wording every game uses for a move out of turn."""
    return f"It is not {pid}'s turn: the game awaits {awaited(waiting_for)}."


def district_checks(state: State, did: str | None, pointer: str = "/move/district") -> list[Violation]:
    d = B.district(state, did or "")
    if d is None:
        return [v("board.unknown_district", f"No district {did!r}.", pointer)]
    if d.stopped:
        return [v("board.district_stopped", f"{D.DISTRICT_NAMES[d.id]} is under a building stop.", pointer)]
    return []


# ------------------------------------------------------------------ per move type


def check_place_start(state: State, move: Move) -> list[Violation]:
    out = district_checks(state, move.district)
    if out:
        return out
    d = B.district(state, move.district)
    p = B.plot(d, move.plot or "")
    if p is None:
        return [v("board.unknown_plot", f"No plot {move.plot!r}.", "/move/plot")]
    if not B.is_empty(p):
        out.append(v("start.plot_occupied", "A starting skyscraper goes on an empty plot.", "/move/plot"))
    if B.owned_plot(d, move.player) is not None:
        out.append(v("board.one_plot_per_district", "You already own a plot in this district.",
                     "/move/district"))
    return out


def check_take_skyscrapers(state: State, move: Move) -> list[Violation]:
    p = player(state, move.player)
    if p is not None and p.general <= 0:
        return [v("action_a.general_empty", "No skyscraper of your colour is left in the general supply.",
                  "/move/type")]
    return []


def check_place_business(state: State, move: Move) -> list[Violation]:
    out: list[Violation] = []
    index = current_set(state)
    if index is None:
        out.append(v("action_b.no_current_set", "The supply row is empty.", "/move/business"))
    elif move.business not in (state.supply_row[index] or ()):
        out.append(v("action_b.business_not_in_set", f"The current set holds no {move.business!r}.",
                     "/move/business"))
    bad = district_checks(state, move.district)
    if bad:
        return out + bad
    p = B.plot(B.district(state, move.district), move.plot or "")
    if p is None:
        return out + [v("board.unknown_plot", f"No plot {move.plot!r}.", "/move/plot")]
    if p.skyscrapers is not None:
        out.append(v("action_b.plot_has_skyscrapers", "A business may not go on a plot with skyscrapers.",
                     "/move/plot"))
    if len(p.businesses) >= D.MAX_BUSINESSES_PER_PLOT:
        out.append(v("action_b.plot_full", "A plot holds at most 2 businesses.", "/move/plot"))
    return out


def check_commissioner(state: State, move: Move) -> list[Violation]:
    if move.commissioner not in dict(state.commissioners):
        return [v("commissioner.unknown", f"No commissioner {move.commissioner!r}.", "/move/commissioner")]
    if move.to not in commissioner_steps(state, move.commissioner):
        return [v("commissioner.not_a_step", f"The {move.commissioner} commissioner cannot move to {move.to!r} "
                                             f"in one step.", "/move/to")]
    return []


def check_value_district(state: State, move: Move) -> list[Violation]:
    bad = district_checks(state, move.district)
    if bad:
        return bad
    if move.district not in valuable_districts(state):
        return [v("action_d.no_commissioner", "Only a district where a commissioner stands may be valued.",
                  "/move/district")]
    return []


def check_take_cards(state: State, move: Move) -> list[Violation]:
    colours = list(move.colours or ())
    out: list[Violation] = []
    available = nonempty_stacks(state)
    if len(set(colours)) != len(colours):
        out.append(v("cards.same_colour", "The two cards come from two different colour stacks.",
                     "/move/colours"))
    for i, c in enumerate(colours):
        if c not in available:
            out.append(v("cards.stack_empty", f"The {c} stack is empty.", f"/move/colours/{i}"))
    if len(colours) != min(2, len(available)):
        out.append(v("cards.wrong_count", f"Take {min(2, len(available))} coloured card(s).",
                     "/move/colours"))
    return out


def hand_problems(p: Player, cards: list[str]) -> list[Violation]:
    out = []
    if p.hand is None:
        return [v("auction.hand_hidden", "This state hides the bidder's hand, so a bid cannot be checked; "
                                         "send the state with the hand.", "/move/cards")]
    have = Counter(p.hand)
    for i, c in enumerate(cards):
        if have[c] <= 0:
            out.append(v("auction.card_not_in_hand", f"Card {c!r} is not in your hand.", f"/move/cards/{i}"))
        have[c] -= 1
    return out


def check_bid(state: State, move: Move) -> list[Violation]:
    a = state.auction
    p = player(state, move.player)
    if a is None or p is None:
        return []
    cards = list(move.cards or ())
    out: list[Violation] = []
    if not cards:
        out.append(v("auction.no_cards", "A bid lays at least one card.", "/move/cards"))
    out += hand_problems(p, cards)
    mine = bid_of(a, move.player)
    colour = mine.colour if mine is not None else move.colour
    if mine is not None and move.colour is not None and move.colour != mine.colour:
        out.append(v("auction.colour_changed", f"Your bid is in {mine.colour}; raise with {mine.colour} or black.",
                     "/move/colour"))
    if mine is None:
        if not may_bid(state, move.player):
            out.append(v("auction.no_supply", "You need a skyscraper in your supply to bid here.",
                         "/move/type"))
        if move.colour is None:
            out.append(v("auction.colour_missing", "A first bid names its colour.", "/move/colour"))
        elif a.site == D.CENTRAL_PARK:
            if a.park_colour is not None and move.colour != a.park_colour:
                out.append(v("auction.colour_not_allowed", f"In Central Park every first bid holds a "
                                                           f"{a.park_colour} card.", "/move/colour"))
        elif move.colour not in allowed_colours(state, a.site, move.player):
            out.append(v("auction.colour_not_allowed", f"You may not bid {move.colour} in this district.",
                         "/move/colour"))
        if colour is not None and not any(card_colour(c) == colour for c in cards):
            out.append(v("auction.no_coloured_card", f"A first bid holds at least one {colour} card.",
                         "/move/cards"))
    for i, c in enumerate(cards):
        if card_colour(c) not in (colour, D.BLACK):
            out.append(v("auction.foreign_colour_card", f"Card {c!r} is neither {colour} nor black.",
                         f"/move/cards/{i}"))
    before = sum(card_value(c) for c in mine.cards) if mine is not None else 0
    if cards and before + sum(card_value(c) for c in cards) <= high_bid(a):
        out.append(v("auction.not_higher", f"A bid must be higher than {high_bid(a)}.", "/move/cards"))
    return out


def check_pass(state: State, move: Move) -> list[Violation]:
    return []


def check_build(state: State, move: Move) -> list[Violation]:
    allowed = build_counts(state)
    if move.count not in allowed:
        return [v("build.count_not_allowed", f"You may build {', '.join(map(str, allowed)) or 'nothing'} here.",
                  "/move/count")]
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
    return winner_options(False, B.owned_plot(d, a.winner) is not None, B.is_empty(target), a.full, limit,
                          p.supply)


def build_counts(state: State) -> tuple[int, ...]:
    return tuple(n for kind, n in winner_choices(state) if kind == "build")


def check_building_stop(state: State, move: Move) -> list[Violation]:
    if ("stop", 0) not in winner_choices(state):
        return [v("stop.not_possible", "A building stop needs a district whose plots were all occupied.",
                  "/move/type")]
    return []


CHECKS: dict[str, Callable[[State, Move], list[Violation]]] = {
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


def violations(state: State, move: Move) -> list[Violation]:
    """Every rule the move breaks (state consistency is checked before, by ``validate``)."""
    from .reveal import check_reveal

    out = common(state, move)
    if out and any(x.code in (f"{G}.turn.game_over", f"{G}.turn.wrong_phase", f"{G}.chance.pending_reveal",
                              f"{G}.chance.nothing_pending") for x in out):
        return out
    if move.type == "reveal":
        return out + check_reveal(state, move)
    check = CHECKS.get(move.type)
    if check is None:
        return out + [v("turn.unknown_move", f"No move type {move.type!r}.", "/move/type")]
    return out + check(state, move)
