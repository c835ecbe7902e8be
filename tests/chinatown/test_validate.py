"""State consistency (validate): conservation of lots and tiles, phase and turn sanity."""

from dataclasses import replace

from service.engine.chinatown import GAME
from service.engine.chinatown.state import EndTurn, Lot, Pending
from tests.scores import by_id

from .helpers import codes, make_state


def with_board(state, changes):
    return replace(state, board=state.board.with_lots(changes))


def test_a_setup_state_is_valid():
    assert GAME.validate(GAME.setup(["a", "b", "c", "d"], 1, {})) == []


def test_validate_player_count():
    state = make_state()
    assert "chinatown.state.player_count" in codes(GAME.validate(replace(state, players=state.players[:2])))


def test_validate_duplicate_player():
    state = make_state()
    players = (state.players[0], state.players[0], state.players[2])
    assert "chinatown.state.duplicate_player" in codes(GAME.validate(replace(state, players=players)))


def test_validate_owner_not_in_the_game():
    state = with_board(make_state(), {1: Lot("zed")})
    problems = GAME.validate(state)
    assert "chinatown.state.unknown_player" in codes(problems)
    assert any(v.pointer == "/state/board/1/owner" for v in problems)


def test_validate_money_is_a_non_negative_multiple_of_10000():
    state = make_state()
    bad = replace(state, players=(replace(state.players[0], money=-10000),) + state.players[1:])
    assert "chinatown.state.money" in codes(GAME.validate(bad))
    odd = replace(state, players=(replace(state.players[0], money=15000),) + state.players[1:])
    assert "chinatown.state.money" in codes(GAME.validate(odd))


def test_validate_lot_count_conservation():
    state = make_state()
    extra = next(lot for lot in range(1, 86) if state.board.get(lot) is None)
    assert "chinatown.state.lot_count" in codes(GAME.validate(with_board(state, {extra: Lot("anna")})))


def test_validate_tile_count_conservation():
    state = make_state()
    too_many = replace(state.players[0], tiles=(("photo", 7),))
    problems = codes(GAME.validate(replace(state, players=(too_many,) + state.players[1:])))
    assert problems == ["chinatown.state.tile_count"]
    fewer = replace(state.players[0], tiles=(("photo", 1),))
    assert codes(GAME.validate(replace(state, players=(fewer,) + state.players[1:]))) == ["chinatown.state.drawn_count"]


def test_validate_digital_bag_and_deck_must_account_for_everything():
    state = GAME.setup(["a", "b", "c"], 1, {})
    assert codes(GAME.validate(replace(state, bag=state.bag[1:]))) == ["chinatown.state.tile_count"]
    assert codes(GAME.validate(replace(state, deck=state.deck[1:]))) == ["chinatown.state.deck_mismatch"]
    dup = replace(state, deck=state.deck[:-1] + (state.players[0].hand[0],))
    assert "chinatown.state.deck_mismatch" in codes(GAME.validate(dup))


def test_validate_lot_in_two_places():
    state = make_state(
        "keep",
        hands={"anna": [1, 2, 3, 4, 5, 6, 7], "bob": [8, 9, 10, 11, 12, 13, 14], "chang": [15, 16, 17, 18, 19, 20, 21]},
    )
    chang = replace(state.players[2], hand=(15, 16, 17, 18, 19, 20, 7))
    problems = GAME.validate(replace(state, players=state.players[:2] + (chang,)))
    assert codes(problems) == ["chinatown.state.lot_duplicated"]
    assert problems[0].pointer == "/state/players/2/hand/6"


def test_validate_hand_sizes_fit_the_phase():
    state = make_state()
    held = replace(state.players[0], hand=(1,))
    assert "chinatown.state.hand_size" in codes(GAME.validate(replace(state, players=(held,) + state.players[1:])))


def test_validate_turn_order_in_placement():
    state = make_state(done=())
    assert "chinatown.state.turn_order" in codes(GAME.validate(replace(state, done=("bob",))))
    assert GAME.validate(replace(state, done=("anna",))) == []


def test_validate_everyone_done_means_the_phase_moved_on():
    state = make_state("trade")
    assert "chinatown.state.phase" in codes(GAME.validate(replace(state, done=("anna", "bob", "chang"))))


def test_validate_end_only_after_six_years():
    assert "chinatown.state.phase" in codes(
        GAME.validate(replace(make_state("place", round_no=6), phase="end", round=5))
    )


