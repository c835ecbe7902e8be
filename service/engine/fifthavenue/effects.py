"""What a legal move does, on the typed state: the effects of each move and the automatic steps that
follow (dummy bids, auction results, building stops, the end), and what a reveal at a real table brings.

Every step takes a frozen ``State`` and returns a new one built with ``dataclasses.replace``: the parts a
move does not touch (most districts, the other players, the stacks) are shared with the old state, so a
step costs what it changes and nothing converts the whole state. ``ev`` collects the step's events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..core import Event, Outcome, game_ended
from ..kit import replace
from ..random import SEED_SPAN, Rng
from . import board as B
from . import checks as C
from . import data as D
from . import scoring as S
from .state import (
    Auction,
    Bid,
    BlackDeck,
    Commissioner,
    District,
    Move,
    Pending,
    Plot,
    Result,
    Skyscrapers,
    Stack,
    State,
    Turn,
    canonical,
)

Events = list[Event]

SCORED = frozenset(
    {"special_scored", "district_scored", "building_stop_scored", "final_district_scored", "central_park_scored"}
)


# ------------------------------------------------------------------ building a changed state


def without(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    """``items`` less one occurrence of ``item``."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def with_player(s: State, pid: str, **changes: Any) -> State:
    return replace(s, players=tuple(replace(p, **changes) if p.id == pid else p for p in s.players))


def with_district(s: State, d: District) -> State:
    return replace(s, districts=tuple(d if x.id == d.id else x for x in s.districts))


def with_plot(s: State, did: str, plot: Plot) -> State:
    d = B.district_of(s, did)
    return with_district(s, replace(d, plots=tuple(plot if p.colour == plot.colour else p for p in d.plots)))


def with_turn(s: State, **changes: Any) -> State:
    return replace(s, turn=replace(C.turn_of(s), **changes))


def with_auction(s: State, **changes: Any) -> State:
    return replace(s, auction=replace(C.auction_of(s), **changes))


def with_deck(s: State, **changes: Any) -> State:
    return replace(s, black_deck=replace(s.black_deck, **changes))


def with_commissioner(s: State, name: str, k: Commissioner) -> State:
    return replace(s, commissioners=tuple((c, k if c == name else x) for c, x in s.commissioners))


def with_pending(s: State, kind: str, **fields: Any) -> State:
    return replace(s, pending=Pending(kind, **fields))


def add_points(s: State, gained: dict[str, int]) -> State:
    return replace(
        s, players=tuple(replace(p, points=p.points + gained[p.id]) if gained.get(p.id) else p for p in s.players)
    )


def give_cards(s: State, pid: str, cards: Iterable[str]) -> State:
    cards = tuple(cards)
    p = C.known_player(s, pid)
    hand = None if p.hand is None else tuple(sorted(p.hand + cards))
    return with_player(s, pid, hand=hand, hand_size=p.hand_size + len(cards))


def take_from_hand(s: State, pid: str, cards: Iterable[str]) -> State:
    cards = tuple(cards)
    p = C.known_player(s, pid)
    hand = p.hand
    if hand is not None:
        for c in cards:
            hand = without(hand, c)
    return with_player(s, pid, hand=hand, hand_size=p.hand_size - len(cards))


def add_skyscrapers(entries: tuple[Skyscrapers, ...], owner: str, n: int) -> tuple[Skyscrapers, ...]:
    """An owner-sorted list of skyscraper counts with ``n`` more for ``owner``."""
    if any(e.owner == owner for e in entries):
        return tuple(Skyscrapers(e.owner, e.count + n) if e.owner == owner else e for e in entries)
    return tuple(sorted(entries + (Skyscrapers(owner, n),), key=lambda e: e.owner))


def clockwise_from(s: State, first: str) -> list[str]:
    order = [p.id for p in s.players]
    i = order.index(first)
    return order[i:] + order[:i]


def own_colour(s: State, did: str, pid: str) -> str | None:
    p = B.owned_plot(B.district_of(s, did), pid)
    return None if p is None else p.colour


def plot_at(s: State, did: str, colour: str) -> Plot:
    plot = B.plot(B.district_of(s, did), colour)
    assert plot is not None, (did, colour)
    return plot


def rows(s: State, did: str) -> list[dict[str, Any]]:
    return S.value_district(s.options, B.district_of(s, did))


# ------------------------------------------------------------------ drawing


