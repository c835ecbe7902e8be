"""Seeded playouts through the public Game protocol and the wire schemas only.

Every step: the listed moves are dumped to their wire form; the policy picks one, which must be accepted;
perturbations of listed moves of players the game awaits (see perturb.py) that are not listed must be
refused with a violation that is more than "not your turn"; a game's proposals of moves legal-moves never
lists (Chinatown's trades, see games.py) are accepted when legal by construction, leaving a state that
validates clean, and refused by the rule they break otherwise; after each move the state validates clean.
Each game is played digitally and at a real table (``options.chance = "table"``), where setup deals nothing
and every draw is a ``reveal`` move that legal-moves lists and the policy picks like any other.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from marshmallow import ValidationError

from service.engine.registry import load_game
from service.schemas.common import load_wire

from .games import SPECS, Reach
from .perturb import canonical, sample_variants

PERTURBATIONS_PER_STEP = 5
VIEW_CHECK_EVERY = 7  # steps
MAX_STEPS = 3000
# Refusals that say only who may move, not which rule the move breaks.
TRIVIAL = ("not_your_turn", "unknown_player", "wrong_player")


@dataclass
class Failure:
    seed: int
    step: int
    what: str


@dataclass
class Result:
    game: str
    players: int
    chance: str = "digital"
    games: int = 0
    steps: int = 0
    emitted: Counter = field(default_factory=Counter)
    played: Counter = field(default_factory=Counter)  # the chosen moves' types
    proposed: Counter = field(default_factory=Counter)  # (kind, "accepted" or "refused") of proposals
    refused: int = 0
    accepted_unlisted_samples: int = 0
    aliases: int = 0
    reach: Reach = field(default_factory=Reach)
    failures: list[Failure] = field(default_factory=list)
    fingerprints: dict[int, str] = field(default_factory=dict)

    def fail(self, seed: int, step: int, what: str) -> None:
        if len(self.failures) < 20:
            self.failures.append(Failure(seed, step, what))


class Table:
    """One game's engine and wire schemas."""

    def __init__(self, game_id: str):
        self.game = load_game(game_id)
        wire = load_wire(SPECS[game_id])
        self.states = wire.state()
        self.moves = wire.move()
        self.spec = SPECS[game_id]

    def dump_state(self, state) -> dict:
        return self.states.dump(state)

    def load_move(self, wire: dict):
        try:
            return self.moves.load(wire)
        except ValidationError:
            return None


class Probe:
    """What a policy may look at: the state's wire dump, and the score after a listed move."""

    def __init__(self, table: Table, state, listed: list, wires: list[dict]):
        self.table, self.state, self.listed, self.wires = table, state, listed, wires

    @property
    def dump(self) -> dict:
        return self.table.dump_state(self.state)

    def score_after(self, wire: dict) -> dict:
        outcome = self.table.game.apply(self.state, self.listed[self.wires.index(wire)])
        return self.table.game.score(outcome.state)


def seed_of(players: int, i: int) -> int:
    return 1009 * players + i


def play_one(
    table: Table, players: int, seed: int, result: Result, checks: bool = True, chance: str = "digital"
) -> str:
    """Play one seeded game to its end; returns a fingerprint of its moves and final state. At a real table
    (``chance="table"``) setup deals nothing and every draw is a ``reveal`` move that legal-moves lists."""
    game, spec = table.game, table.spec
    rnd = random.Random(seed)  # the policy's draws: the same whether the checks run or not
    probe_rnd = random.Random(-seed)  # the checks' draws
    ids = [f"p{i}" for i in range(players)]
    state = game.setup(ids, seed, {"chance": "table"} if chance == "table" else {})
    trail = hashlib.blake2b(digest_size=16)
    events: list[dict] = []
    last: dict = {}
    for step in range(MAX_STEPS):
        listed = game.legal_moves(state)
        if not listed:
            break
        wires = table.moves.dump(listed, many=True)
        chosen = spec.policy(wires, Probe(table, state, listed, wires), rnd)
        move = listed[wires.index(chosen)]
        if checks:
            check_step(table, state, wires, probe_rnd, result, seed, step)
        outcome = game.apply(state, move)
        if not outcome.legal:
            result.fail(seed, step, f"listed move refused: {chosen} {[v.code for v in outcome.violations]}")
            break
        state = outcome.state
        events = [e.to_dict() for e in outcome.events]
        last = chosen
        trail.update(canonical(chosen).encode())
        result.steps += checks
        result.played[chosen["type"]] += checks
        if checks:
            problems = game.validate(state)
            if problems:
                result.fail(seed, step, f"validate after {chosen}: {[v.code for v in problems]}")
                break
    else:
        result.fail(seed, MAX_STEPS, "game did not end")
    final = table.dump_state(state)
    trail.update(canonical(final).encode())
    if checks:
        result.games += 1
        spec.reach(result.reach, final, game.score(state), events, last)
    return trail.hexdigest()


