"""Wire schemas for Skyline 3000: JSON <-> engine objects, the one place the game's wire form is written.

The city is ``{"blocks": {"yellow-1": {"buildings": [{"owner": "purple", "floors": 3, "roof": "arched"}],
"greens": 1, "billboards": ["green"], "large": "spaceport"}}}``; a full state adds the players (hand,
factory, pieces, points), the phase markers, the auction house, the card piles and ``pending``. Hidden
parts are ``null`` with their sizes public: a hand (``hand_size``), a draw pile (``draw_size``), a
sealed bid. A full state also loads through ``ScoreStateSchema``, which otherwise takes the partial
scoring input (``blocks``, any subset, and optional ``players``/``options``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any, ClassVar, Literal

import msgspec
import orjson
from marshmallow import Schema, ValidationError, fields, post_load, pre_dump, validate, validates_schema

from ..engine.core import GameSpec
from ..engine.kit import replace as copy_with
from ..engine.skyline3000 import data
from ..engine.skyline3000.options import OPTIONS, Options, default_options, option_values, shared_defaults
from ..engine.skyline3000.state import (
    FAMILIES,
    MOVE_TYPES,
    TARGETS,
    Auction,
    Award,
    Block,
    Building,
    FactoryBuilding,
    Move,
    Pending,
    Pile,
    Player,
    ScoreInput,
    State,
)
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
    awarded_field,
    event_kinds,
    event_variants,
)
from .options import options_schema

GAME_ID = data.GAME_ID
MAX_PLAYERS_ON_WIRE = 8
CARDS_TOTAL = sum(data.DECK_SIZES.values())
POINTS_BOUND = 10_000
DECKS = data.DECKS
MAX_FACTORY = data.FLOORS_TOTAL  # buildings in one factory: every building has at least one of the 90 floors


ROOF = {"component": "{Prefix}Roof"}  # the contract's name for the roof types


def Count(maximum: int, **kwargs: Any) -> StrictInteger:
    return StrictInteger(validate=validate.Range(min=0, max=maximum), **kwargs)


def CardId(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=24), metadata={"json_schema": card_id_schema}, **kwargs)


def card_id_schema(components) -> dict[str, Any]:
    return components.named(components.prefix + "CardId", {"type": "string", "minLength": 1, "maxLength": 24})


class CardListField(fields.Field):
    """A list of at most 62 card ids (strings of 1 to 24 characters), checked in one pass (hot path)."""

    def json_schema(self, components):
        # in place, not a named array: generators make a named array an alias they cannot always spell
        # (Kotlin's `Map<String, List?>` for a map of nullable lists)
        return {"type": "array", "maxItems": CARDS_TOTAL, "items": card_id_schema(components)}

    def typed_reading(self) -> tuple[Any, Any] | None:
        """For the typed wire (``typed.py``): what ``_deserialize`` takes, checked by msgspec."""
        if self.validators:
            return None
        card = Annotated[str, msgspec.Meta(min_length=1, max_length=24)]
        return Annotated[list[card], msgspec.Meta(max_length=CARDS_TOTAL)], None

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, list):
            raise ValidationError("Not a valid list.")
        if len(value) > CARDS_TOTAL:
            raise ValidationError(M.LENGTH_MAX.format(max=CARDS_TOTAL))
        errors = {
            i: ["Not a valid card id (a string of 1 to 24 characters)."]
            for i, c in enumerate(value)
            if not isinstance(c, str) or not 1 <= len(c) <= 24
        }
        if errors:
            raise ValidationError(errors)
        return list(value)

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else list(value)


def CardList(**kwargs: Any) -> fields.Field:
    return CardListField(**kwargs)


# ---- options ------------------------------------------------------------------------------------------
SmallPlatformsSchema = Schema.from_dict(
    {b: StrictInteger(required=True, validate=validate.Range(min=1, max=12)) for b in data.BLOCK_IDS},
    name="SmallPlatformsSchema",
)

StartingGreensSchema = Schema.from_dict(
    {
        d: List(
            fields.String(validate=validate.OneOf(data.DISTRICT_BLOCKS[d])),
            required=True,
            validate=validate.Length(min=1, max=2),
        )
        for d in data.DISTRICTS
    },
    name="StartingGreensSchema",
)
# 4 greens in 3 districts of 1 or 2 each: not every district with 1, nor two of them with 2.
StartingGreensSchema.contract_keywords = {  # type: ignore[attr-defined]  # a class made by from_dict
    "not": {
        "anyOf": [
            {"properties": {d: {"maxItems": 1} for d in data.DISTRICTS}},
            *(
                {"properties": {a: {"minItems": 2}, b: {"minItems": 2}}}
                for i, a in enumerate(data.DISTRICTS)
                for b in data.DISTRICTS[i + 1 :]
            ),
        ]
    }
}


class BoardSchema(Schema):
    """``small_platforms`` per block (at least 1) and the blocks of the 4 starting greens, by district (1 or 2
    each, 4 in all; a block named twice starts with 2)."""

    small_platforms = fields.Nested(SmallPlatformsSchema, required=True)
    starting_greens = fields.Nested(StartingGreensSchema, required=True)

    @validates_schema
    def _four_greens(self, value, **kwargs):
        total = sum(len(v) for v in value["starting_greens"].values())
        if total != data.STARTING_GREENS_TOTAL:
            raise ValidationError(
                M.STARTING_GREENS.format(total=data.STARTING_GREENS_TOTAL, count=total), "starting_greens"
            )


class ContractSpecSchema(Schema):
    value = Count(99, required=True)
    district = fields.String(required=True, validate=validate.OneOf(data.DISTRICTS))


class CardsSchema(Schema):
    roof = List(Count(99), required=True, validate=validate.Length(equal=data.DECK_SIZES["roof"]))
    floor = List(Count(99), required=True, validate=validate.Length(equal=data.DECK_SIZES["floor"]))
    contract = List(
        fields.Nested(ContractSpecSchema), required=True, validate=validate.Length(equal=data.DECK_SIZES["contract"])
    )


class _OptionsBase(Schema):
    @post_load
    def _build(self, d, **kwargs) -> Options:
        return default_options(**d)

    @pre_dump
    def _from_engine(self, obj, **kwargs):
        return option_values(obj if isinstance(obj, Options) else typed.load(_OPTIONS, obj or {}))


OptionsSchema = options_schema(
    "OptionsSchema",
    OPTIONS,
    base=_OptionsBase,
    structured={"board": fields.Nested(BoardSchema), "cards": fields.Nested(CardsSchema)},
)
_OPTIONS = OptionsSchema()
# The default options, built once, and their wire form's exact bytes: nearly every state carries them
# spelled out (62 card values and the board), and loading them was a third of a state's load. Equal
# bytes (keys sorted) mean the same JSON values of the same types, which the schema loads to these very
# options (tests/api/test_typed_schemas.py and tests/skyline3000/test_wire.py hold it).
DEFAULT_OPTIONS = shared_defaults()
DEFAULT_OPTIONS_JSON = orjson.dumps(option_values(DEFAULT_OPTIONS), option=orjson.OPT_SORT_KEYS)
# The structured options' default wire forms, each by its exact bytes, and the plain options beside them.
DEFAULT_STRUCTURES = {
    name: orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    for name, value in option_values(DEFAULT_OPTIONS).items()
    if OPTIONS[name].kind == "value"
}
# The default board's and cards' wire forms (``options_json`` copies them), and the options' order.
OPTION_ORDER = tuple(option_values(DEFAULT_OPTIONS))
DEFAULT_BOARD_JSON = option_values(DEFAULT_OPTIONS)["board"]
DEFAULT_CARDS_JSON = option_values(DEFAULT_OPTIONS)["cards"]
# Each plain option's name, default and the values its field takes as they are: (JSON type, value) pairs
# of its choices, or an integer range, or the booleans.
PLAIN_OPTIONS = tuple(
    (
        spec.name,
        spec.default,
        frozenset((type(choice), choice) for choice in spec.choices) if spec.kind == "choice" else None,
        (spec.minimum, spec.maximum) if spec.kind == "int" else None,
    )
    for spec in OPTIONS
    if spec.kind in ("choice", "int", "bool")
)
PLAIN_DEFAULTS = {name: getattr(DEFAULT_OPTIONS, name) for name, _, _, _ in PLAIN_OPTIONS}
OPTION_NAMES = frozenset(spec.name for spec in OPTIONS)
# Every option is one of those kinds (another kind's options are read by the schema).
READ_BESIDE = len(PLAIN_OPTIONS) + len(DEFAULT_STRUCTURES) == len(OPTION_NAMES)


class OptionsField(fields.Field):
    """The options of a state, loaded through ``OptionsSchema`` and spelled out in full on the way back.
    Each field keeps its own schema instance (the envelopes are built once per app), so a request does not
    pay for building one."""

    def json_schema(self, components):
        return {"$ref": f"#/components/schemas/{components.component(self._schema)}"}

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._schema = typed.prepare(OptionsSchema())

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, dict):
            raise ValidationError("Not a valid mapping type.")
        known = _default_structures(value)
        if known is not None:
            return known
        return typed.load(self._schema, value)

    def _serialize(self, value, attr, obj, **kwargs):
        if value is None:
            return None
        return options_json(value if isinstance(value, Options) else typed.load(self._schema, value))


def options_json(options: Options) -> dict[str, Any]:
    """``option_values(options)``: for options on the default board and cards themselves, their wire forms
    are fresh copies of the default ones (written once), not built again from 62 cards."""
    if options.board is not DEFAULT_OPTIONS.board or options.cards is not DEFAULT_OPTIONS.cards:
        return option_values(options)
    out = {name: getattr(options, name) for name in OPTION_ORDER}
    board, cards = DEFAULT_BOARD_JSON, DEFAULT_CARDS_JSON
    out["board"] = {
        "small_platforms": dict(board["small_platforms"]),
        "starting_greens": {district: list(blocks) for district, blocks in board["starting_greens"].items()},
    }
    out["cards"] = {
        "roof": list(cards["roof"]),
        "floor": list(cards["floor"]),
        "contract": [dict(contract) for contract in cards["contract"]],
    }
    return out


def _default_structures(value: dict[str, Any]) -> Options | None:
    """What the schema loads of ``value`` when its board and cards are the default ones (or left out) and
    every other option is left out or a value its field takes as it is (a choice, an integer in range, a
    boolean, each of its own JSON type): the default options with those values, sharing the default board
    and cards. None: anything else, which the schema loads (and refuses, and explains).
    ``tests/skyline3000/test_wire.py`` holds it to the schema."""
    if not READ_BESIDE or not value.keys() <= OPTION_NAMES:
        return None
    for name, default in DEFAULT_STRUCTURES.items():
        if name in value:
            try:
                if orjson.dumps(value[name], option=orjson.OPT_SORT_KEYS) != default:
                    return None
            except TypeError:  # what orjson cannot write (integers past 64 bits) is not the default
                return None
    plain = {}
    for name, default, choices, bounds in PLAIN_OPTIONS:
        given = value.get(name, default)
        if given is not default and not _taken_as_is(given, choices, bounds):
            return None
        plain[name] = given
    # the kit's copy: dataclasses.replace's result without its keyword call and per-field checks
    return DEFAULT_OPTIONS if plain == PLAIN_DEFAULTS else copy_with(DEFAULT_OPTIONS, **plain)


def _taken_as_is(value: Any, choices: frozenset[tuple[type, Any]] | None, bounds: tuple[Any, Any] | None) -> bool:
    """The option's field loads ``value`` as ``value`` (its exact JSON type, within its choices or range)."""
    if choices is not None:
        return type(value) not in (list, dict) and (type(value), value) in choices
    if bounds is not None:
        # both ends given: an unbounded side would be bounded by the field (``StrictInteger``), not here
        low, high = bounds
        return type(value) is int and low is not None and high is not None and low <= value <= high
    return type(value) is bool


