"""The longest wall: one point for each outer wall edge of the longest unbroken run, in every scoring."""

from service.engine.alhambra import GAME
from service.engine.newyork.state import Placed

from .helpers import inline, partial


def ring():
    """The eight tiles around the fountain, every outer edge walled: one closed wall of 12 edges."""
    walls = {(-1, -1): "nw", (0, -1): "n", (1, -1): "ne", (1, 0): "e", (1, 1): "es", (0, 1): "s", (-1, 1): "sw"}
    walls[(-1, 0)] = "w"
    return tuple(Placed(x, y, inline("garden", w)) for (x, y), w in walls.items())


def test_longest_wall_a_closed_ring_scores_every_edge():
    state = partial({"ann": ring()})
    assert GAME.validate(state) == []
    for scoring in ("A", "B", "final"):
        player = GAME.score(state, scoring)["players"][0]
        assert player["wall"] == {"length": 12, "points": 12}


def test_longest_wall_inner_walls_score_nothing():
    # two walled edges face each other between two tiles: inside the Alhambra, no points
    city = (Placed(1, 0, inline("pavilion", "e")), Placed(2, 0, inline("tower", "w")))
    state = partial({"ann": city})
    assert GAME.score(state, "A")["players"][0]["wall"]["length"] == 0


def test_longest_wall_a_broken_wall_scores_its_longest_run():
    # walls on the north of two tiles (a run of 2), then a gap, then one more on a third tile
    city = (
        Placed(1, 0, inline("pavilion", "n")),
        Placed(2, 0, inline("seraglio", "n")),
        Placed(-1, 0, inline("arcades", "n")),
    )
    assert GAME.score(partial({"ann": city}), "A")["players"][0]["wall"]["length"] == 2


def test_longest_wall_is_drawn_and_named_as_a_wall():
    picture = GAME.render(partial({"ann": ring()}))
    assert "longest wall: 12" in picture and 'class="longest-wall"' in picture
