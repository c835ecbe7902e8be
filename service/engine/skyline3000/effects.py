"""What a legal move does, and the automatic steps that follow it: the next turn, the three auctions, the
round's scoring, the card draw with its reshuffles, the next round and the end. Cards move here: from a hand
to a discard pile, from a draw pile to a hand."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from ..core import Event, Outcome, game_ended
from ..kit import replace
from ..random import Rng
from . import data, factory, hidden
from .board import free_platforms
from .checks import available, construction_over
from .scoring import score_blocks, winners
from .state import Auction, Award, Block, Building, Move, Pending, Pile, Player, State

ROUND_SCORED = "round_scored"

# A state and the events that led to it from the one before.
Transition = tuple[State, list[Event]]
T = TypeVar("T")


def given(part: T | None) -> T:
    """A part of the move or the state that the checks require of a legal move: it is set."""
    assert part is not None
    return part


def effects(state: State, move: Move) -> Outcome:
    """The outcome of a move that broke no rule: its own effects, then a run-out pile renewed at once, then
    (at a real table) the next face-up top card to reveal."""
    new, events = EFFECTS[move.type](state, state.seated(move.player), move)
    new, renewed = renew_empty_piles(new)
    events = list(events) + [Event("reshuffled", {"pile": deck}) for deck in renewed]
    new, more = settle_pending(new, move.player)
    return Outcome(legal=True, state=new, events=tuple(events + more))


def settle_pending(state: State, actor: str) -> tuple[State, list[Event]]:
    """At a real table, a pile whose face-up top the state does not know asks for it, revealed by the player
    whose move uncovered it (none once the game is over)."""
    if state.pending is not None or state.phase == "over":
        return state, []
    deck = hidden.unrevealed_top(state)
    if deck is None:
        return state, []
    state = replace(state, pending=Pending("top", actor, deck))
    return state, [Event("reveal_needed", {"player": actor, "pile": deck, "reveal": "top"})]


# -- construction ---------------------------------------------------------------------------------


def _play_card(state: State, player: Player, card: str) -> State:
    state = state.with_player(remove_from_hand(player, [card]))
    return discard(state, [card])


def paid(state: State, points: int, cost: int) -> int:
    """Points after paying ``cost`` (option ``unpaid_cost``: ``floored`` stops at 0)."""
    if state.options.unpaid_cost == "floored":
        return min(points, max(0, points - cost))
    return points - cost


def _do_floor(state: State, player: Player, move: Move) -> Transition:
    state = _play_card(state, player, given(move.card))
    built = factory.place_floors(state.seated(player.id), given(move.buildings))
    state = replace(state.with_player(built), floors=state.floors - data.FLOORS_PER_CARD)
    targets = factory.canonical(given(move.buildings))
    heights = {str(i): built.factory[i].floors for i in sorted(set(targets))}
    return _next_turn(
        state,
        move,
        [
            Event(
                "floors_built", {"player": player.id, "card": move.card, "buildings": list(targets), "floors": heights}
            )
        ],
    )


def _do_roof(state: State, player: Player, move: Move) -> Transition:
    state = _play_card(state, player, given(move.card))
    player = state.seated(player.id)
    index, shape = given(move.building), given(move.roof)
    buildings = list(player.factory)
    buildings[index] = replace(buildings[index], roof=shape)
    if shape == "arched":
        player = replace(player, arched=player.arched - 1)
    else:
        player = replace(player, peaked=player.peaked - 1)
    state = state.with_player(replace(player, factory=tuple(buildings)))
    return _next_turn(
        state,
        move,
        [Event("roof_built", {"player": player.id, "card": move.card, "building": move.building, "roof": move.roof})],
    )


def _do_contract(state: State, player: Player, move: Move) -> Transition:
    state = _play_card(state, player, given(move.card))
    player = state.seated(player.id)
    index, block_id = given(move.building), given(move.block)
    built = player.factory[index]
    player = replace(player, factory=player.factory[:index] + player.factory[index + 1 :])
    block = state.block_at(block_id)
    on_billboard = (move.target or "empty") == "billboard"
    if on_billboard:
        player, block = _build_over_billboard(state, player, block)
    block = replace(block, buildings=block.buildings + (Building(player.id, built.floors, given(built.roof)),))
    state = state.with_block(block_id, block).with_player(player)
    placed = {
        "player": player.id,
        "card": move.card,
        "block": move.block,
        "floors": built.floors,
        "roof": built.roof,
        "on_billboard": on_billboard,
    }
    return _next_turn(state, move, [Event("building_placed", placed)])


def _build_over_billboard(state: State, player: Player, block: Block) -> tuple[Player, Block]:
    """A building placed on the player's own billboard: the billboard leaves the game, and he pays for it."""
    i = block.billboards.index(player.id)
    block = replace(block, billboards=block.billboards[:i] + block.billboards[i + 1 :])
    player = replace(
        player,
        points=paid(state, player.points, state.options.billboard_replacement_cost),
        billboards_retired=player.billboards_retired + 1,
    )
    return player, block