# ---- the city -----------------------------------------------------------------------------------------
# Each nested schema loads straight into the engine's object (its ``post_load``).
class BuildingSchema(Schema):
    owner = PlayerId(required=True)
    floors = StrictInteger(required=True, validate=validate.Range(min=1, max=data.FLOORS_TOTAL))
    roof = fields.String(required=True, validate=validate.OneOf(data.ROOFS), metadata=ROOF)

    @post_load
    def _build(self, d, **kwargs) -> Building:
        return Building(d["owner"], d["floors"], d["roof"])


class BlockSchema(Schema):
    buildings = List(fields.Nested(BuildingSchema), load_default=list, validate=validate.Length(max=12))
    greens = Count(data.GREENS_TOTAL, load_default=0)
    billboards = List(PlayerId(), load_default=list, validate=validate.Length(max=40))
    large = fields.String(
        validate=validate.OneOf(data.LARGE_TILES),
        allow_none=True,
        load_default=None,
        metadata={"component": "{Prefix}LargeTile"},
    )

    @post_load
    def _build(self, d, **kwargs) -> Block:
        return Block(tuple(d["buildings"]), d["greens"], tuple(d["billboards"]), d["large"])


# ---- players, piles, phase parts -----------------------------------------------------------------------
class FactoryBuildingSchema(Schema):
    floors = StrictInteger(required=True, validate=validate.Range(min=1, max=data.FLOORS_TOTAL))
    roof = fields.String(validate=validate.OneOf(data.ROOFS), allow_none=True, load_default=None, metadata=ROOF)

    @post_load
    def _build(self, d, **kwargs) -> FactoryBuilding:
        return FactoryBuilding(d["floors"], d["roof"])


