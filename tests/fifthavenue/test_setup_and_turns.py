"""Setup and the turn's three actions."""

from __future__ import annotations

from collections import Counter

from service.engine.fifthavenue import GAME
from service.engine.fifthavenue import data as D
from service.engine.fifthavenue.checks import current_set
from service.engine.fifthavenue.setup import start_order
from service.engine.fifthavenue.state import Move
from service.engine.random import SEED_SPAN

from .helpers import PLAYERS, biz, clear_board, deal, edit, ok, player, refused, set_turn, sky, started


def test_setup_puts_one_business_per_district_each_colour_once_or_twice():
    for seed in range(30):
        s = GAME.setup(PLAYERS[3], seed, {})
        colours = Counter()
        for d in s.districts:
            holding = [p for p in d.plots if p.businesses]
            assert len(holding) == 1 and len(holding[0].businesses) == 1
            colours[holding[0].colour] += 1
        assert set(colours) == set(D.COLOURS) and max(colours.values()) <= 2


def test_setup_supply_row_hands_and_skyscrapers():
    s = GAME.setup(PLAYERS[4], 7, {})
    assert [len(t) for t in s.supply_row] == [3, 2, 3, 2, 3, 2, 3, 2]
    assert s.box == 9
    for p in s.players:
        colours = Counter(D.card_parts(c)[0] for c in p.hand)
        assert colours == Counter({**{c: 1 for c in D.COLOURS}, "black": 4})
        assert (p.supply, p.general, p.points) == (3, 12, 0)
    assert all(k.at == D.CITY_HALL and not k.markers for _, k in s.commissioners)
    assert s.dummy is None and GAME.setup(PLAYERS[2], 7, {}).dummy is not None


def test_setup_is_deterministic_by_seed():
    assert GAME.setup(PLAYERS[3], 42, {}) == GAME.setup(PLAYERS[3], 42, {})
    assert GAME.setup(PLAYERS[3], 42, {}) != GAME.setup(PLAYERS[3], 43, {})


def test_reading_start_player_placement_order():
    assert start_order(["a", "b", "c", "d"]) == ("a", "d", "c", "b", "b", "c", "d", "a")
    s = GAME.setup(["a", "b", "c"], 1, {})
    assert s.turn.player == "a" and s.turn.phase == "start"
    while s.turn.phase == "start":
        s = ok(s, GAME.legal_moves(s)[0])
    assert s.turn.player == "a" and s.turn.phase == "action1"
    for p in s.players:
        owned = [d.id for d in s.districts for q in d.plots if q.skyscrapers and q.skyscrapers.owner == p.id]
        assert len(owned) == 2 and len(set(owned)) == 2


def test_start_placement_needs_an_empty_plot_in_a_new_district():
    s = GAME.setup(["a", "b", "c"], 1, {})
    d = s.districts[0]
    busy = next(p.colour for p in d.plots if p.businesses)
    assert "fifthavenue.start.plot_occupied" in refused(s, Move("place_start", "a", district=d.id, plot=busy))
    free = next(p.colour for p in d.plots if not p.businesses)
    s = ok(s, Move("place_start", "a", district=d.id, plot=free))
    # the 'a' player's second placement comes at the end; try it out of turn too
    assert "fifthavenue.turn.not_your_turn" in refused(s, Move("place_start", "a", district=d.id, plot=free))


def test_action_a_takes_three_skyscrapers_from_the_general_supply():
    s = started(3)
    s = ok(s, Move("take_skyscrapers", "red"))
    red = s.players[0]
    assert (red.supply, red.general) == (6, 9)
    assert s.turn.phase == "action2" and s.turn.action == "A"


