"""The two-player game: Dirk, the imaginary third player, takes part in the majorities only."""

from service.engine.alhambra import GAME

from .helpers import codes, mv, ok, play_out, play_until, start


def _money_in_play(state) -> int:
    return sum(len(p.money) for p in state.players) + 4 + len(state.money_deck) - 2  # less A and B


def test_dirk_gets_six_tiles_at_the_start_and_plays_only_with_two():
    two, three = start(2), start(3)
    assert len(two.dummy.tiles) == 6 and three.dummy is None


def test_reading_two_player_money_plays_the_whole_box_and_new_york_s_72_cards_as_an_option():
    """Option two_player_money: full_box (the default, what the box holds) deals from all 108 cards with two
    players as with three; two_of_each, New York's rule carried over, puts one of each back (72)."""
    assert _money_in_play(start(2)) == _money_in_play(start(3)) == 108
    assert _money_in_play(start(2, two_player_money="two_of_each")) == 72
    assert _money_in_play(start(3, two_player_money="two_of_each")) == 108
    labels = {r.name: r for r in GAME.readings()}
    assert labels["two_player_money"].provenance == "rulebook" and labels["two_player_money"].default == "full_box"


def test_reading_dummy_gift_dirk_takes_a_bought_tile_only_in_the_two_player_game():
    state, give = play_until(start(2, seed=6), lambda s, m: m.type == "give_dummy")
    out = ok(state, give)
    assert out.state.dummy.tiles[-1].id == give.tile
    three, place = play_until(start(3, seed=6), lambda s, m: m.type == "reserve")
    refused = GAME.apply(three, mv("give_dummy", place.player, tile=place.tile)).violations
    assert codes(refused) == ["alhambra.placement.no_dummy"]


def test_dirk_scores_majorities_in_every_scoring_never_walls_and_never_wins():
    dirk = []

    def watch(state, move, out):
        for e in out.events:
            if e.kind == "scored":
                dirk.append(e.data["dummy"])

    end = play_out(start(2, seed=7), each=watch)
    assert len(dirk) >= 1 and end.dummy.points == sum(dirk)
    final = GAME.score(end, "final")
    assert "wall" not in final["dummy"] and set(end.winners) <= {"p0", "p1"}


def test_dirk_is_named_in_the_picture():
    assert "Dirk (2-player game): majorities only" in GAME.render(start(2))


def test_reading_dummy_draws_six_after_the_first_scoring_and_a_third_of_the_bag_after_the_second():
    """Dirk's draws (reading dummy_draws, public sources): right after scoring A he draws 6 tiles, right after
    B a third of what the bag then holds, rounded down; after the final scoring nothing."""
    draws = []

    def watch(state, move, out):
        kinds = [e.kind for e in out.events]
        if "scored" in kinds:
            at = kinds.index("scored")
            bag = len(state.bag) - kinds[:at].count("market_tile_revealed")  # the bag when the scoring came
            drawn = kinds[at:].count("dummy_tile_drawn") + out.state.dummy_owed
            draws.append((out.events[at].data["scoring"], drawn, bag))

    play_out(start(2, seed=7), each=watch)
    (a, first, _), (b, second, bag), (final, third, _) = draws
    assert (a, b, final) == ("A", "B", "final")
    assert first == 6 and second == bag // 3 and third == 0
    reading = {r.name: r for r in GAME.readings()}["dummy_draws"]
    assert reading.provenance == "public source" and reading.default == "six_six_third"
