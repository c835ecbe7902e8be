"""The request envelopes every game shares (setup, state, move, replay, view, render), built around a
game's own wire schemas so that errors point into the whole request body."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from ..engine.core import GameInfo
from . import typed
from .common import GameWire, List, PlayerId, Seed, StatusSchema, StrictInteger, json_keywords
from .messages import ID_CASE_ONLY

# The longest seeded random games run to about 330 moves (New York, six players); trades (Chinatown) and
# rebuilds (New York) can loop, at about 0.25 ms a move through the HTTP edge, so 2000 keeps any replay
# near half a second of CPU while leaving a real game's log six times the room it needs.
MAX_REPLAY_MOVES = 2000
# legal-moves answers a page of moves: about 100 bytes and 10-30 us of checks a move, so the largest page
# costs about 100 KB and tens of milliseconds, whatever the position (some list tens of thousands).
DEFAULT_MOVES_LIMIT = 100
MAX_MOVES_LIMIT = 1000
MAX_CURSOR_CHARS = 64
# A game record (docs/record.md): its format's name and the version of it this service reads.
RECORD_FORMAT = "city-games-record"
RECORD_VERSION = 1
MAX_LABEL_CHARS = 200
MAX_STAMP_CHARS = 40


STATUS_OUT = StatusSchema()


def _unique(values: list[str]) -> None:
    if len(set(values)) != len(values):
        raise ValidationError("Player ids must be unique.")
    clash = _case_clash(values)
    if clash is not None:
        raise ValidationError({clash: [ID_CASE_ONLY]})


json_keywords(_unique, uniqueItems=True)


def _case_clash(ids: list[Any]) -> int | None:
    """The index of the first id that differs from an earlier one only in letter case (or composition),
    or None. Equal ids are not a clash here: the games' own rules refuse them (``duplicate_player``)."""
    seen: dict[str, str] = {}
    for index, id_ in enumerate(ids):
        if not isinstance(id_, str):
            continue
        key = unicodedata.normalize("NFC", id_).casefold()
        if key in seen and seen[key] != unicodedata.normalize("NFC", id_):
            return index
        seen.setdefault(key, unicodedata.normalize("NFC", id_))
    return None


class _StateEnvelope(Schema):
    """A request holding a state: its players' ids may not differ only in letter case (``Anna`` and
    ``anna`` are one name on a page; each game refuses equal ids as its own rule)."""

    @validates_schema(pass_original=True)
    def _players_distinct(self, data: Any, original: Any, **kwargs: Any) -> None:
        state = original.get("state") if isinstance(original, dict) else None
        players = state.get("players") if isinstance(state, dict) else None
        if not isinstance(players, list):
            return
        ids = [player.get("id") if isinstance(player, dict) else None for player in players]
        clash = _case_clash(ids)
        if clash is not None:
            raise ValidationError({"players": {clash: {"id": [ID_CASE_ONLY]}}}, "state")


def state_envelope(declared: dict[str, fields.Field]) -> type[Schema]:
    """A request envelope holding a state (its players' ids checked for a clash of letter case)."""
    return _StateEnvelope.from_dict(declared)


# ---- each route's request envelope, built around a game's wire schemas (service/api/routes.py names them) ----
# A builder takes the game's wire schemas, its info and the envelopes built before it (by route path, in the
# routes' order: a replay's ``setup`` is the setup route's own envelope).
Built = Mapping[str, Schema]


def setup_request(wire: GameWire, info: GameInfo, built: Built) -> Schema:
    setup_cls = Schema.from_dict(
        {
            "players": List(
                PlayerId(),
                required=True,
                validate=[validate.Length(min=info.min_players, max=info.max_players), _unique],
            ),
            "seed": Seed(),
            "options": fields.Nested(wire.options),
        },
        name=f"{info.id}SetupRequest",
    )
    return setup_cls()


def state_request(wire: GameWire, info: GameInfo, built: Built) -> Schema:
    return state_envelope({"state": fields.Nested(wire.state, required=True)})()


def legal_moves_request(wire: GameWire, info: GameInfo, built: Built) -> Schema:
    move_types = list(info.move_types) or None
    return state_envelope(
        {
            "state": fields.Nested(wire.state, required=True),
            "player": PlayerId(),
            "type": fields.String(validate=validate.OneOf(move_types) if move_types else None),
            "limit": StrictInteger(
                validate=validate.Range(min=1, max=MAX_MOVES_LIMIT), metadata={"component": "MovesLimit"}
            ),
            "cursor": fields.String(
                validate=validate.Length(max=MAX_CURSOR_CHARS), metadata={"component": "MovesCursor"}
            ),
        }
    )()


def move_request(wire: GameWire, info: GameInfo, built: Built) -> Schema:
    return state_envelope(
        {"state": fields.Nested(wire.state, required=True), "move": fields.Nested(wire.move, required=True)}
    )()


def replay_request(wire: GameWire, info: GameInfo, built: Built) -> Schema:
    setup_cls = type(built["setup"])

    class ReplayRequest(_StateEnvelope):
        contract_keywords = {
            "if": {"required": ["setup"]},
            "then": {"not": {"required": ["state"]}},
            "else": {"required": ["state"]},
        }

        setup = fields.Nested(setup_cls)
        state = fields.Nested(wire.state)
        moves = List(fields.Nested(wire.move), required=True, validate=validate.Length(max=MAX_REPLAY_MOVES))

        @validates_schema
        def _one_start(self, data, **kwargs):
            if ("setup" in data) == ("state" in data):
                raise ValidationError("Give exactly one of `setup` and `state`.")

    return ReplayRequest()


