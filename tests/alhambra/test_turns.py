"""A turn, on games reached by legal moves: the exact payment's extra action, overpaying, taking money, the
currency of a market square, and redesigning."""

from service.engine.alhambra import GAME

from .helpers import RULES_PAGE, codes, mv, ok, play_until, start


def _buy(exact: bool):
    def found(state, move):
        if move.type != "buy" or state.phase != "actions":
            return False
        cost = state.market[GAME.edition.banks.index(move.slot)].cost
        return (sum(c.value for c in move.cards) == cost) == exact

    return found


def test_buying_with_the_exact_price_earns_another_action():
    state, buy = play_until(start(3, seed=2), _buy(exact=True))
    out = ok(state, buy)
    assert out.state.phase == "actions" and out.state.current == state.current  # the same player acts again
    assert out.state.market[GAME.edition.banks.index(buy.slot)] is None  # not refilled during the turn
    assert [e.data["exact"] for e in out.events if e.kind == "bought"] == [True]


def test_reading_extra_action_optional_the_player_may_decline_the_extra_action():
    """The public sources: the player MAY take another action (the default); end_turn is listed and taken."""
    state, buy = play_until(start(3, seed=2), _buy(exact=True))
    after = ok(state, buy).state
    end = mv("end_turn", buy.player)
    assert end in GAME.legal_moves(after)
    assert ok(after, end).state.phase == "placement"


def test_reading_extra_action_optional_false_keeps_new_york_s_compulsory_extra_action():
    """Option extra_action_optional false, New York's rule carried over: end_turn is refused while an action
    is possible."""
    state, buy = play_until(start(3, seed=2, extra_action_optional=False), _buy(exact=True))
    after = ok(state, buy).state
    ended = GAME.apply(after, mv("end_turn", buy.player))
    assert codes(ended.violations) == ["alhambra.turn.cannot_end"]
    assert mv("end_turn", buy.player) not in GAME.legal_moves(after)


def test_buying_above_the_price_ends_the_actions_without_change():
    state, buy = play_until(start(3, seed=2), _buy(exact=False))
    out = ok(state, buy)
    assert out.state.phase == "placement"
    paid = sum(c.value for c in buy.cards)
    assert paid > state.market[GAME.edition.banks.index(buy.slot)].cost
    assert len(out.state.discard) == len(state.discard) + len(buy.cards)  # every card offered is spent


def test_buying_is_paid_in_the_squares_currency_only():
    state, buy = play_until(start(3, seed=2), _buy(exact=True))
    other = next(b for b in GAME.edition.banks if b != buy.slot)
    wrong = mv("buy", buy.player, slot=other, cards=[(buy.slot, c.value) for c in buy.cards])
    refused = GAME.apply(state, wrong).violations
    assert "alhambra.buy.wrong_bank" in codes(refused)
    assert all(v.rule_url.startswith(RULES_PAGE) for v in refused)


def test_taking_money_several_cards_only_up_to_five():
    state, take = play_until(
        start(4, seed=3),
        lambda s, m: m.type == "take_money" and len(m.slots) == 1 and s.money_market[m.slots[0]].value >= 5,
    )
    other = next(i for i, c in enumerate(state.money_market) if i != take.slots[0] and c is not None)
    refused = GAME.apply(state, mv("take_money", take.player, slots=[take.slots[0], other])).violations
    assert codes(refused) == ["alhambra.money.over_five"]
    ok(state, take)  # one card of any value


def test_redesigning_is_one_action_and_ends_the_turn():
    state, rebuild = play_until(start(2, seed=4), lambda s, m: m.type == "rebuild_remove", seed=1)
    out = ok(state, rebuild)
    assert out.state.current != state.current or out.state.phase != "actions"
    assert any(t for t in out.state.players[state.current].reserve)


def test_redesigning_never_moves_the_fountain():
    state = start(2, seed=4)
    who = state.players[state.current].id
    assert codes(GAME.apply(state, mv("rebuild_remove", who, x=0, y=0)).violations) == ["alhambra.rebuild.start_tile"]
