"""Is a state one the rules can reach? Board shape, turn and phase sanity, and conservation of cards,
skyscrapers and businesses. ``apply`` and ``legal_moves`` refuse a state with any violation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..core import Violation
from ..kit import RuleBook, pointer
from . import board as B
from . import data as D
from .checks import turn_of, winner_choices
from .state import Auction, District, Pending, Plot, State, Turn

AUCTION_AT = "/state/auction"  # the pointer of a state's auction
# In a state's ``derived``: the engine was told the state is consistent (``vouch``: the HTTP layer's seal),
# so that nothing checks its board again (``validate`` finds nothing in it, and begins with the board).
VOUCHED = "vouched"


def board_violations(book: RuleBook, state: State, prefix: str = "/state") -> list[Violation]:
    """What the partial scoring format can already show wrong: plots and options."""
    out = _board_options(book, state, prefix)
    for d in state.districts:
        owners = []
        for p in d.plots:
            sky = p.skyscrapers
            if sky is not None:
                owners.append(sky.owner)
            # only a plot that may break a rule is looked at closely (``_plot_violations`` finds nothing else)
            if (
                d.stopped
                or p.colour == D.SIXTH_PLOT
                or len(p.businesses) > D.MAX_BUSINESSES_PER_PLOT
                or (sky is not None and (p.businesses or sky.count <= 0))
            ):
                out += _plot_violations(book, state, d, p, prefix)
        if len(owners) > 1 and len(set(owners)) != len(owners):
            out += _owners_twice(book, d, prefix)
    park = state.park.skyscrapers
    if len(park) > 1 and len({s.owner for s in park}) != len(park):
        out += _park_owners_twice(book, state, prefix)
    return out


_COLOURS_SORTED = sorted(D.COLOURS)


def _board_options(book: RuleBook, state: State, prefix: str) -> list[Violation]:
    """The plot ring and the commissioners' graph."""
    out: list[Violation] = []
    ring = state.options.plot_ring
    if ring != D.COLOURS and sorted(ring) != _COLOURS_SORTED:
        out.append(
            book.violation(
                "state.bad_plot_ring",
                "The plot ring must list each of the 5 plot colours once.",
                prefix + pointer("options", "board", "plot_ring"),
            )
        )
    for problem in B.graph_problems(state.options):
        out.append(
            book.violation(
                "state.bad_commissioner_graph",
                "Commissioners' graph: {problem}.",
                prefix + pointer("options", "board", "commissioner_graph"),
                problem=problem,
            )
        )
    return out


def _plot_violations(book: RuleBook, state: State, d: District, p: Plot, prefix: str) -> list[Violation]:
    out: list[Violation] = []
    here = ("districts", d.id, "plots", p.colour)  # a pointer is only built for a violation
    if p.colour == D.SIXTH_PLOT and state.options.board_side != "back":
        out.append(
            book.violation(
                "state.sixth_plot",
                "Only the board's back side (option board_side back) has a sixth plot.",
                prefix + pointer(*here),
            )
        )
    elif p.colour == D.SIXTH_PLOT and p.skyscrapers is not None:
        out.append(
            book.violation(
                "state.sixth_plot",
                "The sixth plot takes businesses only.",
                prefix + pointer(*here, "skyscrapers"),
            )
        )
    elif p.businesses and p.skyscrapers is not None:
        out.append(
            book.violation(
                "state.plot_mixed", "A plot holds businesses or skyscrapers, not both.", prefix + pointer(*here)
            )
        )
    if len(p.businesses) > D.MAX_BUSINESSES_PER_PLOT:
        out.append(
            book.violation(
                "state.plot_overfull",
                "A plot holds at most 2 businesses.",
                prefix + pointer(*here, "businesses"),
            )
        )
    if p.skyscrapers is not None and p.skyscrapers.count <= 0:
        out.append(
            book.violation(
                "state.empty_skyscrapers",
                "A skyscraper entry counts at least 1.",
                prefix + pointer(*here, "skyscrapers", "count"),
            )
        )
    if d.stopped and (p.businesses or p.skyscrapers is not None):
        out.append(
            book.violation(
                "state.stopped_not_empty",
                "A district under a building stop holds no pieces.",
                prefix + pointer(*here),
            )
        )
    return out


