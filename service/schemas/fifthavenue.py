"""Wire schemas for Fifth Avenue: JSON <-> engine objects, and the mapping between them (``to_plain``,
``from_plain`` and the moves' and options' own).

The board is ``{"districts": {"times-square": {"plots": {"violet": {"skyscrapers": {"owner": "red",
"count": 3}}, "gray": {"businesses": ["boutique", "gallery"]}}}, "central-park": {"skyscrapers":
[{"owner": "red", "count": 2}], "businesses": ["jeweler"]}}}``: that alone (any subset of districts and
plots) is the partial scoring input. A full state adds the players (points, supply, general supply,
hand and ``hand_size``), the dummy bidder (2 players), the supply row, the box, what building stops
removed, the colour stacks, the black deck, the discard pile, the commissioners, the turn, the auction
and ``pending``. Hidden parts are ``null`` at a real table: a hand, the cards below a stack's top, the
black deck's order, Central Park's draw order, a set of the supply row not yet typed in.
"""

from __future__ import annotations

import copy
import re
from dataclasses import replace
from typing import Annotated, Any, ClassVar, Literal, cast

import msgspec
from marshmallow import Schema, ValidationError, fields, post_load, pre_dump, validate, validates_schema

from ..engine.core import GameSpec
from ..engine.fifthavenue import data as D
from ..engine.fifthavenue.options import OPTIONS, SIMPLE_OPTIONS, Options, options_with, resolved
from ..engine.fifthavenue.state import (
    MOVE_TYPES,
    Auction,
    Bid,
    BlackDeck,
    Commissioner,
    District,
    Dummy,
    Move,
    Park,
    Pending,
    Player,
    Plot,
    Result,
    Skyscrapers,
    Stack,
    State,
    Turn,
    canonical,
    whole_state,
)
from ..engine.kit import N_
from ..engine.random import SEED_MAX, SEED_MIN
from . import answers, typed
from . import messages as M
from .common import (
    Dict,
    EventBase,
    GameWire,
    List,
    PlayerId,
    Seed,
    StrictBoolean,
    StrictInteger,
    Variants,
    event_kinds,
    event_variants,
)
from .options import options_schema

MAX_PLAYERS_ON_WIRE = 5  # players plus the dummy
CARDS_TOTAL = D.COLOURED_PER_COLOUR * len(D.COLOURS) + D.BLACK_TOTAL
# Points have no end in a legal game: one that never places a business (1st action B) never reaches the
# 12th business, the rules' only end, and action D scores on. 10,000 was passed after 42,518 moves of such a
# game, and the service refused a state it had made; a billion takes billions of requests.
POINTS_BOUND = 1_000_000_000
AT_MOST_PLOTS = N_("At most 6 plots: one per colour and, on the board's back side, the sixth.")
REVEAL_ONE_PART = N_("A reveal carries exactly one of `tops`, `drawn`, `tiles`, `bid`, `business`.")
REVEAL_START_BUSINESS = N_("A starting business is revealed as `district`, `plot` and `business`.")


def Count(maximum: int, **kwargs: Any) -> StrictInteger:
    return StrictInteger(validate=validate.Range(min=0, max=maximum), **kwargs)


def Strict(**kwargs: Any) -> fields.Boolean:
    return StrictBoolean(**kwargs)


def Card(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(D.ALL_CARDS), metadata={"component": "{Prefix}Card"}, **kwargs)


def CardValue(**kwargs: Any) -> StrictInteger:
    return StrictInteger(validate=validate.OneOf(D.VALUES), metadata={"component": "{Prefix}CardValue"}, **kwargs)


def Business(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(D.BUSINESSES), metadata={"component": "{Prefix}Business"}, **kwargs)


def Colour(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(D.COLOURS), metadata={"component": "{Prefix}Colour"}, **kwargs)


def PlotId(**kwargs: Any) -> fields.String:
    """A plot of a district: its colour, or on the board's back side the colourless ``sixth``."""
    return fields.String(validate=validate.OneOf(D.PLOT_IDS), **kwargs)


# ---- options ------------------------------------------------------------------------------------------
class BoardSchema(Schema):
    plot_ring = List(
        Colour(),
        validate=validate.Length(equal=len(D.COLOURS)),
        load_default=lambda: list(OPTIONS["board"].default["plot_ring"]),
    )
    commissioner_graph = Dict(
        keys=fields.String(validate=validate.OneOf((D.CITY_HALL,) + D.DISTRICTS)),
        values=List(
            fields.String(validate=validate.OneOf(D.DISTRICTS + (D.CENTRAL_PARK,))),
            validate=validate.Length(min=1, max=len(D.SITES)),
        ),
        load_default=lambda: copy.deepcopy(OPTIONS["board"].default["commissioner_graph"]),
    )


class SpecialScoringSchema(Schema):
    after = StrictInteger(required=True, validate=validate.Range(min=1, max=D.BUSINESSES_ENDING_GAME))
    points = Count(100, required=True)
    districts = Count(len(D.DISTRICTS), required=True)


class _OptionsBase(Schema):
    @post_load
    def _plain(self, d, **kwargs) -> dict[str, Any]:
        return options_to_plain(resolved(d))


OptionsSchema = options_schema(
    "OptionsSchema",
    OPTIONS,
    base=_OptionsBase,
    structured={
        "board": fields.Nested(BoardSchema, load_default=lambda: BoardSchema().load({})),
        "special_scorings": List(
            fields.Nested(SpecialScoringSchema),
            validate=validate.Length(max=12),
            load_default=lambda: copy.deepcopy(OPTIONS["special_scorings"].default),
        ),
    },
)
"""Setup options; every rule reading that is an option is one, with its default (derived from the
engine's option specs)."""
_OPTIONS = OptionsSchema()


# ---- the board ----------------------------------------------------------------------------------------
class SkyscrapersSchema(Schema):
    owner = PlayerId(required=True)
    count = StrictInteger(required=True, validate=validate.Range(min=1, max=D.SKYSCRAPERS_PER_PLAYER))

    @post_load
    def _build(self, d, **kwargs) -> Skyscrapers:
        return Skyscrapers(d["owner"], d["count"])


class PlotSchema(Schema):
    businesses = List(Business(), validate=validate.Length(max=4), load_default=list)
    skyscrapers = fields.Nested(SkyscrapersSchema, allow_none=True, load_default=None)


class DistrictSchema(Schema):
    plots = Dict(
        keys=PlotId(),
        values=fields.Nested(PlotSchema),
        load_default=dict,
        validate=validate.Length(max=len(D.PLOT_IDS), error=AT_MOST_PLOTS),
    )
    stopped = Strict(load_default=False)


class ParkSchema(Schema):
    skyscrapers = List(
        fields.Nested(SkyscrapersSchema), validate=validate.Length(max=MAX_PLAYERS_ON_WIRE), load_default=list
    )
    businesses = List(Business(), validate=validate.Length(max=len(D.SET_SIZES)), load_default=list)


# The typed wire's readings of the state's bulk (``typed_reading``, typed.py): what the schemas here take, in
# msgspec's words, read straight into the engine's objects; whatever they refuse is loaded by marshmallow,
# which says why. Each mirrors its schema: the same members, bounds, choices, nulls and defaults, unknown
# members refused.
_ID_READING = PlayerId().typed_reading()
assert _ID_READING is not None  # a player id's own reading (NFC, its length and characters)
read_id = _ID_READING[1]
_BusinessWire = Literal[D.BUSINESSES]  # type: ignore[valid-type]
_CardWire = Literal[D.ALL_CARDS]  # type: ignore[valid-type]
_ValueWire = Literal[D.VALUES]  # type: ignore[valid-type]


def _of(origin: Any, args: Any) -> Any:
    """``origin[args]`` (``list[kind]``, ``dict[key, value]``) built at run time."""
    return origin[args]


def _one_of(values: tuple[Any, ...]) -> Any:
    """The msgspec type of exactly these values (a ``Literal``)."""
    return cast(Any, Literal)[values]


def _upto(kind: Any, high: int, low: int = 0) -> Any:
    """``kind`` (a list or an integer) of at most ``high`` (items), at least ``low``."""
    if kind is int:
        return Annotated[int, msgspec.Meta(ge=low, le=high)]
    return Annotated[kind, msgspec.Meta(min_length=low or None, max_length=high)]


