"""Random playouts through the engine: 50 complete seeded games for 2 to 6 players.

After every move: tiles and money cards are conserved and the state validates; every move picked from
``legal_moves`` is accepted; a sample of other listed moves is accepted and a sample of unlisted moves of
the player to move is refused, except a sufficient payment that is not minimal (only the minimal ones are
listed), which must be accepted. A few games check every listed move, and some are played at a real table from
setup on (option chance table: the deal and every draw revealed by reveal moves).
"""

import random
from collections import Counter
from dataclasses import replace

import pytest

from service.engine.newyork import GAME
from service.engine.newyork.data import BANKS, money_cards
from service.engine.newyork.hidden import copies
from service.engine.newyork.state import Card, Move

GAMES = 50  # the conformance suite plays every game again with the player to move's unlisted moves
FULL_CHECK_EVERY = 20  # every 20th game checks every listed move at every step
TABLE_EVERY = 10  # every 10th game is played at a real table
MAX_STEPS = 4000


def all_tile_ids(s):
    ids = [t.id for t in s.market if t is not None]
    for p in s.players:
        ids += [c.tile.id for c in p.city] + [t.id for t in p.reserve] + [t.id for t in p.to_place]
    if s.dummy is not None:
        ids += [t.id for t in s.dummy.tiles]
    return ids


def check_conservation(s, digital: bool):
    ids = all_tile_ids(s)
    assert len(ids) == len(set(ids))
    money = Counter()
    for p in s.players:
        money.update(p.money)
    money.update(c for c in s.money_market if c is not None)
    money.update(s.discard)
    full = Counter(Card(b, v) for b, v in money_cards(copies(s)))
    if digital:
        assert sorted(ids + [t.id for t in s.bag]) == list(range(1, 55))
        money.update(e for e in s.money_deck if isinstance(e, Card))
        assert money == full
    else:
        assert not (money - full)


def mover(s, r) -> str:
    """The player to move: the current one (or the one a pending draw awaits), or at the end one of those
    placing awarded tiles."""
    return r.choice(GAME.status(s).to_move)


def random_unlisted(s, r) -> Move:
    """A random move of the player to move, so that a refusal tests a rule, not only the turn order."""
    pid = mover(s, r)
    kind = r.choice(
        [
            "take_money",
            "buy",
            "place",
            "rebuild_place",
            "rebuild_remove",
            "rebuild_swap",
            "reserve",
            "give_dummy",
            "end_turn",
            "reveal",
        ]
    )
    tile = r.randint(1, 54)
    x, y = r.randint(-4, 4), r.randint(-4, 4)
    if kind == "take_money":
        return Move(kind, pid, slots=tuple(r.sample(range(4), r.randint(1, 4))))
    if kind == "buy":
        bank = r.choice(BANKS)
        hand = [c for c in next(p for p in s.players if p.id == pid).money if c.bank == bank]
        if hand and r.random() < 0.6:  # some of the player's own cards: enough, too few, or more than needed
            cards = r.sample(hand, r.randint(1, len(hand)))
        else:
            cards = [Card(r.choice(BANKS), r.randint(1, 9)) for _ in range(r.randint(1, 3))]
        return Move(kind, pid, slot=bank, cards=tuple(cards))
    if kind in ("place", "rebuild_place", "rebuild_swap"):
        return Move(kind, pid, tile=tile, x=x, y=y, rotation=r.choice([0, 0, 0, 90]))
    if kind == "rebuild_remove":
        return Move(kind, pid, x=x, y=y)
    if kind == "reveal":
        return (
            Move(kind, pid, tile=tile)
            if r.random() < 0.5
            else Move(kind, pid, card=Card(r.choice(BANKS), r.randint(1, 9)))
        )
    return Move(kind, pid, tile=tile) if kind != "end_turn" else Move(kind, pid)


def sufficient_payment(s, m: Move, listed) -> bool:
    """An unlisted buy is legal exactly when it is the player's own cards of the slot's bank and holds a
    listed (minimal) payment for that slot: every sufficient payment holds a minimal one."""
    hand = Counter(next(p for p in s.players if p.id == m.player).money)
    paid = Counter(m.cards)
    return (
        all(c.bank == m.slot for c in m.cards)
        and not paid - hand
        and any(not Counter(other.cards) - paid for other in listed if other.type == "buy" and other.slot == m.slot)
    )


WEIGHTS = {"buy": 12, "place": 6, "take_money": 4}  # games end sooner; every type still gets played


def canonical(m: Move) -> Move:
    """Slots and cards are unordered: a move is listed once, in sorted order."""
    if m.type not in ("take_money", "buy"):
        return m
    return replace(m, slots=tuple(sorted(m.slots)), cards=tuple(sorted(m.cards)))


def pick(moves, r):
    types = sorted({m.type for m in moves})
    weights = [WEIGHTS.get(t, 1) for t in types]
    kind = r.choices(types, weights)[0]
    return r.choice([m for m in moves if m.type == kind])


def play(game_no: int) -> tuple[int, str]:
    n = 2 + game_no % 5
    digital = game_no % TABLE_EVERY != 3
    s = GAME.setup([f"p{i}" for i in range(n)], 1000 + game_no, {} if digital else {"chance": "table"})
    full = game_no % FULL_CHECK_EVERY == 0
    r = random.Random(game_no)
    for step in range(MAX_STEPS):
        assert GAME.validate(s) == [], (game_no, step)
        check_conservation(s, digital)
        moves = GAME.legal_moves(s)
        if not moves:
            break
        listed = {canonical(m) for m in moves}
        assert len(listed) == len(moves)
        others = moves if full else r.sample(moves, min(2, len(moves)))
        for m in others:
            assert GAME.apply(s, m).legal, (game_no, step, m)
        for _ in range(2):
            m = random_unlisted(s, r)
            if canonical(m) not in listed:
                expected = m.type == "buy" and sufficient_payment(s, m, listed)
                assert GAME.apply(s, m).legal == expected, (game_no, step, m)
        out = GAME.apply(s, pick(moves, r))
        assert out.legal
        s = out.state
    return step, s.phase


@pytest.mark.parametrize("chunk", range(10))
def test_random_playouts_complete_and_conserve(chunk):
    size = GAMES // 10
    for game_no in range(chunk * size, (chunk + 1) * size):
        steps, phase = play(game_no)
        assert phase == "over", (game_no, steps)
