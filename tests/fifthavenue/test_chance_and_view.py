"""Chance at a real table (null orders -> pending -> reveal) and what a player may see."""

from __future__ import annotations

import random
from collections import Counter

from service.engine.fifthavenue import GAME
from service.engine.fifthavenue import data as D
from service.engine.fifthavenue.state import Move

from .helpers import clear_board, deal, edit, empty_hand, ok, refused, set_turn, sky, started


def at_table(s, row=True):
    """The same state as a referee at a real table knows it: no hidden orders."""

    def change(w):
        for st in w["stacks"].values():
            st["below"] = None
        w["black_deck"]["cards"] = None
        w["park_order"] = None
        if row:
            current = next(i for i, t in enumerate(w["supply_row"]) if t)
            for i in range(current + 1, len(w["supply_row"])):
                w["supply_row"][i] = None

    return edit(s, change)


def test_taking_a_stack_top_at_a_table_asks_for_the_new_top():
    s = at_table(ok(started(3), Move("take_skyscrapers", "red")))
    s = ok(s, Move("take_cards", "red", colours=("gray", "green")))
    assert s.pending.kind == "stack_top" and s.pending.colours == ("gray", "green")
    assert "fifthavenue.chance.pending_reveal" in refused(
        s, Move("move_commissioner", "red", commissioner="white", to="34th-st-west")
    )
    reveals = GAME.legal_moves(s)
    assert reveals and all(m.type == "reveal" for m in reveals)
    s2 = ok(s, reveals[0])
    assert dict(s2.stacks)["gray"].top == dict(reveals[0].tops)["gray"] and s2.pending is None


def test_an_impossible_stack_top_is_refused():
    def hoard(w):  # every gray 6 still in the stack goes to the discard pile: none can come up
        st = w["stacks"]["gray"]
        cards = [st["top"]] + st["below"]
        rest = [v for v in cards if v != 6]
        st.update(top=rest[0], below=rest[1:], count=len(rest))
        w["discard"] = sorted(w["discard"] + ["gray-6"] * (len(cards) - len(rest)))

    s = at_table(edit(ok(started(3), Move("take_skyscrapers", "red")), hoard))
    s = ok(s, Move("take_cards", "red", colours=("gray", "green")))
    codes = refused(s, Move("reveal", "red", tops=(("gray", 6), ("green", 4))))
    assert "fifthavenue.reveal.impossible_card" in codes
    assert GAME.legal_moves(s) and all(dict(m.tops)["gray"] != 6 for m in GAME.legal_moves(s))


def test_black_cards_at_a_table_are_revealed_per_player():
    def change(w):
        clear_board(w)
        sky(w, "times-square", "gray", "red", 1)
        w["commissioners"]["white"]["at"] = "times-square"

    s = at_table(edit(started(3), change))
    s = ok(s, Move("value_district", "red", district="times-square"))
    assert s.pending.kind == "black_cards" and s.pending.draws == (("red", 2), ("yellow", 1), ("blue", 1))
    assert "fifthavenue.reveal.wrong_count" in refused(
        s, Move("reveal", "red", drawn=(("blue", (4,)), ("red", (5,)), ("yellow", (6,))))
    )
    s = ok(s, Move("reveal", "red", drawn=(("blue", (4,)), ("red", (4, 5)), ("yellow", (6,)))))
    assert "black-6" in next(p for p in s.players if p.id == "yellow").hand


def test_reading_real_table_supply_row_next_set_revealed_when_it_becomes_current():
    s = at_table(started(3))
    first = s.supply_row[0]
    assert s.supply_row[1] is None
    spots = [(d.id, p.colour) for d in s.districts for p in d.plots if not p.businesses and not p.skyscrapers]
    s = ok(s, Move("place_business", "red", district=spots[0][0], plot=spots[0][1], business=first[0]))
    while s.turn.player == "red":  # cards (and their reveal), then a commissioner
        s = ok(s, GAME.legal_moves(s)[0])
    s = ok(s, Move("place_business", "yellow", district=spots[1][0], plot=spots[1][1], business=s.supply_row[0][0]))
    assert s.pending.kind == "supply_set" and s.pending.index == 1 and s.pending.count == 2
    assert len(GAME.legal_moves(s)) == 10  # multisets of 2 from 4 types
    s = ok(s, Move("reveal", "yellow", tiles=("gallery", "jeweler")))
    assert s.supply_row[1] == ("gallery", "jeweler")


