"""A move's checks (``move_violations``), its effects and the candidate moves: the parts the engine
(``game.ChinatownGame``, a ``kit.Engine``) puts together into ``apply`` and ``legal_moves``.

The reveal checks and candidates need what may still be in the deck and bag (``Unseen``); the engine
passes ``unseen_of``, which keeps it per state in its ``StateMemo``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import combinations
from types import MappingProxyType

from ..core import Event, Memo, Outcome, Violation
from ..kit import N_, NOT_YOUR_TURN, awaited_text, pointer
from .book import BOOK
from .data import LOTS, MONEY_UNIT, SHOP_TYPES, TILE_COUNTS, cards_kept, dollars
from .flow import (
    add_tiles,
    after_deal_reveal,
    after_draw_reveal,
    end_trading,
    end_turn,
    keep,
    next_undone,
)
from .state import EndTrading, EndTurn, Keep, Lot, Move, Place, Reveal, State, Trade, Transfer, tiles_tuple

PENDING_NOT_YOURS = N_("It is not {player}'s turn: the game awaits {awaited}. The pending {kind} is theirs.")


# ---- checks shared by legal_moves and apply --------------------------------------------------------


@dataclass(frozen=True)
class Unseen:
    """What may still be in the deck and the bag (public knowledge): the cards neither claimed nor in a
    hand, and each tile type's count less the placed and held tiles."""

    deck: frozenset[int]
    bag: Mapping[str, int]


def unseen(state: State) -> Unseen:
    return Unseen(frozenset(deck_contents(state)), MappingProxyType(dict(bag_contents(state))))


UnseenOf = Callable[[State], Unseen]


def move_violations(state: State, move: Move, unseen_of: UnseenOf = unseen) -> list[Violation]:
    """The move's problems in a state already known to be consistent."""
    if state.phase == "end":
        return [BOOK.violation("move.game_over", "The game is over.", pointer("move", "type"))]
    if state.player(move.player) is None:
        return [
            BOOK.violation(
                "move.unknown_player", "{player!r} is not in this game.", pointer("move", "player"), player=move.player
            )
        ]
    if isinstance(move, Reveal):
        return reveal_violations(state, move, unseen_of(state))
    if state.pending is not None:
        return [
            BOOK.violation(
                "move.reveal_pending",
                "A {kind} is pending: reveal it first.",
                pointer("move", "type"),
                kind=state.pending.kind,
            )
        ]
    checks = {
        Keep: keep_violations,
        Trade: trade_violations,
        EndTrading: end_trading_violations,
        Place: place_violations,
        EndTurn: end_turn_violations,
    }
    return checks[type(move)](state, move)


def phase_violation(state: State, phase: str) -> list[Violation]:
    if state.phase == phase:
        return []
    return [
        BOOK.violation(
            "move.wrong_phase",
            "This move belongs to the {phase} phase; the game is in the {current} phase.",
            pointer("move", "type"),
            phase=phase,
            current=state.phase,
        )
    ]


def keep_violations(state: State, move: Keep) -> list[Violation]:
    out = phase_violation(state, "keep")
    if out:
        return out
    if move.player in state.done:
        return [
            BOOK.violation(
                "keep.already_kept",
                "{player} has already chosen this year's cards.",
                pointer("move", "player"),
                player=move.player,
            )
        ]
    hand = state.player(move.player).hand or ()
    want = cards_kept(len(state.players), state.round)
    if len(move.lots) != want:
        out.append(
            BOOK.violation(
                "keep.count",
                "Keep exactly {want} cards this year, not {count}.",
                pointer("move", "lots"),
                want=want,
                count=len(move.lots),
            )
        )
    seen: set[int] = set()
    for i, lot in enumerate(move.lots):
        if lot in seen:
            out.append(
                BOOK.violation("keep.duplicate", "Card {lot} is listed twice.", pointer("move", "lots", i), lot=lot)
            )
        elif lot not in hand:
            out.append(
                BOOK.violation(
                    "keep.not_in_hand",
                    "Card {lot} is not in {player}'s hand.",
                    pointer("move", "lots", i),
                    lot=lot,
                    player=move.player,
                )
            )
        seen.add(lot)
    return out