def record_request(wire: GameWire, info: GameInfo, built: Built) -> Schema:
    return _record_request(wire, info)()


def score_state_request(wire: GameWire) -> Schema:
    """The state a score takes (a partial state is enough), alone: what ``score`` loads first."""
    return state_envelope({"state": fields.Nested(wire.score_state, required=True)})()


def score_request(wire: GameWire, info: GameInfo, built: Built) -> Schema:
    """The score request as the contract says it: the partial state and the game's own fields beside it
    (the route loads the two apart, to list the errors of both)."""
    extra = wire.score_extra
    score = type(
        f"{info.id}ScoreRequest",
        (type(score_state_request(wire)),),
        {**extra().fields, "contract_keywords": getattr(extra, "contract_keywords", {})},
    )
    return score()


def view_request(wire: GameWire, info: GameInfo, built: Built) -> Schema:
    return state_envelope({"state": fields.Nested(wire.state, required=True), "player": PlayerId(required=True)})()


def render_request(wire: GameWire, info: GameInfo, built: Built) -> Schema:
    return state_envelope({"state": fields.Nested(wire.score_state, required=True), "player": PlayerId()})()


RequestBuilder = Callable[[GameWire, GameInfo, Built], Schema]


@dataclass(frozen=True)
class Envelopes:
    """A game's request envelopes, by route path (one per declared route), and the schemas beside them
    that more than one route loads or dumps with."""

    requests: Mapping[str, Schema]
    score_state: Schema
    score_extra: Schema
    options: Schema
    state_out: Schema
    moves_out: Schema
    status_out: Schema


def build_envelopes(wire: GameWire, info: GameInfo, requests: Mapping[str, RequestBuilder]) -> Envelopes:
    """The game's envelopes: ``requests`` builds each route's (by route path, in the routes' order)."""
    built: dict[str, Schema] = {}
    for path, build in requests.items():
        built[path] = build(wire, info, built)
    envelopes = Envelopes(
        requests=built,
        score_state=score_state_request(wire),
        score_extra=wire.score_extra(),
        options=wire.options(),
        state_out=wire.state(),
        moves_out=wire.move(many=True),
        status_out=STATUS_OUT,
    )
    with typed.sharing():
        for schema in [*built.values(), *vars(envelopes).values()]:
            if isinstance(schema, Schema):
                typed.prepare(schema)
    return envelopes


def _record_request(wire: GameWire, info: GameInfo) -> type[Schema]:
    """A whole game's record (docs/record.md): a header, every entry in order (a move, a correction of the
    table, or an entry its viewer may not see), the result it claims, and what its viewer saw at the end."""

    class RecordCorrection(Schema):
        label = fields.String(required=True, validate=validate.Length(max=MAX_LABEL_CHARS))
        state = fields.Nested(wire.state, required=True)

    class RecordHidden(Schema):
        type = fields.String(required=True, validate=validate.Length(max=40))
        player = PlayerId()

    class RecordEntry(Schema):
        # exactly one of the three, said as a count of members (the object has no others) rather than as a
        # oneOf of ``required``: Kotlin's generator writes an empty data class for that, which does not compile
        contract_keywords = {
            "minProperties": 1,
            "maxProperties": 1,
            "description": "One entry of the record: exactly one of `move`, `correction` and `hidden`.",
        }

        move = fields.Nested(wire.move)
        correction = fields.Nested(RecordCorrection)
        hidden = fields.Nested(RecordHidden)

        @validates_schema
        def _one_kind(self, data, **kwargs):
            if len(data) != 1:
                raise ValidationError("Give exactly one of `move`, `correction` and `hidden`.")

    class RecordResult(Schema):
        over = fields.Boolean(required=True)
        winners = List(PlayerId(), required=True)
        standings = fields.Dict(keys=PlayerId(), values=StrictInteger(), required=True)

    class RecordShown(Schema):
        state = fields.Nested(wire.state, required=True)

    class RecordRequest(Schema):
        format = fields.String(required=True, validate=validate.Equal(RECORD_FORMAT))
        version = StrictInteger(required=True, validate=validate.Equal(RECORD_VERSION))
        game = fields.String(required=True, validate=validate.Equal(info.id))
        rules_version = fields.String(validate=validate.Length(max=MAX_STAMP_CHARS))
        # the seats in order, each id once (checked where the record is set up from them: see the record route)
        players = List(PlayerId(), required=True, validate=validate.Length(min=info.min_players, max=info.max_players))
        options = fields.Nested(wire.options)
        seed = Seed(allow_none=True)
        start = fields.Nested(wire.state)
        viewer = PlayerId(allow_none=True)
        whole = fields.Boolean()
        started = fields.String(validate=validate.Length(max=MAX_STAMP_CHARS))
        updated = fields.String(validate=validate.Length(max=MAX_STAMP_CHARS))
        moves = List(fields.Nested(RecordEntry), required=True, validate=validate.Length(max=MAX_REPLAY_MOVES))
        result = fields.Nested(RecordResult, allow_none=True)
        shown = fields.Nested(RecordShown)

    return RecordRequest
