"""Wire schemas for New York, and for a re-skin of it (Alhambra): JSON <-> engine objects.

``build(edition, options)`` makes every schema of one edition: its banks, building types and tiles, its
option book and its components' names (``NewYorkState``, ``AlhambraState``); ``WIRE`` is New York's.

A city is a list of ``{"x", "y", "tile"}`` (the start tile at (0,0) is never listed); a tile is a
catalogue id (1..54) or, in a score request, an inline ``{"type", "streets"}``. Money cards are
``{"bank", "value"}``; the money deck also holds the scoring cards as ``{"scoring": "A"}``. Hidden
orders (``bag``, ``money_deck``, the reshuffle ``seed``) are null at a real table. ``ScoreStateSchema`` takes
the partial scoring input (players with ids and cities, and the dummy) and every full state.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Any, Literal

import msgspec
from marshmallow import Schema, ValidationError, fields, post_load, pre_dump, validate, validates_schema

from ..engine.core import GameSpec
from ..engine.kit import OptionBook
from ..engine.newyork.data import EDGES, NEW_YORK, VALUES, Edition
from ..engine.newyork.options import OPTIONS, Options
from ..engine.newyork.state import MOVE_TYPES, PHASES, Card, Dummy, Move, Pending, Placed, Player, State, Tile
from . import answers, typed
from . import messages as M
from .common import (
    Dict,
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

COORD = validate.Range(min=-64, max=64)
# Three scorings of at most a few hundred points each (every building type's first place and the longest
# wall or street) keep a game's total under a thousand; ten times that is the wire's bound.
POINTS_BOUND = 10_000
POINTS = validate.Range(min=0, max=POINTS_BOUND)
_NOT_AN_OPTION = object()
UNSET = msgspec.UNSET
PENDING_KINDS = ("money_card", "market_tile", "dummy_tile", "starting_money")
SCORING_CARDS = ("A", "B")


def ref_to(components, schema: type[Schema]) -> dict[str, str]:
    """The contract's reference to a schema's component (generated from it)."""
    return {"$ref": f"#/components/schemas/{components.component(schema)}"}


def _integral(value) -> int | None:
    """An int, or an integral float such as 2.0 (JSON Schema counts it as an integer); else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _hand_to_wire(player: Player) -> dict[str, Any]:
    """A player's ``money``: the cards; or, when their values are hidden, null and (if known) their number
    as ``money_count``."""
    if player.money is not None:
        return {"money": [{"bank": c.bank, "value": c.value} for c in player.money]}
    if player.money_count is None:
        return {"money": None}
    return {"money": None, "money_count": player.money_count}


def _pending_to_wire(pending: Pending | None) -> dict[str, Any] | None:
    """A pending draw: its kind and the slot it fills (a dummy tile fills none, so it names none)."""
    if pending is None:
        return None
    return {"kind": pending.kind} if pending.slot is None else {"kind": pending.kind, "slot": pending.slot}


MOVE_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # type: (required, optional)
    "take_money": (("slots",), ()),
    "buy": (("slot", "cards"), ()),
    "rebuild_place": (("tile", "x", "y"), ("rotation",)),
    "rebuild_remove": (("x", "y"), ()),
    "rebuild_swap": (("tile", "x", "y"), ("rotation",)),
    "end_turn": ((), ()),
    "place": (("tile", "x", "y"), ("rotation",)),
    "reserve": (("tile",), ()),
    "give_dummy": (("tile",), ()),
    "reveal": ((), ("tile", "card")),
}


EVENT_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    # kind: (required fields, optional fields) besides kind; every game adds game_ended
    "starting_money_dealt": ({"player", "card"}, set()),
    "turn_started": ({"player"}, set()),
    "bought": ({"player", "tile", "exact"}, set()),
    "money_reshuffled": ({"cards"}, set()),
    "money_card_revealed": ({"slot", "card"}, set()),
    "scoring_card_revealed": ({"scoring"}, set()),
    "market_tile_revealed": ({"slot", "tile"}, set()),
    "dummy_tile_drawn": ({"tile"}, set()),
    "scored": ({"scoring", "awarded"}, {"dummy"}),
    "market_exhausted": (set(), set()),
    "leftover_awarded": ({"slot", "tile", "player"}, set()),
}


@dataclass(frozen=True)
class EditionWire:
    """One edition's wire: its GameWire, the catalogue under the default tiers, and its money card's
    schema and hand-checked loader."""

    wire: GameWire
    default_tiles: MappingProxyType
    card_schema: type[Schema]
    load_card: Any


