"""What every game's wire module provides, and the fields the request envelopes share."""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from ..engine.core import GAME_ENDED, GameSpec
from ..engine.random import SEED_MAX, SEED_MIN
from .messages import ID_BLANK, ID_INVISIBLE

PLAYER_ID = validate.Length(min=1, max=32)
# Unicode categories a name may not hold: controls (Cc), formats (Cf: direction overrides and isolates,
# zero-width spaces and joiners, soft hyphens), line and paragraph separators (Zl, Zp), lone surrogates (Cs).
# Each could rewrite or hide what a page, a picture or a message shows around the name, or make two ids
# that look the same different players. Every character of these that can do so is in the Basic
# Multilingual Plane, which is what the contract's pattern can list; the few format characters beyond it
# (the tags that spell a subdivision's flag emoji, musical and hieroglyph formatting) are left to names.
INVISIBLE = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
BMP_END = 0x10000
# The largest integer every JSON parser keeps exact (2^53 - 1): no number on the wire goes past it.
SAFE_INTEGER = 2**53 - 1


def player_id_problem(value: str) -> str | None:
    """Why ``value`` (NFC) cannot be a player id, or None."""
    if _INVISIBLE_CHAR.search(value) is not None:
        return ID_INVISIBLE
    if not value.strip():
        return ID_BLANK
    return None


def same_player(one: str, other: str) -> bool:
    """Two ids one player could be mistaken for: equal once normalised (NFC) and case-folded."""
    return unicodedata.normalize("NFC", one).casefold() == unicodedata.normalize("NFC", other).casefold()


def _nfc(value: str) -> str:
    return value if unicodedata.is_normalized("NFC", value) else unicodedata.normalize("NFC", value)


