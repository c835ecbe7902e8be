"""Seeded Skyline 3000 playouts with the tests' building-minded player: blocks opened, floors placed, the
height histogram and the final scores per player count.

    .venv/bin/python bench/skyline_playouts.py [games per player count, default 50]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.skyline3000.playout_policy import report  # noqa: E402


def main(games: int) -> None:
    for players in (2, 3, 4):
        print("\n".join(report(players, range(games)).lines(players)))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
