"""Rules the sampled mutation run (tests/mutation) found no test for."""

from dataclasses import replace

import pytest

from service.engine.core import RulesError
from service.engine.newyork import GAME

from .helpers import codes, start


def test_validate_only_a_finished_game_has_winners_or_a_final_scoring():
    s = start(3)
    assert "newyork.state.phase" not in codes(GAME.validate(s))
    assert "newyork.state.phase" in codes(GAME.validate(replace(s, winners=(s.players[0].id,))))
    assert "newyork.state.phase" in codes(GAME.validate(replace(s, scorings_done=3)))


def test_real_table_scoring_card_b_stays_in_the_deck_after_scoring_a_until_revealed():
    from service.engine.newyork.data import NEW_YORK
    from service.engine.newyork.hidden import unseen_money

    from .helpers import current_id, mv
    from .test_chance import at_table
    from .test_turns import table

    s = at_table(table())
    st = GAME.apply(s, mv("take_money", current_id(s), slots=[0])).state
    st = GAME.apply(st, mv("reveal", current_id(st), card="A")).state
    assert st.scorings_done == 1 and st.pending.kind == "money_card"
    assert {m.card for m in GAME.legal_moves(st)} == set(unseen_money(st, NEW_YORK)) | {"B"}
    assert codes(GAME.apply(st, mv("reveal", current_id(st), card="A")).violations) == ["newyork.reveal.impossible"]
    out = GAME.apply(st, mv("reveal", current_id(st), card="B"))
    assert out.legal and out.state.scorings_done == 2


def test_validate_a_pending_money_reveal_names_a_slot_of_the_market():
    from service.engine.newyork.state import Pending

    from .helpers import current_id, mv
    from .test_chance import at_table
    from .test_turns import table

    s = at_table(table())
    st = GAME.apply(s, mv("take_money", current_id(s), slots=[3])).state
    assert st.pending == Pending("money_card", 3) and GAME.validate(st) == []
    for slot in (-1, 4):  # -1 would read the last slot, which is empty here
        assert codes(GAME.validate(replace(st, pending=Pending("money_card", slot)))) == ["newyork.state.pending"]


def test_reading_money_visibility_hidden_hands_may_hold_every_card_not_shown_and_not_one_more():
    from service.engine.newyork.hidden import copies, visible_money

    seen = GAME.view(start(4, seed=9), "p1")
    hidden = [i for i, p in enumerate(seen.players) if p.money is None]
    assert hidden and seen.money_deck is None
    left = copies(seen) * 36 - sum(visible_money(seen).values())
    others = sum(seen.players[i].money_count for i in hidden[1:])

    def holding(count):
        players = list(seen.players)
        players[hidden[0]] = replace(players[hidden[0]], money_count=count)
        return replace(seen, players=tuple(players))

    assert "newyork.state.money_count" not in codes(GAME.validate(holding(left - others)))
    assert codes(GAME.validate(holding(left - others + 1))) == ["newyork.state.money_count"]


def test_validate_scoring_cards_the_violation_names_the_cards_the_deck_must_hold():
    def expected(state):
        found = [v for v in GAME.validate(state) if v.code == "newyork.state.scoring_cards"]
        assert len(found) == 1
        return dict(found[0].params)["expected"]

    s = start(3)
    assert expected(replace(s, scorings_done=1)) == ["B"]  # A and B still in the deck after scoring A
    assert expected(replace(s, scorings_done=2)) == "no scoring card"


def test_a_corrupt_longest_street_memo_entry_is_refused():
    from service.engine.memo import conforms
    from service.engine.newyork.scoring import Street

    assert conforms({"length": 1, "edges": [[0, 0, "n"]]}, Street)
    assert not conforms({"length": 1, "edges": [[0, 0]]}, Street)
    assert not conforms({"length": 1, "edges": ["0,n"]}, Street)


def test_reading_money_visibility_the_count_an_overfull_hand_is_told_is_the_bound_enforced():
    seen = GAME.view(start(4, seed=9), "p1")
    hidden = [i for i, p in enumerate(seen.players) if p.money is None]
    others = sum(seen.players[i].money_count for i in hidden[1:])

    def told(count):
        players = list(seen.players)
        players[hidden[0]] = replace(players[hidden[0]], money_count=count)
        found = [
            v for v in GAME.validate(replace(seen, players=tuple(players))) if v.code == "newyork.state.money_count"
        ]
        return dict(found[0].params) if found else None

    left = told(999)["left"]  # far too many: the message names how many cards the hidden hands may hold
    assert told(left - others) is None
    assert told(left - others + 1) == {"hidden": left + 1, "left": left}