def _owners_twice(book: RuleBook, d: District, prefix: str) -> list[Violation]:
    """A player owning more than one plot of the district."""
    out: list[Violation] = []
    owners = Counter(p.skyscrapers.owner for p in d.plots if p.skyscrapers is not None)
    for owner, n in owners.items():
        if n > 1:
            out.append(
                book.violation(
                    "state.two_plots_in_district",
                    "{owner!r} owns {n} plots in {district}.",
                    prefix + pointer("districts", d.id),
                    owner=owner,
                    n=n,
                    district=D.DISTRICT_NAMES[d.id],
                )
            )
    return out


def _park_owners_twice(book: RuleBook, state: State, prefix: str) -> list[Violation]:
    out: list[Violation] = []
    park_owners = Counter(s.owner for s in state.park.skyscrapers)
    for i, s in enumerate(state.park.skyscrapers):
        if park_owners[s.owner] > 1:
            out.append(
                book.violation(
                    "state.park_owner_twice",
                    "{owner!r} is listed twice below Central Park.",
                    prefix + pointer("districts", D.CENTRAL_PARK, "skyscrapers", i),
                    owner=s.owner,
                )
            )
    return out


def validate(book: RuleBook, state: State) -> list[Violation]:
    out = board_violations(book, state)
    if state.partial:
        return out
    out += _players(book, state)
    if out:
        return out
    out += _turn(book, state)
    out += _auction(book, state)
    out += _pending(book, state)
    out += _deal(book, state)
    out += _supply_row(book, state)
    out += _stacks(book, state)
    if out:
        return out
    out += _skyscrapers(book, state)
    out += _businesses(book, state)
    out += _cards(book, state)
    return out


def _players(book: RuleBook, state: State) -> list[Violation]:
    out = _player_ids(book, state) + _unknown_owners(book, state) + _hand_sizes(book, state)
    if state.turn is None:
        out.append(book.violation("state.no_turn", "A game state needs its turn.", "/state/turn"))
    return out


def _player_ids(book: RuleBook, state: State) -> list[Violation]:
    """2 to 4 players, ids that differ, the dummy exactly with 2 under an id of its own."""
    out: list[Violation] = []
    ids = [p.id for p in state.players]
    if not 2 <= len(ids) <= 4:
        out.append(book.violation("state.player_count", book.edition.texts["player_count"], "/state/players"))
    if len(set(ids)) != len(ids):
        out.append(book.violation("state.duplicate_player", "Player ids must differ.", "/state/players"))
    if (state.dummy is not None) != (len(ids) == 2):
        out.append(book.violation("state.dummy", "Exactly the 2-player game has the dummy bidder.", "/state/dummy"))
    if state.dummy is not None and state.dummy.id in ids:
        out.append(book.violation("state.dummy", "The dummy's id is a player's id.", "/state/dummy/id"))
    return out


def _unknown_owners(book: RuleBook, state: State) -> list[Violation]:
    """Skyscrapers on plots, below Central Park or removed by a building stop belong to a player or the dummy."""
    out: list[Violation] = []
    known = {p.id for p in state.players} | ({state.dummy.id} if state.dummy else set())
    for d in state.districts:
        for p in d.plots:
            if p.skyscrapers is not None and p.skyscrapers.owner not in known:
                out.append(
                    book.violation(
                        "state.unknown_owner",
                        "{owner!r} is not in this game.",
                        pointer("state", "districts", d.id, "plots", p.colour, "skyscrapers", "owner"),
                        owner=p.skyscrapers.owner,
                    )
                )
    for i, s in enumerate(state.park.skyscrapers):
        if s.owner not in known:
            out.append(
                book.violation(
                    "state.unknown_owner",
                    "{owner!r} is not in this game.",
                    pointer("state", "districts", D.CENTRAL_PARK, "skyscrapers", i, "owner"),
                    owner=s.owner,
                )
            )
    for i, s in enumerate(state.removed_skyscrapers):
        if s.owner not in known:
            out.append(
                book.violation(
                    "state.unknown_owner",
                    "{owner!r} is not in this game.",
                    pointer("state", "removed", "skyscrapers", i, "owner"),
                    owner=s.owner,
                )
            )
    return out


def _hand_sizes(book: RuleBook, state: State) -> list[Violation]:
    out: list[Violation] = []
    for i, q in enumerate(state.players):
        if q.hand is not None and len(q.hand) != q.hand_size:
            out.append(
                book.violation(
                    "state.hand_size",
                    "hand_size must equal the number of cards in hand.",
                    pointer("state", "players", i, "hand_size"),
                )
            )
    return out


