"""Every rule code of Fifth Avenue comes back, with its pointer, from a position the game can reach
(setup plus moves), or for ``state.*`` codes from a reached state with one thing changed."""

from __future__ import annotations

import pytest

from service.engine.core import RulesError
from service.engine.fifthavenue import GAME
from service.engine.fifthavenue import data as D
from service.engine.fifthavenue.state import Move
from service.schemas.fifthavenue import from_plain, to_plain

from .helpers import PLAYERS, biz, clear_board, edit, ok, player, sky, started, supply
from .test_auctions import TS, _full_with_rivals, auction_at, bid, won
from .test_chance_and_view import at_table

CODE = "fifthavenue."


def refusals(state, move) -> set[tuple[str, str]]:
    out = GAME.apply(state, move)
    assert not out.legal
    return {(v.code, v.pointer) for v in out.violations}


def broken(change, base=None) -> set[tuple[str, str]]:
    """The violations of a reached state (default: after the starting placements) with ``change`` made."""
    w = to_plain(base if base is not None else started(3))
    change(w)
    return {(v.code, v.pointer) for v in GAME.validate(from_plain(w))}


def setup_refusal(players) -> set[tuple[str, str]]:
    with pytest.raises(RulesError) as e:
        GAME.setup(players, 0, {})
    return {(v.code, v.pointer) for v in e.value.violations}


# ------------------------------------------------------------------ setup


def test_setup_player_ids_must_differ():
    assert (CODE + "setup.duplicate_player", "/players") in setup_refusal(["red", "red", "blue"])


def test_setup_takes_two_to_four_players():
    assert setup_refusal(["red"]) == {(CODE + "setup.player_count", "/players")}
    assert setup_refusal(PLAYERS[4] + ["pink"]) == {(CODE + "setup.player_count", "/players")}


def test_setup_the_dummy_id_is_reserved_in_the_two_player_game():
    assert setup_refusal([D.DUMMY_ID, "red"]) == {(CODE + "setup.dummy_id_taken", "/players")}


# ------------------------------------------------------------------ turn and board


def test_reveal_with_nothing_pending_is_refused():
    move = Move("reveal", "red", tops=(("gray", 4),))
    assert (CODE + "chance.nothing_pending", "/move/type") in refusals(started(3), move)


def test_starting_placement_one_plot_per_district():
    s = GAME.setup(PLAYERS[3], 0, {})
    # the starting order (reading start_player) for red, yellow, blue: red, blue, then yellow twice in a row
    s = ok(s, Move("place_start", "red", district="34th-st-west", plot="violet"))
    s = ok(s, Move("place_start", "blue", district="34th-st-east", plot="violet"))
    s = ok(s, Move("place_start", "yellow", district="times-square", plot="violet"))
    assert s.turn.player == "yellow"
    move = Move("place_start", "yellow", district="times-square", plot="gray")
    assert refusals(s, move) == {(CODE + "board.one_plot_per_district", "/move/district")}


def test_board_unknown_district():
    move = Move("value_district", "red", district="hoboken")
    assert refusals(started(3), move) == {(CODE + "board.unknown_district", "/move/district")}


def test_board_unknown_plot():
    s = started(3)
    business = s.supply_row[0][0]
    move = Move("place_business", "red", district=TS, plot="pink", business=business)
    assert refusals(s, move) == {(CODE + "board.unknown_plot", "/move/plot")}


def stopped_times_square():
    """Red wins Times Square's auction without a plot there and declares the building stop (English rulebook p. 10)."""
    s = auction_at(layout=_full_with_rivals, hands={"red": ["green-4"]})
    s = bid(s, "red", ["green-4"], "green")
    s = ok(ok(s, Move("pass", "yellow")), Move("pass", "blue"))
    assert next(d for d in s.districts if d.id == TS).stopped
    while s.auction is not None:  # nobody bids in the Central Park auction that follows (its trigger names the colour)
        s = ok(s, next(m for m in GAME.legal_moves(s) if m.type == "pass"))
    return s