def red_to_auction_brown(w):
    """A 2-player edit: an empty board, red holding only brown-4 and to take action A with the white
    commissioner in Central Park (moving it to City Hall opens an auction Alea bids in)."""
    clear_board(w)
    empty_hand(w, "red")
    deal(w, "red", "brown-4")
    w["commissioners"]["white"].update(at="central-park", markers=["times-square"])
    set_turn(w, "red", "action3", "A")


def red_has_bid_brown_4(s):
    """After red_to_auction_brown: red opens the auction with brown-4; yellow is to act, then Alea."""
    s = ok(s, Move("move_commissioner", "red", commissioner="white", to="city-hall"))
    return ok(s, Move("bid", "red", colour="brown", cards=("brown-4",)))


def test_the_dummy_bid_is_revealed_at_a_table():
    s = red_has_bid_brown_4(at_table(edit(started(2), red_to_auction_brown)))
    s = ok(s, Move("pass", "yellow"))
    assert s.pending.kind == "dummy_bid"
    assert "fifthavenue.reveal.wrong_sequence" in refused(s, Move("reveal", "red", bid=(4, 5, 6)))
    assert len(GAME.legal_moves(s)) == 3 + 12 + 18
    s = ok(s, Move("reveal", "red", bid=(6, 6)))
    assert s.auction.to_act == "red"  # 12 beats 4: the dummy holds the high bid


def test_central_park_tiles_are_revealed_at_the_end_at_a_table():
    from .test_end_and_special import _placed

    s = at_table(_placed(started(3), 11, {"red": 1}), row=False)
    m = next(m for m in GAME.legal_moves(s, move_type="place_business"))
    s = ok(s, m)
    assert s.turn.phase == "over" and s.pending.kind == "central_park_tiles" and s.result is None
    park = Counter(s.park.businesses)
    missing = next(b for b in D.BUSINESSES if park[b] < 3)
    assert "fifthavenue.reveal.impossible_tile" in refused(s, Move("reveal", "red", tiles=(missing,) * 3))
    reveal = GAME.legal_moves(s)[0]
    s = ok(s, reveal)
    assert s.result is not None and s.result.central_park_tiles == tuple(sorted(reveal.tiles))


def test_view_hides_other_hands_and_every_hidden_order():
    s = started(3)
    v = GAME.view(s, "yellow")
    hands = {p.id: p.hand for p in v.players}
    assert hands["yellow"] == s.players[1].hand and hands["red"] is None and hands["blue"] is None
    assert [p.hand_size for p in v.players] == [p.hand_size for p in s.players]
    assert all(st.below is None for _, st in v.stacks) and v.black_deck.cards is None and v.park_order is None
    assert s.seed is not None and v.seed is None
    assert [st.top for _, st in v.stacks] == [st.top for _, st in s.stacks]  # the tops lie face up
    assert not GAME.validate(v)


def test_a_random_game_at_a_real_table_finishes_with_reveals():
    s = at_table(GAME.setup(["red", "yellow"], 5, {}))
    rnd = random.Random(5)
    kinds = Counter()
    for _ in range(5000):
        if s.turn.phase == "over" and s.pending is None:
            break
        if s.pending is not None:
            kinds[s.pending.kind] += 1
        moves = GAME.legal_moves(s)
        kind = rnd.choice(sorted({m.type for m in moves}))
        s = ok(s, rnd.choice([m for m in moves if m.type == kind]))
        assert not GAME.validate(s)
    assert s.result is not None
    assert {"stack_top", "black_cards", "supply_set"} <= set(kinds)


def test_a_bid_from_a_hidden_hand_is_refused_and_not_listed():
    from .test_auctions import auction_at

    s = auction_at(hands={"red": ["violet-4"]})
    hidden = GAME.view(s, "yellow")
    assert "fifthavenue.auction.hand_hidden" in refused(
        hidden, Move("bid", "red", colour="violet", cards=("violet-4",))
    )
    assert GAME.legal_moves(hidden) == [Move("pass", "red")]
    assert ok(s, Move("bid", "red", colour="violet", cards=("violet-4",)))