def _turn(book: RuleBook, state: State) -> list[Violation]:
    t = turn_of(state)  # _players refuses a state without its turn
    return _turn_player(book, state, t) + _turn_phase(book, state, t) + _commissioners(book, state)


def _turn_player(book: RuleBook, state: State, t: Turn) -> list[Violation]:
    """The turn's player, and the starting placements left."""
    ids = [p.id for p in state.players]
    out: list[Violation] = []
    if t.player not in ids:
        out.append(
            book.violation(
                "state.turn_player", "{player!r} is not in this game.", "/state/turn/player", player=t.player
            )
        )
    if t.phase == "start":
        if not t.start_queue or t.start_queue[0] != t.player or any(q not in ids for q in t.start_queue):
            out.append(
                book.violation(
                    "state.start_queue",
                    "The starting placements left must begin with the turn's player.",
                    "/state/turn/start_queue",
                )
            )
    elif t.start_queue:
        out.append(
            book.violation(
                "state.start_queue", "Starting placements are over outside the start phase.", "/state/turn/start_queue"
            )
        )
    return out


def _turn_phase(book: RuleBook, state: State, t: Turn) -> list[Violation]:
    """What the phase implies: an auction, the first action taken, a result, Central Park's draw order."""
    out: list[Violation] = []
    if (state.auction is not None) != (t.phase == "auction"):
        out.append(
            book.violation(
                "state.auction_phase", "An auction is in progress exactly in the auction phase.", "/state/auction"
            )
        )
    if t.phase in ("action2", "action3") and t.action not in D.ACTIONS:
        out.append(
            book.violation("state.turn_action", "The turn must say which first action was taken.", "/state/turn/action")
        )
    if t.phase == "action2" and t.action == "D":
        out.append(
            book.violation(
                "state.turn_action", "After action D the second action is done at once.", "/state/turn/action"
            )
        )
    if (state.result is not None) != (t.phase == "over" and state.pending is None):
        out.append(book.violation("state.result", "A finished game, and only that, has a result.", "/state/result"))
    if state.park_order is not None and sorted(state.park_order) != list(range(len(D.SET_SIZES))):
        out.append(
            book.violation(
                "state.park_order", "Central Park's draw order is an order of the 8 places.", "/state/park_order"
            )
        )
    return out


def _commissioners(book: RuleBook, state: State) -> list[Violation]:
    """Where the commissioners stand and their markers lie."""
    out: list[Violation] = []
    ring_ok = set(D.LOCATIONS)
    for name, k in state.commissioners:
        if k.at not in ring_ok:
            out.append(
                book.violation(
                    "state.commissioner_at",
                    "Unknown place {at!r}.",
                    pointer("state", "commissioners", name, "at"),
                    at=k.at,
                )
            )
        if len(set(k.markers)) != len(k.markers) or len(k.markers) > D.MARKERS_PER_COMMISSIONER:
            out.append(
                book.violation(
                    "state.markers",
                    "Each district holds at most one marker of a commissioner (3 in all).",
                    pointer("state", "commissioners", name, "markers"),
                )
            )
        for m in k.markers:
            d = B.district(state, m)
            if d is None or d.stopped:
                out.append(
                    book.violation(
                        "state.markers",
                        "No marker can lie on {m!r}.",
                        pointer("state", "commissioners", name, "markers"),
                        m=m,
                    )
                )
    return out


def _auction(book: RuleBook, state: State) -> list[Violation]:
    a = state.auction
    if a is None:
        return []
    return (
        _auction_places(book, state, a)
        + _auction_bidders(book, state, a)
        + _auction_park_colour(book, state, a)
        + _auction_bids(book, state, a)
        + _auction_stage(book, state, a)
    )


def _auction_places(book: RuleBook, state: State, a: Auction) -> list[Violation]:
    """The auction's commissioner, trigger and resume, and the sites it is held at."""
    out: list[Violation] = []
    ids = [p.id for p in state.players]
    if (
        a.commissioner not in D.COMMISSIONERS
        or a.trigger not in ids
        or a.trigger != turn_of(state).player
        or a.resume not in ("action2", "next_turn")
    ):
        out.append(
            book.violation(
                "state.auction",
                "The auction's commissioner, trigger (the turn's player) or resume is wrong.",
                AUCTION_AT,
            )
        )
    site = B.district(state, a.site)
    if a.site != D.CENTRAL_PARK and (site is None or site.stopped):
        out.append(
            book.violation(
                "state.auction_site", "No auction can be held at {site!r}.", AUCTION_AT + pointer("site"), site=a.site
            )
        )
    for s in a.queue:
        if s not in D.SITES:
            out.append(
                book.violation(
                    "state.auction_site", "No auction can be held at {s!r}.", AUCTION_AT + pointer("queue"), s=s
                )
            )
    return out


