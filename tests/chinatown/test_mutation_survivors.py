"""Rules the sampled mutation run (tests/mutation) found no test for."""
from dataclasses import replace

from service.engine.chinatown import GAME
from service.engine.chinatown.state import Keep, Pending, Reveal

from .helpers import codes, make_state


def keep_five_each(state):
    for p in state.players:
        out = GAME.apply(state, Keep(p.id, tuple(sorted(p.hand)[:5])))
        assert out.legal, out.violations
        state = out.state
    return state


def test_reshuffle_of_the_discards_needs_both_a_known_deck_and_the_shuffle_seed():
    digital = GAME.setup(["anna", "bob", "chang"], 12, {})
    # the deck at the table, the bag digital: the seed left in the state has no deck to shuffle
    table_deck = replace(digital, deck=None)
    assert GAME.validate(table_deck) == []
    after = keep_five_each(table_deck)
    assert after.phase == "trade" and after.deck is None and after.shuffle_seed == digital.shuffle_seed
    # a known deck without a seed: the discards go back unshuffled, the same answer every time
    no_seed = replace(digital, shuffle_seed=None)
    assert GAME.validate(no_seed) == []
    once, again = keep_five_each(no_seed), keep_five_each(no_seed)
    assert once == again and once.shuffle_seed is None
    discards = [lot for p in digital.players for lot in p.hand if lot not in sorted(p.hand)[:5]]
    assert once.deck[-len(discards):] == tuple(discards)


def test_tile_draw_reveal_names_only_tiles_the_bag_can_hold_not_a_type_the_game_lacks():
    # the wire refuses unknown shop types; the engine's own check must too, a tile the bag never held
    state = make_state("draw", players=("anna", "bob", "chang"))
    assert state.pending == Pending("draw", "anna", 7)
    out = GAME.apply(state, Reveal("anna", tiles=("unicorn",) + ("photo",) * 6))
    assert codes(out) == ["chinatown.reveal.tile_unavailable"]
    assert out.violations[0].pointer == "/move/tiles/0"


def test_validate_the_deck_holds_each_building_card_once():
    state = GAME.setup(["anna", "bob", "chang"], 12, {})
    assert GAME.validate(state) == []
    twice = replace(state, deck=state.deck + state.deck[:1])  # every card still accounted for, one twice
    assert codes(GAME.validate(twice)) == ["chinatown.state.deck_mismatch"]
