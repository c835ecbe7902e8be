"""The little each game must tell the conformance suite: the policy that picks moves, which listings are
samples, and the reach statistics with their ranges (``RULES``, by the engine a game's spec serves), and
its player counts and playouts per count (the game's examples.py).

Everything here reads wire dumps (plain dicts), never engine objects, so an engine's port or a change of
its move shapes touches at most a policy weight or a stats extractor.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from service.engine.chinatown.game import ChinatownGame
from service.engine.core import GameSpec
from service.engine.fifthavenue.game import FifthAvenue
from service.engine.newyork.game import NewYork
from service.engine.registry import SPECS as GAMES
from service.engine.skyline3000.game import Skyline3000
from tests.scores import by_id

Move = dict  # a move's wire form
State = dict  # a state's wire form


def uniform(moves: list[Move], probe: Any, rnd: random.Random) -> Move:
    return rnd.choice(moves)


def weighted(weights: dict[str, float]) -> Callable[[list[Move], State, random.Random], Move]:
    """A policy that draws a move type by weight (types not named weigh 1), then a move of that type."""

    def policy(moves: list[Move], probe: Any, rnd: random.Random) -> Move:
        by_type: dict[str, list[Move]] = {}
        for move in moves:
            by_type.setdefault(move["type"], []).append(move)
        types = sorted(by_type)
        kind = rnd.choices(types, [weights.get(t, 1.0) for t in types])[0]
        return rnd.choice(by_type[kind])

    return policy


@dataclass
class Reach:
    """What the playouts of one game reached, summed over games: a Counter per statistic."""

    counts: dict[str, Counter] = field(default_factory=dict)

    def add(self, stat: str, key: Any, n: int = 1) -> None:
        self.counts.setdefault(stat, Counter())[key] += n

    def __getitem__(self, stat: str) -> Counter:
        return self.counts.get(stat, Counter())


@dataclass(frozen=True)
class Spec:
    game: str
    games_per_count: dict[int, int]
    # Picks the move to play from the listed moves' wire forms; ``probe`` (playout.Probe) gives the
    # state's dump and the score after a listed move.
    policy: Callable[[list[Move], Any, random.Random], Move]
    # A listed move type whose listing is a sample, not every legal move (an unlisted one may be legal).
    sampled_listing: Callable[[Move, State], bool]
    # Record reach statistics from a finished game: its final state, score and the last move's events.
    reach: Callable[[Reach, State, dict, list[dict], Move], None]
    # Hold the summed statistics to plausible ranges (asserts).
    plausible: Callable[[Reach, int], None]
    # Moves legal-moves never lists, proposed from the wire state at each checked step (None: none).
    proposals: Callable[[State, random.Random], list[Proposal]] | None = None
    # Playouts per player count at a real table (``options.chance = "table"``: every draw is a listed
    # ``reveal`` move the policy picks like any other); fewer than the digital ones, to keep the suite quick.
    # Empty for a game without that option.
    table_games_per_count: dict[int, int] = field(default_factory=dict)


# --- Skyline 3000 -----------------------------------------------------------------------------------
# A uniform policy passes and discards as often as it builds and never gets a building over 2 floors
# far; prefer the building cards (floors, roofs, contracts) and developing, as players do.
SKYLINE_WEIGHTS = weighted({"floor": 6, "roof": 4, "contract": 4, "develop": 3, "pass": 0.3, "discard": 0.3})


def SKYLINE_POLICY(moves: list[Move], probe: Any, rnd: random.Random) -> Move:
    """The weighted policy, bidding at most one card as players mostly do (a uniform pile of the 256 an
    8-card hand lists would spend half the hand every auction)."""
    move = SKYLINE_WEIGHTS(moves, probe, rnd)
    if move["type"] == "bid":
        small = [
            m
            for m in moves
            if m["type"] == "bid" and m["player"] == move["player"] and len(m["cards"]) <= 1 and not m.get("family")
        ]
        return rnd.choice(small) if small else move
    return move


def skyline_compacted(move: Move, state: State) -> bool:
    """Does legal-moves list this move only through another (a bid family, or a factory building of the same
    height and roof as a listed one: legal-moves names the lowest-numbered buildings of each kind)?"""
    if move["type"] in ("bid", "bids"):
        return True
    if move["type"] not in ("floor", "roof", "contract"):
        return False
    factory = next((p["factory"] for p in state["players"] if p["id"] == move["player"]), [])
    named = move.get("buildings") or [move.get("building")]
    kinds = [(b["floors"], b["roof"]) for b in factory]
    return any(isinstance(i, int) and 0 <= i < len(kinds) and kinds.index(kinds[i]) < i for i in named)


def skyline_reach(reach: Reach, state: State, score: dict, events: list[dict], last: Move) -> None:
    for content in state["blocks"].values():
        for building in content["buildings"]:
            reach.add("building heights placed", building["floors"])
        reach.add("blocks opened", "with a building" if content["buildings"] else "empty")


def skyline_plausible(reach: Reach, games: int) -> None:
    heights = reach["building heights placed"]
    assert heights[1] > 0 and heights[2] > 0
    assert sum(n for h, n in heights.items() if h >= 3) >= games, "some buildings of 3+ floors in most games"
    assert max(heights) <= 8
    opened = reach["blocks opened"]
    assert opened["with a building"] >= 5 * games, "most of the nine blocks get built on"


# --- New York ---------------------------------------------------------------------------------------
def newyork_reach(reach: Reach, state: State, score: dict, events: list[dict], last: Move) -> None:
    for event in events:
        if event["kind"] == "scored":
            reach.add("final scoring", event["scoring"])
    reach.add("scorings reached", state["scorings_done"])


def newyork_plausible(reach: Reach, games: int) -> None:
    scorings = reach["scorings reached"]
    assert scorings[3] == games, "every game passes scorings A and B and ends with the final one"
    assert reach["final scoring"]["final"] == games


# --- Chinatown --------------------------------------------------------------------------------------
def chinatown_policy(moves: list[Move], probe: Any, rnd: random.Random) -> Move:
    """Uniformly placed tiles almost never touch, so no shop is ever completed: place where the
    player's income grows most (ties drawn at random) four times in five; otherwise uniform."""
    places = [m for m in moves if m["type"] == "place"]
    if not places or rnd.random() < 0.2:
        return rnd.choice(moves)
    income = {canonical_move(m): by_id(probe.score_after(m)["players"])[m["player"]]["income"] for m in places}
    best = max(income.values())
    return rnd.choice([m for m in places if income[canonical_move(m)] == best])


