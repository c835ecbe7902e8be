"""A tiny counting game plugged into the generic routes, so the HTTP plumbing is tested apart from
any real game's rules: players take turns adding 1 or 2 to a shared total; reaching 10 ends it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from marshmallow import Schema, fields, post_load, validate

from service.api.games import Binding, game_envelopes
from service.engine.core import Event, GameInfo, MovesPage, Outcome, Status, Violation
from service.engine.memo import remembered
from service.schemas.common import GameWire, PlayerId, StrictInteger

INFO = GameInfo(
    id="fake",
    name="Fake",
    designers=("Test",),
    publisher="tests",
    min_players=2,
    max_players=3,
    rules_version="fake-1",
    move_types=("add",),
)


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    total: int
    turn: int


@dataclass(frozen=True)
class Move:
    type: str
    player: str
    amount: int


class StateSchema(Schema):
    game = fields.String(required=True, validate=validate.Equal("fake"))
    players = fields.List(PlayerId(), required=True, validate=validate.Length(min=2, max=3))
    total = StrictInteger(required=True, validate=validate.Range(min=0, max=100))
    turn = StrictInteger(required=True, validate=validate.Range(min=0, max=2))

    @post_load
    def build(self, data, **kwargs):
        return State(tuple(data["players"]), data["total"], data["turn"])

    def dump(self, obj, **kwargs):
        return {"game": "fake", "players": list(obj.players), "total": obj.total, "turn": obj.turn}


class MoveSchema(Schema):
    type = fields.String(required=True, validate=validate.OneOf(["add"]))
    player = PlayerId(required=True)
    amount = StrictInteger(required=True, validate=validate.Range(min=0, max=9))

    @post_load
    def build(self, data, **kwargs):
        return Move(**data)


class OptionsSchema(Schema):
    target = StrictInteger(load_default=10)


class ScoreExtra(Schema):
    scoring = fields.String(load_default="final", validate=validate.OneOf(["final"]))

    @post_load
    def build(self, data, **kwargs):
        return data["scoring"]


class FakeGame:
    info = INFO
    scoring_events = frozenset({"scored"})

    def describe(self):
        return {"rule_codes": [{"code": "fake.move.amount", "text": "Add 1 or 2.", "rule": "fake 1"}], "readings": []}

    def setup(self, players, seed, options):
        return State(tuple(players), seed % 3, 0)

    def validate(self, state):
        return (
            []
            if state.turn < len(state.players)
            else [Violation("fake.state.turn", "No such seat.", "fake 0", "/state/turn")]
        )

    def _violations(self, state, move):
        found = []
        if move.amount not in (1, 2):
            found.append(Violation("fake.move.amount", "Add 1 or 2.", "fake 1", "/move/amount"))
        if state.turn >= len(state.players) or move.player != state.players[state.turn]:
            found.append(Violation("fake.move.turn", "Not your turn.", "fake 2", "/move/player"))
        return found

    def legal_moves(self, state, player=None, move_type=None):
        moves = [Move("add", p, a) for p in state.players for a in (1, 2)]
        return [m for m in moves if not self._violations(state, m) and player in (None, m.player)]

    def legal_page(self, state, player, move_type, start=0, limit=None):
        moves = self.legal_moves(state, player, move_type)[start:]
        more = limit is not None and len(moves) > limit
        return MovesPage(moves[:limit] if more else moves, start + limit if more else None)

    def apply(self, state, move):
        found = self._violations(state, move)
        if found:
            return Outcome.illegal(found)
        total = remembered("fake.sum", [state.total, move.amount], lambda: state.total + move.amount, int)
        after = replace(state, total=total, turn=(state.turn + 1) % len(state.players))
        events = (Event("scored", {"total": total}),) if total >= 10 else ()
        return Outcome(True, (), after, events)

    def score(self, state, scoring=None):
        players = [
            {"id": p, "total": state.total, "breakdown": [{"category": "total", "points": state.total, "detail": {}}]}
            for p in state.players
        ]
        return {"players": players, "totals": {p: state.total for p in state.players}, "violations": []}

    def status(self, state):
        over = state.total >= 10
        seat = state.players[state.turn] if state.turn < len(state.players) else None
        return Status.of("play", None, [seat], over, state.players if over else ())

    def standings(self, state):
        return {p: state.total for p in state.players}

    def view(self, state, player):
        return state

    def render(self, state, player=None, tr=None):
        return "<svg xmlns='http://www.w3.org/2000/svg'/>"


WIRE = GameWire(
    state=StateSchema, score_state=StateSchema, move=MoveSchema, options=OptionsSchema, score_extra=ScoreExtra
)


def install(app) -> None:
    app.extensions["games"]["fake"] = Binding(INFO, FakeGame(), WIRE, game_envelopes(WIRE, INFO))
