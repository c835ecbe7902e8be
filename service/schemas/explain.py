"""The explain route's wire: its request and its answer, declared in one place of their own so
that they can join the routes' one declaration as they are.

The request holds the page's ``state`` (the game's state schema) and ``observed``, what the table shows, in
the state's own shape: all of it or only the fields the referee entered. ``observed`` is taken as JSON as
it is (any object): a field the state does not have is a field no move reaches, which the answer says.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from ..engine.explain import MAX_DEPTH, MAX_SEQUENCES
from .answers import Answer, ViolationSchema, versions
from .common import GameWire, List, StatusSchema
from .envelopes import _StateEnvelope

OBSERVED = (
    "A JSON object (any other value is a 422): what the table shows, in the state's own shape: all of a state, or only the fields the referee entered "
    "(objects are compared field by field, only the fields given; a list item by item; null where the page "
    "has nothing)."
)


def _an_object(value: Any) -> None:
    # Declared as any JSON value, not as an object of any values: Kotlin's kotlinx client cannot compile a
    # map of free-form values (it has no serializer for Any there), while a free-form value it takes as is.
    if not isinstance(value, dict):
        raise ValidationError("Not a valid mapping type.")


def explain_request(wire: GameWire) -> type[Schema]:
    """The request: the page's state and the observation."""
    return _StateEnvelope.from_dict(
        {
            "state": fields.Nested(wire.state, required=True),
            "observed": fields.Raw(required=True, validate=_an_object, metadata={"description": OBSERVED}),
        },
        name="ExplainRequest",
    )


class DifferenceSchema(Answer):
    """One observed field the page's state does not show."""

    contract_name = "ExplainDifference"

    pointer = fields.String(required=True, metadata={"description": "A JSON pointer into the state."})
    page = fields.Raw(required=True, allow_none=True, metadata={"description": "The page's value there (null: none)."})
    observed = fields.Raw(required=True, allow_none=True, metadata={"description": "The observed value."})


def explain_answer(wire: GameWire, prefix: str) -> type[Schema]:
    """The answer around the game's state and move schemas."""
    move = wire.move

    class Closest(Answer):
        moves = List(
            fields.Nested(move),
            required=True,
            validate=validate.Length(max=MAX_DEPTH),
            metadata={"description": "The legal moves to the candidate that came nearest (fewest fields differing)."},
        )
        differences = List(
            fields.Nested(DifferenceSchema),
            required=True,
            metadata={"description": "The observed fields the candidate still does not show."},
        )
        refused = fields.Nested(
            move,
            required=True,
            allow_none=True,
            metadata={"description": "A move proposed from what differs that the rules refuse, or null."},
        )
        violations = List(
            fields.Nested(ViolationSchema),
            required=True,
            metadata={"description": "The rules the refused move breaks (as `moves` gives them)."},
        )

    declared: dict[str, Any] = {
        "contract_name": f"{prefix}ExplainAnswer",
        "explained": fields.Boolean(
            required=True,
            metadata={"description": "A sequence of at most three legal moves reaches what the table shows."},
        ),
        "complete": fields.Boolean(
            required=True,
            metadata={"description": "The search ran to its end (false: its work budget ran out first)."},
        ),
        "moves": List(
            fields.Nested(move),
            required=True,
            validate=validate.Length(max=MAX_DEPTH),
            metadata={"description": "The shortest sequence found (empty when not explained, or nothing differs)."},
        ),
        "sequences": List(
            List(fields.Nested(move), validate=validate.Length(max=MAX_DEPTH)),
            required=True,
            validate=validate.Length(max=MAX_SEQUENCES),
            metadata={"description": "Every sequence of that length that explains it as well (the first is `moves`)."},
        ),
        "more": fields.Boolean(
            required=True, metadata={"description": "More sequences of that length explain it than are listed."}
        ),
        "reveals": List(
            fields.Nested(move),
            required=True,
            metadata={"description": "The reveals the sequence needs: which piece must have come up."},
        ),
        "state": fields.Nested(
            wire.state,
            required=True,
            allow_none=True,
            metadata={"description": "The state the sequence reaches, or null when not explained."},
        ),
        "status": fields.Nested(StatusSchema, required=True, allow_none=True),
        "differences": List(
            fields.Nested(DifferenceSchema),
            required=True,
            metadata={"description": "Every observed field the page's state does not show."},
        ),
        "unreached": List(
            fields.Nested(DifferenceSchema),
            required=True,
            metadata={"description": "The observed fields no state the search reached shows (when not explained)."},
        ),
        "closest": fields.Nested(Closest, required=True, allow_none=True),
        "violations": List(
            fields.Nested(ViolationSchema),
            required=True,
            metadata={"description": "What is inconsistent in the page's state (nothing is searched from it then)."},
        ),
        "work": fields.Integer(
            required=True, validate=validate.Range(min=0), metadata={"description": "The work units the search spent."}
        ),
        **versions(),
    }
    Closest.__name__ = f"{prefix}ExplainClosest"
    return type(f"{prefix}ExplainAnswer", (Answer,), declared)