class _SkyscrapersWire(msgspec.Struct, forbid_unknown_fields=True):
    owner: str
    count: _upto(int, D.SKYSCRAPERS_PER_PLAYER, 1)  # type: ignore[valid-type]


class _PlotWire(msgspec.Struct, forbid_unknown_fields=True):
    businesses: _upto(tuple[_BusinessWire, ...], 4) = ()  # type: ignore[valid-type]
    skyscrapers: _SkyscrapersWire | None = None


# A district's plots by id (at most the 6 ids, unknown ones refused, as ``DistrictSchema``'s plots): a Struct
# costs msgspec less than a dict of them, and gives them in the board's order.
_PlotsWire = msgspec.defstruct(
    "FifthAvenuePlotsWire",
    [(colour, _PlotWire | msgspec.UnsetType, msgspec.UNSET) for colour in D.PLOT_IDS],
    forbid_unknown_fields=True,
)


class _DistrictWire(msgspec.Struct, forbid_unknown_fields=True):
    plots: _PlotsWire = msgspec.field(default_factory=_PlotsWire)  # type: ignore[valid-type]
    stopped: bool = False


class _ParkWire(msgspec.Struct, forbid_unknown_fields=True):
    skyscrapers: _upto(list[_SkyscrapersWire], MAX_PLAYERS_ON_WIRE) = []  # type: ignore[valid-type]
    businesses: _upto(tuple[_BusinessWire, ...], len(D.SET_SIZES)) = ()  # type: ignore[valid-type]


_DistrictsWire = msgspec.defstruct(
    "FifthAvenueDistrictsWire",
    [
        (
            f"site{i}",
            (_ParkWire if site == D.CENTRAL_PARK else _DistrictWire) | msgspec.UnsetType,
            msgspec.field(default=msgspec.UNSET, name=site),
        )
        for i, site in enumerate(D.SITES)
    ],
    forbid_unknown_fields=True,
)
_NO_PLOT = {c: Plot(c) for c in D.PLOT_IDS}  # an empty plot (frozen: one object serves every state)


def _districts_of(w: Any) -> dict[str, District | Park]:
    """The districts msgspec read, as ``DistrictsField`` loads them. A board names a few players many
    times: each owner is read (``read_id``) once."""
    out: dict[str, District | Park] = {}
    owners: dict[str, str] = {}
    astuple, unset = msgspec.structs.astuple, msgspec.UNSET
    for site, got in zip(D.SITES, astuple(w)):
        if got is unset:
            continue
        if site == D.CENTRAL_PARK:
            skyscrapers = []
            for sky in got.skyscrapers:
                owner = owners.get(sky.owner)
                if owner is None:
                    owner = owners[sky.owner] = read_id(sky.owner)
                skyscrapers.append(Skyscrapers(owner, sky.count))
            out[site] = Park(tuple(skyscrapers), got.businesses)
            continue
        built = []
        for colour, plot in zip(D.PLOT_IDS, astuple(got.plots)):  # in the board's order
            if plot is unset:
                continue
            sky = plot.skyscrapers
            if sky is None:
                built.append(Plot(colour, plot.businesses) if plot.businesses else _NO_PLOT[colour])
                continue
            owner = owners.get(sky.owner)
            if owner is None:
                owner = owners[sky.owner] = read_id(sky.owner)
            built.append(Plot(colour, plot.businesses, Skyscrapers(owner, sky.count)))
        out[site] = District(site, tuple(built), got.stopped)
    return out


def _district_loaded(site: str, d: dict[str, Any]) -> District:
    """A district as ``DistrictSchema`` loads it, as an engine district: the plots it lists, in the board's
    order (the colours', then the sixth plot)."""
    plots = []
    for colour in D.PLOT_IDS:
        q = d["plots"].get(colour)
        if q is None:
            continue
        sky = q["skyscrapers"]
        plots.append(Plot(colour, tuple(q["businesses"]), sky) if q["businesses"] or sky else _NO_PLOT[colour])
    return District(site, tuple(plots), d["stopped"])


class DistrictsField(fields.Field):
    """``{district id: district}`` plus ``central-park`` (the building area below the park), loaded as the
    engine's ``District`` (the plots it lists, in the board's order: the state adds the empty ones) and
    ``Park``."""

    def json_schema(self, components):
        """Any subset of the sites and plots; a full state's (``metadata["whole_board"]``) lists them all."""
        district = {"$ref": f"#/components/schemas/{components.component(DistrictSchema)}"}
        park = {"$ref": f"#/components/schemas/{components.component(ParkSchema)}"}
        if self.metadata.get("whole_board"):
            plots = components.schemas[components.name_of(DistrictSchema)]["properties"]["plots"]
            whole = components.schemas[components.name_of(DistrictSchema)]
            district = components.named(
                components.prefix + "FullDistrict",
                {
                    **whole,
                    "required": ["plots"],
                    "properties": {**whole["properties"], "plots": {**plots, "required": list(D.COLOURS)}},
                },
            )
        return components.named(
            components.prefix + ("FullDistricts" if self.metadata.get("whole_board") else "Districts"),
            {
                "type": "object",
                "additionalProperties": False,
                **({"required": list(D.SITES)} if self.metadata.get("whole_board") else {}),
                "properties": {site: park if site == D.CENTRAL_PARK else district for site in D.SITES},
            },
        )

    def typed_reading(self) -> tuple[Any, Any] | None:
        return None if self.validators else (_DistrictsWire, _districts_of)

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, dict):
            raise ValidationError("Not a valid mapping type.")
        out: dict[str, Any] = {}
        errors: dict[str, Any] = {}
        for key, item in value.items():
            if key not in D.SITES:
                errors[key] = [M.UNKNOWN_DISTRICT.format(sites=", ".join(D.SITES))]
                continue
            schema = _PARK if key == D.CENTRAL_PARK else _DISTRICT
            try:
                out[key] = typed.load(schema, item)
            except ValidationError as err:
                errors[key] = err.messages
        if errors:
            raise ValidationError(errors)
        return {
            key: Park(tuple(d["skyscrapers"]), tuple(d["businesses"]))
            if key == D.CENTRAL_PARK
            else _district_loaded(key, d)
            for key, d in out.items()
        }

    def _serialize(self, value, attr, obj, **kwargs):
        if value is None:
            return None
        return {k: typed.dump(_PARK if k == D.CENTRAL_PARK else _DISTRICT, v) for k, v in value.items()}


_PARK = ParkSchema()
_DISTRICT = DistrictSchema()


# The options of a state, read by msgspec into the engine's ``Options`` (as ``resolved`` reads what
# ``OptionsSchema`` loads): each simple option by its spec's kind, bounds and choices; the board and the
# special scorings by the shapes of ``BoardSchema`` and ``SpecialScoringSchema``.
_RING = _upto(_of(tuple, (_one_of(D.COLOURS), ...)), len(D.COLOURS), len(D.COLOURS))
_GRAPH = _of(
    dict,
    (
        _one_of((D.CITY_HALL,) + D.DISTRICTS),
        _upto(_of(tuple, (_one_of(D.DISTRICTS + (D.CENTRAL_PARK,)), ...)), len(D.SITES), 1),
    ),
)
_BoardWire = msgspec.defstruct(
    "FifthAvenueBoardWire",
    [
        ("plot_ring", _RING | msgspec.UnsetType, msgspec.UNSET),
        ("commissioner_graph", _GRAPH | msgspec.UnsetType, msgspec.UNSET),
    ],
    forbid_unknown_fields=True,
)


class _SpecialScoringWire(msgspec.Struct, forbid_unknown_fields=True):
    after: _upto(int, D.BUSINESSES_ENDING_GAME, 1)  # type: ignore[valid-type]
    points: _upto(int, 100)  # type: ignore[valid-type]
    districts: _upto(int, len(D.DISTRICTS))  # type: ignore[valid-type]


def _option_wire(name: str) -> Any:
    """The msgspec type of one option as ``OptionsSchema`` takes it (None: not one this reading knows)."""
    spec = OPTIONS[name]
    if name == "board":
        return _BoardWire
    if name == "special_scorings":
        return _upto(list[_SpecialScoringWire], 12)
    if spec.kind == "bool":
        return bool
    if spec.kind == "int" and spec.minimum is not None and spec.maximum is not None:
        return _upto(int, spec.maximum, spec.minimum)
    if spec.kind == "choice" and all(type(choice) is str for choice in spec.choices):
        return _one_of(spec.choices)
    return None


