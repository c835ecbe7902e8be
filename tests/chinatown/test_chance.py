"""Chance at a real table (options.chance = "table") and hidden information."""

import random

from service.engine.chinatown import GAME
from service.engine.chinatown.data import LOTS, SHOP_TYPES, TILE_COUNTS
from service.engine.chinatown.hidden import bag_contents, deck_contents
from service.engine.chinatown.state import Keep, Pending, Reveal

from .helpers import codes, make_state, play, play_game, random_reveal


def table_setup():
    return GAME.setup(["anna", "bob", "chang"], 1, {"chance": "table"})


def test_table_setup_has_no_orders_and_a_pending_deal():
    state = table_setup()
    assert state.deck is None and state.bag is None and state.shuffle_seed is None
    assert state.phase == "deal" and state.pending == Pending("deal", "anna", 7)


def test_reveal_of_a_deal_goes_to_the_next_player_then_keep():
    state = table_setup()
    for i, pid in enumerate(("anna", "bob", "chang")):
        out = GAME.apply(state, Reveal(pid, lots=tuple(range(1 + 7 * i, 8 + 7 * i))))
        assert out.legal, out.violations
        state = out.state
    assert state.phase == "keep" and state.pending is None
    assert state.player("bob").hand == tuple(range(8, 15))


def test_reveal_must_be_possible_a_claimed_or_held_card_is_refused():
    state = GAME.apply(table_setup(), Reveal("anna", lots=(1, 2, 3, 4, 5, 6, 7))).state
    out = GAME.apply(state, Reveal("bob", lots=(7, 8, 9, 10, 11, 12, 12)))
    assert codes(out) == ["chinatown.reveal.lot_unavailable", "chinatown.reveal.duplicate"]
    assert [v.pointer for v in out.violations] == ["/move/lots/0", "/move/lots/6"]


def test_reveal_count_player_and_kind_are_checked():
    state = table_setup()
    assert codes(GAME.apply(state, Reveal("anna", lots=()))) == ["chinatown.reveal.count"]
    assert codes(GAME.apply(state, Reveal("anna", lots=tuple(range(1, 9))))) == ["chinatown.reveal.count"]
    out = GAME.apply(state, Reveal("bob", lots=tuple(range(1, 8))))
    assert codes(out) == ["chinatown.reveal.wrong_player"]
    assert out.violations[0].message.startswith("It is not \u2068bob\u2069's turn: the game awaits \u2068anna\u2069.")
    assert codes(GAME.apply(state, Reveal("anna", tiles=("photo",) * 7))) == ["chinatown.reveal.wrong_kind"]


def test_reveal_without_a_pending_draw_is_refused():
    assert codes(GAME.apply(make_state("trade"), Reveal("anna", lots=(1,)))) == ["chinatown.reveal.not_pending"]


def test_other_moves_wait_for_the_pending_reveal():
    assert codes(GAME.apply(table_setup(), Keep("anna", (1, 2, 3, 4, 5)))) == ["chinatown.move.reveal_pending"]


def draw_state():
    return make_state("draw", players=("anna", "bob", "chang"))


def test_tile_draw_reveal_must_fit_the_bag():
    state = draw_state()
    assert state.pending == Pending("draw", "anna", 7)
    left = bag_contents(state)
    too_many = ("photo",) * (left["photo"] + 1) + ("seafood",) * (6 - left["photo"])
    out = GAME.apply(state, Reveal("anna", tiles=too_many))
    assert codes(out) == ["chinatown.reveal.tile_unavailable"]
    assert "bag" in out.violations[0].message
    ok = GAME.apply(
        state, Reveal("anna", tiles=("photo", "photo", "seafood", "seafood", "jewelry", "florist", "dim_sum"))
    )
    assert ok.legal and ok.state.pending == Pending("draw", "bob", 7)
    assert ok.state.player("anna").tile_count("photo") == 2


def test_after_the_last_draw_trading_starts():
    state = draw_state()
    rng = random.Random(3)
    for _ in range(3):
        state = GAME.apply(state, random_reveal(state, rng)).state
    assert state.phase == "trade" and state.pending is None


def test_legal_moves_list_each_card_the_deck_can_still_deal():
    state = play(table_setup(), Reveal("anna", lots=tuple(range(1, 8))))
    assert GAME.legal_moves(state) == [Reveal("bob", lots=(lot,)) for lot in range(8, 86)]


