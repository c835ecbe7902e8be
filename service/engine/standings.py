"""What every game's score answer says the same way, whatever the game: what the named scoring awards,
the standings after it, and who won once that is known.

- ``awarded``: each player's points from this scoring alone (the breakdown's points);
- ``standings``: each player's points after it, the points the state already holds plus ``awarded``; a
  partial state holds none, so its standings are the awarded numbers. On a finished game every scoring is
  already in the state's points: the standings are those points, the final standings;
- ``winners``: on a finished game the game's winners; for the game's final scoring of a game still going,
  the players first in the standings by the game's tie-breaks; otherwise empty.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence


def after_scoring(
    ids: Sequence[str],
    awarded: Mapping[str, int],
    before: Mapping[str, int],
    *,
    over: bool,
    final: bool,
    winners_of: Callable[[dict[str, int]], Sequence[str]],
) -> dict[str, object]:
    """``awarded``, ``standings`` and ``winners`` for the players ``ids`` (seat order); ``winners_of`` ranks
    a game's standings with its tie-breaks (on a finished game it may simply give the game's winners)."""
    gained = {pid: awarded.get(pid, 0) for pid in ids}
    standings = {pid: before.get(pid, 0) + (0 if over else gained[pid]) for pid in ids}
    return {"awarded": gained, "standings": standings, "winners": list(winners_of(standings)) if over or final else []}


def leaders(points: Mapping[str, int]) -> list[str]:
    """Every player with the most points, in the given order (a tie is shared)."""
    if not points:
        return []
    best = max(points.values())
    return [pid for pid, value in points.items() if value == best]