_OPTION_NAMES = tuple(_OPTIONS.load_fields)
_OPTION_WIRES = [_option_wire(name) for name in _OPTION_NAMES]
_OptionsWire = (
    None
    if None in _OPTION_WIRES
    else msgspec.defstruct(
        "FifthAvenueOptionsWire",
        [
            (f"option{i}", kind | msgspec.UnsetType, msgspec.field(default=msgspec.UNSET, name=name))
            for i, (name, kind) in enumerate(zip(_OPTION_NAMES, _OPTION_WIRES, strict=True))
        ],
        forbid_unknown_fields=True,
    )
)
DEFAULT_OPTIONS = Options()


def _options_of(w: Any) -> Options:
    """The options msgspec read, as ``OptionsField`` loads them: what is missing takes its default (the
    board's ring and graph come as tuples, a special scoring's members in the order ``Options`` keeps)."""
    values: dict[str, Any] = {}
    astuple, unset = msgspec.structs.astuple, msgspec.UNSET
    for name, v in zip(_OPTION_NAMES, astuple(w)):
        if v is unset:
            continue
        if name == "board":
            if v.plot_ring is not unset:
                values["plot_ring"] = v.plot_ring
            if v.commissioner_graph is not unset:
                values["commissioner_graph"] = tuple(v.commissioner_graph.items())
        elif name == "special_scorings":
            values[name] = tuple([astuple(x) for x in v])
        else:
            values[name] = v
    return options_with(values) if values else DEFAULT_OPTIONS


class OptionsField(fields.Nested):
    """A state's options: ``OptionsSchema``, loaded as the engine's ``Options``."""

    def typed_reading(self) -> tuple[Any, Any] | None:
        return None if self.validators or _OptionsWire is None else (_OptionsWire, _options_of)

    def _deserialize(self, value, attr, data, partial=None, **kwargs):
        return resolved(super()._deserialize(value, attr, data, partial=partial, **kwargs))


# ---- the rest of a full state -------------------------------------------------------------------------
class PlayerSchema(Schema):
    id = PlayerId(required=True)
    points = Count(POINTS_BOUND, load_default=0)
    supply = Count(D.SKYSCRAPERS_PER_PLAYER, load_default=0)
    general = Count(D.SKYSCRAPERS_PER_PLAYER, load_default=0)
    hand = List(Card(), validate=validate.Length(max=CARDS_TOTAL), allow_none=True, load_default=list)
    hand_size = Count(CARDS_TOTAL)

    @post_load
    def _build(self, d, **kwargs) -> Player:
        return player_from_plain(d)


