"""Alhambra's proposals for ``explain``: New York's, whose rules it plays (``family``)."""

from ..newyork.explain import PROPOSER, TABLE, VISIBLE

__all__ = ["PROPOSER", "TABLE", "VISIBLE"]