def black_discards(s: State) -> list[int]:
    return sorted(D.card_parts(c)[1] for c in s.discard if D.card_parts(c)[0] == D.BLACK)


def refill_black(s: State, ev: Events, need: int = 1) -> State:
    """Reading `black_deck_empty`: when the black deck cannot give what a draw needs, the discarded black
    cards are shuffled into it (digital play: the pinned shuffle seeded by the state's hidden ``seed``;
    without that seed, or at a real table, the deck's order becomes unknown)."""
    deck = s.black_deck
    if s.options.black_deck_empty != "reshuffle" or deck.count >= need:
        return s
    values = black_discards(s)
    if not values:
        return s
    s = replace(s, discard=tuple(c for c in s.discard if D.card_parts(c)[0] != D.BLACK))
    ev.append(Event("black_deck_reshuffled", {"cards": len(values)}))
    if deck.cards is not None and s.seed is not None:
        rng = Rng(s.seed)
        cards = deck.cards + tuple(rng.shuffled(values))
        return replace(s, black_deck=BlackDeck(cards, deck.count + len(values)), seed=rng.below(SEED_SPAN))
    return replace(s, black_deck=BlackDeck(None, deck.count + len(values)), seed=None)


def draw_black(s: State, requests: list[tuple[str, int]], ev: Events) -> State:
    """Black cards for each (player, n) in order; an empty deck is refilled from the discards (reading
    `black_deck_empty`) or gives no more. With the deck's order unknown, a hand nobody knows just grows
    (its player sees his cards, the table does not), and a known hand's draw is left to reveal."""
    if s.black_deck.cards is None or s.seed is None:
        s = refill_black(s, ev, sum(n for _, n in requests))
    if s.black_deck.cards is None:
        left = s.black_deck.count
        draws = []
        for pid, n in requests:
            k = min(n, left)
            left -= k
            if k < n:
                ev.append(not_given(pid, n - k))
            if k <= 0:
                continue
            if C.known_player(s, pid).hand is None:
                s = give_unseen(s, pid, k)
                ev.append(Event("black_cards_drawn", {"player": pid, "count": k}))
            else:
                draws.append((pid, k))
        return with_pending(s, "black_cards", draws=tuple(draws)) if draws else s
    for pid, n in requests:
        got = []
        for _ in range(n):
            if s.black_deck.count == 0:
                s = refill_black(s, ev)
            deck = s.black_deck
            if deck.count == 0:
                break
            assert deck.cards is not None  # a deck whose order is known stays known, refilled or not
            got.append(D.card(D.BLACK, deck.cards[0]))
            s = with_deck(s, cards=deck.cards[1:], count=deck.count - 1)
        if got:
            s = give_cards(s, pid, got)
            ev.append(Event("black_cards_drawn", {"player": pid, "count": len(got)}))
        if len(got) < n:
            ev.append(not_given(pid, n - len(got)))
    return s


def not_given(pid: str, count: int) -> Event:
    """Reading `black_cards_all_held`: black cards a player is owed when the deck (refilled from the
    discards, or not, by reading `black_deck_empty`) has none left to give; they are not given later."""
    return Event("black_cards_not_given", {"player": pid, "count": count})


def give_unseen(s: State, pid: str, n: int) -> State:
    """``n`` black cards from a deck of unknown order into a hand nobody knows."""
    s = with_deck(s, count=s.black_deck.count - n)
    return with_player(s, pid, hand_size=C.known_player(s, pid).hand_size + n)


def refill_stacks(s: State, ev: Events) -> State:
    """Reading `coloured_stack_empty`: an empty colour stack takes back its colour's discards at once,
    shuffled, top card face up (digital play: the pinned shuffle seeded by the state's hidden ``seed``; at
    a real table the new top is a reveal)."""
    if s.options.coloured_stack_empty != "reshuffle":
        return s
    stacks = dict(s.stacks)
    unseen: list[str] = []
    for colour in D.COLOURS:
        st = stacks.get(colour)
        values = sorted(D.card_parts(c)[1] for c in s.discard if D.card_parts(c)[0] == colour)
        if st is None or st.count > 0 or not values:
            continue
        s = replace(s, discard=tuple(c for c in s.discard if D.card_parts(c)[0] != colour))
        ev.append(Event("stack_reshuffled", {"colour": colour, "cards": len(values)}))
        if s.seed is not None and st.below is not None:
            rng = Rng(s.seed)
            order = rng.shuffled(values)
            s = replace(s, seed=rng.below(SEED_SPAN))
            new = Stack(order[0], tuple(order[1:]), len(order))
        else:
            new = Stack(None, None, len(values))
            unseen.append(colour)
        s = replace(s, stacks=tuple((c, new if c == colour else x) for c, x in s.stacks))
    if unseen:
        waiting = s.pending.colours if s.pending is not None and s.pending.kind == "stack_top" else ()
        s = with_pending(s, "stack_top", colours=tuple(c for c in D.COLOURS if c in waiting or c in unseen))
    return s


