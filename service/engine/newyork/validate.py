"""Is a state one the rules can reach? Conservation of tiles and money, cities, turn and phase sanity."""
from __future__ import annotations

from collections import Counter

from ..core import Violation
from .city import city_violations
from .codes import violation
from .data import BANKS, TILE_COUNT, TILE_IDS, TYPES, tiers_are_valid
from .pool import copies, visible_money, visible_tiles
from .state import Card, State

_last: list = [None, None]  # (state, violations): the last state checked, kept alive so ids stay unique


def state_violations(state: State) -> list[Violation]:
    """Every inconsistency of ``state`` (cached for the very same object: apply after legal_moves)."""
    if _last[0] is state:
        return list(_last[1])
    out = compute_violations(state)
    _last[0], _last[1] = state, tuple(out)
    return out


def compute_violations(state: State) -> list[Violation]:
    if not tiers_are_valid(state.options.type_tiers):
        return [violation("newyork.state.options", "type_tiers must map museum, theater and station to 1, 2, 3.",
                          "/state/options/type_tiers")]
    out: list[Violation] = []
    out += player_violations(state)
    if out:
        return out
    for i, player in enumerate(state.players):
        out += city_violations(player.city, f"/state/players/{i}/city")[0]
    out += dummy_violations(state)
    if state.partial:
        return out
    out += tile_violations(state)
    out += money_violations(state)
    out += phase_violations(state)
    return out


def player_violations(state: State) -> list[Violation]:
    ids = [p.id for p in state.players]
    low = 1 if state.partial else 2
    if not low <= len(ids) <= 6 or len(set(ids)) != len(ids):
        return [violation("newyork.state.players", f"{len(ids)} players (distinct ids: {len(set(ids))}); "
                          f"New York has {low} to 6 players with distinct ids.", "/state/players")]
    return []


def dummy_violations(state: State) -> list[Violation]:
    out = []
    d = state.dummy
    if d is not None and d.tiles is not None and d.counts is not None:
        from_tiles = Counter(t.kind for t in d.tiles)
        if any(from_tiles.get(k, 0) != dict(d.counts).get(k, 0) for k in TYPES):
            out.append(violation("newyork.state.dummy", "The dummy's building counts do not match its tiles.",
                                 "/state/dummy/buildings"))
    if not state.partial and (d is not None) != (len(state.players) == 2):
        out.append(violation("newyork.state.dummy", "The dummy takes part in the 2-player game only.", "/state/dummy"))
    if state.dummy_owed and d is None:
        out.append(violation("newyork.state.dummy", "Tiles are owed to a dummy that does not exist.", "/state/dummy_owed"))
    return out


def tile_violations(state: State) -> list[Violation]:
    out = []
    places = list(visible_tiles(state))
    if state.bag is not None:
        places += [(t, f"/state/bag/{j}") for j, t in enumerate(state.bag)]
    seen: dict[int, str] = {}
    for tile, pointer in places:
        if tile.id is None:
            out.append(violation("newyork.state.unknown_tile", "A game state names tiles by catalogue id.", pointer))
        elif tile.id in seen:
            out.append(violation("newyork.state.tile_count", f"Tile {tile.id} is in two places.", pointer))
        else:
            seen[tile.id] = pointer
    if state.bag is not None and len(seen) != TILE_COUNT and not out:
        missing = sorted(set(TILE_IDS) - set(seen))
        out.append(violation("newyork.state.tile_count",
                             f"{len(missing)} tile(s) are nowhere: {', '.join(map(str, missing))}.", "/state/bag"))
    return out


def money_violations(state: State) -> list[Violation]:
    out = []
    n = copies(state)
    counts = visible_money(state)
    deck = state.money_deck
    if deck is not None:
        counts.update(e for e in deck if isinstance(e, Card))
    for card, k in sorted(counts.items()):
        if card.bank not in BANKS or not 1 <= card.value <= 9:
            out.append(violation("newyork.state.money_count", f"There is no {card.bank} {card.value} card.", "/state"))
        elif k > n:
            out.append(violation("newyork.state.money_count",
                                 f"{k} copies of {card.bank} {card.value}; the game has {n}.", "/state"))
    hidden = sum(p.money_count or 0 for p in state.players if p.money is None)
    if hidden and sum(counts.values()) + hidden > n * 36:
        out.append(violation("newyork.state.money_count",
                             f"The hidden hands hold {hidden} cards, more than the {n * 36 - sum(counts.values())} "
                             "not shown elsewhere.", "/state/players"))
    if deck is not None and all(p.money is not None for p in state.players) and not out:
        total = sum(counts.values())
        if total != n * 36:
            out.append(violation("newyork.state.money_count",
                                 f"{total} money cards are accounted for; the game has {n * 36}.", "/state/money_deck"))
    if deck is not None:
        scoring = [e for e in deck if isinstance(e, str)]
        expected = [c for c, done in (("A", 1), ("B", 2)) if state.scorings_done < done]
        if state.scorings_done == 3:  # the game may end before A or B came up
            expected = scoring if scoring in (["A", "B"], ["B"]) else []
        if scoring != expected:
            out.append(violation("newyork.state.scoring_cards",
                                 f"After {state.scorings_done} scoring(s) the deck must hold {expected or 'no scoring card'} "
                                 "in that order.", "/state/money_deck"))
    return out


def phase_violations(state: State) -> list[Violation]:
    out = []
    n = len(state.players)
    if state.current is None or not 0 <= state.current < n:
        return [violation("newyork.state.current", "The current player is not one of the players.", "/state/current")]
    waiting = [i for i, p in enumerate(state.players) if p.to_place]
    phase = state.phase
    bad = None
    if phase in ("actions", "placement", "refill") and any(i != state.current for i in waiting):
        bad = "Only the current player can have bought tiles waiting."
    elif phase == "placement" and not waiting:
        bad = "The placement phase needs bought tiles to place."
    elif phase == "refill" and (waiting or state.pending is None):
        bad = "A refill stops only for a reveal."
    elif phase == "final_placement" and not waiting:
        bad = "The final placement needs awarded tiles to place."
    elif phase == "over" and (state.winners is None or state.scorings_done != 3 or waiting):
        bad = "A finished game has had its final scoring and names its winners."
    elif phase != "over" and (state.winners is not None or state.scorings_done > 2):
        bad = "Only a finished game has winners or a final scoring."
    elif state.winners is not None and not set(state.winners) <= {p.id for p in state.players}:
        bad = "The winners must be players of the game."
    if bad:
        out.append(violation("newyork.state.phase", bad, "/state/phase"))
    out += pending_violations(state)
    return out


def pending_violations(state: State) -> list[Violation]:
    p = state.pending
    if p is None:
        return []
    if state.phase != "refill":
        return [violation("newyork.state.pending", "Draws are revealed only during a refill.", "/state/pending")]
    if p.kind == "money_card":
        ok = state.money_deck is None and isinstance(p.slot, int) and 0 <= p.slot < 4 and state.money_market[p.slot] is None
    elif p.kind == "market_tile":
        ok = state.bag is None and p.slot in BANKS and state.market[BANKS.index(p.slot)] is None
    else:
        ok = p.kind == "dummy_tile" and state.bag is None and state.dummy is not None and state.dummy_owed > 0
    if not ok:
        return [violation("newyork.state.pending", "The pending reveal does not fit the state.", "/state/pending")]
    return []
