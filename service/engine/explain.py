"""Explain the table: the shortest sequence of legal moves from the page's state to what the table shows.

At a real table the page and the table drift apart. ``explain`` takes the page's state and ``observed``, what
the table shows in the state's own wire shape (all of it, or only the fields the referee entered), and
searches breadth first, at most ``MAX_DEPTH`` moves deep, for the sequences of legal moves whose result agrees
with every observed field. The search is generic; each game says, in its package's ``explain`` module, which
moves what differs proposes (``Proposer``), so nothing is enumerated blindly:

- what differs is a list of ``Difference``: a JSON pointer into the state, the page's value there and the
  observed one (``differences``; objects are compared field by field, only the fields observed; lists item
  by item, a list of another length differs as a whole);
- a node's proposals are the moves of the players the game awaits whose parameters all name something that
  differs (a tile id, a lot, a slot, a card), the moves that carry no parameter (end a turn, pass), and the
  moves the game builds from the differences itself (Chinatown's trades, a tile placed where it appeared);
- a reveal (a draw at a real table) is proposed only with a piece the observation shows where it differs:
  what a player holds that the table did not show is never invented, and the sequence names the piece;
- every proposal is checked by the game's own move checks and applied by its own effects (with their
  automatic steps: refills, scorings, the end).

The work is counted, not timed (``Budget``): a candidate looked at, a move checked, a state applied and
compared each cost units, and a search that runs out of them answers ``complete=False``. The unit costs
are set so that the whole budget is well under a second of CPU on any state the wire admits; the HTTP
edge's deadline (``service/deadline.py``) stays the backstop.

``project`` (the state's wire form, JSON-ready) is the edge's: the engine never imports marshmallow.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core import Violation
from .kit import pointer

MAX_DEPTH = 3
MAX_SEQUENCES = 8  # the other explanations of the same length the answer lists (beyond: ``more``)
WORK_BUDGET = 30_000

# What one step of the search costs, in work units (``Budget``).
COST_CANDIDATE = 1  # a candidate move looked at (its parameters against what differs)
COST_CHECK = 6  # a move's checks
COST_APPLY = 12  # a move applied, its result projected and compared (plus its size, below)
WIRE_UNIT = 400  # characters of an observation: one more unit per node for each


class OutOfWork(Exception):
    """The search's budget is spent."""


class Budget:
    """Work units left; ``spend`` raises ``OutOfWork`` once they are gone."""

    def __init__(self, units: int):
        self.left = units
        self.spent = 0

    def spend(self, units: int) -> None:
        self.spent += units
        self.left -= units
        if self.left < 0:
            raise OutOfWork()


@dataclass(frozen=True)
class Difference:
    """One observed field the state does not show: where (a JSON pointer into the state), the state's value
    there (None where it has none) and the observed one."""

    pointer: str
    page: Any
    observed: Any

    def to_dict(self) -> dict[str, Any]:
        return {"pointer": self.pointer, "page": self.page, "observed": self.observed}


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return bool(a == b)


def differences(page: Any, observed: Any, path: tuple[Any, ...] = ()) -> list[Difference]:
    """Where ``page`` (a state's wire form) does not agree with ``observed`` (the same shape, any part of
    it): an observed object's fields one by one (a field the page lacks differs from anything but null),
    a list item by item when its length agrees, otherwise as a whole, anything else by value."""
    out: list[Difference] = []
    _diff(page, observed, path, out)
    return out


def _diff(page: Any, observed: Any, path: tuple[Any, ...], out: list[Difference]) -> None:
    if isinstance(observed, Mapping):
        if not isinstance(page, Mapping):
            if page is None and not observed:
                return
            out.append(Difference(pointer(*path), page, observed))
            return
        for key, value in observed.items():
            _diff(page.get(key), value, (*path, key), out)
    elif isinstance(observed, list):
        if not isinstance(page, list) or len(page) != len(observed):
            out.append(Difference(pointer(*path), page, observed))
            return
        for index, (mine, theirs) in enumerate(zip(page, observed)):
            _diff(mine, theirs, (*path, index), out)
    elif not _same(page, observed):
        out.append(Difference(pointer(*path), page, observed))


def tokens(value: Any, into: set[str] | None = None) -> set[str]:
    """Every scalar in ``value`` (JSON data, or an engine move: dataclasses, named tuples, tuples), as text."""
    found = set() if into is None else into
    stack = [value]
    while stack:
        item = stack.pop()
        if item is None:
            continue
        if isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, bool):
            found.add("true" if item else "false")
        else:
            found.add(str(item))
    return found


