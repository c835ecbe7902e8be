"""Rules on positions reached by legal moves from a setup: the run-out pile renewed at once, every distinct bid
listed, an empty hand ending construction, the Spaceport's extra cards declined, a cost in points that cannot be
paid, Capitol-style uneven blocks, and the Key holder's combined report at a real table only."""

from __future__ import annotations

from math import prod

from service.engine.kit import replace
from service.engine.random import Rng
from service.engine.skyline3000 import GAME, data
from service.engine.skyline3000.candidates import card_kind
from service.engine.skyline3000.effects import reshuffle_seed

from .helpers import assert_conserved, codes, mv

SEATS = ("anna", "bob", "cleo")


def play(state, move):
    """A move that legal-moves lists (or that a listed bid family holds), applied."""
    listed = GAME.legal_moves(state, move.player)
    assert move in [replace(m, family=None) for m in listed] or (
        move.type == "bid" and any(m.family == "subsets" and set(move.cards) <= set(m.cards) for m in listed)
    ), move
    out = GAME.apply(state, move)
    assert out.legal, (move, out.violations)
    return out.state, out.events


def pick(state, **fields):
    """The first listed move of the player to move with these fields."""
    for m in GAME.legal_moves(state):
        if all(getattr(m, k) == v for k, v in fields.items()):
            return m
    raise AssertionError(f"no listed move {fields}")


def passes(state):
    while state.phase == "construction":
        state, _ = play(state, mv("pass", state.turn))
    return state


def unsold(state, auctions=3):
    """Auctions nobody bids in: every player lays an empty pile."""
    for _ in range(auctions):
        for pid in state.player_ids():
            state, _ = play(state, mv("bid", pid, cards=()))
    return state


def roofs_discarded(options=None, seed=3):
    """Round 1: every player discards his two Roof cards, then passes; nobody bids; the card draw begins."""
    state = GAME.setup(list(SEATS), seed, options)
    while state.phase == "construction":
        roofs = [c for c in state.player(state.turn).hand if c.startswith("roof-")]
        state, _ = play(state, mv("discard", state.turn, card=roofs[0]) if roofs else mv("pass", state.turn))
    return unsold(state)


def draw_roofs(state, count):
    events = []
    for _ in range(count):
        state, more = play(state, mv("draw", state.turn, pile="roof"))
        events += more
    return state, events


# -- item: a pile that runs out is renewed at once ---------------------------------------------------------
def test_reading_reshuffle():
    state = roofs_discarded()
    roof = state.pile("roof")
    assert roof.draw_size == 8 and len(roof.discard) == 6 and state.phase == "draw"
    discards = roof.discard
    state, events = draw_roofs(state, 8)  # the key holder's 6, then 2 of the next player's: the pile runs out
    renewed = state.pile("roof")
    expected = Rng(reshuffle_seed(state.seed, 0)).shuffled(list(discards))
    assert [e.kind for e in events].count("reshuffled") == 1
    assert renewed.draw == tuple(expected) and renewed.top == expected[0] and renewed.discard == ()
    assert state.shuffles == 1
    assert_conserved(state)
    # the former reading: the empty pile waits for the next draw from it, showing no top card meanwhile
    later = roofs_discarded(GAME.setup(list(SEATS), 3, {"reshuffle": "on_draw"}).options)
    later, events = draw_roofs(later, 8)
    assert "reshuffled" not in [e.kind for e in events]
    assert later.pile("roof").draw_size == 0 and later.pile("roof").top is None and len(later.pile("roof").discard) == 6
    later, events = draw_roofs(later, 1)
    assert "reshuffled" in [e.kind for e in events]


def test_a_real_tables_reshuffle_is_a_reveal_like_any_other_draw():
    state = GAME.setup(list(SEATS), 3, {"chance": "table"})
    while state.pending is not None:  # the three face-up tops
        state, _ = play(state, GAME.legal_moves(state)[0])
    while state.phase == "construction":
        roofs = [m for m in GAME.legal_moves(state) if m.type == "discard" and m.card.startswith("roof-")]
        shown = sum(1 for c in state.pile("roof").discard)
        state, _ = play(state, roofs[0] if shown < 6 else mv("pass", state.turn))
    state = unsold(state)
    discards = state.pile("roof").discard
    for i in range(8):
        state, _ = play(state, mv("draw", state.turn, pile="roof"))
        if state.pending is not None:
            assert state.pending.kind == "top" and state.pending.pile == "roof"
            listed = [m.card for m in GAME.legal_moves(state)]
            if i == 7:  # the renewed pile shows one of the discards shuffled into it
                assert set(discards) <= set(listed) and state.pile("roof").draw_size == 6
                state, _ = play(state, mv("reveal", state.pending.player, card=discards[2]))
            else:
                state, _ = play(state, mv("reveal", state.pending.player, card=listed[0]))
    pile = state.pile("roof")
    assert pile.draw is None and pile.draw_size == 6 and pile.discard == () and pile.top == discards[2]
    assert GAME.validate(state) == []


