"""Central Park's colour, the colour stacks' reshuffle, the park's lowest value, the board's back side and
the readings that say where a rule comes from."""

from __future__ import annotations

from collections import Counter

from service.engine.fifthavenue import GAME
from service.engine.fifthavenue import board as B
from service.engine.fifthavenue import data as D
from service.engine.fifthavenue.checks import allowed_colours
from service.engine.fifthavenue.state import Move
from service.engine.random import Rng
from service.schemas.fifthavenue import to_plain

from .helpers import biz, clear_board, edit, ok, random_game, refused, sky, started
from .test_auctions import TS, _dummy_draws, _full_with_rivals, auction_at, bid, plot_of
from .test_chance_and_view import at_table

CODE = "fifthavenue."


# ------------------------------------------------------------------ Central Park's colour


def test_reading_park_colour_the_trigger_names_it_even_when_he_passes():
    """The seed: 'De actieve speler bepaalt de kleur' (the active player decides the colour). Red started
    the auctions and passes in Central Park: his pass names orange, and the next bidder must bid orange."""
    s = auction_at(markers=(), hands={"red": ["green-4"], "yellow": ["orange-5", "green-6"], "blue": ["green-5"]})
    assert s.auction.site == D.CENTRAL_PARK and s.auction.to_act == "red" and s.auction.park_colour is None
    passes = [m for m in GAME.legal_moves(s) if m.type == "pass"]
    assert sorted(m.colour for m in passes) == sorted(D.COLOURS)
    assert CODE + "auction.park_colour_missing" in refused(s, Move("pass", "red"))
    s = ok(s, Move("pass", "red", colour="orange"))
    assert s.auction.park_colour == "orange" and s.auction.to_act == "yellow"
    assert CODE + "auction.pass_colour_not_asked" in refused(s, Move("pass", "yellow", colour="green"))
    assert CODE + "auction.colour_not_allowed" in refused(s, Move("bid", "yellow", colour="green", cards=("green-6",)))
    assert {m.colour for m in GAME.legal_moves(s) if m.type == "bid"} == {"orange"}
    s = bid(s, "yellow", ["orange-5"], "orange")
    s = ok(s, Move("pass", "blue"))
    s = ok(s, Move("build", "yellow", count=2))
    assert dict((x.owner, x.count) for x in s.park.skyscrapers) == {"yellow": 2}


def test_reading_park_trigger_passes_only_he_names_the_colour_and_then_it_is_set():
    s = auction_at(markers=(), hands={"red": ["violet-4"], "yellow": ["violet-5"]})
    s = ok(s, Move("pass", "red", colour="violet"))
    s = bid(s, "yellow", ["violet-5"], "violet")
    assert CODE + "auction.pass_colour_not_asked" in refused(s, Move("pass", "blue", colour="violet"))
    assert [m for m in GAME.legal_moves(s) if m.type == "pass"] == [Move("pass", "blue")]


def test_the_central_park_colour_is_the_triggers_in_every_auction_of_random_games():
    """In random games every Central Park colour is set by the player who started the auctions."""
    set_by: list[tuple[str, str]] = []

    def watch(before, move, after, moves, rnd):
        a = before.auction
        if (
            a is not None
            and a.site == D.CENTRAL_PARK
            and a.park_colour is None
            and before.pending is None
            and after.auction is not None
            and after.auction.park_colour is not None
        ):
            set_by.append((move.player, a.trigger))

    for seed in (1, 2, 3):
        random_game(3, seed, on_move=watch)
    assert set_by and all(player == trigger for player, trigger in set_by)


def test_state_a_park_auction_without_its_colour_waits_for_the_trigger():
    s = auction_at(markers=(), hands={"red": ["green-4"]})
    broken = edit(s, lambda w: w["auction"].update(passed=["red"], to_act="yellow"), check=False)
    assert CODE + "state.auction_stage" in {v.code for v in GAME.validate(broken)}