def build(edition: Edition, option_book: OptionBook) -> EditionWire:
    """Every wire schema of ``edition`` with the options of ``option_book``."""
    BANKS, TYPES, TILE_COUNT = edition.banks, edition.types, len(edition.tiles)
    prefix = "".join(edition.name.split())

    class CardSchema(Schema):
        bank = fields.String(required=True, validate=validate.OneOf(BANKS))
        value = StrictInteger(required=True, validate=validate.Range(min=1, max=9))

        @pre_dump
        def _from_engine(self, obj, **kwargs):
            return {"bank": obj.bank, "value": obj.value} if isinstance(obj, Card) else obj

        @post_load
        def _to_engine(self, data, **kwargs):
            return Card(data["bank"], data["value"])

    # Every card there is, one immutable instance each: a well-formed card on the wire is one dict lookup.
    _CARDS = {(bank, number): Card(bank, number) for bank in BANKS for number in VALUES}

    def _card(value) -> Card:
        """A money card from its JSON object, checked by hand (a nested schema per card is slow)."""
        if type(value) is dict and len(value) == 2:
            bank, number = value.get("bank"), value.get("value")
            if type(bank) is str and type(number) is int:
                card = _CARDS.get((bank, number))
                if card is not None:
                    return card
        if not isinstance(value, dict):
            raise ValidationError("A money card is an object {bank, value}.")
        errors: dict[str, list[str]] = {}
        for key in value:
            if key not in ("bank", "value"):
                errors[key] = ["Unknown field."]
        bank, number = value.get("bank"), _integral(value.get("value"))
        if "bank" not in value:
            errors["bank"] = ["Missing data for required field."]
        elif bank not in BANKS:
            errors["bank"] = [M.ONE_OF.format(choices=", ".join(BANKS))]
        if "value" not in value:
            errors["value"] = ["Missing data for required field."]
        elif number is None or not 1 <= number <= 9:
            errors["value"] = ["A card value is an integer 1..9."]
        if errors:
            raise ValidationError(errors)
        assert bank is not None and number is not None  # else an error was raised above
        return Card(bank, number)

    # The typed wire's readings (``typed_reading``, typed.py): what the hand checks above take, in msgspec's
    # words; whatever they refuse is loaded by marshmallow, which says why.
    _Bank = Literal[BANKS]  # type: ignore[valid-type]
    _Value = Annotated[int, msgspec.Meta(ge=1, le=9)]
    _CardWire = msgspec.defstruct(
        prefix + "CardWire", [("bank", _Bank), ("value", _Value)], forbid_unknown_fields=True, frozen=True
    )
    # Every card by its wire form (a frozen Struct hashes and compares in C): a read card is one lookup.
    _CARD_OF_WIRE = {_CardWire(bank, number): card for (bank, number), card in _CARDS.items()}

    def _card_of(wire: Any) -> Card:
        return _CARD_OF_WIRE.get(wire) or Card(wire.bank, wire.value)

    def _cards_of(wires: list[Any]) -> list[Card]:
        return [_CARD_OF_WIRE[w] for w in wires]  # every card the wire type takes is one of _CARDS

    _DeckEntryWire = msgspec.defstruct(
        prefix + "DeckEntryWire",
        [
            ("bank", _Bank | msgspec.UnsetType, msgspec.UNSET),
            ("value", _Value | msgspec.UnsetType, msgspec.UNSET),
            ("scoring", Literal[SCORING_CARDS] | msgspec.UnsetType, msgspec.UNSET),
        ],
        forbid_unknown_fields=True,
        frozen=True,
    )
    # Every deck entry there is by its wire form: a money card, or a scoring card naming nothing else.
    _DECK_ENTRY_OF_WIRE: dict[Any, Card | str] = {
        **{_DeckEntryWire(bank, number, UNSET): card for (bank, number), card in _CARDS.items()},
        **{_DeckEntryWire(UNSET, UNSET, scoring): scoring for scoring in SCORING_CARDS},
    }

    def _deck_entry_of(wire: Any) -> Card | str:
        if wire.scoring is UNSET:
            card = _CARDS.get((wire.bank, wire.value))  # None when either is missing (UNSET)
            if card is None:
                raise ValueError("a money card names its bank and value")
            return card
        if wire.bank is not UNSET or wire.value is not UNSET:
            raise ValueError("a scoring card names nothing else")
        return wire.scoring

    def _deck_of(wires: list[Any]) -> list[Card | str]:
        return [_DECK_ENTRY_OF_WIRE[w] for w in wires]  # a KeyError for any other combination of members

    class CardField(fields.Field):
        """A money card ``{"bank", "value"}``."""

        def json_schema(self, components):
            return ref_to(components, CardSchema)

        def _serialize(self, value, attr, obj, **kwargs):
            return None if value is None else {"bank": value.bank, "value": value.value}

        def _deserialize(self, value, attr, data, **kwargs):
            return _card(value)

        def typed_reading(self) -> tuple[Any, Any, Any] | None:
            return None if self.validators else (_CardWire, _card_of, _cards_of)

    class MoneySlotField(fields.Field):
        """One of the four money market slots: ``{"card": {"bank", "value"}}``, or ``{"card": null}`` when it
        is empty (a named object rather than a null item, which some generated clients cannot read); a request
        may leave the null card out (``{}``), as clients that drop nulls write it. Loads the card or None; a
        bare card or a bare null, the slot as it was written before, is still taken."""

        def json_schema(self, components):
            return components.named(
                prefix + "MoneySlot",
                {
                    "type": "object",
                    "description": "A money market slot: its card, or null (or absent) when the slot is empty.",
                    "additionalProperties": False,
                    "properties": {"card": {"oneOf": [ref_to(components, CardSchema), {"type": "null"}]}},
                },
            )

        def _serialize(self, value, attr, obj, **kwargs):
            return {"card": None if value is None else {"bank": value.bank, "value": value.value}}

        def _deserialize(self, value, attr, data, **kwargs):
            if value is None:
                return None
            if isinstance(value, dict) and ("card" in value or not value):
                if len(value) > 1:
                    raise ValidationError({key: ["Unknown field."] for key in value if key != "card"})
                if value.get("card") is None:
                    return None
                try:
                    return _card(value["card"])
                except ValidationError as err:
                    raise ValidationError({"card": err.messages}) from None
            return _card(value)

        def typed_reading(self) -> tuple[Any, Any] | None:
            return None if self.validators else (_MoneySlotWire, _money_slot_of)

    # A money slot as MoneySlotField takes it: {"card": card or null}, {} (empty), or a bare card {bank, value}
    # as slots were written before; one Struct holds all three (which members are present tells them apart).
    _MoneySlotWire = msgspec.defstruct(
        prefix + "MoneySlotWire",
        [
            ("card", _CardWire | None | msgspec.UnsetType, UNSET),
            ("bank", _Bank | msgspec.UnsetType, UNSET),
            ("value", _Value | msgspec.UnsetType, UNSET),
        ],
        forbid_unknown_fields=True,
    )

    def _money_slot_of(wire: Any) -> Card | None:
        card, bank, value = wire.card, wire.bank, wire.value
        if card is not UNSET:
            if bank is not UNSET or value is not UNSET:
                raise ValueError("a slot holds its card or is the card")
            return None if card is None else _CARD_OF_WIRE[card]
        if bank is UNSET and value is UNSET:
            return None
        return _CARDS[bank, value]  # a KeyError when either is missing

    class HandField(fields.Field):
        """A player's money: a list of cards; or null when their values are hidden (a view says how many
        there are in ``money_count``)."""

        def json_schema(self, components):
            return {"type": "array", "maxItems": 108, "items": ref_to(components, CardSchema)}

        def _serialize(self, value, attr, obj, **kwargs):
            return value

        def typed_reading(self) -> tuple[Any, Any] | None:
            if self.validators:
                return None
            # every card the wire type takes is one of _CARDS (its bank one of BANKS, its value 1..9)
            return Annotated[list[_CardWire], msgspec.Meta(max_length=108)], lambda cards: [  # type: ignore[valid-type]
                _CARD_OF_WIRE[card] for card in cards
            ]

        def _deserialize(self, value, attr, data, **kwargs):
            if not isinstance(value, list):
                raise ValidationError("Not a valid list.")
            if len(value) > 108:
                raise ValidationError(M.LENGTH_MAX.format(max=108))
            cards, errors = [], {}
            for k, card in enumerate(value):
                try:
                    cards.append(_card(card))
                except ValidationError as err:
                    errors[k] = err.messages
            if errors:
                raise ValidationError(errors)
            return cards

    class ScoringCardSchema(Schema):
        scoring = fields.String(required=True, validate=validate.OneOf(SCORING_CARDS))

    class DeckEntryField(fields.Field):
        """A money card ``{"bank", "value"}`` or a scoring card ``{"scoring": "A"}``."""

        def json_schema(self, components):
            return components.named(
                prefix + "DeckEntry", {"oneOf": [ref_to(components, CardSchema), ref_to(components, ScoringCardSchema)]}
            )

        def _serialize(self, value, attr, obj, **kwargs):
            if value is None:
                return None
            if isinstance(value, str):
                return {"scoring": value}
            return {"bank": value.bank, "value": value.value}

        def _deserialize(self, value, attr, data, **kwargs):
            if not isinstance(value, dict):
                raise ValidationError("A card is an object: {bank, value} or {scoring}.")
            if "scoring" in value:
                return typed.load(_SCORING_CARD, value)["scoring"]
            return _card(value)

        def typed_reading(self) -> tuple[Any, Any, Any] | None:
            return None if self.validators else (_DeckEntryWire, _deck_entry_of, _deck_of)

    _SCORING_CARD = ScoringCardSchema()

    marked = edition.edges  # the marked edges in the game's words: New York's "streets", Alhambra's "walls"

    def _distinct(self, data, **kwargs):
        if len(set(data.get(marked, []))) != len(data.get(marked, [])):
            raise ValidationError("An edge is named twice.", marked)

    InlineTileSchema = type(
        "InlineTileSchema",
        (Schema,),
        {
            "type": fields.String(required=True, validate=validate.OneOf(TYPES)),
            marked: List(
                fields.String(validate=validate.OneOf(EDGES)),
                required=True,
                validate=validate.Length(max=4),
                metadata={"keywords": {"uniqueItems": True}},
            ),
            "_distinct": validates_schema(_distinct),
        },
    )

    _INLINE_TILE = InlineTileSchema()

    class TileField(fields.Field):
        """A catalogue id (1..54) or an inline ``{"type", "streets"}`` (Alhambra's ``{"type", "walls"}``);
        loads an int or an inline Tile."""

        def json_schema(self, components):
            return components.named(
                prefix + "Tile",
                {
                    "oneOf": [
                        components.named(prefix + "TileId", {"type": "integer", "minimum": 1, "maximum": TILE_COUNT}),
                        ref_to(components, InlineTileSchema),
                    ]
                },
            )

        def _serialize(self, value, attr, obj, **kwargs):
            if value is None:
                return None
            if isinstance(value, Tile) and value.id is None:
                return {"type": value.kind, marked: list(value.streets)}
            return value.id if isinstance(value, Tile) else value

        def _deserialize(self, value, attr, data, **kwargs):
            if _integral(value) is not None:
                value = _integral(value)
                if not 1 <= value <= TILE_COUNT:
                    raise ValidationError(M.TILE_ID.format(count=TILE_COUNT))
                return value
            if isinstance(value, dict):
                inline = typed.load(_INLINE_TILE, value)
                streets = "".join(e for e in EDGES if e in inline[marked])
                return Tile(None, inline["type"], streets)
            raise ValidationError(f"A tile is a catalogue id (integer) or {{type, {marked}}}.")

        def typed_reading(self) -> tuple[Any, Any, Any] | None:
            return None if self.validators else (_TileWire, _tile_of, _tiles_of)

    _EDGE: Any = Literal[EDGES]
    _InlineTileWire = msgspec.defstruct(
        prefix + "InlineTileWire",
        [
            ("type", Literal[TYPES]),
            (marked, Annotated[list[_EDGE], msgspec.Meta(max_length=4)]),
        ],
        forbid_unknown_fields=True,
    )
    _TileWire = Annotated[int, msgspec.Meta(ge=1, le=TILE_COUNT)] | _InlineTileWire

    def _tile_of(wire: Any) -> int | Tile:
        if type(wire) is int:
            return wire
        edges = getattr(wire, marked)
        if len(set(edges)) != len(edges):
            raise ValueError("an edge is named twice")
        return Tile(None, wire.type, "".join(e for e in EDGES if e in edges))

    def _tiles_of(wires: list[Any]) -> list[int | Tile]:
        return [t if type(t) is int else _tile_of(t) for t in wires]  # (a catalogue id, the usual tile, as it is)

    _Coordinate = Annotated[int, msgspec.Meta(ge=COORD.min, le=COORD.max)]
    _PlacedWire = msgspec.defstruct(
        prefix + "PlacedWire",
        [("x", _Coordinate), ("y", _Coordinate), ("tile", _TileWire)],
        forbid_unknown_fields=True,
    )

    def TileList(**kwargs: Any) -> List:
        return List(TileField(), validate=validate.Length(max=TILE_COUNT), **kwargs)

    class TypeTiersSchema(Schema):
        contract_keywords = {
            "not": {
                "anyOf": [
                    {"properties": {a: {"const": tier}, b: {"const": tier}}}
                    for i, a in enumerate(("museum", "theater", "station"))
                    for b in ("museum", "theater", "station")[i + 1 :]
                    for tier in (1, 2, 3)
                ]
            }
        }
        museum = StrictInteger(required=True, validate=validate.Range(min=1, max=3))
        theater = StrictInteger(required=True, validate=validate.Range(min=1, max=3))
        station = StrictInteger(required=True, validate=validate.Range(min=1, max=3))

        @validates_schema
        def _permutation(self, data, **kwargs):
            if len(data) == 3 and not edition.tiers_are_valid(data):
                raise ValidationError("museum, theater and station take the tiers 1, 2 and 3 once each.")

    # The default options, made once: a state that names only default values (nearly every one) gets them
    # without resolving each option again. Each value must be the default's own type too (a 1 is no True).
    default_options = Options.of({}, option_book)
    default_plain = default_options.to_plain()

    def _all_default(data: dict[str, Any]) -> bool:
        for key, value in data.items():
            default = default_plain.get(key, _NOT_AN_OPTION)
            if type(value) is not type(default) or value != default:
                return False
            if type(value) is dict and any(type(v) is not type(default[k]) for k, v in value.items()):
                return False
        return True

    class _OptionsWire(Schema):
        """Options on the wire <-> the engine's Options; the fields come from the option specs."""

        @pre_dump
        def _from_engine(self, obj, **kwargs):
            return obj.to_plain() if isinstance(obj, Options) else obj

        @post_load
        def _to_engine(self, data, **kwargs):
            if _all_default(data):
                return default_options
            return Options.of(data, option_book)

    structured: dict[str, fields.Field] = {"youngest": PlayerId(allow_none=True, load_default=None)}
    if edition.tiered_types:
        structured["type_tiers"] = fields.Nested(TypeTiersSchema, load_default=None, allow_none=False)
    OptionsSchema = options_schema("OptionsSchema", option_book, base=_OptionsWire, structured=structured)
    # The dump of the default options (nearly every state's), made once: each state's is a fresh copy of it.
    default_options_json: dict[str, Any] = typed.dump(OptionsSchema(), default_options)

    class OptionsField(fields.Nested):
        """A state's options, read on the typed wire as its nested schema's msgspec type; options that are
        all absent or the default (nearly every state's) are the default options at once, without each
        option's own reading, checks and resolution. Other options are loaded as the schema loads them."""

        def typed_reading(self) -> tuple[Any, Any] | None:
            schema = self.schema
            if type(schema) is not OptionsSchema or self.validators or self.many or self.unknown is not None:
                return None
            kind = typed.wire_type(schema)
            if kind is None:
                return None
            names = [info.encode_name for info in msgspec.structs.fields(kind)]
            if any(name not in default_plain for name in names):
                return None
            defaults = [default_plain[name] for name in names]
            kinds = [type(default) for default in defaults]
            to_builtins = msgspec.to_builtins

            def read(wire: Any) -> Any:
                for value, default, default_kind in zip(msgspec.structs.astuple(wire), defaults, kinds, strict=True):
                    if value is UNSET:
                        continue
                    if default_kind is dict:  # a nested option (the type tiers): its members as written
                        if to_builtins(value) != default:
                            break
                    elif type(value) is not default_kind or value != default:
                        break
                else:
                    return default_options
                return typed.load(schema, to_builtins(wire))  # the members as given, read one by one

            return kind, read

    class PlacedField(fields.Field):
        """A city tile ``{"x", "y", "tile"}``, checked by hand (a nested schema per tile is slow)."""

        _tile = TileField()

        def json_schema(self, components):
            coordinate = {"type": "integer", "minimum": COORD.min, "maximum": COORD.max}
            return components.named(
                prefix + "PlacedTile",
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["x", "y", "tile"],
                    "properties": {"x": coordinate, "y": coordinate, "tile": self._tile.json_schema(components)},
                },
            )

        def _serialize(self, value, attr, obj, **kwargs):
            return {"x": value["x"], "y": value["y"], "tile": self._tile._serialize(value["tile"], None, None)}

        def typed_reading(self) -> tuple[Any, Any] | None:
            if self.validators:
                return None
            return _PlacedWire, lambda wire: {
                "x": wire.x,
                "y": wire.y,
                "tile": wire.tile if type(wire.tile) is int else _tile_of(wire.tile),
            }

        def _deserialize(self, value, attr, data, **kwargs):
            if not isinstance(value, dict):
                raise ValidationError("A city tile is an object {x, y, tile}.")
            errors: dict[str, Any] = {}
            out = {}
            for key in value:
                if key not in ("x", "y", "tile"):
                    errors[key] = ["Unknown field."]
            for key in ("x", "y"):
                number = _integral(value.get(key))
                if key not in value:
                    errors[key] = ["Missing data for required field."]
                elif number is None or not -64 <= number <= 64:
                    errors[key] = ["A coordinate is an integer -64..64."]
                else:
                    out[key] = number
            if "tile" not in value:
                errors["tile"] = ["Missing data for required field."]
            else:
                try:
                    out["tile"] = self._tile._deserialize(value["tile"], "tile", value)
                except ValidationError as err:
                    errors["tile"] = err.messages
            if errors:
                raise ValidationError(errors)
            return out

    _Tiles = Annotated[list[_TileWire], msgspec.Meta(max_length=TILE_COUNT)]  # type: ignore[valid-type]
    _id_reading = PlayerId().typed_reading()  # a player's id, as every PlayerId field reads it

    def _players_reading(full: bool) -> tuple[Any, Any]:
        """The typed reading of a state's players (``PlayersField``): each player as ``_player_fields(full)``
        declares it, in one msgspec type, read into what its nested schema loads (a dict of the members
        present, defaults for absent ``city`` in a score body and absent ``money`` in a full state), without
        the generic loader's walk per member. Whatever it refuses, marshmallow loads and explains."""

        assert _id_reading is not None  # PlayersField asks only then
        id_kind, read_id = _id_reading

        def member(name: str, kind: Any, required: bool) -> tuple[Any, ...]:
            return (name, kind) if required else (name, kind | msgspec.UnsetType, UNSET)

        city = Annotated[list[_PlacedWire], msgspec.Meta(max_length=TILE_COUNT)]  # type: ignore[valid-type]
        money = Annotated[list[_CardWire], msgspec.Meta(max_length=108)] | None  # type: ignore[valid-type]
        points = Annotated[int, msgspec.Meta(ge=POINTS.min, le=POINTS.max)]
        player_wire = msgspec.defstruct(
            prefix + ("" if full else "Score") + "PlayerWire",
            [
                member("id", id_kind, True),
                member("city", city, full),
                member("reserve", _Tiles, full),
                member("money", money, False),
                member("money_count", Annotated[int, msgspec.Meta(ge=0, le=108)], False),
                member("points", points, full),
                member("to_place", _Tiles, full),
            ],
            kw_only=True,
            forbid_unknown_fields=True,
        )

        def read(wires: list[Any]) -> list[dict[str, Any]]:
            out = []
            for w in wires:
                city, reserve, money, to_place = w.city, w.reserve, w.money, w.to_place
                player: dict[str, Any] = {
                    "id": read_id(w.id),
                    # a score body's player may leave out the city (a full state's is required)
                    "city": []
                    if city is UNSET
                    else [{"x": c.x, "y": c.y, "tile": t if type(t := c.tile) is int else _tile_of(t)} for c in city],
                }
                if reserve is not UNSET:
                    player["reserve"] = [t if type(t) is int else _tile_of(t) for t in reserve]
                if money is not UNSET:
                    player["money"] = None if money is None else [_CARD_OF_WIRE[c] for c in money]
                elif full:
                    player["money"] = None
                if w.money_count is not UNSET:
                    player["money_count"] = w.money_count
                if w.points is not UNSET:
                    player["points"] = w.points
                if to_place is not UNSET:
                    player["to_place"] = [t if type(t) is int else _tile_of(t) for t in to_place]
                out.append(player)
            return out

        return Annotated[list[player_wire], msgspec.Meta(min_length=1, max_length=6)], read  # type: ignore[valid-type]

    class PlayersField(List):
        """A state's players: a list of 1 to 6 nested players, read on the typed wire in one go."""

        def __init__(self, full: bool, **kwargs: Any):
            self.full = full
            super().__init__(**kwargs)

        def typed_reading(self) -> tuple[Any, Any] | None:
            inner = self.inner
            assert isinstance(inner, fields.Nested)  # the nested player schema
            own = (
                len(self.validators) == 1
                and type(self.validators[0]) is validate.Length
                and (self.validators[0].min, self.validators[0].max, self.validators[0].equal) == (1, 6, None)
                and not inner.validators
                and _id_reading is not None
                and set(inner.schema.fields) == set(_player_fields(self.full))
            )
            return _players_reading(self.full) if own else None

    def _player_fields(full: bool) -> dict[str, Any]:
        opt: dict[str, Any] = {"required": True} if full else {}
        # A nullable member a full state leaves out is null (a client's JSON library may drop nulls).
        null: dict[str, Any] = {"load_default": None} if full else {}
        return {
            "id": PlayerId(required=True),
            "city": List(
                PlacedField(),
                validate=validate.Length(max=TILE_COUNT),
                **({"required": True} if full else {"load_default": list}),
            ),
            "reserve": TileList(**opt),
            "money": HandField(
                allow_none=True,
                metadata={
                    "description": "The player's money cards; null when their values are hidden (in a view,"
                    " another player's hand, whose number of cards `money_count` gives) or unknown."
                },
                **null,
            ),
            "money_count": StrictInteger(
                validate=validate.Range(min=0, max=108),
                metadata={
                    "description": "How many money cards the player holds, when `money` is null because a"
                    " view hides their values (absent when the count is unknown too)."
                },
            ),
            "points": StrictInteger(validate=POINTS, **opt),
            "to_place": TileList(**opt),
        }

    class DummySchema(Schema):
        tiles = TileList(allow_none=True)
        buildings = Dict(
            keys=fields.String(validate=validate.OneOf(TYPES)),
            values=StrictInteger(validate=validate.Range(min=0, max=TILE_COUNT)),
            validate=validate.Length(max=len(TYPES), error=M.AT_MOST_TYPES.format(count=len(TYPES))),
        )
        points = StrictInteger(validate=POINTS, load_default=0)

    MarketSchema = type(
        "MarketSchema", (Schema,), {bank: TileField(allow_none=True, load_default=None) for bank in BANKS}
    )
    _MarketWire = msgspec.defstruct(
        prefix + "MarketWire",
        [(bank, _TileWire | None, None) for bank in BANKS],
        forbid_unknown_fields=True,
    )

    def _market_of(wire: Any) -> dict[str, Any]:
        return {
            bank: t if t is None or type(t) is int else _tile_of(t)
            for bank, t in zip(BANKS, msgspec.structs.astuple(wire), strict=True)
        }

    class MarketField(fields.Nested):
        """The market: a tile (or null) per bank, read on the typed wire as one msgspec type."""

        def typed_reading(self) -> tuple[Any, Any] | None:
            own = type(self.schema) is MarketSchema and not self.validators and not self.many and self.unknown is None
            return (_MarketWire, _market_of) if own else None

    class PendingSchema(Schema):
        contract_variants = Variants(
            key="kind",
            name="{prefix}{kind}Pending",
            always=(),
            kinds={
                "money_card": (("slot",), ()),
                "market_tile": (("slot",), ()),
                "dummy_tile": ((), ()),
                "starting_money": (("slot",), ()),
            },
            fields_of={
                "money_card": {"slot": {"type": "integer", "minimum": 0, "maximum": 3}},
                "market_tile": {"slot": {"type": "string", "enum": list(BANKS)}},
                "starting_money": {"slot": PlayerId()},
            },
        )

        kind = fields.String(required=True, validate=validate.OneOf(PENDING_KINDS))
        slot = fields.Raw(allow_none=True, load_default=None)

        @validates_schema
        def _slot_fits(self, data, **kwargs):
            kind, slot = data.get("kind"), data.get("slot")
            if kind == "money_card" and not ((index := _integral(slot)) is not None and 0 <= index <= 3):
                raise ValidationError("A money card reveal names money slot 0..3.", "slot")
            if kind == "market_tile" and slot not in BANKS:
                raise ValidationError(M.MARKET_REVEAL.format(banks=", ".join(BANKS)), "slot")
            if kind == "dummy_tile" and slot is not None:
                raise ValidationError("A dummy tile reveal names no slot.", "slot")
            if kind == "starting_money":  # the player being dealt: a player id (validate checks that he plays)
                try:
                    PlayerId().deserialize(slot)
                except ValidationError as err:
                    raise ValidationError(err.messages, "slot") from None

    FULL_KEYS = (
        "current",
        "phase",
        "market",
        "money_market",
        "bag",
        "money_deck",
        "discard",
        "scorings_done",
        "dummy_owed",
        "pending",
        "seed",
        "winners",
    )

    def _state_fields(full: bool) -> dict[str, Any]:
        opt: dict[str, Any] = {"required": True} if full else {}
        null: dict[str, Any] = {"load_default": None} if full else {}
        return {
            "game": fields.String(validate=validate.Equal(edition.id), **opt),
            "options": OptionsField(OptionsSchema, load_default=dict),
            "players": PlayersField(
                full,
                cls_or_instance=fields.Nested(
                    Schema.from_dict(_player_fields(full), name=prefix + ("" if full else "Score") + "Player")
                ),
                required=True,
                validate=validate.Length(min=1, max=6),
            ),
            "current": PlayerId(allow_none=True, **null),
            "phase": fields.String(validate=validate.OneOf(PHASES), **opt),
            "market": MarketField(MarketSchema, **opt),
            "money_market": List(MoneySlotField(allow_none=True), validate=validate.Length(equal=4), **opt),
            "bag": TileList(allow_none=True, **null),
            "money_deck": List(DeckEntryField(), allow_none=True, validate=validate.Length(max=110), **null),
            "discard": List(CardField(), validate=validate.Length(max=108), **opt),
            "scorings_done": StrictInteger(validate=validate.Range(min=0, max=3), **opt),
            "dummy": fields.Nested(DummySchema, allow_none=True, **null),
            "dummy_owed": StrictInteger(validate=validate.Range(min=0, max=TILE_COUNT), **opt),
            "pending": fields.Nested(PendingSchema, allow_none=True, **null),
            "seed": Seed(allow_none=True, **null),
            "winners": List(PlayerId(), allow_none=True, validate=validate.Length(max=6), **null),
        }

    class _StateBase(Schema):
        @pre_dump
        def _from_engine(self, obj, **kwargs):
            return state_to_wire(obj) if isinstance(obj, State) else obj

        def typed_dump_built(self, obj: Any) -> dict[str, Any] | None:
            """The dump of an engine state, written directly (typed.py, ``_as_built``); None: walk it."""
            options = self.fields["options"]
            assert isinstance(options, fields.Nested)  # the state's options are a nested schema
            return state_json(obj, options.schema) if isinstance(obj, State) else None

        @post_load
        def _to_engine(self, data, **kwargs):
            pending = data.get("pending")
            if pending and pending.get("kind") == "money_card":
                data["pending"] = {**pending, "slot": _integral(pending["slot"])}
            return state_from_wire(data)

    StateSchema = type(prefix + "State", (_StateBase,), _state_fields(True))
    ScoreStateSchema = type(prefix + "ScoreState", (_StateBase,), _state_fields(False))

    def state_to_wire(state: State) -> dict[str, Any]:
        current = (
            state.players[state.current].id
            if state.current is not None and 0 <= state.current < len(state.players)
            else None
        )
        return {
            "game": edition.id,
            "options": state.options,
            "players": [
                {
                    "id": p.id,
                    "city": [{"x": c.x, "y": c.y, "tile": c.tile} for c in p.city],
                    "reserve": list(p.reserve),
                    **_hand_to_wire(p),
                    "points": p.points,
                    "to_place": list(p.to_place),
                }
                for p in state.players
            ],
            "current": current,
            "phase": state.phase,
            "market": dict(zip(BANKS, state.market)),
            "money_market": list(state.money_market),
            "bag": list(state.bag) if state.bag is not None else None,
            "money_deck": list(state.money_deck) if state.money_deck is not None else None,
            "discard": list(state.discard),
            "scorings_done": state.scorings_done,
            "dummy": None if state.dummy is None else dummy_to_wire(state.dummy),
            "dummy_owed": state.dummy_owed,
            "pending": _pending_to_wire(state.pending),
            "seed": state.shuffle_seed,
            "winners": list(state.winners) if state.winners is not None else None,
        }

    def dummy_to_wire(dummy: Dummy) -> dict[str, Any]:
        counts = dict.fromkeys(TYPES, 0)
        if dummy.tiles is not None:
            for tile in dummy.tiles:
                counts[tile.kind] = counts.get(tile.kind, 0) + 1
        else:
            counts.update(dict(dummy.counts or ()))
        return {
            "tiles": list(dummy.tiles) if dummy.tiles is not None else None,
            "buildings": {k: v for k, v in counts.items() if k in TYPES},
            "points": dummy.points,
        }

    def tile_json(tile: Any) -> Any:  # TileField's dump
        if isinstance(tile, Tile):
            return {"type": tile.kind, marked: list(tile.streets)} if tile.id is None else tile.id
        return tile

    def card_json(card: Card | None) -> dict[str, Any] | None:  # CardField's dump
        return None if card is None else {"bank": card.bank, "value": card.value}

    def deck_json(entry: Card | str | None) -> dict[str, Any] | None:  # DeckEntryField's dump
        if entry is None:
            return None
        return {"scoring": entry} if isinstance(entry, str) else {"bank": entry.bank, "value": entry.value}

    def state_json(state: State, options_schema: Schema) -> dict[str, Any]:
        """What the state schema dumps of ``state``: ``state_to_wire`` with each member written as its field
        writes it (``test_dumps_are_marshmallows`` compares the two byte for byte), in one pass: a catalogue
        tile is its id, a card its two members, each written where it is met."""
        players = state.players
        current = state.current
        dummy: dict[str, Any] | None = None
        if state.dummy is not None:
            dummy = dummy_to_wire(state.dummy)
            tiles = dummy["tiles"]
            dummy["tiles"] = None if tiles is None else [tile_json(t) for t in tiles]
        bag, deck = state.bag, state.money_deck
        return {
            "game": edition.id,
            "options": options_json(state.options, options_schema),
            "players": [
                {
                    "id": p.id,
                    "city": [
                        {
                            "x": c.x,
                            "y": c.y,
                            "tile": t.id if type(t := c.tile) is Tile and t.id is not None else tile_json(t),
                        }
                        for c in p.city
                    ],
                    "reserve": [t.id if type(t) is Tile and t.id is not None else tile_json(t) for t in p.reserve],
                    **(
                        {"money": [{"bank": c.bank, "value": c.value} for c in p.money]}
                        if p.money is not None
                        else _hand_to_wire(p)
                    ),
                    "points": p.points,
                    "to_place": [t.id if type(t) is Tile and t.id is not None else tile_json(t) for t in p.to_place],
                }
                for p in players
            ],
            "current": players[current].id if current is not None and 0 <= current < len(players) else None,
            "phase": state.phase,
            "market": {bank: tile_json(tile) for bank, tile in zip(BANKS, state.market)},
            "money_market": [
                {"card": None if c is None else {"bank": c.bank, "value": c.value}} for c in state.money_market
            ],
            "bag": None
            if bag is None
            else [t.id if type(t) is Tile and t.id is not None else tile_json(t) for t in bag],
            "money_deck": None
            if deck is None
            else [{"bank": e.bank, "value": e.value} if type(e) is Card else deck_json(e) for e in deck],
            "discard": [{"bank": c.bank, "value": c.value} for c in state.discard],
            "scorings_done": state.scorings_done,
            "dummy": dummy,
            "dummy_owed": state.dummy_owed,
            "pending": _pending_to_wire(state.pending),
            "seed": state.shuffle_seed,
            "winners": list(state.winners) if state.winners is not None else None,
        }

    def options_json(options: Options, options_schema: Schema) -> dict[str, Any]:
        if options == default_options:
            return {key: dict(value) if type(value) is dict else value for key, value in default_options_json.items()}
        return typed.dump(options_schema, options)

    # The catalogue under the default tiers, read-only: nearly every state uses it, and building it is a
    # tenth of a state's load.
    default_tiles = MappingProxyType(edition.catalogue(Options().type_tiers))

    _no_options = Options()  # a state that names no options: the engine's defaults (immutable)
    full_keys = frozenset(FULL_KEYS + ("game",))

    def state_from_wire(data: dict[str, Any]) -> State:
        options: Options = data.get("options") or _no_options
        if isinstance(options, dict):
            options = OptionsSchema().load(options)
        tiers = options.type_tiers
        tiles = default_tiles if tiers == _no_options.type_tiers else edition.catalogue(tiers)

        # a loaded tile is a catalogue id (an int: never a bool, which the wire refuses) or an inline Tile
        def tile_list(values):
            return None if values is None else tuple([tiles[v] if type(v) is int else v for v in values])

        players = []
        for p in data["players"]:
            money = p.get("money", ())
            players.append(
                Player(
                    p["id"],
                    tuple([Placed(c["x"], c["y"], tiles[t] if type(t := c["tile"]) is int else t) for c in p["city"]])
                    if "city" in p
                    else (),
                    tile_list(p.get("reserve", ())),
                    None if money is None else tuple(sorted(money)),
                    p.get("points", 0),
                    tile_list(p.get("to_place", ())),
                    p.get("money_count") if money is None else None,
                )
            )
        current = data.get("current")
        market = data.get("market") or {}
        dummy = None
        if data.get("dummy") is not None:
            d = data["dummy"]
            counts = d.get("buildings")
            dummy_tiles = tile_list(d.get("tiles"))
            if counts is not None and dummy_tiles is not None:
                derived = {k: sum(1 for t in dummy_tiles if t.kind == k) for k in TYPES}
                if all(counts.get(k, 0) == derived[k] for k in TYPES):
                    counts = None  # the counts only repeat the tiles
            dummy = Dummy(
                tiles=dummy_tiles,
                counts=tuple(sorted(counts.items())) if counts is not None else None,
                points=d.get("points", 0),
            )
        pending = data.get("pending")
        deck = data.get("money_deck")
        winners = data.get("winners")
        current_index = None
        if current is not None:
            for index, player in enumerate(players):
                if player.id == current:
                    current_index = index
                    break
        return State(
            options,
            tuple(players),
            current_index,
            data.get("phase", "actions"),
            tuple([None if (t := market.get(b)) is None else tiles[t] if type(t) is int else t for b in BANKS]),
            tuple(data.get("money_market") or (None,) * 4),
            tile_list(data.get("bag")),
            None if deck is None else tuple(deck),
            tuple(data.get("discard", ())),
            data.get("scorings_done", 0),
            dummy,
            data.get("dummy_owed", 0),
            Pending(pending["kind"], pending["slot"]) if pending else None,
            data.get("seed"),
            None if winners is None else tuple(winners),
            not full_keys <= data.keys(),
        )

    # ---- moves -------------------------------------------------------------------------------------------

    class MoveSchema(Schema):
        contract_variants = Variants(
            key="type",
            name="{prefix}{kind}Move",
            kinds=MOVE_FIELDS,
            keywords={"reveal": {"minProperties": 3, "maxProperties": 3}},
        )

        type = fields.String(required=True, validate=validate.OneOf(MOVE_TYPES))
        player = PlayerId(required=True)
        slots = List(StrictInteger(validate=validate.Range(min=0, max=3)), validate=validate.Length(min=1, max=4))
        slot = fields.String(validate=validate.OneOf(BANKS))
        cards = List(CardField(), validate=validate.Length(min=1, max=40))
        tile = StrictInteger(validate=validate.Range(min=1, max=TILE_COUNT))
        x = StrictInteger(validate=COORD)
        y = StrictInteger(validate=COORD)
        rotation = StrictInteger(validate=validate.OneOf([0, 90, 180, 270]))
        card = DeckEntryField()

        @validates_schema
        def _fields_fit_type(self, data, **kwargs):
            kind = data.get("type")
            if kind not in MOVE_FIELDS:
                return
            required, optional = MOVE_FIELDS[kind]
            errors: dict[str, list[str]] = {}
            for name in required:
                if name not in data:
                    errors[name] = [M.MOVE_MISSING_FIELD.format(kind=kind)]
            for name in data:
                if name not in ("type", "player") + required + optional:
                    errors[name] = [M.MOVE_UNKNOWN_FIELD.format(kind=kind)]
            if kind == "reveal" and ("tile" in data) == ("card" in data):
                errors["tile"] = ["A reveal carries exactly one of `tile` and `card`."]
            if errors:
                raise ValidationError(errors)

        def dump(self, obj: Any, *, many: bool | None = None) -> Any:
            """``Schema.dump``, written directly for engine moves (a listing dumps up to a thousand): each
            member its field writes, in the fields' order; anything else (or a schema restricted to some
            fields) is marshmallow's (``test_a_listings_moves_dump_as_marshmallow_dumps_them``)."""
            many = self.many if many is None else bool(many)
            if self.only is None and not self.exclude and not self.dump_only and not self.load_only:
                if many and type(obj) is list and all(type(move) is Move for move in obj):
                    return [move_json(move) for move in obj]
                if not many and type(obj) is Move:
                    return move_json(obj)
            return super().dump(obj, many=many)

        @pre_dump
        def _from_engine(self, move, **kwargs):
            if not isinstance(move, Move):
                return move
            required, optional = MOVE_FIELDS[move.type]
            out: dict[str, Any] = {"type": move.type, "player": move.player}
            for name in required + optional:
                value = getattr(move, name)
                if name == "rotation" and not value:
                    continue
                if value is None:
                    continue
                out[name] = list(value) if name in ("slots", "cards") else value
            return out

        @post_load
        def _to_engine(self, data, **kwargs):
            return Move(
                type=data["type"],
                player=data["player"],
                slots=tuple(data.get("slots", ())),
                slot=data.get("slot"),
                cards=tuple(data.get("cards", ())),
                tile=data.get("tile"),
                x=data.get("x"),
                y=data.get("y"),
                rotation=data.get("rotation", 0),
                card=data.get("card"),
            )

    # Each move type's members after type and player, in the move schema's field order (its dump's order).
    move_members = {
        kind: tuple(name for name in MoveSchema._declared_fields if name in required + optional)
        for kind, (required, optional) in MOVE_FIELDS.items()
    }

    def move_json(move: Move) -> dict[str, Any]:
        """What the move schema dumps of an engine move: its type's members that are set (a rotation of 0
        left out), a card as its members, numbers and texts as they are."""
        out: dict[str, Any] = {"type": move.type, "player": move.player}
        for name in move_members[move.type]:
            value = getattr(move, name)
            if value is None or (name == "rotation" and not value):
                continue
            if name == "cards":
                out[name] = [{"bank": c.bank, "value": c.value} for c in value]
            elif name == "card":
                out[name] = deck_json(value)
            elif name == "slots":
                out[name] = list(value)
            else:
                out[name] = value
        return out

    class ScoreExtraSchema(Schema):
        scoring = fields.String(validate=validate.OneOf(["A", "B", "final"]), load_default="final")

        @post_load
        def _scoring(self, data, **kwargs):
            return data["scoring"]

    class EventSchema(EventBase):
        """What a move made happen; ``kind`` chooses which of the other fields belong to it."""

        contract_variants = event_variants(
            EVENT_FIELDS,
            fields_of={"money_card_revealed": {"slot": StrictInteger(validate=validate.Range(min=0, max=3))}},
        )

        kind = fields.String(required=True, validate=validate.OneOf(event_kinds(EVENT_FIELDS)))
        player = PlayerId()
        tile = StrictInteger(validate=validate.Range(min=1, max=TILE_COUNT))
        exact = fields.Boolean()
        slot = fields.String(validate=validate.OneOf(BANKS))
        card = CardField()
        cards = fields.Integer(validate=validate.Range(min=0))
        scoring = fields.String(validate=validate.OneOf(["A", "B", "final"]))
        dummy = fields.Integer()

    wire = GameWire(
        state=StateSchema,
        score_state=ScoreStateSchema,
        move=MoveSchema,
        options=OptionsSchema,
        score_extra=ScoreExtraSchema,
        event=EventSchema,
        score_result=_score_result(TYPES, ScoreExtraSchema, edition.edge),
    )
    return EditionWire(wire, default_tiles, CardSchema, _card)