class PlayerId(fields.String):
    """A client-chosen player id: 1 to 32 characters, normalised to NFC (so that "é" composed or not is
    one id); no control or format character (direction marks, zero-width spaces), not blank."""

    def __init__(self, **kwargs: Any):
        super().__init__(validate=PLAYER_ID, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        text = _nfc(super()._deserialize(value, attr, data, **kwargs))
        problem = player_id_problem(text)
        if problem is not None:
            raise ValidationError(problem)
        return text

    def typed_reading(self) -> tuple[Any, Any] | None:
        """For the typed wire (``typed.py``): a JSON string, read as ``deserialize`` reads it when it takes
        it (NFC, then the length and what ``player_id_problem`` refuses); ValueError when it is refused
        (marshmallow then says why). Only while the field's validators are its own."""
        if self.validators != [PLAYER_ID]:
            return None
        low, high = PLAYER_ID.min or 0, PLAYER_ID.max or BMP_END
        is_normalized, normalize, fits = unicodedata.is_normalized, unicodedata.normalize, _ID_FITS.fullmatch

        def read(value: str) -> str:
            text = value if is_normalized("NFC", value) else normalize("NFC", value)
            if not low <= len(text) <= high or fits(text) is None:
                raise ValueError("not a player id")
            return text

        return str, read


def _invisible_ranges() -> str:
    """The INVISIBLE characters of the Basic Multilingual Plane as a regular expression's class body
    (``\\u0000-\\u001f...``), for the contract's pattern (JSON Schema patterns have no ``\\p{Cf}``)."""
    out, start, last = [], None, None
    for code in [*range(0xD800), *range(0xE000, BMP_END)]:
        if unicodedata.category(chr(code)) in INVISIBLE:
            if start is None:
                start = code
            last = code
            continue
        if start is not None and last is not None:
            out.append(f"\\u{start:04x}" if start == last else f"\\u{start:04x}-\\u{last:04x}")
            start = None
    return "".join(out)


# Any character ``player_id_problem`` refuses: the INVISIBLE ones of the Basic Multilingual Plane (a lone
# surrogate is Cs), found by one search in C rather than a category lookup per character.
_INVISIBLE_CHAR = re.compile("[" + _invisible_ranges() + "\\ud800-\\udfff]")
# A whole id ``player_id_problem`` passes: not blank, and none of those characters.
_ID_FITS = re.compile("(?=[\\s\\S]*\\S)[^" + _invisible_ranges() + "\\ud800-\\udfff]*")

# What the contract says of a player id beyond its length: not blank, none of the invisible characters.
PLAYER_ID_PATTERN = "^(?=[\\s\\S]*\\S)[^" + _invisible_ranges() + "]*$"


class StrictInteger(fields.Integer):
    """A JSON integer: refuses booleans, numeric strings and fractions.

    As in JSON Schema, a number with a zero fraction (``3.0``) is an integer; it loads as ``3``.
    """

    def __init__(self, **kwargs: Any):
        super().__init__(strict=True, **kwargs)
        # No integer on the wire goes past what every JSON parser keeps exact: an unbounded side is bounded.
        ranges = [check for check in self.validators if isinstance(check, validate.Range)]
        if not any(isinstance(check, validate.OneOf) for check in self.validators):
            if all(check.max is None for check in ranges) or all(check.min is None for check in ranges):
                self.validators.append(validate.Range(min=-SAFE_INTEGER, max=SAFE_INTEGER))

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            raise self.make_error("invalid")
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return super()._deserialize(value, attr, data, **kwargs)


class Seed(StrictInteger):
    """A shuffle seed: an integer 0..2^53-1, so that every JSON parser keeps it exact."""

    def __init__(self, **kwargs: Any):
        super().__init__(validate=validate.Range(min=SEED_MIN, max=SEED_MAX), **kwargs)


class StrictBoolean(fields.Boolean):
    """JSON true or false only (marshmallow's Boolean also takes 1, "yes", "on"...)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


def _length_first(field: fields.Field, value: Any) -> None:
    """Run the field's length limits before its items are read: a list or object far over its limit is
    refused at once, not after every item has been loaded and found wrong (a 1 MiB body of 200,000 items
    cost 1.5 s of CPU to refuse that way)."""
    if isinstance(value, (list, tuple, dict)):
        for check in field.validators:
            if isinstance(check, validate.Length):
                check(value)


class List(fields.List):
    """``fields.List`` whose ``validate.Length`` limits are checked before its items."""

    def _deserialize(self, value: Any, attr, data, **kwargs):
        _length_first(self, value)
        return super()._deserialize(value, attr, data, **kwargs)


class Dict(fields.Dict):
    """``fields.Dict`` whose ``validate.Length`` limits are checked before its keys and values."""

    def _deserialize(self, value: Any, attr, data, **kwargs):
        _length_first(self, value)
        return super()._deserialize(value, attr, data, **kwargs)


@dataclass(frozen=True)
class Variants:
    """What the contract says of a flat schema whose ``key`` field chooses which other fields belong:
    one component per choice (``name``, formatted with the game's ``prefix`` and the choice as ``kind``
    in CamelCase), holding ``key`` as a constant, the fields in ``always``, and the choice's
    ``(required, optional)`` fields from ``kinds``. ``fields_of`` gives a choice's own field where it
    takes a narrower value than the flat schema's (a JSON Schema dict or a marshmallow field);
    ``keywords`` adds a choice's keywords marshmallow has no word for (the wire schema's validator
    enforces them); ``description`` is said of the union itself."""

    key: str
    kinds: Mapping[str, tuple[Collection[str], Collection[str]]]
    name: str
    always: tuple[str, ...] = ("player",)
    fields_of: Mapping[str, Mapping[str, Any]] = dataclass_field(default_factory=dict)
    keywords: Mapping[str, Mapping[str, Any]] = dataclass_field(default_factory=dict)
    description: str | None = None


def json_keywords(check: Any, **keywords: Any) -> Any:
    """Mark a validator with the JSON Schema keywords it enforces (the contract's generator reads them)."""
    check.json_schema = keywords
    return check


class StatusSchema(Schema):
    """Dumps an engine ``Status``: the same shape in every game's answers."""

    contract_name = "Status"

    phase = fields.String(required=True)
    round = fields.Integer(required=True, allow_none=True, validate=validate.Range(min=1))
    to_move = fields.List(PlayerId(), required=True)
    over = fields.Boolean(required=True)
    winners = fields.List(PlayerId(), required=True)


def awarded_field(**kwargs: Any) -> fields.Dict:
    """Each player's number (points or money), by player id: a scoring's ``awarded``, the end's ``standings``."""
    return fields.Dict(keys=PlayerId(), values=fields.Integer(), **kwargs)


class EventBase(Schema):
    """What a game's event schema shares. An event is ``kind`` and its own fields; by the naming every game
    keeps: a scoring's kind ends in ``_scored`` (New York's one kind of scoring is plain ``scored``) and says
    what each player got as ``awarded``; the end of the game is ``game_ended`` with ``winners`` and
    ``standings`` (the score answer's names); a replay's ``scorings`` add the move's ``index``."""

    winners = List(PlayerId())
    standings = awarded_field()
    awarded = awarded_field()
    index = fields.Integer(validate=validate.Range(min=0))


GAME_ENDED_FIELDS: tuple[set[str], set[str]] = ({"winners", "standings"}, set())
EVENTS_SAID = (
    "Something a move made happen: `kind` names it and chooses its typed fields. The end of the game is "
    "`game_ended` with `winners` and `standings` (the score answer's, for the final state); a scoring's kind "
    "ends in `scored` and says what each player got as `awarded`; in a replay's `scorings`, `index` is the move's."
)


def event_variants(kinds: Mapping[str, tuple[Collection[str], Collection[str]]], **more: Any) -> Variants:
    """The contract's union of a game's events: one member per kind, ``{Prefix}{Kind}Event``; every game
    has ``game_ended``, and every member may carry a replay's ``index``."""
    every = {**kinds, GAME_ENDED: GAME_ENDED_FIELDS}
    return Variants(
        key="kind",
        name="{prefix}{kind}Event",
        kinds={kind: (set(required), {*optional, "index"}) for kind, (required, optional) in every.items()},
        always=(),
        description=EVENTS_SAID,
        **more,
    )


def event_kinds(kinds: Mapping[str, Any]) -> list[str]:
    """The kinds of a game's events: its own and the ``game_ended`` every game has."""
    return [*kinds, GAME_ENDED]


@dataclass(frozen=True)
class GameWire:
    """A game's marshmallow schemas. Each loads into the engine's own objects and dumps them back.

    - ``state``: a full state (``load`` -> engine state; ``dump`` engine state -> JSON).
    - ``score_state``: the partial state ``score`` and ``render`` accept (docs/wire.md, "Partial scoring input"); a full
      state must load through it too.
    - ``move``: one move (``load`` -> engine move; ``dump`` engine move -> JSON).
    - ``options``: setup options (``load`` -> dict of engine options with defaults filled in).
    - ``score_extra``: the fields beside ``state`` in a score request (``scoring`` and any more);
      ``load`` -> the engine's ``scoring`` argument.
    - ``event``: what the move and replay answers say happened (``dump`` only: the contract's typed events).
    - ``score_result``: the score answer's own shape (declared for the contract; the engine builds it).
    """

    state: type[Schema]
    score_state: type[Schema]
    move: type[Schema]
    options: type[Schema]
    score_extra: type[Schema]
    event: type[Schema] | None = None
    score_result: type[Schema] | None = None


def load_wire(spec: GameSpec) -> GameWire | None:
    """A game's wire: built by the module its spec names (``GameSpec.wire``, by default its id) for it
    (``wire_for(spec)``), or that module's ``WIRE``."""
    module = importlib.import_module(f"service.schemas.{spec.wire or spec.id}")
    if hasattr(module, "wire_for"):
        return module.wire_for(spec)
    return getattr(module, "WIRE", None)


__all__ = [
    "GameWire",
    "PlayerId",
    "Seed",
    "StatusSchema",
    "Variants",
    "StrictBoolean",
    "StrictInteger",
    "ValidationError",
    "fields",
    "load_wire",
]