def take_top(s: State, colour: str, pid: str) -> tuple[State, bool]:
    """The visible top card of a colour stack into the hand; True when the new top must be revealed."""
    st = dict(s.stacks)[colour]
    assert st.top is not None  # the checks take cards from stacks showing their top only
    s = give_cards(s, pid, (D.card(colour, st.top),))
    if st.below is not None:
        new = replace(st, top=st.below[0] if st.below else None, below=st.below[1:], count=st.count - 1)
    else:
        new = replace(st, top=None, count=st.count - 1)
    s = replace(s, stacks=tuple((c, new if c == colour else x) for c, x in s.stacks))
    return s, st.below is None and new.count > 0


# ------------------------------------------------------------------ turn flow


def end_turn(s: State) -> State:
    order = [p.id for p in s.players]
    nxt = order[(order.index(C.turn_of(s).player) + 1) % len(order)]
    return replace(s, turn=Turn(nxt, "action1"))


def place_start(s: State, pid: str, did: str, colour: str, ev: Events) -> State:
    s = with_plot(s, did, replace(plot_at(s, did, colour), skyscrapers=Skyscrapers(pid, 1)))
    queue = C.turn_of(s).start_queue[1:]
    ev.append(Event("start_skyscraper_placed", {"player": pid, "district": did, "plot": colour}))
    if queue:
        return replace(s, turn=Turn(queue[0], "start", None, queue))
    return replace(s, turn=Turn(s.players[0].id, "action1"))


def take_skyscrapers(s: State, pid: str, ev: Events) -> State:
    p = C.known_player(s, pid)
    n = min(D.ACTION_A_SKYSCRAPERS, p.general)
    s = with_player(s, pid, general=p.general - n, supply=p.supply + n)
    ev.append(Event("skyscrapers_taken", {"player": pid, "count": n}))
    return with_turn(s, phase="action2", action="A")


def place_business(s: State, pid: str, did: str, colour: str, business: str, ev: Events) -> State:
    index = C.current_set(s)
    assert index is not None  # validate: a game in progress has a current set
    tiles = without(s.supply_row[index] or (), business)
    plot = plot_at(s, did, colour)
    s = with_plot(s, did, replace(plot, businesses=tuple(sorted(plot.businesses + (business,)))))
    placed = s.businesses_placed + 1
    s = replace(s, businesses_placed=placed)
    ev.append(
        Event(
            "business_placed", {"player": pid, "district": did, "plot": colour, "business": business, "number": placed}
        )
    )
    if len(tiles) == 1:
        s = replace(s, park=replace(s.park, businesses=s.park.businesses + tiles))
        ev.append(Event("business_to_central_park", {"business": tiles[0]}))
        tiles = ()
    s = replace(s, supply_row=s.supply_row[:index] + (tiles,) + s.supply_row[index + 1 :])
    s = with_turn(s, phase="action2", action="B")
    if placed >= D.BUSINESSES_ENDING_GAME:
        return end_game(s, ev)
    for after, points, need in s.options.special_scorings:
        if after == placed:
            gained = S.special_scoring(s, points, need)
            s = add_points(s, gained)
            ev.append(Event("special_scored", {"after": after, "awarded": gained}))
    nxt = C.current_set(s)
    if nxt is not None and s.supply_row[nxt] is None:
        s = with_pending(s, "supply_set", index=nxt, count=D.SET_SIZES[nxt])
    return s


def value_district(s: State, pid: str, did: str, ev: Events) -> State:
    r = rows(s, did)
    gained = S.points_by_owner(r)
    s = add_points(s, gained)
    ev.append(
        Event(
            "district_scored", {"district": did, "awarded": {k: v for k, v in gained.items() if not C.is_dummy(s, k)}}
        )
    )
    s = with_turn(s, phase="action3", action="D")
    requests = [(pid, s.options.valuation_black_cards)]
    owners = {x["owner"] for x in r}
    for q in clockwise_from(s, pid):
        if q not in owners:
            if q == pid:
                requests[0] = (pid, requests[0][1] + 1)
            else:
                requests.append((q, 1))
    return draw_black(s, requests, ev)


