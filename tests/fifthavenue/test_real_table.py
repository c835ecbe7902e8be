"""Setup at a real table (option chance table): nothing is dealt, the public deal is revealed, hands stay
unknown unless entered, and the game follows what is revealed; conservation of what is revealed."""

from __future__ import annotations

import random
from collections import Counter

from service.engine.fifthavenue import GAME
from service.engine.fifthavenue import data as D
from service.engine.fifthavenue.state import Move
from service.schemas.fifthavenue import to_plain

from .helpers import PLAYERS, clear_board, edit, ok, refused, set_turn, started
from .test_chance_and_view import at_table

CODE = "fifthavenue."
TABLE = {"chance": "table"}


def dealt(n: int = 3, options: dict | None = None, rnd: random.Random | None = None):
    """A real table's setup with its whole public deal revealed by legal reveals (``rnd`` picks them)."""
    rnd = rnd or random.Random(n)
    s = GAME.setup(PLAYERS[n], 0, {**TABLE, **(options or {})})
    while s.turn.phase == "start" and s.pending is not None:
        s = ok(s, rnd.choice(GAME.legal_moves(s)))
    return s


def test_setup_at_a_real_table_deals_nothing():
    s = GAME.setup(PLAYERS[4], 5, TABLE)
    assert GAME.validate(s) == []
    assert all(p.hand is None and p.hand_size == 9 for p in s.players)
    assert all(st.top is None and st.below is None and st.count == 12 - 4 for _, st in s.stacks)
    assert s.black_deck.cards is None and s.black_deck.count == 50 - 4 * 4
    assert s.supply_row == (None,) * 8 and s.seed is None and s.park_order is None
    assert not any(p.businesses for d in s.districts for p in d.plots)
    assert s.pending.kind == "start_business" and s.pending.district == D.DISTRICTS[0]
    assert GAME.setup(PLAYERS[4], 6, TABLE) == s  # the seed plays no part
    moves = GAME.legal_moves(s)
    assert len(moves) == len(set(moves)) == len(D.COLOURS) * len(D.BUSINESSES)
    assert CODE + "chance.pending_reveal" in refused(
        s, Move("place_start", "red", district="times-square", plot="violet")
    )
    back = GAME.setup(PLAYERS[4], 5, {**TABLE, "board_side": "back"})
    assert {m.plot for m in GAME.legal_moves(back)} == {D.SIXTH_PLOT}


def test_the_deal_is_revealed_in_the_order_the_table_lays_it():
    s = GAME.setup(PLAYERS[3], 0, TABLE)
    kinds = []
    rnd = random.Random(1)
    while s.pending is not None:
        kinds.append(s.pending.kind)
        s = ok(s, rnd.choice(GAME.legal_moves(s)))
    assert kinds == ["start_business"] * 7 + ["supply_set"] * 8 + ["stack_top"]
    assert s.turn.phase == "start" and s.turn.player == "red"
    colours = Counter(p.colour for d in s.districts for p in d.plots if p.businesses)
    assert set(colours) == set(D.COLOURS) and max(colours.values()) <= 2
    assert all(st.top is not None for _, st in s.stacks)
    assert all(p.hand is None for p in s.players)


def test_digital_setup_is_unchanged_by_the_option():
    assert GAME.setup(PLAYERS[3], 9, {"chance": "digital"}) == GAME.setup(PLAYERS[3], 9, {})


def test_reveal_start_colours_every_colour_once_none_thrice():
    s = GAME.setup(PLAYERS[3], 0, TABLE)
    for did in D.DISTRICTS[:2]:
        s = ok(s, Move("reveal", "red", district=did, plot="violet", business="boutique"))
    assert CODE + "reveal.start_colours" in refused(
        s, Move("reveal", "red", district=D.DISTRICTS[2], plot="violet", business="boutique")
    )
    for did, colour in zip(D.DISTRICTS[2:5], ("brown", "brown", "gray")):
        s = ok(s, Move("reveal", "red", district=did, plot=colour, business="gallery"))
    # two districts left, green and orange still missing: both must come now
    assert {m.plot for m in GAME.legal_moves(s)} == {"green", "orange"}
    assert CODE + "reveal.start_colours" in refused(
        s, Move("reveal", "red", district=D.DISTRICTS[5], plot="gray", business="jeweler")
    )
    assert CODE + "reveal.wrong_fields" in refused(
        s, Move("reveal", "red", district=D.DISTRICTS[6], plot="green", business="jeweler")
    )


