"""State consistency: can the rules reach this state? (conservation of lots, tiles and money; phase
and turn sanity). Every problem becomes a violation pointing under ``/state``."""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from ..core import Violation
from ..kit import RuleBook, pointer
from .book import EditionBook
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
from .hidden import drawn_so_far, expected_pending, tiles_in_play
from .state import State, next_undone, seat_order

LOT_SET = frozenset(LOTS)


def state_violations(book: EditionBook, state: State) -> list[Violation]:
    """Every inconsistency of the state (the engine keeps the answer per state in its StateMemo). A state
    ``plainly_consistent`` finds sound has none; any other is checked rule by rule."""
    if plainly_consistent(book, state):
        return []
    return checked_violations(book, state)


def checked_violations(book: EditionBook, state: State) -> list[Violation]:
    """Every inconsistency of the state, rule by rule."""
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


OWNER = attrgetter("owner")
SHOP = attrgetter("shop")


def plainly_consistent(book: EditionBook, state: State) -> bool:
    """Whether the checks below all pass, decided in one pass over the players, with the board's lots,
    owners and shops counted in C: True only when ``checked_violations`` would find nothing (each condition
    here is one of theirs), so a sound state costs no check function's own pass and no Violation. Any
    doubt is False, and the checks themselves then say what is wrong."""
    players = state.players
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:  # check_players
        return False
    ids = {p.id for p in players}
    if len(ids) != n or state.first_player not in ids:
        return False
    cells = state.board.as_dict()
    taken = set(cells)  # the cards out of the deck: claimed or in a hand (hand_card_violations, deck_violations)
    cards = len(taken)
    held: dict[str, int] = {}  # tiles held or placed, by type (tiles_out_of_bag)
    in_supplies = 0
    for p in players:
        money, hand = p.money, p.hand
        if money is None or money < 0 or money % MONEY_UNIT or hand is None:  # check_money_and_hands
            return False
        taken.update(hand)
        cards += len(hand)
        for shop, count in p.tiles:
            held[shop] = held.get(shop, 0) + count
            in_supplies += count
    if len(taken) != cards or not LOT_SET.issuperset(taken):  # claimed_lot_ and hand_card_violations
        return False
    done = state.done
    if len(set(done)) != len(done) or not ids.issuperset(done) or done_order_violations(book, state):  # check_done
        return False
    if not ids.issuperset(map(OWNER, cells.values())) or len(cells) != kept_so_far(state):  # check_owners, lot_count
        return False
    if state.deck is not None:  # deck_violations
        deck = set(state.deck)
        if len(deck) != len(state.deck) or not deck.isdisjoint(taken) or len(deck) + len(taken) != len(LOTS):
            return False
    if check_hand_sizes(book, state):
        return False
    on_board = Counter(map(SHOP, cells.values()))
    built = len(cells) - on_board.pop(None, 0)
    for shop, count in on_board.items():
        held[shop] = held.get(shop, 0) + count
    if not TILE_COUNTS.keys() >= held.keys():  # tiles_outside_box
        return False
    bag = None if state.bag is None else Counter(state.bag)
    for shop, total in TILE_COUNTS.items():  # tile_count_violations
        count = held.get(shop, 0) + (0 if bag is None else bag[shop])
        if count > total or (bag is not None and count != total):
            return False
    in_play, expected = built + in_supplies, drawn_so_far(state)  # drawn_count_violations
    if state.phase == "draw" and state.bag is None:
        if not expected <= in_play <= expected + tiles_drawn(n, state.round) - 1:
            return False
    elif in_play != expected:
        return False
    return not check_phase(book, state)