class _PlayerWire(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    points: _upto(int, POINTS_BOUND) = 0  # type: ignore[valid-type]
    supply: _upto(int, D.SKYSCRAPERS_PER_PLAYER) = 0  # type: ignore[valid-type]
    general: _upto(int, D.SKYSCRAPERS_PER_PLAYER) = 0  # type: ignore[valid-type]
    hand: _upto(list[_CardWire], CARDS_TOTAL) | None = []  # type: ignore[valid-type]
    hand_size: _upto(int, CARDS_TOTAL) | msgspec.UnsetType = msgspec.UNSET  # type: ignore[valid-type]


def _players_of(players: list[Any]) -> list[Player]:
    """The players msgspec read, as ``PlayerSchema`` loads each (``player_from_plain``)."""
    out = []
    for w in players:
        hand = None if w.hand is None else tuple(sorted(w.hand))
        size = w.hand_size
        out.append(
            Player(
                read_id(w.id), w.points, w.supply, w.general, hand, len(hand or ()) if size is msgspec.UNSET else size
            )
        )
    return out


class PlayersField(List):
    """The players: a list of ``PlayerSchema``, loaded as the engine's ``Player``."""

    def typed_reading(self) -> tuple[Any, Any] | None:
        return _bounded(self, list[_PlayerWire], _players_of)


def _bounded(field: fields.Field, kind: Any, read: Any) -> tuple[Any, Any] | None:
    """A reading of ``kind`` under the field's ``Length`` limit (no reading when it has other validators)."""
    if not all(type(check) is validate.Length and check.min is None for check in field.validators):
        return None
    limits = [check.max for check in field.validators if isinstance(check, validate.Length) and check.max is not None]
    return (_upto(kind, min(limits)) if limits else kind), read


class DummySchema(Schema):
    id = PlayerId(required=True)
    general = Count(D.SKYSCRAPERS_PER_PLAYER, required=True)

    @post_load
    def _build(self, d, **kwargs) -> Dummy:
        return Dummy(d["id"], d["general"])


class RemovedSchema(Schema):
    businesses = List(Business(), validate=validate.Length(max=D.BUSINESS_TOTAL), load_default=list)
    skyscrapers = List(
        fields.Nested(SkyscrapersSchema), validate=validate.Length(max=MAX_PLAYERS_ON_WIRE), load_default=list
    )


class _RemovedWire(msgspec.Struct, forbid_unknown_fields=True):
    businesses: _upto(tuple[_BusinessWire, ...], D.BUSINESS_TOTAL) = ()  # type: ignore[valid-type]
    skyscrapers: _upto(list[_SkyscrapersWire], MAX_PLAYERS_ON_WIRE) = []  # type: ignore[valid-type]


def _removed_of(w: Any) -> dict[str, Any]:
    """What building stops removed, as msgspec read it and ``RemovedSchema`` loads it."""
    return {
        "businesses": w.businesses,
        "skyscrapers": tuple([Skyscrapers(read_id(s.owner), s.count) for s in w.skyscrapers]),
    }


class RemovedField(fields.Nested):
    """What building stops removed: ``RemovedSchema``."""

    def typed_reading(self) -> tuple[Any, Any] | None:
        return None if self.validators else (_RemovedWire, _removed_of)


class StackSchema(Schema):
    top = CardValue(allow_none=True, load_default=None)
    below = List(CardValue(), validate=validate.Length(max=D.COLOURED_PER_COLOUR), allow_none=True, load_default=None)
    count = Count(D.COLOURED_PER_COLOUR, required=True)

    @post_load
    def _build(self, d, **kwargs) -> Stack:
        below = d["below"]
        return Stack(d["top"], None if below is None else tuple(below), d["count"])


class _StackWire(msgspec.Struct, forbid_unknown_fields=True):
    count: _upto(int, D.COLOURED_PER_COLOUR)  # type: ignore[valid-type]
    top: _ValueWire | None = None
    below: _upto(list[_ValueWire], D.COLOURED_PER_COLOUR) | None = None  # type: ignore[valid-type]


def _stacks_of(stacks: dict[str, Any]) -> dict[str, Stack]:
    """The stacks msgspec read, as ``StackSchema`` loads each."""
    return {c: Stack(w.top, None if w.below is None else tuple(w.below), w.count) for c, w in stacks.items()}


class StacksField(Dict):
    """The colour stacks: ``{colour: StackSchema}``, loaded as the engine's ``Stack``."""

    def typed_reading(self) -> tuple[Any, Any] | None:
        return _bounded(self, dict[Literal[D.COLOURS], _StackWire], _stacks_of)  # type: ignore[valid-type]


class BlackDeckSchema(Schema):
    cards = List(CardValue(), validate=validate.Length(max=D.BLACK_TOTAL), allow_none=True, load_default=None)
    count = Count(D.BLACK_TOTAL, required=True)
    seed = Seed(
        allow_none=True,
        load_default=None,
        load_only=True,
        metadata={
            "description": "Deprecated: where earlier releases kept the state's seed; "
            "read when the state's own `seed` is missing, never written."
        },
    )


class _BlackDeckWire(msgspec.Struct, forbid_unknown_fields=True):
    count: _upto(int, D.BLACK_TOTAL)  # type: ignore[valid-type]
    cards: _upto(tuple[_ValueWire, ...], D.BLACK_TOTAL) | None = None  # type: ignore[valid-type]
    seed: Annotated[int, msgspec.Meta(ge=SEED_MIN, le=SEED_MAX)] | None = None


def _black_deck_of(w: Any) -> dict[str, Any]:
    """The black deck as msgspec read it and ``BlackDeckSchema`` loads it."""
    return {"cards": w.cards, "count": w.count, "seed": w.seed}


class BlackDeckField(fields.Nested):
    """The black deck: ``BlackDeckSchema``."""

    def typed_reading(self) -> tuple[Any, Any] | None:
        return None if self.validators else (_BlackDeckWire, _black_deck_of)


class CommissionerSchema(Schema):
    at = fields.String(required=True, validate=validate.OneOf(D.LOCATIONS))
    markers = List(
        fields.String(validate=validate.OneOf(D.DISTRICTS)),
        validate=validate.Length(max=len(D.DISTRICTS)),
        load_default=list,
    )

    @post_load
    def _build(self, d, **kwargs) -> Commissioner:
        return Commissioner(d["at"], tuple(d["markers"]))


class _CommissionerWire(msgspec.Struct, forbid_unknown_fields=True):
    at: _one_of(D.LOCATIONS)  # type: ignore[valid-type]
    markers: _upto(list[_one_of(D.DISTRICTS)], len(D.DISTRICTS)) = []  # type: ignore[valid-type]


def _commissioners_of(commissioners: dict[str, Any]) -> dict[str, Commissioner]:
    """The commissioners msgspec read, as ``CommissionerSchema`` loads each."""
    return {c: Commissioner(w.at, tuple(w.markers)) for c, w in commissioners.items()}


class CommissionersField(Dict):
    """The commissioners: ``{commissioner: CommissionerSchema}``, loaded as the engine's ``Commissioner``."""

    def typed_reading(self) -> tuple[Any, Any] | None:
        return _bounded(self, _of(dict, (_one_of(D.COMMISSIONERS), _CommissionerWire)), _commissioners_of)


class TurnSchema(Schema):
    player = PlayerId(required=True)
    phase = fields.String(required=True, validate=validate.OneOf(D.PHASES))
    action = fields.String(
        validate=validate.OneOf(D.ACTIONS),
        allow_none=True,
        load_default=None,
        metadata={"component": "{Prefix}Action"},
    )
    start_queue = List(PlayerId(), validate=validate.Length(max=2 * MAX_PLAYERS_ON_WIRE), load_default=list)

    @post_load
    def _build(self, d, **kwargs) -> Turn:
        return Turn(d["player"], d["phase"], d["action"], tuple(d["start_queue"]))


class BidSchema(Schema):
    player = PlayerId(required=True)
    colour = Colour(required=True)
    cards = List(Card(), required=True, validate=validate.Length(min=1, max=CARDS_TOTAL))


class AuctionSchema(Schema):
    commissioner = fields.String(required=True, validate=validate.OneOf(D.COMMISSIONERS))
    trigger = PlayerId(required=True)
    resume = fields.String(required=True, validate=validate.OneOf(["action2", "next_turn"]))
    site = fields.String(required=True, validate=validate.OneOf(D.SITES))
    queue = List(
        fields.String(validate=validate.OneOf(D.SITES)), validate=validate.Length(max=len(D.SITES)), load_default=list
    )
    stage = fields.String(required=True, validate=validate.OneOf(["bidding", "resolve"]))
    order = List(PlayerId(), required=True, validate=validate.Length(min=1, max=MAX_PLAYERS_ON_WIRE))
    to_act = PlayerId(allow_none=True, load_default=None)
    full = Strict(load_default=False)
    park_colour = Colour(allow_none=True, load_default=None)
    bids = List(fields.Nested(BidSchema), validate=validate.Length(max=MAX_PLAYERS_ON_WIRE), load_default=list)
    passed = List(PlayerId(), validate=validate.Length(max=MAX_PLAYERS_ON_WIRE), load_default=list)
    dummy_bid = List(CardValue(), validate=validate.Length(max=len(D.VALUES) + 1), allow_none=True, load_default=None)
    winner = PlayerId(allow_none=True, load_default=None)

    @post_load
    def _build(self, d, **kwargs) -> Auction | None:
        return auction_from_plain(d)


class _TurnWire(msgspec.Struct, forbid_unknown_fields=True):
    player: str
    phase: _one_of(D.PHASES)  # type: ignore[valid-type]
    action: _one_of(D.ACTIONS) | None = None  # type: ignore[valid-type]
    start_queue: _upto(list[str], 2 * MAX_PLAYERS_ON_WIRE) = []  # type: ignore[valid-type]


def _turn_of(w: Any) -> Turn:
    """The turn msgspec read, as ``TurnSchema`` loads it."""
    return Turn(read_id(w.player), w.phase, w.action, tuple([read_id(p) for p in w.start_queue]))


class TurnField(fields.Nested):
    """The turn: ``TurnSchema``, loaded as the engine's ``Turn``."""

    def typed_reading(self) -> tuple[Any, Any] | None:
        return None if self.validators else (_TurnWire, _turn_of)


class _BidWire(msgspec.Struct, forbid_unknown_fields=True):
    player: str
    colour: _one_of(D.COLOURS)  # type: ignore[valid-type]
    cards: _upto(list[_CardWire], CARDS_TOTAL, 1)  # type: ignore[valid-type]


class _AuctionWire(msgspec.Struct, forbid_unknown_fields=True):
    commissioner: _one_of(D.COMMISSIONERS)  # type: ignore[valid-type]
    trigger: str
    resume: Literal["action2", "next_turn"]
    site: _one_of(D.SITES)  # type: ignore[valid-type]
    stage: Literal["bidding", "resolve"]
    order: _upto(list[str], MAX_PLAYERS_ON_WIRE, 1)  # type: ignore[valid-type]
    queue: _upto(list[_one_of(D.SITES)], len(D.SITES)) = []  # type: ignore[valid-type]
    to_act: str | None = None
    full: bool = False
    park_colour: _one_of(D.COLOURS) | None = None  # type: ignore[valid-type]
    bids: _upto(list[_BidWire], MAX_PLAYERS_ON_WIRE) = []  # type: ignore[valid-type]
    passed: _upto(list[str], MAX_PLAYERS_ON_WIRE) = []  # type: ignore[valid-type]
    dummy_bid: _upto(list[_ValueWire], len(D.VALUES) + 1) | None = None  # type: ignore[valid-type]
    winner: str | None = None


def _auction_of(w: Any) -> Auction:
    """The auction msgspec read, as ``AuctionSchema`` loads it (``auction_from_plain``)."""
    return Auction(
        commissioner=w.commissioner,
        trigger=read_id(w.trigger),
        resume=w.resume,
        site=w.site,
        queue=tuple(w.queue),
        stage=w.stage,
        order=tuple([read_id(p) for p in w.order]),
        to_act=None if w.to_act is None else read_id(w.to_act),
        full=w.full,
        park_colour=w.park_colour,
        bids=tuple([Bid(read_id(b.player), b.colour, tuple(b.cards)) for b in w.bids]),
        passed=tuple([read_id(p) for p in w.passed]),
        dummy_bid=None if w.dummy_bid is None else tuple(w.dummy_bid),
        winner=None if w.winner is None else read_id(w.winner),
    )


class AuctionField(fields.Nested):
    """The auction: ``AuctionSchema``, loaded as the engine's ``Auction``."""

    def typed_reading(self) -> tuple[Any, Any] | None:
        return None if self.validators else (_AuctionWire, _auction_of)


class DrawSchema(Schema):
    player = PlayerId(required=True)
    count = StrictInteger(required=True, validate=validate.Range(min=1, max=4))


PENDING_FIELDS = {
    "start_business": {"district"},
    "stack_top": {"colours"},
    "black_cards": {"draws"},
    "supply_set": {"index", "count"},
    "dummy_bid": set(),
    "central_park_tiles": {"count"},
}


class PendingSchema(Schema):
    contract_variants = Variants(
        key="kind",
        name="{prefix}{kind}Pending",
        always=(),
        kinds={kind: (names, ()) for kind, names in PENDING_FIELDS.items()},
    )

    kind = fields.String(required=True, validate=validate.OneOf(D.PENDING_KINDS))
    district = fields.String(validate=validate.OneOf(D.DISTRICTS))
    colours = List(Colour(), validate=validate.Length(min=1, max=len(D.COLOURS)))
    draws = List(fields.Nested(DrawSchema), validate=validate.Length(min=1, max=4))
    index = Count(len(D.SET_SIZES) - 1)
    count = Count(D.PARK_TILES_REVEALED)

    @validates_schema
    def _fields_of_kind(self, d, **kwargs):
        want = PENDING_FIELDS.get(d.get("kind"))
        if want is None:
            return
        errors = {}
        for name in ("district", "colours", "draws", "index", "count"):
            if name in want and name not in d:
                errors[name] = [M.REVEAL_NEEDS.format(kind=d["kind"], name=name)]
            if name not in want and name in d:
                errors[name] = [M.REVEAL_HAS_NO.format(kind=d["kind"], name=name)]
        if errors:
            raise ValidationError(errors)

    @post_load
    def _build(self, d, **kwargs) -> Pending | None:
        return pending_from_plain(d)


class ResultSchema(Schema):
    winners = List(PlayerId(), required=True, validate=validate.Length(max=MAX_PLAYERS_ON_WIRE))
    central_park_tiles = List(Business(), required=True, validate=validate.Length(max=D.PARK_TILES_REVEALED))

    @post_load
    def _build(self, d, **kwargs) -> Result | None:
        return result_from_plain(d)


def _state_fields(full: bool, game_id: str = D.GAME_ID) -> dict[str, fields.Field]:
    req: dict[str, Any] = {"required": True} if full else {}
    # A nullable member a full state leaves out is null (a client's JSON library may drop nulls).
    null: dict[str, Any] = {"load_default": None} if full else {}
    return {
        "game": fields.String(validate=validate.Equal(game_id), **req),
        "options": OptionsField(OptionsSchema, load_default=lambda: DEFAULT_OPTIONS),
        "players": PlayersField(fields.Nested(PlayerSchema), validate=validate.Length(max=MAX_PLAYERS_ON_WIRE), **req),
        "dummy": fields.Nested(DummySchema, allow_none=True, **null),
        "districts": DistrictsField(required=True, metadata={"whole_board": full}),
        "supply_row": List(
            List(Business(), validate=validate.Length(max=3), allow_none=True),
            validate=validate.Length(max=len(D.SET_SIZES)),
            **req,
        ),
        "box": Count(D.BUSINESS_TOTAL, **req),
        "removed": RemovedField(RemovedSchema, **req),
        "stacks": StacksField(
            keys=Colour(),
            values=fields.Nested(StackSchema),
            **req,
            validate=validate.Length(max=len(D.COLOURS), error=M.AT_MOST_STACKS.format(count=len(D.COLOURS))),
        ),
        "black_deck": BlackDeckField(BlackDeckSchema, **req),
        "discard": List(Card(), validate=validate.Length(max=CARDS_TOTAL), **req),
        "commissioners": CommissionersField(
            keys=fields.String(validate=validate.OneOf(D.COMMISSIONERS)),
            values=fields.Nested(CommissionerSchema),
            **req,
            validate=validate.Length(
                max=len(D.COMMISSIONERS), error=M.AT_MOST_COMMISSIONERS.format(count=len(D.COMMISSIONERS))
            ),
        ),
        "businesses_placed": Count(len(D.SET_SIZES) * 3, **req),
        "turn": TurnField(TurnSchema, allow_none=True, **null),
        "auction": AuctionField(AuctionSchema, allow_none=True, **null),
        "park_order": List(
            Count(len(D.SET_SIZES) - 1), validate=validate.Length(max=len(D.SET_SIZES)), allow_none=True, **null
        ),
        "result": fields.Nested(ResultSchema, allow_none=True, **null),
        "pending": fields.Nested(PendingSchema, allow_none=True, **null),
        "seed": Seed(
            allow_none=True,
            load_default=None,
            metadata={
                "description": "Seeds every later shuffle of digital play (the black deck's "
                "and a colour stack's reshuffle); null at a real table and in "
                "a player's view."
            },
        ),
    }


FULL_STATE_KEYS = tuple(k for k in _state_fields(True) if k not in ("options", "seed"))
_FULL_STATE_KEYS = frozenset(FULL_STATE_KEYS)
_SITES = frozenset(D.SITES)


def _dump_state(obj, game_id: str = D.GAME_ID):
    return to_plain(obj, game_id) if isinstance(obj, State) else obj


class _StateBase(Schema):
    game_id: ClassVar[str] = D.GAME_ID  # the game whose states these are (``wire_for`` gives a re-skin's)

    def typed_dump_built(self, obj: Any) -> dict[str, Any] | None:
        """The dump of a whole engine state, written directly (typed.py, ``_as_built``): ``to_plain`` with
        the options in their schema's order; None (walk it) for anything else."""
        if not isinstance(obj, State) or obj.partial:
            return None
        out = to_plain(obj, self.game_id)
        options = out["options"]
        out["options"] = {name: options[name] for name in _OPTION_NAMES}
        return out

    @pre_dump
    def _from_engine(self, obj, **kwargs):
        if isinstance(obj, State) and obj.partial:
            plain = to_plain(obj, self.game_id)
            out = {"game": self.game_id, "options": plain["options"], "districts": plain["districts"]}
            if obj.players:
                out["players"] = plain["players"]
            return out
        return _dump_state(obj, self.game_id)


class StateSchema(_StateBase):
    class Meta:
        include = _state_fields(True)

    # pre_dump builds every member but the options in its wire form (typed.py, ``_as_built``)
    typed_dump_as_built: ClassVar[tuple[str, ...]] = ("options",)

    @validates_schema
    def _whole_board(self, d, **kwargs):
        districts = d.get("districts") or {}
        missing = [s for s in D.SITES if s not in districts]
        if missing:
            raise ValidationError(M.MISSING_SITES.format(missing=", ".join(missing)), "districts")
        errors = {}
        for did in D.DISTRICTS:  # the back side's sixth plot is checked by validate, which knows the side
            plots = districts[did].plots  # in the board's order: the colours first
            if len(plots) >= len(D.COLOURS) and plots[len(D.COLOURS) - 1].colour == D.COLOURS[-1]:
                continue  # every colour
            there = {p.colour for p in plots}
            gone = [c for c in D.COLOURS if c not in there]
            if gone:
                errors[did] = {"plots": [M.MISSING_PLOTS.format(missing=", ".join(gone))]}
        if errors:
            raise ValidationError({"districts": errors})

    @post_load
    def _build(self, d, **kwargs) -> State:
        return state_of(d)


class ScoreStateSchema(_StateBase):
    """The partial scoring input: ``districts`` (any subset), and optionally any other part of a state."""

    class Meta:
        include = _state_fields(False)

    @post_load
    def _build(self, d, **kwargs) -> State:
        full = d.keys() >= _FULL_STATE_KEYS and d["districts"].keys() >= _SITES
        return state_of(d, partial=not full)


# ---- moves --------------------------------------------------------------------------------------------
MOVE_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "place_start": ({"district", "plot"}, set()),
    "take_skyscrapers": (set(), set()),
    "place_business": ({"district", "plot", "business"}, set()),
    "black_and_move": ({"commissioner", "to"}, set()),
    "value_district": ({"district"}, set()),
    "take_cards": ({"colours"}, set()),
    "move_commissioner": ({"commissioner", "to"}, set()),
    "bid": ({"cards"}, {"colour"}),
    "pass": (set(), {"colour"}),
    "build": ({"count"}, set()),
    "building_stop": (set(), set()),
    "reveal": (set(), {"tops", "drawn", "tiles", "bid", "business", "district", "plot"}),
}
REVEAL_PARTS = ("tops", "drawn", "tiles", "bid", "business")
OPTIONAL_FIELDS = (
    "district",
    "plot",
    "business",
    "commissioner",
    "to",
    "colours",
    "colour",
    "cards",
    "count",
    "tops",
    "drawn",
    "tiles",
    "bid",
)