def test_placement_to_the_dummy_is_listed_for_a_bought_tile_and_never_for_a_tile_awarded_at_the_end():
    """With two players a bought tile may go to the dummy, so legal-moves lists that beside place and
    reserve; a market tile awarded at the end may only be placed or reserved (the rules page, end of the game), so
    the final placement lists neither a give_dummy nor accepts one."""
    from .helpers import current_id, mv, set_player
    from .table import give_money
    from .test_turns import BLUE_PARK, _bought, ok, refused, table

    s = _bought(2)
    placements = {(m.type, m.tile) for m in GAME.legal_moves(s) if m.type != "place"}
    assert placements == {("reserve", BLUE_PARK), ("give_dummy", BLUE_PARK)}

    s = table(2)
    me, other = s.current, 1 - s.current
    s = replace(set_player(s, me, reserve=s.bag), bag=())  # the bag is empty: this turn is the last
    s = give_money(s, other, [("yellow", 5)])
    s = ok(s, mv("buy", current_id(s), slot="blue", cards=[("blue", 4), ("blue", 7)])).state
    end = ok(s, mv("give_dummy", current_id(s), tile=BLUE_PARK)).state
    assert end.phase == "final_placement" and end.dummy is not None
    awarded = end.players[other].to_place
    assert len(awarded) == 1
    moves = GAME.legal_moves(end)
    assert {m.type for m in moves} == {"place", "reserve"}
    assert refused(end, mv("give_dummy", end.players[other].id, tile=awarded[0].id)) == ["newyork.turn.wrong_phase"]


def test_majorities_each_dummy_tile_counts_once_like_a_players_tile():
    """The dummy's tiles (the 2-player game's full state) count one building each, as its counts do: a dummy
    holding two parks ties a player who built two for first place."""
    from service.engine.newyork.state import Dummy

    from .helpers import partial_state, tile
    from .test_scoring import row

    counted = GAME.score(partial_state({"anna": row("park", 2)}, dummy=Dummy(counts=(("park", 2),))), "A")
    held = GAME.score(partial_state({"anna": row("park", 2)}, dummy=Dummy(tiles=(tile("park"), tile("park")))), "A")
    assert held["dummy"]["buildings"]["park"] == counted["dummy"]["buildings"]["park"]
    assert held["dummy"]["buildings"]["park"]["count"] == 2 and held["dummy"]["buildings"]["park"]["rank"] == 1
    assert held["totals"] == counted["totals"]


def test_placement_occupied_names_the_start_tile_or_another_tile():
    """Building on a taken cell is refused, and the message says what is there: the start tile at (0,0),
    another tile elsewhere."""
    from service.engine.newyork.city import placement_violations

    from .helpers import index, tile

    def what(x, y):
        violations = placement_violations(index((1, 0, "park", "")), tile(), x, y, GAME.book)
        assert codes(violations) == ["newyork.placement.occupied"]
        return dict(violations[0].params)["what"]

    assert what(0, 0) == "the start tile"
    assert what(1, 0) == "another tile"


def test_legal_moves_paging_every_money_take_candidate_names_a_slot():
    """Taking money names one to all face-up cards; no candidate takes none, so in the action phase the first
    candidate is already legal and a page of one move resumes at the second candidate."""
    from .test_turns import table

    s = table()
    assert all(m.slots for m in GAME.candidates(s, None, "take_money"))
    page = GAME.legal_page(s, None, None, 0, 1)
    assert [m.type for m in page.moves] == ["take_money"] and page.next_start == 1


def test_end_of_the_game_one_winner_is_no_draw():
    """A game played to its end by legal moves: game_over says draw only when several players share the best
    points."""
    import random

    r = random.Random(1)
    s = GAME.setup(["anna", "bob", "carla"], 1, {})
    while s.phase != "over":
        moves = GAME.legal_moves(s)
        out = GAME.apply(s, r.choice([m for m in moves if m.type in ("buy", "place")] or moves))
        s = out.state
    assert len(s.winners) == 1
    assert [e.data for e in out.events if e.kind == "game_ended"] == [
        {"winners": list(s.winners), "standings": {p.id: p.points for p in s.players}}
    ]


def test_setup_two_to_six_players_a_seventh_is_refused():
    """Two to six players take part (the rules page, Players): the engine refuses a seventh itself, not only the
    setup request's schema."""
    assert len(start(6).players) == 6
    with pytest.raises(RulesError) as refused:
        start(7)
    assert codes(refused.value.violations) == ["newyork.state.players"]
