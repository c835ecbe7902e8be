"""The move checks: every rule a move breaks in a state already known to be consistent, one set shared by
``moves`` and ``legal-moves``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core import Violation
from ..kit import N_, NOT_YOUR_TURN, RuleBook, awaited_text, pointer
from .data import MONEY_UNIT, cards_kept, dollars
from .hidden import Unseen, UnseenOf, unseen
from .state import EndTrading, EndTurn, Keep, Move, Place, Reveal, State, Trade, Transfer, next_undone

PENDING_NOT_YOURS = N_("It is not {player}'s turn: the game awaits {awaited}. The pending {kind} is theirs.")


def move_violations(book: RuleBook, state: State, move: Move, unseen_of: UnseenOf = unseen) -> list[Violation]:
    """The move's problems in a state already known to be consistent."""
    if state.phase == "end":
        return [book.violation("move.game_over", "The game is over.", pointer("move", "type"))]
    if state.player(move.player) is None:
        return [
            book.violation(
                "move.unknown_player", "{player!r} is not in this game.", pointer("move", "player"), player=move.player
            )
        ]
    if isinstance(move, Reveal):
        return reveal_violations(book, state, move, unseen_of(state))
    if state.pending is not None:
        return [
            book.violation(
                "move.reveal_pending",
                "A {kind} is pending: reveal it first.",
                pointer("move", "type"),
                kind=state.pending.kind,
            )
        ]
    checks: dict[type, Callable[[RuleBook, State, Any], list[Violation]]] = {
        Keep: keep_violations,
        Trade: trade_violations,
        EndTrading: end_trading_violations,
        Place: place_violations,
        EndTurn: end_turn_violations,
    }
    return checks[type(move)](book, state, move)


def phase_violation(book: RuleBook, state: State, phase: str) -> list[Violation]:
    if state.phase == phase:
        return []
    return [
        book.violation(
            "move.wrong_phase",
            "This move belongs to the {phase} phase; the game is in the {current} phase.",
            pointer("move", "type"),
            phase=phase,
            current=state.phase,
        )
    ]


def keep_violations(book: RuleBook, state: State, move: Keep) -> list[Violation]:
    out = phase_violation(book, state, "keep")
    if out:
        return out
    if move.player in state.done:
        return [
            book.violation(
                "keep.already_kept",
                "{player} has already chosen this year's cards.",
                pointer("move", "player"),
                player=move.player,
            )
        ]
    want = cards_kept(len(state.players), state.round)
    if len(move.lots) != want:
        out.append(
            book.violation(
                "keep.count",
                "Keep exactly {want} cards this year, not {count}.",
                pointer("move", "lots"),
                want=want,
                count=len(move.lots),
            )
        )
    return out + kept_card_violations(book, move, state.seated(move.player).hand or ())


def kept_card_violations(book: RuleBook, move: Keep, hand: tuple[int, ...]) -> list[Violation]:
    """Each card kept is in the hand, and kept once."""
    out = []
    seen: set[int] = set()
    for i, lot in enumerate(move.lots):
        if lot in seen:
            out.append(
                book.violation("keep.duplicate", "Card {lot} is listed twice.", pointer("move", "lots", i), lot=lot)
            )
        elif lot not in hand:
            out.append(
                book.violation(
                    "keep.not_in_hand",
                    "Card {lot} is not in {player}'s hand.",
                    pointer("move", "lots", i),
                    lot=lot,
                    player=move.player,
                )
            )
        seen.add(lot)
    return out