def test_legal_moves_list_each_shop_type_the_bag_can_still_give():
    state = make_state("draw", round_no=6, players=("a", "b", "c", "d", "e"))
    listed = GAME.legal_moves(state)
    assert listed == [Reveal("a", tiles=(shop,)) for shop in SHOP_TYPES if bag_contents(state)[shop] > 0]
    assert all(GAME.apply(state, m).legal for m in listed)


def test_listed_reveals_are_generated_lazily():
    listing = GAME.candidates(table_setup(), None, None)
    assert next(listing) == Reveal("anna", lots=(1,)) and not isinstance(listing, (list, tuple))


def test_a_deal_revealed_a_card_at_a_time_equals_the_whole_deal_at_once():
    start = table_setup()
    state = start
    for i, lot in enumerate(range(1, 8)):
        assert state.pending == Pending("deal", "anna", 7 - i)
        state = play(state, Reveal("anna", lots=(lot,)))
        assert GAME.validate(state) == []
    assert state.pending == Pending("deal", "bob", 7)
    assert state == play(start, Reveal("anna", lots=tuple(range(1, 8))))
    half = play(start, Reveal("anna", lots=(1, 2, 3)), Reveal("anna", lots=(4, 5, 6, 7)))
    assert half == state


def test_a_draw_revealed_a_tile_at_a_time_equals_the_whole_draw_at_once():
    start = draw_state()
    tiles = ("photo", "photo", "seafood", "seafood", "jewelry", "florist", "dim_sum")
    state = start
    for i, shop in enumerate(tiles):
        assert state.pending == Pending("draw", "anna", 7 - i)
        state = play(state, Reveal("anna", tiles=(shop,)))
        assert GAME.validate(state) == []
    assert state.pending == Pending("draw", "bob", 7)
    assert state == play(start, Reveal("anna", tiles=tiles))


def test_validate_a_partly_revealed_deal_or_draw_must_match_its_pending_count():
    from dataclasses import replace

    deal = play(table_setup(), Reveal("anna", lots=(1, 2)))
    assert codes(GAME.validate(replace(deal, pending=Pending("deal", "anna", 7)))) == ["chinatown.state.pending"]
    draw = play(draw_state(), Reveal("anna", tiles=("photo", "photo")))
    assert codes(GAME.validate(replace(draw, pending=Pending("draw", "anna", 7)))) == ["chinatown.state.pending"]
    full_hand = replace(
        deal, players=tuple(replace(p, hand=tuple(range(1, 8))) if p.id == "anna" else p for p in deal.players)
    )
    assert "chinatown.state.hand_size" in codes(GAME.validate(full_hand))


def test_validate_conservation_nothing_revealed_twice():
    state = play(table_setup(), Reveal("anna", lots=tuple(range(1, 8))))
    from dataclasses import replace

    twice = replace(
        state,
        players=tuple(replace(p, hand=(7,)) if p.id == "bob" else p for p in state.players),
        pending=Pending("deal", "bob", 6),
    )
    assert codes(GAME.validate(twice)) == ["chinatown.state.lot_duplicated"]
    assert codes(GAME.apply(state, Reveal("bob", lots=(7,)))) == ["chinatown.reveal.lot_unavailable"]


def test_validate_conservation_nothing_that_is_not_in_the_box():
    from dataclasses import replace

    state = make_state("trade", tiles={"bob": {"photo": 2}})
    extra = {shop: TILE_COUNTS[shop] + 1 for shop in ("photo",)}
    too_many = replace(
        state,
        players=tuple(replace(p, tiles=tuple(sorted(extra.items()))) if p.id == "bob" else p for p in state.players),
    )
    assert "chinatown.state.tile_count" in codes(GAME.validate(too_many))
    unknown = replace(
        state,
        players=tuple(replace(p, tiles=(("unicorn", 1),) + p.tiles) if p.id == "bob" else p for p in state.players),
    )
    assert "chinatown.state.not_in_box" in codes(GAME.validate(unknown))
    card_86 = replace(
        table_setup(),
        players=tuple(replace(p, hand=(86,)) if p.id == "anna" else p for p in table_setup().players),
        pending=Pending("deal", "anna", 6),
    )
    assert codes(GAME.validate(card_86)) == ["chinatown.state.not_in_box"]
    assert len(LOTS) == 85 and sum(TILE_COUNTS.values()) == 90