def deck_contents(state: State) -> set[int]:
    """The cards that can be in the deck: neither claimed nor in a hand (public knowledge)."""
    taken = {lot for lot, _ in state.board.items()}
    for p in state.players:
        taken.update(p.hand or ())
    return set(LOTS) - taken


def bag_contents(state: State) -> Counter[str]:
    """How many tiles of each type can still be in the bag: all tiles less the placed and held ones."""
    left = Counter(TILE_COUNTS)
    for p in state.players:
        for shop, count in p.tiles:
            left[shop] -= count
    for _, cell in state.board.items():
        if cell.shop is not None:
            left[cell.shop] -= 1
    return left


def reveal_violations(state: State, move: Reveal, left: Unseen) -> list[Violation]:
    pending = state.pending
    if pending is None:
        return [BOOK.violation("reveal.not_pending", "Nothing is waiting to be revealed.", pointer("move", "type"))]
    out = []
    if move.player != pending.player:
        out.append(
            BOOK.violation(
                "reveal.wrong_player",
                PENDING_NOT_YOURS,
                pointer("move", "player"),
                player=move.player,
                awaited=awaited_text([pending.player]),
                kind=pending.kind,
            )
        )
    if pending.kind == "deal":
        if move.tiles is not None or move.lots is None:
            field = "tiles" if move.tiles is not None else "lots"
            return out + [
                BOOK.violation(
                    "reveal.wrong_kind", "A deal reveals building cards: give 'lots' only.", pointer("move", field)
                )
            ]
        return out + deal_reveal_violations(left.deck, move.lots, pending.count)
    if move.lots is not None or move.tiles is None:
        field = "lots" if move.lots is not None else "tiles"
        return out + [
            BOOK.violation("reveal.wrong_kind", "A draw reveals shop tiles: give 'tiles' only.", pointer("move", field))
        ]
    return out + draw_reveal_violations(left.bag, move.tiles, pending.count)


def deal_reveal_violations(deck: frozenset[int], lots: tuple[int, ...], count: int) -> list[Violation]:
    out = []
    if not 1 <= len(lots) <= count:
        out.append(
            BOOK.violation(
                "reveal.count",
                "The deal has {count} cards still to reveal: reveal 1 to {count}, not {given}.",
                pointer("move", "lots"),
                count=count,
                given=len(lots),
            )
        )
    seen: set[int] = set()
    for i, lot in enumerate(lots):
        if lot in seen:
            out.append(
                BOOK.violation("reveal.duplicate", "Card {lot} is listed twice.", pointer("move", "lots", i), lot=lot)
            )
        elif lot not in deck:
            out.append(
                BOOK.violation(
                    "reveal.lot_unavailable",
                    "Card {lot} cannot be in the deck: that lot is claimed or its card is held.",
                    pointer("move", "lots", i),
                    lot=lot,
                )
            )
        seen.add(lot)
    return out


def draw_reveal_violations(left: Mapping[str, int], tiles: tuple[str, ...], count: int) -> list[Violation]:
    out = []
    if not 1 <= len(tiles) <= count:
        out.append(
            BOOK.violation(
                "reveal.count",
                "The draw has {count} tiles still to reveal: reveal 1 to {count}, not {given}.",
                pointer("move", "tiles"),
                count=count,
                given=len(tiles),
            )
        )
    used: Counter[str] = Counter()
    for i, shop in enumerate(tiles):
        used[shop] += 1
        if used[shop] > left.get(shop, 0):
            out.append(
                BOOK.violation(
                    "reveal.tile_unavailable",
                    "The bag cannot hold {count} {shop} tiles.",
                    pointer("move", "tiles", i),
                    count=used[shop],
                    shop=shop,
                )
            )
    return out