def test_board_no_business_in_a_stopped_district():
    s = stopped_times_square()
    who = s.turn.player
    assert s.turn.phase == "action1"
    move = Move("place_business", who, district=TS, plot="violet", business=s.supply_row[0][0])
    assert refusals(s, move) == {(CODE + "board.district_stopped", "/move/district")}


def test_action_a_needs_skyscrapers_in_the_general_supply():
    s = edit(started(3), lambda w: supply(w, "red", 15))
    assert refusals(s, Move("take_skyscrapers", "red")) == {(CODE + "action_a.general_empty", "/move/type")}


def test_commissioner_unknown():
    move = Move("black_and_move", "red", commissioner="purple", to="34th-st-west")
    assert refusals(started(3), move) == {(CODE + "commissioner.unknown", "/move/commissioner")}


# ------------------------------------------------------------------ auction and build


def test_auction_a_raise_keeps_the_colour_of_the_first_bid():
    s = auction_at(hands={"red": ["violet-4", "violet-5"], "yellow": ["brown-6"]})
    s = bid(s, "red", ["violet-4"], "violet")
    s = bid(s, "yellow", ["brown-6"], "brown")
    s = ok(s, Move("pass", "blue"))
    raise_ = Move("bid", "red", colour="gray", cards=("violet-5",))
    assert refusals(s, raise_) == {(CODE + "auction.colour_changed", "/move/colour")}


def test_building_stop_not_possible_when_the_winner_may_only_build():
    s = auction_at(hands={"red": ["violet-4", "black-4"]})
    s = won(bid(s, "red", ["violet-4", "black-4"], "violet"))
    assert s.auction.stage == "resolve"
    assert refusals(s, Move("building_stop", "red")) == {(CODE + "stop.not_possible", "/move/type")}


# ------------------------------------------------------------------ reveal


def test_reveal_answers_the_pending_question_in_its_own_field():
    s = at_table(ok(started(3), Move("take_skyscrapers", "red")))
    s = ok(s, Move("take_cards", "red", colours=("gray", "green")))
    move = Move("reveal", "red", drawn=(("red", (4,)),))
    assert refusals(s, move) == {(CODE + "reveal.wrong_fields", "/move/tops")}


# ------------------------------------------------------------------ score


def test_score_unknown_district():
    out = GAME.score(started(3), {"scoring": "district:hoboken"})
    assert [(v["code"], v["pointer"]) for v in out["violations"]] == [(CODE + "score.unknown_district", "/scoring")]


def test_score_a_stopped_district_has_no_valuation():
    out = GAME.score(stopped_times_square(), {"scoring": "district:" + TS})
    assert [(v["code"], v["pointer"]) for v in out["violations"]] == [(CODE + "score.stopped_district", "/scoring")]


def test_score_a_building_stop_needs_its_declarer():
    out = GAME.score(started(3), {"scoring": "building_stop:" + TS})
    assert (CODE + "score.declarer_missing", "/declarer") in {(v["code"], v["pointer"]) for v in out["violations"]}


# ------------------------------------------------------------------ state: board


def test_state_plot_ring_lists_each_colour_once():
    def ring(w):
        w["options"]["board"]["plot_ring"] = ["violet"] * 5

    assert (CODE + "state.bad_plot_ring", "/state/options/board/plot_ring") in broken(ring)


def test_state_plot_holds_at_most_two_businesses():
    def overfull(w):
        clear_board(w)
        biz(w, TS, "orange", "boutique", "gallery", "jeweler")

    pointer = f"/state/districts/{TS}/plots/orange/businesses"
    assert (CODE + "state.plot_overfull", pointer) in broken(overfull)


def test_state_skyscraper_entry_counts_at_least_one():
    def empty(w):
        clear_board(w)
        sky(w, TS, "orange", "red", 0)

    assert (CODE + "state.empty_skyscrapers", f"/state/districts/{TS}/plots/orange/skyscrapers/count") in broken(empty)


def test_state_stopped_district_holds_no_pieces():
    def stopped(w):
        clear_board(w)
        sky(w, TS, "orange", "red", 1)
        w["districts"][TS]["stopped"] = True

    assert (CODE + "state.stopped_not_empty", f"/state/districts/{TS}/plots/orange") in broken(stopped)