# -- item: the combined report is a real table's ------------------------------------------------------------
def test_combined_bids_move_at_a_reached_digital_auction_is_refused_with_its_own_code():
    state = passes(GAME.setup(list(SEATS), 4))
    other = next(p for p in SEATS if p != state.key)
    piles = {p: (state.player(other).hand[:1] if p == other else ()) for p in SEATS}
    out = GAME.apply(state, mv("bids", state.key, piles=piles))
    assert codes(out) == ["auction.bids_table_only"]  # one player spending another's hand is refused
    assert not [m for m in GAME.legal_moves(state) if m.type == "bids"]


# -- item: every distinct bid is listed ---------------------------------------------------------------------
def test_bid_legal_moves_list_every_distinct_pile_the_seeds_2_and_5_included():
    for seed in range(1, 60):
        state = passes(GAME.setup(list(SEATS), seed))
        holder = next((p for p in state.players if {2, 5} <= {state.options.card(c).value for c in p.hand}), None)
        if holder:
            break
    hand = holder.hand
    listed = [m.cards for m in GAME.legal_moves(state, holder.id, "bid")]
    kinds = {}
    for c in hand:
        kinds.setdefault(card_kind(state, c), []).append(c)
    assert len(listed) == prod(len(same) + 1 for same in kinds.values()) == len(set(listed))
    piles = {tuple(sorted(map(str, (card_kind(state, c) for c in pile)))) for pile in listed}
    assert len(piles) == len(listed)  # no two listed piles are the same cards in what counts
    two_and_five = [pile for pile in listed if sorted(state.options.card(c).value for c in pile) == [2, 5]]
    assert two_and_five  # the seed's pile: "lila 2-t, 5-t és a STOP kártyáját" (a 2, a 5 and STOP)
    assert [len(p) for p in listed] == sorted(len(p) for p in listed)  # fewest cards first


def test_a_big_hand_reached_in_round_2_lists_its_bids_as_one_family():
    state = unsold(passes(GAME.setup(list(SEATS), 5)))
    while state.phase == "draw":
        fullest = max(data.DECKS, key=lambda d: state.pile(d).draw_size)
        state, _ = play(state, mv("draw", state.turn, pile=fullest))
    state = passes(state)
    p = state.players[0]
    assert p.hand_size == 14
    listed = GAME.legal_moves(state, p.id, "bid")
    assert [(m.cards, m.family) for m in listed] == [((), None), (p.hand, "subsets")]
    state, _ = play(state, mv("bid", p.id, cards=p.hand[3:7]))  # any pile of the family is legal
    assert state.auction.sealed_of(p.id) == (True, p.hand[3:7])


# -- item: an empty hand ends construction ------------------------------------------------------------------
def discard_all(options=None):
    """The Key holder discards his whole hand, one card a turn; everybody else passes at once."""
    state = GAME.setup(list(SEATS), 6, options)
    key = state.key
    while state.phase == "construction" and state.player(key).hand:
        if state.turn == key:
            state, _ = play(state, mv("discard", key, card=state.player(key).hand[0]))
        else:
            state, _ = play(state, mv("pass", state.turn))
    return state, key


def test_reading_empty_hand():
    state, key = discard_all()
    assert state.player(key).hand == () and not state.player(key).passed
    assert state.phase == "auction"  # his construction ended with his last card; the others had passed
    billboards, key = discard_all({"empty_hand": "billboards"})
    assert billboards.phase == "construction" and billboards.turn == key
    assert pick(billboards, type="billboard")
    after, _ = play(billboards, pick(billboards, type="billboard"))
    assert after.turn == key and after.player(key).points == 4


def test_an_empty_handed_player_has_no_turn_and_a_state_giving_him_one_is_refused():
    billboards, key = discard_all({"empty_hand": "billboards"})
    strict = GAME.setup(list(SEATS), 6).options
    state = replace(billboards, options=strict)
    assert codes(GAME.validate(state)) == ["state.phase"]


# -- item: the Spaceport's extra cards may be declined --------------------------------------------------------
def spaceport_won(options=None):
    """The Key holder builds a 1-floor building in a block, wins round 1's Spaceport and puts it there."""
    state = GAME.setup(list(SEATS), 7, options)
    key = state.key
    contract = next(
        m
        for m in GAME.legal_moves(state)
        if m.type == "contract" and m.target == "empty" and state.player(key).factory[m.building].floors == 1
    )
    state, _ = play(state, contract)
    state = unsold(passes(state), 2)
    card = state.player(key).hand[0]
    for pid in state.player_ids():
        state, _ = play(state, mv("bid", pid, cards=(card,) if pid == key else ()))
    state, _ = play(state, mv("develop", key, block=contract.block))
    assert state.phase == "draw" and state.turn == key
    return state, key