def _do_billboard(state: State, player: Player, move: Move) -> Transition:
    block_id = given(move.block)
    block = state.block_at(block_id)
    state = state.with_block(block_id, replace(block, billboards=block.billboards + (player.id,)))
    state = state.with_player(
        replace(player, billboards=player.billboards - 1, points=paid(state, player.points, data.BILLBOARD_COST))
    )
    return _next_turn(state, move, [Event("billboard_placed", {"player": player.id, "block": move.block})])


def _do_discard(state: State, player: Player, move: Move) -> Transition:
    state = _play_card(state, player, given(move.card))
    return _next_turn(state, move, [Event("card_played", {"player": player.id, "card": move.card, "action": None})])


def _do_pass(state: State, player: Player, move: Move) -> Transition:
    state = state.with_player(replace(player, passed=True))
    return _next_turn(state, move, [Event("passed", {"player": player.id})])


def _next_turn(state: State, move: Move, events: list[Event]) -> Transition:
    state, more = after_construction_action(state, move.player)
    return state, events + more


def after_construction_action(state: State, actor: str) -> tuple[State, list[Event]]:
    """The next player clockwise whose construction goes on takes the turn; when none, auctions begin."""
    order = state.clockwise_from(actor)
    return next_builder(state, order[1:] + order[:1])


def next_builder(state: State, order: Sequence[str]) -> tuple[State, list[Event]]:
    for pid in order:
        if not construction_over(state, state.seated(pid)):
            return replace(state, turn=pid), []
    return open_auction(state, 1)


# -- auctions -------------------------------------------------------------------------------------


def _do_bid(state: State, player: Player, move: Move) -> Transition:
    auction = given(state.auction)
    sealed = auction.sealed + ((player.id, tuple(move.cards or ())),)
    order = {pid: i for i, pid in enumerate(state.player_ids())}
    sealed = tuple(sorted(sealed, key=lambda item: order.get(item[0], 99)))
    state = replace(state, auction=replace(auction, sealed=sealed))
    events = [Event("bid_laid", {"player": player.id})]
    if len(sealed) < len(state.players):
        return state, events
    bids = dict(sealed)
    known = {pid: bid for pid, bid in bids.items() if bid is not None}
    if len(known) < len(bids):  # a view's hidden bid: cannot settle (validate says so)
        return state, events
    new, more = resolve_auction(state, known)
    return new, events + more


def _do_bids(state: State, player: Player, move: Move) -> Transition:
    return resolve_auction(state, {pid: tuple(b) for pid, b in given(move.piles)})


def _do_develop(state: State, player: Player, move: Move) -> Transition:
    tile = given(state.award).tile
    block_id = given(move.block)
    block = state.block_at(block_id)
    if tile == "green":
        block = replace(block, greens=block.greens + 1)
    else:
        block = replace(block, large=tile)
    state = state.with_block(block_id, block)
    events = [Event("development_placed", {"player": player.id, "tile": tile, "block": move.block})]
    state, more = after_development(state)
    return state, events + more


def open_auction(state: State, stack: int) -> tuple[State, list[Event]]:
    """The next auction with a lot (stacks 1, 2, 3 in order); after the third, the scoring."""
    for s in range(stack, data.AUCTION_STACKS + 1):
        if len(state.auction_house) >= s and state.auction_house[s - 1]:
            lot = state.auction_house[s - 1][0]
            new = replace(state, phase="auction", turn=None, auction=Auction(stack=s), award=None)
            return new, [Event("auction_opened", {"stack": s, "tile": lot})]
    return score_round(replace(state, auction=None, award=None))


def bid_value(state: State, bid: tuple[str, ...]) -> tuple[int, int]:
    values = [state.options.known_card(c).value for c in bid]
    return sum(values), max(values, default=0)