def canonical_move(move: Move) -> str:
    return json.dumps(move, sort_keys=True)


# A deal the suite proposes: (its kind, the trade move's wire form, the rule code it must be refused with,
# or None when it is legal by construction and must be accepted).
Proposal = tuple[str, Move, str | None]
MONEY_UNIT = 10000


def transfer(giver: str, receiver: str, lots=(), tiles=(), money: int = 0) -> dict:
    return {"from": giver, "to": receiver, "lots": list(lots), "tiles": list(tiles), "money": money}


def chinatown_deals(state: State, rnd: random.Random) -> list[Proposal]:
    """Trade proposals made from the wire state during the trading phase (legal-moves lists none): a
    2-party deal, a 3-party deal that passes a lot and a tile on, a lot passed there and back, each legal by
    construction, and a broken copy of one of them that one rule refuses."""
    if state["phase"] != "trade" or len(state["players"]) < 2:
        return []
    players = {p["id"]: p for p in state["players"]}
    lots_of: dict[str, list[int]] = {}
    for lot, cell in sorted(state["board"].items(), key=lambda kv: int(kv[0])):
        lots_of.setdefault(cell["owner"], []).append(int(lot))
    givers = sorted(pid for pid in players if lots_of.get(pid))
    if not givers:
        return []
    a = rnd.choice(givers)
    others = [pid for pid in sorted(players) if pid != a]
    rnd.shuffle(others)
    lot = rnd.choice(lots_of[a])
    tiles = sorted(t for t, n in players[a]["tiles"].items() if n > 0)
    tile = [rnd.choice(tiles)] if tiles else []

    def pay(pid: str) -> int:
        return MONEY_UNIT * rnd.randint(
            1 if players[pid]["money"] >= MONEY_UNIT else 0, players[pid]["money"] // MONEY_UNIT
        )

    b = others[0]
    deals: list[tuple[str, list[dict], str]] = []
    two = [transfer(a, b, lots=[lot], tiles=tile)]
    if players[b]["money"] >= MONEY_UNIT:
        two.append(transfer(b, a, money=pay(b)))
    deals.append(("2-party", two, rnd.choice([a, b])))
    deals.append(("2-party there and back", [transfer(a, b, lots=[lot]), transfer(b, a, lots=[lot])], b))
    if len(others) >= 2:
        c = others[1]
        three = [transfer(a, b, lots=[lot], tiles=tile), transfer(b, c, lots=[lot], tiles=tile)]
        if players[c]["money"] >= MONEY_UNIT:
            three.append(transfer(c, a, money=pay(c)))
        rnd.shuffle(three)  # the order transfers are listed in does not matter
        deals.append(("3-party pass-on", three, rnd.choice([a, b, c])))
    proposals: list[Proposal] = [
        (kind, {"type": "trade", "player": who, "transfers": t}, None) for kind, t, who in deals
    ]
    kind, transfers, who = rnd.choice(deals)
    proposals.append(broken(kind, transfers, who, players, lots_of, rnd))
    return proposals


