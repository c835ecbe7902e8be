"""Wire schemas for Chinatown: JSON <-> engine objects (the state and move formats of the contract).

A board is ``{"12": {"owner": "anna", "shop": "photo"}, "13": {"owner": "anna"}}`` (claimed lots only;
``shop`` absent or null on an empty lot). Money is in dollars (integers). A full state also loads
through ``ScoreStateSchema``, which otherwise takes the partial scoring input (``board`` and optional
``players``).

The schemas name no game: the contract names their components after the game they serve (``Chinatown``
+ ``LotNumber``), and ``wire_for`` gives a re-skin (another id, the same rules) the same schemas under its
own id.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Annotated, Any, ClassVar, Literal

import msgspec
from marshmallow import Schema, ValidationError, fields, post_load, pre_dump, validate, validates_schema

from ..engine.chinatown.data import CHINATOWN, LOT_COUNT, SHOP_TYPES
from ..engine.chinatown.options import OPTIONS, Options, options_of
from ..engine.chinatown.state import (
    MOVE_TYPES,
    PHASES,
    Board,
    EndTrading,
    EndTurn,
    Keep,
    Lot,
    Partial,
    Pending,
    Place,
    Player,
    Reveal,
    State,
    Trade,
    Transfer,
    tiles_tuple,
)
from ..engine.core import GameSpec
from . import answers, typed
from . import messages as M
from .common import (
    PLAYER_ID,
    EventBase,
    GameWire,
    List,
    PlayerId,
    Seed,
    StrictInteger,
    Variants,
    event_kinds,
    event_variants,
)
from .options import options_schema

MAX_PLAYERS_ON_WIRE = 8
MONEY_BOUND = 10**12


def LotNumber(**kwargs: Any) -> StrictInteger:
    return StrictInteger(validate=validate.Range(min=1, max=LOT_COUNT), **kwargs)


def ShopType(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(SHOP_TYPES), **kwargs)


def LotList(**kwargs: Any) -> LotListField:
    return LotListField(**kwargs)


def TileList(**kwargs: Any) -> TileListField:
    return TileListField(**kwargs)


def Money(**kwargs: Any) -> StrictInteger:
    return StrictInteger(validate=validate.Range(min=-MONEY_BOUND, max=MONEY_BOUND), **kwargs)


# ---- bulk fields: one pass over a list or a dict instead of one marshmallow field per item ----------
# (a round-6 state has ~250 lots, cards and tiles; per-item fields made loading several times slower).
# They accept exactly what the contract's JSON Schema accepts and report errors per item.

LOT_KEY_SET = frozenset(str(lot) for lot in range(1, LOT_COUNT + 1))
LOT_OF_KEY = {str(lot): lot for lot in range(1, LOT_COUNT + 1)}  # a lot key's number, without int()
LOT_KEY_PATTERN = "^(" + "|".join(sorted(LOT_KEY_SET, key=int)) + ")$"  # the keys "1".."85" and no other
SHOP_SET = frozenset(SHOP_TYPES)
NOT_INT = "Not a valid integer."


def _as_int(value: Any, low: int, high: int) -> tuple[int | None, str | None]:
    """An integer (integral floats count, as in JSON Schema) in ``low..high``, or an error message."""
    if type(value) is int and low <= value <= high:  # nearly every number on the wire
        return value, None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None, NOT_INT
    if isinstance(value, float):
        if not value.is_integer():
            return None, NOT_INT
        value = int(value)
    if not low <= value <= high:
        return None, M.RANGE_BETWEEN.format(min=low, max=high)
    return value, None


def lot_number_schema(components) -> dict[str, Any]:
    return components.named(components.prefix + "LotNumber", {"type": "integer", "minimum": 1, "maximum": LOT_COUNT})


def shop_type_schema(components) -> dict[str, Any]:
    return components.named(components.prefix + "ShopType", {"type": "string", "enum": list(SHOP_TYPES)})


class LotListField(fields.Field):
    """A list of lot numbers (1..85), at most 85 of them; loads as a list of ints."""

    def json_schema(self, components):
        return {"type": "array", "maxItems": self.max_items, "items": lot_number_schema(components)}

    def __init__(self, max_items: int = LOT_COUNT, **kwargs: Any):
        super().__init__(**kwargs)
        self.max_items = max_items

    def typed_reading(self) -> tuple[Any, Any] | None:
        """For the typed wire (``typed.py``): a list of integers 1..85 is msgspec's to check (an integral
        float, which ``_deserialize`` takes too, is left to it)."""
        if self.validators:
            return None
        return Annotated[list[_LOT_NUMBER], msgspec.Meta(max_length=self.max_items)], None

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, list):
            raise ValidationError("Not a valid list.")
        if len(value) > self.max_items:
            raise ValidationError(M.LENGTH_MAX.format(max=self.max_items))
        out, errors = [], {}
        for i, item in enumerate(value):
            number, problem = _as_int(item, 1, LOT_COUNT)
            if problem:
                errors[i] = [problem]
            out.append(number)
        if errors:
            raise ValidationError(errors)
        return out

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else list(value)


class TileListField(fields.Field):
    """A list of shop types, at most 90 of them."""

    def json_schema(self, components):
        return {"type": "array", "maxItems": 90, "items": shop_type_schema(components)}

    def typed_reading(self) -> tuple[Any, Any] | None:
        """For the typed wire: a list of at most 90 shop types, checked by msgspec."""
        if self.validators:
            return None
        return Annotated[list[_SHOP], msgspec.Meta(max_length=90)], None

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, list):
            raise ValidationError("Not a valid list.")
        if len(value) > 90:
            raise ValidationError(M.LENGTH_MAX.format(max=90))
        errors = {
            i: ["Must be one of the shop types."]
            for i, item in enumerate(value)
            if not isinstance(item, str) or item not in SHOP_SET
        }
        if errors:
            raise ValidationError(errors)
        return list(value)

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else list(value)


class TilesField(fields.Field):
    """Unplaced tiles by type: ``{"photo": 2}`` with counts 0..90."""

    def json_schema(self, components):
        count = {"type": "integer", "minimum": 0, "maximum": 90}
        return components.named(
            components.prefix + "Tiles",
            {"type": "object", "additionalProperties": False, "properties": {shop: count for shop in SHOP_TYPES}},
        )

    def typed_reading(self) -> tuple[Any, Any] | None:
        """For the typed wire: shop types to integer counts 0..90, checked by msgspec."""
        if self.validators:
            return None
        return dict[_SHOP, Annotated[int, msgspec.Meta(ge=0, le=90)]], None

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, dict):
            raise ValidationError("Not a valid mapping type.")
        out, errors = {}, {}
        for shop, count in value.items():
            if shop not in SHOP_SET:
                errors[shop] = ["Must be one of the shop types."]
                continue
            number, problem = _as_int(count, 0, 90)
            if problem:
                errors[shop] = [problem]
            out[shop] = number
        if errors:
            raise ValidationError(errors)
        return out

    def _serialize(self, value, attr, obj, **kwargs):
        return dict(value)


class BoardField(fields.Field):
    """Claimed lots: ``{"12": {"owner": "anna", "shop": "photo"}, "13": {"owner": "anna"}}``; loads as a
    dict of lot number -> ``Lot``."""

    def json_schema(self, components):
        lot = components.named(
            components.prefix + "Lot",
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["owner"],
                "properties": {
                    "owner": {"$ref": "#/components/schemas/PlayerId"},
                    "shop": {"oneOf": [shop_type_schema(components), {"type": "null"}]},
                },
            },
        )
        return components.named(
            components.prefix + "Board",
            {
                "type": "object",
                "maxProperties": LOT_COUNT,
                "propertyNames": {"pattern": LOT_KEY_PATTERN},
                "additionalProperties": lot,
            },
        )

    def typed_reading(self) -> tuple[Any, Any] | None:
        """For the typed wire: lot keys and each lot's members are msgspec's to check (``_LotWire``), then
        the lots are built as ``_deserialize`` builds them."""
        if self.validators:
            return None

        def read(board: dict[str, Any]) -> dict[int, Lot]:
            return {LOT_OF_KEY[key]: Lot(cell.owner, cell.shop) for key, cell in board.items()}

        board_type: Any = dict[_LOT_KEY, _LotWire]  # type: ignore[valid-type]
        return board_type, read

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, dict):
            raise ValidationError("Not a valid mapping type.")
        out, errors = {}, {}
        for key, cell in value.items():
            if key not in LOT_KEY_SET:
                errors[key] = ['Not a lot number: lots are "1" to "85".']
                continue
            lot, problems = _lot(cell)
            if problems:
                errors[key] = problems
            out[int(key)] = lot
        if errors:
            raise ValidationError(errors)
        return out

    def _serialize(self, value, attr, obj, **kwargs):
        return {str(lot): _lot_json(cell) for lot, cell in value.items()}


assert PLAYER_ID.min is not None and PLAYER_ID.max is not None  # both bounds are set
_ID_LOW, _ID_HIGH = PLAYER_ID.min, PLAYER_ID.max  # an owner is a player id


# The typed wire's readings of lots and shops (``typed_reading``): what ``_lot`` takes, in msgspec's words.
_LOT_NUMBER: Any = Annotated[int, msgspec.Meta(ge=1, le=LOT_COUNT)]
_SHOP: Any = Literal[SHOP_TYPES]
_LOT_KEY: Any = Literal[tuple(sorted(LOT_KEY_SET, key=int))]
_LotWire = msgspec.defstruct(
    "LotWire",
    [("owner", Annotated[str, msgspec.Meta(min_length=_ID_LOW, max_length=_ID_HIGH)]), ("shop", _SHOP | None, None)],
    forbid_unknown_fields=True,
)


def _lot(cell: Any) -> tuple[Lot | None, Any]:
    if type(cell) is dict:  # a well-formed lot, decided without building any problem
        owner, size = cell.get("owner"), len(cell)
        if type(owner) is str and _ID_LOW <= len(owner) <= _ID_HIGH and (size == 1 or size == 2 and "shop" in cell):
            shop = cell.get("shop")
            if shop is None or type(shop) is str and shop in SHOP_SET:
                return Lot(owner, shop), None
    if not isinstance(cell, dict):
        return None, ["Invalid input type."]
    problems: dict[str, list[str]] = {}
    for name in cell:
        if name not in ("owner", "shop"):
            problems[name] = ["Unknown field."]
    owner = cell.get("owner")
    if "owner" not in cell:
        problems["owner"] = ["Missing data for required field."]
    elif not isinstance(owner, str):
        problems["owner"] = ["Not a valid string."]
    elif not _ID_LOW <= len(owner) <= _ID_HIGH:
        problems["owner"] = [f"Length must be between {_ID_LOW} and {_ID_HIGH}."]
    shop = cell.get("shop")
    if shop is not None and (not isinstance(shop, str) or shop not in SHOP_SET):
        problems["shop"] = ["Must be one of the shop types."]
    if problems:
        return None, problems
    assert isinstance(owner, str)  # else a problem was said above
    return Lot(owner, shop), None


def _lot_json(cell: Lot) -> dict[str, Any]:
    return {"owner": cell.owner, **({"shop": cell.shop} if cell.shop is not None else {})}


# ---- parts -------------------------------------------------------------------------------------------


class _OptionsDump(Schema):
    @pre_dump
    def _from_engine(self, obj, **kwargs):
        if isinstance(obj, Options):
            return asdict(obj)
        return {**OPTIONS.defaults(), **obj}


OptionsSchema = options_schema("Options", OPTIONS, base=_OptionsDump)


class PlayerSchema(Schema):
    id = PlayerId(required=True)
    money = Money(allow_none=True, load_default=None)
    hand = LotList(allow_none=True, load_default=list)
    tiles = TilesField(load_default=dict)

    @pre_dump
    def _from_engine(self, obj, **kwargs):
        hand = list(obj.hand) if obj.hand is not None else None
        return {"id": obj.id, "money": obj.money, "hand": hand, "tiles": dict(obj.tiles)}


class ScorePlayerSchema(Schema):
    """A player in a scoring input: only the id is needed."""

    id = PlayerId(required=True)
    money = Money(allow_none=True, load_default=None)
    hand = LotList(allow_none=True, load_default=list)
    tiles = TilesField(load_default=dict)


class PendingSchema(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(("deal", "draw")))
    player = PlayerId(required=True)
    count = StrictInteger(required=True, validate=validate.Range(min=0, max=10))

    @post_load
    def _to_engine(self, data, **kwargs):
        return Pending(data["kind"], data["player"], data["count"])

    @pre_dump
    def _from_engine(self, obj, **kwargs):
        return {"kind": obj.kind, "player": obj.player, "count": obj.count}


# ---- the state ---------------------------------------------------------------------------------------


class StateFields(Schema):
    game_id: ClassVar[str] = CHINATOWN.id  # the game whose states these are (``wire_for`` gives a re-skin's)
    game = fields.String(required=True, validate=validate.OneOf([CHINATOWN.id]))
    options = fields.Nested(OptionsSchema, load_default=dict)
    round = StrictInteger(required=True, validate=validate.Range(min=1, max=6))
    phase = fields.String(required=True, validate=validate.OneOf(PHASES))
    first_player = PlayerId(required=True)
    done = List(PlayerId(), validate=validate.Length(max=MAX_PLAYERS_ON_WIRE), load_default=list)
    board = BoardField(required=True)
    deck = LotList(allow_none=True, load_default=None)
    bag = TileList(allow_none=True, load_default=None)
    seed = Seed(allow_none=True, load_default=None)
    pending = fields.Nested(PendingSchema, allow_none=True, load_default=None)


def build_board(raw: dict) -> Board:
    return Board.of(raw)


def build_player(raw: dict) -> Player:
    hand = tuple(raw["hand"]) if raw.get("hand") is not None else None
    return Player(raw["id"], raw.get("money"), hand, tiles_tuple(raw.get("tiles") or {}))


def build_state(data: dict) -> State:
    options = data.get("options") or {}
    return State(
        options=options_of(options),
        players=tuple(build_player(p) for p in data["players"]),
        round=data["round"],
        phase=data["phase"],
        first_player=data["first_player"],
        done=tuple(data.get("done") or ()),
        board=build_board(data["board"]),
        deck=tuple(data["deck"]) if data.get("deck") is not None else None,
        bag=tuple(data["bag"]) if data.get("bag") is not None else None,
        shuffle_seed=data.get("seed"),
        pending=data.get("pending"),
    )


def state_to_wire(state: State, game_id: str) -> dict:
    return {
        "game": game_id,
        "options": state.options,
        "players": list(state.players),
        "round": state.round,
        "phase": state.phase,
        "first_player": state.first_player,
        "done": list(state.done),
        "board": dict(state.board.cells),
        "deck": list(state.deck) if state.deck is not None else None,
        "bag": list(state.bag) if state.bag is not None else None,
        "seed": state.shuffle_seed,
        "pending": state.pending,
    }


LOT_KEY_OF = {lot: key for key, lot in LOT_OF_KEY.items()}  # a lot's key on the wire, without str()


def state_json(state: State, game_id: str, options_schema: Schema) -> dict[str, Any]:
    """What the state schema dumps of ``state``: ``state_to_wire`` with each member written as its field
    writes it (``test_dumps_are_marshmallows`` compares the two byte for byte)."""
    key_of = LOT_KEY_OF.get
    pending = state.pending
    return {
        "game": game_id,
        "options": typed.dump(options_schema, state.options),
        "round": state.round,
        "phase": state.phase,
        "first_player": state.first_player,
        "done": list(state.done),
        "board": {
            key_of(lot) or str(lot): {"owner": cell.owner}
            if cell.shop is None
            else {"owner": cell.owner, "shop": cell.shop}
            for lot, cell in state.board.cells
        },
        "deck": list(state.deck) if state.deck is not None else None,
        "bag": list(state.bag) if state.bag is not None else None,
        "seed": state.shuffle_seed,
        "pending": None
        if pending is None
        else {"kind": pending.kind, "player": pending.player, "count": pending.count},
        "players": [
            {"id": p.id, "money": p.money, "hand": list(p.hand) if p.hand is not None else None, "tiles": dict(p.tiles)}
            for p in state.players
        ],
    }


class StateSchema(StateFields):
    players = List(fields.Nested(PlayerSchema), required=True, validate=validate.Length(min=1, max=MAX_PLAYERS_ON_WIRE))

    @post_load
    def _to_engine(self, data, **kwargs):
        return build_state(data)

    @pre_dump
    def _from_engine(self, obj, **kwargs):
        return state_to_wire(obj, self.game_id)

    def typed_dump_built(self, obj: Any) -> dict[str, Any] | None:
        """The dump of an engine state, written directly (typed.py, ``_as_built``); None: walk it."""
        if type(obj) is not State:
            return None
        options = self.fields["options"]
        assert isinstance(options, fields.Nested)  # the state's options are a nested schema
        return state_json(obj, self.game_id, options.schema)


FULL_STATE_KEYS = ("round", "phase", "first_player")


class ScoreStateSchema(StateFields):
    """The scoring input: ``board`` (required) and optionally ``players``; a full state also loads."""

    game = fields.String(validate=validate.OneOf([CHINATOWN.id]))
    round = StrictInteger(validate=validate.Range(min=1, max=6))
    phase = fields.String(validate=validate.OneOf(PHASES))
    first_player = PlayerId()
    players = List(fields.Nested(ScorePlayerSchema), validate=validate.Length(min=1, max=MAX_PLAYERS_ON_WIRE))

    @post_load
    def _to_engine(self, data, **kwargs):
        if all(key in data for key in FULL_STATE_KEYS) and "players" in data:
            return build_state(data)
        players = data.get("players")
        ids = tuple(p["id"] for p in players) if players is not None else None
        money = tuple((p["id"], p.get("money")) for p in players) if players is not None else None
        if money is not None and all(m is None for _, m in money):
            money = None
        return Partial(build_board(data["board"]), ids, money)

    @pre_dump
    def _from_engine(self, obj, **kwargs):
        if isinstance(obj, State):
            return state_to_wire(obj, self.game_id)
        out: dict[str, Any] = {"board": dict(obj.board.cells)}
        if obj.player_ids is not None:
            money = dict(obj.money or ())
            out["players"] = [{"id": pid, "money": money.get(pid)} for pid in obj.player_ids]
        return out


# ---- moves -------------------------------------------------------------------------------------------


class TransferSchema(Schema):
    giver = PlayerId(required=True, data_key="from")
    receiver = PlayerId(required=True, data_key="to")
    lots = LotList(load_default=list)
    tiles = TileList(load_default=list)
    money = StrictInteger(load_default=0, validate=validate.Range(min=0, max=MONEY_BOUND))

    @post_load
    def _to_engine(self, data, **kwargs):
        return Transfer(data["giver"], data["receiver"], tuple(data["lots"]), tuple(data["tiles"]), data["money"])

    @pre_dump
    def _from_engine(self, obj, **kwargs):
        return {
            "giver": obj.giver,
            "receiver": obj.receiver,
            "lots": list(obj.lots),
            "tiles": list(obj.tiles),
            "money": obj.money,
        }


MOVE_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    # type: (required fields, optional fields) besides type and player
    "reveal": (set(), {"lots", "tiles"}),
    "keep": ({"lots"}, set()),
    "trade": ({"transfers"}, set()),
    "end_trading": (set(), set()),
    "place": ({"lot", "shop"}, set()),
    "end_turn": (set(), set()),
}


class MoveSchema(Schema):
    """One move; ``type`` chooses which of the other fields belong to it."""

    contract_variants = Variants(key="type", name="{prefix}{kind}Move", kinds=MOVE_FIELDS)

    type = fields.String(required=True, validate=validate.OneOf(MOVE_TYPES))
    player = PlayerId(required=True)
    lots = LotList()
    tiles = TileList()
    transfers = List(fields.Nested(TransferSchema), validate=validate.Length(min=1, max=20))
    lot = LotNumber(metadata={"json_schema": lot_number_schema})
    shop = ShopType(metadata={"json_schema": shop_type_schema})

    @validates_schema(skip_on_field_errors=False)
    def _fields_of_type(self, data, **kwargs):
        kind = data.get("type")
        if kind not in MOVE_FIELDS:
            return
        required, optional = MOVE_FIELDS[kind]
        errors: dict[str, list[str]] = {}
        for name in ("lots", "tiles", "transfers", "lot", "shop"):
            if name in data and name not in required | optional:
                errors[name] = [M.MOVE_HAS_NO_FIELD.format(kind=kind, name=name)]
        for name in required:
            if name not in data:
                errors[name] = ["Missing data for required field."]
        if errors:
            raise ValidationError(errors)

    @post_load
    def _to_engine(self, data, **kwargs):
        kind, player = data["type"], data["player"]
        if kind == "reveal":
            lots = tuple(data["lots"]) if "lots" in data else None
            tiles = tuple(data["tiles"]) if "tiles" in data else None
            return Reveal(player, lots, tiles)
        if kind == "keep":
            return Keep(player, tuple(data["lots"]))
        if kind == "trade":
            return Trade(player, tuple(data["transfers"]))
        if kind == "place":
            return Place(player, data["lot"], data["shop"])
        if kind == "end_trading":
            return EndTrading(player)
        return EndTurn(player)

    @pre_dump
    def _from_engine(self, obj, **kwargs):
        out: dict[str, Any] = {"type": obj.type, "player": obj.player}
        if isinstance(obj, Reveal):
            if obj.lots is not None:
                out["lots"] = list(obj.lots)
            if obj.tiles is not None:
                out["tiles"] = list(obj.tiles)
        elif isinstance(obj, Keep):
            out["lots"] = list(obj.lots)
        elif isinstance(obj, Trade):
            out["transfers"] = list(obj.transfers)
        elif isinstance(obj, Place):
            out.update(lot=obj.lot, shop=obj.shop)
        return out


class ScoreExtraSchema(Schema):
    scoring = fields.String(validate=validate.OneOf(("income", "final")), load_default="income")

    @post_load
    def _to_engine(self, data, **kwargs):
        return data["scoring"]


EVENT_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    # kind: (required fields, optional fields) besides kind; every game adds game_ended
    "pending": ({"pending"}, set()),
    "cards_dealt": ({"player", "count"}, set()),
    "cards_kept": ({"player", "count"}, set()),
    "lots_claimed": ({"lots"}, set()),
    "tiles_drawn": ({"player", "tiles"}, set()),
    "trade": ({"parties"}, set()),
    "trading_ended": ({"player"}, set()),
    "placement_started": ({"turn"}, set()),
    "tile_placed": ({"player", "lot", "shop"}, set()),
    "turn_ended": ({"player"}, set()),
    "income_scored": ({"round", "year", "awarded"}, set()),
    "year_advanced": ({"round", "year", "first_player"}, set()),
}


class EventSchema(EventBase):
    """What a move made happen; ``kind`` chooses which of the other fields belong to it."""

    contract_variants = event_variants(EVENT_FIELDS)

    kind = fields.String(required=True, validate=validate.OneOf(event_kinds(EVENT_FIELDS)))
    player = PlayerId()
    count = fields.Integer(validate=validate.Range(min=0))
    pending = fields.Nested(PendingSchema)
    lots = fields.Dict(keys=PlayerId(), values=List(LotNumber(metadata={"json_schema": lot_number_schema})))
    tiles = List(ShopType(metadata={"json_schema": shop_type_schema}))
    parties = List(PlayerId())
    turn = PlayerId()
    lot = LotNumber(metadata={"json_schema": lot_number_schema})
    shop = ShopType(metadata={"json_schema": shop_type_schema})
    round = fields.Integer(validate=validate.Range(min=1))
    year = fields.Integer()
    first_player = PlayerId()


class ShopSchema(answers.Answer):
    owner = PlayerId(required=True)
    type = ShopType(required=True, metadata={"json_schema": shop_type_schema})
    lots = List(LotNumber(metadata={"json_schema": lot_number_schema}), required=True)
    size = fields.Integer(required=True, validate=validate.Range(min=1))
    complete = fields.Boolean(required=True)
    income = fields.Integer(required=True, validate=validate.Range(min=0))


class PlayerIncomeSchema(answers.ScorePlayerSchema):
    contract_name = None
    contract_parent = answers.ScorePlayerSchema

    income = fields.Integer(required=True, validate=validate.Range(min=0))
    shops = List(fields.Nested(ShopSchema), required=True)
    tiles_on_board = fields.Integer(required=True, validate=validate.Range(min=0))
    lots = fields.Integer(required=True, validate=validate.Range(min=0))
    money = fields.Integer()


class RankSchema(answers.Answer):
    player = PlayerId(required=True)
    place = fields.Integer(required=True, validate=validate.Range(min=1))
    money = fields.Integer(required=True)
    tiles_on_board = fields.Integer(required=True, validate=validate.Range(min=0))


class ScoreResultSchema(answers.ScoreResultSchema):
    scoring = fields.String(required=True, validate=ScoreExtraSchema().fields["scoring"].validators)
    players = List(fields.Nested(PlayerIncomeSchema), required=True)
    shops = List(fields.Nested(ShopSchema), required=True)
    totals = answers.score_totals()
    ranking = List(fields.Nested(RankSchema, metadata={"inline": True}))
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
    """The wire of a game that plays Chinatown's rules: Chinatown's own, or for a re-skin the same schemas
    under its id (a state names the game it belongs to)."""
    if spec.id == CHINATOWN.id:
        return WIRE
    game_id = spec.id
    state = type(
        "StateSchema",
        (StateSchema,),
        {"game_id": game_id, "game": fields.String(required=True, validate=validate.OneOf([game_id]))},
    )
    score_state = type(
        "ScoreStateSchema",
        (ScoreStateSchema,),
        {"game_id": game_id, "game": fields.String(validate=validate.OneOf([game_id]))},
    )
    return replace(WIRE, state=state, score_state=score_state)
