"""What every game engine shares: violations, outcomes and the game protocol.

The engine is pure: no Flask, marshmallow, redis or I/O anywhere under ``service.engine``.
Pointers in violations are JSON pointers into the *request body*: a state problem points under
``/state``, a move problem under ``/move``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


def rules_url(game: str, section: str) -> str:
    """Where a section of a game's rules page is published: the address every citation links to.

    The engine names sections by their stable anchor; the HTTP edge serves the page at this path."""
    return f"/v1/games/{game}/rules#{section}"


@dataclass(frozen=True)
class Violation:
    """One broken rule: a stable dotted code, a human message, the rule it cites and where it happened.

    ``rule`` is the short label a referee reads out; ``rule_url`` links to the section of the game's rules
    page that states the rule. ``template`` and ``params`` are the English message before formatting, so
    that the edge can render the same violation in another language; they and ``rule_url`` (fixed by the
    code) do not take part in equality.
    """

    code: str
    message: str
    rule: str
    pointer: str = ""
    template: str = field(default="", compare=False)
    params: tuple[tuple[str, Any], ...] = field(default=(), compare=False)
    rule_url: str = field(default="", compare=False)

    def to_dict(self) -> dict[str, str]:
        return ViolationDict(self)


class ViolationDict(dict[str, str]):
    """A violation as JSON-ready data (code, message, rule, pointer, rule_url) that still knows its violation, so
    the edge can render the message of a violation an engine put into a larger answer (a score's
    ``violations``) in another language."""

    def __init__(self, violation: Violation):
        super().__init__(code=violation.code, message=violation.message, rule=violation.rule, pointer=violation.pointer)
        if violation.rule_url:
            self["rule_url"] = violation.rule_url
        self.violation = violation


class RulesError(Exception):
    """Raised when a request is well-formed but the rules refuse it outright (e.g. a player count)."""

    def __init__(self, violations: Sequence[Violation]):
        super().__init__("; ".join(v.message for v in violations))
        self.violations = tuple(violations)


@dataclass(frozen=True)
class Event:
    """Something that happened while a move was applied (a scoring, a reveal, the end of the game)."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}


GAME_ENDED = "game_ended"


def game_ended(winners: Iterable[str], standings: Mapping[str, int]) -> Event:
    """The end of the game, said the same way in every game: who won and each player's final points (or
    money), what the score answer's ``standings`` give for the final state."""
    return Event(GAME_ENDED, {"winners": list(winners), "standings": dict(standings)})


@dataclass(frozen=True)
class MovesPage:
    """Some legal moves, in the order the game lists them, and where the listing goes on: the index of the
    next candidate to consider (``Engine.candidates``' order), or None when there are no more."""

    moves: list[Any]
    next_start: int | None


@dataclass(frozen=True)
class Outcome:
    """The answer to 'apply this move': either legal with a new state and events, or the violations."""

    legal: bool
    violations: tuple[Violation, ...] = ()
    state: Any = None
    events: tuple[Event, ...] = ()

    @classmethod
    def illegal(cls, violations: Iterable[Violation]) -> Outcome:
        return cls(legal=False, violations=tuple(violations))


@dataclass(frozen=True)
class Status:
    """Where a game stands, the same shape in every game: its phase, its round (None where the game
    has none), whose move the game awaits (in the order the game takes them; for a pending reveal, the
    player the reveal move must name), whether it is over and who won (empty until it is over)."""

    phase: str
    round: int | None
    to_move: tuple[str, ...]
    over: bool
    winners: tuple[str, ...] = ()

    @classmethod
    def of(
        cls, phase: str, round: int | None, to_move: Iterable[str | None], over: bool, winners: Iterable[str] = ()
    ) -> Status:
        """A status whose parts agree: nobody to move once the game is over, no winner before."""
        awaited = () if over else tuple(dict.fromkeys(p for p in to_move if p is not None))
        return cls(phase, round, awaited, over, tuple(winners) if over else ())


@dataclass(frozen=True)
class RuleCode:
    code: str
    text: str
    rule: str
    rule_url: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "text": self.text, "rule": self.rule, "rule_url": self.rule_url}


#: Where a reading comes from: ``rulebook`` (this game's published rulebook, its words quoted and where they
#: were read), ``carried over`` (another game's rule, named by ``carried_from``), ``public source`` (another
#: published text: a rules summary, a review, a player's report), ``assumption`` (the service's own choice),
#: ``seed`` (the rules text the service was built from, in its own words, quoted).
PROVENANCES = ("rulebook", "carried over", "public source", "assumption", "seed")
CARRIED_OVER = "carried over"


def check_provenance(name: str, provenance: str, carried_from: str) -> None:
    """A reading's provenance is one of ``PROVENANCES``; a rule carried over names the game it comes from,
    and only such a rule does."""
    if provenance not in PROVENANCES:
        raise ValueError(f"reading {name}: unknown provenance {provenance!r}")
    if (provenance == CARRIED_OVER) != bool(carried_from):
        raise ValueError(f"reading {name}: carried_from names the game of a rule carried over, and only of one")