def _auction_bidders(book: RuleBook, state: State, a: Auction) -> list[Violation]:
    """The bidding order, the bidder to act, who passed."""
    out: list[Violation] = []
    ids = [p.id for p in state.players]
    dummy = state.dummy.id if state.dummy is not None else None
    members = set(ids) | ({dummy} if dummy else set())
    if len(set(a.order)) != len(a.order) or set(a.order) != members:
        out.append(
            book.violation(
                "state.auction_order", "The bidding order lists every bidder once.", AUCTION_AT + pointer("order")
            )
        )
    if a.to_act not in a.order or a.to_act in a.passed:
        out.append(
            book.violation(
                "state.auction_to_act",
                "The bidder to act must be in the auction and not have passed.",
                AUCTION_AT + pointer("to_act"),
            )
        )
    if any(p not in a.order for p in a.passed) or len(set(a.passed)) != len(a.passed):
        out.append(
            book.violation(
                "state.auction_passed", "Passed bidders must be bidders, once each.", AUCTION_AT + pointer("passed")
            )
        )
    return out


def _auction_park_colour(book: RuleBook, state: State, a: Auction) -> list[Violation]:
    """Central Park's colour, and whether a district's auction rightly says it was full."""
    out: list[Violation] = []
    site = B.district(state, a.site)
    if a.site != D.CENTRAL_PARK and a.park_colour is not None:
        out.append(
            book.violation(
                "state.auction_stage",
                "Only Central Park's auction has a colour of its own.",
                AUCTION_AT + pointer("park_colour"),
            )
        )
    if a.site == D.CENTRAL_PARK and any(b.colour != a.park_colour for b in a.bids):
        out.append(
            book.violation(
                "state.auction_stage",
                "Central Park's colour is the opening bid's, and every bid there holds it.",
                AUCTION_AT + pointer("park_colour"),
            )
        )
    if (
        a.site == D.CENTRAL_PARK
        and a.park_colour is None
        and state.options.park_colour == "trigger"
        and (a.to_act != a.trigger or a.passed or a.bids)
    ):
        out.append(
            book.violation(
                "state.auction_stage",
                "The player who started the auctions names Central Park's colour before anyone else acts there.",
                AUCTION_AT + pointer("park_colour"),
            )
        )
    if a.site != D.CENTRAL_PARK and site is not None and a.full and not B.is_full(site):
        out.append(book.violation("state.auction_full", "The district is not full.", AUCTION_AT + pointer("full")))
    return out


def _auction_bids(book: RuleBook, state: State, a: Auction) -> list[Violation]:
    out: list[Violation] = []
    dummy = state.dummy.id if state.dummy is not None else None
    seen = set()
    for i, b in enumerate(a.bids):
        if b.player not in a.order or b.player in a.passed or b.player in seen or not b.cards:
            out.append(
                book.violation(
                    "state.auction_bid",
                    "A bid belongs to an active bidder, once, and holds cards.",
                    AUCTION_AT + pointer("bids", i),
                )
            )
        seen.add(b.player)
        for c in b.cards:
            if D.card_parts(c)[0] not in (b.colour, D.BLACK):
                out.append(
                    book.violation(
                        "state.auction_bid",
                        "A bid holds cards of its colour and black cards only.",
                        AUCTION_AT + pointer("bids", i, "cards"),
                    )
                )
        if b.player == dummy and Counter(b.cards) - Counter(D.card(D.BLACK, x) for x in a.dummy_bid or ()):
            out.append(
                book.violation(
                    "state.auction_bid", "The dummy bids the black cards it drew.", AUCTION_AT + pointer("bids", i)
                )
            )
    if a.dummy_bid is not None and dummy is None:
        out.append(
            book.violation(
                "state.auction_bid", "Only the 2-player game has a dummy.", AUCTION_AT + pointer("dummy_bid")
            )
        )
    return out