class RoofsSchema(Schema):
    arched = Count(10, required=True)
    peaked = Count(10, required=True)


class PlayerSchema(Schema):
    id = PlayerId(required=True)
    points = StrictInteger(required=True, validate=validate.Range(min=-POINTS_BOUND, max=POINTS_BOUND))
    hand = CardList(allow_none=True, load_default=None)
    hand_size = Count(CARDS_TOTAL, required=True)
    factory = List(fields.Nested(FactoryBuildingSchema), required=True, validate=validate.Length(max=MAX_FACTORY))
    roofs = fields.Nested(RoofsSchema, required=True)
    billboards = Count(10, required=True)
    billboards_retired = Count(10, load_default=0)
    passed = StrictBoolean(load_default=False)

    @post_load
    def _build(self, p, **kwargs) -> Player:
        return Player(
            id=p["id"],
            points=p["points"],
            hand=tuple(p["hand"]) if p["hand"] is not None else None,
            hand_size=p["hand_size"],
            factory=tuple(p["factory"]),
            arched=p["roofs"]["arched"],
            peaked=p["roofs"]["peaked"],
            billboards=p["billboards"],
            billboards_retired=p["billboards_retired"],
            passed=p["passed"],
        )


class PileSchema(Schema):
    draw = CardList(allow_none=True, load_default=None)
    draw_size = Count(CARDS_TOTAL, required=True)
    discard = CardList(load_default=list)
    top = CardId(allow_none=True, load_default=None)

    @post_load
    def _build(self, p, **kwargs) -> Pile:
        draw = tuple(p["draw"]) if p["draw"] is not None else None
        return Pile(draw=draw, draw_size=p["draw_size"], discard=tuple(p["discard"]), top=p["top"])