def test_reading_spaceport_bonus():
    state, key = spaceport_won()
    assert state.draws_of(key) == 8  # 6 and 2 for first place in the Spaceport's block
    assert codes(GAME.apply(state, mv("stop", key))) == ["draw.cards_owed"]
    for _ in range(6):
        state, _ = play(state, mv("draw", key, pile="contract"))
    assert state.turn == key and state.draws_of(key) == 2
    state, events = play(state, mv("stop", key))
    assert [e.data for e in events if e.kind == "draws_declined"] == [{"player": key, "declined": 2}]
    assert state.turn != key and state.draws_of(key) == 0 and state.player(key).hand_size == 6 + 6
    assert codes(GAME.apply(state, mv("stop", state.turn))) == ["draw.cards_owed"]  # no bonus: 6 are owed
    compulsory, key = spaceport_won({"spaceport_bonus": "compulsory"})
    for _ in range(6):
        compulsory, _ = play(compulsory, mv("draw", key, pile="contract"))
    assert codes(GAME.apply(compulsory, mv("stop", key))) == ["draw.cards_owed"]
    assert not [m for m in GAME.legal_moves(compulsory) if m.type == "stop"]


# -- item: a cost in points that cannot be paid -----------------------------------------------------------------
def at_zero_points(options=None):
    """The Key holder puts 4 billboards in a block of his contract card's district (5 points to 1), then builds
    on one of them (1 more): 0 points, 1 billboard left; the others pass."""
    state = GAME.setup(list(SEATS), 8, options)
    key = state.key
    contract = next(c for c in state.player(key).hand if c.startswith("contract-"))
    block = data.DISTRICT_BLOCKS[state.options.card(contract).district][0]
    while state.player(key).billboards > 1:
        move = mv("billboard", key, block=block) if state.turn == key else mv("pass", state.turn)
        state, _ = play(state, move)
    state, _ = play(state, mv("contract", key, card=contract, building=0, block=block, target="billboard"))
    assert state.turn == key and state.player(key).points == 0 and state.player(key).billboards == 1
    return state, key, block


def test_reading_unpaid_cost():
    state, key, block = at_zero_points()
    out = GAME.apply(state, mv("billboard", key, block=block))
    assert codes(out) == ["points.cannot_pay"] and out.violations[0].params == (
        ("player", key),
        ("points", 0),
        ("cost", 1),
    )
    assert not [m for m in GAME.legal_moves(state) if m.type == "billboard"]
    floored, key, block = at_zero_points({"unpaid_cost": "floored"})
    floored, _ = play(floored, mv("billboard", key, block=block))
    assert floored.player(key).points == 0 and floored.player(key).billboards == 0
    negative, key, block = at_zero_points({"unpaid_cost": "negative"})
    negative, _ = play(negative, mv("billboard", key, block=block))
    assert negative.player(key).points == -1


# -- item: Capitol-style uneven blocks -------------------------------------------------------------------------
UNEVEN = {
    "small_platforms": {
        "red-1": 6,
        "red-2": 6,
        "red-3": 8,
        "yellow-1": 5,
        "yellow-2": 7,
        "yellow-3": 7,
        "blue-1": 5,
        "blue-2": 7,
        "blue-3": 7,
    },
    "starting_greens": {"red": ["red-1", "red-3"], "yellow": ["yellow-2"], "blue": ["blue-2"]},
}


def test_reading_board_takes_capitol_style_uneven_blocks_of_5_to_7_sites():
    from service import create_app

    answer = (
        create_app({"redis_url": None})
        .test_client()
        .post("/v1/games/skyline3000/setup", json={"players": list(SEATS), "seed": 9, "options": {"board": UNEVEN}})
    )
    assert answer.status_code == 200, answer.get_json()
    state = GAME.setup(list(SEATS), 9, {"board": UNEVEN})
    open_sites = {b.id: b.small_platforms - b.starting_greens for b in state.options.board}
    assert set(open_sites.values()) == {5, 6, 7}
    for _ in range(5):  # the five sites of yellow-1, one billboard each
        state, _ = play(state, mv("billboard", state.turn, block="yellow-1"))
    assert GAME.validate(state) == [] and len(state.block("yellow-1").billboards) == 5
    out = GAME.apply(state, mv("billboard", state.turn, block="yellow-1"))
    assert codes(out) == ["placement.no_empty_platform"]
    assert not [m for m in GAME.legal_moves(state) if m.type == "billboard" and m.block == "yellow-1"]