def test_action_b_business_from_the_current_set_and_last_tile_to_central_park():
    s = started(3)
    first = s.supply_row[0]
    assert len(first) == 3
    target = next((d.id, p.colour) for d in s.districts for p in d.plots if not p.businesses and not p.skyscrapers)
    wrong = next(b for b in D.BUSINESSES if b not in first)  # a 3-set lacks at least one type
    assert "fifthavenue.action_b.business_not_in_set" in refused(
        s, Move("place_business", "red", district=target[0], plot=target[1], business=wrong)
    )
    s = ok(s, Move("place_business", "red", district=target[0], plot=target[1], business=first[0]))
    assert len(s.supply_row[0]) == 2 and s.park.businesses == () and s.businesses_placed == 1
    s = ok(s, GAME.legal_moves(s)[0])  # take cards
    s = ok(s, GAME.legal_moves(s)[0])  # move a commissioner
    b = s.supply_row[0][0]
    s = ok(s, Move("place_business", "yellow", district=target[0], plot=target[1], business=b))
    assert s.supply_row[0] == () and len(s.park.businesses) == 1  # the set's last tile went below the park
    plot = next(p for d in s.districts if d.id == target[0] for p in d.plots if p.colour == target[1])
    assert len(plot.businesses) == 2
    assert current_set(s) == 1  # the next set is now the current one


def test_action_b_refuses_plots_with_skyscrapers_or_two_businesses():
    s = started(3)
    s = edit(
        s,
        lambda w: (
            biz(w, "times-square", "gray", "boutique", "gallery"),
            sky(w, "times-square", "violet", "blue", 1)
            if not any(
                p["skyscrapers"] and p["skyscrapers"]["owner"] == "blue"
                for p in w["districts"]["times-square"]["plots"].values()
            )
            else None,
        ),
    )
    b = s.supply_row[0][0]
    assert "fifthavenue.action_b.plot_full" in refused(
        s, Move("place_business", "red", district="times-square", plot="gray", business=b)
    )
    owned = next(p.colour for d in s.districts if d.id == "times-square" for p in d.plots if p.skyscrapers)
    assert "fifthavenue.action_b.plot_has_skyscrapers" in refused(
        s, Move("place_business", "red", district="times-square", plot=owned, business=b)
    )


def test_action_c_takes_a_black_card_and_moves_a_commissioner():
    s = started(3)
    before = s.players[0].hand_size
    s = ok(s, Move("black_and_move", "red", commissioner="white", to="34th-st-east"))
    assert s.players[0].hand_size == before + 1
    assert dict(s.commissioners)["white"].at == "34th-st-east"
    assert s.turn.phase == "action2" and s.turn.action == "C"


def test_action_d_only_where_a_commissioner_stands():
    s = started(3)
    assert GAME.legal_moves(s, move_type="value_district") == []  # both in City Hall
    assert "fifthavenue.action_d.no_commissioner" in refused(s, Move("value_district", "red", district="times-square"))
    s = edit(s, lambda w: w["commissioners"]["white"].update(at="times-square"))
    assert [m.district for m in GAME.legal_moves(s, move_type="value_district")] == ["times-square"]
    s = edit(s, lambda w: w["commissioners"]["beige"].update(at="fifth-avenue"))
    assert {m.district for m in GAME.legal_moves(s, move_type="value_district")} == {"times-square", "fifth-avenue"}
    s = edit(s, lambda w: w["commissioners"]["beige"].update(at="central-park"))
    assert [m.district for m in GAME.legal_moves(s, move_type="value_district")] == ["times-square"]


def _valued(n=3, options=None, turn="red"):
    s = started(n, options=options)

    def change(w):
        clear_board(w)
        sky(w, "times-square", "gray", "red", 2)
        sky(w, "fifth-avenue", "gray", "yellow", 1)
        sky(w, "times-square", "violet", "yellow", 1)
        biz(w, "times-square", "brown", "boutique")
        biz(w, "times-square", "green", "gallery")
        w["commissioners"]["white"]["at"] = "times-square"
        set_turn(w, turn)

    return edit(s, change)


def _over_http(client, state, move):
    from service.schemas.fifthavenue import WIRE

    body = {"state": WIRE.state().dump(state), "move": WIRE.move().dump(move)}
    answer = client.post("/v1/games/fifthavenue/moves", json=body).get_json()
    assert answer["legal"], answer
    return answer