@dataclass(frozen=True)
class Clues:
    """What the differences name: ``named`` (pointer tokens and both sides' values) and ``shown`` (pointer
    tokens and the observed values only: what a reveal may take its piece from)."""

    differences: tuple[Difference, ...]
    named: frozenset[str]
    shown: frozenset[str]
    hands: bool = False  # whether a hand (a ``hand`` field) is among what differs
    observed: Any = None  # the observation itself (what a game's ``alike`` may read: an auction's bids)
    # each difference by its pointer, and every pointer with its ancestors: looked up, not scanned, per move
    at: Mapping[str, Difference] = field(default_factory=dict)
    places: frozenset[str] = frozenset()

    @classmethod
    def of(cls, found: Sequence[Difference], opaque: Iterable[str] = (), observed: Any = None) -> Clues:
        hidden = frozenset(opaque)
        named: set[str] = set()
        shown: set[str] = set()
        for diff in found:
            steps = [step.replace("~1", "/").replace("~0", "~") for step in diff.pointer.split("/")[1:]]
            if hidden.intersection(steps):
                continue  # a deck's hidden order names everything still in it: no clue
            named.update(steps)
            shown.update(steps)
            tokens(diff.observed, shown)
            tokens(diff.page, named)
            for whole in (diff.page, diff.observed):
                if isinstance(whole, list):  # a list that differs as a whole names its items' places
                    named.update(str(i) for i in range(len(whole)))
        named |= shown
        hands = any(diff.pointer.endswith("/hand") or "/hand/" in diff.pointer for diff in found)
        at = {diff.pointer: diff for diff in found}
        places = {diff.pointer.rsplit("/", cut)[0] for diff in found for cut in range(diff.pointer.count("/"))}
        return cls(tuple(found), frozenset(named), frozenset(shown), hands, observed, at, frozenset(places | set(at)))


Extra = Callable[[Any, Any, "Clues"], Iterable[Any]]
Alike = Callable[[Any, Any, "Clues"], Any]


def _parameters(move: Any, ignore: Iterable[str]) -> set[str]:
    """A move's parameters as text: every scalar of it but its type, its player and the fields ignored."""
    if dataclasses.is_dataclass(move):
        skip = {"type", "player", *ignore}
        values = [getattr(move, f.name) for f in dataclasses.fields(move) if f.name not in skip]
    else:
        values = [move]
    return tokens([v for v in values if v not in ((), "", None)])


@dataclass(frozen=True)
class Proposer:
    """A game's proposals from what differs.

    ``reveals``: the move types that reveal a draw at a real table (proposed only with pieces the observation
    shows). ``opaque``: the state's top-level fields whose differences name no move (a deck's hidden order).
    ``extra(game, state, clues)``: moves the game builds from the differences itself, beyond its listed
    candidates (Chinatown's trades, which legal-moves does not list). ``loose``: move types proposed
    whenever the game lists them, whatever differs (a draw whose pile the observation need not name).
    ``named(move)``: the parameters that must be named, where not all of them (a purchase's slot, not the
    cards paid from a hand the table does not show); empty: all of them. ``ignore``: fields never named (a
    tile's rotation, a target the observation shows only as its effect). ``secret``: move types whose
    parameters come from a hand (cards kept, a sealed bid): when the observation shows no hand differing,
    any of them is proposed, since the table shows only that one was made. ``alike(state, move, clues)``:
    moves the observation cannot tell apart share a key (a card played from a hand, where the table shows
    only that a card of its deck went): of a node's legal moves, only the first of each key is applied;
    ``None``: the move is not worth trying at all (a card the observation shows went elsewhere). ``rank``:
    the order a node's proposals are tried in, where it matters which of alike moves stands for them (the
    lowest bid taken back)."""

    reveals: tuple[str, ...] = ("reveal",)
    opaque: tuple[str, ...] = ()
    extra: Extra | None = None
    loose: tuple[str, ...] = ()
    named: Callable[[Any], tuple[Any, ...]] | None = None
    ignore: tuple[str, ...] = ("rotation",)
    secret: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    alike: Alike | None = None
    rank: Callable[[Any], Any] | None = None

    def propose(self, game: Any, state: Any, clues: Clues, budget: Budget) -> Iterator[Any]:
        """The moves worth trying at ``state``, each at most once: the awaited players' candidates that
        what differs names, then the game's own."""
        seen: set[Any] = set()
        for player in game.status(state).to_move:
            for move in game.candidates(state, player, None):
                budget.spend(COST_CANDIDATE)
                if self.relevant(move, clues) and _fresh(move, seen):
                    yield move
        if self.extra is not None:
            for move in self.extra(game, state, clues):
                budget.spend(COST_CANDIDATE)
                if _fresh(move, seen):
                    yield move

    def relevant(self, move: Any, clues: Clues) -> bool:
        kind = getattr(move, "type", "")
        if kind in self.loose:
            return True
        chosen = self.named(move) if self.named is not None else ()
        if chosen:
            return tokens(chosen) <= clues.named
        if kind in self.reveals:
            pieces = _parameters(move, self.ignore)
            return bool(pieces) and pieces <= clues.shown
        wanted = _parameters(move, (*self.ignore, *self.secret))
        if not wanted <= clues.named:
            return False
        if clues.hands and self.secret:
            return _parameters(move, _others(move, self.secret)) <= clues.named
        return True