def trade_violations(state: State, move: Trade) -> list[Violation]:
    """A deal among any number of players, judged as a whole: what a party gives may come from what it
    receives in the same deal (the deal equals trades made one after the other)."""
    out = phase_violation(state, "trade")
    if out:
        return out
    if move.player not in parties_of(move):
        out.append(
            BOOK.violation(
                "trade.not_party",
                "{player} gives and receives nothing in this trade.",
                pointer("move", "player"),
                player=move.player,
            )
        )
    for i, t in enumerate(move.transfers):
        out += transfer_violations(state, t, i)
    out += lot_flow_violations(state, move)
    out += supply_violations(state, move)
    return out


def parties_of(move: Trade) -> set[str]:
    return {t.giver for t in move.transfers} | {t.receiver for t in move.transfers}


def transfer_violations(state: State, t: Transfer, i: int) -> list[Violation]:
    out = []
    for role, pid in (("from", t.giver), ("to", t.receiver)):
        if state.player(pid) is None:
            out.append(
                BOOK.violation(
                    "trade.unknown_party",
                    "{player!r} is not in this game.",
                    pointer("move", "transfers", i, role),
                    player=pid,
                )
            )
    if t.giver == t.receiver:
        out.append(
            BOOK.violation(
                "trade.self",
                "A transfer cannot go from a player to the same player.",
                pointer("move", "transfers", i, "to"),
            )
        )
    if not t.lots and not t.tiles and not t.money:
        out.append(BOOK.violation("trade.empty", "This transfer gives nothing.", pointer("move", "transfers", i)))
    if t.money % MONEY_UNIT:
        out.append(
            BOOK.violation(
                "trade.money_denomination",
                "{money} is not a multiple of {unit}.",
                pointer("move", "transfers", i, "money"),
                money=dollars(t.money),
                unit=dollars(MONEY_UNIT),
            )
        )
    return out


LotStep = tuple[int, int, str, str]  # (transfer index, index in its lots, giver, receiver)


def lot_steps(move: Trade) -> dict[int, list[LotStep]]:
    """Each lot's passes in the deal, in the order they are listed."""
    steps: dict[int, list[LotStep]] = {}
    for i, t in enumerate(move.transfers):
        for j, lot in enumerate(t.lots):
            steps.setdefault(lot, []).append((i, j, t.giver, t.receiver))
    return steps


def lot_flow_violations(state: State, move: Trade) -> list[Violation]:
    """A lot passes from its owner along the deal: each party gives it on only as often as it holds it
    (once if it owns it, once more each time it receives it), and only after it came from the owner."""
    out = []
    for lot, steps in lot_steps(move).items():
        cell = state.board.get(lot)
        owner = cell.owner if cell is not None else None
        reached = reachable(owner, steps)
        holds = Counter(receiver for _, _, _, receiver in steps)
        if owner is not None:
            holds[owner] += 1
        gives: Counter[str] = Counter()
        for i, j, giver, _ in steps:
            gives[giver] += 1
            at = pointer("move", "transfers", i, "lots", j)
            if giver not in reached:
                out.append(
                    BOOK.violation(
                        "trade.lot_not_owned",
                        "{player} does not own lot {lot} and does not receive it from its owner in this trade.",
                        at,
                        player=giver,
                        lot=lot,
                    )
                )
            elif gives[giver] > holds[giver]:
                out.append(
                    BOOK.violation(
                        "trade.lot_twice",
                        "{player} gives lot {lot} on more often than they hold it in this trade.",
                        at,
                        player=giver,
                        lot=lot,
                    )
                )
    return out


def reachable(owner: str | None, steps: list[LotStep]) -> set[str]:
    """The parties a lot can reach from its owner along the deal's passes of it."""
    if owner is None:
        return set()
    reached, frontier = {owner}, [owner]
    while frontier:
        holder = frontier.pop()
        for _, _, giver, receiver in steps:
            if giver == holder and receiver not in reached:
                reached.add(receiver)
                frontier.append(receiver)
    return reached


@dataclass(frozen=True)
class Flows:
    """What a deal moves per party: tiles and money given and received."""

    tiles_given: Mapping[str, Counter[str]]
    tiles_received: Mapping[str, Counter[str]]
    money_given: Mapping[str, int]
    money_received: Mapping[str, int]


