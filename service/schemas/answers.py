"""The answers' shapes, declared for the contract: what every game answers (versions, violations, the
score's shared parts, the catalogue, health) and each game's answer envelopes around its own schemas.

The service builds its answers itself (the engine's dicts, dumped by the edge); these schemas only
declare them, so the generator (``service.api.contract``) makes their components from the same source
as the requests'. ``tests/api/test_answers_fit_the_contract.py`` (seeded games through every route) and
``tests/test_contract.py`` (schemathesis) hold the service's answers against those components.
Answer objects may carry more keys than they list (``unknown = INCLUDE``: no ``additionalProperties:
false``), so a field added to an answer breaks no client.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import INCLUDE, Schema, fields, validate

from ..engine.chinatown.data import LOT_COUNT
from ..engine.core import PROVENANCES, GameInfo
from ..engine.registry import GAME_IDS
from .common import GameWire, List, PlayerId, Seed, StatusSchema, awarded_field
from .envelopes import MAX_MOVES_LIMIT

JsonSchema = dict[str, Any]
COUNT = validate.Range(min=0)
RULE_URL = r"^/v1/games/[a-z0-9]+/rules#[a-z0-9-]+$"
SECTION_ID = r"^[a-z0-9]+(-[a-z0-9]+)*$"
HEALTH = validate.OneOf(["pass", "warn", "fail"])


def _ref(name: str) -> JsonSchema:
    return {"$ref": f"#/components/schemas/{name}"}


def event_component(prefix: str) -> str:
    """The component a game's events are (a union by kind, from the game's ``EventSchema``): the one place
    that names it, for the answers that list them."""
    return f"{prefix}Event"


class Answer(Schema):
    """An answer object: it may hold more keys than it lists."""

    class Meta:
        unknown = INCLUDE


def versions() -> dict[str, fields.Field]:
    return {"rules_version": fields.String(required=True), "service_version": fields.String(required=True)}


# ---- scalars and maps with a name of their own ------------------------------------------------------
def lang_field() -> fields.Field:
    return fields.String(metadata={"component": "Lang"})


def state_seal_field(max_chars: int) -> fields.Field:
    return fields.String(validate=validate.Length(max=max_chars), metadata={"component": "StateSeal"})


def _next_cursor() -> fields.Field:
    return fields.String(
        required=True, metadata={"component": "NextCursor", "json_schema": lambda c: {"type": ["string", "null"]}}
    )


def _rule_url(**metadata: Any) -> fields.Field:
    return fields.String(
        required=True,
        validate=validate.Regexp(RULE_URL),
        metadata={"component": "RuleUrl", "keywords": {"format": "uri-reference"}, **metadata},
    )


def _labels() -> fields.Field:
    return fields.Dict(keys=fields.String(), values=fields.String(), metadata={"component": "Labels"})


def _per_player(component: str) -> fields.Field:
    return awarded_field(required=True, metadata={"component": component})


def points_by_name(**kwargs: Any) -> fields.Field:
    """An object of integers by a name (a player, a block...)."""
    return fields.Dict(keys=fields.String(), values=fields.Integer(), **kwargs)


# ---- violations and rules --------------------------------------------------------------------------
class ViolationSchema(Answer):
    contract_name = "Violation"

    code = fields.String(required=True)
    message = fields.String(required=True)
    rule = fields.String(required=True)
    rule_url = _rule_url()
    pointer = fields.String(required=True)


def _violations(**kwargs: Any) -> fields.Field:
    return List(fields.Nested(ViolationSchema), **kwargs)


class ReadingSchema(Answer):
    contract_name = "Reading"

    name = fields.String(required=True)
    default = fields.Raw(required=True)
    provenance = fields.String(
        required=True,
        validate=validate.OneOf(PROVENANCES),
        metadata={
            "description": "Where the reading comes from: `rulebook` (this game's published rulebook, quoted in "
            "`text` with where it was read), `carried over` (another game's rule, that game named by "
            "`carried_from`), `public source` (another published text), `assumption` (the service's own "
            "choice), `seed` (the rules text the service was built from, quoted in `text`)."
        },
    )
    carried_from = fields.String(
        metadata={"description": "The id of the game whose rule a reading `carried over` takes (only then)."}
    )
    text = fields.String(required=True)
    rule_url = _rule_url(
        description="The reading's own entry on the rules page (`#reading-<name>`), which states its provenance.",
    )
    reads_url = _rule_url(description="The section of the rules page whose rule the reading reads.")


class RuleCodeSchema(Answer):
    contract_name = "RuleCode"

    code = fields.String(required=True)
    text = fields.String(required=True)
    rule = fields.String(required=True)
    rule_url = _rule_url()


class _RulePart(Answer):
    id = fields.String(required=True, validate=validate.Regexp(SECTION_ID))
    title = fields.String(required=True)
    text = fields.String(required=True, metadata={"description": "Markdown."})


class _RuleSection(_RulePart):
    parts = List(fields.Nested(_RulePart, metadata={"inline": True}), required=True)


class RulesDocumentSchema(Answer):
    contract_name = "RulesDocument"

    game = fields.String(required=True, validate=validate.OneOf(GAME_IDS))
    title = fields.String(required=True)
    intro = fields.String(required=True)
    sections = List(fields.Nested(_RuleSection, metadata={"inline": True}), required=True)
    readings = List(fields.Nested(ReadingSchema), required=True)
    rules_version = fields.String(required=True)
    service_version = fields.String(required=True)


# ---- the catalogue and health ----------------------------------------------------------------------
class PlayerCountSchema(Answer):
    contract_name = "PlayerCount"

    min = fields.Integer(required=True)
    max = fields.Integer(required=True)


class GameSummarySchema(Answer):
    contract_name = "GameSummary"

    id = fields.String(required=True, validate=validate.OneOf(GAME_IDS))
    family = fields.String()
    name = fields.String(required=True)
    designers = List(fields.String(), required=True)
    publisher = fields.String()
    players = fields.Nested(PlayerCountSchema, required=True)
    rules_version = fields.String(required=True)
    move_types = List(fields.String(), required=True)
    variants = List(fields.String(), required=True)
    information = fields.String(validate=validate.OneOf(["perfect", "imperfect"]))
    chance = fields.String()
    available = fields.Boolean(required=True)


class GameListSchema(Answer):
    contract_name = "GameList"

    games = List(fields.Nested(GameSummarySchema), required=True)
    service_version = fields.String(required=True)


OPTION_KINDS = ["bool", "integer", "choice", "player", "structured"]


class OptionChoiceSchema(Answer):
    contract_name = "OptionChoice"

    value = fields.Raw(required=True, metadata={"description": "The value as a setup request sends it."})
    label = fields.String(required=True, metadata={"description": "Its name, in the answer's language."})


class SetupOptionSchema(Answer):
    contract_name = "SetupOption"

    name = fields.String(required=True)
    kind = fields.String(
        required=True,
        validate=validate.OneOf(OPTION_KINDS),
        metadata={
            "description": "`bool`, `integer` (between `minimum` and `maximum`), `choice` (one of `choices`), "
            "`player` (a player of the game, or null) or `structured` (a structured value, as its default shows)."
        },
    )
    default = fields.Raw(required=True)
    label = fields.String(required=True, metadata={"description": "The option's name, in the answer's language."})
    choices = List(fields.Nested(OptionChoiceSchema))
    minimum = fields.Integer()
    maximum = fields.Integer()


class GameDetailsSchema(Answer):
    contract_name = "GameDetails"

    game = fields.Nested(GameSummarySchema, required=True)
    rule_codes = List(fields.Nested(RuleCodeSchema), required=True)
    readings = List(fields.Nested(ReadingSchema), required=True)
    setup_options = List(
        fields.Nested(SetupOptionSchema),
        required=True,
        metadata={
            "description": "Every option a setup request may set, in declaration order: its kind, default, "
            "choices and bounds, and its name and its choices' names in the answer's language."
        },
    )
    rules_version = fields.String(required=True)
    service_version = fields.String(required=True)


class HealthCheckSchema(Answer):
    contract_name = "HealthCheck"

    status = fields.String(validate=HEALTH)
    backend = fields.String()
    reason = fields.String(validate=validate.OneOf(["down", "slow"]))
    detail = fields.String()


class HealthSchema(Answer):
    contract_name = "Health"

    status = fields.String(required=True, validate=HEALTH)
    service_version = fields.String(required=True)
    checks = fields.Dict(keys=fields.String(), values=fields.Nested(HealthCheckSchema))


class VersionsSchema(Answer):
    contract_name = "Versions"

    rules_version = fields.String(required=True)
    service_version = fields.String(required=True)


class ValidateAnswerSchema(Answer):
    contract_name = "ValidateAnswer"

    valid = fields.Boolean(required=True)
    violations = _violations(required=True)
    rules_version = fields.String(required=True)
    service_version = fields.String(required=True)


# ---- what every score answer shares ----------------------------------------------------------------
class ScoreDetailSchema(Schema):
    contract_name = "ScoreDetail"

    count = fields.Integer(validate=COUNT)
    rank = fields.Integer(validate=COUNT)
    length = fields.Integer(validate=COUNT)
    lots = List(fields.Integer(validate=validate.Range(min=1, max=LOT_COUNT)))
    size = fields.Integer(validate=COUNT)
    complete = fields.Boolean()
    tiles_on_board = fields.Integer(validate=COUNT)
    place = fields.String(validate=validate.OneOf(["first", "second"]))
    floors = fields.Integer(validate=COUNT)
    multiplier = fields.Integer(validate=COUNT)
    plots = List(fields.String())
    district = fields.String()
    tiles = List(fields.String(), allow_none=True)
    per_skyscraper = fields.Integer(allow_none=True)
    already_applied = fields.Boolean()


class ScoreBreakdownItemSchema(Schema):
    contract_name = "ScoreBreakdownItem"

    category = fields.String(required=True, validate=validate.Regexp(r"^[a-z0-9_]+(:[a-z0-9_-]+)?$"))
    points = fields.Integer(required=True)
    detail = fields.Nested(ScoreDetailSchema, required=True)


class ScorePlayerSchema(Answer):
    """One player's score; each game's player score is this with its own detail."""

    contract_name: str | None = "ScorePlayer"

    id: fields.Field = PlayerId(required=True)
    total = fields.Integer(required=True)
    breakdown = List(fields.Nested(ScoreBreakdownItemSchema), required=True)


class ScoreResultSchema(Answer):
    """What every game's score result holds beside its own fields."""

    awarded = _per_player("ScoreAwarded")
    standings = _per_player("ScoreStandings")
    winners = List(PlayerId(), required=True, metadata={"component": "ScoreWinners"})
    labels = _labels()