def auction_winner(state: State, bids: dict[str, tuple[str, ...]]) -> str | None:
    """Highest sum; ties by the highest single card, then the Key holder or the nearest clockwise."""
    sums = {p: bid_value(state, b) for p, b in bids.items()}
    best = max((s for s, _ in sums.values()), default=0)
    if best <= 0:
        return None
    tied = [p for p, (s, _) in sums.items() if s == best]
    high = max(sums[p][1] for p in tied)
    tied_high = {p for p in tied if sums[p][1] == high}
    for pid in state.clockwise_from(state.key):
        if pid in tied_high:
            return pid
    return None


def resolve_auction(state: State, bids: dict[str, tuple[str, ...]]) -> tuple[State, list[Event]]:
    assert state.auction is not None  # an auction runs: the move checks found its lot
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
        more, ev = open_auction(state, stack + 1)
        return more, events + ev
    winning_bid = bids[winner]
    state = state.with_player(remove_from_hand(state.seated(winner), winning_bid))
    state = discard(state, winning_bid)
    if not development_places(state, lot):
        state = replace(state, removed_developments=state.removed_developments + (lot,))
        events.append(Event("development_removed", {"tile": lot, "reason": "no free place for it"}))
        more, ev = open_auction(state, stack + 1)
        return more, events + ev
    return replace(state, phase="develop", award=Award(winner, lot), auction=Auction(stack=stack)), events


def development_places(state: State, tile: str) -> list[str]:
    if tile == "green":
        return [b for b, blk in state.blocks if free_platforms(state.options, b, blk) > 0]
    return [b for b, blk in state.blocks if blk.large is None]


def after_development(state: State) -> tuple[State, list[Event]]:
    stack = state.auction.stack if state.auction else data.AUCTION_STACKS
    return open_auction(replace(state, award=None, auction=None), stack + 1)


# -- scoring --------------------------------------------------------------------------------------


def score_round(state: State) -> tuple[State, list[Event]]:
    result = score_blocks(state.blocks, state.options)
    players = []
    for p in state.players:
        gained = result["players"].get(p.id, {}).get("total", 0)
        players.append(replace(p, points=p.points + gained))
    state = replace(state, players=tuple(players))
    events = [
        Event(
            ROUND_SCORED,
            {
                "round": state.round,
                "blocks": {b: v["points"] for b, v in result["blocks"].items()},
                "awarded": {p.id: result["players"].get(p.id, {}).get("total", 0) for p in state.players},
            },
        )
    ]
    if state.round >= data.ROUNDS:
        state = replace(state, phase="over", turn=None, auction=None, award=None, draws_left=())
        events.append(game_ended(winners(state), {p.id: p.points for p in state.players}))
        return state, events
    draws = tuple(
        (p.id, data.DRAW_PER_ROUND + result["players"].get(p.id, {}).get("spaceport_bonus", 0)) for p in state.players
    )
    state = replace(state, phase="draw", auction=None, award=None, draws_left=draws, turn=state.key)
    events.append(Event("draw_phase", {"draws": dict(draws)}))
    state, more = advance_draw(state, state.key)
    return state, events + more


# -- card draw ------------------------------------------------------------------------------------


def _do_draw(state: State, player: Player, move: Move) -> Transition:
    events = []
    deck = given(move.pile)
    pile = state.pile(deck)
    if pile.draw_size == 0:
        state = reshuffle(state, deck)
        events.append(Event("reshuffled", {"pile": deck}))
    state, card = take_top(state, deck)
    if card is None:
        state = replace(state, pending=Pending("draw", player.id, deck))
        return state, events + [Event("reveal_needed", {"player": player.id, "pile": deck, "reveal": "draw"})]
    return _drawn(state, player.id, deck, card, events)


def _do_stop(state: State, player: Player, move: Move) -> Transition:
    declined = state.draws_of(player.id)
    state = replace(state, draws_left=tuple((p, 0 if p == player.id else n) for p, n in state.draws_left))
    state, more = advance_draw(state, player.id)
    return state, [Event("draws_declined", {"player": player.id, "declined": declined})] + more


def _do_reveal(state: State, player: Player, move: Move) -> Transition:
    pending, card = given(state.pending), given(move.card)
    pile = state.pile(pending.pile)
    if pending.kind == "top":
        state = state.with_pile(pending.pile, replace(pile, top=card))
        return replace(state, pending=None), [
            Event("card_revealed", {"player": player.id, "pile": pending.pile, "card": card})
        ]
    state = state.with_pile(pending.pile, replace(pile, draw_size=pile.draw_size - 1, top=None))
    return _drawn(replace(state, pending=None), player.id, pending.pile, card, [])


