"""validate: conservation of tiles and money, scoring cards, phase, pending, players, dummy."""

from dataclasses import replace

from service.engine.newyork import GAME
from service.engine.newyork.state import Card, Dummy, Pending, Placed

from .helpers import codes, set_player, start, tile


def test_validate_a_tile_in_two_places():
    s = start(3)
    twice = s.market[0]
    s = set_player(s, 0, reserve=(twice,))
    found = GAME.validate(s)
    assert "newyork.state.tile_count" in codes(found)
    # named as on the tile (its building and price), not by its catalogue id
    messages = [v.message for v in found if v.code == "newyork.state.tile_count"]
    assert messages == [f"The {twice.kind} tile of price {twice.cost} is in two places."]


def test_validate_a_missing_tile():
    s = start(3)
    s = replace(s, bag=s.bag[1:])
    assert codes(GAME.validate(s)) == ["newyork.state.tile_count"]


def test_validate_inline_tiles_belong_to_score_requests():
    s = start(3)
    s = set_player(s, 0, city=(Placed(1, 0, tile("park")),))
    assert "newyork.state.unknown_tile" in codes(GAME.validate(s))


def test_validate_money_is_conserved():
    s = start(3)
    extra = set_player(s, 0, money=s.players[0].money + (Card("blue", 1),) * 3)
    assert "newyork.state.money_count" in codes(GAME.validate(extra))
    fewer = replace(s, money_deck=s.money_deck[1:] if s.money_deck[0] not in ("A", "B") else s.money_deck[2:])
    assert "newyork.state.money_count" in codes(GAME.validate(fewer))


def test_validate_scoring_cards_in_the_deck():
    s = start(3)
    assert "newyork.state.scoring_cards" in codes(GAME.validate(replace(s, scorings_done=1)))
    swapped = tuple("B" if e == "A" else "A" if e == "B" else e for e in s.money_deck)
    assert "newyork.state.scoring_cards" in codes(GAME.validate(replace(s, money_deck=swapped)))


def test_validate_phase_and_current():
    s = start(3)
    assert codes(GAME.validate(replace(s, phase="placement"))) == ["newyork.state.phase"]
    assert codes(GAME.validate(replace(s, current=None))) == ["newyork.state.current"]
    assert codes(GAME.validate(replace(s, phase="over"))) == ["newyork.state.phase"]


def test_validate_pending_must_fit():
    s = start(3)
    assert "newyork.state.pending" in codes(GAME.validate(replace(s, pending=Pending("money_card", 0))))
    refill = replace(s, phase="refill", pending=Pending("market_tile", "blue"))
    assert "newyork.state.pending" in codes(GAME.validate(refill))  # the bag is known and the slot full


def test_validate_players_and_dummy():
    s = start(3)
    assert codes(GAME.validate(replace(s, players=s.players[:1]))) == ["newyork.state.players"]
    assert "newyork.state.dummy" in codes(GAME.validate(replace(s, dummy=Dummy(tiles=()))))
    two = start(2)
    assert "newyork.state.dummy" in codes(GAME.validate(replace(two, dummy=replace(two.dummy, counts=(("park", 9),)))))


def test_validate_city_rules_point_into_the_state():
    s = start(3)
    bad = s.bag[0]
    s = replace(s, bag=s.bag[1:])
    s = set_player(s, 1, city=(Placed(3, 3, bad),))
    found = GAME.validate(s)
    assert "newyork.placement.no_contact" in codes(found)
    assert any(v.pointer == "/state/players/1/city/0" for v in found)


def test_apply_on_an_invalid_state_is_refused_with_its_violations():
    s = replace(start(3), bag=start(3).bag[1:])
    out = GAME.apply(s, GAME.legal_moves(start(3))[0])
    assert not out.legal and codes(out.violations) == ["newyork.state.tile_count"]
    assert GAME.legal_moves(s) == []


def test_one_broken_city_at_two_seats_is_flagged_at_each_seat():
    """The engine keeps each city's check apart from its seat: the same city object at seats 0 and 1 is
    reported under each seat's own pointer."""
    from .helpers import city, partial_state

    broken = city((3, 3, "park", ""))
    pointers = {v.pointer for v in GAME.validate(partial_state({"a": broken, "b": broken}))}
    assert {"/state/players/0/city/0", "/state/players/1/city/0"} <= pointers


def test_a_later_state_checks_only_the_cities_that_changed(monkeypatch):
    """A move changes one city; validating the next state finds the others in the engine's memo."""
    from service.engine.newyork import city as city_module
    from service.engine.newyork import game as game_module

    from .helpers import city, partial_state

    checked = []

    def counting_check(c, book):
        checked.append(c)
        return city_module.city_check(c, book)

    monkeypatch.setattr(game_module, "city_check", counting_check)
    kept, before = city((1, 0, "park", "w")), city((0, 1, "church", "n"))
    GAME.validate(partial_state({"a": kept, "b": before}))
    after = before + city((0, 2, "museum", "n"))
    checked.clear()
    GAME.validate(partial_state({"a": kept, "b": after}))
    assert checked == [after]


def _money_reference(state):
    """The money census as first written (each card by its kind, sorted; the deck's strings in order)."""
    from collections import Counter

    n = 3 if len(state.players) > 2 else 2
    counts = Counter()
    for p in state.players:
        counts.update(p.money or ())
    counts.update(c for c in state.money_market if c is not None)
    counts.update(state.discard)
    counts.update(e for e in state.money_deck or () if isinstance(e, Card))
    return sorted(counts.items()), [e for e in state.money_deck or () if isinstance(e, str)], n


def test_the_money_census_answers_as_the_card_by_card_count_on_changed_decks():
    from service.engine.newyork import validate as validate_module

    state = start(3, 4)
    deck = state.money_deck
    cards = [e for e in deck if isinstance(e, Card)]
    decks = [
        deck,
        tuple(cards) + ("B", "A"),
        tuple(cards) + ("A", "A", "B"),
        tuple(cards) + ("B",),
        tuple(cards),
        tuple(cards) + (Card("blue", 3), "A", "B"),
        tuple(cards[:-1]) + ("A", "B"),
        tuple(cards) + (Card("purple", 3), "A", "B"),
    ]
    seen = set()
    for d in decks:
        for done in (0, 1, 2, 3):
            s = replace(state, money_deck=d, scorings_done=done)
            got = validate_module.money_violations(s, GAME.book, GAME.edition)
            seen.add(tuple(v.code + v.message for v in got))
            # the reference's counts and scoring order decide the same messages
            counted, scoring, _ = _money_reference(s)
            assert all(
                f"{b} {v}" in " ".join(x.message for x in got) for (b, v), k in counted if k > 3 or b == "purple"
            )
            assert ("newyork.state.scoring_cards" in [v.code for v in got]) == (
                scoring
                != (
                    (scoring if scoring in (["A", "B"], ["B"]) else [])
                    if done == 3
                    else [c for c, k in (("A", 1), ("B", 2)) if done < k]
                )
            )
    assert len(seen) > 5
