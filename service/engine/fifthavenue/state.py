"""Fifth Avenue's state and moves as frozen dataclasses, with their plain JSON-ready form.

``to_plain`` gives exactly the wire JSON (DESIGN.md section 4); ``from_plain`` takes that JSON (already
shape-checked by the wire schema) back. ``apply`` works on a plain copy and freezes the result, so a
state handed to the engine is never mutated.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from . import data as D
from .options import OPTIONS


def _default(name: str) -> Any:
    return OPTIONS[name].default


@dataclass(frozen=True)
class Options:
    """The resolved options of a game (``options.OPTIONS`` declares each one and its default)."""

    plot_ring: tuple[str, ...] = tuple(_default("board")["plot_ring"])
    commissioner_graph: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
        (k, tuple(v)) for k, v in _default("board")["commissioner_graph"].items()
    )
    valuation_black_cards: int = _default("valuation_black_cards")
    special_scorings: tuple[tuple[int, int, int], ...] = tuple(
        (s["after"], s["points"], s["districts"]) for s in _default("special_scorings")
    )
    bid_requires_supply: bool = _default("bid_requires_supply")
    black_deck_empty: str = _default("black_deck_empty")
    park_tiles_fewer: str = _default("park_tiles_fewer")
    dummy_plot: str = _default("dummy_plot")
    dummy_building_stop: bool = _default("dummy_building_stop")
    board_side: str = _default("board_side")
    park_colour: str = _default("park_colour")
    coloured_stack_empty: str = _default("coloured_stack_empty")
    chance: str = _default("chance")

    @property
    def graph(self) -> dict[str, tuple[str, ...]]:
        return dict(self.commissioner_graph)

    @property
    def plot_ids(self) -> tuple[str, ...]:
        """A district's plots: the five colours, and on the board's back side the sixth plot."""
        return D.PLOT_IDS if self.board_side == "back" else D.COLOURS


@dataclass(frozen=True)
class Skyscrapers:
    owner: str
    count: int


@dataclass(frozen=True)
class Plot:
    colour: str
    businesses: tuple[str, ...] = ()
    skyscrapers: Skyscrapers | None = None


@dataclass(frozen=True)
class District:
    id: str
    plots: tuple[Plot, ...]
    stopped: bool = False


@dataclass(frozen=True)
class Park:
    skyscrapers: tuple[Skyscrapers, ...] = ()
    businesses: tuple[str, ...] = ()


@dataclass(frozen=True)
class Player:
    id: str
    points: int = 0
    supply: int = 0
    general: int = 0
    hand: tuple[str, ...] | None = ()
    hand_size: int = 0


@dataclass(frozen=True)
class Dummy:
    id: str = D.DUMMY_ID
    general: int = D.SKYSCRAPERS_PER_PLAYER


@dataclass(frozen=True)
class Stack:
    top: int | None
    below: tuple[int, ...] | None
    count: int


@dataclass(frozen=True)
class BlackDeck:
    cards: tuple[int, ...] | None
    count: int


@dataclass(frozen=True)
class Commissioner:
    at: str = D.CITY_HALL
    markers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Turn:
    player: str
    phase: str
    action: str | None = None
    start_queue: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bid:
    player: str
    colour: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Auction:
    commissioner: str
    trigger: str
    resume: str  # "action2" (triggered by action C) or "next_turn" (by the third action)
    site: str
    queue: tuple[str, ...]  # sites still to auction after this one
    stage: str  # "bidding" | "resolve" (the winner chooses how many to build, or a stop)
    order: tuple[str, ...]
    to_act: str | None
    full: bool = False
    park_colour: str | None = None
    bids: tuple[Bid, ...] = ()
    passed: tuple[str, ...] = ()
    dummy_bid: tuple[int, ...] | None = None
    winner: str | None = None


@dataclass(frozen=True)
class Pending:
    kind: str
    district: str | None = None
    colours: tuple[str, ...] = ()
    draws: tuple[tuple[str, int], ...] = ()
    index: int = 0
    count: int = 0


@dataclass(frozen=True)
class Result:
    winners: tuple[str, ...]
    central_park_tiles: tuple[str, ...]


@dataclass(frozen=True)
class State:
    options: Options
    players: tuple[Player, ...]
    districts: tuple[District, ...]
    park: Park = field(default_factory=Park)
    dummy: Dummy | None = None
    supply_row: tuple[tuple[str, ...] | None, ...] = ()
    box: int = D.BOX_BUSINESSES
    removed_businesses: tuple[str, ...] = ()
    removed_skyscrapers: tuple[Skyscrapers, ...] = ()
    stacks: tuple[tuple[str, Stack], ...] = ()
    black_deck: BlackDeck = BlackDeck((), 0)
    discard: tuple[str, ...] = ()
    commissioners: tuple[tuple[str, Commissioner], ...] = tuple((c, Commissioner()) for c in D.COMMISSIONERS)
    businesses_placed: int = 0
    turn: Turn | None = None
    auction: Auction | None = None
    park_order: tuple[int, ...] | None = None
    result: Result | None = None
    pending: Pending | None = None
    seed: int | None = None  # seeds every later shuffle (digital play); null at a real table and in a view
    partial: bool = False  # a scoring input (DESIGN.md section 4) rather than a whole game
    # what the checks derive from this very state (every changed state is a new object with an empty one)
    derived: dict = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)


@dataclass(frozen=True)
class Move:
    """One move; ``type`` says which of the optional fields matter."""

    type: str
    player: str
    district: str | None = None
    plot: str | None = None
    business: str | None = None
    commissioner: str | None = None
    to: str | None = None
    colours: tuple[str, ...] | None = None
    colour: str | None = None
    cards: tuple[str, ...] | None = None
    count: int | None = None
    # reveal fields
    tops: tuple[tuple[str, int | None], ...] | None = None
    drawn: tuple[tuple[str, tuple[int, ...]], ...] | None = None
    tiles: tuple[str, ...] | None = None
    bid: tuple[int, ...] | None = None


# ---------------------------------------------------------------- plain <-> frozen


def options_to_plain(o: Options) -> dict[str, Any]:
    return {
        "board": {
            "plot_ring": list(o.plot_ring),
            "commissioner_graph": {k: list(v) for k, v in o.commissioner_graph},
        },
        "valuation_black_cards": o.valuation_black_cards,
        "special_scorings": [{"after": a, "points": p, "districts": d} for a, p, d in o.special_scorings],
        "bid_requires_supply": o.bid_requires_supply,
        "black_deck_empty": o.black_deck_empty,
        "park_tiles_fewer": o.park_tiles_fewer,
        "dummy_plot": o.dummy_plot,
        "dummy_building_stop": o.dummy_building_stop,
        "board_side": o.board_side,
        "park_colour": o.park_colour,
        "coloured_stack_empty": o.coloured_stack_empty,
        "chance": o.chance,
    }


def options_from_plain(p: dict[str, Any] | None) -> Options:
    """Options from their plain form; what is missing takes its declared default."""
    p = p or {}
    board = p.get("board") or {}
    given = {
        name: p[name]
        for name in (
            "valuation_black_cards",
            "bid_requires_supply",
            "black_deck_empty",
            "park_tiles_fewer",
            "dummy_plot",
            "dummy_building_stop",
            "board_side",
            "park_colour",
            "coloured_stack_empty",
            "chance",
        )
        if p.get(name) is not None
    }
    if board.get("plot_ring"):
        given["plot_ring"] = tuple(board["plot_ring"])
    if board.get("commissioner_graph") is not None:
        given["commissioner_graph"] = tuple((k, tuple(v)) for k, v in board["commissioner_graph"].items())
    if p.get("special_scorings") is not None:
        given["special_scorings"] = tuple((s["after"], s["points"], s["districts"]) for s in p["special_scorings"])
    return Options(**given)


def _sky_plain(s: Skyscrapers | None) -> dict[str, Any] | None:
    return None if s is None else {"owner": s.owner, "count": s.count}


def district_to_plain(d: District) -> dict[str, Any]:
    return {
        "plots": {
            p.colour: {"businesses": list(p.businesses), "skyscrapers": _sky_plain(p.skyscrapers)} for p in d.plots
        },
        "stopped": d.stopped,
    }


def plot_from_plain(colour: str, q: dict[str, Any] | None) -> Plot:
    q = q or {}
    sky = q.get("skyscrapers")
    return Plot(
        colour, tuple(q.get("businesses") or ()), None if sky is None else Skyscrapers(sky["owner"], sky["count"])
    )


def district_from_plain(did: str, p: dict[str, Any] | None, plot_ids: tuple[str, ...] = D.COLOURS) -> District:
    p = p or {}
    plots = p.get("plots") or {}
    if D.SIXTH_PLOT in plots and D.SIXTH_PLOT not in plot_ids:
        plot_ids = plot_ids + (D.SIXTH_PLOT,)  # kept, so that validate can say the front side has none
    return District(did, tuple(plot_from_plain(c, plots.get(c)) for c in plot_ids), bool(p.get("stopped", False)))


def park_to_plain(park: Park) -> dict[str, Any]:
    return {"skyscrapers": [_sky_plain(s) for s in park.skyscrapers], "businesses": list(park.businesses)}


def park_from_plain(p: dict[str, Any] | None) -> Park:
    p = p or {}
    return Park(
        skyscrapers=tuple(Skyscrapers(s["owner"], s["count"]) for s in p.get("skyscrapers") or ()),
        businesses=tuple(p.get("businesses") or ()),
    )


def auction_to_plain(a: Auction | None) -> dict[str, Any] | None:
    if a is None:
        return None
    return {
        "commissioner": a.commissioner,
        "trigger": a.trigger,
        "resume": a.resume,
        "site": a.site,
        "queue": list(a.queue),
        "stage": a.stage,
        "order": list(a.order),
        "to_act": a.to_act,
        "full": a.full,
        "park_colour": a.park_colour,
        "bids": [{"player": b.player, "colour": b.colour, "cards": list(b.cards)} for b in a.bids],
        "passed": list(a.passed),
        "dummy_bid": None if a.dummy_bid is None else list(a.dummy_bid),
        "winner": a.winner,
    }


def auction_from_plain(p: dict[str, Any] | None) -> Auction | None:
    if p is None:
        return None
    return Auction(
        commissioner=p["commissioner"],
        trigger=p["trigger"],
        resume=p["resume"],
        site=p["site"],
        queue=tuple(p.get("queue") or ()),
        stage=p["stage"],
        order=tuple(p.get("order") or ()),
        to_act=p.get("to_act"),
        full=bool(p.get("full", False)),
        park_colour=p.get("park_colour"),
        bids=tuple(Bid(b["player"], b["colour"], tuple(b["cards"])) for b in p.get("bids") or ()),
        passed=tuple(p.get("passed") or ()),
        dummy_bid=None if p.get("dummy_bid") is None else tuple(p["dummy_bid"]),
        winner=p.get("winner"),
    )


def pending_to_plain(p: Pending | None) -> dict[str, Any] | None:
    if p is None:
        return None
    out: dict[str, Any] = {"kind": p.kind}
    if p.kind == "start_business":
        out["district"] = p.district
    elif p.kind == "stack_top":
        out["colours"] = list(p.colours)
    elif p.kind == "black_cards":
        out["draws"] = [{"player": who, "count": n} for who, n in p.draws]
    elif p.kind == "supply_set":
        out["index"] = p.index
        out["count"] = p.count
    elif p.kind == "central_park_tiles":
        out["count"] = p.count
    return out


def pending_from_plain(p: dict[str, Any] | None) -> Pending | None:
    if p is None:
        return None
    return Pending(
        kind=p["kind"],
        district=p.get("district"),
        colours=tuple(p.get("colours") or ()),
        draws=tuple((d["player"], d["count"]) for d in p.get("draws") or ()),
        index=p.get("index", 0),
        count=p.get("count", 0),
    )


def to_plain(s: State) -> dict[str, Any]:
    districts = {d.id: district_to_plain(d) for d in s.districts}
    districts[D.CENTRAL_PARK] = park_to_plain(s.park)
    return {
        "game": D.GAME_ID,
        "options": options_to_plain(s.options),
        "players": [
            {
                "id": p.id,
                "points": p.points,
                "supply": p.supply,
                "general": p.general,
                "hand": None if p.hand is None else list(p.hand),
                "hand_size": p.hand_size,
            }
            for p in s.players
        ],
        "dummy": None if s.dummy is None else {"id": s.dummy.id, "general": s.dummy.general},
        "districts": districts,
        "supply_row": [None if t is None else list(t) for t in s.supply_row],
        "box": s.box,
        "removed": {
            "businesses": list(s.removed_businesses),
            "skyscrapers": [_sky_plain(x) for x in s.removed_skyscrapers],
        },
        "stacks": {
            c: {"top": st.top, "below": None if st.below is None else list(st.below), "count": st.count}
            for c, st in s.stacks
        },
        "black_deck": {
            "cards": None if s.black_deck.cards is None else list(s.black_deck.cards),
            "count": s.black_deck.count,
        },
        "discard": list(s.discard),
        "commissioners": {c: {"at": k.at, "markers": list(k.markers)} for c, k in s.commissioners},
        "businesses_placed": s.businesses_placed,
        "turn": None
        if s.turn is None
        else {
            "player": s.turn.player,
            "phase": s.turn.phase,
            "action": s.turn.action,
            "start_queue": list(s.turn.start_queue),
        },
        "auction": auction_to_plain(s.auction),
        "park_order": None if s.park_order is None else list(s.park_order),
        "result": None
        if s.result is None
        else {
            "winners": list(s.result.winners),
            "central_park_tiles": list(s.result.central_park_tiles),
        },
        "pending": pending_to_plain(s.pending),
        "seed": s.seed,
    }


def from_plain(p: dict[str, Any], partial: bool = False) -> State:
    districts = p.get("districts") or {}
    hand_of = lambda q: None if q.get("hand", ()) is None else tuple(sorted(q.get("hand") or ()))  # noqa: E731
    players = tuple(
        Player(
            id=q["id"],
            points=q.get("points", 0),
            supply=q.get("supply", 0),
            general=q.get("general", 0),
            hand=hand_of(q),
            hand_size=q.get("hand_size", len(hand_of(q) or ())),
        )
        for q in p.get("players") or ()
    )
    stacks = p.get("stacks") or {}
    black = p.get("black_deck") or {"cards": [], "count": 0}
    comms = p.get("commissioners") or {}
    removed = p.get("removed") or {}
    turn = p.get("turn")
    result = p.get("result")
    dummy = p.get("dummy")
    options = options_from_plain(p.get("options"))
    seed = p.get("seed")
    if seed is None:
        seed = black.get("seed")  # where earlier releases kept it
    return State(
        options=options,
        players=players,
        districts=tuple(district_from_plain(d, districts.get(d), options.plot_ids) for d in D.DISTRICTS),
        park=park_from_plain(districts.get(D.CENTRAL_PARK)),
        dummy=None if dummy is None else Dummy(dummy.get("id", D.DUMMY_ID), dummy.get("general", 0)),
        supply_row=tuple(None if t is None else tuple(t) for t in p.get("supply_row") or ()),
        box=p.get("box", D.BOX_BUSINESSES),
        removed_businesses=tuple(removed.get("businesses") or ()),
        removed_skyscrapers=tuple(Skyscrapers(x["owner"], x["count"]) for x in removed.get("skyscrapers") or ()),
        stacks=tuple(
            (
                c,
                Stack(
                    st.get("top"),
                    None if st.get("below", ()) is None else tuple(st.get("below") or ()),
                    st.get("count", 0),
                ),
            )
            for c, st in ((c, stacks[c]) for c in D.COLOURS if c in stacks)
        ),
        black_deck=BlackDeck(
            None if black.get("cards", ()) is None else tuple(black.get("cards") or ()), black.get("count", 0)
        ),
        discard=tuple(sorted(p.get("discard") or ())),
        commissioners=tuple(
            (
                c,
                Commissioner(
                    (comms.get(c) or {}).get("at", D.CITY_HALL), tuple((comms.get(c) or {}).get("markers") or ())
                ),
            )
            for c in D.COMMISSIONERS
        ),
        businesses_placed=p.get("businesses_placed", 0),
        turn=None
        if turn is None
        else Turn(turn["player"], turn["phase"], turn.get("action"), tuple(turn.get("start_queue") or ())),
        auction=auction_from_plain(p.get("auction")),
        park_order=None if p.get("park_order") is None else tuple(p["park_order"]),
        result=None if result is None else Result(tuple(result["winners"]), tuple(result["central_park_tiles"])),
        pending=pending_from_plain(p.get("pending")),
        seed=seed,
        partial=partial,
    )


def move_to_plain(m: Move) -> dict[str, Any]:
    out: dict[str, Any] = {"type": m.type, "player": m.player}
    for name in ("district", "plot", "business", "commissioner", "to", "colour", "count"):
        value = getattr(m, name)
        if value is not None:
            out[name] = value
    for name in ("colours", "cards", "tiles", "bid"):
        value = getattr(m, name)
        if value is not None:
            out[name] = list(value)
    if m.tops is not None:
        out["tops"] = {c: v for c, v in m.tops}
    if m.drawn is not None:
        out["drawn"] = {who: list(v) for who, v in m.drawn}
    return out


_COLOUR_RANK = {c: i for i, c in enumerate(D.COLOURS)}


def canonical(m: Move) -> Move:
    """The same move with its unordered parts in one order: colours (the order of the colour stacks),
    bid cards and revealed tiles sorted. A reveal's ``bid`` is a draw sequence and keeps its order.
    A move already in order (every listed move) is returned as it is."""
    changes: dict[str, Any] = {}
    if m.colours is not None:
        colours = tuple(sorted(m.colours, key=lambda c: (_COLOUR_RANK.get(c, 99), c)))
        if colours != m.colours:
            changes["colours"] = colours
    if m.cards is not None:
        cards = tuple(sorted(m.cards))
        if cards != m.cards:
            changes["cards"] = cards
    if m.tiles is not None:
        tiles = tuple(sorted(m.tiles))
        if tiles != m.tiles:
            changes["tiles"] = tiles
    if m.drawn is not None:
        drawn = tuple(sorted((k, tuple(sorted(v))) for k, v in m.drawn))
        if drawn != m.drawn:
            changes["drawn"] = drawn
    return replace(m, **changes) if changes else m


def move_from_plain(p: dict[str, Any]) -> Move:
    def tup(name):
        return None if p.get(name) is None else tuple(p[name])

    return canonical(
        Move(
            type=p["type"],
            player=p["player"],
            district=p.get("district"),
            plot=p.get("plot"),
            business=p.get("business"),
            commissioner=p.get("commissioner"),
            to=p.get("to"),
            colours=tup("colours"),
            colour=p.get("colour"),
            cards=tup("cards"),
            count=p.get("count"),
            tops=None if p.get("tops") is None else tuple(sorted(p["tops"].items())),
            drawn=None if p.get("drawn") is None else tuple(sorted((k, tuple(v)) for k, v in p["drawn"].items())),
            tiles=tup("tiles"),
            bid=tup("bid"),
        )
    )