def take_cards(s: State, pid: str, colours: list[str], ev: Events) -> State:
    reveal = []
    for c in colours:
        s, hidden = take_top(s, c, pid)
        if hidden:
            reveal.append(c)
    ev.append(Event("cards_taken", {"player": pid, "colours": list(colours)}))
    s = with_turn(s, phase="action3")
    if reveal:
        s = with_pending(s, "stack_top", colours=tuple(reveal))
    return refill_stacks(s, ev)


def move_commissioner(s: State, pid: str, name: str, to: str, resume: str, ev: Events) -> tuple[State, bool]:
    """One step; True when the move back to City Hall started the auctions."""
    k = dict(s.commissioners)[name]
    old = k.at
    ev.append(Event("commissioner_moved", {"commissioner": name, "from": old, "to": to}))
    if to == D.CITY_HALL:
        return start_auctions(s, name, pid, resume, ev), True
    markers = k.markers
    if (
        old in D.DISTRICTS
        and not B.district_of(s, old).stopped
        and old not in markers
        and len(markers) < D.MARKERS_PER_COMMISSIONER
    ):
        markers = markers + (old,)
    return with_commissioner(s, name, Commissioner(to, markers)), False


def black_and_move(s: State, pid: str, name: str, to: str, ev: Events) -> State:
    s = with_turn(s, phase="action2", action="C")
    s = draw_black(s, [(pid, 1)], ev)
    return move_commissioner(s, pid, name, to, "action2", ev)[0]


def third_action(s: State, pid: str, name: str, to: str, ev: Events) -> State:
    s, auctions = move_commissioner(s, pid, name, to, "next_turn", ev)
    return s if auctions else end_turn(s)


# ------------------------------------------------------------------ auctions


def start_auctions(s: State, name: str, trigger: str, resume: str, ev: Events) -> State:
    k = dict(s.commissioners)[name]
    sites = [d for d in k.markers if not B.district_of(s, d).stopped] + [D.CENTRAL_PARK]
    s = with_commissioner(s, name, Commissioner(D.CITY_HALL, ()))
    ev.append(Event("auctions_started", {"commissioner": name, "sites": sites}))
    s = with_turn(s, phase="auction")
    return begin_site(s, name, trigger, resume, sites[0], tuple(sites[1:]))


def begin_site(s: State, commissioner: str, trigger: str, resume: str, site: str, queue: tuple[str, ...]) -> State:
    order = clockwise_from(s, trigger)
    if s.dummy is not None:
        order.insert(2, C.dummy_of(s).id)  # the dummy always bids third, in Central Park too (English rulebook p. 5)
    park = site == D.CENTRAL_PARK
    full = False if park else B.is_full(B.district_of(s, site))
    return replace(
        s, auction=Auction(commissioner, trigger, resume, site, queue, "bidding", tuple(order), trigger, full=full)
    )


def bid_total(cards: Iterable[str]) -> int:
    return sum(D.card_parts(c)[1] for c in cards)


def bid(s: State, pid: str, colour: str | None, cards: tuple[str, ...], ev: Events) -> State:
    a = C.auction_of(s)
    mine = C.bid_of(a, pid)
    if not C.is_dummy(s, pid):
        s = take_from_hand(s, pid, cards)
    if mine is None:
        assert colour is not None  # the checks refuse a first bid without its colour
        s = with_auction(s, bids=a.bids + (Bid(pid, colour, tuple(sorted(cards))),))
        if a.site == D.CENTRAL_PARK and a.park_colour is None:
            s = with_auction(
                s, park_colour=colour
            )  # the opening card sets Central Park's colour (English rulebook p. 10)
            ev.append(Event("park_colour_set", {"player": pid, "colour": colour}))
    else:
        raised = replace(mine, cards=tuple(sorted(mine.cards + tuple(cards))))
        s = with_auction(s, bids=tuple(raised if b is mine else b for b in a.bids))
    ev.append(Event("bid", {"player": pid, "total": C.high_bid(C.auction_of(s))}))
    return after_turn(s, pid, ev)


