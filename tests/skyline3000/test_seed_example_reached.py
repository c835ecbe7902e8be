"""The seed's yellow-district example, reached through legal moves from a setup on the default board.

Every move below is one ``legal_moves`` lists and ``apply`` accepts. The one difference from a default game
is the ``cards`` option: the example has 12 buildings in the yellow district, so 12 yellow Contract cards
are played, and the default deck (an assumption: 8 contracts per district) holds only 8, which a real game
reaches only through reshuffles whose order a test cannot choose. So this game's contract deck names the
yellow district on 12 cards (6 red, 12 yellow, 6 blue; values unchanged) and the deal hands them out.
The deal itself is a chosen shuffle: every player gets 2 Roof, 2 Floor and 4 Contract cards as a setup does.

Everything is built in round 1; round 1 auctions a green for block A, a green for block B and the spaceport
for block A; round 2's developments go unsold; round 3 sells the megamarket for block B. Round 3's scoring
then scores the yellow district exactly as the seed does: Purple 5, White 9, Orange 3, Green 7.
"""

from __future__ import annotations

from service.engine.kit import replace
from service.engine.skyline3000 import GAME, data
from service.engine.skyline3000.state import default_options, make_cards

from .helpers import give_hand, mv
from .test_scoring import YELLOW

SEATS = ("purple", "white", "orange", "green")
CONTRACTS = tuple((i % 8 + 1, "red" if i < 6 else "yellow" if i < 18 else "blue") for i in range(24))
DEAL = {  # contract-7 .. contract-18 name the yellow district
    "purple": ["roof-1", "roof-2", "floor-1", "floor-2", "contract-7", "contract-8", "contract-9", "contract-1"],
    "white": ["roof-3", "roof-4", "floor-3", "floor-4", "contract-10", "contract-11", "contract-12", "contract-2"],
    "orange": ["roof-5", "roof-6", "floor-5", "floor-6", "contract-13", "contract-14", "contract-3", "contract-4"],
    "green": ["roof-7", "roof-8", "floor-7", "floor-8", "contract-15", "contract-16", "contract-17", "contract-18"],
}

# Round 1's construction, each player's actions in order (the turn goes round P, W, O, G; a player with no
# action left passes). The order keeps the height rule: in C the three 1-floor buildings come before
# Orange's 2; in B White's 1, Green's 2, the two 3s, then White's 4; in A Purple's 1 first.
ROUND_1 = {
    "purple": [
        ("contract", 1, "arched", "yellow-3"),
        ("floor", "two new"),
        ("roof", 1, "arched"),
        ("contract", 1, "arched", "yellow-1"),
        ("contract", 2, "arched", "yellow-1"),
    ],
    "white": [
        ("contract", 1, "arched", "yellow-3"),
        ("contract", 1, "peaked", "yellow-2"),
        ("floor", "one new"),
        ("floor", "raise"),
        ("roof", 4, "peaked"),
        ("billboard", "yellow-1"),
        ("contract", 4, "peaked", "yellow-2"),
    ],
    "orange": [
        ("floor", "one new"),
        ("floor", "raise and one new"),
        ("roof", 3, "peaked"),
        ("contract", 2, "arched", "yellow-3"),
        ("contract", 3, "peaked", "yellow-2"),
        ("billboard", "yellow-3"),
    ],
    "green": [
        ("contract", 1, "arched", "yellow-3"),
        ("contract", 2, "peaked", "yellow-2"),
        ("floor", "one new"),
        ("floor", "raise and one new"),
        ("roof", 3, "peaked"),
        ("contract", 3, "peaked", "yellow-2"),
        ("contract", 2, "arched", "yellow-1"),
    ],
}


def card_of(state, pid, deck, district=None):
    for c in state.player(pid).hand:
        spec = state.options.card(c)
        if spec.deck == deck and (district is None or spec.district == district):
            return c
    raise AssertionError(f"{pid} holds no {deck} card for {district}")


