"""Rule codes that the random playouts do not reach, each from a position the game reaches (setup), or a
reached state with one thing changed; plus validate's "winners and scorings agree" rule."""

from dataclasses import replace

from service.engine.newyork import GAME

from .helpers import current_id, mv, start


def found(violations) -> list[tuple[str, str]]:
    return [(v.code, v.pointer) for v in violations]


def test_taking_money_takes_at_least_one_card():
    s = start(3)
    out = GAME.apply(s, mv("take_money", current_id(s), slots=[]))
    assert not out.legal and found(out.violations) == [("newyork.money.no_slots", "/move/slots")]


def test_a_purchase_needs_at_least_one_card():
    s = start(3)
    out = GAME.apply(s, mv("buy", current_id(s), slot="blue", cards=[]))
    assert not out.legal and found(out.violations) == [("newyork.buy.no_cards", "/move/cards")]


def test_state_type_tiers_give_each_tiered_type_one_tier():
    s = start(3)
    clash = replace(s, options=replace(s.options, type_tiers=(("museum", 1), ("station", 1), ("theater", 2))))
    assert found(GAME.validate(clash)) == [("newyork.state.options", "/state/options/type_tiers")]


def test_state_only_a_finished_game_names_winners():
    s = start(3)
    assert found(GAME.validate(replace(s, winners=(s.players[0].id,)))) == [("newyork.state.phase", "/state/phase")]


def test_state_only_a_finished_game_has_had_its_final_scoring():
    s = start(3)
    early = replace(s, scorings_done=3, money_deck=tuple(e for e in s.money_deck if e not in ("A", "B")))
    assert found(GAME.validate(early)) == [("newyork.state.phase", "/state/phase")]