class MoveSchema(Schema):
    """One move; ``type`` chooses which other fields belong (others are refused)."""

    contract_variants = Variants(
        key="type",
        name="{prefix}{kind}Move",
        kinds=MOVE_FIELDS,
        keywords={
            # what _fields_of_type checks: exactly one part (at least one field past type and player, a district
            # or plot only with a business); "never two parts" is said in words, not as a ``not``/``anyOf`` of
            # ``required`` (Kotlin's generator writes a class for that ``not`` that does not compile), and the
            # service refuses two parts with its violation (the component's prose in document.yaml says so)
            "reveal": {
                "minProperties": 3,
                "dependentRequired": {"district": ["business"], "plot": ["business"]},
            }
        },
    )

    type = fields.String(required=True, validate=validate.OneOf(MOVE_TYPES))
    player = PlayerId(required=True)
    district = fields.String(validate=validate.OneOf(D.DISTRICTS))
    plot = PlotId()
    business = Business()
    commissioner = fields.String(validate=validate.OneOf(D.COMMISSIONERS))
    to = fields.String(validate=validate.OneOf(D.LOCATIONS))
    colours = List(Colour(), validate=validate.Length(max=2))
    colour = Colour()
    cards = List(Card(), validate=validate.Length(max=CARDS_TOTAL))
    count = Count(3)
    tops = Dict(keys=Colour(), values=CardValue(), validate=validate.Length(min=1, max=len(D.COLOURS)))
    drawn = Dict(
        keys=PlayerId(),
        values=List(CardValue(), validate=validate.Length(max=4)),
        validate=validate.Length(min=1, max=4),
    )
    tiles = List(Business(), validate=validate.Length(max=D.PARK_TILES_REVEALED))
    bid = List(CardValue(), validate=validate.Length(max=len(D.VALUES) + 1))

    @validates_schema
    def _fields_of_type(self, d, **kwargs):
        kind = d.get("type")
        if kind not in MOVE_FIELDS:
            return
        required, optional = MOVE_FIELDS[kind]
        errors: dict[str, list[str]] = {}
        for name in required:
            if name not in d:
                errors[name] = [M.MOVE_NEEDS.format(kind=kind, name=name)]
        for name in OPTIONAL_FIELDS:
            if name in d and name not in required and name not in optional:
                errors[name] = [M.MOVE_HAS_NO.format(kind=kind, name=name)]
        if kind == "reveal" and sum(1 for n in REVEAL_PARTS if n in d) != 1:
            errors["type"] = [REVEAL_ONE_PART]
        if kind == "reveal" and ("district" in d or "plot" in d) and "business" not in d:
            errors["business"] = [REVEAL_START_BUSINESS]
        if errors:
            raise ValidationError(errors)

    @post_load
    def _build(self, d, **kwargs) -> Move:
        return move_from_plain(d)

    @pre_dump
    def _from_engine(self, m, **kwargs):
        return move_to_plain(m) if isinstance(m, Move) else m