def broken(kind: str, transfers: list[dict], who: str, players: dict, lots_of: dict, rnd: random.Random) -> Proposal:
    """A copy of a legal deal with one thing changed that a named rule forbids."""
    deal = json.loads(json.dumps(transfers))
    first = deal[0]
    giver = first["from"]
    foreign = sorted(lot for pid, lots in lots_of.items() if pid != giver for lot in lots)
    # more than the giver has and receives in the deal
    short = players[giver]["money"] + sum(t["money"] for t in deal if t["to"] == giver) + MONEY_UNIT
    options: list[tuple[str, Callable[[], None]]] = [
        ("trade.money_denomination", lambda: first.update(money=first["money"] + MONEY_UNIT // 2)),
        ("trade.money_short", lambda: first.update(money=short)),
        ("trade.self", lambda: first.update(to=giver)),
        ("trade.empty", lambda: first.update(lots=[], tiles=[], money=0)),
        ("trade.unknown_party", lambda: first.update(to="nobody")),
        ("trade.tiles_short", lambda: first.update(tiles=first["tiles"] + ["photo"] * 13)),
    ]
    if foreign:
        options.append(("trade.lot_not_owned", lambda: first.update(lots=first["lots"] + [rnd.choice(foreign)])))
    if first["lots"] and "there and back" not in kind:  # (a lot that comes back may be given on again)
        options.append(("trade.lot_twice", lambda: deal.append(transfer(giver, first["to"], lots=first["lots"][:1]))))
    proposer = who
    outside = sorted(set(players) - {t["from"] for t in deal} - {t["to"] for t in deal})
    if outside:
        options.append(("trade.not_party", lambda: None))
    code, change = rnd.choice(options)
    change()
    if code == "trade.self":
        proposer = giver
    elif code == "trade.not_party":
        proposer = rnd.choice(outside)  # a player the deal gives nothing and who receives nothing
    return (f"{kind}, broken", {"type": "trade", "player": proposer, "transfers": deal}, "chinatown." + code)


def chinatown_reach(reach: Reach, state: State, score: dict, events: list[dict], last: Move) -> None:
    for shop in score["shops"]:
        reach.add("shop sizes completed" if shop["complete"] else "shops left incomplete", shop["size"])


def chinatown_plausible(reach: Reach, games: int) -> None:
    # legal-moves lists no trades (the proposed deals are judged, not played), so the playouts only grow
    # shops from the lots dealt: groups of 2+ lots form, complete shops are rare (a finding about reach, not
    # a rule: reported, not asserted).
    incomplete, complete = reach["shops left incomplete"], reach["shop sizes completed"]
    assert sum(n for size, n in incomplete.items() if size >= 2) >= games, "shops of 2+ tiles in most games"
    assert set(complete) <= {3, 4, 5, 6}
    assert all(size < 6 for size in incomplete)


# --- Fifth Avenue -----------------------------------------------------------------------------------
def fifthavenue_reach(reach: Reach, state: State, score: dict, events: list[dict], last: Move) -> None:
    kinds = [e["kind"] for e in events]
    if any(e["kind"] == "business_placed" and e.get("number") == 12 for e in events):
        how = "12th business placed"
    elif last["type"] == "building_stop" or any("stop" in k for k in kinds):
        how = "second building stop"
    else:
        how = f"other ({last['type']})"
    reach.add("how games end", how)


def fifthavenue_plausible(reach: Reach, games: int) -> None:
    ends = reach["how games end"]
    assert sum(ends.values()) == games
    assert set(ends) <= {"12th business placed", "second building stop"}, ends


def never(move: Move, state: State) -> bool:
    return False


def fifthavenue_hidden_hand_bid(move: Move, state: State) -> bool:
    """A bid from a hand nobody knows (a real table): legal-moves lists the cheapest bids only, and whatever
    is laid is checked when proposed."""
    if move["type"] != "bid":
        return False
    return any(p["id"] == move["player"] and p.get("hand") is None for p in state["players"])


@dataclass(frozen=True)
class Rules:
    """How the suite plays one game's rules (the fields of ``Spec`` that are code, as there)."""

    policy: Callable[[list[Move], Any, random.Random], Move]
    sampled_listing: Callable[[Move, State], bool]
    reach: Callable[[Reach, State, dict, list[dict], Move], None]
    plausible: Callable[[Reach, int], None]
    proposals: Callable[[State, random.Random], list[Proposal]] | None = None


# Keyed by the engine a game's spec serves (a re-skin, as Alhambra of New York, plays its family's rules
# and is played the same way); how many playouts is the game's own (its examples.py).
RULES: dict[type, Rules] = {
    NewYork: Rules(
        uniform,
        # legal-moves lists the minimal payments only; any sufficient payment is legal.
        sampled_listing=lambda move, state: move["type"] == "buy",
        reach=newyork_reach,
        plausible=newyork_plausible,
    ),
    ChinatownGame: Rules(
        chinatown_policy,
        # trade offers are listed only as samples; at a real table a reveal is listed one lot or tile at a
        # time, and a reveal of several at once is checked, not listed
        sampled_listing=lambda move, state: (
            move["type"] == "trade"
            or (move["type"] == "reveal" and len(move.get("lots") or move.get("tiles") or ()) > 1)
        ),
        reach=chinatown_reach,
        plausible=chinatown_plausible,
        proposals=chinatown_deals,
    ),
    Skyline3000: Rules(
        SKYLINE_POLICY,
        # bids from a big or hidden hand and the Key holder's report are listed as families, equal cards and
        # equal factory buildings once
        sampled_listing=skyline_compacted,
        reach=skyline_reach,
        plausible=skyline_plausible,
    ),
    FifthAvenue: Rules(
        uniform,
        sampled_listing=fifthavenue_hidden_hand_bid,
        reach=fifthavenue_reach,
        plausible=fifthavenue_plausible,
    ),
}


def spec_of(game: GameSpec) -> Spec:
    """What the suite knows of a registered game: its engine's rules, its own numbers of playouts."""
    rules = RULES[type(game.engine)]
    return Spec(
        game.id,
        dict(game.examples.CONFORMANCE_GAMES),
        rules.policy,
        sampled_listing=rules.sampled_listing,
        reach=rules.reach,
        plausible=rules.plausible,
        proposals=rules.proposals,
        table_games_per_count=dict(game.examples.CONFORMANCE_TABLE_GAMES),
    )


SPECS = {game_id: spec_of(game) for game_id, game in GAMES.items()}