def test_action_d_scorer_takes_two_black_cards_plus_one_each_without_a_skyscraper_rulebook_example(client):
    """English rulebook p. 9: 'Blue scores this district. He takes 2 black cards plus a third black card,
    as he has no skyscraper in this district. Green also takes 1 black card.' Played over HTTP: red and
    yellow own skyscrapers in Times Square, blue (the scorer) and green none."""
    from service.schemas.fifthavenue import WIRE

    s = _valued(4, turn="blue")
    score = client.post(
        "/v1/games/fifthavenue/score", json={"state": WIRE.state().dump(s), "scoring": "district:times-square"}
    ).get_json()
    assert score["totals"] == {"red": 2 * 3, "yellow": 1 * 2, "blue": 0, "green": 0}
    answer = _over_http(client, s, Move("value_district", "blue", district="times-square"))
    hands = {p["id"]: p["hand_size"] for p in answer["state"]["players"]}
    assert {p.id: hands[p.id] - p.hand_size for p in s.players} == {"red": 0, "yellow": 0, "blue": 3, "green": 1}
    assert {p["id"]: p["points"] for p in answer["state"]["players"]} == score["totals"]
    drawn = {e["player"]: e["count"] for e in answer["events"] if e["kind"] == "black_cards_drawn"}
    assert drawn == {"blue": 3, "green": 1}


def test_reading_valuation_black_cards_two_by_default_one_as_the_dutch_summary():
    s = _valued()
    hands = {p.id: p.hand_size for p in s.players}
    s2 = ok(s, Move("value_district", "red", district="times-square"))
    assert {p.id: p.points for p in s2.players} == {"red": 2 * 3, "yellow": 1 * 2, "blue": 0}
    assert {p.id: p.hand_size - hands[p.id] for p in s2.players} == {"red": 2, "yellow": 0, "blue": 1}
    assert s2.turn.phase == "action3"  # the second action after D is done at once
    s1 = ok(_valued(options={"valuation_black_cards": 1}), Move("value_district", "red", district="times-square"))
    assert {p.id: p.hand_size - hands[p.id] for p in s1.players} == {"red": 1, "yellow": 0, "blue": 1}


def test_second_action_two_cards_of_two_colours():
    s = ok(started(3), Move("take_skyscrapers", "red"))
    assert "fifthavenue.cards.same_colour" in refused(s, Move("take_cards", "red", colours=("gray", "gray")))
    assert "fifthavenue.cards.wrong_count" in refused(s, Move("take_cards", "red", colours=("gray",)))
    tops = dict(s.stacks)
    s2 = ok(s, Move("take_cards", "red", colours=("gray", "green")))
    hand = Counter(s2.players[0].hand) - Counter(s.players[0].hand)
    assert hand == Counter({f"gray-{tops['gray'].top}": 1, f"green-{tops['green'].top}": 1})
    assert dict(s2.stacks)["gray"].count == tops["gray"].count - 1
    assert len(GAME.legal_moves(s, move_type="take_cards")) == 10


def test_option_coloured_stack_empty_no_reshuffle_fewer_stacks_fewer_cards():
    """The earlier reading, kept as option coloured_stack_empty no_reshuffle: an empty stack stays empty."""
    s = ok(started(3, options={"coloured_stack_empty": "no_reshuffle"}), Move("take_skyscrapers", "red"))

    def drain(w):
        for c in ("violet", "brown", "gray", "green"):
            st = w["stacks"][c]
            w["discard"] = sorted(w["discard"] + [D.card(c, v) for v in [st["top"]] + st["below"]])
            st.update(top=None, below=[], count=0)

    s = edit(s, drain)
    assert [m.colours for m in GAME.legal_moves(s)] == [("orange",)]
    assert "fifthavenue.cards.stack_empty" in refused(s, Move("take_cards", "red", colours=("orange", "gray")))