class PilesSchema(Schema):
    roof = fields.Nested(PileSchema, required=True)
    floor = fields.Nested(PileSchema, required=True)
    contract = fields.Nested(PileSchema, required=True)

    @post_load
    def _build(self, d, **kwargs) -> tuple[tuple[str, Pile], ...]:
        return tuple((deck, d[deck]) for deck in data.DECKS)


# ---- the bulk of a state, read at once -------------------------------------------------------------------
# A state's players, blocks and piles are most of it. Each is a field that reads its value in two calls of
# msgspec's: one checks it against its nested schema's typed wire type (typed.py derives it from the
# schema: bounds, choices, required and unknown members), one builds the engine's objects from it where
# the dataclasses' own fields and defaults are the members and their load_defaults (the blocks, the
# factories; the rest is read from the checked value). What msgspec cannot say
# is checked after: a player id is taken when it reads as itself (already NFC; PlayerId's own reading).
# Anything else (a value the check refuses, an id to normalise or refuse) is read by the field's
# marshmallow code, item by item through the nested schemas, whose post_load builds the same objects:
# so the loaded value is the same either way, and every refusal and its message are marshmallow's.
_ID_READING = PlayerId().typed_reading()
assert _ID_READING is not None  # a player id's own reading: NFC, and ValueError for an id PlayerId refuses
read_player_id = _ID_READING[1]


def _ids_read_as_themselves(ids: set[str]) -> bool:
    try:
        return all(read_player_id(pid) == pid for pid in ids)
    except ValueError:
        return False


def _boxed(kind: Any) -> Any:
    """A Struct of one member ``v`` of type ``kind``, for ``msgspec.convert({"v": value}, box)``: msgspec
    keeps what it made of a Struct's types, where a bare list or dict type is read again at every call."""
    return msgspec.defstruct("Box", [("v", kind)])


def _wire(origin: Any, item: Any, check: Any) -> Any:
    """``Annotated[origin[item], Meta]`` for the field's one ``Length`` validator, boxed (None: it has
    others, or the nested schema has no typed wire type)."""
    if type(check) is not validate.Length or item is None or (type(item) is tuple and None in item):
        return None
    low, high = (check.equal, check.equal) if check.equal is not None else (check.min, check.max)
    kind = Annotated.__class_getitem__((origin.__class_getitem__(item), msgspec.Meta(min_length=low, max_length=high)))  # type: ignore[attr-defined]
    return _boxed(kind)


def _checked(value: Any, box: Any) -> bool:
    """``value`` is of the boxed type."""
    try:
        msgspec.convert({"v": value}, box)
    except msgspec.ValidationError:
        return False
    return True


_FACTORIES = _boxed(list[tuple[FactoryBuilding, ...]])
_BLOCKS = _boxed(dict[str, Block])


class PlayersField(List):
    """The players in seat order (``PlayerSchema`` each), loaded as ``Player``s."""

    def __init__(self, **kwargs: Any):
        super().__init__(
            fields.Nested(PlayerSchema), validate=validate.Length(min=1, max=MAX_PLAYERS_ON_WIRE), **kwargs
        )
        self._wire = _wire(list, typed.wire_type(PlayerSchema()), self.validators[0])

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is list and self._wire is not None and _checked(value, self._wire):
            factories = msgspec.convert({"v": [p["factory"] for p in value]}, _FACTORIES).v
            if _ids_read_as_themselves({p["id"] for p in value}):
                return [
                    Player(
                        p["id"],
                        p["points"],
                        None if p.get("hand") is None else tuple(p["hand"]),
                        p["hand_size"],
                        factory,
                        p["roofs"]["arched"],
                        p["roofs"]["peaked"],
                        p["billboards"],
                        p.get("billboards_retired", 0),
                        p.get("passed", False),
                    )
                    for p, factory in zip(value, factories, strict=True)
                ]
        return super()._deserialize(value, attr, data, **kwargs)