def flows_of(move: Trade) -> Flows:
    tiles_given: dict[str, Counter[str]] = {}
    tiles_received: dict[str, Counter[str]] = {}
    money_given: Counter[str] = Counter()
    money_received: Counter[str] = Counter()
    for t in move.transfers:
        tiles_given.setdefault(t.giver, Counter()).update(t.tiles)
        tiles_received.setdefault(t.receiver, Counter()).update(t.tiles)
        money_given[t.giver] += t.money
        money_received[t.receiver] += t.money
    return Flows(tiles_given, tiles_received, money_given, money_received)


def supply_violations(state: State, move: Trade) -> list[Violation]:
    """Each party gives tiles and money out of what it holds plus what it receives in the same deal."""
    flows = flows_of(move)
    out = []
    for i, t in enumerate(move.transfers):
        giver = state.player(t.giver)
        if giver is None:
            continue
        received = flows.tiles_received.get(t.giver, Counter())
        if t.tiles and any(
            giver.tile_count(shop) + received[shop] < n for shop, n in flows.tiles_given[t.giver].items()
        ):
            out.append(
                BOOK.violation(
                    "trade.tiles_short",
                    "{player} does not hold all the tiles given in this trade, even with those received in it.",
                    pointer("move", "transfers", i, "tiles"),
                    player=t.giver,
                )
            )
        if t.money and flows.money_given[t.giver] > (giver.money or 0) + flows.money_received[t.giver]:
            out.append(
                BOOK.violation(
                    "trade.money_short",
                    "{player} cannot give {money} in this trade.",
                    pointer("move", "transfers", i, "money"),
                    player=t.giver,
                    money=dollars(flows.money_given[t.giver]),
                )
            )
    return out


def end_trading_violations(state: State, move: EndTrading) -> list[Violation]:
    out = phase_violation(state, "trade")
    if not out and move.player in state.done:
        out.append(
            BOOK.violation(
                "trade.already_ended",
                "{player} has already agreed to end trading.",
                pointer("move", "player"),
                player=move.player,
            )
        )
    return out


def turn_violation(state: State, pid: str) -> list[Violation]:
    turn = next_undone(state)
    if pid == turn:
        return []
    return [
        BOOK.violation(
            "move.not_your_turn", NOT_YOUR_TURN, pointer("move", "player"), player=pid, awaited=awaited_text([turn])
        )
    ]


def place_violations(state: State, move: Place) -> list[Violation]:
    out = phase_violation(state, "place") or turn_violation(state, move.player)
    if out:
        return out
    cell = state.board.get(move.lot)
    if cell is None or cell.owner != move.player:
        out.append(
            BOOK.violation(
                "placement.lot_not_owned",
                "{player} does not own lot {lot}.",
                pointer("move", "lot"),
                player=move.player,
                lot=move.lot,
            )
        )
    elif cell.shop is not None:
        out.append(
            BOOK.violation(
                "placement.lot_occupied", "Lot {lot} already has a shop.", pointer("move", "lot"), lot=move.lot
            )
        )
    if state.player(move.player).tile_count(move.shop) < 1:
        out.append(
            BOOK.violation(
                "placement.tile_not_held",
                "{player} holds no {shop} tile.",
                pointer("move", "shop"),
                player=move.player,
                shop=move.shop,
            )
        )
    return out


def end_turn_violations(state: State, move: EndTurn) -> list[Violation]:
    return phase_violation(state, "place") or turn_violation(state, move.player)


# ---- candidates ---------------------------------------------------------------------------------------


def candidates(state: State, unseen_of: UnseenOf = unseen) -> Iterator[Move]:
    """The moves worth checking: every legal move is among them, except that trades are never listed
    (there are too many possible deals; any proposed one is checked) and reveals are listed one card or
    tile at a time."""
    if state.phase == "end":
        return
    if state.pending is not None:
        yield from reveal_candidates(state, unseen_of(state))
    elif state.phase == "keep":
        yield from keep_candidates(state)
    elif state.phase == "trade":
        yield from (EndTrading(pid) for pid in state.ids if pid not in state.done)
    elif state.phase == "place":
        yield from place_candidates(state)


