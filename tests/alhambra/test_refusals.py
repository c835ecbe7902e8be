"""Every rule code the random playouts seldom reach, each from a position the game reaches (setup, or legal
moves from it), or a reached state with one thing changed; the refusal cites Alhambra's rules page."""

from dataclasses import replace

from service.engine.alhambra import GAME
from service.engine.newyork.state import Card, Dummy, Pending, Tile

from .helpers import RULES_PAGE, mv, play_out, play_until, start


def refused(state, move) -> list[str]:
    out = GAME.apply(state, move)
    assert not out.legal
    assert all(v.rule_url.startswith(RULES_PAGE) for v in out.violations)
    return [v.code for v in out.violations]


def invalid(state) -> list[str]:
    found = GAME.validate(state)
    assert all(v.rule_url.startswith(RULES_PAGE) for v in found)
    return [v.code for v in found]


def me(state) -> str:
    return state.players[state.current].id


# --- moves ----------------------------------------------------------------------------------------------


def test_a_tile_is_never_turned():
    state, place = play_until(start(3, seed=2), lambda s, m: m.type == "place")
    assert "alhambra.placement.orientation" in refused(state, replace(place, rotation=90))


def test_taking_money_from_an_empty_slot_or_none():
    s = start(3)
    emptied = replace(s, money_market=(None,) + s.money_market[1:], discard=s.discard + (s.money_market[0],))
    assert refused(emptied, mv("take_money", me(s), slots=[0])) == ["alhambra.money.empty_slot"]
    assert refused(s, mv("take_money", me(s), slots=[])) == ["alhambra.money.no_slots"]


def test_buying_from_an_empty_square_or_with_no_card():
    s = start(3)
    emptied = replace(s, market=(None,) + s.market[1:], bag=s.bag + (s.market[0],))
    assert "alhambra.buy.empty_slot" in refused(emptied, mv("buy", me(s), slot="denar", cards=[("denar", 9)]))
    assert refused(s, mv("buy", me(s), slot="denar", cards=[])) == ["alhambra.buy.no_cards"]


def test_a_card_the_price_does_not_need_is_refused_with_surplus_cards_off():
    def spare(state, move):
        hand = state.players[state.current].money or ()
        return move.type == "buy" and any(c.bank == move.slot and c not in move.cards for c in hand)

    state, buy = play_until(start(3, seed=2), spare)
    extra = next(c for c in state.players[state.current].money if c.bank == buy.slot and c not in buy.cards)
    strict = replace(state, options=replace(state.options, allow_surplus_cards=False))
    assert "alhambra.buy.surplus_card" in refused(strict, replace(buy, cards=buy.cards + (extra,)))


def test_a_move_must_fit_the_phase_the_player_and_the_game():
    s = start(3)
    assert refused(s, mv("place", me(s), tile=1, x=1, y=0))[0] == "alhambra.turn.wrong_phase"
    assert refused(s, mv("end_turn", "zed")) == ["alhambra.turn.unknown_player"]
    end = play_out(start(2, seed=9))
    assert refused(end, mv("end_turn", end.players[0].id)) == ["alhambra.turn.game_over"]


def test_moves_need_every_players_money():
    s = start(3)
    seen = GAME.view(s, me(s))
    assert refused(seen, mv("take_money", me(s), slots=[0])) == ["alhambra.state.hidden_money"]


# --- reveals at a real table ------------------------------------------------------------------------------


def test_a_reveal_needs_a_pending_draw_and_what_it_asks_for():
    s = start(3)
    assert refused(s, mv("reveal", me(s), tile=1)) == ["alhambra.reveal.not_pending"]
    table = start(3, chance="table")
    first = table.players[0].id
    assert refused(table, mv("reveal", first, card=Card("denar", 3))) == ["alhambra.reveal.wrong_kind"]
    after = GAME.apply(table, mv("reveal", first, tile=7)).state
    assert refused(after, mv("reveal", first, tile=7)) == ["alhambra.reveal.impossible"]


def test_scoring_card_a_comes_before_b():
    state, a = play_until(start(3, seed=1, chance="table"), lambda s, m: m.type == "reveal" and m.card == "A")
    assert refused(state, replace(a, card="B")) == ["alhambra.reveal.out_of_order"]


# --- states the rules cannot reach ------------------------------------------------------------------------


def test_every_tile_and_card_is_in_one_place():
    s = start(3)
    assert "alhambra.state.tile_count" in invalid(replace(s, market=(s.market[1],) + s.market[1:]))
    inline = Tile(None, "tower", "")
    players = (replace(s.players[0], reserve=(inline,)),) + s.players[1:]
    assert "alhambra.state.unknown_tile" in invalid(replace(s, players=players))
    assert "alhambra.state.money_count" in invalid(replace(s, discard=(Card("blue", 3),)))
    no_a = replace(s, money_deck=tuple(e for e in s.money_deck if e != "A"))
    assert "alhambra.state.scoring_cards" in invalid(no_a)


def test_players_phase_dummy_and_pending_fit_the_state():
    s = start(3)
    assert invalid(replace(s, players=s.players[:1])) == ["alhambra.state.players"]
    assert invalid(replace(s, winners=(s.players[0].id,))) == ["alhambra.state.phase"]
    assert "alhambra.state.dummy" in invalid(replace(s, dummy=Dummy(tiles=())))
    assert "alhambra.state.pending" in invalid(replace(s, pending=Pending("money_card", 0)))


def test_a_real_tables_deal_and_its_unknown_orders():
    table = start(2, chance="table")
    assert "alhambra.state.deal" in invalid(replace(table, dummy_owed=5))
    s = start(3)
    assert "alhambra.state.chance" in invalid(replace(s, options=replace(s.options, chance="table")))
    assert "alhambra.state.youngest" in invalid(replace(s, options=replace(s.options, youngest="zed")))


def test_alhambra_has_no_tier_option_so_state_options_never_clash():
    # New York's tier option is no option of Alhambra's: a state carrying a clash is still consistent, and
    # the code "alhambra.state.options" stays in the book only as New York's rule under Alhambra's id
    s = start(3)
    clash = replace(s, options=replace(s.options, type_tiers=(("museum", 1), ("station", 1), ("theater", 2))))
    assert "alhambra.state.options" not in invalid(clash) and invalid(clash) == []