class BlocksField(Dict):
    """The city: each block by its id (``BlockSchema`` each), loaded as ``Block``s."""

    def __init__(self, **kwargs: Any):
        super().__init__(
            keys=fields.String(validate=validate.OneOf(data.BLOCK_IDS)),
            values=fields.Nested(BlockSchema),
            validate=validate.Length(max=len(data.BLOCK_IDS), error=M.AT_MOST_BLOCKS.format(count=len(data.BLOCK_IDS))),
            **kwargs,
        )
        block_ids = Literal.__getitem__(data.BLOCK_IDS)  # the keys' OneOf
        self._wire = _wire(dict, (block_ids, typed.wire_type(BlockSchema())), self.validators[0])

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is dict and self._wire is not None and _checked(value, self._wire):
            blocks = msgspec.convert({"v": value}, _BLOCKS).v
            owners = {b.owner for block in blocks.values() for b in block.buildings}
            owners.update(owner for block in blocks.values() for owner in block.billboards)
            if _ids_read_as_themselves(owners):
                return blocks
        return super()._deserialize(value, attr, data, **kwargs)


_PILES = _boxed(list[Pile])


def _checked_pile(pile: dict[str, Any]) -> Pile:
    # a draw pile left out is hidden (None), where the dataclass's default (msgspec's build) is empty
    return Pile(
        draw=None if pile.get("draw") is None else tuple(pile["draw"]),
        draw_size=pile["draw_size"],
        discard=tuple(pile.get("discard", ())),
        top=pile.get("top"),
    )


class PilesField(fields.Nested):
    """The three decks' piles (``PilesSchema``), loaded as ``(deck, Pile)`` pairs in the decks' order."""

    def __init__(self, **kwargs: Any):
        super().__init__(PilesSchema, **kwargs)
        wire = typed.wire_type(PilesSchema())
        self._wire = None if wire is None else _boxed(wire)

    def _deserialize(self, value, attr, data, partial=None, **kwargs):
        if type(value) is dict and self._wire is not None and _checked(value, self._wire):
            piles = [value[deck] for deck in DECKS]
            if all("draw" in pile for pile in piles):  # msgspec's build (its __post_init__ derives the top)
                return tuple(zip(DECKS, msgspec.convert({"v": piles}, _PILES).v, strict=True))
            return tuple((deck, _checked_pile(value[deck])) for deck in DECKS)
        return super()._deserialize(value, attr, data, partial=partial, **kwargs)


class AuctionSchema(Schema):
    stack = StrictInteger(required=True, validate=validate.Range(min=1, max=data.AUCTION_STACKS))
    sealed = Dict(
        keys=PlayerId(),
        values=CardList(allow_none=True),
        load_default=dict,
        validate=validate.Length(max=MAX_PLAYERS_ON_WIRE),
    )


class AwardSchema(Schema):
    player = PlayerId(required=True)
    tile = fields.String(required=True, validate=validate.OneOf(data.TILES))


class PendingSchema(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(["top", "draw"]))
    player = PlayerId(required=True)
    pile = fields.String(required=True, validate=validate.OneOf(data.DECKS))


def _state_fields(full: bool, game_id: str = GAME_ID) -> dict[str, fields.Field]:
    req: dict[str, Any] = {"required": True} if full else {}
    return {
        "game": fields.String(validate=validate.Equal(game_id), **req),
        "options": OptionsField(),
        "players": PlayersField(**req),
        "round": StrictInteger(validate=validate.Range(min=1, max=data.ROUNDS), **req),
        "phase": fields.String(validate=validate.OneOf(data.PHASES), **req),
        "key": PlayerId(**req),
        "turn": PlayerId(allow_none=True, load_default=None),
        "blocks": BlocksField(required=True),
        "floors": Count(data.FLOORS_TOTAL, **req),
        "auction_house": List(
            List(fields.String(validate=validate.OneOf(data.TILES)), validate=validate.Length(max=8)),
            validate=validate.Length(equal=data.AUCTION_STACKS),
            **req,
        ),
        "removed_developments": List(
            fields.String(validate=validate.OneOf(data.TILES)), validate=validate.Length(max=16), load_default=list
        ),
        "auction": fields.Nested(AuctionSchema, allow_none=True, load_default=None),
        "award": fields.Nested(AwardSchema, allow_none=True, load_default=None),
        "draws_left": Dict(
            keys=PlayerId(), values=Count(40), load_default=dict, validate=validate.Length(max=MAX_PLAYERS_ON_WIRE)
        ),
        "piles": PilesField(**req),
        "seed": Seed(allow_none=True, load_default=None),
        "shuffles": Count(10**6, load_default=0),
        "pending": fields.Nested(PendingSchema, allow_none=True, load_default=None),
    }


FULL_STATE_KEYS = ("game", "players", "round", "phase", "key", "blocks", "floors", "auction_house", "piles")


EMPTY_BLOCK = Block()


def _blocks_in_order(blocks: dict[str, Block], all_blocks: bool) -> tuple[tuple[str, Block], ...]:
    """The loaded blocks in the board's order (every block of the board, an empty one for any left out)."""
    if all_blocks:
        return tuple([(b, blocks.get(b, EMPTY_BLOCK)) for b in data.BLOCK_IDS])
    return tuple([(b, blocks[b]) for b in data.BLOCK_IDS if b in blocks])


