"""Playouts tell the truth: a simple building-minded player (``playout_policy``) opens the city and gets
buildings of 3 floors or more onto the board. ``pytest -s`` prints blocks opened, floors placed, the
height histogram and the final scores per player count (``bench/skyline_playouts.py`` prints more games)."""

from __future__ import annotations

from .playout_policy import report

GAMES_4P = 50


def test_building_minded_playouts_open_the_city_and_raise_tall_buildings():
    four = report(4, range(GAMES_4P))
    print()
    print("\n".join(four.lines(4)))
    assert four.games == GAMES_4P
    assert four.tall_games > GAMES_4P // 2  # most games see a building of 3+ floors on the board
    assert sum(four.blocks_opened) / four.games >= 8  # at least 8 of the 9 blocks open on average
    assert max(four.fill) < 0.9 and four.no_place == 0  # the board has room: no development thrown away


def test_building_minded_playouts_with_two_and_three_players_report_the_same_numbers():
    for players in (2, 3):
        result = report(players, range(10))
        print("\n".join(result.lines(players)))
        assert result.games == 10 and result.tall_games > 5
        assert min(result.blocks_opened) >= 5
