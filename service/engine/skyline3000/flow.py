"""The flow of a round: construction turns, the three auctions, scoring, the card draw, the end."""

from __future__ import annotations

from dataclasses import replace

from ..core import NULL_MEMO, Event, Memo
from . import cards, data
from .board import free_platforms
from .scoring import hand_tiebreak, score_blocks
from .state import Auction, Award, Player, State


def awaited(state: State) -> tuple[str, ...]:
    """Who the game waits for: the drawing player of a pending reveal, the player on turn (construction,
    draw), every player yet to lay a pile (auction; the Key holder may report them all), the auction's winner."""
    if state.phase == "over":
        return ()
    if state.pending is not None:
        return (state.pending.player,)
    if state.phase == "auction":
        laid = {pid for pid, _ in state.auction.sealed} if state.auction else set()
        return tuple(pid for pid in state.player_ids() if pid not in laid)
    if state.phase == "develop":
        return (state.award.player,) if state.award else ()
    return (state.turn,) if state.turn else ()


# -- construction -------------------------------------------------------------------------------
def construction_over(state: State, player: Player) -> bool:
    """Has the player's construction ended: passed, or (option ``empty_hand``: ``done``) no card in hand?"""
    return player.passed or (state.options.empty_hand == "done" and player.hand_size == 0)


def after_construction_action(state: State, actor: str, memo: Memo) -> tuple[State, list[Event]]:
    """The next player clockwise whose construction goes on takes the turn; when none, auctions begin."""
    order = state.clockwise_from(actor)
    return next_builder(state, order[1:] + order[:1], memo)


def next_builder(state: State, order, memo: Memo) -> tuple[State, list[Event]]:
    for pid in order:
        if not construction_over(state, state.player(pid)):
            return replace(state, turn=pid), []
    return open_auction(state, 1, memo)


# -- auctions -----------------------------------------------------------------------------------
def open_auction(state: State, stack: int, memo: Memo) -> tuple[State, list[Event]]:
    """The next auction with a lot (stacks 1, 2, 3 in order); after the third, the scoring."""
    for s in range(stack, data.AUCTION_STACKS + 1):
        if len(state.auction_house) >= s and state.auction_house[s - 1]:
            lot = state.auction_house[s - 1][0]
            new = replace(state, phase="auction", turn=None, auction=Auction(stack=s), award=None)
            return new, [Event("auction_opened", {"stack": s, "tile": lot})]
    return score_round(replace(state, auction=None, award=None), memo)


def bid_value(state: State, bid: tuple[str, ...]) -> tuple[int, int]:
    values = [state.options.card(c).value for c in bid]
    return sum(values), max(values, default=0)


def auction_winner(state: State, bids: dict[str, tuple[str, ...]]) -> str | None:
    """Highest sum; ties by the highest single card, then the Key holder or the nearest clockwise."""
    sums = {p: bid_value(state, b) for p, b in bids.items()}
    best = max((s for s, _ in sums.values()), default=0)
    if best <= 0:
        return None
    tied = [p for p, (s, _) in sums.items() if s == best]
    high = max(sums[p][1] for p in tied)
    tied = {p for p in tied if sums[p][1] == high}
    for pid in state.clockwise_from(state.key):
        if pid in tied:
            return pid
    return None


def resolve_auction(state: State, bids: dict[str, tuple[str, ...]], memo: Memo) -> tuple[State, list[Event]]:
    stack = state.auction.stack
    lot = state.auction_house[stack - 1][0]
    house = tuple(s[1:] if i == stack - 1 else s for i, s in enumerate(state.auction_house))
    state = replace(state, auction_house=house, auction=None)
    winner = auction_winner(state, bids)
    report = {
        "stack": stack,
        "tile": lot,
        "winner": winner,
        "bids": {p: bid_value(state, b)[0] for p, b in bids.items()},
        "cards": {p: list(b) for p, b in bids.items()},
    }
    events = [Event("auction", report)]
    if winner is None:
        state = replace(state, removed_developments=state.removed_developments + (lot,))
        events.append(Event("development_removed", {"tile": lot, "reason": "every bid was zero"}))
        more, ev = open_auction(state, stack + 1, memo)
        return more, events + ev
    paid = bids[winner]
    state = state.with_player(cards.remove_from_hand(state.player(winner), paid))
    state = cards.discard(state, paid)
    if not development_places(state, lot):
        state = replace(state, removed_developments=state.removed_developments + (lot,))
        events.append(Event("development_removed", {"tile": lot, "reason": "no free place for it"}))
        more, ev = open_auction(state, stack + 1, memo)
        return more, events + ev
    return replace(state, phase="develop", award=Award(winner, lot), auction=Auction(stack=stack)), events