def _others(move: Any, keep: Iterable[str]) -> tuple[str, ...]:
    """The names of a move's fields but ``keep``."""
    kept = set(keep)
    return (
        tuple(f.name for f in dataclasses.fields(move) if f.name not in kept) if dataclasses.is_dataclass(move) else ()
    )


def _fresh(move: Any, seen: set[Any]) -> bool:
    try:
        key = move if hash(move) is not None else None
    except TypeError:
        key = repr(move)
    if key in seen:
        return False
    seen.add(key)
    return True


@dataclass
class Node:
    state: Any
    moves: tuple[Any, ...]
    differences: tuple[Difference, ...]


@dataclass
class Refusal:
    """A proposed move the rules refuse, where the search tried it: the moves before it and its violations."""

    moves: tuple[Any, ...]
    move: Any
    violations: tuple[Violation, ...]
    differences: int  # how many observed fields still differed where it was tried


@dataclass
class Explanation:
    """The search's answer. ``explained``: ``sequences`` (the shortest, each at most ``MAX_DEPTH`` moves)
    reach a state that agrees with every observed field; ``state`` is the first one's result. Otherwise
    ``unreached`` lists each observed field no state the search reached agrees with, and ``closest`` the
    moves of the candidate that came nearest (fewest fields still differing), with ``refused`` the move it
    would need next that the rules refuse, and its violations. ``complete`` is False when the work budget
    ran out before the search did. ``violations`` are the page state's own (a state the rules cannot reach
    is not searched from)."""

    explained: bool
    complete: bool
    sequences: list[tuple[Any, ...]] = field(default_factory=list)
    more: bool = False
    state: Any = None
    differences: tuple[Difference, ...] = ()
    unreached: list[Difference] = field(default_factory=list)
    closest: tuple[Any, ...] = ()
    closest_state: Any = None
    remaining: tuple[Difference, ...] = ()
    refused: Refusal | None = None
    violations: tuple[Violation, ...] = ()
    work: int = 0

    @property
    def moves(self) -> tuple[Any, ...]:
        return self.sequences[0] if self.sequences else ()


def _touches(where: str, found: Sequence[Difference]) -> bool:
    """Whether some difference lies at ``where``, under it or over it (a list that differs as a whole)."""
    return any(
        d.pointer == where or d.pointer.startswith(where + "/") or where.startswith(d.pointer + "/") for d in found
    )


def _advanced(game: Any, node: Node, state: Any, left: Sequence[Difference]) -> bool:
    return _moved(node.differences, left) or game.status(state).to_move != game.status(node.state).to_move


def _moved(before: Sequence[Difference], after: Sequence[Difference]) -> bool:
    """Whether the move changed anything observed: a field that differed agrees now or holds another value,
    or one that agreed differs now (an auction's sealed bids, laid and taken up again by its end)."""
    now = {d.pointer: d.page for d in after}
    was = {d.pointer for d in before}
    return any(d.pointer not in now or not _same_json(now[d.pointer], d.page) for d in before) or any(
        pointer not in was for pointer in now
    )


def _same_json(a: Any, b: Any) -> bool:
    return type(a) is type(b) and bool(a == b)


def _key(wire: Any) -> str:
    return json.dumps(wire, sort_keys=True, separators=(",", ":"), default=str)


