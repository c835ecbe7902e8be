"""Shared helpers for the Chinatown tests: building boards, states and random playouts."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from service.engine.chinatown import GAME
from service.engine.chinatown.data import LOTS, SHOP_TYPES, START_MONEY, TILE_COUNTS
from service.engine.chinatown.hidden import bag_contents, deck_contents
from service.engine.chinatown.state import Board, Lot, Partial, Reveal, State, Trade, Transfer


def board(layout: dict[int, tuple[str, str | None]]) -> Board:
    return Board.of({lot: Lot(owner, shop) for lot, (owner, shop) in layout.items()})


def partial(layout: dict[int, tuple[str, str | None]]) -> Partial:
    return Partial(board(layout))


def conservation(state: State, incomes: int, n: int) -> None:
    """Lots, tiles and money add up after any move."""
    owned = [lot for lot, _ in state.board.items()]
    hands = [lot for p in state.players for lot in (p.hand or ())]
    assert len(set(owned) | set(hands)) == len(owned) + len(hands)
    if state.deck is not None:
        assert sorted(owned + hands + list(state.deck)) == list(LOTS)
    placed = Counter(cell.shop for _, cell in state.board.items() if cell.shop)
    held = Counter()
    for p in state.players:
        held.update(dict(p.tiles))
    bag = Counter(state.bag or ())
    for shop in SHOP_TYPES:
        total = placed[shop] + held[shop] + bag[shop]
        if state.bag is not None:
            assert total == TILE_COUNTS[shop]
        else:
            assert total <= TILE_COUNTS[shop]
    assert sum(p.money for p in state.players) == n * START_MONEY + incomes
    assert all(p.money >= 0 for p in state.players)


def random_reveal(state: State, rng: random.Random) -> Reveal:
    pending = state.pending
    if pending.kind == "deal":
        lots = rng.sample(sorted(deck_contents(state)), pending.count)
        return Reveal(pending.player, lots=tuple(lots))
    bag = [shop for shop, n in sorted(bag_contents(state).items()) for _ in range(n)]
    return Reveal(pending.player, tiles=tuple(rng.sample(bag, pending.count)))


def random_trade(state: State, rng: random.Random) -> Trade | None:
    """A random deal that every party can honour (two or three parties), in half of them with what the
    first receiver gets passed on to another player in the same deal."""
    ids = list(state.ids)
    parties = rng.sample(ids, rng.choice([2, 2, 3]))
    transfers = []
    for i, giver in enumerate(parties):
        receiver = parties[(i + 1) % len(parties)]
        p = state.player(giver)
        lots = [lot for lot, cell in state.board.items() if cell.owner == giver]
        give_lots = tuple(rng.sample(sorted(lots), min(len(lots), rng.choice([0, 1, 2]))))
        tiles = [shop for shop, n in p.tiles for _ in range(n)]
        give_tiles = tuple(rng.sample(tiles, min(len(tiles), rng.choice([0, 1]))))
        money = rng.choice([0, 10000, 20000]) if p.money >= 20000 else 0
        if give_lots or give_tiles or money:
            transfers.append(Transfer(giver, receiver, give_lots, give_tiles, money))
    if not transfers:
        return None
    first = transfers[0]
    onward = [pid for pid in ids if pid not in (first.giver, first.receiver)]
    if (first.lots or first.tiles) and rng.random() < 0.5:  # the receiver passes what it gets on
        transfers.append(Transfer(first.receiver, rng.choice(onward), first.lots, first.tiles))
    return Trade(first.giver, tuple(transfers))


def unlisted_moves(state: State, rng: random.Random, listed) -> list:
    """A few moves of the players to move near the listed ones that are not listed (wrong phase, lot,
    tile, count...): a refusal then tests a rule, not only whose turn it is."""
    from service.engine.chinatown.state import EndTrading, EndTurn, Keep, Place

    listed = set(listed)
    out = []
    for pid in movers(state):
        out += [EndTurn(pid), EndTrading(pid)]
        out.append(Place(pid, rng.choice(LOTS), rng.choice(SHOP_TYPES)))
        hand = state.player(pid).hand or ()
        if len(hand) >= 2:
            out.append(Keep(pid, tuple(sorted(rng.sample(sorted(hand), 2)))))
        out.append(Keep(pid, (rng.choice(LOTS),)))
    if state.pending is not None:
        out.append(Reveal(state.pending.player, lots=(rng.choice(LOTS),)))
        out.append(Reveal(state.pending.player, tiles=(rng.choice(SHOP_TYPES),) * (state.pending.count + 1)))
    return [m for m in out if m not in listed]


def movers(state: State) -> list[str]:
    """Whom the game awaits: the revealer, the player placing, or everyone still to keep or to trade."""
    from service.engine.chinatown.state import next_undone

    if state.pending is not None:
        return [state.pending.player]
    if state.phase == "place":
        return [next_undone(state)]
    return [pid for pid in state.ids if pid not in state.done]


def play_game(players, seed: int, options=None, check_every=True, trade_rate=0.15):
    """Play one complete game choosing among the legal moves at random; returns the end state and the
    incomes paid. Checks conservation, that listed moves are accepted and unlisted ones refused."""
    rng = random.Random(seed)
    state = GAME.setup(players, seed, options or {})
    incomes = 0
    n = len(players)
    steps = 0
    while state.phase != "end":
        steps += 1
        assert steps < 5000
        listed = GAME.legal_moves(state)
        if state.pending is not None and not listed:
            move = random_reveal(state, rng)
        elif state.phase == "trade" and rng.random() < trade_rate:
            move = random_trade(state, rng) or rng.choice(listed)
        else:
            assert listed, (state.phase, state.round)
            move = rng.choice(listed)
        if check_every and listed:
            for other in rng.sample(listed, min(2, len(listed))):
                assert GAME.apply(state, other).legal, other
            unlisted = unlisted_moves(state, rng, listed)
            for other in rng.sample(unlisted, min(3, len(unlisted))):
                if not isinstance(other, Trade):
                    assert not GAME.apply(state, other).legal, other
        outcome = GAME.apply(state, move)
        assert outcome.legal, (move, outcome.violations)
        for event in outcome.events:
            if event.kind == "income_scored":
                incomes += sum(event.data["awarded"].values())
        state = outcome.state
        conservation(state, incomes, n)
        assert GAME.validate(state) == [], GAME.validate(state)
    return state, incomes


# ---- hand-built consistent states --------------------------------------------------------------

FILLER_TYPES = tuple(reversed(SHOP_TYPES))


def make_state(
    phase: str = "place",
    round_no: int = 1,
    players=("anna", "bob", "chang"),
    board_layout=None,
    tiles=None,
    money=None,
    done=(),
    hands=None,
    first_player=None,
    options=None,
    pending=None,
):
    """A table-mode state (deck and bag unknown) that passes validation: claimed lots and tiles in
    play are topped up with filler (empty lots round robin; filler tile types into supplies)."""
    from service.engine.chinatown.hidden import drawn_so_far, expected_pending
    from service.engine.chinatown.options import Options
    from service.engine.chinatown.state import Player, tiles_tuple
    from service.engine.chinatown.validate import kept_so_far

    board_layout = dict(board_layout or {})
    tiles = {pid: dict((tiles or {}).get(pid, {})) for pid in players}
    hands = hands or {}
    base = State(
        options=Options(**(options or {"rotate_first_player": False, "chance": "table"})),
        players=tuple(
            Player(pid, (money or {}).get(pid, START_MONEY), tuple(hands.get(pid, ())), ()) for pid in players
        ),
        round=round_no,
        phase=phase,
        first_player=first_player or players[0],
        done=tuple(done),
        board=board({}),
        deck=None,
        bag=None,
        shuffle_seed=None,
    )
    want_lots = kept_so_far(base)
    free = [lot for lot in reversed(LOTS) if lot not in board_layout and all(lot not in h for h in hands.values())]
    i = 0
    while len(board_layout) < want_lots:
        board_layout[free.pop(0)] = (players[i % len(players)], None)
        i += 1
    in_play = sum(1 for _, shop in board_layout.values() if shop) + sum(sum(t.values()) for t in tiles.values())
    want_tiles = drawn_so_far(base)
    used = Counter(shop for _, shop in board_layout.values() if shop)
    for t in tiles.values():
        used.update(t)
    i = 0
    while in_play < want_tiles:
        shop = next(s for s in FILLER_TYPES if used[s] < TILE_COUNTS[s])
        pid = players[i % len(players)]
        tiles[pid][shop] = tiles[pid].get(shop, 0) + 1
        used[shop] += 1
        in_play += 1
        i += 1
    state = replace(
        base,
        board=board(board_layout),
        players=tuple(replace(p, tiles=tiles_tuple(tiles[p.id])) for p in base.players),
    )
    state = replace(state, pending=pending if pending is not None else expected_pending(state))
    problems = GAME.validate(state)
    assert problems == [], problems
    return state


def codes(outcome_or_list) -> list[str]:
    items = outcome_or_list.violations if hasattr(outcome_or_list, "violations") else outcome_or_list
    return [v.code for v in items]


# ---- positions reached by legal moves at a real table ------------------------------------------

TABLE_PLAYERS = ("anna", "bob", "chang")
TABLE_DEALS = {"anna": tuple(range(1, 8)), "bob": tuple(range(16, 23)), "chang": tuple(range(28, 35))}
TABLE_DRAWS = {
    "anna": ("photo", "photo", "photo", "seafood", "tea_house", "jewelry", "florist"),
    "bob": ("dim_sum", "dim_sum", "laundry", "take_out", "antiques", "factory", "restaurant"),
    "chang": ("seafood", "tea_house", "jewelry", "florist", "tropical_fish", "dim_sum", "laundry"),
}


def play(state: State, *moves) -> State:
    """The state after ``moves``, each of which must be legal."""
    for move in moves:
        out = GAME.apply(state, move)
        assert out.legal, (move, out.violations)
        state = out.state
    return state


def reached_trade_state() -> State:
    """1965's trading at a real table, reached by legal moves: the deals and draws above are revealed and
    each player keeps the first five cards dealt."""
    from service.engine.chinatown.state import Keep

    state = GAME.setup(list(TABLE_PLAYERS), 0, {"chance": "table"})
    state = play(state, *(Reveal(pid, lots=TABLE_DEALS[pid]) for pid in TABLE_PLAYERS))
    state = play(state, *(Keep(pid, TABLE_DEALS[pid][:5]) for pid in TABLE_PLAYERS))
    state = play(state, *(Reveal(pid, tiles=TABLE_DRAWS[pid]) for pid in TABLE_PLAYERS))
    assert state.phase == "trade"
    return state