def _score_result(types: tuple[str, ...], extra: type[Schema], edge: str) -> type[Schema]:
    """The score answer of an edition: each building type's majority, the longest street (``edge``: the
    edition's word, Alhambra's wall), the dummy's."""

    class TypeScoreSchema(answers.Answer):
        count = fields.Integer(required=True, validate=POINTS)
        rank = fields.Integer(required=True, validate=POINTS)
        points = fields.Integer(required=True, validate=POINTS)

    BuildingScoresSchema = type(
        "BuildingScoresSchema",
        (answers.Answer,),
        {kind: fields.Nested(TypeScoreSchema, required=True) for kind in types},
    )

    class StreetScoreSchema(answers.Answer):
        length = fields.Integer(required=True, validate=POINTS)
        points = fields.Integer(required=True, validate=POINTS)

    PlayerScoreSchema = type(
        "PlayerScoreSchema",
        (answers.ScorePlayerSchema,),
        {
            "contract_name": None,
            "contract_parent": answers.ScorePlayerSchema,
            "total": fields.Integer(required=True, validate=POINTS),
            "buildings": fields.Nested(BuildingScoresSchema, required=True),
            edge: fields.Nested(StreetScoreSchema, required=True, metadata={"inline": True}),
        },
    )

    class DummyScoreSchema(answers.Answer):
        buildings = fields.Nested(BuildingScoresSchema, required=True)
        total = fields.Integer(required=True, validate=POINTS)
        points = fields.Integer(required=True, validate=POINTS)

    class ScoreResultSchema(answers.ScoreResultSchema):
        scoring = fields.String(required=True, validate=extra().fields["scoring"].validate)
        players = List(fields.Nested(PlayerScoreSchema), required=True)
        totals = answers.score_totals()
        dummy = fields.Nested(DummyScoreSchema, required=True, allow_none=True)
        violations = answers.score_violations()

    return ScoreResultSchema


_NEW_YORK = build(NEW_YORK, OPTIONS)
WIRE = _NEW_YORK.wire
DEFAULT_TILES = _NEW_YORK.default_tiles
CardSchema = _NEW_YORK.card_schema
_card = _NEW_YORK.load_card


def wire_for(spec: GameSpec) -> GameWire:
    """The wire of a game that plays New York's rules: New York's own, or a re-skin's built for its edition
    and options (Alhambra's module builds its own)."""
    if spec.id == NEW_YORK.id:
        return WIRE
    return build(spec.engine.edition, spec.options).wire