def test_reveal_impossible_tile_no_tenth_business_of_a_type():
    s = GAME.setup(PLAYERS[3], 0, TABLE)
    for did, colour in zip(D.DISTRICTS, ("violet", "brown", "gray", "green", "orange", "violet", "brown")):
        s = ok(s, Move("reveal", "red", district=did, plot=colour, business="boutique"))
    s = ok(s, Move("reveal", "red", tiles=("boutique", "gallery", "jeweler")))  # the 8th boutique
    s = ok(s, Move("reveal", "red", tiles=("boutique", "gallery")))  # the 9th
    assert CODE + "reveal.impossible_tile" in refused(
        s, Move("reveal", "red", tiles=("boutique", "gallery", "gallery"))
    )
    assert all("boutique" not in m.tiles for m in GAME.legal_moves(s))


def test_reading_real_table_hands_unknown_hands_draw_unseen_and_bid_what_could_be_in_them():
    s = dealt(3)
    while s.turn.phase == "start":
        s = ok(s, GAME.legal_moves(s)[0])
    # red: action C draws a black card face down into his unknown hand, no reveal
    c = next(m for m in GAME.legal_moves(s) if m.type == "black_and_move")
    size = s.players[0].hand_size
    count = s.black_deck.count
    s = ok(s, c)
    assert s.pending is None and s.players[0].hand_size == size + 1 and s.black_deck.count == count - 1
    assert s.players[0].hand is None


def test_a_bid_from_an_unknown_hand_lays_only_cards_that_could_be_in_it():
    s = dealt(3)
    while s.turn.phase == "start":
        s = ok(s, GAME.legal_moves(s)[0])

    def white_in_central_park(w):
        w["commissioners"]["white"].update(at="central-park", markers=["times-square"])
        set_turn(w, "red", "action3", "A")

    s = ok(edit(s, white_in_central_park), Move("move_commissioner", "red", commissioner="white", to="city-hall"))
    assert s.auction.site == "times-square" and s.players[0].hand is None
    bids = [m for m in GAME.legal_moves(s) if m.type == "bid"]
    assert bids and all(len(m.cards) <= s.players[0].hand_size for m in bids)
    colour = bids[0].colour
    six = D.card(colour, 6)
    assert GAME.apply(s, Move("bid", "red", colour=colour, cards=(six,))).legal
    assert CODE + "auction.card_not_in_hand" in refused(s, Move("bid", "red", colour=colour, cards=(six,) * 4))
    # 12 cards of the colour: its stack's top and 8 unseen cards below it leave at most 3 for the hands
    assert dict(s.stacks)[colour].count == 9
    four = (D.card(colour, 4),) * 2 + (D.card(colour, 5),) * 2
    assert CODE + "auction.card_not_in_hand" in refused(s, Move("bid", "red", colour=colour, cards=four))
    assert GAME.apply(s, Move("bid", "red", colour=colour, cards=four[1:])).legal
    assert CODE + "auction.more_cards_than_hand" in refused(
        s, Move("bid", "red", colour=colour, cards=(D.card(colour, 4),) * 5 + ("black-4",) * 5)
    )
    after = ok(s, Move("bid", "red", colour=colour, cards=(six,)))
    assert after.players[0].hand_size == s.players[0].hand_size - 1
    back = ok(after, Move("pass", "yellow"))
    back = ok(back, Move("pass", "blue"))
    assert back.auction.site == D.CENTRAL_PARK or back.auction.stage == "resolve"