def state_from_json(d: dict[str, Any]) -> State:
    """The engine's state from a loaded state (its players, blocks and piles loaded as engine objects)."""
    options = d.get("options") or DEFAULT_OPTIONS
    auction = None
    if d.get("auction") is not None:
        a = d["auction"]
        sealed = tuple((pid, tuple(bid) if bid is not None else None) for pid, bid in a["sealed"].items())
        auction = Auction(stack=a["stack"], sealed=sealed)
    award = Award(d["award"]["player"], d["award"]["tile"]) if d.get("award") else None
    pending = Pending(d["pending"]["kind"], d["pending"]["player"], d["pending"]["pile"]) if d.get("pending") else None
    return State(
        options=options,
        players=tuple(d["players"]),
        round=d["round"],
        phase=d["phase"],
        key=d["key"],
        turn=d.get("turn"),
        blocks=_blocks_in_order(d["blocks"], True),
        floors=d["floors"],
        auction_house=tuple([tuple(s) for s in d["auction_house"]]),
        removed_developments=tuple(d.get("removed_developments", ())),
        auction=auction,
        award=award,
        draws_left=tuple(d.get("draws_left", {}).items()),
        piles=d["piles"],
        seed=d.get("seed"),
        shuffles=d.get("shuffles", 0),
        pending=pending,
    )


def block_to_json(block: Block) -> dict[str, Any]:
    return {
        "buildings": [{"owner": b.owner, "floors": b.floors, "roof": b.roof} for b in block.buildings],
        "greens": block.greens,
        "billboards": list(block.billboards),
        "large": block.large,
    }


def player_to_json(p: Player) -> dict[str, Any]:
    return {
        "id": p.id,
        "points": p.points,
        "hand": list(p.hand) if p.hand is not None else None,
        "hand_size": p.hand_size,
        "factory": [{"floors": b.floors, "roof": b.roof} for b in p.factory],
        "roofs": {"arched": p.arched, "peaked": p.peaked},
        "billboards": p.billboards,
        "billboards_retired": p.billboards_retired,
        "passed": p.passed,
    }


def state_to_json(s: State, game_id: str = GAME_ID) -> dict[str, Any]:
    return {
        "game": game_id,
        "options": s.options,
        "players": [player_to_json(p) for p in s.players],
        "round": s.round,
        "phase": s.phase,
        "key": s.key,
        "turn": s.turn,
        "blocks": {b: block_to_json(blk) for b, blk in s.blocks},
        "floors": s.floors,
        "auction_house": [list(x) for x in s.auction_house],
        "removed_developments": list(s.removed_developments),
        "auction": None
        if s.auction is None
        else {
            "stack": s.auction.stack,
            "sealed": {pid: (list(b) if b is not None else None) for pid, b in s.auction.sealed},
        },
        "award": None if s.award is None else {"player": s.award.player, "tile": s.award.tile},
        "draws_left": dict(s.draws_left),
        "piles": {
            d: {
                "draw": list(p.draw) if p.draw is not None else None,
                "draw_size": p.draw_size,
                "discard": list(p.discard),
                "top": p.top,
            }
            for d, p in s.piles
        },
        "seed": s.seed,
        "shuffles": s.shuffles,
        "pending": None
        if s.pending is None
        else {"kind": s.pending.kind, "player": s.pending.player, "pile": s.pending.pile},
    }


class _StateBase(Schema):
    game_id: ClassVar[str] = GAME_ID  # the game whose states these are (``wire_for`` gives a re-skin's)

    @pre_dump
    def _from_engine(self, obj, **kwargs):
        if isinstance(obj, ScoreInput):
            if obj.state is not None:
                return state_to_json(obj.state, self.game_id)
            out = {"game": self.game_id, "options": obj.options, "blocks": {b: block_to_json(x) for b, x in obj.blocks}}
            if obj.players is not None:
                out["players"] = [player_to_json(p) for p in obj.players]
            return out
        return state_to_json(obj, self.game_id) if isinstance(obj, State) else obj


class StateSchema(_StateBase):
    class Meta:
        include = _state_fields(True)

    # pre_dump builds every member but the options in its wire form (typed.py, ``_as_built``)
    typed_dump_as_built: ClassVar[tuple[str, ...]] = ("options",)

    def typed_dump_built(self, obj: Any) -> dict[str, Any] | None:
        """The dump of an engine state written directly (typed.py, ``_as_built``): ``state_to_json`` with
        the options as their field writes them (``options_json``); None (walk it) for anything else."""
        if type(obj) is not State or type(obj.options) is not Options:
            return None
        out = state_to_json(obj, self.game_id)
        out["options"] = options_json(obj.options)
        return out

    contract_fields = {
        "blocks": lambda components, field: {**components.field(field), "required": list(data.BLOCK_IDS)}
    }

    @validates_schema
    def _all_blocks(self, d, **kwargs):
        missing = [b for b in data.BLOCK_IDS if b not in d.get("blocks", {})]
        if missing:
            raise ValidationError(M.MISSING_BLOCKS.format(missing=", ".join(missing)), "blocks")

    @post_load
    def _build(self, d, **kwargs) -> State:
        return state_from_json(d)