def _auction_stage(book: RuleBook, state: State, a: Auction) -> list[Violation]:
    """The resolve stage belongs to a winner with a choice; the dummy's turn never waits."""
    out: list[Violation] = []
    dummy = state.dummy.id if state.dummy is not None else None
    if a.stage == "resolve":
        ok = (
            a.winner is not None
            and a.winner != dummy
            and a.to_act == a.winner
            and len(a.bids) == 1
            and a.bids[0].player == a.winner
            and len(winner_choices(state)) > 1
        )
        if not ok:
            out.append(
                book.violation(
                    "state.auction_stage",
                    "Only a winner with more than one choice is asked how many to build.",
                    AUCTION_AT + pointer("stage"),
                )
            )
    elif a.winner is not None:
        out.append(
            book.violation(
                "state.auction_stage",
                "A winner is named only while the winner chooses.",
                AUCTION_AT + pointer("winner"),
            )
        )
    if a.stage == "bidding" and a.to_act == dummy and dummy is not None and state.pending is None:
        out.append(
            book.violation(
                "state.auction_to_act",
                "The dummy's turn is played at once, not left waiting.",
                AUCTION_AT + pointer("to_act"),
            )
        )
    return out


def _pending(book: RuleBook, state: State) -> list[Violation]:
    p = state.pending
    if p is None:
        return []
    fits = PENDING_FITS.get(p.kind)
    if fits is None or not fits(state, p):
        return [
            book.violation(
                "state.pending", "The pending {kind!r} reveal does not fit the state.", "/state/pending", kind=p.kind
            )
        ]
    return []


def _start_business_fits(state: State, p: Pending) -> bool:
    """The next district of a real table's deal waits for its starting business."""
    return (
        turn_of(state).phase == "start" and p.district in D.DISTRICTS and _dealt(state) == D.DISTRICTS.index(p.district)
    )


def _stack_top_fits(state: State, p: Pending) -> bool:
    """Stacks with cards, each once, whose unknown top waits (after the deal's businesses)."""
    stacks = dict(state.stacks)
    return not (
        not p.colours
        or any(
            c not in stacks or stacks[c].top is not None or stacks[c].count <= 0 or stacks[c].below is not None
            for c in p.colours
        )
        or len(set(p.colours)) != len(p.colours)
        or not _deal_done(state)
    )


def _black_cards_fit(state: State, p: Pending) -> bool:
    """Players, each once, owed cards the black deck of unknown order still holds."""
    ids = [x.id for x in state.players]
    return not (
        not p.draws
        or any(who not in ids or n <= 0 for who, n in p.draws)
        or len({w for w, _ in p.draws}) != len(p.draws)
        or sum(n for _, n in p.draws) > state.black_deck.count
        or state.black_deck.cards is not None
    )


def _supply_set_fits(state: State, p: Pending) -> bool:
    """A set of the supply row not yet typed in, of its size (after the deal's starting businesses)."""
    return not (
        not 0 <= p.index < len(state.supply_row)
        or state.supply_row[p.index] is not None
        or p.count != D.SET_SIZES[p.index]
        or (turn_of(state).phase == "start" and _dealt(state) != len(D.DISTRICTS))
    )


def _dummy_bid_fits(state: State, p: Pending) -> bool:
    """The dummy to bid in a bidding stage, its draw not made, from a black deck of unknown order."""
    a = state.auction
    return not (
        a is None
        or state.dummy is None
        or a.to_act != state.dummy.id
        or a.dummy_bid is not None
        or a.stage != "bidding"
        or state.black_deck.cards is not None
        or state.black_deck.count <= 0
    )


def _park_tiles_fit(state: State, p: Pending) -> bool:
    """At the end, 3 of the more than 3 businesses below Central Park."""
    return (
        turn_of(state).phase == "over"
        and p.count == D.PARK_TILES_REVEALED
        and len(state.park.businesses) > D.PARK_TILES_REVEALED
    )


PENDING_FITS: dict[str, Callable[[State, Pending], bool]] = {
    "start_business": _start_business_fits,
    "stack_top": _stack_top_fits,
    "black_cards": _black_cards_fit,
    "supply_set": _supply_set_fits,
    "dummy_bid": _dummy_bid_fits,
    "central_park_tiles": _park_tiles_fit,
}