def test_an_entered_hand_is_checked_and_its_draws_are_revealed():
    s = dealt(3)
    while s.turn.phase == "start":
        s = ok(s, GAME.legal_moves(s)[0])

    def enter(cards):
        def change(w):
            w["players"][0]["hand"] = cards

        return edit(s, change, check=False)

    hand = ["black-4", "black-4", "black-5", "black-6", "brown-4", "gray-4", "green-5", "orange-6", "violet-5"]
    entered = enter(hand)
    assert GAME.validate(entered) == []
    assert CODE + "state.hand_size" in {v.code for v in GAME.validate(enter(hand[:-1]))}
    # four gray 6s: only three exist
    assert CODE + "state.cards" in {v.code for v in GAME.validate(enter(["gray-6"] * 4 + hand[4:]))}
    c = next(m for m in GAME.legal_moves(entered) if m.type == "black_and_move")
    drawn = ok(entered, c)
    assert drawn.pending.kind == "black_cards" and drawn.pending.draws == (("red", 1),)
    reveal = GAME.legal_moves(drawn)
    assert sorted(m.drawn for m in reveal) == [(("red", (v,)),) for v in (4, 5, 6)]
    after = ok(drawn, reveal[0])
    assert after.players[0].hand_size == 10 and len(after.players[0].hand) == 10


def test_a_black_draw_owed_to_four_players_is_listed_one_player_at_a_time():
    """After action D nobody in the valued district: the scorer draws 3, the three others 1 each. Their
    known hands (a referee who entered them all) make it a reveal; the listing is one player's draws, each
    once, and a reveal may name some players first."""
    s = at_table(started(4), row=False)

    def no_skyscrapers(w):
        clear_board(w)
        w["commissioners"]["white"]["at"] = "times-square"

    s = edit(s, no_skyscrapers)
    s = ok(s, Move("value_district", "red", district="times-square"))
    assert s.pending.kind == "black_cards" and dict(s.pending.draws) == {"red": 3, "yellow": 1, "blue": 1, "green": 1}
    listed = GAME.legal_moves(s)
    assert len(listed) == len(set(listed)) == 10  # the multisets of 3 black values
    assert {m.drawn[0][0] for m in listed} == {"red"}
    s = ok(s, Move("reveal", "red", drawn=(("red", (4, 5, 6)),)))
    assert dict(s.pending.draws) == {"yellow": 1, "blue": 1, "green": 1}
    assert CODE + "reveal.wrong_count" in refused(s, Move("reveal", "red", drawn=(("yellow", (4, 4)),)))
    s = ok(s, Move("reveal", "red", drawn=(("blue", (5,)), ("green", (6,)), ("yellow", (4,)))))
    assert s.pending is None and s.players[0].hand_size == 12


def test_a_whole_real_table_game_by_legal_moves_and_reveals():
    """Four players at a real table, every reveal taken from the listed ones: the game reaches its end,
    the hands are never known, each state is valid and loads back from its wire form."""
    from service.schemas.fifthavenue import WIRE

    load = WIRE.state()
    rnd = random.Random(11)
    s = GAME.setup(PLAYERS[4], 0, TABLE)
    kinds: Counter = Counter()
    for step in range(4000):
        if GAME.status(s).over:
            break
        assert all(p.hand is None for p in s.players)
        if step % 25 == 0:
            assert GAME.validate(s) == []
            assert load.load(to_plain(s)) == s
        moves = GAME.legal_moves(s)
        if s.pending is not None:
            kinds[s.pending.kind] += 1
        kind = rnd.choice(sorted({m.type for m in moves}))
        s = ok(s, rnd.choice([m for m in moves if m.type == kind]))
    assert s.result is not None and s.result.winners
    assert kinds["start_business"] == 7 and kinds["supply_set"] == 8 and kinds["stack_top"] > 10
    assert kinds["central_park_tiles"] <= 1 and "black_cards" not in kinds