def test_third_action_leaves_a_marker_and_returns_from_central_park_to_start_auctions():
    s = started(3)
    s = ok(s, Move("take_skyscrapers", "red"))
    s = ok(s, GAME.legal_moves(s)[0])
    s = ok(s, Move("move_commissioner", "red", commissioner="white", to="34th-st-west"))
    assert s.turn.player == "yellow"
    s = edit(s, lambda w: w["commissioners"]["white"].update(at="42nd-st-west", markers=["34th-st-west"]))
    assert "fifthavenue.commissioner.not_a_step" in refused(
        s, Move("black_and_move", "yellow", commissioner="white", to="times-square")
    )
    s = ok(s, Move("black_and_move", "yellow", commissioner="white", to="52nd-st-west"))
    assert dict(s.commissioners)["white"].markers == ("34th-st-west", "42nd-st-west")
    s = ok(s, GAME.legal_moves(s)[0])
    s = ok(s, Move("move_commissioner", "yellow", commissioner="white", to="central-park"))
    assert dict(s.commissioners)["white"].markers == ("34th-st-west", "42nd-st-west", "52nd-st-west")
    s = ok(s, Move("take_skyscrapers", "blue"))
    s = ok(s, GAME.legal_moves(s)[0])
    s = ok(s, Move("move_commissioner", "blue", commissioner="white", to="city-hall"))
    assert s.turn.phase == "auction" and s.auction.site == "34th-st-west"
    assert s.auction.queue == ("42nd-st-west", "52nd-st-west", "central-park")
    assert s.auction.order == ("blue", "red", "yellow") and s.auction.to_act == "blue"
    assert dict(s.commissioners)["white"] == type(dict(s.commissioners)["white"])(D.CITY_HALL, ())


def test_a_commissioner_leaving_a_stopped_district_leaves_no_marker():
    s = started(3)

    def change(w):
        clear_board(w)
        w["districts"]["times-square"]["stopped"] = True
        w["commissioners"]["beige"]["at"] = "times-square"

    s = edit(s, change)
    s = ok(s, Move("black_and_move", "red", commissioner="beige", to="52nd-st-east"))
    assert dict(s.commissioners)["beige"].markers == ()


def test_wrong_player_and_wrong_phase_are_refused():
    s = started(3)
    assert "fifthavenue.turn.not_your_turn" in refused(s, Move("take_skyscrapers", "yellow"))
    [wrong] = GAME.apply(s, Move("take_skyscrapers", "yellow")).violations
    assert (
        wrong.message == "It is not \u2068yellow\u2069's turn: the game awaits \u2068red\u2069."
    )  # the wording of all four games
    assert wrong.pointer == "/move/player"
    assert "fifthavenue.turn.wrong_phase" in refused(s, Move("take_cards", "red", colours=("gray", "green")))
    assert "fifthavenue.turn.unknown_player" in refused(s, Move("take_skyscrapers", "nobody"))


def _black_deck_spent(w):
    """Every black card left in the deck on the discard pile (the winners' bids in a long game)."""
    deck = w["black_deck"]
    w["discard"] = sorted(w["discard"] + [D.card(D.BLACK, v) for v in deck["cards"]])
    deck.update(cards=[], count=0)


def test_reading_black_deck_empty_reshuffles_the_discarded_black_cards():
    from service.engine.random import Rng

    s = edit(started(3), _black_deck_spent)
    values = sorted(D.card_parts(c)[1] for c in s.discard if c.startswith("black-"))
    out = GAME.apply(s, Move("black_and_move", "red", commissioner="white", to="34th-st-west"))
    assert out.legal
    rng = Rng(s.seed)
    order = rng.shuffled(values)  # the pinned shuffle seeded by the deck's hidden seed
    after = out.state
    assert Counter(after.players[0].hand) - Counter(s.players[0].hand) == Counter({D.card(D.BLACK, order[0]): 1})
    assert after.black_deck.cards == tuple(order[1:]) and after.seed == rng.below(SEED_SPAN)
    assert not any(c.startswith("black-") for c in after.discard)
    assert ("black_deck_reshuffled", {"cards": len(values)}) in [(e.kind, dict(e.data)) for e in out.events]
    assert not GAME.validate(after)


