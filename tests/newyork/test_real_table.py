"""A game dealt at a real table (option chance table): setup deals nothing, every draw of the deal and of
the game is a pending reveal, legal-moves lists the possible reveals and validate checks conservation."""

import random
from collections import Counter
from dataclasses import replace

import pytest

from service.engine.newyork import GAME
from service.engine.newyork.state import Card, Pending

from .helpers import codes, mv


def table_setup(players=("anna", "ben", "cleo"), **options):
    return GAME.setup(list(players), 1, {"chance": "table", **options})


def ok(state, move):
    out = GAME.apply(state, move)
    assert out.legal, out.violations
    assert GAME.validate(out.state) == []
    return out.state


def awaited(state) -> str:
    return GAME.status(state).to_move[0]


def reveal_tiles(state, *ids):
    for tile_id in ids:
        state = ok(state, mv("reveal", awaited(state), tile=tile_id))
    return state


def reveal_cards(state, *cards):
    for bank, value in cards:
        state = ok(state, mv("reveal", awaited(state), card=Card(bank, value)))
    return state


def test_table_setup_deals_nothing():
    s = table_setup()
    assert GAME.validate(s) == []
    assert (s.bag, s.money_deck, s.shuffle_seed) == (None, None, None)
    assert s.market == (None,) * 4 and s.money_market == (None,) * 4
    assert all(p.money == () for p in s.players) and s.phase == "setup" and s.current is None
    assert s.pending == Pending("market_tile", "blue")
    two = table_setup(("anna", "ben"))
    assert two.dummy.tiles == () and two.dummy_owed == 6 and GAME.validate(two) == []


def test_table_setup_reveals_in_the_seeds_order():
    # the market from the blue bank to the red, the dummy's six tiles, each player's money, the money row
    s = table_setup(("anna", "ben"))
    seen = []
    while s.phase == "setup":
        seen.append((s.pending.kind, s.pending.slot, awaited(s)))
        s = ok(s, GAME.legal_moves(s)[-1])
    kinds = [k for k, _, _ in seen]
    assert seen[:4] == [("market_tile", bank, "anna") for bank in ("blue", "green", "yellow", "red")]
    assert kinds[4:10] == ["dummy_tile"] * 6
    money = [(slot, who) for kind, slot, who in seen if kind == "starting_money"]
    assert money == [(who, who) for who, _ in money]  # each player enters the cards dealt to him
    assert [who for who, _ in money] == sorted(who for who, _ in money)  # anna first, then ben
    assert seen[-4:] == [("money_card", slot, "anna") for slot in range(4)]
    assert s.phase == "actions" and all(sum(c.value for c in p.money) >= 20 for p in s.players)
    assert len(s.dummy.tiles) == 6 and s.dummy_owed == 0


def test_table_starting_money_is_dealt_until_it_reaches_20_at_most_28():
    # the seed's note: "Így mindenkinél a kezdőtőke legalább 20, de legfeljebb 28 lesz"
    s = reveal_tiles(table_setup(), 1, 2, 3, 4)
    assert s.pending == Pending("starting_money", "anna")
    s = reveal_cards(s, ("blue", 9), ("red", 9), ("green", 1))
    assert s.pending == Pending("starting_money", "anna")  # 19: one more card
    s = reveal_cards(s, ("yellow", 9))
    assert sum(c.value for c in s.players[0].money) == 28
    assert s.pending == Pending("starting_money", "ben")


def test_table_start_player_has_fewest_cards_then_lowest_total_then_the_youngest():
    def dealt(**options):
        s = reveal_tiles(table_setup(**options), 1, 2, 3, 4)
        s = reveal_cards(s, ("blue", 9), ("blue", 9), ("blue", 2))  # anna: 3 cards, 20
        s = reveal_cards(s, *[("green", 5)] * 3, ("yellow", 5))  # ben: 4 cards, 20
        s = reveal_cards(s, ("red", 8), ("red", 8), ("red", 4))  # cleo: 3 cards, 20
        return reveal_cards(s, ("red", 1), ("red", 2), ("red", 3), ("yellow", 1))

    assert dealt().players[dealt().current].id == "anna"  # seat order breaks the last tie
    young = dealt(youngest="cleo")
    assert young.phase == "actions" and young.players[young.current].id == "cleo"
    assert young.money_market == (Card("red", 1), Card("red", 2), Card("red", 3), Card("yellow", 1))


def test_table_reveals_are_listed_bounded_and_only_what_can_still_be_drawn():
    s = table_setup(("anna", "ben"))
    listed = GAME.legal_moves(s)
    assert [m.tile for m in listed] == list(range(1, 55)) and {m.player for m in listed} == {"anna"}
    s = reveal_tiles(s, 7)
    assert 7 not in [m.tile for m in GAME.legal_moves(s)] and len(GAME.legal_moves(s)) == 53
    assert codes(GAME.apply(s, mv("reveal", "anna", tile=7)).violations) == ["newyork.reveal.impossible"]
    s = reveal_tiles(s, 1, 2, 3, 11, 12, 13, 14, 15, 16)  # the market, then the dummy's six
    assert s.pending == Pending("starting_money", "anna")
    cards = [m.card for m in GAME.legal_moves(s)]
    assert len(cards) == 36 and len(set(cards)) == 36 and "A" not in cards
    assert codes(GAME.apply(s, mv("reveal", "anna", card="A")).violations) == ["newyork.reveal.impossible"]
    assert codes(GAME.apply(s, mv("reveal", "ben", card=Card("blue", 9))).violations) == ["newyork.turn.not_your_turn"]
    assert codes(GAME.apply(s, mv("take_money", "anna", slots=[0])).violations)[0] == "newyork.turn.pending_reveal"
    s = reveal_cards(s, ("blue", 9), ("blue", 9))  # the 2-player box holds two of each card
    assert Card("blue", 9) not in [m.card for m in GAME.legal_moves(s)]
    assert codes(GAME.apply(s, mv("reveal", "anna", card=Card("blue", 9))).violations) == ["newyork.reveal.impossible"]