def development_places(state: State, tile: str) -> list[str]:
    if tile == "green":
        return [b for b, blk in state.blocks if free_platforms(state.options, b, blk) > 0]
    return [b for b, blk in state.blocks if blk.large is None]


def after_development(state: State, memo: Memo) -> tuple[State, list[Event]]:
    stack = state.auction.stack if state.auction else data.AUCTION_STACKS
    return open_auction(replace(state, award=None, auction=None), stack + 1, memo)


# -- scoring ------------------------------------------------------------------------------------
def score_round(state: State, memo: Memo = NULL_MEMO) -> tuple[State, list[Event]]:
    result = score_blocks(state.blocks, state.options, memo)
    players = []
    for p in state.players:
        gained = result["players"].get(p.id, {}).get("total", 0)
        players.append(replace(p, points=p.points + gained))
    state = replace(state, players=tuple(players))
    events = [
        Event(
            "scoring",
            {
                "round": state.round,
                "blocks": {b: v["points"] for b, v in result["blocks"].items()},
                "points": {p.id: result["players"].get(p.id, {}).get("total", 0) for p in state.players},
            },
        )
    ]
    if state.round >= data.ROUNDS:
        state = replace(state, phase="over", turn=None, auction=None, award=None, draws_left=())
        events.append(
            Event("game_over", {"winners": winners(state), "points": {p.id: p.points for p in state.players}})
        )
        return state, events
    draws = tuple(
        (p.id, data.DRAW_PER_ROUND + result["players"].get(p.id, {}).get("spaceport_bonus", 0)) for p in state.players
    )
    state = replace(state, phase="draw", auction=None, award=None, draws_left=draws, turn=state.key)
    events.append(Event("draw_phase", {"draws": dict(draws)}))
    state, more = advance_draw(state, state.key)
    return state, events + more


# -- card draw ----------------------------------------------------------------------------------
def advance_draw(state: State, current: str) -> tuple[State, list[Event]]:
    """Stay with the drawing player while he has draws left, else the next one clockwise, else the round ends."""
    if cards.cards_to_draw(state) == 0 and any(n for _, n in state.draws_left):
        lost = {p: n for p, n in state.draws_left if n}
        state = replace(state, draws_left=tuple((p, 0) for p, _ in state.draws_left))
        return end_round(state, [Event("draws_lost", {"draws": lost, "reason": "no card left to draw"})])
    order = state.clockwise_from(state.key)
    start = order.index(current) if current in order else 0
    for pid in order[start:]:
        if state.draws_of(pid) > 0:
            return replace(state, turn=pid), []
    return end_round(state, [])


def end_round(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """The Key passes left and the next round's construction starts with him (or the first player after him
    whose construction is not over already: an empty hand)."""
    key = state.next_player(state.key)
    players = tuple(replace(p, passed=False) for p in state.players)
    state = replace(
        state, players=players, key=key, turn=key, round=state.round + 1, phase="construction", draws_left=()
    )
    events = events + [Event("round_started", {"round": state.round, "key": key})]
    state, more = next_builder(state, state.clockwise_from(key), NULL_MEMO)
    return state, events + more


def spaceport_bonus(state: State, pid: str) -> int:
    """The player's extra cards this draw phase: the board has not changed since the scoring that earned them."""
    return score_blocks(state.blocks, state.options)["players"].get(pid, {}).get("spaceport_bonus", 0)


def use_draw(state: State, pid: str) -> State:
    return replace(state, draws_left=tuple((p, n - 1 if p == pid else n) for p, n in state.draws_left))


# -- the end ------------------------------------------------------------------------------------
def winners(state) -> list[str]:
    """Most points; ties by the highest card left in hand (option: the highest total); still tied share."""
    players: tuple[Player, ...] = state.players or ()
    if not players:
        return []
    best = max(p.points for p in players)
    tied = [p for p in players if p.points == best]
    if len(tied) == 1:
        return [tied[0].id]
    rule = state.options.final_tiebreak
    marks = {p.id: hand_tiebreak(_values(state, p), rule) for p in tied}
    top = max(marks.values())
    return [p.id for p in tied if marks[p.id] == top]


def _values(state, player: Player):
    if player.hand is None:
        return None
    return [state.options.card(c).value for c in player.hand if state.options.card(c)]