# ------------------------------------------------------------------ the colour stacks


def _nearly_empty_violet(w):
    """The violet stack down to its top card, the rest of its cards on the discard pile."""
    st = w["stacks"]["violet"]
    w["discard"] = sorted(w["discard"] + [D.card("violet", v) for v in st["below"]])
    st.update(below=[], count=1)


def test_reading_coloured_stack_empty_its_discards_come_back_shuffled():
    s = edit(ok(started(3), Move("take_skyscrapers", "red")), _nearly_empty_violet)
    back = sorted(D.card_parts(c)[1] for c in s.discard if c.startswith("violet-"))
    out = GAME.apply(s, Move("take_cards", "red", colours=("violet", "gray")))
    assert out.legal
    after = out.state
    order = Rng(s.seed).shuffled(back)
    violet = dict(after.stacks)["violet"]
    assert (violet.top, violet.below, violet.count) == (order[0], tuple(order[1:]), len(back))
    assert not any(c.startswith("violet-") for c in after.discard)
    assert ("stack_reshuffled", {"colour": "violet", "cards": len(back)}) in [(e.kind, e.data) for e in out.events]
    assert after.seed != s.seed and GAME.validate(after) == []


def test_reading_coloured_stack_empty_at_a_real_table_the_new_top_is_revealed():
    s = at_table(edit(ok(started(3), Move("take_skyscrapers", "red")), _nearly_empty_violet))
    s = ok(s, Move("take_cards", "red", colours=("violet", "gray")))
    assert s.pending.kind == "stack_top" and s.pending.colours == ("violet", "gray")
    violet = dict(s.stacks)["violet"]
    assert violet.top is None and violet.below is None and violet.count == 8
    tops = {m.tops for m in GAME.legal_moves(s)}
    assert len(tops) == len(GAME.legal_moves(s))  # each reveal once
    s = ok(s, next(m for m in GAME.legal_moves(s) if dict(m.tops)["violet"] == 5))
    assert dict(s.stacks)["violet"].top == 5 and s.pending is None


def test_reading_coloured_stack_empty_a_won_bid_refills_an_empty_stack():
    """A stack that ran out with no discards of its colour takes back the winning bid's cards at once."""

    def layout(w):
        st = w["stacks"]["green"]
        for v in [st["top"]] + st["below"]:  # every green card still in the stack goes to yellow's hand
            player = next(p for p in w["players"] if p["id"] == "yellow")
            player["hand"] = sorted(player["hand"] + [D.card("green", v)])
            player["hand_size"] += 1
        st.update(top=None, below=[], count=0)

    s = auction_at(hands={"red": ["green-4", "green-5"]}, extra=layout)
    assert dict(s.stacks)["green"].count == 0
    s = bid(s, "red", ["green-4", "green-5"], "green")
    s = ok(ok(s, Move("pass", "yellow")), Move("pass", "blue"))
    s = ok(s, Move("build", "red", count=2))
    green = dict(s.stacks)["green"]
    assert green.count == 2 and sorted((green.top,) + green.below) == [4, 5]
    assert not any(c.startswith("green-") for c in s.discard)


def test_option_coloured_stack_empty_no_reshuffle_leaves_the_stack_empty():
    s = edit(
        ok(started(3, options={"coloured_stack_empty": "no_reshuffle"}), Move("take_skyscrapers", "red")),
        _nearly_empty_violet,
    )
    s = ok(s, Move("take_cards", "red", colours=("violet", "gray")))
    assert dict(s.stacks)["violet"].count == 0 and any(c.startswith("violet-") for c in s.discard)


def test_random_games_keep_coloured_cards_coming():
    """Random games empty stacks and refill them; action A, B and C keep giving two coloured cards."""
    seen: Counter = Counter()

    def watch(before, move, after, moves, rnd):
        if move.type == "take_cards":
            seen["taken"] += len(move.colours)
            seen["short"] += len(move.colours) < 2
        if (
            after.result is None
            and any(st.count == 0 for _, st in before.stacks)
            and not any(st.count == 0 for _, st in after.stacks)
        ):
            seen["refilled"] += 1

    for seed in (4, 5):
        random_game(4, seed, on_move=watch)
    assert seen["refilled"] > 0 and seen["short"] == 0, seen