def _dealt(state):
    """The deal done by the first listed reveal each time."""
    while state.phase == "setup":
        state = ok(state, GAME.legal_moves(state)[0])
    return state


def test_table_validate_checks_conservation_and_the_deal():
    s = reveal_tiles(table_setup(("anna", "ben")), 1, 2, 3, 4, 5)
    twice = replace(s, dummy=replace(s.dummy, tiles=(s.market[0],)))
    assert "newyork.state.tile_count" in codes(GAME.validate(twice))
    dealt = _dealt(s)
    anna = dealt.players[0]
    third = replace(dealt, players=(replace(anna, money=anna.money + (anna.money[0],) * 2),) + dealt.players[1:])
    assert "newyork.state.money_count" in codes(GAME.validate(third))
    with_bag = replace(dealt, shuffle_seed=5)
    assert codes(GAME.validate(with_bag)) == ["newyork.state.chance"]
    early = replace(s, players=(replace(s.players[0], money=(Card("red", 5),)),) + s.players[1:])
    assert [(v.code, v.pointer) for v in GAME.validate(early)] == [("newyork.state.deal", "/state/players/0/money")]
    money = reveal_tiles(table_setup(), 1, 2, 3, 4)
    money = reveal_cards(money, ("blue", 9), ("blue", 9), ("blue", 2))
    past = replace(
        money,
        players=(replace(money.players[0], money=money.players[0].money + (Card("red", 9),)),) + money.players[1:],
    )
    assert [(v.code, v.pointer) for v in GAME.validate(past)] == [("newyork.state.deal", "/state/players/0/money")]
    skipped = replace(money, pending=Pending("money_card", 0))
    assert codes(GAME.validate(skipped)) == ["newyork.state.pending"]
    assert codes(GAME.validate(replace(money, current=0))) == ["newyork.state.phase"]


def test_table_digital_setup_is_unchanged():
    assert GAME.setup(["a", "b", "c"], 5, {"chance": "digital"}) == GAME.setup(["a", "b", "c"], 5, {})


def play_at_table(players, seed: int):
    """A whole real-table game by legal moves and reveals, checking every state and the box's contents."""
    r = random.Random(seed)
    s = GAME.setup(list(players), seed, {"chance": "table"})
    reveals = 0
    full = Counter(
        {Card(b, v): 2 if len(players) == 2 else 3 for b in ("blue", "green", "yellow", "red") for v in range(1, 10)}
    )
    for _ in range(5000):
        assert GAME.validate(s) == []
        held = Counter(c for p in s.players for c in p.money) + Counter(c for c in s.money_market if c)
        assert not (held + Counter(s.discard)) - full  # nothing beyond the box
        if s.phase == "over":
            return s, reveals
        moves = GAME.legal_moves(s)
        assert moves and all(m.player in GAME.status(s).to_move for m in moves)
        preferred = [m for m in moves if m.type in ("buy", "place", "give_dummy", "reveal")] or moves
        move = r.choice(preferred)
        reveals += move.type == "reveal"
        s = GAME.apply(s, move).state
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [("anna", "ben"), ("anna", "ben", "cleo", "dora")])
def test_table_a_whole_game_follows_what_is_revealed(players):
    s, reveals = play_at_table(players, 11)
    assert s.phase == "over" and s.scorings_done == 3 and s.winners
    tiles = [t.id for t in s.market if t] + [c.tile.id for p in s.players for c in p.city]
    tiles += [t.id for p in s.players for t in p.reserve] + [t.id for t in (s.dummy.tiles if s.dummy else ())]
    assert sorted(tiles) == list(range(1, 55))  # every tile of the bag was revealed once
    assert reveals >= 54 + 4 + 4 * len(players)


def test_reading_table_scoring_cards_revealed_when_drawn_after_the_deal():
    s = _dealt(table_setup())
    me = awaited(s)
    s = ok(s, mv("take_money", me, slots=[0]))
    assert s.pending == Pending("money_card", 0)
    cards = [m.card for m in GAME.legal_moves(s)]
    assert cards[0] == "A" and "B" not in cards
    assert codes(GAME.apply(s, mv("reveal", me, card="B")).violations) == ["newyork.reveal.out_of_order"]
    scored = ok(s, mv("reveal", me, card="A"))
    assert scored.scorings_done == 1 and scored.pending == Pending("money_card", 0)
    assert "B" in [m.card for m in GAME.legal_moves(scored)]


def test_table_a_view_during_the_deal_is_valid_and_cannot_be_played():
    s = reveal_tiles(table_setup(), 1, 2, 3, 4)
    s = reveal_cards(s, ("blue", 9), ("blue", 9), ("blue", 2), ("green", 4))
    seen = GAME.view(s, "ben")
    assert seen.players[0].money is None and seen.players[0].cards_held == 3  # anna reached 20; green 4 is ben's
    assert seen.players[1].money == (Card("green", 4),)
    assert GAME.validate(seen) == [] and GAME.legal_moves(seen) == []
    assert codes(GAME.apply(seen, mv("reveal", "ben", card=Card("red", 1))).violations) == [
        "newyork.state.hidden_money"
    ]
