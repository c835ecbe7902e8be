"""Shared helpers for the Skyline 3000 tests: states, cities, a counting memo and random playouts."""

from __future__ import annotations

import random
from collections import Counter

from service.engine.kit import replace
from service.engine.skyline3000 import GAME, data
from service.engine.skyline3000.state import Block, Building, FactoryBuilding, Move, ScoreInput, default_options

PLAYERS3 = ("anna", "bob", "cleo")


def city(spec: dict, options=None) -> ScoreInput:
    """``{"yellow-1": {"buildings": [("purple", 3, "arched")], "greens": 1, "billboards": ["green"], "large": ...}}``"""
    blocks = []
    for block_id in data.BLOCK_IDS:
        if block_id in spec:
            s = spec[block_id]
            blocks.append(
                (
                    block_id,
                    Block(
                        buildings=tuple(Building(o, f, r) for o, f, r in s.get("buildings", ())),
                        greens=s.get("greens", 0),
                        billboards=tuple(s.get("billboards", ())),
                        large=s.get("large"),
                    ),
                )
            )
    return ScoreInput(options=options or default_options(), blocks=tuple(blocks))


def start(players=PLAYERS3, seed=1, **options):
    """A setup state with the Key (and the turn) on the first player."""
    state = GAME.setup(list(players), seed, default_options(**options) if options else None)
    return replace(state, key=players[0], turn=players[0])


def in_round(state, r):
    """The construction phase of round r, every earlier auction's tile gone unsold (removed from the game)."""
    house = tuple(stack[r - 1 :] for stack in data.AUCTION_HOUSE)
    sold = tuple(t for stack in data.AUCTION_HOUSE for t in stack[: r - 1])
    return replace(state, round=r, auction_house=house, removed_developments=state.removed_developments + sold)


def with_player(state, pid, **changes):
    p = state.player(pid)
    if "hand" in changes and changes["hand"] is not None and "hand_size" not in changes:
        changes["hand_size"] = len(changes["hand"])
    return state.with_player(replace(p, **changes))


def give_hand(state, pid, cards, exact=False):
    """Move the named cards into pid's hand (from wherever they are), keeping every card in one place;
    ``exact``: the hand holds only these cards (the others go back to their draw piles)."""
    cards = tuple(cards)
    players = []
    for p in state.players:
        hand = tuple(c for c in p.hand if c not in cards)
        if p.id == pid:
            hand = cards if exact else hand + cards
        players.append(replace(p, hand=hand, hand_size=len(hand)))
    # any card taken away from other hands goes back into its draw pile; cards taken from piles leave them
    state = replace(state, players=tuple(players))
    in_hands = {c for p in state.players for c in p.hand}
    piles = []
    for deck, pile in state.piles:
        draw = tuple(c for c in pile.draw if c not in in_hands)
        discard = tuple(c for c in pile.discard if c not in in_hands)
        piles.append((deck, replace(pile, draw=draw, draw_size=len(draw), discard=discard)))
    state = replace(state, piles=tuple(piles))
    known = in_hands | {c for _, p in state.piles for c in p.draw + p.discard}
    for c in state.options.cards:
        if c.id not in known:
            pile = state.pile(c.deck)
            state = state.with_pile(c.deck, replace(pile, draw=pile.draw + (c.id,), draw_size=pile.draw_size + 1))
    return state


def build(state, pid, floors, roof=None):
    """A building in pid's factory, its floors from the supply and its roof from pid's stock."""
    p = state.player(pid)
    changes = {"factory": p.factory + (FactoryBuilding(floors, roof),)}
    if roof is not None:
        changes[roof] = p.roofs_left(roof) - 1
    return replace(state.with_player(replace(p, **changes)), floors=state.floors - floors)


def drain_supply(state, left, pid="cleo"):
    """Leave exactly ``left`` floors in the supply: the rest go into one unfinished building of pid's."""
    return build(state, pid, state.floors - left)


def _take_greens(state, n):
    """Take n greens out of the auction house (stack 1, then stack 2) so that the tiles still add up."""
    house = [list(s) for s in state.auction_house]
    for stack in (0, 1):
        while n > 0 and house[stack]:
            house[stack].pop(0)
            n -= 1
    assert n == 0, "not enough greens in the auction house"
    return replace(state, auction_house=tuple(tuple(s) for s in house))


def put(state, block_id, buildings=(), greens=None, billboards=None, large=None):
    """Put pieces on a block, taking floors from the supply, roofs from the owners' stock, greens and the
    large tile from the auction house: every piece still adds up."""
    old = state.block(block_id)
    if greens is not None and greens > old.greens:
        state = _take_greens(state, greens - old.greens)
    if large is not None and old.large is None:
        house = [list(s) for s in state.auction_house]
        house[2].remove(large)
        state = replace(state, auction_house=tuple(tuple(s) for s in house))
    blds = tuple(Building(o, f, r) for o, f, r in buildings)
    state = replace(state, floors=state.floors - sum(b.floors for b in blds))
    for b in blds:
        p = state.player(b.owner)
        state = state.with_player(replace(p, **{b.roof: p.roofs_left(b.roof) - 1}))
    bbs = tuple(billboards or ())
    for o in bbs:
        p = state.player(o)
        state = state.with_player(replace(p, billboards=p.billboards - 1))
    return state.with_block(
        block_id,
        replace(
            old,
            buildings=old.buildings + blds,
            greens=old.greens if greens is None else greens,
            billboards=old.billboards + bbs,
            large=old.large if large is None else large,
        ),
    )


