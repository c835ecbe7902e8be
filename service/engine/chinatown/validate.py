"""State consistency: can the rules reach this state? (conservation of lots, tiles and money; phase
and turn sanity). Every problem becomes a violation pointing under ``/state``."""

from __future__ import annotations

from collections import Counter

from ..core import Violation
from ..kit import RuleBook, pointer
from .data import (
    LOTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MONEY_UNIT,
    ROUNDS,
    TILE_COUNTS,
    cards_dealt,
    cards_kept,
    dollars,
    tiles_drawn,
)
from .hidden import drawn_so_far, expected_pending
from .state import State, next_undone, seat_order

LOT_SET = frozenset(LOTS)


def state_violations(book: RuleBook, state: State) -> list[Violation]:
    """Every inconsistency of the state (the engine keeps the answer per state in its StateMemo)."""
    out: list[Violation] = []
    out += check_players(book, state)
    if out:  # the remaining checks need a sane player list
        return out
    out += check_money_and_hands(book, state)
    out += check_owners(book, state)
    out += check_done(book, state)
    out += check_lots(book, state)
    out += check_tiles(book, state)
    out += check_phase(book, state)
    return out


def check_players(book: RuleBook, state: State) -> list[Violation]:
    out = []
    n = len(state.players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        out.append(
            book.violation(
                "state.player_count",
                "The state has {count} players; Chinatown takes {min} to {max}.",
                pointer("state", "players"),
                count=n,
                min=MIN_PLAYERS,
                max=MAX_PLAYERS,
            )
        )
    seen: set[str] = set()
    for i, p in enumerate(state.players):
        if p.id in seen:
            out.append(
                book.violation(
                    "state.duplicate_player",
                    "Player id {player!r} appears twice.",
                    pointer("state", "players", i, "id"),
                    player=p.id,
                )
            )
        seen.add(p.id)
    if state.first_player not in seen:
        out.append(
            book.violation(
                "state.unknown_player", "The first player is not in the game.", pointer("state", "first_player")
            )
        )
    return out


def check_money_and_hands(book: RuleBook, state: State) -> list[Violation]:
    out = []
    for i, p in enumerate(state.players):
        if p.money is None:
            out.append(
                book.violation(
                    "state.hidden", "{player}'s money is hidden.", pointer("state", "players", i, "money"), player=p.id
                )
            )
        elif p.money < 0 or p.money % MONEY_UNIT:
            out.append(
                book.violation(
                    "state.money",
                    "{player}'s money {money} is not a non-negative multiple of {unit}.",
                    pointer("state", "players", i, "money"),
                    player=p.id,
                    money=dollars(p.money),
                    unit=dollars(MONEY_UNIT),
                )
            )
        if p.hand is None:
            out.append(
                book.violation(
                    "state.hidden", "{player}'s hand is hidden.", pointer("state", "players", i, "hand"), player=p.id
                )
            )
    return out


def check_owners(book: RuleBook, state: State) -> list[Violation]:
    ids = set(state.ids)
    return [
        book.violation(
            "state.unknown_player",
            "Lot {lot} is owned by {owner!r}, who is not in the game.",
            pointer("state", "board", lot, "owner"),
            lot=lot,
            owner=cell.owner,
        )
        for lot, cell in sorted(state.board.items())
        if cell.owner not in ids
    ]


def check_done(book: RuleBook, state: State) -> list[Violation]:
    out = []
    ids = set(state.ids)
    for i, pid in enumerate(state.done):
        if pid not in ids:
            out.append(
                book.violation(
                    "state.unknown_player",
                    "{player!r} is listed as done but is not in the game.",
                    pointer("state", "done", i),
                    player=pid,
                )
            )
    if len(set(state.done)) != len(state.done):
        out.append(
            book.violation("state.duplicate_player", "A player is listed as done twice.", pointer("state", "done"))
        )
    if out:
        return out
    if state.phase in ("deal", "draw", "place"):
        order = seat_order(state)
        if tuple(state.done) != order[: len(state.done)]:
            out.append(
                book.violation(
                    "state.turn_order",
                    "In the {phase} phase players finish in turn order from the first player.",
                    pointer("state", "done"),
                    phase=state.phase,
                )
            )
    if state.phase == "end" and state.done:
        out.append(book.violation("state.phase", "Nobody acts after the end of the game.", pointer("state", "done")))
    elif state.phase != "end" and len(set(state.done)) == len(state.players):
        out.append(
            book.violation(
                "state.phase",
                "Everyone has finished the {phase} phase, so the game would have moved on.",
                pointer("state", "done"),
                phase=state.phase,
            )
        )
    return out


def check_lots(book: RuleBook, state: State) -> list[Violation]:
    out = []
    where: Counter[int] = Counter(lot for lot, _ in state.board.items())
    out += [
        book.violation(
            "state.not_in_box",
            "The box has no building card {lot}: lots are numbered 1 to 85.",
            pointer("state", "board", lot),
            lot=lot,
        )
        for lot in sorted(where)
        if lot not in LOT_SET
    ]
    for i, p in enumerate(state.players):
        for j, lot in enumerate(p.hand or ()):
            if lot not in LOT_SET:
                out.append(
                    book.violation(
                        "state.not_in_box",
                        "The box has no building card {lot}: lots are numbered 1 to 85.",
                        pointer("state", "players", i, "hand", j),
                        lot=lot,
                    )
                )
            where[lot] += 1
            if where[lot] > 1:
                out.append(
                    book.violation(
                        "state.lot_duplicated",
                        "Building card {lot} is in a hand and also elsewhere.",
                        pointer("state", "players", i, "hand", j),
                        lot=lot,
                    )
                )
    if state.deck is not None:
        deck_counts = Counter(state.deck)
        if (
            any(c > 1 for c in deck_counts.values())
            or set(deck_counts) & set(where)
            or len(deck_counts) + len(where) != len(LOTS)
        ):
            out.append(
                book.violation(
                    "state.deck_mismatch",
                    "The deck does not hold exactly the building cards that are neither claimed nor in a hand.",
                    pointer("state", "deck"),
                )
            )
    expected = kept_so_far(state)
    if len(state.board) != expected:
        out.append(
            book.violation(
                "state.lot_count",
                "{claimed} lots are claimed; the deals so far claim {expected}.",
                pointer("state", "board"),
                claimed=len(state.board),
                expected=expected,
            )
        )
    out += check_hand_sizes(book, state)
    return out


def check_hand_sizes(book: RuleBook, state: State) -> list[Violation]:
    out = []
    n = len(state.players)
    for i, p in enumerate(state.players):
        if p.hand is None:
            continue
        if revealing_deal(state, p.id):
            if len(p.hand) >= cards_dealt(n, state.round):
                out.append(
                    book.violation(
                        "state.hand_size",
                        "{player} holds {held} building cards; a deal still being revealed holds fewer than {size}.",
                        pointer("state", "players", i, "hand"),
                        player=p.id,
                        held=len(p.hand),
                        size=cards_dealt(n, state.round),
                    )
                )
            continue
        size = expected_hand(state, p.id, n)
        if len(p.hand) != size:
            out.append(
                book.violation(
                    "state.hand_size",
                    "{player} holds {held} building cards; {size} fit the {phase} phase.",
                    pointer("state", "players", i, "hand"),
                    player=p.id,
                    held=len(p.hand),
                    size=size,
                    phase=state.phase,
                )
            )
    return out


def revealing_deal(state: State, pid: str) -> bool:
    """Whether ``pid``'s deal is being revealed at the table, a card at a time."""
    return state.phase == "deal" and state.deck is None and pid == next_undone(state)


def expected_hand(state: State, pid: str, n: int) -> int:
    if state.phase == "deal":
        return cards_dealt(n, state.round) if pid in state.done else 0
    if state.phase == "keep":
        return cards_kept(n, state.round) if pid in state.done else cards_dealt(n, state.round)
    return 0


def check_tiles(book: RuleBook, state: State) -> list[Violation]:
    out = []
    held: Counter[str] = Counter()
    for i, p in enumerate(state.players):
        for shop, count in p.tiles:
            held[shop] += count
            if shop not in TILE_COUNTS:
                out.append(
                    book.violation(
                        "state.not_in_box",
                        "The box has no {shop} tiles.",
                        pointer("state", "players", i, "tiles", shop),
                        shop=shop,
                    )
                )
    for lot, cell in state.board.items():
        if cell.shop is not None:
            held[cell.shop] += 1
            if cell.shop not in TILE_COUNTS:
                out.append(
                    book.violation(
                        "state.not_in_box",
                        "The box has no {shop} tiles.",
                        pointer("state", "board", lot, "shop"),
                        shop=cell.shop,
                    )
                )
    in_play = sum(held.values())
    bag = Counter(state.bag or ())
    for shop, total in TILE_COUNTS.items():
        count = held[shop] + bag[shop]
        if count > total or (state.bag is not None and count != total):
            out.append(
                book.violation(
                    "state.tile_count",
                    "{count} {shop} tiles are accounted for; the game has {total}.",
                    pointer("state", "bag" if state.bag is not None else "players"),
                    count=count,
                    shop=shop,
                    total=total,
                )
            )
    expected = drawn_so_far(state)
    if state.phase == "draw" and state.bag is None:  # the next player's draw may be partly revealed
        most = expected + tiles_drawn(len(state.players), state.round) - 1
        if not expected <= in_play <= most:
            out.append(
                book.violation(
                    "state.drawn_count",
                    "{count} tiles are placed or held; the draws so far give {expected} to {most}.",
                    pointer("state", "players"),
                    count=in_play,
                    expected=expected,
                    most=most,
                )
            )
    elif in_play != expected:
        out.append(
            book.violation(
                "state.drawn_count",
                "{count} tiles are placed or held; the draws so far give {expected}.",
                pointer("state", "players"),
                count=in_play,
                expected=expected,
            )
        )
    return out


def check_phase(book: RuleBook, state: State) -> list[Violation]:
    out = []
    if state.phase == "end" and state.round != ROUNDS:
        out.append(book.violation("state.phase", "The game ends only after the sixth year.", pointer("state", "phase")))
    if state.phase == "deal" and state.deck is not None:
        out.append(
            book.violation(
                "state.phase",
                "With the deck known the engine deals at once: the deal phase never waits.",
                pointer("state", "phase"),
            )
        )
    if state.phase == "draw" and state.bag is not None:
        out.append(
            book.violation(
                "state.phase",
                "With the bag known the engine draws at once: the draw phase never waits.",
                pointer("state", "phase"),
            )
        )
    if state.pending != expected_pending(state):
        out.append(
            book.violation(
                "state.pending", "The pending reveal is not the table's next deal or draw.", pointer("state", "pending")
            )
        )
    return out


def kept_so_far(state: State) -> int:
    """Lots claimed by all players through the deals that are finished."""
    n = len(state.players)
    last = state.round - 1 if state.phase in ("deal", "keep") else state.round
    return n * sum(cards_kept(n, r) for r in range(1, last + 1))
