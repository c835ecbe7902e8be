"""Deals among any number of players: a deal that passes a lot, a tile or money on is judged as a whole
(readings trade_parties and trade_pass_on), on a position reached by legal moves at a real table."""

from service.engine.chinatown import GAME
from service.engine.chinatown.state import EndTrading, Trade, Transfer
from service.schemas.chinatown import WIRE

from .helpers import codes, play, reached_trade_state

# anna owns lots 1-5 and holds three photo tiles; bob and chang hold no photo tile
PASS_ON = (
    Transfer("anna", "bob", lots=(1,), tiles=("photo",)),
    Transfer("bob", "chang", lots=(1,), tiles=("photo",), money=10000),
    Transfer("chang", "anna", money=30000),
)


def test_trade_pass_on_a_three_player_deal_passes_a_lot_and_a_tile_on():
    state = reached_trade_state()
    assert state.player("bob").tile_count("photo") == 0 and state.board.get(1).owner == "anna"
    after = play(state, Trade("bob", PASS_ON))
    assert after.board.get(1).owner == "chang" and after.board.get(1).shop is None
    assert [after.player(pid).tile_count("photo") for pid in ("anna", "bob", "chang")] == [2, 0, 1]
    assert [after.player(pid).money for pid in ("anna", "bob", "chang")] == [80000, 40000, 30000]
    assert GAME.validate(after) == []


def test_trade_pass_on_equals_two_trades_made_one_after_the_other():
    state = reached_trade_state()
    at_once = play(state, Trade("bob", PASS_ON))
    one_after_the_other = play(
        state,
        Trade("anna", (PASS_ON[0],)),
        Trade("chang", PASS_ON[1:]),
    )
    assert at_once == one_after_the_other


def test_trade_pass_on_the_order_the_transfers_are_listed_in_does_not_matter():
    state = reached_trade_state()
    assert play(state, Trade("bob", PASS_ON[::-1])) == play(state, Trade("bob", PASS_ON))


def test_trade_pass_on_a_lot_that_comes_back_stays_with_its_owner():
    state = reached_trade_state()
    there_and_back = (Transfer("anna", "bob", lots=(1,)), Transfer("bob", "anna", lots=(1,), money=10000))
    after = play(state, Trade("anna", there_and_back))
    assert after.board.get(1).owner == "anna"
    assert after == play(state, Trade("anna", there_and_back[:1]), Trade("bob", there_and_back[1:]))


def test_trade_pass_on_a_lot_comes_only_from_its_owner():
    state = reached_trade_state()
    # lot 2 is anna's: bob and chang hand it to each other, but it never leaves anna
    out = GAME.apply(state, Trade("bob", (Transfer("bob", "chang", lots=(2,)), Transfer("chang", "bob", lots=(2,)))))
    assert codes(out) == ["chinatown.trade.lot_not_owned"] * 2
    assert [v.pointer for v in out.violations] == ["/move/transfers/0/lots/0", "/move/transfers/1/lots/0"]


def test_trade_pass_on_a_lot_is_given_on_only_as_often_as_it_is_held():
    state = reached_trade_state()
    out = GAME.apply(state, Trade("anna", (Transfer("anna", "bob", lots=(1,)), Transfer("anna", "chang", lots=(1,)))))
    assert codes(out) == ["chinatown.trade.lot_twice"]
    assert out.violations[0].pointer == "/move/transfers/1/lots/0"


def test_trade_pass_on_tiles_and_money_received_count_but_no_more():
    state = reached_trade_state()
    two_photos = (Transfer("anna", "bob", tiles=("photo",)), Transfer("bob", "chang", tiles=("photo", "photo")))
    assert codes(GAME.apply(state, Trade("bob", two_photos))) == ["chinatown.trade.tiles_short"]
    for passed, legal in ((60000, True), (70000, False)):  # bob has $50,000 and receives $10,000
        deal = (Transfer("anna", "bob", money=10000), Transfer("bob", "chang", money=passed))
        out = GAME.apply(state, Trade("bob", deal))
        assert out.legal is legal
        assert codes(out) == ([] if legal else ["chinatown.trade.money_short"])


def test_end_trading_votes_a_pass_on_deal_starts_the_vote_over():
    state = play(reached_trade_state(), EndTrading("anna"), EndTrading("chang"))
    after = play(state, Trade("bob", PASS_ON))
    assert after.done == ()
    assert {m.player for m in GAME.legal_moves(after)} == {"anna", "bob", "chang"}


def test_trade_pass_on_over_http(client):
    state = reached_trade_state()
    body = {"state": WIRE.state().dump(state), "move": WIRE.move().dump(Trade("bob", PASS_ON))}
    r = client.post("/v1/games/chinatown/moves", json=body)
    assert r.status_code == 200 and r.json["legal"], r.json
    assert r.json["state"]["board"]["1"] == {"owner": "chang"}
    assert WIRE.state().load(r.json["state"]) == play(state, Trade("bob", PASS_ON))