def mv(kind, player, **fields):
    if kind in ("contract", "billboard") and "target" not in fields:
        fields["target"] = "empty"
    if "cards" in fields:
        fields["cards"] = tuple(fields["cards"])
    if "piles" in fields:
        fields["piles"] = tuple((p, tuple(c)) for p, c in fields["piles"].items())
    return Move(kind, player, **fields)


def settle(state, piles):
    """Each player lays his own pile (``piles``: player -> cards), in seat order; the last lay's outcome."""
    out = None
    for pid in state.player_ids():
        out = GAME.apply(state, mv("bid", pid, cards=piles.get(pid, ())))
        assert out.legal, (pid, out.violations)
        state = out.state
    return out


def reveal_tops(state, rnd=None):
    """At a real table, reveal every face-up top card the state asks for (the first listed card, or a random
    listed one with ``rnd``)."""
    while state.pending is not None and state.pending.kind == "top":
        listed = GAME.legal_moves(state)
        out = GAME.apply(state, rnd.choice(listed) if rnd else listed[0])
        assert out.legal, out.violations
        state = out.state
    return state


def at_table(state):
    """The same position in the real-table mode (``chance: table``), hands as the players entered them."""
    return replace(state, options=replace(state.options, chance="table"))


def codes(outcome_or_list):
    vs = outcome_or_list.violations if hasattr(outcome_or_list, "violations") else outcome_or_list
    return sorted(v.code.split(".", 1)[1] for v in vs)


# ---- conservation ------------------------------------------------------------------------------
def piece_counts(state):
    floors = (
        state.floors
        + sum(b.floors for _, blk in state.blocks for b in blk.buildings)
        + sum(b.floors for p in state.players for b in p.factory)
    )
    roofs = {}
    billboards = {}
    for p in state.players:
        for shape in data.ROOFS:
            roofs[(p.id, shape)] = (
                p.roofs_left(shape)
                + sum(1 for b in p.factory if b.roof == shape)
                + sum(1 for _, blk in state.blocks for b in blk.buildings if b.owner == p.id and b.roof == shape)
            )
        billboards[p.id] = (
            p.billboards + p.billboards_retired + sum(1 for _, blk in state.blocks for o in blk.billboards if o == p.id)
        )
    cards = Counter()
    for p in state.players:
        cards.update(p.hand or ())
    for _, pile in state.piles:
        cards.update(pile.draw or ())
        cards.update(pile.discard)
        if pile.draw is None and pile.top is not None:
            cards[pile.top] += 1
    tiles = Counter(t for s in state.auction_house for t in s) + Counter(state.removed_developments)
    tiles["green"] += sum(blk.greens for _, blk in state.blocks)
    tiles.update(blk.large for _, blk in state.blocks if blk.large)
    if state.award:
        tiles[state.award.tile] += 1
    return floors, roofs, billboards, cards, tiles


def assert_conserved(state):
    floors, roofs, billboards, cards, tiles = piece_counts(state)
    opts = state.options
    assert floors == data.FLOORS_TOTAL
    assert all(n == opts.roofs_per_shape for n in roofs.values()), roofs
    assert all(n == opts.billboards_per_player for n in billboards.values()), billboards
    hidden = sum(p.draw_size - (p.top is not None) for _, p in state.piles if p.draw is None)
    hidden += sum(p.hand_size for p in state.players if p.hand is None)
    assert set(cards.values()) <= {1} and len(cards) + hidden == len(opts.cards)
    assert dict(tiles) == data.TILE_TOTALS


def play(players, seed, pass_bias=0.2, check=None, table=False):
    """One random game through legal_moves and apply; ``check(state, moves, move)`` runs after each listing.
    ``table``: every draw order is unknown (a real table), so draws become reveals."""
    rnd = random.Random(seed)
    state = GAME.setup(list(players), seed)
    if table:
        state = replace(state, piles=tuple((d, replace(p, draw=None)) for d, p in state.piles), seed=None)
    steps = 0
    while state.phase != "over":
        moves = GAME.legal_moves(state)
        assert moves, (state.phase, state.turn)
        passes = [m for m in moves if m.type == "pass"]
        move = passes[0] if passes and rnd.random() < pass_bias else rnd.choice(moves)
        if check:
            check(state, moves, move, rnd)
        outcome = GAME.apply(state, move)
        assert outcome.legal, (move, outcome.violations)
        state = outcome.state
        steps += 1
        assert steps < 5000
    return state, steps