def score_totals() -> fields.Field:
    return points_by_name(required=True, metadata={"component": "ScoreTotals"})


def score_violations(**kwargs: Any) -> fields.Field:
    return _violations(required=True, **kwargs)


# ---- each game's answer envelopes ------------------------------------------------------------------
class FirstIllegalSchema(Answer):
    contract_name = "FirstIllegal"

    index = fields.Integer(required=True, validate=COUNT)
    violations = _violations(required=True)


def _events(prefix: str, **kwargs: Any) -> fields.Field:
    name = event_component(prefix)
    return List(fields.Raw(metadata={"json_schema": lambda c: _ref(name)}), **kwargs)


def _status(description: str) -> fields.Field:
    return fields.Nested(StatusSchema, required=True, metadata={"description": description})


def _standings() -> fields.Field:
    return points_by_name(required=True, metadata={"component": "Standings"})


# Each route's answer envelope around a game's state, move and score result schemas, named
# ``<Prefix><Name>Answer`` (service/api/routes.py names each route's builder).
AnswerBuilder = Callable[[GameWire, GameInfo, str], type[Schema]]


def answer_envelope(prefix: str, name: str, declared: dict[str, fields.Field]) -> type[Schema]:
    """The answer component ``<prefix><name>Answer``: ``declared`` and the versions every answer carries."""
    component = f"{prefix}{name}Answer"
    return type(component, (Answer,), {"contract_name": component, **declared, **versions()})