# ------------------------------------------------------------------ Central Park's lowest value


def test_park_skyscrapers_score_two_each_in_a_game_ended_with_nothing_below_the_park():
    """The second building stop ends a game before any set is emptied: Red's 2 skyscrapers below the park
    score 2 each (the park's lowest value), not 1."""

    def extra(w):
        w["districts"]["fifth-avenue"]["stopped"] = True
        red = next(p for p in w["players"] if p["id"] == "red")
        red["general"] -= 2
        w["districts"][D.CENTRAL_PARK]["skyscrapers"] = [{"owner": "red", "count": 2}]

    s = auction_at(layout=_full_with_rivals, hands={"red": ["green-4"]}, markers=(TS,), extra=extra)
    assert s.park.businesses == ()
    before = s.players[0].points
    s = bid(s, "red", ["green-4"], "green")
    out = GAME.apply(ok(s, Move("pass", "yellow")), Move("pass", "blue"))
    assert out.legal and out.state.result is not None
    park = next(e.data for e in out.events if e.kind == "central_park_scored")
    assert park["types"] == 0 and park["awarded"]["red"] == 4
    assert out.state.players[0].points == before + 4 + 4  # 4 for the stop (4 skyscrapers), 2 x 2 below the park


# ------------------------------------------------------------------ the board's back side


BACK = {"board_side": "back"}


def test_reading_board_side_back_the_starting_businesses_lie_on_the_sixth_plot():
    s = GAME.setup(["red", "yellow", "blue", "green"], 3, BACK)
    for d in s.districts:
        assert [p.colour for p in d.plots] == list(D.PLOT_IDS)
        sixth = B.plot(d, D.SIXTH_PLOT)
        assert len(sixth.businesses) == 1 and not any(p.businesses for p in d.plots if p is not sixth)
    assert GAME.validate(s) == []
    assert all(m.plot != D.SIXTH_PLOT for m in GAME.legal_moves(s))  # no starting skyscraper there
    front = GAME.setup(["red", "yellow", "blue", "green"], 3, {})
    assert all(D.SIXTH_PLOT not in [p.colour for p in d.plots] for d in front.districts)


def test_board_side_back_a_whole_game_by_legal_moves():
    over = random_game(4, 6, options=BACK)
    assert over.result is not None
    assert all(B.plot(d, D.SIXTH_PLOT).skyscrapers is None for d in over.districts)


def test_reading_sixth_plot_colour_it_takes_a_second_business_never_skyscrapers():
    s = started(4, options=BACK)
    s = ok(s, Move("take_skyscrapers", "red"))
    s = ok(s, GAME.legal_moves(s)[0])
    s = ok(s, GAME.legal_moves(s)[0])  # yellow's turn
    business = s.supply_row[0][0]
    second = Move("place_business", "yellow", district=TS, plot=D.SIXTH_PLOT, business=business)
    assert second in GAME.legal_moves(s)
    s = ok(s, second)
    assert len(B.plot(B.district(s, TS), D.SIXTH_PLOT).businesses) == 2
    assert CODE + "start.plot_occupied" in refused(
        GAME.setup(["red", "yellow", "blue", "green"], 3, BACK),
        Move("place_start", "red", district=TS, plot=D.SIXTH_PLOT),
    )
    assert D.SIXTH_PLOT not in allowed_colours(s, TS, "red")


def test_sixth_plot_is_no_colour_to_bid_for_a_building_stop():
    def layout(w):
        for colour, business in zip(D.PLOT_IDS, ["boutique", "jeweler", "gallery", "perfumery", "boutique", "jeweler"]):
            biz(w, TS, colour, business)  # every plot holds a business, the sixth one too

    s = auction_at(layout=layout, options=BACK, hands={"red": ["gray-4"]})
    assert s.auction.full
    assert allowed_colours(s, TS, "red") == D.COLOURS