def explain(
    game: Any,
    state: Any,
    observed: Any,
    project: Callable[[Any], Any],
    proposer: Proposer,
    budget: int = WORK_BUDGET,
    depth: int = MAX_DEPTH,
) -> Explanation:
    """The shortest sequences (at most ``depth`` moves) of legal moves from ``state`` whose result agrees
    with ``observed``, found within ``budget`` work units (see the module's text)."""
    work = Budget(budget)
    broken = tuple(game.validate(state))
    root_diffs = tuple(differences(project(state), observed))
    if broken:
        return Explanation(False, True, differences=root_diffs, unreached=list(root_diffs), violations=broken)
    if not root_diffs:
        return Explanation(True, True, sequences=[()], state=state)
    observed_size = len(_key(observed)) // WIRE_UNIT
    root = Node(state, (), root_diffs)
    reached: set[str] = set()  # the pointers some node agreed with
    best = root
    refusals: list[Refusal] = []
    seen_states: set[str] = set()
    frontier = [root]
    solutions: list[Node] = []
    complete = True
    try:
        for level in range(1, depth + 1):
            following: list[Node] = []
            for node in sorted(frontier, key=lambda n: len(n.differences)):
                work.spend(COST_APPLY + 4 * observed_size)  # what differs, read into clues
                clues = Clues.of(node.differences, proposer.opaque, observed)
                kinds: set[Any] = set()  # the ``alike`` keys of the moves applied here
                proposed: Iterable[Any] = proposer.propose(game, node.state, clues, work)
                if proposer.rank is not None:
                    proposed = sorted(proposed, key=proposer.rank)
                for move in proposed:
                    kind = proposer.alike(node.state, move, clues) if proposer.alike is not None else move
                    if kind is None:
                        continue
                    work.spend(COST_CHECK)
                    violations = game.move_violations(node.state, move)
                    if violations:
                        refusals.append(Refusal(node.moves, move, tuple(violations), len(node.differences)))
                        continue
                    if proposer.alike is not None:
                        if kind in kinds:
                            continue
                        kinds.add(kind)
                    work.spend(COST_APPLY + observed_size)
                    outcome = game.effects(node.state, move)
                    if not outcome.legal:
                        continue
                    wire = project(outcome.state)
                    left = tuple(differences(wire, observed))
                    reached.update(d.pointer for d in root_diffs if not _touches(d.pointer, left))
                    child = Node(outcome.state, (*node.moves, move), left)
                    if not left:
                        solutions.append(child)
                        continue
                    if len(left) < len(best.differences):
                        best = child
                    # searched on only when it changed something observed, or whom the game awaits (a
                    # sealed bid shows nothing until the auction ends); another move explains nothing
                    if level < depth and not solutions and _advanced(game, node, outcome.state, left):
                        key = _key(wire)
                        if key not in seen_states:
                            seen_states.add(key)
                            following.append(child)
            if solutions:
                break
            frontier = following
            if not frontier:
                break
    except OutOfWork:
        complete = False
    if solutions:
        return Explanation(
            True,
            complete,
            sequences=[s.moves for s in solutions[:MAX_SEQUENCES]],
            more=len(solutions) > MAX_SEQUENCES,
            state=solutions[0].state,
            differences=root_diffs,
            work=work.spent,
        )
    unreached = [d for d in root_diffs if d.pointer not in reached]
    refused = _closest_refusal(refusals, best)
    return Explanation(
        False,
        complete,
        differences=root_diffs,
        unreached=unreached,
        closest=best.moves,
        closest_state=best.state if best.moves else None,
        remaining=best.differences,
        refused=refused,
        work=work.spent,
    )


def visible(wire: Any, fields: Mapping[str, Iterable[str]], table: Iterable[str] = ()) -> dict[str, Any]:
    """The part of a state's wire form a referee sees: ``fields[""]``, the state's own fields shown (``a/b``:
    field ``b`` of each entry of the object ``a``), and for
    each other key (a list of objects: the players) the fields of each item shown; at a real table
    (``options.chance``), also the players' ``table`` fields: the referee enters every draw, so sees it."""
    shown: dict[str, Any] = {}
    for key in fields.get("", ()):
        if "/" in key:  # a field of each entry of an object: ``piles/top``, each pile's face-up top
            outer, inner = key.split("/", 1)
            if isinstance(wire.get(outer), Mapping):
                shown[outer] = {name: {inner: entry.get(inner)} for name, entry in wire[outer].items()}
        elif key in wire:
            shown[key] = wire[key]
    at_table = isinstance(wire.get("options"), Mapping) and wire["options"].get("chance") == "table"
    extra = set(table) if at_table else set()
    for key, keep in fields.items():
        if key and isinstance(wire.get(key), list):
            wanted = set(keep) | extra
            shown[key] = [{k: v for k, v in item.items() if k in wanted} for item in wire[key]]
    return shown


def _closest_refusal(refusals: list[Refusal], best: Node) -> Refusal | None:
    """The refused move tried where the closest candidate stood, or else nearest the observation; a refusal
    for more than whose turn it is before one that says only that."""
    if not refusals:
        return None

    def rank(refusal: Refusal) -> tuple[int, int, int]:
        trivial = all(v.code.endswith(("not_your_turn", "wrong_player")) for v in refusal.violations)
        return (refusal.moves != best.moves, trivial, refusal.differences)

    return min(refusals, key=rank)