def setup_answer(wire: GameWire, info: GameInfo, prefix: str) -> type[Schema]:
    return answer_envelope(
        prefix,
        "Setup",
        {
            "state": fields.Nested(wire.state, required=True),
            "status": fields.Nested(StatusSchema, required=True),
            "seed": Seed(required=True),
        },
    )


def legal_moves_answer(wire: GameWire, info: GameInfo, prefix: str) -> type[Schema]:
    return answer_envelope(
        prefix,
        "LegalMoves",
        {
            "moves": List(fields.Nested(wire.move), required=True, validate=validate.Length(max=MAX_MOVES_LIMIT)),
            "count": fields.Integer(
                required=True,
                validate=validate.Range(min=0, max=MAX_MOVES_LIMIT),
                metadata={"description": "The moves on this page."},
            ),
            "next_cursor": _next_cursor(),
            "status": fields.Nested(StatusSchema, required=True),
        },
    )


def move_answer(wire: GameWire, info: GameInfo, prefix: str) -> type[Schema]:
    return answer_envelope(
        prefix,
        "Move",
        {
            "legal": fields.Boolean(required=True),
            "violations": _violations(required=True),
            "state": fields.Nested(
                wire.state,
                required=True,
                allow_none=True,
                metadata={"description": "The resulting state when the move is legal, else null."},
            ),
            "status": _status("The status of the resulting state, or of the state sent when the move is illegal."),
            "events": _events(prefix, required=True),
            "scores": _standings(),
        },
    )