def test_state_park_lists_each_owner_once():
    def twice(w):
        for _ in range(2):
            player(w, "red")["general"] -= 1
            w["districts"][D.CENTRAL_PARK]["skyscrapers"].append({"owner": "red", "count": 1})

    assert (CODE + "state.park_owner_twice", f"/state/districts/{D.CENTRAL_PARK}/skyscrapers/1") in broken(twice)


# ------------------------------------------------------------------ state: players and turn


def test_state_two_to_four_players():
    def fifth(w):
        w["players"].append(dict(w["players"][-1], id="pink", hand=[], hand_size=0))

    assert (CODE + "state.player_count", "/state/players") in broken(fifth, started(4))


def test_state_player_ids_differ():
    def same(w):
        w["players"][1]["id"] = "red"

    assert (CODE + "state.duplicate_player", "/state/players") in broken(same)


def test_state_exactly_the_two_player_game_has_the_dummy():
    def no_dummy(w):
        w["dummy"] = None

    assert (CODE + "state.dummy", "/state/dummy") in broken(no_dummy, started(2))


def test_state_skyscraper_owner_is_in_the_game():
    def ghost(w):
        clear_board(w)
        sky(w, TS, "orange", "red", 1)
        w["districts"][TS]["plots"]["orange"]["skyscrapers"]["owner"] = "ghost"

    pointer = f"/state/districts/{TS}/plots/orange/skyscrapers/owner"
    assert (CODE + "state.unknown_owner", pointer) in broken(ghost)


def test_state_hand_size_counts_the_hand():
    def size(w):
        w["players"][0]["hand_size"] += 1

    assert broken(size) == {(CODE + "state.hand_size", "/state/players/0/hand_size")}


def test_state_needs_a_turn():
    def no_turn(w):
        w["turn"] = None

    assert (CODE + "state.no_turn", "/state/turn") in broken(no_turn)


def test_state_turn_player_is_in_the_game():
    def ghost(w):
        w["turn"]["player"] = "ghost"

    assert (CODE + "state.turn_player", "/state/turn/player") in broken(ghost)


def test_state_start_queue_only_in_the_start_phase():
    def queue(w):
        w["turn"]["start_queue"] = ["red"]

    assert broken(queue) == {(CODE + "state.start_queue", "/state/turn/start_queue")}


def test_state_auction_exactly_in_the_auction_phase():
    def phase(w):
        w["turn"]["phase"] = "auction"

    assert (CODE + "state.auction_phase", "/state/auction") in broken(phase)


def test_state_turn_names_its_first_action():
    def second(w):
        w["turn"]["phase"] = "action2"

    assert broken(second) == {(CODE + "state.turn_action", "/state/turn/action")}


def test_state_finished_game_and_only_it_has_a_result():
    def over(w):
        w["turn"]["phase"] = "over"

    assert (CODE + "state.result", "/state/result") in broken(over)


def test_state_park_order_is_an_order_of_the_eight_places():
    def order(w):
        w["park_order"] = [0] * 8

    assert broken(order) == {(CODE + "state.park_order", "/state/park_order")}


def test_state_commissioner_stands_on_a_place():
    def away(w):
        w["commissioners"]["white"]["at"] = "hoboken"

    assert (CODE + "state.commissioner_at", "/state/commissioners/white/at") in broken(away)


def test_state_one_marker_per_district():
    def markers(w):
        w["commissioners"]["white"]["markers"] = [TS, TS]

    assert broken(markers) == {(CODE + "state.markers", "/state/commissioners/white/markers")}


# ------------------------------------------------------------------ state: auction


def auction_broken(change):
    s = auction_at(hands={"red": ["violet-4", "violet-5"]})
    return broken(lambda w: change(w["auction"]), bid(s, "red", ["violet-4"], "violet"))


def test_state_auction_commissioner_trigger_and_resume():
    assert (CODE + "state.auction", "/state/auction") in auction_broken(lambda a: a.update(resume="later"))


def test_state_auction_site_is_a_district():
    assert (CODE + "state.auction_site", "/state/auction/site") in auction_broken(lambda a: a.update(site="hoboken"))