def test_a_whole_game_at_a_real_table_played_by_legal_moves_and_reveals():
    # four players: the table deals 76 kept lots and 84 tiles over six years (the rulebook's table)
    end, _ = play_game(["anna", "bob", "chang", "dan"], 17, {"chance": "table"}, trade_rate=0.3)
    assert end.phase == "end" and end.deck is None and end.bag is None
    assert len(end.board) == 76
    in_play = sum(1 for _, cell in end.board.items() if cell.shop) + sum(n for p in end.players for _, n in p.tiles)
    assert in_play == 84


def test_deck_contents_are_the_unclaimed_unheld_cards():
    state = make_state("trade")
    claimed = {lot for lot, _ in state.board.items()}
    assert deck_contents(state) == set(range(1, 86)) - claimed


def test_digital_play_deals_from_the_state_orders():
    state = GAME.setup(["anna", "bob", "chang"], 11, {})
    assert state.pending is None and state.phase == "keep"
    assert len(state.deck) == 64


def test_view_hides_other_players_money_hands_and_orders():
    state = GAME.setup(["anna", "bob", "chang"], 11, {})
    seen = GAME.view(state, "anna")
    assert seen.player("anna") == state.player("anna")
    assert seen.player("bob").money is None and seen.player("bob").hand is None
    assert seen.deck is None and seen.bag is None and seen.shuffle_seed is None
    assert seen.board == state.board
    assert "chinatown.state.hidden" in codes(GAME.validate(seen))


def test_view_keeps_public_tiles():
    state = make_state("trade", tiles={"bob": {"photo": 2}})
    assert GAME.view(state, "anna").player("bob").tiles == state.player("bob").tiles


def test_messages_never_name_hidden_orders():
    state = GAME.setup(["anna", "bob", "chang"], 11, {})
    bad = GAME.apply(state, Keep("anna", (state.deck[0],) * 5))
    for v in bad.violations:
        assert str(state.deck[1]) not in v.message


def test_digital_reshuffle_uses_the_state_seed_only():
    a = GAME.setup(["anna", "bob", "chang"], 11, {})
    for p in a.players:
        a = GAME.apply(a, Keep(p.id, tuple(sorted(p.hand)[:5]))).state
    b = GAME.setup(["anna", "bob", "chang"], 11, {})
    for p in b.players:
        b = GAME.apply(b, Keep(p.id, tuple(sorted(p.hand)[:5]))).state
    assert a == b and a.shuffle_seed != GAME.setup(["anna", "bob", "chang"], 11, {}).shuffle_seed


def test_deck_at_the_table_with_a_digital_bag_mixes_both_ways():
    state = replace_deck_none(GAME.setup(["anna", "bob", "chang"], 12, {}))
    assert GAME.validate(state) == []
    for p in state.players:
        state = GAME.apply(state, Keep(p.id, tuple(sorted(p.hand)[:5]))).state
    assert state.phase == "trade" and sum(n for _, n in state.player("anna").tiles) == 7  # drawn by the engine
    assert state.deck is None


def replace_deck_none(state):
    from dataclasses import replace

    return replace(state, deck=None, shuffle_seed=None)


def test_a_real_table_deal_revealed_card_by_card_over_http(client):
    state = client.post(
        "/v1/games/chinatown/setup",
        json={"players": ["anna", "bob", "chang"], "seed": 1, "options": {"chance": "table"}},
    ).json["state"]
    assert (
        state["deck"] is None
        and state["bag"] is None
        and state["pending"] == {"kind": "deal", "player": "anna", "count": 7}
    )
    listed = client.post("/v1/games/chinatown/legal-moves", json={"state": state}).json["moves"]
    assert listed == [{"type": "reveal", "player": "anna", "lots": [lot]} for lot in range(1, 86)]
    answer = client.post("/v1/games/chinatown/moves", json={"state": state, "move": listed[40]}).json
    assert answer["legal"] and answer["state"]["pending"] == {"kind": "deal", "player": "anna", "count": 6}
    assert answer["state"]["players"][0]["hand"] == [41]
    assert client.post("/v1/games/chinatown/validate", json={"state": answer["state"]}).json["valid"] is True
    again = client.post("/v1/games/chinatown/moves", json={"state": answer["state"], "move": listed[40]}).json
    assert not again["legal"] and [v["code"] for v in again["violations"]] == ["chinatown.reveal.lot_unavailable"]