def _dealt(state: State) -> int:
    """How many districts lead the board with their starting business revealed."""
    for i, d in enumerate(state.districts):
        if not any(p.businesses for p in d.plots):
            return i
    return len(state.districts)


def _deal_done(state: State) -> bool:
    """In the start phase, every starting business and every set of the supply row is known (a real
    table's deal reveals them before the stack tops); later a set may still be typed in as it comes up."""
    return turn_of(state).phase != "start" or (_dealt(state) == len(D.DISTRICTS) and None not in state.supply_row)


def _deal(book: RuleBook, state: State) -> list[Violation]:
    """In the start phase every district holds one business (its starting one), except the ones a real
    table's deal has still to reveal; on the back side it lies on the sixth plot; no district is empty
    later in a real table's deal than the one pending."""
    out: list[Violation] = []
    if turn_of(state).phase != "start":
        return out
    pend = state.pending
    dealing = pend is not None and pend.kind == "start_business"
    for i, d in enumerate(state.districts):
        tiles = [(p.colour, b) for p in d.plots for b in p.businesses]
        unrevealed = dealing and i >= _dealt(state)
        ok = (
            not tiles
            if unrevealed
            else (len(tiles) == 1 and (state.options.board_side != "back" or tiles[0][0] == D.SIXTH_PLOT))
        )
        if not ok:
            out.append(
                book.violation(
                    "state.businesses",
                    "Before the first turn each district holds its one starting "
                    "business (on the back side, on the sixth plot).",
                    pointer("state", "districts", d.id),
                )
            )
    return out


def _supply_row(book: RuleBook, state: State) -> list[Violation]:
    out = []
    row = state.supply_row
    if len(row) != len(D.SET_SIZES):
        return [book.violation("state.supply_row", "The supply row has 8 sets.", "/state/supply_row")]
    current = None
    for i, tiles in enumerate(row):
        if tiles is None or tiles:
            current = i
            break
    for i, tiles in enumerate(row):
        here = ("state", "supply_row", i)  # a pointer is only built for a violation
        if tiles is None:
            if current is not None and i != current and i < current:
                out.append(book.violation("state.supply_row", "An emptied set cannot be unknown.", pointer(*here)))
            continue
        if len(tiles) > D.SET_SIZES[i] or len(tiles) == 1:
            out.append(
                book.violation(
                    "state.supply_row",
                    "Set {number} cannot hold {count} businesses.",
                    pointer(*here),
                    number=i + 1,
                    count=len(tiles),
                )
            )
        if current is not None and i > current and len(tiles) != D.SET_SIZES[i]:
            out.append(
                book.violation("state.supply_row", "A set after the current one is still whole.", pointer(*here))
            )
    return out


def _stacks(book: RuleBook, state: State) -> list[Violation]:
    out = []
    stacks = dict(state.stacks)
    pend = state.pending
    waiting = set(pend.colours) if pend is not None and pend.kind == "stack_top" else set()
    if pend is not None and pend.kind in ("start_business", "supply_set") and turn_of(state).phase == "start":
        waiting = set(D.COLOURS)  # a real table's deal reveals the stack tops last
    for c in D.COLOURS:
        here = ("state", "stacks", c)  # a pointer is only built for a violation
        st = stacks.get(c)
        if st is None:
            out.append(book.violation("state.stack", "The {c} stack is missing.", pointer(*here), c=c))
            continue
        if st.count < 0 or st.count > D.COLOURED_PER_COLOUR:
            out.append(book.violation("state.stack", "A stack holds 0 to 12 cards.", pointer(*here, "count")))
        if st.top is None and st.count > 0 and c not in waiting:
            out.append(book.violation("state.stack", "A stack with cards shows its top card.", pointer(*here, "top")))
        if st.top is not None and st.count <= 0:
            out.append(book.violation("state.stack", "An empty stack shows no top card.", pointer(*here, "top")))
        if st.below is not None and st.top is not None and len(st.below) != st.count - 1:
            out.append(
                book.violation("state.stack", "The cards below the top must number count - 1.", pointer(*here, "below"))
            )
        if st.below is not None and st.top is None and (st.below or st.count):
            out.append(book.violation("state.stack", "An empty stack has no cards below.", pointer(*here, "below")))
        if (
            st.count == 0
            and state.options.coloured_stack_empty == "reshuffle"
            and any(D.card_parts(x)[0] == c for x in state.discard)
        ):
            out.append(
                book.violation(
                    "state.stack", "An empty stack takes back its colour's discards at once.", pointer(*here, "count")
                )
            )
    deck = state.black_deck
    if deck.cards is not None and len(deck.cards) != deck.count:
        out.append(
            book.violation("state.black_deck", "The black deck's cards must number its count.", "/state/black_deck")
        )
    return out