def check_step(table: Table, state, wires: list[dict], rnd: random.Random, result: Result, seed: int, step: int):
    game, spec = table.game, table.spec
    final_state = None
    aliases: set[str] | None = None  # the states the listed moves lead to, computed when first needed
    listed = {canonical(w) for w in wires}
    for how, wire in sample_variants(wires, rnd, PERTURBATIONS_PER_STEP):
        move = table.load_move(wire)
        if move is None or canonical(table.moves.dump(move)) in listed:
            continue
        outcome = game.apply(state, move)
        if outcome.legal:
            if final_state is None:
                final_state = table.dump_state(state)
                aliases = {canonical(table.dump_state(game.apply(state, m).state)) for m in game.legal_moves(state)}
            if canonical(table.dump_state(outcome.state)) in aliases:
                result.aliases += 1  # the same move spelt another way (a set's order)
            elif spec.sampled_listing(wire, final_state):
                result.accepted_unlisted_samples += 1
            else:
                result.fail(seed, step, f"unlisted move accepted ({how}): {wire}")
            continue
        codes = [v.code for v in outcome.violations]
        if not codes:
            result.fail(seed, step, f"refused without a violation ({how}): {wire}")
            continue
        result.refused += 1
        result.emitted.update(codes)
        if all(c.endswith(TRIVIAL) for c in codes):
            result.fail(seed, step, f"refused only for who moved ({how}): {wire} {codes}")
    if spec.proposals is not None:
        check_proposals(table, state, rnd, result, seed, step)
    if step % VIEW_CHECK_EVERY == 0:
        check_views(table, state, result, seed, step)


def check_proposals(table: Table, state, rnd: random.Random, result: Result, seed: int, step: int) -> None:
    """Moves legal-moves never lists (a game's proposals, e.g. trades): one legal by construction is
    accepted and leaves a state that validates clean; a broken one is refused with the rule it breaks."""
    game = table.game
    for kind, wire, expected in table.spec.proposals(table.dump_state(state), rnd):
        move = table.load_move(wire)
        if move is None:
            result.fail(seed, step, f"proposal ({kind}) does not load: {wire}")
            continue
        outcome = game.apply(state, move)
        codes = [v.code for v in outcome.violations]
        result.proposed[kind, "accepted" if outcome.legal else "refused"] += 1
        if expected is None and not outcome.legal:
            result.fail(seed, step, f"proposal ({kind}) refused: {wire} {codes}")
        elif expected is None:
            problems = game.validate(outcome.state)
            if problems:
                result.fail(seed, step, f"validate after proposal ({kind}) {wire}: {[v.code for v in problems]}")
        elif outcome.legal:
            result.fail(seed, step, f"proposal ({kind}) accepted, {expected} expected: {wire}")
        elif expected not in codes:
            result.fail(seed, step, f"proposal ({kind}) refused with {codes}, {expected} expected: {wire}")
        else:
            result.emitted.update(codes)


def check_views(table: Table, state, result: Result, seed: int, step: int) -> None:
    """What a player may not see is the same for every other viewer: players' entries as seen by two
    outsiders agree, and the view keeps the viewer's own entry whole."""
    full = table.dump_state(state)
    ids = [p["id"] for p in full["players"]] if isinstance(full.get("players"), list) else list(full["players"])
    views = {p: table.dump_state(table.game.view(state, p)) for p in ids}

    def entry(dump: dict, pid: str):
        players = dump["players"]
        if isinstance(players, list):
            return next(p for p in players if p["id"] == pid)
        return players[pid]

    for q in ids:
        seen = {canonical(entry(views[p], q)) for p in ids if p != q}
        if len(seen) > 1:
            result.fail(seed, step, f"player {q}'s entry differs between outside viewers")
        if canonical(entry(views[q], q)) != canonical(entry(full, q)):
            result.fail(seed, step, f"player {q}'s view of itself is not its full entry")


def games_per_count(game_id: str, chance: str) -> dict[int, int]:
    spec = SPECS[game_id]
    return spec.table_games_per_count if chance == "table" else spec.games_per_count


@cache
def run(game_id: str, players: int, chance: str = "digital") -> Result:
    """The seeded playouts of one game, player count and chance mode (computed once per test session)."""
    table = Table(game_id)
    result = Result(game_id, players, chance)
    for i in range(games_per_count(game_id, chance)[players]):
        seed = seed_of(players, i)
        result.fingerprints[seed] = play_one(table, players, seed, result, chance=chance)
    return result


def replay_fingerprint(game_id: str, players: int, seed: int, chance: str = "digital") -> str:
    table = Table(game_id)
    return play_one(table, players, seed, Result(game_id, players, chance), checks=False, chance=chance)