def reveal_violations(book: RuleBook, state: State, move: Reveal, left: Unseen) -> list[Violation]:
    pending = state.pending
    if pending is None:
        return [book.violation("reveal.not_pending", "Nothing is waiting to be revealed.", pointer("move", "type"))]
    out = []
    if move.player != pending.player:
        out.append(
            book.violation(
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
                book.violation(
                    "reveal.wrong_kind", "A deal reveals building cards: give 'lots' only.", pointer("move", field)
                )
            ]
        return out + deal_reveal_violations(book, left.deck, move.lots, pending.count)
    if move.lots is not None or move.tiles is None:
        field = "lots" if move.lots is not None else "tiles"
        return out + [
            book.violation("reveal.wrong_kind", "A draw reveals shop tiles: give 'tiles' only.", pointer("move", field))
        ]
    return out + draw_reveal_violations(book, left.bag, move.tiles, pending.count)


def deal_reveal_violations(book: RuleBook, deck: frozenset[int], lots: tuple[int, ...], count: int) -> list[Violation]:
    out = []
    if not 1 <= len(lots) <= count:
        out.append(
            book.violation(
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
                book.violation("reveal.duplicate", "Card {lot} is listed twice.", pointer("move", "lots", i), lot=lot)
            )
        elif lot not in deck:
            out.append(
                book.violation(
                    "reveal.lot_unavailable",
                    "Card {lot} cannot be in the deck: that lot is claimed or its card is held.",
                    pointer("move", "lots", i),
                    lot=lot,
                )
            )
        seen.add(lot)
    return out


def draw_reveal_violations(
    book: RuleBook, left: Mapping[str, int], tiles: tuple[str, ...], count: int
) -> list[Violation]:
    out = []
    if not 1 <= len(tiles) <= count:
        out.append(
            book.violation(
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
                book.violation(
                    "reveal.tile_unavailable",
                    "The bag cannot hold {count} {shop} tiles.",
                    pointer("move", "tiles", i),
                    count=used[shop],
                    shop=shop,
                )
            )
    return out


def trade_violations(book: RuleBook, state: State, move: Trade) -> list[Violation]:
    """A deal among any number of players, judged as a whole: what a party gives may come from what it
    receives in the same deal (the deal equals trades made one after the other)."""
    out = phase_violation(book, state, "trade")
    if out:
        return out
    if move.player not in parties_of(move):
        out.append(
            book.violation(
                "trade.not_party",
                "{player} gives and receives nothing in this trade.",
                pointer("move", "player"),
                player=move.player,
            )
        )
    for i, t in enumerate(move.transfers):
        out += transfer_violations(book, state, t, i)
    out += lot_flow_violations(book, state, move)
    out += supply_violations(book, state, move)
    return out


def parties_of(move: Trade) -> set[str]:
    return {t.giver for t in move.transfers} | {t.receiver for t in move.transfers}


def transfer_violations(book: RuleBook, state: State, t: Transfer, i: int) -> list[Violation]:
    out = []
    for role, pid in (("from", t.giver), ("to", t.receiver)):
        if state.player(pid) is None:
            out.append(
                book.violation(
                    "trade.unknown_party",
                    "{player!r} is not in this game.",
                    pointer("move", "transfers", i, role),
                    player=pid,
                )
            )
    if t.giver == t.receiver:
        out.append(
            book.violation(
                "trade.self",
                "A transfer cannot go from a player to the same player.",
                pointer("move", "transfers", i, "to"),
            )
        )
    if not t.lots and not t.tiles and not t.money:
        out.append(book.violation("trade.empty", "This transfer gives nothing.", pointer("move", "transfers", i)))
    if t.money % MONEY_UNIT:
        out.append(
            book.violation(
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


def lot_flow_violations(book: RuleBook, state: State, move: Trade) -> list[Violation]:
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
                    book.violation(
                        "trade.lot_not_owned",
                        "{player} does not own lot {lot} and does not receive it from its owner in this trade.",
                        at,
                        player=giver,
                        lot=lot,
                    )
                )
            elif gives[giver] > holds[giver]:
                out.append(
                    book.violation(
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


def supply_violations(book: RuleBook, state: State, move: Trade) -> list[Violation]:
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
                book.violation(
                    "trade.tiles_short",
                    "{player} does not hold all the tiles given in this trade, even with those received in it.",
                    pointer("move", "transfers", i, "tiles"),
                    player=t.giver,
                )
            )
        if t.money and flows.money_given[t.giver] > (giver.money or 0) + flows.money_received[t.giver]:
            out.append(
                book.violation(
                    "trade.money_short",
                    "{player} cannot give {money} in this trade.",
                    pointer("move", "transfers", i, "money"),
                    player=t.giver,
                    money=dollars(flows.money_given[t.giver]),
                )
            )
    return out


def end_trading_violations(book: RuleBook, state: State, move: EndTrading) -> list[Violation]:
    out = phase_violation(book, state, "trade")
    if not out and move.player in state.done:
        out.append(
            book.violation(
                "trade.already_ended",
                "{player} has already agreed to end trading.",
                pointer("move", "player"),
                player=move.player,
            )
        )
    return out


def turn_violation(book: RuleBook, state: State, pid: str) -> list[Violation]:
    turn = next_undone(state)
    if pid == turn:
        return []
    assert turn is not None, "a consistent state in the place phase has a player to place"
    return [
        book.violation(
            "move.not_your_turn", NOT_YOUR_TURN, pointer("move", "player"), player=pid, awaited=awaited_text([turn])
        )
    ]


def place_violations(book: RuleBook, state: State, move: Place) -> list[Violation]:
    out = phase_violation(book, state, "place") or turn_violation(book, state, move.player)
    if out:
        return out
    cell = state.board.get(move.lot)
    if cell is None or cell.owner != move.player:
        out.append(
            book.violation(
                "placement.lot_not_owned",
                "{player} does not own lot {lot}.",
                pointer("move", "lot"),
                player=move.player,
                lot=move.lot,
            )
        )
    elif cell.shop is not None:
        out.append(
            book.violation(
                "placement.lot_occupied", "Lot {lot} already has a shop.", pointer("move", "lot"), lot=move.lot
            )
        )
    if state.seated(move.player).tile_count(move.shop) < 1:
        out.append(
            book.violation(
                "placement.tile_not_held",
                "{player} holds no {shop} tile.",
                pointer("move", "shop"),
                player=move.player,
                shop=move.shop,
            )
        )
    return out


def end_turn_violations(book: RuleBook, state: State, move: EndTurn) -> list[Violation]:
    return phase_violation(book, state, "place") or turn_violation(book, state, move.player)