def test_reading_sixth_plot_neighbours_its_businesses_count_for_every_plot():
    def layout(w):
        biz(w, TS, D.SIXTH_PLOT, "perfumery")
        biz(w, TS, "brown", "jeweler")
        sky(w, TS, "violet", "red", 2)  # touches brown and orange on the ring, and the sixth plot
        sky(w, TS, "gray", "yellow", 1)  # touches brown and green, and the sixth plot

    s = edit(started(3, options=BACK), lambda w: (clear_board(w), layout(w)))
    out = GAME.score(s, {"scoring": f"district:{TS}"})
    rows = {r["plot"]: (r["types"], r["points"]) for r in out["plots"]}
    assert rows == {"violet": (2, 6), "gray": (2, 3)}
    front = edit(started(3), lambda w: (clear_board(w), biz(w, TS, "brown", "jeweler"), sky(w, TS, "violet", "red", 2)))
    assert [r["types"] for r in GAME.score(front, {"scoring": f"district:{TS}"})["plots"]] == [1]


# ------------------------------------------------------------------ readings that say where a rule comes from


def test_reading_plot_ring_order_is_the_options_and_changes_the_neighbours():
    reading = next(r for r in GAME.readings() if r.name == "plot_ring_order")
    assert reading.provenance == "assumption" and reading.default == list(D.COLOURS)
    o = started(3).options
    assert B.neighbours(o, "violet") == ("brown", "orange")
    other = started(3, options={"board": {"plot_ring": ["violet", "gray", "brown", "green", "orange"]}}).options
    assert B.neighbours(other, "violet") == ("gray", "orange")


def test_reading_district_names_the_seventh_is_doubtful():
    reading = next(r for r in GAME.readings() if r.name == "district_names")
    assert reading.provenance == "assumption"
    assert "42nd St East" in reading.text and "waaronder 'Fifth Avenue'" in reading.text
    names = {d["id"]: d["name"] for d in GAME.describe()["catalogues"]["districts"]}
    assert names["fifth-avenue"] == "Fifth Avenue"


def test_reading_dummy_builds_its_full_limit_and_scores_nothing():
    s = auction_at(n=2, hands={"red": [], "yellow": []}, extra=_dummy_draws(4, 4))
    points = {p.id: p.points for p in s.players}
    s = ok(ok(s, Move("pass", "red")), Move("pass", "yellow"))  # alea's 4 + 4 wins: limit 3
    assert plot_of(s, TS, "violet").skyscrapers == type(plot_of(s, TS, "violet").skyscrapers)("alea", 3)
    assert s.dummy.general == D.SKYSCRAPERS_PER_PLAYER - 3
    assert {p.id: p.points for p in s.players} == points


def test_state_sixth_plot_holds_no_skyscrapers():
    s = started(4, options=BACK)
    broken = edit(s, lambda w: sky(w, TS, D.SIXTH_PLOT, "red", 1), check=False)
    found = {(v.code, v.pointer) for v in GAME.validate(broken)}
    assert (CODE + "state.sixth_plot", f"/state/districts/{TS}/plots/{D.SIXTH_PLOT}/skyscrapers") in found
    assert GAME.validate(s) == []


def test_state_sixth_plot_only_on_the_back_side():
    from service.schemas.fifthavenue import WIRE

    plain = to_plain(started(3))
    plain["districts"][TS]["plots"][D.SIXTH_PLOT] = {"businesses": [], "skyscrapers": None}
    state = WIRE.state().load(plain)  # the wire takes it; validate says why it cannot be
    found = {(v.code, v.pointer) for v in GAME.validate(state)}
    assert (CODE + "state.sixth_plot", f"/state/districts/{TS}/plots/{D.SIXTH_PLOT}") in found
