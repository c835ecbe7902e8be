"""The request envelopes every game shares (setup, state, move, replay, view, render), built around a
game's own wire schemas so that errors point into the whole request body."""

from __future__ import annotations

import unicodedata
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


@dataclass(frozen=True)
class Envelopes:
    setup: Schema
    state: Schema
    legal_moves: Schema
    move: Schema
    replay: Schema
    record: Schema
    score_state: Schema
    score_extra: Schema
    view: Schema
    render: Schema
    options: Schema
    state_out: Schema
    moves_out: Schema
    status_out: Schema


def build_envelopes(wire: GameWire, info: GameInfo) -> Envelopes:
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
    state_cls = _StateEnvelope.from_dict({"state": fields.Nested(wire.state, required=True)})
    move_types = list(info.move_types) or None
    legal_cls = _StateEnvelope.from_dict(
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
    )
    move_cls = _StateEnvelope.from_dict(
        {"state": fields.Nested(wire.state, required=True), "move": fields.Nested(wire.move, required=True)}
    )

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

    record_cls = _record_request(wire, info)
    score_state_cls = _StateEnvelope.from_dict({"state": fields.Nested(wire.score_state, required=True)})
    view_cls = _StateEnvelope.from_dict(
        {"state": fields.Nested(wire.state, required=True), "player": PlayerId(required=True)}
    )
    render_cls = _StateEnvelope.from_dict(
        {"state": fields.Nested(wire.score_state, required=True), "player": PlayerId()}
    )
    envelopes = Envelopes(
        setup=setup_cls(),
        state=state_cls(),
        legal_moves=legal_cls(),
        move=move_cls(),
        replay=ReplayRequest(),
        record=record_cls(),
        score_state=score_state_cls(),
        score_extra=wire.score_extra(),
        view=view_cls(),
        render=render_cls(),
        options=wire.options(),
        state_out=wire.state(),
        moves_out=wire.move(many=True),
        status_out=STATUS_OUT,
    )
    with typed.sharing():
        for schema in vars(envelopes).values():
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