def test_validate_pending_must_be_the_next_reveal():
    state = make_state("deal", round_no=2)
    assert state.pending == Pending("deal", "anna", 6)
    assert codes(GAME.validate(replace(state, pending=Pending("deal", "bob", 6)))) == ["chinatown.state.pending"]
    assert codes(GAME.validate(replace(state, pending=None))) == ["chinatown.state.pending"]


def test_validate_digital_deal_never_waits():
    state = GAME.setup(["a", "b", "c"], 1, {})
    assert "chinatown.state.phase" in codes(GAME.validate(replace(state, phase="deal")))


def test_apply_refuses_every_move_on_an_impossible_state():
    state = with_board(make_state(), {1: Lot("zed")})
    out = GAME.apply(state, EndTurn("anna"))
    assert not out.legal and "chinatown.state.unknown_player" in codes(out)
    assert GAME.legal_moves(state) == []


def test_score_lists_state_inconsistencies_beside_the_scores():
    state = with_board(make_state(), {1: Lot("zed", "photo")})
    result = GAME.score(state)
    assert by_id(result["players"])["anna"]["income"] == 0
    assert "chinatown.state.unknown_player" in [v["code"] for v in result["violations"]]


def _trail(seed: int, players, options=None):
    """The states of one seeded game, chosen among the legal moves at random (a move at a time)."""
    import random

    rng = random.Random(seed)
    state = GAME.setup(players, seed, options or {})
    states = [state]
    while state.phase != "end":
        listed = GAME.legal_moves(state)
        if not listed:  # a reveal the table makes: the candidates list one card or tile at a time
            break
        state = GAME.apply(state, rng.choice(listed)).state
        states.append(state)
    return states


def _spoiled(state):
    """One state with each of the whole-state check's conditions broken in turn, where the state allows."""
    first = state.players[0]
    yield replace(state, players=state.players[:2])
    yield replace(state, players=(first, first) + state.players[2:])
    yield replace(state, first_player="zed")
    yield replace(state, players=(replace(first, money=None),) + state.players[1:])
    yield replace(state, players=(replace(first, money=(first.money or 0) + 5000),) + state.players[1:])
    yield replace(state, players=(replace(first, hand=None),) + state.players[1:])
    yield replace(state, players=(replace(first, hand=(first.hand or ()) + (86,)),) + state.players[1:])
    yield replace(state, players=(replace(first, tiles=first.tiles + (("photo", 1),)),) + state.players[1:])
    yield replace(state, players=(replace(first, tiles=(("gold", 1),)),) + state.players[1:])
    yield replace(state, done=state.done + ("zed",))
    yield replace(state, done=tuple(reversed(state.ids)))
    yield replace(state, phase="end")
    yield replace(state, round=min(state.round + 1, 6))
    yield replace(state, pending=Pending("draw", first.id, 1))
    if state.deck:
        yield replace(state, deck=state.deck[1:])
        yield replace(state, deck=state.deck + state.deck[:1])
    if state.bag:
        yield replace(state, bag=state.bag[1:])
    for lot, cell in list(state.board.items())[:1]:
        yield with_board(state, {lot: Lot("zed", cell.shop)})
        yield with_board(state, {lot: Lot(cell.owner, "gold")})
        yield with_board(state, {lot: Lot(cell.owner, "photo" if cell.shop is None else None)})
        yield replace(state, players=(replace(first, hand=(first.hand or ()) + (lot,)),) + state.players[1:])
    yield with_board(state, {99: Lot(first.id)})


def test_the_one_pass_check_finds_a_state_sound_only_where_every_rule_does():
    """``plainly_consistent`` stands in for the rule-by-rule checks on a sound state: on every state of
    seeded games and on each of them spoiled one way at a time, the answer is the checks' own."""
    from service.engine.chinatown.validate import checked_violations, plainly_consistent, state_violations

    book = GAME.book
    seen = sound = 0
    for seed, players, options in ((3, ("a", "b", "c", "d", "e"), None), (8, ("a", "b", "c"), {"chance": "table"})):
        for index, state in enumerate(_trail(seed, players, options)):
            for candidate in (state, *(_spoiled(state) if index % 7 == 0 else ())):
                expected = checked_violations(book, candidate)
                assert state_violations(book, candidate) == expected
                sound += plainly_consistent(book, candidate)
                seen += 1
    assert sound and seen > sound  # both ways were taken