# ---- score request ------------------------------------------------------------------------------------
DISTRICT_IDS = "|".join(re.escape(d) for d in D.DISTRICTS)
SCORING = re.compile(rf"^(final|(district|building_stop):({DISTRICT_IDS}))$")


class ScoreExtraSchema(Schema):
    # A building stop names its declarer and no other scoring does; only the final one reveals Central Park.
    contract_keywords = {
        "allOf": [
            {
                "if": {"required": ["scoring"], "properties": {"scoring": {"pattern": "^building_stop:"}}},
                "then": {"required": ["declarer"]},
                "else": {"not": {"required": ["declarer"]}},
            },
            {
                "if": {"required": ["scoring"], "properties": {"scoring": {"not": {"const": "final"}}}},
                "then": {"not": {"required": ["central_park_tiles"]}},
            },
        ]
    }

    scoring = fields.String(
        validate=validate.Regexp(
            SCORING, error=N_("One of `final`, `district:<id>`, `building_stop:<id>` with a district id.")
        ),
        load_default="final",
    )
    declarer = PlayerId()
    central_park_tiles = List(Business(), validate=validate.Length(max=D.PARK_TILES_REVEALED))

    @validates_schema
    def _extras(self, d, **kwargs):
        scoring = d.get("scoring", "final")
        errors = {}
        if "declarer" in d and not scoring.startswith("building_stop:"):
            errors["declarer"] = ["Only a building_stop scoring has a declarer."]
        if scoring.startswith("building_stop:") and "declarer" not in d:
            errors["declarer"] = ["A building_stop scoring needs the declarer."]
        if "central_park_tiles" in d and scoring != "final":
            errors["central_park_tiles"] = ["Only the final scoring reveals Central Park's tiles."]
        if errors:
            raise ValidationError(errors)

    @post_load
    def _build(self, d, **kwargs) -> dict[str, Any]:
        return {
            "scoring": d.get("scoring", "final"),
            "declarer": d.get("declarer"),
            "central_park_tiles": d.get("central_park_tiles"),
        }


# ---- engine objects <-> plain JSON ----------------------------------------------------------------------
# The wire form of the engine's frozen types: ``to_plain`` gives exactly the state's JSON, ``from_plain``
# takes that JSON (already shape-checked by the schemas below) back.


def options_to_plain(o: Options) -> dict[str, Any]:
    return {
        "board": {
            "plot_ring": list(o.plot_ring),
            "commissioner_graph": {k: list(v) for k, v in o.commissioner_graph},
        },
        "special_scorings": [{"after": a, "points": p, "districts": d} for a, p, d in o.special_scorings],
        **{name: getattr(o, name) for name in SIMPLE_OPTIONS},
    }


def _sky_plain(s: Skyscrapers | None) -> dict[str, Any] | None:
    return None if s is None else {"owner": s.owner, "count": s.count}


def _sky_from_plain(s: dict[str, Any]) -> Skyscrapers:
    return Skyscrapers(s["owner"], s["count"])


def _list_or_none(values: tuple | None) -> list | None:
    return None if values is None else list(values)


def district_to_plain(d: District) -> dict[str, Any]:
    return {
        "plots": {
            p.colour: {"businesses": list(p.businesses), "skyscrapers": _sky_plain(p.skyscrapers)} for p in d.plots
        },
        "stopped": d.stopped,
    }


def plot_from_plain(colour: str, q: dict[str, Any] | None) -> Plot:
    q = q or {}
    sky = q.get("skyscrapers")
    return Plot(colour, tuple(q.get("businesses") or ()), None if sky is None else _sky_from_plain(sky))


def district_from_plain(did: str, p: dict[str, Any] | None, plot_ids: tuple[str, ...] = D.COLOURS) -> District:
    p = p or {}
    plots = p.get("plots") or {}
    if D.SIXTH_PLOT in plots and D.SIXTH_PLOT not in plot_ids:
        plot_ids = plot_ids + (D.SIXTH_PLOT,)  # kept, so that validate can say the front side has none
    return District(did, tuple(plot_from_plain(c, plots.get(c)) for c in plot_ids), bool(p.get("stopped", False)))


def park_to_plain(park: Park) -> dict[str, Any]:
    return {"skyscrapers": [_sky_plain(s) for s in park.skyscrapers], "businesses": list(park.businesses)}


def park_from_plain(p: dict[str, Any] | None) -> Park:
    p = p or {}
    return Park(
        skyscrapers=tuple(_sky_from_plain(s) for s in p.get("skyscrapers") or ()),
        businesses=tuple(p.get("businesses") or ()),
    )


def auction_to_plain(a: Auction | None) -> dict[str, Any] | None:
    if a is None:
        return None
    return {
        "commissioner": a.commissioner,
        "trigger": a.trigger,
        "resume": a.resume,
        "site": a.site,
        "queue": list(a.queue),
        "stage": a.stage,
        "order": list(a.order),
        "to_act": a.to_act,
        "full": a.full,
        "park_colour": a.park_colour,
        "bids": [{"player": b.player, "colour": b.colour, "cards": list(b.cards)} for b in a.bids],
        "passed": list(a.passed),
        "dummy_bid": _list_or_none(a.dummy_bid),
        "winner": a.winner,
    }


def auction_from_plain(p: dict[str, Any] | None) -> Auction | None:
    if p is None:
        return None
    return Auction(
        commissioner=p["commissioner"],
        trigger=p["trigger"],
        resume=p["resume"],
        site=p["site"],
        queue=tuple(p.get("queue") or ()),
        stage=p["stage"],
        order=tuple(p.get("order") or ()),
        to_act=p.get("to_act"),
        full=bool(p.get("full", False)),
        park_colour=p.get("park_colour"),
        bids=tuple(Bid(b["player"], b["colour"], tuple(b["cards"])) for b in p.get("bids") or ()),
        passed=tuple(p.get("passed") or ()),
        dummy_bid=None if p.get("dummy_bid") is None else tuple(p["dummy_bid"]),
        winner=p.get("winner"),
    )


def pending_to_plain(p: Pending | None) -> dict[str, Any] | None:
    if p is None:
        return None
    out: dict[str, Any] = {"kind": p.kind}
    if p.kind == "start_business":
        out["district"] = p.district
    elif p.kind == "stack_top":
        out["colours"] = list(p.colours)
    elif p.kind == "black_cards":
        out["draws"] = [{"player": who, "count": n} for who, n in p.draws]
    elif p.kind == "supply_set":
        out["index"] = p.index
        out["count"] = p.count
    elif p.kind == "central_park_tiles":
        out["count"] = p.count
    return out