def _skyscrapers(book: RuleBook, state: State) -> list[Violation]:
    out = []
    placed: Counter[Any] = Counter()
    for d in state.districts:
        for p in d.plots:
            if p.skyscrapers is not None:
                placed[p.skyscrapers.owner] += p.skyscrapers.count
    for s in state.park.skyscrapers:
        placed[s.owner] += s.count
    for s in state.removed_skyscrapers:
        placed[s.owner] += s.count
    to_place = Counter(turn_of(state).start_queue) if turn_of(state).phase == "start" else Counter()
    for i, q in enumerate(state.players):
        total = D.SCORE_MARKER + q.supply + q.general + placed[q.id] + to_place[q.id]
        if total != D.SKYSCRAPERS_PER_PLAYER:
            out.append(
                book.violation(
                    "state.skyscrapers",
                    "{id!r} accounts for {total} skyscrapers, not 18.",
                    pointer("state", "players", i),
                    id=q.id,
                    total=total,
                )
            )
    if state.dummy is not None:
        total = state.dummy.general + placed[state.dummy.id]
        if total != D.SKYSCRAPERS_PER_PLAYER:
            out.append(
                book.violation(
                    "state.skyscrapers",
                    "The dummy accounts for {total} skyscrapers, not 18.",
                    "/state/dummy",
                    total=total,
                )
            )
    return out


def _businesses(book: RuleBook, state: State) -> list[Violation]:
    return _business_counts(book, state) + _businesses_placed(book, state)


def _business_counts(book: RuleBook, state: State) -> list[Violation]:
    """36 businesses, 9 of each type: on the table, in the box, and still unknown at a real table."""
    out: list[Violation] = []
    known: list[str] = []  # every business seen, counted per type at the end (list.count)
    for d in state.districts:
        for p in d.plots:
            if p.businesses:
                known += p.businesses
    known += state.park.businesses
    known += state.removed_businesses
    unknown = state.box
    if state.pending is not None and state.pending.kind == "start_business":
        unknown += len(D.DISTRICTS) - _dealt(state)
    for i, tiles in enumerate(state.supply_row):
        if tiles is None:
            unknown += D.SET_SIZES[i]
        else:
            known += tiles
    if len(known) > D.BUSINESSES_PER_TYPE:
        for b in D.BUSINESSES:
            if known.count(b) > D.BUSINESSES_PER_TYPE:
                out.append(
                    book.violation(
                        "state.businesses", "More than 9 {b} businesses are on the table.", "/state/districts", b=b
                    )
                )
    if len(known) + unknown != D.BUSINESS_TOTAL:
        out.append(
            book.violation(
                "state.businesses",
                "The businesses number {number}, not 36.",
                "/state/districts",
                number=len(known) + unknown,
            )
        )
    return out


def _businesses_placed(book: RuleBook, state: State) -> list[Violation]:
    """The count of businesses placed, and Central Park's, as the supply row shows them."""
    out: list[Violation] = []
    # businesses placed: each emptied set gave size - 1 to the plots and 1 to Central Park
    placed = 0
    emptied = 0
    for i, tiles in enumerate(state.supply_row):
        if tiles is None:
            break
        placed += D.SET_SIZES[i] - len(tiles) - (1 if not tiles else 0)
        emptied += 1 if not tiles else 0
    if state.businesses_placed >= D.BUSINESSES_ENDING_GAME and state.turn is not None and state.turn.phase != "over":
        out.append(
            book.violation(
                "state.businesses_placed",
                "The {last}th business ends the game; this game goes on with {businesses_placed} placed.",
                "/state/businesses_placed",
                last=D.BUSINESSES_ENDING_GAME,
                businesses_placed=state.businesses_placed,
            )
        )
    if placed != state.businesses_placed:
        out.append(
            book.violation(
                "state.businesses_placed",
                "The supply row shows {placed} businesses placed, not {businesses_placed}.",
                "/state/businesses_placed",
                placed=placed,
                businesses_placed=state.businesses_placed,
            )
        )
    if len(state.park.businesses) != emptied:
        out.append(
            book.violation(
                "state.park_businesses",
                "Central Park holds one business per emptied set.",
                pointer("state", "districts", D.CENTRAL_PARK, "businesses"),
            )
        )
    return out


