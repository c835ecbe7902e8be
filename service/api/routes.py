"""Every game route (``POST /v1/games/{game}/<path>``), each declared once: its path, its request and
answer schemas, whether it takes or gives a state seal, the contract entry's prose and how to make an
example request of it from a seeded position.

Everything that walks the game routes reads them from ``ROUTES``: the Flask routing
(``service/api/games.py``: one view a route, ``@game_route(path)``), each game's request envelopes
(``service/schemas/envelopes.py``), the contract generator (``service/api/contract``: the path, its
request and answer components, the shared responses) and the tests. docs/recipes.md ("Add a route") says
what a new route touches.

The contract's prose takes ``{Name}`` (the game's name) and ``{game}`` (its id); what one game says
differently (a longer description) is ``x-games`` in ``service/api/contract/document.yaml``; its examples are
``example`` of each route at the position of the game's seeded play (``service/api/contract/played.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..schemas import answers, envelopes, explain
from ..schemas.answers import AnswerBuilder
from ..schemas.envelopes import RECORD_FORMAT, RECORD_VERSION, RequestBuilder

JSON = "application/json"


@dataclass(frozen=True)
class Position:
    """A point of a seeded game, what a route's example request is made from (the tests walk every route
    with them): the setup request it started from, the state reached as the wire says it, a legal move
    now (None once the game is over) and a seated player's id; ``reached``, where given, the state that
    move reaches."""

    game: str
    setup: dict[str, Any]
    state: dict[str, Any]
    move: dict[str, Any] | None
    player: str
    reached: dict[str, Any] | None = None


Example = Callable[[Position], "dict[str, Any] | None"]


@dataclass(frozen=True)
class GameRoute:
    """One game route, for every game.

    - ``path``: after ``/v1/games/<game>/`` (and the memo's and the metrics' name of the route).
    - ``name``: the contract's name of it: operationId ``<game><name>``, components ``<Prefix><name>Request``
      (``request_name`` when the request is named otherwise) and ``<Prefix><name>Answer``.
    - ``request``: builds the game's request envelope (from its wire schemas and info, and the envelopes
      of the routes declared before it, by path).
    - ``answer``: builds the game's answer component; a string names a shared component instead; None:
      the answer is not JSON (``media``, a string).
    - ``takes_seal`` / ``gives_seal``: the request may carry the state's ``state_seal`` back; the answer
      carries the seal of the state it holds.
    - ``summary``, ``description``, ``answered`` (the 200's description), ``answer_example``: the contract's
      prose, the same for every game.
    - ``example``: a request of this route from a seeded position (None: none from this position).
    """

    path: str
    name: str
    request: RequestBuilder
    answer: AnswerBuilder | str | None
    summary: str
    example: Example
    description: str | None = None
    answered: str | None = None
    answer_example: Any = None
    media: str = JSON
    request_name: str | None = None
    takes_seal: bool = False
    gives_seal: bool = False

    @property
    def request_component(self) -> str:
        """The request's component name, after the game's prefix."""
        return f"{self.request_name or self.name}Request"


def _record(position: Position) -> dict[str, Any]:
    """A record of one move from the position's state (its ``start``: a record of a real table)."""
    players = [p["id"] if isinstance(p, dict) else p for p in position.state.get("players", [])]
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": position.game,
        "players": players,
        "start": position.state,
        "moves": [] if position.move is None else [{"move": position.move}],
    }


def _observed(position: Position) -> dict[str, Any]:
    """What a referee enters: the fields the move's result changed, as the page sends only what differs
    (without the result: the table's scalar fields, phase, round, whose turn, as the page has them)."""
    reached = position.reached
    if reached is None:
        return {k: v for k, v in position.state.items() if not isinstance(v, list | dict)}
    return {k: v for k, v in reached.items() if position.state.get(k) != v}


SVG_EXAMPLE = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1052" height="1006" viewBox="0 0 1052 1006" '
    'font-family="sans-serif"> <rect width="1052" height="1006" fill="#e9e4d8"/> … </svg> '
)