def pending_from_plain(p: dict[str, Any] | None) -> Pending | None:
    if p is None:
        return None
    return Pending(
        kind=p["kind"],
        district=p.get("district"),
        colours=tuple(p.get("colours") or ()),
        draws=tuple((d["player"], d["count"]) for d in p.get("draws") or ()),
        index=p.get("index", 0),
        count=p.get("count", 0),
    )


def player_to_plain(p: Player) -> dict[str, Any]:
    return {
        "id": p.id,
        "points": p.points,
        "supply": p.supply,
        "general": p.general,
        "hand": _list_or_none(p.hand),
        "hand_size": p.hand_size,
    }


def player_from_plain(q: dict[str, Any]) -> Player:
    """A player; a hand is kept sorted, and its size defaults to the cards it holds."""
    hand = None if q.get("hand", ()) is None else tuple(sorted(q.get("hand") or ()))
    return Player(
        id=q["id"],
        points=q.get("points", 0),
        supply=q.get("supply", 0),
        general=q.get("general", 0),
        hand=hand,
        hand_size=q.get("hand_size", len(hand or ())),
    )


def stacks_to_plain(stacks: tuple[tuple[str, Stack], ...]) -> dict[str, Any]:
    return {c: {"top": st.top, "below": _list_or_none(st.below), "count": st.count} for c, st in stacks}


def stack_from_plain(st: dict[str, Any]) -> Stack:
    below = None if st.get("below", ()) is None else tuple(st.get("below") or ())
    return Stack(st.get("top"), below, st.get("count", 0))


def black_deck_from_plain(black: dict[str, Any]) -> BlackDeck:
    cards = None if black.get("cards", ()) is None else tuple(black.get("cards") or ())
    return BlackDeck(cards, black.get("count", 0))


def commissioner_from_plain(k: dict[str, Any] | None) -> Commissioner:
    k = k or {}
    return Commissioner(k.get("at", D.CITY_HALL), tuple(k.get("markers") or ()))


def turn_to_plain(t: Turn | None) -> dict[str, Any] | None:
    if t is None:
        return None
    return {"player": t.player, "phase": t.phase, "action": t.action, "start_queue": list(t.start_queue)}


def turn_from_plain(t: dict[str, Any] | None) -> Turn | None:
    if t is None:
        return None
    return Turn(t["player"], t["phase"], t.get("action"), tuple(t.get("start_queue") or ()))


def result_to_plain(r: Result | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"winners": list(r.winners), "central_park_tiles": list(r.central_park_tiles)}


def result_from_plain(r: dict[str, Any] | None) -> Result | None:
    return None if r is None else Result(tuple(r["winners"]), tuple(r["central_park_tiles"]))


def dummy_from_plain(dummy: dict[str, Any] | None) -> Dummy | None:
    return None if dummy is None else Dummy(dummy.get("id", D.DUMMY_ID), dummy.get("general", 0))


def districts_to_plain(s: State) -> dict[str, Any]:
    """The seven districts, then Central Park."""
    districts = {d.id: district_to_plain(d) for d in s.districts}
    districts[D.CENTRAL_PARK] = park_to_plain(s.park)
    return districts


def to_plain(s: State, game_id: str = D.GAME_ID) -> dict[str, Any]:
    return {
        "game": game_id,
        "options": options_to_plain(s.options),
        "players": [player_to_plain(p) for p in s.players],
        "dummy": None if s.dummy is None else {"id": s.dummy.id, "general": s.dummy.general},
        "districts": districts_to_plain(s),
        "supply_row": [_list_or_none(t) for t in s.supply_row],
        "box": s.box,
        "removed": {
            "businesses": list(s.removed_businesses),
            "skyscrapers": [_sky_plain(x) for x in s.removed_skyscrapers],
        },
        "stacks": stacks_to_plain(s.stacks),
        "black_deck": {"cards": _list_or_none(s.black_deck.cards), "count": s.black_deck.count},
        "discard": list(s.discard),
        "commissioners": {c: {"at": k.at, "markers": list(k.markers)} for c, k in s.commissioners},
        "businesses_placed": s.businesses_placed,
        "turn": turn_to_plain(s.turn),
        "auction": auction_to_plain(s.auction),
        "park_order": _list_or_none(s.park_order),
        "result": result_to_plain(s.result),
        "pending": pending_to_plain(s.pending),
        "seed": s.seed,
    }


def seed_from_plain(p: dict[str, Any]) -> int | None:
    seed = p.get("seed")
    if seed is None:
        seed = (p.get("black_deck") or {}).get("seed")  # where earlier releases kept it
    return seed


def from_plain(p: dict[str, Any], partial: bool = False) -> State:
    districts = p.get("districts") or {}
    stacks = p.get("stacks") or {}
    commissioners = p.get("commissioners") or {}
    removed = p.get("removed") or {}
    options = resolved(p.get("options"))
    return State(
        options=options,
        players=tuple(player_from_plain(q) for q in p.get("players") or ()),
        districts=tuple(district_from_plain(d, districts.get(d), options.plot_ids) for d in D.DISTRICTS),
        park=park_from_plain(districts.get(D.CENTRAL_PARK)),
        dummy=dummy_from_plain(p.get("dummy")),
        supply_row=tuple(None if t is None else tuple(t) for t in p.get("supply_row") or ()),
        box=p.get("box", D.BOX_BUSINESSES),
        removed_businesses=tuple(removed.get("businesses") or ()),
        removed_skyscrapers=tuple(_sky_from_plain(x) for x in removed.get("skyscrapers") or ()),
        stacks=tuple((c, stack_from_plain(stacks[c])) for c in D.COLOURS if c in stacks),
        black_deck=black_deck_from_plain(p.get("black_deck") or {"cards": [], "count": 0}),
        discard=tuple(sorted(p.get("discard") or ())),
        commissioners=tuple((c, commissioner_from_plain(commissioners.get(c))) for c in D.COMMISSIONERS),
        businesses_placed=p.get("businesses_placed", 0),
        turn=turn_from_plain(p.get("turn")),
        auction=auction_from_plain(p.get("auction")),
        park_order=None if p.get("park_order") is None else tuple(p["park_order"]),
        result=result_from_plain(p.get("result")),
        pending=pending_from_plain(p.get("pending")),
        seed=seed_from_plain(p),
        partial=partial,
    )


_NO_COMMISSIONER = Commissioner()
_NO_PARK = Park()


def _district_in(did: str, got: District | None, plot_ids: tuple[str, ...]) -> District:
    """The district as the state holds it: its plots in the board's order, the empty ones too (as
    ``district_from_plain``); a district the wire lists so already is taken as it is."""
    if got is None:
        return District(did, tuple(_NO_PLOT[c] for c in plot_ids))
    plots = got.plots  # those the wire lists, in the board's order: all of them when as many as the ids
    if len(plots) == len(plot_ids) and plots[-1].colour == plot_ids[-1]:
        return got
    by_colour = {p.colour: p for p in plots}
    if D.SIXTH_PLOT in by_colour and D.SIXTH_PLOT not in plot_ids:
        plot_ids = plot_ids + (D.SIXTH_PLOT,)  # kept, so that validate can say the front side has none
    return District(did, tuple(by_colour.get(c) or _NO_PLOT[c] for c in plot_ids), got.stopped)


def state_of(d: dict[str, Any], partial: bool = False) -> State:
    """The state from what the state schema loaded (its parts already the engine's objects): as
    ``from_plain`` reads the same state's JSON."""
    get = d.get
    options = get("options") or DEFAULT_OPTIONS
    plot_ids = options.plot_ids
    districts = get("districts") or {}
    stacks = get("stacks") or {}
    commissioners = get("commissioners") or {}
    removed = get("removed") or {}
    park = districts.get(D.CENTRAL_PARK)
    park_order = get("park_order")
    black = get("black_deck") or {"cards": [], "count": 0}
    seed = get("seed")
    if seed is None:
        seed = black.get("seed")  # where earlier releases kept it
    # a district the wire lists whole, in the board's order (as every state this service writes), is kept
    whole, last = len(plot_ids), plot_ids[-1]
    board = []
    for did in D.DISTRICTS:
        got = districts.get(did)
        if got is not None and len(got.plots) == whole and got.plots[-1].colour == last:
            board.append(got)
        else:
            board.append(_district_in(did, got, plot_ids))
    return whole_state(
        options=options,
        players=tuple(get("players") or ()),
        districts=tuple(board),
        park=_NO_PARK if park is None else park,
        dummy=get("dummy"),
        supply_row=tuple([None if t is None else tuple(t) for t in get("supply_row") or ()]),
        box=get("box", D.BOX_BUSINESSES),
        removed_businesses=tuple(removed.get("businesses") or ()),
        removed_skyscrapers=tuple(removed.get("skyscrapers") or ()),
        stacks=tuple([(c, stacks[c]) for c in D.COLOURS if c in stacks]),
        black_deck=black_deck_from_plain(black),
        discard=tuple(sorted(get("discard") or ())),
        commissioners=tuple([(c, commissioners.get(c) or _NO_COMMISSIONER) for c in D.COMMISSIONERS]),
        businesses_placed=get("businesses_placed", 0),
        turn=get("turn"),
        auction=get("auction"),
        park_order=None if park_order is None else tuple(park_order),
        result=get("result"),
        pending=get("pending"),
        seed=seed,
        partial=partial,
    )