def _cards(book: RuleBook, state: State) -> list[Violation]:
    """60 coloured and 50 black cards: in hands (known or only counted), bids, the discards, the stacks and
    the black deck; where every place is known, each colour and value adds up exactly."""
    out = []
    outside, hidden_hands = _cards_outside_decks(state)
    stacks = dict(state.stacks)
    grand = sum(outside.values()) + hidden_hands + state.black_deck.count + sum(st.count for st in stacks.values())
    if grand != D.COLOURED_PER_COLOUR * len(D.COLOURS) + D.BLACK_TOTAL:
        out.append(book.violation("state.cards", "The cards number {grand}, not 110.", "/state/players", grand=grand))
    for colour in D.CARD_COLOURS:
        if not _colour_fits(state, stacks, colour, outside, hidden_hands):
            out += _colour_adds_up(book, state, colour, outside, hidden_hands)
    return out


# per colour: its cards' names, values and how many of each the game has, and how many in all
_CARD_TABLE = {
    colour: (tuple((D.card(colour, v), v, D.card_total(colour, v)) for v in D.VALUES), D.card_total_of(colour))
    for colour in D.CARD_COLOURS
}


def _colour_fits(state: State, stacks: dict[str, Any], colour: str, outside: Counter[Any], hidden_hands: int) -> bool:
    """``_colour_adds_up`` finds nothing wrong with the colour (said without building its deck's Counter)."""
    if colour == D.BLACK:
        cards, count = state.black_deck.cards, state.black_deck.count
        deck = () if cards is None else cards
        exact = cards is not None
    else:
        st = stacks[colour]
        below = st.below or ()
        deck = below if st.top is None else (st.top, *below)
        count, exact = st.count, st.below is not None
    exact = exact and not hidden_hands
    table, full = _CARD_TABLE[colour]
    in_colour = 0
    for name, value, total in table:
        seen = outside[name]
        in_colour += seen
        n = seen + deck.count(value)
        if n > total or (exact and n != total):
            return False
    return not (in_colour + count > full or (not hidden_hands and in_colour + count != full))


def _cards_outside_decks(state: State) -> tuple[Counter[Any], int]:
    """The cards known outside the stacks and the deck (known hands, the discards, the bids, the dummy's
    draw), and how many lie in hands nobody knows."""
    dummy = state.dummy.id if state.dummy is not None else None
    cards = list(state.discard)  # counted once at the end
    hidden_hands = 0
    for p in state.players:
        if p.hand is None:
            hidden_hands += p.hand_size
        else:
            cards += p.hand
    if state.auction is not None:
        for b in state.auction.bids:
            if b.player != dummy:
                cards += b.cards
        cards += [D.card(D.BLACK, x) for x in state.auction.dummy_bid or ()]
    return Counter(cards), hidden_hands


def _colour_deck(state: State, colour: str) -> tuple[Counter[Any], int, bool]:
    """A colour's stack (or the black deck): the values known in it, its count, whether it is known whole."""
    if colour == D.BLACK:
        return Counter(state.black_deck.cards or ()), state.black_deck.count, state.black_deck.cards is not None
    st = dict(state.stacks)[colour]
    deck = Counter(([st.top] if st.top is not None else []) + list(st.below or ()))
    return deck, st.count, st.below is not None


def _colour_adds_up(
    book: RuleBook, state: State, colour: str, outside: Counter[Any], hidden_hands: int
) -> list[Violation]:
    out = []
    deck, count, exact = _colour_deck(state, colour)
    in_colour = 0
    for value in D.VALUES:
        n = outside[D.card(colour, value)] + deck[value]
        in_colour += outside[D.card(colour, value)]
        if n > D.card_total(colour, value) or (exact and not hidden_hands and n != D.card_total(colour, value)):
            out.append(
                book.violation(
                    "state.cards",
                    "The {colour} {value}s do not add up.",
                    "/state/players",
                    colour=colour,
                    value=value,
                )
            )
    full = sum(D.card_total(colour, v) for v in D.VALUES)
    if in_colour + count > full or (not hidden_hands and in_colour + count != full):
        out.append(book.violation("state.cards", "The {colour} cards do not add up.", "/state/players", colour=colour))
    return out