def test_reading_black_deck_empty_no_draw_option_and_a_real_table():
    s = edit(started(3, options={"black_deck_empty": "no_draw"}), _black_deck_spent)
    after = ok(s, Move("black_and_move", "red", commissioner="white", to="34th-st-west"))
    assert after.players[0].hand_size == s.players[0].hand_size and after.black_deck.count == 0

    s = edit(started(3), _black_deck_spent)
    table = edit(s, lambda w: w["black_deck"].update(cards=None, seed=None))
    spent = sum(1 for c in table.discard if c.startswith("black-"))
    after = ok(table, Move("black_and_move", "red", commissioner="white", to="34th-st-west"))
    assert after.pending.kind == "black_cards" and after.pending.draws == (("red", 1),)
    assert after.black_deck.count == spent and after.black_deck.cards is None
    reveal = GAME.legal_moves(after)
    assert {dict(m.drawn)["red"] for m in reveal} == {(4,), (5,), (6,)}


def test_a_commissioner_lays_at_most_three_markers():
    """Both sides of the marker limit: with 2 markers laid the step lays the 3rd; with 3 it lays none."""
    from service.engine.fifthavenue.checks import commissioner_steps

    def at_times_square(markers):
        def change(w):
            w["commissioners"]["white"].update(at="times-square", markers=list(markers))
            set_turn(w, "red", "action3", "A")

        return edit(started(3), change)

    for laid, after in (
        (["34th-st-west", "34th-st-east"], ["34th-st-west", "34th-st-east", "times-square"]),
        (["34th-st-west", "34th-st-east", "fifth-avenue"], ["34th-st-west", "34th-st-east", "fifth-avenue"]),
    ):
        s = at_times_square(laid)
        to = commissioner_steps(s, "white")[0]
        end = ok(s, Move("move_commissioner", "red", commissioner="white", to=to))
        white = dict(end.commissioners)["white"]
        assert (white.at, list(white.markers)) == (to, after)
    assert D.MARKERS_PER_COMMISSIONER == 3


def _black_cards_all_held(w):
    """Every black card in a hand: the deck's and the discarded black cards dealt round the table (a long
    game's bids, taken back by action D and the third action, end there)."""
    ids = [p["id"] for p in w["players"]]
    black = [D.card(D.BLACK, v) for v in w["black_deck"]["cards"]] + [c for c in w["discard"] if c.startswith("black-")]
    for i, card in enumerate(black):
        deal(w, ids[i % len(ids)], card)


def test_reading_black_cards_all_held_action_d_says_the_cards_owed_and_not_given(client):
    """Deck and discards both empty: action D owes blue 3 cards and green 1; nobody gets any, and the
    answer says so with black_cards_not_given events instead of staying silent."""
    s = edit(_valued(4, turn="blue"), _black_cards_all_held)
    assert s.black_deck.count == 0 and not any(c.startswith("black-") for c in s.discard)
    answer = _over_http(client, s, Move("value_district", "blue", district="times-square"))
    hands = {p["id"]: p["hand_size"] for p in answer["state"]["players"]}
    assert hands == {p.id: p.hand_size for p in s.players}
    owed = {e["player"]: e["count"] for e in answer["events"] if e["kind"] == "black_cards_not_given"}
    assert owed == {"blue": 3, "green": 1}
    assert not [e for e in answer["events"] if e["kind"] == "black_cards_drawn"]
    assert "black_cards_all_held" in {r.name for r in GAME.readings()}


def test_reading_black_cards_all_held_a_short_deck_gives_what_it_has():
    """One black card left: the scorer's first card comes from the deck, the rest of what is owed is not given."""

    def one_left(w):
        _black_cards_all_held(w)
        red = player(w, "red")
        card = next(c for c in red["hand"] if c.startswith("black-"))
        red["hand"].remove(card)
        red["hand_size"] -= 1
        w["black_deck"].update(cards=[D.card_parts(card)[1]], count=1)

    s = edit(_valued(4, turn="blue"), one_left)
    out = GAME.apply(s, Move("value_district", "blue", district="times-square"))
    assert out.legal
    events = [(e.kind, dict(e.data)) for e in out.events if e.kind.startswith("black_cards")]
    assert events == [
        ("black_cards_drawn", {"player": "blue", "count": 1}),
        ("black_cards_not_given", {"player": "blue", "count": 2}),
        ("black_cards_not_given", {"player": "green", "count": 1}),
    ]
