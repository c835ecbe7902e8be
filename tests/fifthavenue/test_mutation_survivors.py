"""Rules the sampled mutation run (tests/mutation) found no test for."""
from __future__ import annotations

from dataclasses import replace

from service.engine.fifthavenue import GAME
from service.engine.fifthavenue.state import Move

from .helpers import clear_board, edit, ok, sky, started
from .test_chance_and_view import at_table


def pending_black_cards():
    def change(w):
        clear_board(w)
        sky(w, "times-square", "gray", "red", 1)
        w["commissioners"]["white"]["at"] = "times-square"

    s = ok(at_table(edit(started(3), change)), Move("value_district", "red", district="times-square"))
    assert s.pending.kind == "black_cards" and s.pending.draws == (("red", 2), ("yellow", 1), ("blue", 1))
    return s


def test_validate_pending_black_cards_are_drawn_by_players_of_the_game_at_least_one_each():
    s = pending_black_cards()
    assert GAME.validate(s) == []
    for draws in ((("red", 2), ("yellow", 1), ("zed", 1)), (("red", 2), ("yellow", 1), ("blue", 0))):
        bad = replace(s, pending=replace(s.pending, draws=draws))
        assert [v.code for v in GAME.validate(bad)] == ["fifthavenue.state.pending"], draws


def test_reading_bid_requires_supply_except_in_a_full_district_where_the_winner_may_stop_instead():
    from .helpers import supply
    from .test_auctions import TS, _full_with_rivals, auction_at, bid

    def setting(w):
        w["commissioners"]["beige"].update(at="52nd-st-east", markers=[TS])
        supply(w, "red", 0)

    s = auction_at(layout=_full_with_rivals, hands={"red": ["green-4"]}, extra=setting)
    assert s.auction.full and next(p for p in s.players if p.id == "red").supply == 0
    assert Move("bid", "red", colour="green", cards=("green-4",)) in GAME.legal_moves(s)
    s = ok(ok(bid(s, "red", ["green-4"], "green"), Move("pass", "yellow")), Move("pass", "blue"))
    assert next(d for d in s.districts if d.id == TS).stopped


def test_only_minimal_bids_listed_beyond_max_listed_bids_not_at_it():
    from service.engine.fifthavenue.moves import MAX_LISTED_BIDS, only_minimal_bids_listed

    from .test_auctions import auction_at

    def hand(black_sixes):
        # 4 colours held by nobody (1 pick each) + violet 4 and 5 (4 picks) = 8; black (9+1)(4+1)(n+1)
        return ["violet-4", "violet-5"] + ["black-4"] * 9 + ["black-5"] * 4 + ["black-6"] * black_sixes

    s = auction_at(hands={"red": hand(4)})
    assert 8 * 10 * 5 * 5 == MAX_LISTED_BIDS and not only_minimal_bids_listed(s, "red")
    assert only_minimal_bids_listed(auction_at(hands={"red": hand(5)}), "red")
