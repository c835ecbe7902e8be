"""The engine kit: what every game stands on.

- ``RuleBook``: a game's rule codes, each declared once with its text and the rule it cites (a ``Cite``:
  the label a referee reads out and the anchor of the section of the game's rules page). The game's
  id is a parameter, so a re-skin of a game is a new book over the same suffixes, not a copy of the code.
  Violations are built only through a book, so a violation always cites its code's own rule, and carry
  their English message template and parameters so the edge can render them in another language.
- ``allowed`` and ``VerdictBook``: a check asked only yes or no (a listing's filter) runs through a book
  that stops at the first broken rule without formatting it; the same check gives the reasons.
- ``OptionSpec`` and ``OptionBook``: each option declared once (name, kind, default, choices or range,
  provenance, text). The game's resolved options, its readings, ``describe`` and the wire schema's options
  fields are all derived from the specs.
- ``Engine``: the base every game's engine derives from. ``apply`` is always: check the state, then the
  move's checks, then its effects. ``legal_moves`` is always: the candidates, filtered by the same move
  checks. A game supplies those four parts and its `status`, and nothing else of the flow.
- ``StateMemo``: the one per-state cache an engine may keep (bounded, thread-safe, by identity).
- ``pointer``: JSON pointers (RFC 6901), escaped once here.
- ``NOT_YOUR_TURN`` and ``awaited_text``: the one wording every game uses for a move out of turn.
- ``Labels``, ``english`` and ``WORD``: the pictures write every label through a ``tr(template, **params)``
  callable the edge passes in (English by default), so they can be drawn in any language.
- ``N_``: marks an English text for the message catalogs (``service/locales``) without translating it; the
  engine only ever writes English, and the edge renders its ids and parameters in the asked language.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from string import Formatter
from typing import Any, Generic, TypeVar

import msgspec

from .core import (
    GameInfo,
    MovesPage,
    Outcome,
    Reading,
    RuleCode,
    Status,
    Violation,
    check_provenance,
    rules_url,
)

_R = TypeVar("_R")
# How ``replace`` copies a frozen dataclass: its init fields, its other fields' factories, its __post_init__,
# whether it keeps its members in slots. One entry per class (the engines' state types), made at first use.
_COPY_PLANS: dict[type, tuple[tuple[str, ...], frozenset[str], tuple[tuple[str, Any], ...], Any, bool] | None] = {}


def _copy_plan(cls: type) -> tuple[tuple[str, ...], frozenset[str], tuple[tuple[str, Any], ...], Any, bool] | None:
    if cls not in _COPY_PLANS:
        plan = None
        if dataclasses.is_dataclass(cls):
            fields = dataclasses.fields(cls)
            names = tuple(f.name for f in fields if f.init)
            others = tuple((f.name, f.default_factory) for f in fields if not f.init)
            plain = all(callable(factory) for _, factory in others)  # a non-init field without a factory: as replace
            slotted = "__slots__" in cls.__dict__
            plan = (names, frozenset(names), others, getattr(cls, "__post_init__", None), slotted) if plain else None
        _COPY_PLANS[cls] = plan
    return _COPY_PLANS[cls]


def replace(obj: _R, /, **changes: Any) -> _R:
    """``dataclasses.replace(obj, **changes)`` for the engines' frozen state types, without its per-field
    checks and keyword call (a move copies the state several times): a msgspec Struct by
    ``msgspec.structs.replace``; a dataclass member by member (the changed ones, the others the same
    objects, a field that ``__init__`` does not set made anew by its factory), then its ``__post_init__``
    as after ``__init__``. Anything else, and an unknown field's error, is ``dataclasses.replace``'s."""
    if isinstance(obj, msgspec.Struct):
        return msgspec.structs.replace(obj, **changes)
    plan = _copy_plan(type(obj))
    if plan is None or not plan[1].issuperset(changes):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    names, _, others, post_init, slotted = plan
    new = object.__new__(type(obj))
    if slotted:
        for name in names:
            object.__setattr__(new, name, changes[name] if name in changes else getattr(obj, name))
        for name, factory in others:
            object.__setattr__(new, name, factory())
    else:
        members = new.__dict__
        members.update(obj.__dict__)
        members.update(changes)
        for name, factory in others:
            members[name] = factory()
    if post_init is not None:
        post_init(new)
    return new


# How ``build`` makes a frozen dataclass that keeps its members in a ``__dict__`` and has no __post_init__: its
# init fields' plain defaults, its init fields made by a factory, its required init fields, every init field,
# its other fields' factories. One entry per class, made at first use.
_BUILD_PLANS: dict[
    type, tuple[dict[str, Any], tuple[tuple[str, Any], ...], frozenset[str], frozenset[str], Any] | None
] = {}


def _build_plan(
    cls: type,
) -> tuple[dict[str, Any], tuple[tuple[str, Any], ...], frozenset[str], frozenset[str], Any] | None:
    if cls not in _BUILD_PLANS:
        copy = _copy_plan(cls)
        plan = None
        if copy is not None and copy[3] is None and not copy[4]:
            fields = [f for f in dataclasses.fields(cls) if f.init]
            defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
            made = tuple((f.name, f.default_factory) for f in fields if f.default_factory is not dataclasses.MISSING)
            required = frozenset(f.name for f in fields if f.default is f.default_factory is dataclasses.MISSING)
            plan = (defaults, made, required, copy[1], copy[2])
        _BUILD_PLANS[cls] = plan
    return _BUILD_PLANS[cls]


def build(cls: type[_R], /, **members: Any) -> _R:
    """``cls(**members)`` for the engines' frozen dataclasses that keep a ``__dict__``, without their
    ``__init__``'s one ``object.__setattr__`` per member (a listing builds many moves, a load a state): the
    defaults, then the members given, then what a factory makes. A class with slots or a ``__post_init__``,
    and an unknown or missing member (with its error), are the class's own ``__init__``'s."""
    plan = _build_plan(cls)
    if plan is None or not (plan[3].issuperset(members) and plan[2] <= members.keys()):
        return cls(**members)
    defaults, made, _, _, others = plan
    new = object.__new__(cls)
    values = new.__dict__
    values.update(defaults)
    values.update(members)
    for name, factory in made:
        if name not in members:
            values[name] = factory()
    for name, factory in others:
        values[name] = factory()
    return new


def pointer(*tokens: Any) -> str:
    """A JSON pointer from its reference tokens: ``pointer("state", "players", 0, "id")``."""
    return "".join("/" + str(t).replace("~", "~0").replace("/", "~1") for t in tokens)


def N_(text: str) -> str:
    """Marks ``text`` as a message id for extraction (``python -m service.i18n update``); returns it as is."""
    return text


def C_(context: str, word: str) -> str:
    """Marks ``word``, one of a game's own words (a building type, a colour, a phase), for extraction
    under ``context`` (the game's id): the same English word may be two words in another language
    (Skyline 3000's ``green`` tile, Fifth Avenue's ``green`` plot)."""
    return word


class Term(str):
    """A word or phrase the engine puts into a message as a parameter (``the start tile``): the edge
    translates it with the message."""


def T_(text: str) -> Term:
    """Marks ``text`` for extraction like ``N_``, as a parameter value the edge translates."""
    return Term(text)


Labels = Callable[..., str]
WORD = "{word}"  # ``tr(WORD, word=kind)``: one of the game's words as a label, in the labels' language


def english(template: str, **params: Any) -> str:
    """The labels' callable a picture uses unless the edge passes a language's: the English template,
    formatted (``tr("price {cost}", cost=3)``), people's names isolated."""
    return template.format(**isolating(params))


NOT_YOUR_TURN = N_("It is not {player}'s turn: the game awaits {awaited}.")

# Parameters that name people, never translated even when an id happens to be one of the game's words.
PEOPLE = frozenset(
    {
        "player",
        "players",
        "owner",
        "winner",
        "winners",
        "drawer",
        "declarer",
        "who",
        "holder",
        "bidder",
        "giver",
        "receiver",
        "id",
        "name",
        "names",
        "last",
        "leader",
        "to_act",
        "awaited",
    }
)
# Of those, the ones that are always player ids (chosen by clients): isolated from the text around them
# wherever a message or a label shows them. (``name`` and ``id`` also name fields and values; ``names``
# and ``last`` carry ids isolated one by one already.)
ISOLATED = PEOPLE - {"name", "id", "names", "last"}
FSI, PDI = "\u2068", "\u2069"  # FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE


def isolated(text: str) -> str:
    """``text`` as a unit of its own direction: a name written right to left (or one holding direction
    marks) cannot reorder the message around it."""
    return FSI + text + PDI


class Isolated(str):
    """A name formatted into a message isolated (``{player}``); its ``repr`` (``{player!r}``) is the plain
    name's, which already shows any direction mark escaped."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return isolated(str.__format__(self, spec))


def isolating(params: Mapping[str, Any]) -> dict[str, Any]:
    """``params`` with every player's id (ISOLATED, a plain string) isolated when formatted; joined names
    (``Names``) are isolated one by one already."""
    return {
        name: Isolated(value) if name in ISOLATED and isinstance(value, str) and not isinstance(value, Names) else value
        for name, value in params.items()
    }


class Names(str):
    """Player ids joined in English (``ben and carl``), keeping the ids so the edge can join them in
    another language."""

    ids: tuple[str, ...]

    def __new__(cls, ids: Iterable[str]) -> Names:
        ids = tuple(ids)
        self = super().__new__(cls, cls._joined(ids))
        self.ids = ids
        return self

    @staticmethod
    def _joined(ids: Sequence[str]) -> str:
        if len(ids) <= 1:
            return ids[0] if ids else "nobody"
        return ", ".join(ids[:-1]) + " and " + ids[-1]

    def __format__(self, spec: str) -> str:
        """In a message (``{awaited}``), each id isolated from the text around it."""
        return format(self._joined([isolated(id_) for id_ in self.ids]), spec)


def awaited_text(ids: Iterable[str]) -> str:
    """The players a game awaits, as the message names them: ``ben``, ``ben and carl``, ``ben, carl and dora``."""
    return Names(ids)


def placeholders(template: str) -> frozenset[str]:
    """The ``{name}`` fields a message template uses."""
    return frozenset(name for _, name, _, _ in Formatter().parse(template) if name)


@dataclass(frozen=True)
class Cite:
    """What a rule code cites: a short ``label`` a referee reads out ("Building rules: touching edges must
    match") and the ``section``, the stable anchor of the section of the game's rules page that states it."""

    label: str
    section: str


@dataclass(frozen=True)
class Rule:
    """One rule code: its suffix within the game (``turn.not_your_turn``), what it means, and its citation."""

    suffix: str
    text: str
    cite: Cite


class RuleBook:
    """A game's rule codes. ``violation`` is the only way a game makes a Violation. ``edition`` is the game's
    edition object (its id, name, the texts that name the game, its tables), which the book carries to every
    rule it is handed to."""

    def __init__(
        self,
        game: str,
        rules: Mapping[str, tuple[str, Cite]],
        aliases: Mapping[str, str] | None = None,
        edition: Any = None,
    ) -> None:
        self.game = game
        self.edition = edition
        self._prefix = game + "."
        # a suffix the shared code writes, under this book's own name (a re-skin's words: wall_mismatch)
        self._aliases = dict(aliases or {})
        self._rules = {suffix: Rule(suffix, text, cite) for suffix, (text, cite) in rules.items()}
        self._urls = {suffix: rules_url(game, rule.cite.section) for suffix, rule in self._rules.items()}

    def code(self, suffix: str) -> str:
        suffix = self._aliases.get(suffix, suffix)
        if suffix not in self._rules:
            raise KeyError(f"{self.game} has no rule code {suffix!r}")
        return f"{self.game}.{suffix}"

    def cite(self, suffix: str) -> Cite:
        return self._rules[self._aliases.get(suffix, suffix)].cite

    def violation(self, suffix: str, message: str | None = None, pointer: str = "", **params: Any) -> Violation:
        """A broken rule. ``message`` is an English template whose ``{name}`` fields come from ``params``
        (it defaults to the code's own text); the edge may render the template in another language."""
        suffix = self._aliases.get(suffix, suffix)
        rule = self._rules.get(suffix)
        if rule is None:
            raise KeyError(f"{self.game} has no rule code {suffix!r}")
        template = rule.text if message is None else message
        try:  # str.format itself finds a missing field: no second parse of the template (legal-moves makes many)
            text = template.format(**isolating(params))
        except (KeyError, IndexError) as missing:
            raise KeyError(f"message for {suffix} lacks {missing}") from None
        # positional, params in the call's order: legal-moves builds many (each a discarded refusal)
        return Violation(
            self._prefix + suffix, text, rule.cite.label, pointer, template, tuple(params.items()), self._urls[suffix]
        )

    def verdicts(self) -> RuleBook:
        """This book for checks asked only whether something is legal (``allowed``)."""
        judge = self.__dict__.get("_verdicts")
        if judge is None:
            judge = self.__dict__["_verdicts"] = VerdictBook(self)
        return judge

    def rule_codes(self) -> list[RuleCode]:
        return [
            RuleCode(f"{self.game}.{r.suffix}", r.text, r.cite.label, self._urls[r.suffix])
            for r in self._rules.values()
        ]

    def sections(self) -> frozenset[str]:
        """The anchors of the rules-page sections the codes cite."""
        return frozenset(r.cite.section for r in self._rules.values())

    @property
    def codes(self) -> frozenset[str]:
        return frozenset(f"{self.game}.{s}" for s in self._rules)

    def material(self) -> dict[str, tuple[str, Cite]]:
        """Each code's text and citation, as the constructor takes them (a re-skin's book is built from it)."""
        return {s: (r.text, r.cite) for s, r in self._rules.items()}


class Refused(Exception):
    """A ``VerdictBook``'s answer at the first broken rule."""


class VerdictBook(RuleBook):
    """A book's stand-in for a check asked yes or no (a listing filtering its candidates): the same check
    functions run, but the first rule they find broken raises ``Refused`` instead of formatting a
    violation, so no message is built and nothing after it is checked. ``allowed`` turns that into a
    verdict; the reasons are only ever read from the book itself."""

    def __init__(self, book: RuleBook):  # the same game and rules, not a copy of them
        self.__dict__.update({key: value for key, value in book.__dict__.items() if key != "_verdicts"})

    def violation(self, suffix: str, message: str | None = None, pointer: str = "", **params: Any) -> Violation:
        suffix = self._aliases.get(suffix, suffix)
        if suffix not in self._rules:
            raise KeyError(f"{self.game} has no rule code {suffix!r}")
        raise Refused(suffix)


def allowed(check: Callable[[RuleBook], Sequence[Violation]], book: RuleBook) -> bool:
    """Whether ``check`` (called with a book, returning its violations) finds nothing broken, asked
    through the book's ``verdicts``."""
    try:
        return not check(book.verdicts())
    except Refused:
        return False


@dataclass(frozen=True, eq=False)
class Edition:
    """What a re-skin of a game changes over the same rules: its id (its rule codes, wire and remembered
    kinds derive from it), its name, the texts that name the game and the names of the costly computations
    it remembers. The rule book carries it (``book.edition``) to the rules that write those texts. A game
    with tables of its own to change (Chinatown's income, New York's tiles) has an edition of its own."""

    id: str
    name: str
    texts: Mapping[str, str]
    remembered: tuple[str, ...] = ()

    def memo_kind(self, name: str) -> str:
        """The memo kind of one of the game's costly computations (``skyline3000.block_placings``)."""
        return f"{self.id}.{name}"

    @property
    def memo_kinds(self) -> tuple[str, ...]:
        return tuple(self.memo_kind(name) for name in self.remembered)


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game, declared once.

    ``kind`` is ``bool``, ``int``, ``choice`` (one of ``choices``) or ``value`` (a structured value the game
    checks itself, e.g. a board layout; the wire schema supplies its field). An option with
    ``reading=False`` is a plain setting, not a rule reading, and is not listed among the readings.
    """

    name: str
    kind: str
    default: Any
    provenance: str
    text: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    reading: bool = True
    section: str = ""  # the anchor of the rules-page section whose rule the reading reads
    carried_from: str = ""  # the game whose rule a reading "carried over" takes

    def __post_init__(self) -> None:
        if self.kind not in ("bool", "int", "choice", "value"):
            raise ValueError(f"option {self.name}: unknown kind {self.kind!r}")
        check_provenance(self.name, self.provenance, self.carried_from)
        if self.kind == "choice" and self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} is not among its choices")

    def accepts(self, value: Any) -> bool:
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "int":
            return (
                isinstance(value, int)
                and not isinstance(value, bool)
                and (self.minimum is None or value >= self.minimum)
                and (self.maximum is None or value <= self.maximum)
            )
        if self.kind == "choice":
            return any(type(value) is type(choice) and value == choice for choice in self.choices)
        return True

    @property
    def label(self) -> str:
        """The option's name as a person reads it (its id read as words): a catalogue id, so the edge shows
        it in the request's language."""
        return self.name.replace("_", " ")

    def choice_labels(self) -> tuple[str, ...]:
        """Each choice's name as a person reads it (a text choice read as words), also a catalogue id."""
        return tuple(str(choice).replace("_", " ") for choice in self.choices)

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.kind,
            "default": self.default,
            "provenance": self.provenance,
            "text": self.text,
        }
        if self.carried_from:
            out["carried_from"] = self.carried_from
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


class OptionBook:
    """A game's options: defaults, resolution of a partial options object, readings and description."""

    def __init__(self, specs: Sequence[OptionSpec]):
        names = [s.name for s in specs]
        if len(set(names)) != len(names):
            raise ValueError("an option is declared twice")
        self.specs = tuple(specs)
        self._by_name = {s.name: s for s in specs}

    def __iter__(self) -> Iterator[OptionSpec]:
        return iter(self.specs)

    def __getitem__(self, name: str) -> OptionSpec:
        return self._by_name[name]

    def defaults(self) -> dict[str, Any]:
        return {s.name: s.default for s in self.specs}

    def resolve(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Every option, given values over defaults. Unknown names and unacceptable values raise
        ValueError: the wire schema refuses them before the engine sees them."""
        given = dict(given or {})
        unknown = given.keys() - self._by_name.keys()
        if unknown:
            raise ValueError(f"unknown options {sorted(unknown)}")
        for name, value in given.items():
            if not self._by_name[name].accepts(value):
                raise ValueError(f"option {name}: {value!r} is not accepted")
        return {**self.defaults(), **given}

    def readings(self, extra: Iterable[Reading] = ()) -> list[Reading]:
        """The readings that are options, then the game's readings that are not (fixed by the rules text)."""
        return [
            Reading(s.name, s.default, s.provenance, s.text, s.section, s.carried_from) for s in self.specs if s.reading
        ] + list(extra)

    def describe(self) -> list[dict[str, Any]]:
        return [s.describe() for s in self.specs]


T = TypeVar("T")


class StateMemo(Generic[T]):
    """The kit's one per-state cache: a value computed from a state, kept for the last few states.

    Keyed by identity (states are immutable), holding the state itself so an id is never reused while
    its entry lives. Bounded to ``size`` entries and guarded by a lock, so it is safe under threads and
    costs at most ``size`` states' worth of memory. It exists because one request checks the same state
    several times (``apply`` then ``score``; every candidate in ``legal_moves``).
    """

    def __init__(self, size: int = 4):
        self._size = size
        self._entries: OrderedDict[int, tuple[Any, T]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, state: Any, compute: Callable[[Any], T]) -> T:
        key = id(state)
        with self._lock:
            hit = self._entries.get(key)
            if hit is not None and hit[0] is state:
                self._entries.move_to_end(key)
                return hit[1]
        value = compute(state)
        self.put(state, value)
        return value

    def put(self, state: Any, value: T) -> None:
        with self._lock:
            self._entries[id(state)] = (state, value)
            self._entries.move_to_end(id(state))
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)


class Engine:
    """The base of every game's engine. A game supplies:

    - ``state_violations(state)``: what is inconsistent in a state (``validate``);
    - ``move_violations(state, move)``: every rule the move breaks in a consistent state;
    - ``effects(state, move)``: the Outcome of a move that broke no rule;
    - ``candidates(state, player, move_type)``: moves worth checking; every legal move must be among them;
    - ``status(state)``: where the game stands, built with ``Status.of`` so that its parts agree;
    - ``scoring_events``: the kinds of its events that are scorings (a replay answers them as ``scorings``).
    """

    info: GameInfo
    book: RuleBook
    scoring_events: frozenset[str] = frozenset()

    def __init__(self) -> None:
        self._checked: StateMemo[tuple[Violation, ...]] = StateMemo()

    # -- supplied by the game -------------------------------------------------------------------------
    def state_violations(self, state: Any) -> list[Violation]:
        raise NotImplementedError

    def move_violations(self, state: Any, move: Any) -> list[Violation]:
        raise NotImplementedError

    def effects(self, state: Any, move: Any) -> Outcome:
        raise NotImplementedError

    def candidates(self, state: Any, player: str | None, move_type: str | None) -> Iterable[Any]:
        raise NotImplementedError

    def status(self, state: Any) -> Status:
        raise NotImplementedError

    # -- the flow, the same for every game ------------------------------------------------------------
    def validate(self, state: Any) -> list[Violation]:
        return list(self._checked.get(state, lambda s: tuple(self.state_violations(s))))

    def vouch(self, state: Any) -> None:
        """Take ``state`` as consistent without checking it, because its caller holds proof that these
        rules made it (the HTTP layer's state seal): ``validate`` then finds nothing in it."""
        self._checked.put(state, ())

    def apply(self, state: Any, move: Any) -> Outcome:
        broken = self.validate(state)
        if broken:
            return Outcome.illegal(broken)
        broken = self.move_violations(state, move)
        if broken:
            return Outcome.illegal(broken)
        return self.effects(state, move)

    def legal_moves(self, state: Any, player: str | None = None, move_type: str | None = None) -> list[Any]:
        return self.legal_page(state, player, move_type).moves

    def legal_page(
        self, state: Any, player: str | None, move_type: str | None, start: int = 0, limit: int | None = None
    ) -> MovesPage:
        """The candidates from the ``start``-th on, each filtered by the move checks, until ``limit`` moves
        are found: the candidates are drawn one at a time, so a page costs about the candidates it
        considers (those before ``start`` are skipped unchecked). The next page starts at the first
        candidate not considered; it may be empty only if it is the last."""
        if self.validate(state):
            return MovesPage([], None)
        moves: list[Any] = []
        considered = enumerate(islice(self.candidates(state, player, move_type), start, None), start)
        for index, move in considered:
            if limit is not None and len(moves) == limit:
                return MovesPage(moves, index)
            if self.move_allowed(state, move):
                moves.append(move)
        return MovesPage(moves, None)

    def move_allowed(self, state: Any, move: Any) -> bool:
        """Whether the move checks find nothing: all a listing asks of a candidate. A game may answer it
        without building the violations' messages (New York's verdicts stop at the first broken rule)."""
        return not self.move_violations(state, move)

    def rule_codes(self) -> Sequence[RuleCode]:
        return self.book.rule_codes()
