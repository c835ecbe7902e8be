"""The two-player game: Dirk, the imaginary third player, takes part in the majorities only."""

from service.engine.alhambra import GAME

from .helpers import codes, mv, ok, play_out, play_until, start


def test_dirk_gets_six_tiles_at_the_start_and_plays_only_with_two():
    two, three = start(2), start(3)
    assert len(two.dummy.tiles) == 6 and three.dummy is None
    assert sum(len(two.players[i].money) for i in range(2)) + 4 + len(two.money_deck) == 72 + 2  # with A and B


def test_dirk_takes_a_bought_tile_only_in_the_two_player_game():
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
    assert "street" not in final["dummy"] and set(end.winners) <= {"p0", "p1"}


def test_dirk_is_named_in_the_picture():
    assert "Dirk (2-player game): majorities only" in GAME.render(start(2))