ROUTES: tuple[GameRoute, ...] = (
    GameRoute(
        path="setup",
        name="Setup",
        request=envelopes.setup_request,
        answer=answers.setup_answer,
        gives_seal=True,
        summary="A complete starting state for {Name}",
        answered="The starting state.",
        example=lambda p: dict(p.setup),
    ),
    GameRoute(
        path="validate",
        name="Validate",
        request_name="State",
        request=envelopes.state_request,
        answer="ValidateAnswer",
        summary="Is this {Name} state one the rules can reach?",
        description="Checks a whole {Name} state against the rules (counts, hands, boards, whose turn) and lists "
        "every violation with its rule code, label and JSON pointer. A state that fits the schema but breaks a rule "
        "is a 200 with `valid` false, never a 4xx.",
        answered="`valid` and every violation found (an inconsistent state is still a 200).",
        answer_example={"valid": True, "violations": [], "rules_version": "{game}-5", "service_version": "1.0.0"},
        example=lambda p: {"state": p.state},
    ),
    GameRoute(
        path="legal-moves",
        name="LegalMoves",
        request=envelopes.legal_moves_request,
        answer=answers.legal_moves_answer,
        takes_seal=True,
        summary="The legal {Name} moves now, a page at a time (optionally of one player or one type)",
        example=lambda p: {"state": p.state},
    ),
    GameRoute(
        path="moves",
        name="Move",
        request=envelopes.move_request,
        answer=answers.move_answer,
        takes_seal=True,
        gives_seal=True,
        summary="Apply one {Name} move",
        description="An illegal move is a 200 with `legal` false and every violated rule.",
        answered="Legal with the resulting state, or illegal with the violations.",
        example=lambda p: None if p.move is None else {"state": p.state, "move": p.move},
    ),
    GameRoute(
        path="replay",
        name="Replay",
        request=envelopes.replay_request,
        answer=answers.replay_answer,
        summary="Run a whole {Name} game log",
        description="Plays a log of moves from a setup (or a state) and answers the state reached, the index of the "
        "first illegal move (null when every move was legal), the scores and every scoring event with the index of "
        "its move. At most 2000 moves.",
        answered="The state reached, the first illegal move (or null), the scores and every scoring event.",
        example=lambda p: {"state": p.state, "moves": [] if p.move is None else [p.move]},
    ),
    GameRoute(
        path="record",
        name="Record",
        request=envelopes.record_request,
        answer=answers.record_answer,
        summary="Check a whole {Name} game record",
        description="""A game record (format `city-games-record`, version 1; docs/record.md) is a whole game: a header
(game, rules version, players, options, the seed of a digital game or the start state of a real
table, dates, whose view it holds), every entry in order (`{"move": ...}`, reveals included;
`{"correction": {"label", "state"}}`, the table set right, checked as a whole state; `{"hidden":
{"type", "player"}}`, an entry its viewer may not see) and the result it claims. The record is
checked entry by entry from its start: the answer says where it first goes wrong (the entry's
index and every broken rule), how far it could be checked (`hidden_from`: the first hidden
entry, 0 for a digital game whose seed is withheld), whether the result claimed is the one
reached, and the state, standings and scorings reached.
""",
        answered="Where the record first goes wrong (or null), how far it could be checked, whether the result it "
        "claims is the one reached, the state and standings reached and every scoring event.",
        example=_record,
    ),
    GameRoute(
        path="score",
        name="Score",
        request=envelopes.score_request,
        answer=answers.score_answer,
        takes_seal=True,
        summary="Score a {Name} state (a partial state is enough) with the full breakdown",
        description="Scores a {Name} state as it stands, or only what a score helper typed in (a partial state), "
        "with every player's total and breakdown by stable category ids, the standings and the winners. What the "
        "partial state holds is checked and any broken rule is listed in `violations` beside the scores.",
        answered="The scores with their breakdown, and any inconsistency listed beside them.",
        example=lambda p: {"state": p.state},
    ),
    GameRoute(
        path="view",
        name="View",
        request=envelopes.view_request,
        answer=answers.view_answer,
        summary="The {Name} state as one player may see it",
        answered="The state with hidden information removed.",
        example=lambda p: {"state": p.state, "player": p.player},
    ),
    GameRoute(
        path="render",
        name="Render",
        request=envelopes.render_request,
        answer=None,
        media="image/svg+xml",
        summary="A picture of the {Name} state (SVG)",
        description="Draws the {Name} state (a partial state is enough) as an SVG document; with `player`, as that "
        "player may see it.",
        answered="An SVG document.",
        answer_example=SVG_EXAMPLE,
        example=lambda p: {"state": p.state, "player": p.player},
    ),
)

EXPLAIN = """When the table and the page disagree, `observed` says what the table shows, in the state's own shape (a
whole state, or only the fields the referee entered). The answer is either `explained: true` with the
shortest sequence of at most three legal moves (reveals, trades and the game's automatic steps among
them) whose result agrees with every observed field, the state it reaches and every other sequence of
that length that explains it as well; or `explained: false` with each observed field no such sequence
reaches (`unreached`: its JSON pointer, the page's value and the observed one) and, for the closest
candidate, a move proposed from what differs that the rules refuse, with its violations. Moves are
proposed from what differs, never by listing every move; a reveal is proposed only with a piece the
observation shows (nothing a player holds is invented), and `reveals` names the pieces the sequence
needs. The search is bounded by a work budget (well under a second of CPU); one cut short says so with
`complete: false`. Nothing is applied: the page applies the moves when the referee confirms.
"""

ROUTES += (
    GameRoute(
        path="explain",
        name="Explain",
        request=lambda wire, info, built: explain.explain_request(wire)(),
        answer=lambda wire, info, prefix: explain.explain_answer(wire, prefix),
        summary="Which {Name} moves lead from the page's state to what the table shows",
        description=EXPLAIN,
        answered="The explanation, or what no sequence reaches and the rules the closest candidate breaks.",
        example=lambda p: {"state": p.state, "observed": _observed(p)},
    ),
)

BY_PATH: dict[str, GameRoute] = {route.path: route for route in ROUTES}
REQUESTS: dict[str, RequestBuilder] = {route.path: route.request for route in ROUTES}
TAKES_SEAL = frozenset(route.path for route in ROUTES if route.takes_seal)