class ScoreStateSchema(_StateBase):
    """The partial scoring input: ``blocks`` (any subset) and, optionally, the other parts of a state."""

    class Meta:
        include = _state_fields(False)

    @post_load
    def _build(self, d, **kwargs) -> ScoreInput:
        options = d.get("options") or DEFAULT_OPTIONS
        if all(k in d for k in FULL_STATE_KEYS) and all(b in d["blocks"] for b in data.BLOCK_IDS):
            state = state_from_json(d)
            return ScoreInput(
                options=state.options,
                blocks=state.blocks,
                players=state.players,
                phase=state.phase,
                round=state.round,
                state=state,
            )
        players = tuple(d["players"]) if "players" in d else None
        return ScoreInput(
            options=options,
            blocks=_blocks_in_order(d["blocks"], False),
            players=players,
            phase=d.get("phase"),
            round=d.get("round"),
        )


# ---- moves --------------------------------------------------------------------------------------------
MOVE_FIELDS = {
    "floor": ({"card", "buildings"}, set()),
    "roof": ({"card", "building", "roof"}, set()),
    "contract": ({"card", "building", "block"}, {"target"}),
    "billboard": ({"block"}, {"target"}),
    "discard": ({"card"}, set()),
    "pass": (set(), set()),
    "bid": ({"cards"}, {"family"}),
    "bids": ({"piles"}, {"family"}),
    "develop": ({"block"}, set()),
    "draw": ({"pile"}, set()),
    "stop": (set(), set()),
    "reveal": ({"card"}, set()),
}
OPTIONAL_FIELDS = ("card", "building", "buildings", "roof", "block", "target", "cards", "piles", "pile", "family")


class MoveSchema(Schema):
    """One move; ``type`` chooses which other fields belong (others are refused)."""

    contract_variants = Variants(key="type", name="{prefix}{kind}Move", kinds=MOVE_FIELDS)

    type = fields.String(required=True, validate=validate.OneOf(MOVE_TYPES))
    player = PlayerId(required=True)
    card = CardId()
    building = StrictInteger(validate=validate.Range(min=0, max=MAX_FACTORY - 1))
    buildings = fields.List(
        StrictInteger(validate=validate.Range(min=0, max=MAX_FACTORY + 1)), validate=validate.Length(min=1, max=4)
    )
    roof = fields.String(validate=validate.OneOf(data.ROOFS), metadata=ROOF)
    block = fields.String(validate=validate.Length(min=1, max=24))
    target = fields.String(validate=validate.OneOf(TARGETS))
    cards = CardList()
    piles = Dict(keys=PlayerId(), values=CardList(), validate=validate.Length(max=MAX_PLAYERS_ON_WIRE))
    pile = fields.String(validate=validate.OneOf(data.DECKS))
    family = fields.String(validate=validate.OneOf(sorted({f for fs in FAMILIES.values() for f in fs})))

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
        if errors:
            raise ValidationError(errors)

    @post_load
    def _build(self, d, **kwargs) -> Move:
        kind = d["type"]
        target = d.get("target", "empty") if kind in ("contract", "billboard") else None
        return Move(
            type=kind,
            player=d["player"],
            card=d.get("card"),
            building=d.get("building"),
            roof=d.get("roof"),
            buildings=tuple(d["buildings"]) if "buildings" in d else None,
            block=d.get("block"),
            target=target,
            cards=tuple(d["cards"]) if "cards" in d else None,
            piles=tuple((pid, tuple(b)) for pid, b in d["piles"].items()) if "piles" in d else None,
            pile=d.get("pile"),
            family=d.get("family"),
        )

    @pre_dump
    def _from_engine(self, m, **kwargs):
        if not isinstance(m, Move):
            return m
        out: dict[str, Any] = {"type": m.type, "player": m.player}
        required, optional = MOVE_FIELDS.get(m.type, (set(), set()))
        for name in OPTIONAL_FIELDS:
            if name not in required and name not in optional:
                continue
            value = getattr(m, name)
            if name == "target" and value is None:
                value = "empty"
            if value is None and name not in required:
                continue
            if name in ("cards", "buildings"):
                value = list(value)
            elif name == "piles":
                value = {pid: list(b) for pid, b in value}
            out[name] = value
        return out


class ScoreExtraSchema(Schema):
    scoring = fields.String(validate=validate.OneOf(["round", "final"]), load_default="round")

    @post_load
    def _build(self, d, **kwargs) -> str:
        return d["scoring"]