def keep_candidates(state: State) -> Iterator[Move]:
    want = cards_kept(len(state.players), state.round)
    for p in state.players:
        if p.id not in state.done:
            for lots in combinations(sorted(p.hand or ()), want):
                yield Keep(p.id, lots)


def place_candidates(state: State) -> Iterator[Move]:
    pid = next_undone(state)
    player = state.player(pid)
    empty = [lot for lot, cell in state.board.items() if cell.owner == pid and cell.shop is None]
    for lot in sorted(empty):
        for shop, _ in player.tiles:
            yield Place(pid, lot, shop)
    yield EndTurn(pid)


def reveal_candidates(state: State, left: Unseen) -> Iterator[Move]:
    """One card or one tile at a time: every card that can still be in the deck, every shop type the
    bag can still give (at most 85 or 12 moves; a reveal of several at once is checked, not listed)."""
    pending = state.pending
    if pending.kind == "deal":
        yield from (Reveal(pending.player, lots=(lot,)) for lot in sorted(left.deck))
    else:
        yield from (Reveal(pending.player, tiles=(shop,)) for shop in SHOP_TYPES if left.bag.get(shop, 0) > 0)


# ---- effects ------------------------------------------------------------------------------------------


def effects(state: State, move: Move, memo: Memo) -> Outcome:
    """The outcome of a move that broke no rule."""
    events: list[Event] = []
    new_state = transition(state, move, events, memo)
    return Outcome(legal=True, state=new_state, events=tuple(events))


def transition(state: State, move: Move, events: list[Event], memo: Memo) -> State:
    if isinstance(move, Reveal):
        if state.pending.kind == "deal":
            return after_deal_reveal(replace(state, pending=None), move.player, move.lots, events)
        complete = len(move.tiles) == state.pending.count
        return after_draw_reveal(replace(state, pending=None), move.player, move.tiles, complete, events)
    if isinstance(move, Keep):
        return keep(state, move.player, move.lots, events)
    if isinstance(move, Trade):
        return trade(state, move, events)
    if isinstance(move, EndTrading):
        return end_trading(state, move.player, events)
    if isinstance(move, Place):
        return place(state, move, events)
    return end_turn(state, move.player, events, memo)


def trade(state: State, move: Trade, events: list[Event]) -> State:
    """The deal's net result, whatever order its transfers are listed in: each lot goes to the party
    it ends with (a built lot keeps its tile), tiles and money change hands; the votes to end trading
    start over."""
    changes = {
        lot: Lot(final_holder(state.board.get(lot).owner, steps), state.board.get(lot).shop)
        for lot, steps in lot_steps(move).items()
    }
    flows = flows_of(move)
    players = []
    for p in state.players:
        tiles = Counter(dict(p.tiles))
        tiles.update(flows.tiles_received.get(p.id, Counter()))
        tiles.subtract(flows.tiles_given.get(p.id, Counter()))
        money = p.money + flows.money_received[p.id] - flows.money_given[p.id]
        players.append(replace(p, tiles=tiles_tuple(tiles), money=money))
    events.append(Event("trade", {"parties": sorted(parties_of(move))}))
    return replace(state, board=state.board.with_lots(changes), players=tuple(players), done=())


def final_holder(owner: str, steps: list[LotStep]) -> str:
    """Who holds a lot after the deal's passes of it: the one party that received it once more than
    it gave it (the owner, if it came back)."""
    held = Counter({owner: 1})
    for _, _, giver, receiver in steps:
        held[giver] -= 1
        held[receiver] += 1
    return next(pid for pid, count in held.items() if count == 1)


def place(state: State, move: Place, events: list[Event]) -> State:
    state = replace(state, board=state.board.with_lots({move.lot: Lot(move.player, move.shop)}))
    state = add_tiles(state, move.player, (move.shop,), -1)
    events.append(Event("tile_placed", {"player": move.player, "lot": move.lot, "shop": move.shop}))
    return state
