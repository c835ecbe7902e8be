"""``POST /v1/games/{game}/explain``: which legal moves lead from the page's state to what the
table shows. The search is the engine's (service/engine/explain.py, each game's proposals in its package's
``explain`` module); this module loads the request, projects states to their wire form for the search to
compare, and dumps the answer. Its request and answer schemas are service/schemas/explain.py."""

from __future__ import annotations

import importlib
from typing import Any

from ..engine import explain as search
from ..schemas import typed
from .answers import json_answer
from .games import Binding, _dump_state, _load, _status, _violations, game_route


def proposer(game: Any) -> search.Proposer:
    """The proposals of the rules the game's engine plays: the ``explain`` module beside its engine's module
    (Alhambra and a re-skin take their family's); a game with none gets the generic ones (its listed moves
    that name what differs)."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.explain")
    except ModuleNotFoundError as missing:
        if missing.name != f"{package}.explain":
            raise
        return search.Proposer()
    proposals: search.Proposer = module.PROPOSER
    return proposals


def _differences(found) -> list[dict[str, Any]]:
    return [d.to_dict() for d in found]


@game_route("explain")
def explain_table(binding: Binding, body: dict[str, Any]):
    data = _load(binding.served.requests["explain"], body)
    proposals = proposer(binding.game)
    game = binding.game
    found = search.explain(game, data["state"], data["observed"], lambda state: _dump_state(binding, state), proposals)
    moves_out = binding.served.moves_out
    closest = None
    if not found.explained and not found.violations:
        refused = found.refused
        closest = {
            "moves": typed.dump(moves_out, list(found.closest)),
            "differences": _differences(found.remaining),
            "refused": typed.dump(moves_out, [refused.move])[0] if refused is not None else None,
            "violations": _violations(binding, refused.violations) if refused is not None else [],
        }
    reveals = [m for m in found.moves if getattr(m, "type", "") in proposals.reveals]
    answer = {
        "explained": found.explained,
        "complete": found.complete,
        "moves": typed.dump(moves_out, list(found.moves)),
        "sequences": [typed.dump(moves_out, list(s)) for s in found.sequences],
        "more": found.more,
        "reveals": typed.dump(moves_out, reveals),
        "state": _dump_state(binding, found.state) if found.explained else None,
        "status": _status(binding, found.state) if found.explained else None,
        "differences": _differences(found.differences),
        "unreached": _differences(found.unreached),
        "closest": closest,
        "violations": _violations(binding, found.violations),
        "work": found.work,
    }
    return json_answer(answer, binding.info.rules_version)