EVENT_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    # kind: (required fields, optional fields) besides kind; every game adds game_ended
    "floors_built": ({"player", "card", "buildings", "floors"}, set()),
    "roof_built": ({"player", "card", "building", "roof"}, set()),
    "building_placed": ({"player", "card", "block", "floors", "roof", "on_billboard"}, set()),
    "billboard_placed": ({"player", "block"}, set()),
    "card_played": ({"player", "card", "action"}, set()),
    "passed": ({"player"}, set()),
    "reshuffled": ({"pile"}, set()),
    "reveal_needed": ({"player", "pile", "reveal"}, set()),
    "card_revealed": ({"player", "pile", "card"}, set()),
    "bid_laid": ({"player"}, set()),
    "auction_opened": ({"stack", "tile"}, set()),
    "auction": ({"stack", "tile", "winner", "bids", "cards"}, set()),
    "development_removed": ({"tile", "reason"}, set()),
    "development_placed": ({"player", "tile", "block"}, set()),
    "round_scored": ({"round", "blocks", "awarded"}, set()),
    "draw_phase": ({"draws"}, set()),
    "card_drawn": ({"player", "pile", "card"}, set()),
    "draws_declined": ({"player", "declined"}, set()),
    "draws_lost": ({"draws", "reason"}, set()),
    "round_started": ({"round", "key"}, set()),
}


class EventSchema(EventBase):
    """What a move made happen; ``kind`` chooses which of the other fields belong to it."""

    contract_variants = event_variants(
        EVENT_FIELDS,
        fields_of={"floors_built": {"floors": fields.Dict(keys=fields.String(), values=fields.Integer())}},
    )

    kind = fields.String(required=True, validate=validate.OneOf(event_kinds(EVENT_FIELDS)))
    player = PlayerId()
    card = CardId(allow_none=True)
    buildings = fields.List(fields.Integer(validate=validate.Range(min=0)))
    building = fields.Integer(validate=validate.Range(min=0))
    floors = fields.Integer(validate=validate.Range(min=0))
    roof = fields.String(validate=validate.OneOf(data.ROOFS), metadata=ROOF)
    block = fields.String()
    on_billboard = fields.Boolean()
    action = fields.String(allow_none=True)
    pile = fields.String(validate=validate.OneOf(data.DECKS))
    reveal = fields.String(validate=validate.OneOf(("top", "draw")))
    stack = fields.Integer(validate=validate.Range(min=1))
    tile = fields.String()
    winner = PlayerId(allow_none=True)
    bids = fields.Dict(keys=PlayerId(), values=fields.Integer())
    cards = fields.Dict(keys=PlayerId(), values=fields.List(CardId()))
    reason = fields.String()
    round = fields.Integer(validate=validate.Range(min=1))
    blocks = fields.Dict(keys=fields.String(), values=awarded_field())  # each block: what it gave each player
    draws = fields.Dict(keys=PlayerId(), values=fields.Integer(validate=validate.Range(min=0)))
    declined = fields.Integer(validate=validate.Range(min=0))
    key = PlayerId()


def _string_or_null(components) -> dict[str, Any]:
    return {"type": ["string", "null"]}


class BlockResultSchema(answers.Answer):
    district = fields.String(required=True)
    floors = answers.points_by_name(required=True)
    tallest = answers.points_by_name(required=True)
    greens = fields.Integer(required=True)
    billboards = fields.Integer(required=True)
    large = fields.String(required=True, metadata={"json_schema": _string_or_null})
    multiplier = fields.Integer(required=True)
    first = List(fields.String(), required=True)
    second = List(fields.String(), required=True)
    points = answers.points_by_name(required=True)


class PlayerScoreSchema(answers.ScorePlayerSchema):
    contract_name = None
    contract_parent = answers.ScorePlayerSchema

    blocks = answers.points_by_name(required=True)
    spaceport_bonus = fields.Integer(required=True)


class ScoreResultSchema(answers.ScoreResultSchema):
    scoring = fields.String(required=True, validate=ScoreExtraSchema().fields["scoring"].validators)
    blocks = fields.Dict(keys=fields.String(), values=fields.Nested(BlockResultSchema), required=True)
    players = List(fields.Nested(PlayerScoreSchema), required=True)
    totals = answers.score_totals()
    spaceport_bonus = answers.points_by_name(required=True)
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
    """The wire of a game that plays Skyline 3000's rules: Skyline 3000's own, or for a re-skin the same
    schemas under its id (a state names the game it belongs to)."""
    if spec.id == GAME_ID:
        return WIRE

    def under_its_id(base: type[_StateBase], full: bool) -> type[Schema]:
        meta = type("Meta", (), {"include": _state_fields(full, spec.id)})
        return type(base.__name__, (base,), {"Meta": meta, "game_id": spec.id})

    return replace(WIRE, state=under_its_id(StateSchema, True), score_state=under_its_id(ScoreStateSchema, False))