def resolve(state, pid, action):
    """The Move for a planned action in this state (factory numbers are looked up, not hard-coded)."""
    kind = action[0]
    factory = state.player(pid).factory
    n = len(factory)
    unfinished = [i for i, b in enumerate(factory) if b.roof is None]
    if kind == "floor":
        u = unfinished[0] if unfinished else None
        targets = {"one new": (n, n), "two new": (n, n + 1), "raise": (u, u), "raise and one new": (u, n)}[action[1]]
        return mv("floor", pid, card=card_of(state, pid, "floor"), buildings=targets)
    if kind == "roof":
        _, floors, roof = action
        building = next(i for i in unfinished if factory[i].floors == floors)
        return mv("roof", pid, card=card_of(state, pid, "roof"), building=building, roof=roof)
    if kind == "contract":
        _, floors, roof, block = action
        building = next(i for i, b in enumerate(factory) if (b.floors, b.roof) == (floors, roof))
        card = card_of(state, pid, "contract", data.BLOCK_DISTRICT[block])
        return mv("contract", pid, card=card, building=building, block=block, target="empty")
    return mv("billboard", pid, block=action[1], target="empty")


def listed(state, move):
    """Is the move listed, or in a listed bid family (any pile of a big hand's cards)?"""
    moves = GAME.legal_moves(state, move.player)
    return move in moves or (
        move.type == "bid" and any(m.family == "subsets" and set(move.cards) <= set(m.cards) for m in moves)
    )


def step(state, move):
    assert listed(state, move), move
    out = GAME.apply(state, move)
    assert out.legal, (move, out.violations)
    return out.state, out.events


def construction(state, plans):
    plans = {p: list(a) for p, a in plans.items()}
    while state.phase == "construction":
        pid = state.turn
        todo = plans.get(pid) or []
        move = resolve(state, pid, todo.pop(0)) if todo else mv("pass", pid)
        state, _ = step(state, move)
    return state


def auctions(state, sales):
    """``sales``: for each of the round's three auctions, None (nobody bids) or (winner, block)."""
    events = []
    for sale in sales:
        assert state.phase == "auction"
        for pid in state.player_ids():  # sealed piles: the winner bids one card above STOP, the others STOP
            bid = [state.player(pid).hand[0]] if sale is not None and pid == sale[0] else []
            state, more = step(state, mv("bid", pid, cards=bid))
            events += more
        if sale is not None:
            state, more = step(state, mv("develop", sale[0], block=sale[1]))
            events += more
    return state, events


def draw_all(state):
    while state.phase == "draw":
        state, _ = step(state, GAME.legal_moves(state)[0])
    return state


def test_seed_example_reached_through_legal_moves():
    options = default_options(cards=make_cards(data.DEFAULT_ROOF_VALUES, data.DEFAULT_FLOOR_VALUES, CONTRACTS))
    state = replace(GAME.setup(list(SEATS), 2009, options), key="purple", turn="purple")
    for pid, cards in DEAL.items():
        state = give_hand(state, pid, cards, exact=True)
    assert GAME.validate(state) == [] and all(p.hand_size == 8 for p in state.players)

    state = construction(state, ROUND_1)
    state, _ = auctions(state, [("purple", "yellow-1"), ("white", "yellow-2"), ("orange", "yellow-1")])
    state = draw_all(state)
    assert state.round == 2 and state.key == "white"
    state = construction(state, {})
    state, _ = auctions(state, [None, None, None])
    state = draw_all(state)
    assert state.round == 3 and state.key == "orange"
    state = construction(state, {})
    state, events = auctions(state, [None, None, ("green", "yellow-2")])

    for block_id, spec in YELLOW.items():
        block = state.block(block_id)
        assert sorted((b.owner, b.floors, b.roof) for b in block.buildings) == sorted(spec["buildings"]), block_id
        assert block.greens == spec.get("greens", 0) and block.large == spec.get("large")
        assert sorted(block.billboards) == sorted(spec.get("billboards", ()))
    scoring = next(e.data for e in events if e.kind == "round_scored")
    assert scoring["round"] == 3
    assert scoring["blocks"]["yellow-1"] == {"purple": 4, "green": 2}
    assert scoring["blocks"]["yellow-2"] == {"white": 8, "green": 4}
    assert scoring["blocks"]["yellow-3"] == {"orange": 3, "green": 1, "white": 1, "purple": 1}
    assert scoring["awarded"] == {"purple": 5, "white": 9, "orange": 3, "green": 7}  # nothing built elsewhere
    assert GAME.validate(state) == []