@dataclass(frozen=True)
class Reading:
    """A rule reading the service had to choose where the rules are silent or unclear.

    ``section`` is the anchor of the rules-page section whose rule it reads; the page lists every reading
    under its own anchor (``reading_anchor``). ``carried_from`` is the id of the game whose rule a reading
    ``carried over`` takes."""

    name: str
    default: Any
    provenance: str  # one of PROVENANCES
    text: str
    section: str = ""
    carried_from: str = ""

    def __post_init__(self) -> None:
        check_provenance(self.name, self.provenance, self.carried_from)

    @property
    def anchor(self) -> str:
        return reading_anchor(self.name)

    def to_dict(self, game: str) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "provenance": self.provenance,
            **({"carried_from": self.carried_from} if self.carried_from else {}),
            "text": self.text,
            "rule_url": rules_url(game, self.anchor),
            "reads_url": rules_url(game, self.section),
        }


def reading_anchor(name: str) -> str:
    """A reading's anchor on its game's rules page: ``reading-`` and its name, underscores as hyphens."""
    return "reading-" + name.replace("_", "-")


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    designers: tuple[str, ...]
    publisher: str
    min_players: int
    max_players: int
    rules_version: str
    move_types: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    information: str = "imperfect"  # hidden hands, money or orders
    chance: str = "explicit"  # draws are reveal moves or seeded orders in the state
    family: str = ""  # the game whose rules a re-skin plays (Alhambra's is newyork); empty: its own

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "designers": list(self.designers),
            "publisher": self.publisher,
            "players": {"min": self.min_players, "max": self.max_players},
            "rules_version": self.rules_version,
            "move_types": list(self.move_types),
            "variants": list(self.variants),
            "information": self.information,
            "chance": self.chance,
            "family": self.family or self.id,
        }


class Game(Protocol):
    """What the HTTP layer calls. ``State`` and ``Move`` are each game's own (frozen) types."""

    info: GameInfo
    scoring_events: frozenset[str]  # the kinds of the events that are scorings (a replay's ``scorings``)

    def describe(self) -> dict[str, Any]:
        """Catalogues, scoring tables, option defaults, ``rule_codes`` and ``readings`` (JSON-ready)."""

    def rule_codes(self) -> Sequence[RuleCode]: ...

    def readings(self) -> Sequence[Reading]: ...

    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> Any:
        """A complete starting state; raises RulesError when the rules refuse (player count...)."""

    def validate(self, state: Any) -> list[Violation]: ...

    def legal_moves(self, state: Any, player: str | None = None, move_type: str | None = None) -> list[Any]: ...

    def legal_page(
        self, state: Any, player: str | None, move_type: str | None, start: int = 0, limit: int | None = None
    ) -> MovesPage:
        """At most ``limit`` legal moves, from the ``start``-th candidate on, at a cost of about the
        candidates it considers (not of every legal move)."""

    def apply(self, state: Any, move: Any) -> Outcome: ...

    def score(self, state: Any, scoring: Any = None) -> dict[str, Any]:
        """The breakdown, JSON-ready, with ``violations`` for what is inconsistent beside the scores."""

    def standings(self, state: Any) -> dict[str, int]:
        """Each player's points (or money) as the state stands now."""

    def status(self, state: Any) -> Status:
        """Where the game stands (phase, round, who is awaited, over, winners); never raises on a state
        the wire schema loaded, even an inconsistent one."""

    def view(self, state: Any, player: str) -> Any: ...

    def render(self, state: Any, player: str | None = None) -> str:
        """An SVG document."""


@dataclass(frozen=True)
class GameSpec:
    """A game as the service declares it, once (its package's ``SPEC``; ``registry`` lists the packages).

    ``engine`` is the object the HTTP layer calls; ``options`` its option book; ``words`` the module of its
    own words (``CONTEXT``, ``WORDS``...). ``sources`` are the engine packages whose files decide its answers,
    its own first: a re-skin names the package whose code it runs (the cache fingerprint reads them all).
    ``memo_kinds`` are the kinds of the evaluations the engine remembers (``memo.remembered``); the cache
    policy keeps them in process. ``wire`` names the module of ``service.schemas`` that builds its wire
    schemas (``wire_for(spec)``, or a module ``WIRE``): a re-skin names the one of the game it re-skins.
    ``rules_page`` is the game's rules page, structured YAML beside its code (``rules.yaml`` in its package,
    an ``importlib.resources`` path: the edge reads and serves it). ``examples`` is the module of what tests
    and documents need to know of the game beyond its rules (``examples.py``: the seats a test plays with,
    a real table's options, its worked example...)."""

    info: GameInfo
    engine: Any
    options: Any
    words: Any
    sources: tuple[str, ...]
    memo_kinds: tuple[str, ...] = ()
    wire: str = ""
    rules_page: Any = None
    examples: Any = None

    @property
    def id(self) -> str:
        return self.info.id