def pass_(s: State, pid: str, ev: Events, colour: str | None = None) -> State:
    """A final pass; in Central Park the trigger who passes before naming its colour names it now
    (reading `park_colour`)."""
    a = C.auction_of(s)
    if colour is not None and a.park_colour is None:
        s = with_auction(s, park_colour=colour)
        ev.append(Event("park_colour_set", {"player": pid, "colour": colour}))
        a = C.auction_of(s)
    mine = C.bid_of(a, pid)
    if mine is not None:
        s = with_auction(s, bids=tuple(b for b in a.bids if b is not mine))
        if not C.is_dummy(s, pid):
            s = give_cards(s, pid, mine.cards)
    s = with_auction(s, passed=C.auction_of(s).passed + (pid,))
    ev.append(Event("passed", {"player": pid}))
    return after_turn(s, pid, ev)


def after_turn(s: State, actor: str, ev: Events) -> State:
    a = C.auction_of(s)
    active = [p for p in a.order if p not in a.passed]
    if not active:
        ev.append(Event("auction_without_bids", {"site": a.site}))
        return site_end(s, ev)
    if len(active) == 1 and C.bid_of(a, active[0]) is not None:
        return win(s, active[0], ev)
    i = a.order.index(actor)
    for step in range(1, len(a.order) + 1):
        p = a.order[(i + step) % len(a.order)]
        if p not in a.passed:
            return with_auction(s, to_act=p)
    return s


def build(s: State, site: str, pid: str, colour: str | None, n: int, ev: Events) -> State:
    if n <= 0:
        return s
    if C.is_dummy(s, pid):
        s = replace(s, dummy=replace(C.dummy_of(s), general=C.dummy_of(s).general - n))
    else:
        s = with_player(s, pid, supply=C.known_player(s, pid).supply - n)
    if site == D.CENTRAL_PARK:
        s = replace(s, park=replace(s.park, skyscrapers=add_skyscrapers(s.park.skyscrapers, pid, n)))
    else:
        assert colour is not None  # a district's builder builds on a plot of a colour
        plot = plot_at(s, site, colour)
        sky = (
            Skyscrapers(pid, n)
            if plot.skyscrapers is None
            else replace(plot.skyscrapers, count=plot.skyscrapers.count + n)
        )
        s = with_plot(s, site, replace(plot, skyscrapers=sky))
    ev.append(Event("skyscrapers_built", {"player": pid, "site": site, "plot": colour, "count": n}))
    return s


def win(s: State, pid: str, ev: Events) -> State:
    a = C.auction_of(s)
    b = C.bid_of(a, pid)
    assert b is not None  # the winner is the one bidder left with a bid
    site = a.site
    limit = C.build_limit(b.cards)
    ev.append(Event("auction_won", {"site": site, "player": pid, "total": bid_total(b.cards), "limit": limit}))
    if C.is_dummy(s, pid):
        s = with_auction(s, bids=())
        if site != D.CENTRAL_PARK:  # in Central Park Alea does not build (English rulebook p. 5)
            if B.is_empty(plot_at(s, site, b.colour)) or own_colour(s, site, pid) is not None:
                s = build(s, site, pid, b.colour, min(limit, C.dummy_of(s).general), ev)
            else:
                s = declare_stop(s, site, pid, ev)
        return site_end(s, ev)
    s = with_auction(s, bids=(b,))
    choices = C.winner_choices(with_auction(s, winner=pid))
    if len(choices) > 1:
        return with_auction(s, stage="resolve", winner=pid, to_act=pid)
    kind, n = choices[0]
    return resolve_stop(s, pid, ev) if kind == "stop" else resolve_build(s, pid, n, ev)


def close_bid(s: State, ev: Events) -> tuple[State, Bid]:
    """The winning bid off the auction, its cards onto the discard pile."""
    b = C.auction_of(s).bids[0]
    s = with_auction(s, bids=())
    s = replace(s, discard=tuple(sorted(s.discard + b.cards)))
    return refill_stacks(s, ev), b


def resolve_build(s: State, pid: str, n: int, ev: Events) -> State:
    """The winner builds ``n`` (1 up to his limit and supply; 0 when his supply is empty) on his plot,
    on the empty plot of his bid's colour, or below Central Park."""
    s, b = close_bid(s, ev)
    site = C.auction_of(s).site
    colour = None if site == D.CENTRAL_PARK else (own_colour(s, site, pid) or b.colour)
    s = build(s, site, pid, colour, n, ev)
    return site_end(s, ev)


def resolve_stop(s: State, pid: str, ev: Events) -> State:
    s, _ = close_bid(s, ev)
    s = declare_stop(s, C.auction_of(s).site, pid, ev)
    return site_end(s, ev)