def move_to_plain(m: Move) -> dict[str, Any]:
    out: dict[str, Any] = {"type": m.type, "player": m.player}
    for name in ("district", "plot", "business", "commissioner", "to", "colour", "count"):
        value = getattr(m, name)
        if value is not None:
            out[name] = value
    for name in ("colours", "cards", "tiles", "bid"):
        value = getattr(m, name)
        if value is not None:
            out[name] = list(value)
    if m.tops is not None:
        out["tops"] = {c: v for c, v in m.tops}
    if m.drawn is not None:
        out["drawn"] = {who: list(v) for who, v in m.drawn}
    return out


def move_from_plain(p: dict[str, Any]) -> Move:
    def tup(name):
        return None if p.get(name) is None else tuple(p[name])

    return canonical(
        Move(
            type=p["type"],
            player=p["player"],
            district=p.get("district"),
            plot=p.get("plot"),
            business=p.get("business"),
            commissioner=p.get("commissioner"),
            to=p.get("to"),
            colours=tup("colours"),
            colour=p.get("colour"),
            cards=tup("cards"),
            count=p.get("count"),
            tops=None if p.get("tops") is None else tuple(sorted(p["tops"].items())),
            drawn=None if p.get("drawn") is None else tuple(sorted((k, tuple(v)) for k, v in p["drawn"].items())),
            tiles=tup("tiles"),
            bid=tup("bid"),
        )
    )


EVENT_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    # kind: (required fields, optional fields) besides kind; every game adds game_ended
    "revealed": ({"pending"}, {"business", "district", "plot", "tiles", "bid", "tops", "drawn"}),
    "start_skyscraper_placed": ({"player", "district", "plot"}, set()),
    "skyscrapers_taken": ({"player", "count"}, set()),
    "business_placed": ({"player", "district", "plot", "business", "number"}, set()),
    "business_to_central_park": ({"business"}, set()),
    "special_scored": ({"after", "awarded"}, set()),
    "district_scored": ({"district", "awarded"}, set()),
    "cards_taken": ({"player", "colours"}, set()),
    "black_cards_drawn": ({"player", "count"}, set()),
    "black_deck_reshuffled": ({"cards"}, set()),
    "black_cards_not_given": ({"player", "count"}, set()),
    "stack_reshuffled": ({"colour", "cards"}, set()),
    "commissioner_moved": ({"commissioner", "from", "to"}, set()),
    "auctions_started": ({"commissioner", "sites"}, set()),
    "park_colour_set": ({"player", "colour"}, set()),
    "bid": ({"player", "total"}, set()),
    "passed": ({"player"}, set()),
    "auction_without_bids": ({"site"}, set()),
    "auction_won": ({"site", "player", "total", "limit"}, set()),
    "skyscrapers_built": ({"player", "site", "plot", "count"}, set()),
    "auctions_ended": (set(), set()),
    "building_stop_scored": ({"district", "declarer", "awarded"}, set()),
    "final_district_scored": ({"district", "awarded"}, set()),
    "central_park_scored": ({"tiles", "types", "awarded"}, set()),
}


class EventSchema(EventBase):
    """What a move made happen; ``kind`` chooses which of the other fields belong to it. A reveal says what
    it turned up under the reveal move's names."""

    contract_variants = event_variants(EVENT_FIELDS, fields_of={"skyscrapers_built": {"plot": PlotId(allow_none=True)}})

    kind = fields.String(required=True, validate=validate.OneOf(event_kinds(EVENT_FIELDS)))
    player = PlayerId()
    pending = fields.String(validate=validate.OneOf(D.PENDING_KINDS))
    district = fields.String(validate=validate.OneOf(D.DISTRICTS))
    plot = PlotId()
    business = Business()
    number = fields.Integer(validate=validate.Range(min=0))
    tiles = List(Business())
    bid = List(CardValue())
    tops = Dict(keys=Colour(), values=CardValue())
    drawn = Dict(keys=PlayerId(), values=List(CardValue()))
    count = fields.Integer(validate=validate.Range(min=0))
    cards = fields.Integer(validate=validate.Range(min=0))
    colour = Colour()
    colours = List(Colour())
    after = fields.Integer(validate=validate.Range(min=0))
    commissioner = fields.String(validate=validate.OneOf(D.COMMISSIONERS))
    from_ = fields.String(data_key="from", validate=validate.OneOf(D.LOCATIONS))
    to = fields.String(validate=validate.OneOf(D.LOCATIONS))
    sites = List(fields.String())
    site = fields.String()
    total = fields.Integer(validate=validate.Range(min=0))
    limit = fields.Integer(validate=validate.Range(min=0))
    declarer = PlayerId()
    types = fields.Integer(validate=validate.Range(min=0))


def _integer_or_null(components) -> dict[str, Any]:
    return {"type": ["integer", "null"]}


def _names_or_null(components) -> dict[str, Any]:
    return {"oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]}


class ValuationRowSchema(answers.Answer):
    owner = fields.String(required=True)
    plot = fields.String(required=True, validate=validate.OneOf((*D.COLOURS, D.SIXTH_PLOT)))
    count = fields.Integer(required=True)
    types = fields.Integer(required=True)
    per_skyscraper = fields.Integer(required=True)
    points = fields.Integer(required=True)


class PlayerScoreSchema(answers.ScorePlayerSchema):
    contract_name = None
    contract_parent = answers.ScorePlayerSchema

    id = fields.String(required=True)
    districts = fields.Integer()
    central_park = fields.Integer()
    points = fields.Integer(required=True)
    points_before = fields.Integer(required=True)
    cards_in_hand = fields.Integer()


class DistrictValuationSchema(answers.Answer):
    plots = List(fields.Nested(ValuationRowSchema))
    points = answers.points_by_name()


class CentralParkValuationSchema(answers.Answer):
    tiles = fields.Raw(metadata={"json_schema": _names_or_null})
    types = fields.Integer(metadata={"json_schema": _integer_or_null})
    per_skyscraper = fields.Integer(metadata={"json_schema": _integer_or_null})
    points = answers.points_by_name()


class ScoreResultSchema(answers.ScoreResultSchema):
    scoring = fields.String(required=True)
    district = fields.String()
    declarer = fields.String()
    plots = List(fields.Nested(ValuationRowSchema))
    districts = fields.Dict(
        keys=fields.String(), values=fields.Nested(DistrictValuationSchema, metadata={"inline": True})
    )
    central_park = fields.Nested(CentralParkValuationSchema, metadata={"inline": True})
    players = List(fields.Nested(PlayerScoreSchema), required=True)
    totals = answers.score_totals()
    already_applied = fields.Boolean()
    violations = answers.score_violations()


WIRE = GameWire(
    state=StateSchema,
    score_state=ScoreStateSchema,
    move=MoveSchema,
    options=OptionsSchema,
    score_extra=ScoreExtraSchema,
    event=EventSchema,
    score_result=ScoreResultSchema,
)


def wire_for(spec: GameSpec) -> GameWire:
    """The wire of a game that plays Fifth Avenue's rules: Fifth Avenue's own, or for a re-skin the same
    schemas under its id (a state names the game it belongs to)."""
    if spec.id == D.GAME_ID:
        return WIRE

    def under_its_id(base: type[_StateBase], full: bool) -> type[Schema]:
        meta = type("Meta", (), {"include": _state_fields(full, spec.id)})
        return type(base.__name__, (base,), {"Meta": meta, "game_id": spec.id})

    return replace(WIRE, state=under_its_id(StateSchema, True), score_state=under_its_id(ScoreStateSchema, False))
