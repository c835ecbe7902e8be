"""State consistency: can the rules reach this state? (conservation of lots, tiles and money; phase
and turn sanity). Every problem becomes a violation pointing under ``/state``."""
from __future__ import annotations

from collections import Counter

from ..core import Violation
from .codes import violation
from .data import LOTS, MAX_PLAYERS, MIN_PLAYERS, MONEY_UNIT, ROUNDS, TILE_COUNTS, cards_dealt, cards_kept, dollars
from .flow import drawn_so_far, expected_pending, kept_so_far, seat_order
from .state import State


_LAST: tuple = (None, ())  # (state, violations) of the last call: states are immutable, so identity is enough


def validate(state: State) -> list[Violation]:
    """Every inconsistency of the state (remembered for the last state asked about)."""
    global _LAST
    last_state, last_value = _LAST
    if last_state is state:
        return list(last_value)
    value = compute_violations(state)
    _LAST = (state, tuple(value))
    return value


def compute_violations(state: State) -> list[Violation]:
    out: list[Violation] = []
    out += check_players(state)
    if out:  # the remaining checks need a sane player list
        return out
    out += check_money_and_hands(state)
    out += check_owners(state)
    out += check_done(state)
    out += check_lots(state)
    out += check_tiles(state)
    out += check_phase(state)
    return out


def check_players(state: State) -> list[Violation]:
    out = []
    n = len(state.players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        out.append(violation("chinatown.state.player_count", f"The state has {n} players; Chinatown takes 3 to 5.", "/state/players"))
    seen: set[str] = set()
    for i, p in enumerate(state.players):
        if p.id in seen:
            out.append(violation("chinatown.state.duplicate_player", f"Player id {p.id!r} appears twice.", f"/state/players/{i}/id"))
        seen.add(p.id)
    if state.first_player not in seen:
        out.append(violation("chinatown.state.unknown_player", "The first player is not in the game.", "/state/first_player"))
    return out


def check_money_and_hands(state: State) -> list[Violation]:
    out = []
    for i, p in enumerate(state.players):
        if p.money is None:
            out.append(violation("chinatown.state.hidden", f"{p.id}'s money is hidden.", f"/state/players/{i}/money"))
        elif p.money < 0 or p.money % MONEY_UNIT:
            out.append(violation("chinatown.state.money", f"{p.id}'s money {dollars(p.money)} is not a non-negative multiple of {dollars(MONEY_UNIT)}.", f"/state/players/{i}/money"))
        if p.hand is None:
            out.append(violation("chinatown.state.hidden", f"{p.id}'s hand is hidden.", f"/state/players/{i}/hand"))
    return out


def check_owners(state: State) -> list[Violation]:
    ids = set(state.ids)
    return [
        violation("chinatown.state.unknown_player", f"Lot {lot} is owned by {cell.owner!r}, who is not in the game.", f"/state/board/{lot}/owner")
        for lot, cell in sorted(state.board.items())
        if cell.owner not in ids
    ]


def check_done(state: State) -> list[Violation]:
    out = []
    ids = set(state.ids)
    for i, pid in enumerate(state.done):
        if pid not in ids:
            out.append(violation("chinatown.state.unknown_player", f"{pid!r} is listed as done but is not in the game.", f"/state/done/{i}"))
    if len(set(state.done)) != len(state.done):
        out.append(violation("chinatown.state.duplicate_player", "A player is listed as done twice.", "/state/done"))
    if out:
        return out
    if state.phase in ("deal", "draw", "place"):
        order = seat_order(state)
        if tuple(state.done) != order[: len(state.done)]:
            out.append(violation("chinatown.state.turn_order", f"In the {state.phase} phase players finish in turn order from the first player.", "/state/done"))
    if state.phase == "end" and state.done:
        out.append(violation("chinatown.state.phase", "Nobody acts after the end of the game.", "/state/done"))
    elif state.phase != "end" and len(set(state.done)) == len(state.players):
        out.append(violation("chinatown.state.phase", f"Everyone has finished the {state.phase} phase, so the game would have moved on.", "/state/done"))
    return out


def check_lots(state: State) -> list[Violation]:
    out = []
    where: Counter[int] = Counter(lot for lot, _ in state.board.items())
    for i, p in enumerate(state.players):
        for j, lot in enumerate(p.hand or ()):
            where[lot] += 1
            if where[lot] > 1:
                out.append(violation("chinatown.state.lot_duplicated", f"Building card {lot} is in a hand and also elsewhere.", f"/state/players/{i}/hand/{j}"))
    if state.deck is not None:
        deck_counts = Counter(state.deck)
        if any(c > 1 for c in deck_counts.values()) or set(deck_counts) & set(where) or len(deck_counts) + len(where) != len(LOTS):
            out.append(violation("chinatown.state.deck_mismatch", "The deck does not hold exactly the building cards that are neither claimed nor in a hand.", "/state/deck"))
    expected = kept_so_far(state)
    if len(state.board) != expected:
        out.append(violation("chinatown.state.lot_count", f"{len(state.board)} lots are claimed; the deals so far claim {expected}.", "/state/board"))
    out += check_hand_sizes(state)
    return out


def check_hand_sizes(state: State) -> list[Violation]:
    out = []
    n = len(state.players)
    for i, p in enumerate(state.players):
        if p.hand is None:
            continue
        size = expected_hand(state, p.id, n)
        if len(p.hand) != size:
            out.append(violation("chinatown.state.hand_size", f"{p.id} holds {len(p.hand)} building cards; {size} fit the {state.phase} phase.", f"/state/players/{i}/hand"))
    return out


def expected_hand(state: State, pid: str, n: int) -> int:
    if state.phase == "deal":
        return cards_dealt(n, state.round) if pid in state.done else 0
    if state.phase == "keep":
        return cards_kept(n, state.round) if pid in state.done else cards_dealt(n, state.round)
    return 0


def check_tiles(state: State) -> list[Violation]:
    out = []
    held: Counter[str] = Counter()
    for p in state.players:
        for shop, count in p.tiles:
            held[shop] += count
    for lot, cell in state.board.items():
        if cell.shop is not None:
            held[cell.shop] += 1
    in_play = sum(held.values())
    bag = Counter(state.bag or ())
    for shop, total in TILE_COUNTS.items():
        count = held[shop] + bag[shop]
        if count > total or (state.bag is not None and count != total):
            out.append(violation("chinatown.state.tile_count", f"{count} {shop} tiles are accounted for; the game has {total}.", "/state/bag" if state.bag is not None else "/state/players"))
    expected = drawn_so_far(state)
    if in_play != expected:
        out.append(violation("chinatown.state.drawn_count", f"{in_play} tiles are placed or held; the draws so far give {expected}.", "/state/players"))
    return out


def check_phase(state: State) -> list[Violation]:
    out = []
    if state.phase == "end" and state.round != ROUNDS:
        out.append(violation("chinatown.state.phase", "The game ends only after the sixth year.", "/state/phase"))
    if state.phase == "deal" and state.deck is not None:
        out.append(violation("chinatown.state.phase", "With the deck known the engine deals at once: the deal phase never waits.", "/state/phase"))
    if state.phase == "draw" and state.bag is not None:
        out.append(violation("chinatown.state.phase", "With the bag known the engine draws at once: the draw phase never waits.", "/state/phase"))
    if state.pending != expected_pending(state):
        out.append(violation("chinatown.state.pending", "The pending reveal is not the table's next deal or draw.", "/state/pending"))
    return out