def declare_stop(s: State, did: str, declarer: str, ev: Events) -> State:
    r = rows(s, did)
    gained = {k: v for k, v in S.stop_points(r, declarer).items() if not C.is_dummy(s, k)}
    s = add_points(s, gained)
    d = B.district_of(s, did)
    businesses = s.removed_businesses
    skyscrapers = s.removed_skyscrapers
    for plot in d.plots:
        businesses = tuple(sorted(businesses + plot.businesses))
        if plot.skyscrapers is not None:
            skyscrapers = add_skyscrapers(skyscrapers, plot.skyscrapers.owner, plot.skyscrapers.count)
    s = replace(s, removed_businesses=businesses, removed_skyscrapers=skyscrapers)
    s = with_district(s, District(did, tuple(Plot(p.colour) for p in d.plots), True))
    s = replace(
        s,
        commissioners=tuple(
            (c, replace(k, markers=tuple(m for m in k.markers if m != did))) for c, k in s.commissioners
        ),
    )
    ev.append(Event("building_stop_scored", {"district": did, "declarer": declarer, "awarded": gained}))
    return s


def site_end(s: State, ev: Events) -> State:
    a = C.auction_of(s)
    if a.dummy_bid:
        deck = s.black_deck
        cards = None if deck.cards is None else deck.cards + a.dummy_bid
        s = with_deck(s, cards=cards, count=deck.count + len(a.dummy_bid))
    s = with_auction(s, dummy_bid=None)
    if sum(1 for d in s.districts if d.stopped) >= D.STOPS_ENDING_GAME:
        return end_game(s, ev)
    if a.queue:
        return begin_site(s, a.commissioner, a.trigger, a.resume, a.queue[0], a.queue[1:])
    s = replace(s, auction=None)
    ev.append(Event("auctions_ended", {}))
    return with_turn(s, phase="action2") if a.resume == "action2" else end_turn(s)


def dummy_colour(s: State, site: str) -> str | None:
    """Readings `dummy_plot`, `dummy_building_stop`, `dummy_park_opening`: the colour Alea bids, or None."""
    if site == D.CENTRAL_PARK:
        return C.auction_of(s).park_colour
    own = own_colour(s, site, C.dummy_of(s).id)
    if own is not None:
        return own
    d = B.district_of(s, site)
    plots = {p.colour: p for p in d.plots}
    ring = s.options.plot_ring
    empty = [c for c in ring if B.is_empty(plots[c])]
    if empty:
        if s.options.dummy_plot == "most_types":
            return max(empty, key=lambda c: (len(C.adjacent_types(s.options, plots, c)), -ring.index(c)))
        return empty[0]
    if s.options.dummy_building_stop:
        return next((c for c in ring if plots[c].businesses and plots[c].skyscrapers is None), None)
    return None


def draw_dummy_bid(s: State, ev: Events) -> tuple[State, tuple[int, ...]]:
    drawn: list[int] = []
    while True:
        if s.black_deck.count == 0:
            s = refill_black(s, ev)
        deck = s.black_deck
        if not deck.cards:
            break
        value = deck.cards[0]
        s = with_deck(s, cards=deck.cards[1:], count=deck.count - 1)
        drawn.append(value)
        if value in drawn[:-1]:
            break
    return s, tuple(drawn)


def dummy_needs_supply(s: State, site: str, colour: str) -> bool:
    """Alea builds (and so needs skyscrapers) in a district on its own or an empty plot."""
    if site == D.CENTRAL_PARK:
        return False
    return own_colour(s, site, C.dummy_of(s).id) is not None or B.is_empty(plot_at(s, site, colour))


def dummy_act(s: State, ev: Events) -> State:
    a = C.auction_of(s)
    me = C.dummy_of(s).id
    colour = dummy_colour(s, a.site)
    if (
        C.bid_of(a, me) is not None
        or colour is None
        or (dummy_needs_supply(s, a.site, colour) and C.dummy_of(s).general <= 0)
    ):
        return pass_(s, me, ev)
    if a.dummy_bid is None:
        if s.black_deck.cards is None:
            s = refill_black(s, ev, len(D.VALUES) + 1)  # the longest draw a repeat allows
            if s.black_deck.count > 0:
                return with_pending(s, "dummy_bid")
        drawn: tuple[int, ...] = ()
        if s.black_deck.cards is not None:
            s, drawn = draw_dummy_bid(s, ev)
        s = with_auction(s, dummy_bid=drawn)
    cards = tuple(D.card(D.BLACK, x) for x in C.auction_of(s).dummy_bid or ())
    if cards and bid_total(cards) > C.high_bid(C.auction_of(s)):
        return bid(s, me, colour, cards, ev)
    return pass_(s, me, ev)