def _drawn(state: State, pid: str, deck: str, card: str, events: list[Event]) -> Transition:
    state = state.with_player(add_to_hand(state.seated(pid), card))
    state = use_draw(state, pid)
    events = events + [Event("card_drawn", {"player": pid, "pile": deck, "card": card})]
    state, more = advance_draw(state, pid)
    return state, events + more


def advance_draw(state: State, current: str) -> tuple[State, list[Event]]:
    """Stay with the drawing player while he has draws left, else the next one clockwise, else the round ends."""
    if cards_to_draw(state) == 0 and any(n for _, n in state.draws_left):
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
    state, more = next_builder(state, state.clockwise_from(key))
    return state, events + more


def use_draw(state: State, pid: str) -> State:
    return replace(state, draws_left=tuple((p, n - 1 if p == pid else n) for p, n in state.draws_left))


# -- where cards go -------------------------------------------------------------------------------


def remove_from_hand(player: Player, cards: Iterable[str]) -> Player:
    taken = list(cards)
    if player.hand is None:
        return replace(player, hand_size=player.hand_size - len(taken))
    hand = tuple(c for c in player.hand if c not in set(taken))
    return replace(player, hand=hand, hand_size=len(hand))


def add_to_hand(player: Player, card: str) -> Player:
    if player.hand is None:
        return replace(player, hand_size=player.hand_size + 1)
    return replace(player, hand=player.hand + (card,), hand_size=player.hand_size + 1)


def discard(state: State, cards: Iterable[str]) -> State:
    """Played or bid cards go face down on their own deck's discard pile."""
    for c in cards:
        card = state.options.known_card(c)
        pile = state.pile(card.deck)
        state = state.with_pile(card.deck, replace(pile, discard=pile.discard + (c,)))
    return state


def cards_to_draw(state: State) -> int:
    return sum(available(p) for _, p in state.piles)


def reshuffle_seed(seed: int, shuffles: int) -> int:
    return (seed * 1_000_003 + shuffles + 1) % (2**63)


def reshuffle(state: State, deck: str) -> State:
    """An empty draw pile takes its shuffled discards (digital: the pinned shuffle; table: unknown order)."""
    pile = state.pile(deck)
    if state.seed is not None and pile.draw is not None:
        order = Rng(reshuffle_seed(state.seed, state.shuffles)).shuffled(list(pile.discard))
        new = Pile(draw=tuple(order), draw_size=len(order), discard=())
    else:
        new = Pile(draw=None, draw_size=len(pile.discard), discard=())
    return replace(state.with_pile(deck, new), shuffles=state.shuffles + 1)


def renew_empty_piles(state: State) -> tuple[State, list[str]]:
    """A draw pile that has run out takes its discards at once (option ``reshuffle``: ``when_empty``); the
    decks renewed, in deck order."""
    if state.options.reshuffle != "when_empty":
        return state, []
    renewed = []
    for deck, pile in state.piles:
        if pile.draw_size == 0 and pile.discard:
            state = reshuffle(state, deck)
            renewed.append(deck)
    return state, renewed


def take_top(state: State, deck: str) -> tuple[State, str | None]:
    """Take the face-up top card (None when it is unknown: a reveal is needed)."""
    pile = state.pile(deck)
    if pile.draw is None and pile.top is not None and pile.draw_size > 0:
        return state.with_pile(deck, Pile(draw=None, draw_size=pile.draw_size - 1, discard=pile.discard)), pile.top
    if pile.draw is None or not pile.draw:
        return state, None
    card = pile.draw[0]
    return state.with_pile(deck, Pile(draw=pile.draw[1:], draw_size=len(pile.draw) - 1, discard=pile.discard)), card


EFFECTS: dict[str, Callable[[State, Player, Move], Transition]] = {
    "floor": _do_floor,
    "roof": _do_roof,
    "contract": _do_contract,
    "billboard": _do_billboard,
    "discard": _do_discard,
    "pass": _do_pass,
    "bid": _do_bid,
    "bids": _do_bids,
    "develop": _do_develop,
    "draw": _do_draw,
    "stop": _do_stop,
    "reveal": _do_reveal,
}