def test_state_auction_order_lists_every_bidder_once():
    assert (CODE + "state.auction_order", "/state/auction/order") in auction_broken(lambda a: a["order"].pop())


def test_state_auction_to_act_has_not_passed():
    assert (CODE + "state.auction_to_act", "/state/auction/to_act") in auction_broken(
        lambda a: a.update(passed=[a["to_act"]])
    )


def test_state_auction_passed_bidders_are_bidders():
    assert (CODE + "state.auction_passed", "/state/auction/passed") in auction_broken(
        lambda a: a.update(passed=["ghost"])
    )


def test_state_auction_only_central_park_has_its_colour():
    assert (CODE + "state.auction_stage", "/state/auction/park_colour") in auction_broken(
        lambda a: a.update(park_colour="violet")
    )


def test_state_auction_full_only_for_a_full_district():
    assert (CODE + "state.auction_full", "/state/auction/full") in auction_broken(lambda a: a.update(full=True))


def test_state_auction_bid_belongs_to_an_active_bidder():
    assert (CODE + "state.auction_bid", "/state/auction/bids/0") in auction_broken(
        lambda a: a["bids"][0].update(player="ghost")
    )


# ------------------------------------------------------------------ state: hidden questions, supplies, counts


def test_state_pending_reveal_fits_the_state():
    def pending(w):  # set 1 is known, so it cannot be waiting to be revealed
        w["pending"] = {"kind": "supply_set", "index": 0, "count": 3}

    assert broken(pending) == {(CODE + "state.pending", "/state/pending")}


def test_state_supply_row_has_eight_sets():
    assert broken(lambda w: w["supply_row"].pop()) == {(CODE + "state.supply_row", "/state/supply_row")}


def test_state_stack_holds_zero_to_twelve_cards():
    def big(w):
        w["stacks"]["gray"]["count"] = 13

    assert (CODE + "state.stack", "/state/stacks/gray/count") in broken(big)


def test_state_black_deck_count_matches_its_cards():
    def count(w):
        w["black_deck"]["count"] += 1

    assert broken(count) == {(CODE + "state.black_deck", "/state/black_deck")}


def test_state_eighteen_skyscrapers_per_player():
    def extra(w):
        player(w, "red")["general"] += 1

    assert broken(extra) == {(CODE + "state.skyscrapers", "/state/players/0")}


def test_state_thirty_six_businesses():
    def extra(w):
        w["box"] += 1

    assert broken(extra) == {(CODE + "state.businesses", "/state/districts")}


def test_state_businesses_placed_matches_the_supply_row():
    def count(w):
        w["businesses_placed"] += 1

    assert broken(count) == {(CODE + "state.businesses_placed", "/state/businesses_placed")}


def test_state_central_park_holds_one_business_per_emptied_set():
    def park(w):
        w["box"] -= 1
        w["districts"][D.CENTRAL_PARK]["businesses"].append("boutique")

    pointer = f"/state/districts/{D.CENTRAL_PARK}/businesses"
    assert broken(park) == {(CODE + "state.park_businesses", pointer)}


def test_state_one_hundred_and_ten_cards():
    def extra(w):
        w["discard"].append("violet-4")

    assert (CODE + "state.cards", "/state/players") in broken(extra)


def test_state_the_twelfth_business_ends_the_game():
    """A finished game put back into play (its row empty, 12 businesses placed) is not a state the rules
    reach: the 12th business ends the game. validate says so, so no move can meet an empty supply row."""
    from .helpers import random_game, set_turn

    over = random_game(2, 5)
    assert over.turn.phase == "over" and over.businesses_placed == D.BUSINESSES_ENDING_GAME
    assert GAME.validate(over) == []

    def reopened(w):
        set_turn(w, w["players"][0]["id"])
        w["result"] = None

    state = edit(over, reopened, check=False)
    found = {(v.code, v.pointer) for v in GAME.validate(state)}
    assert (CODE + "state.businesses_placed", "/state/businesses_placed") in found
    assert not GAME.apply(state, Move("place_business", state.players[0].id, district=TS, business="boutique")).legal