def advance(s: State, ev: Events) -> State:
    """The automatic steps: the dummy's turns in an auction, until a player must move or reveal."""
    for _ in range(64):
        if s.pending is not None or C.turn_of(s).phase == "over":
            return s
        a = s.auction
        if a is not None and a.stage == "bidding" and C.is_dummy(s, a.to_act):
            s = dummy_act(s, ev)
            continue
        return s
    return s


# ------------------------------------------------------------------ the end


def end_game(s: State, ev: Events) -> State:
    s = replace(s, auction=None, pending=None)  # a stack top still to reveal no longer matters
    s = with_turn(s, phase="over")
    for d in s.districts:
        if not d.stopped:
            gained = {k: v for k, v in S.points_by_owner(rows(s, d.id)).items() if not C.is_dummy(s, k)}
            s = add_points(s, gained)
            ev.append(Event("final_district_scored", {"district": d.id, "awarded": gained}))
    park = s.park.businesses
    if len(park) <= D.PARK_TILES_REVEALED:
        return finish_final(s, park, ev)
    if s.park_order is not None:
        return finish_final(s, tuple(park[i] for i in s.park_order if i < len(park))[: D.PARK_TILES_REVEALED], ev)
    return with_pending(s, "central_park_tiles", count=D.PARK_TILES_REVEALED)


def finish_final(s: State, tiles: tuple[str, ...], ev: Events) -> State:
    sky = {owner: n for owner, n in S.park_skyscrapers(s).items() if not C.is_dummy(s, owner)}
    types, each, gained = S.park_points(sky, list(tiles), s.options.park_tiles_fewer)
    s = add_points(s, gained)
    points = {p.id: p.points for p in s.players}
    cards = {p.id: p.hand_size for p in s.players}
    won = S.winners(points, cards)
    s = replace(s, result=Result(tuple(won), tuple(sorted(tiles))))
    ev.append(Event("central_park_scored", {"tiles": sorted(tiles), "types": types, "awarded": gained}))
    ev.append(game_ended(won, points))
    return s


# ------------------------------------------------------------------ chance at a real table


def reveal(s: State, m: Move, ev: Events) -> State:
    """What the pending reveal brings: a district's starting business, new stack tops, black cards drawn
    (for some or all of the players owed), a set of the supply row, the dummy's draw, or the tiles below
    Central Park. During a real table's deal the next public piece of the deal is asked for next."""
    pend = s.pending
    assert pend is not None  # the checks refuse a reveal when nothing is pending
    s = REVEALED[pend.kind](replace(s, pending=None), m, pend, ev)
    ev.append(Event("revealed", {"pending": pend.kind, **revealed_pieces(m)}))
    if s.pending is None and C.turn_of(s).phase == "start":
        s = next_deal_reveal(s)
    return s


def revealed_pieces(m: Move) -> dict[str, Any]:
    """What a reveal move turned up, under the reveal move's own field names."""
    out: dict[str, Any] = {name: getattr(m, name) for name in ("business", "district", "plot") if getattr(m, name)}
    for name in ("tiles", "bid"):
        if getattr(m, name) is not None:
            out[name] = list(getattr(m, name))
    if m.tops is not None:
        out["tops"] = dict(m.tops)
    if m.drawn is not None:
        out["drawn"] = {who: list(values) for who, values in m.drawn}
    return out


def reveal_start_business(s: State, m: Move, pend: Pending, ev: Events) -> State:
    assert pend.district is not None and m.plot is not None and m.business is not None  # the checks
    plot = plot_at(s, pend.district, m.plot)
    return with_plot(s, pend.district, replace(plot, businesses=(m.business,)))


def reveal_stack_tops(s: State, m: Move, pend: Pending, ev: Events) -> State:
    tops = dict(m.tops or ())
    return replace(s, stacks=tuple((c, replace(st, top=tops[c]) if c in tops else st) for c, st in s.stacks))