def replay_answer(wire: GameWire, info: GameInfo, prefix: str) -> type[Schema]:
    return answer_envelope(
        prefix,
        "Replay",
        {
            "valid": fields.Boolean(required=True),
            "first_illegal": fields.Nested(FirstIllegalSchema, required=True, allow_none=True),
            "state": fields.Nested(wire.state, required=True),
            "status": fields.Nested(StatusSchema, required=True),
            "scores": _standings(),
            "scorings": _events(
                prefix,
                required=True,
                metadata={"description": "Every scoring event, with the index of the move that triggered it."},
            ),
        },
    )


def record_answer(wire: GameWire, info: GameInfo, prefix: str) -> type[Schema]:
    return answer_envelope(
        prefix,
        "Record",
        {
            "valid": fields.Boolean(
                required=True,
                metadata={"description": "Every entry checked is legal, and the result claimed is the one reached."},
            ),
            "complete": fields.Boolean(
                required=True,
                metadata={"description": "Every entry was checked: none is hidden from the record's viewer."},
            ),
            "checked": fields.Integer(
                required=True, validate=COUNT, metadata={"description": "The entries checked, from the first."}
            ),
            "hidden_from": fields.Integer(
                required=True,
                allow_none=True,
                validate=COUNT,
                metadata={
                    "description": "The first entry the record cannot be checked at (hidden from its viewer, or every "
                    "entry of a digital game whose seed it withholds: 0), else null."
                },
            ),
            "first_illegal": fields.Nested(FirstIllegalSchema, required=True, allow_none=True),
            "result_matches": fields.Boolean(
                required=True,
                allow_none=True,
                metadata={
                    "description": "Whether the result the record claims is the one reached (null: none "
                    "claimed, or the record was not checked to its end)."
                },
            ),
            "state": fields.Nested(
                wire.state,
                required=True,
                allow_none=True,
                metadata={"description": "The state the checked entries reach, or null when none could be checked."},
            ),
            "status": fields.Nested(StatusSchema, required=True, allow_none=True),
            "scores": _standings(),
            "scorings": _events(
                prefix,
                required=True,
                metadata={"description": "Every scoring event, with the index of the entry that triggered it."},
            ),
        },
    )


def score_answer(wire: GameWire, info: GameInfo, prefix: str) -> type[Schema]:
    """The game's score result, with the versions (``allOf`` the two)."""
    score_result = wire.score_result
    if score_result is None:
        raise ValueError(f"{info.id} declares no score result")
    return type(
        f"{prefix}ScoreAnswer",
        (score_result, VersionsSchema),
        {"contract_name": f"{prefix}ScoreAnswer", "contract_all_of": (score_result, VersionsSchema)},
    )


def view_answer(wire: GameWire, info: GameInfo, prefix: str) -> type[Schema]:
    return answer_envelope(
        prefix,
        "View",
        {
            "state": fields.Nested(wire.state, required=True),
            "status": _status("The status of the whole state sent (who is awaited and who won are public)."),
        },
    )


SHARED: tuple[type[Schema], ...] = (
    ViolationSchema,
    VersionsSchema,
    ValidateAnswerSchema,
    GameListSchema,
    GameDetailsSchema,
    SetupOptionSchema,
    OptionChoiceSchema,
    HealthSchema,
    RulesDocumentSchema,
    ScorePlayerSchema,
)