def check_players(book: EditionBook, state: State) -> list[Violation]:
    out = []
    n = len(state.players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        out.append(
            book.violation(
                "state.player_count",
                book.edition.texts["state.player_count"],
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
    out = done_id_violations(book, state)
    if out:
        return out
    return done_order_violations(book, state)


def done_id_violations(book: RuleBook, state: State) -> list[Violation]:
    """Who is listed as done must be in the game, and listed once."""
    ids = set(state.ids)
    out = [
        book.violation(
            "state.unknown_player",
            "{player!r} is listed as done but is not in the game.",
            pointer("state", "done", i),
            player=pid,
        )
        for i, pid in enumerate(state.done)
        if pid not in ids
    ]
    if len(set(state.done)) != len(state.done):
        out.append(
            book.violation("state.duplicate_player", "A player is listed as done twice.", pointer("state", "done"))
        )
    return out


def done_order_violations(book: RuleBook, state: State) -> list[Violation]:
    """Players finish the deal, the draw and placing in turn order; not everyone has finished a phase the
    game would have left, and nobody acts after the end."""
    out = []
    if state.phase in ("deal", "draw", "place") and tuple(state.done) != seat_order(state)[: len(state.done)]:
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
    out = claimed_lot_violations(book, state)
    out += hand_card_violations(book, state)
    out += deck_violations(book, state)
    out += lot_count_violations(book, state)
    out += check_hand_sizes(book, state)
    return out


def claimed_lot_violations(book: RuleBook, state: State) -> list[Violation]:
    """Every claimed lot is one of the box's building cards."""
    return [
        book.violation(
            "state.not_in_box",
            "The box has no building card {lot}: lots are numbered 1 to 85.",
            pointer("state", "board", lot),
            lot=lot,
        )
        for lot in sorted(lot for lot, _ in state.board.items())
        if lot not in LOT_SET
    ]


def hand_card_violations(book: RuleBook, state: State) -> list[Violation]:
    """Every card in a hand is one of the box's, and neither claimed nor in a hand already listed."""
    out = []
    seen: Counter[int] = Counter(lot for lot, _ in state.board.items())
    for i, p in enumerate(state.players):
        for j, lot in enumerate(p.hand or ()):
            at = pointer("state", "players", i, "hand", j)
            if lot not in LOT_SET:
                out.append(
                    book.violation(
                        "state.not_in_box",
                        "The box has no building card {lot}: lots are numbered 1 to 85.",
                        at,
                        lot=lot,
                    )
                )
            seen[lot] += 1
            if seen[lot] > 1:
                out.append(
                    book.violation(
                        "state.lot_duplicated", "Building card {lot} is in a hand and also elsewhere.", at, lot=lot
                    )
                )
    return out


def deck_violations(book: RuleBook, state: State) -> list[Violation]:
    """A known deck holds each card neither claimed nor in a hand, once."""
    if state.deck is None:
        return []
    out_of_deck = {lot for lot, _ in state.board.items()} | {lot for p in state.players for lot in p.hand or ()}
    deck_counts = Counter(state.deck)
    if (
        any(c > 1 for c in deck_counts.values())
        or set(deck_counts) & out_of_deck
        or len(deck_counts) + len(out_of_deck) != len(LOTS)
    ):
        return [
            book.violation(
                "state.deck_mismatch",
                "The deck does not hold exactly the building cards that are neither claimed nor in a hand.",
                pointer("state", "deck"),
            )
        ]
    return []


def lot_count_violations(book: RuleBook, state: State) -> list[Violation]:
    """The lots claimed are those the finished deals kept."""
    expected = kept_so_far(state)
    if len(state.board) == expected:
        return []
    return [
        book.violation(
            "state.lot_count",
            "{claimed} lots are claimed; the deals so far claim {expected}.",
            pointer("state", "board"),
            claimed=len(state.board),
            expected=expected,
        )
    ]


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
    out = tiles_outside_box(book, state)
    out += tile_count_violations(book, state)
    out += drawn_count_violations(book, state)
    return out


def tiles_outside_box(book: RuleBook, state: State) -> list[Violation]:
    """Every tile held or placed is of one of the box's shop types."""
    out = [
        book.violation(
            "state.not_in_box", "The box has no {shop} tiles.", pointer("state", "players", i, "tiles", shop), shop=shop
        )
        for i, p in enumerate(state.players)
        for shop, _ in p.tiles
        if shop not in TILE_COUNTS
    ]
    out += [
        book.violation(
            "state.not_in_box", "The box has no {shop} tiles.", pointer("state", "board", lot, "shop"), shop=cell.shop
        )
        for lot, cell in state.board.items()
        if cell.shop is not None and cell.shop not in TILE_COUNTS
    ]
    return out


def tiles_out_of_bag(state: State) -> Counter[str]:
    """Each shop type's tiles held or placed."""
    counts: Counter[str] = Counter()
    for p in state.players:
        for shop, count in p.tiles:
            counts[shop] += count
    counts.update(cell.shop for _, cell in state.board.items() if cell.shop is not None)
    return counts


def tile_count_violations(book: RuleBook, state: State) -> list[Violation]:
    """No shop type has more tiles than the box, and with the bag known exactly as many."""
    held = tiles_out_of_bag(state)
    bag = Counter(state.bag or ())
    out = []
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
    return out


def drawn_count_violations(book: RuleBook, state: State) -> list[Violation]:
    """The tiles held or placed are those the draws so far gave (a draw being revealed may be part way)."""
    in_play = tiles_in_play(state)
    expected = drawn_so_far(state)
    if state.phase == "draw" and state.bag is None:  # the next player's draw may be partly revealed
        most = expected + tiles_drawn(len(state.players), state.round) - 1
        if expected <= in_play <= most:
            return []
        return [
            book.violation(
                "state.drawn_count",
                "{count} tiles are placed or held; the draws so far give {expected} to {most}.",
                pointer("state", "players"),
                count=in_play,
                expected=expected,
                most=most,
            )
        ]
    if in_play == expected:
        return []
    return [
        book.violation(
            "state.drawn_count",
            "{count} tiles are placed or held; the draws so far give {expected}.",
            pointer("state", "players"),
            count=in_play,
            expected=expected,
        )
    ]


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