def reveal_black_cards(s: State, m: Move, pend: Pending, ev: Events) -> State:
    drawn = m.drawn or ()
    for pid, values in drawn:
        s = give_cards(s, pid, (D.card(D.BLACK, value) for value in values))
        s = with_deck(s, count=s.black_deck.count - len(values))
        ev.append(Event("black_cards_drawn", {"player": pid, "count": len(values)}))
    revealed = {pid for pid, _ in drawn}
    owed = tuple((pid, n) for pid, n in pend.draws if pid not in revealed)
    return with_pending(s, "black_cards", draws=owed) if owed else s


def reveal_supply_set(s: State, m: Move, pend: Pending, ev: Events) -> State:
    index = pend.index
    return replace(s, supply_row=s.supply_row[:index] + (tuple(sorted(m.tiles or ())),) + s.supply_row[index + 1 :])


def reveal_dummy_bid(s: State, m: Move, pend: Pending, ev: Events) -> State:
    drawn = tuple(m.bid or ())
    s = with_auction(s, dummy_bid=drawn)
    return with_deck(s, count=s.black_deck.count - len(drawn))


def reveal_park_tiles(s: State, m: Move, pend: Pending, ev: Events) -> State:
    return finish_final(s, tuple(m.tiles or ()), ev)


Revealed = Callable[[State, Move, Pending, Events], State]
REVEALED: dict[str, Revealed] = {
    "start_business": reveal_start_business,
    "stack_top": reveal_stack_tops,
    "black_cards": reveal_black_cards,
    "supply_set": reveal_supply_set,
    "dummy_bid": reveal_dummy_bid,
    "central_park_tiles": reveal_park_tiles,
}


def next_deal_reveal(s: State) -> State:
    """A real table's deal, in the order the table lays it: each district's starting business, the
    supply row set by set, then the five stack tops once the hands are dealt."""
    for d in s.districts:
        if not any(p.businesses for p in d.plots):
            return with_pending(s, "start_business", district=d.id)
    for i, tiles in enumerate(s.supply_row):
        if tiles is None:
            return with_pending(s, "supply_set", index=i, count=D.SET_SIZES[i])
    hidden = tuple(c for c, st in s.stacks if st.top is None and st.count > 0)
    return with_pending(s, "stack_top", colours=hidden) if hidden else s


# ------------------------------------------------------------------ each move type's effect

Effect = Callable[[State, Move, Events], State]


def _place_start(s: State, m: Move, ev: Events) -> State:
    assert m.district is not None and m.plot is not None  # the checks refuse a move without them
    return place_start(s, m.player, m.district, m.plot, ev)


def _place_business(s: State, m: Move, ev: Events) -> State:
    assert m.district is not None and m.plot is not None and m.business is not None
    return place_business(s, m.player, m.district, m.plot, m.business, ev)


def _black_and_move(s: State, m: Move, ev: Events) -> State:
    assert m.commissioner is not None and m.to is not None
    return black_and_move(s, m.player, m.commissioner, m.to, ev)


def _value_district(s: State, m: Move, ev: Events) -> State:
    assert m.district is not None
    return value_district(s, m.player, m.district, ev)


def _move_commissioner(s: State, m: Move, ev: Events) -> State:
    assert m.commissioner is not None and m.to is not None
    return third_action(s, m.player, m.commissioner, m.to, ev)


def _bid(s: State, m: Move, ev: Events) -> State:
    assert m.cards is not None
    return bid(s, m.player, m.colour, m.cards, ev)


def _build(s: State, m: Move, ev: Events) -> State:
    assert m.count is not None
    return resolve_build(s, m.player, m.count, ev)


EFFECTS: dict[str, Effect] = {
    "place_start": _place_start,
    "take_skyscrapers": lambda s, m, ev: take_skyscrapers(s, m.player, ev),
    "place_business": _place_business,
    "black_and_move": _black_and_move,
    "value_district": _value_district,
    "take_cards": lambda s, m, ev: take_cards(s, m.player, list(m.colours or ()), ev),
    "move_commissioner": _move_commissioner,
    "bid": _bid,
    "pass": lambda s, m, ev: pass_(s, m.player, ev, m.colour),
    "build": _build,
    "building_stop": lambda s, m, ev: resolve_stop(s, m.player, ev),
    "reveal": reveal,
}


def effects(state: State, move: Move) -> Outcome:
    """The outcome of a legal move: its effect, then the automatic steps, with every event on the way."""
    move = canonical(move)
    ev: Events = []
    after = EFFECTS[move.type](state, move, ev)
    return Outcome(legal=True, state=advance(after, ev), events=tuple(ev))
