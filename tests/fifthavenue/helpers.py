"""Building Fifth Avenue states for tests: a plain (wire JSON) copy edited with conservation kept."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from service.engine.fifthavenue import GAME
from service.engine.fifthavenue import data as D
from service.engine.fifthavenue.state import Move, State
from service.schemas.fifthavenue import from_plain, to_plain

PLAYERS = {2: ["red", "yellow"], 3: ["red", "yellow", "blue"], 4: ["red", "yellow", "blue", "green"]}


def started(n: int = 3, seed: int = 0, options: dict | None = None) -> State:
    """A game after the starting placements (each player takes the first legal plot)."""
    s = GAME.setup(PLAYERS[n], seed, options or {})
    while s.turn.phase == "start":
        s = ok(s, GAME.legal_moves(s)[0])
    return s


def ok(state: State, move: Move) -> State:
    out = GAME.apply(state, move)
    assert out.legal, [v.to_dict() for v in out.violations]
    return out.state


def refused(state: State, move: Move) -> set[str]:
    out = GAME.apply(state, move)
    assert not out.legal
    return {v.code for v in out.violations}


def edit(state: State, change: Callable[[dict[str, Any]], None], check: bool = True) -> State:
    w = to_plain(state)
    change(w)
    new = from_plain(w)
    if check:
        problems = GAME.validate(new)
        assert not problems, [p.to_dict() for p in problems]
    return new


def player(w: dict, pid: str) -> dict:
    return next(p for p in w["players"] if p["id"] == pid)


def clear_board(w: dict) -> None:
    """Every skyscraper back to its owner's general supply, every business on a plot into the box."""
    for did in D.DISTRICTS:
        for plot in w["districts"][did]["plots"].values():
            w["box"] += len(plot["businesses"])
            plot["businesses"] = []
            sky = plot["skyscrapers"]
            if sky is not None:
                owner = w["dummy"] if w["dummy"] and w["dummy"]["id"] == sky["owner"] else player(w, sky["owner"])
                owner["general"] += sky["count"]
                plot["skyscrapers"] = None


def sky(w: dict, did: str, colour: str, owner: str, count: int) -> None:
    """``count`` skyscrapers of ``owner`` on a plot, taken from his general supply."""
    who = w["dummy"] if w["dummy"] and w["dummy"]["id"] == owner else player(w, owner)
    plot = w["districts"][did]["plots"][colour]
    if plot["skyscrapers"] is not None:
        prev = plot["skyscrapers"]
        back = w["dummy"] if w["dummy"] and w["dummy"]["id"] == prev["owner"] else player(w, prev["owner"])
        back["general"] += prev["count"]
    who["general"] -= count
    plot["skyscrapers"] = {"owner": owner, "count": count}


def biz(w: dict, did: str, colour: str, *types: str) -> None:
    """Businesses on a plot, taken from the box."""
    plot = w["districts"][did]["plots"][colour]
    w["box"] += len(plot["businesses"]) - len(types)
    plot["businesses"] = sorted(types)


def empty_hand(w: dict, pid: str) -> None:
    p = player(w, pid)
    w["discard"] = sorted(w["discard"] + p["hand"])
    p["hand"] = []
    p["hand_size"] = 0


def deal(w: dict, pid: str, *cards: str) -> None:
    """Move the named cards from their decks (or the discard pile) into a hand."""
    p = player(w, pid)
    for card in cards:
        colour, value = D.card_parts(card)
        if card in w["discard"]:
            w["discard"].remove(card)
        elif colour == D.BLACK:
            w["black_deck"]["cards"].remove(value)
            w["black_deck"]["count"] -= 1
        else:
            st = w["stacks"][colour]
            cards_ = [st["top"]] + st["below"]
            cards_.remove(value)
            st["top"], st["below"], st["count"] = (cards_[0] if cards_ else None), cards_[1:], len(cards_)
        p["hand"] = sorted(p["hand"] + [card])
        p["hand_size"] += 1


def set_turn(w: dict, pid: str, phase: str = "action1", action: str | None = None) -> None:
    w["turn"] = {"player": pid, "phase": phase, "action": action, "start_queue": []}


def random_game(
    n: int, seed: int, on_move: Callable | None = None, max_moves: int = 5000, options: dict | None = None
) -> State:
    """A whole seeded game: each step picks a move type at random, then a move of that type."""
    s = GAME.setup(PLAYERS[n], seed, options or {})
    rnd = random.Random(seed)
    for _ in range(max_moves):
        if s.turn.phase == "over" and s.pending is None:
            return s
        moves = GAME.legal_moves(s)
        kind = rnd.choice(sorted({m.type for m in moves}))
        move = rnd.choice([m for m in moves if m.type == kind])
        before = s
        s = ok(s, move)
        if on_move is not None:
            on_move(before, move, s, moves, rnd)
    raise AssertionError("the game did not end")


def supply(w: dict, pid: str, n: int) -> None:
    """Set a player's personal supply to ``n``, moving skyscrapers from or to his general supply."""
    p = player(w, pid)
    p["general"] += p["supply"] - n
    p["supply"] = n
