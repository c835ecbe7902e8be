"""Is a state one the rules can reach? Conservation of every piece and card, placement, phase sanity."""
from __future__ import annotations

from collections import Counter
from typing import Iterable, Optional

from ..core import Violation
from . import board, cards, data
from .rules import violation
from .state import Block, Options, State


def _esc(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def block_violations(options: Options, blocks: Iterable[tuple[str, Block]], players: Optional[set[str]],
                     prefix: str = "/state/blocks") -> list[Violation]:
    """Capacity, roof shapes per block and district, heights, owners: for full and partial cities."""
    out: list[Violation] = []
    items = list(blocks)
    lookup = dict(items)
    for block_id, block in items:
        ptr = f"{prefix}/{_esc(block_id)}"
        spec = options.block(block_id)
        if spec is None:
            out.append(violation("state.unknown_block", f"No block {block_id!r}.", ptr))
            continue
        if block.used_platforms() > spec.small_platforms:
            out.append(violation("state.block_capacity",
                                 f"Block {block_id} has {spec.small_platforms} small platforms but holds "
                                 f"{block.used_platforms()} pieces.", ptr))
        shapes = {b.roof for b in block.buildings}
        if len(shapes) > 1:
            out.append(violation("state.block_roofs", f"Block {block_id} holds both roof shapes.", f"{ptr}/buildings"))
        if not board.heights_reachable([b.floors for b in block.buildings]):
            out.append(violation("state.block_heights",
                                 f"Block {block_id}'s heights {sorted(b.floors for b in block.buildings)} cannot be built "
                                 "(the first building has 1 floor, each later one equals the tallest or is one taller).",
                                 f"{ptr}/buildings"))
        if block.large is not None and block.large not in data.LARGE_TILES:
            out.append(violation("state.large", pointer=f"{ptr}/large"))
        if players is not None:
            for i, b in enumerate(block.buildings):
                if b.owner not in players:
                    out.append(violation("state.unknown_player", f"{b.owner!r} is not a player.", f"{ptr}/buildings/{i}/owner"))
            for i, owner in enumerate(block.billboards):
                if owner not in players:
                    out.append(violation("state.unknown_player", f"{owner!r} is not a player.", f"{ptr}/billboards/{i}"))
    for district, ids in data.DISTRICT_BLOCKS.items():
        shapes = [board.block_shape(lookup.get(b)) for b in ids]
        if all(s is not None for s in shapes) and len(set(shapes)) == 1 and all(b in lookup for b in ids):
            out.append(violation("state.district_roofs",
                                 f"All three blocks of the {district} district hold {shapes[0]} roofs.",
                                 f"{prefix}/{_esc(ids[0])}"))
    return out


def validate(state: State) -> list[Violation]:
    out: list[Violation] = []
    ids = [p.id for p in state.players]
    id_set = set(ids)
    if len(id_set) != len(ids):
        out.append(violation("state.duplicate_player", pointer="/state/players"))
    if not 2 <= len(ids) <= 4:
        out.append(violation("state.player_count", f"{len(ids)} players.", "/state/players"))
    out += block_violations(state.options, state.blocks, id_set)
    out += _phase(state, id_set)
    out += _pieces(state)
    out += _cards(state)
    return out


def _phase(state: State, ids: set[str]) -> list[Violation]:
    out = []

    def bad(message: str, pointer: str) -> None:
        out.append(violation("state.phase", message, pointer))

    if state.key not in ids:
        out.append(violation("state.unknown_player", f"The Key holder {state.key!r} is not a player.", "/state/key"))
    if state.turn is not None and state.turn not in ids:
        out.append(violation("state.unknown_player", f"{state.turn!r} is not a player.", "/state/turn"))
    phase = state.phase
    if phase == "construction":
        if state.turn is None or (state.player(state.turn) and state.player(state.turn).passed):
            bad("The construction phase needs a player to move who has not passed.", "/state/turn")
        if state.auction is not None or state.award is not None:
            bad("No auction runs in the construction phase.", "/state/auction")
    elif phase == "auction":
        if state.auction is None:
            bad("The auction phase needs an auction.", "/state/auction")
        else:
            if not (1 <= state.auction.stack <= len(state.auction_house)) or not state.auction_house[state.auction.stack - 1]:
                out.append(violation("auction.no_lot", pointer="/state/auction/stack"))
            for pid, bid in state.auction.sealed:
                p = state.player(pid)
                if p is None:
                    out.append(violation("state.unknown_player", f"{pid!r} is not a player.", f"/state/auction/sealed/{_esc(pid)}"))
                elif bid is not None and not cards.holds(state, p, bid):
                    out.append(violation("state.cards", f"{pid}'s sealed bid holds cards not in his hand.",
                                         f"/state/auction/sealed/{_esc(pid)}"))
            if len(state.auction.sealed) >= len(state.players) and any(b is None for _, b in state.auction.sealed):
                out.append(violation("state.hidden_information", "Every bid is laid but some are hidden.", "/state/auction/sealed"))
        if state.award is not None:
            bad("No development waits to be placed in the auction phase.", "/state/award")
    elif phase == "develop":
        if state.award is None or state.award.player not in ids:
            bad("The develop phase needs the auction winner and the tile.", "/state/award")
    elif phase == "draw":
        if state.turn is None or (state.draws_of(state.turn) <= 0 and state.pending is None):
            bad("The draw phase needs a player with draws left.", "/state/turn")
        for pid, _ in state.draws_left:
            if pid not in ids:
                out.append(violation("state.unknown_player", f"{pid!r} is not a player.", "/state/draws_left"))
        if state.round >= data.ROUNDS:
            bad("There is no card draw after round 4.", "/state/phase")
    elif phase == "over":
        if state.round != data.ROUNDS:
            bad("The game ends after round 4.", "/state/round")
    out += _auction_house(state)
    if state.pending is not None:
        pending = state.pending
        pile = state.pile(pending.pile)
        if phase != "draw" or pending.player != state.turn or pending.pile not in data.DECKS \
                or pile.draw is not None or pile.draw_size <= 0:
            out.append(violation("state.pending", "The pending draw must be the drawing player's, from a hidden, "
                                 "non-empty draw pile, in the draw phase.", "/state/pending"))
    return out


def _auctions_held(state: State) -> int:
    """How many of this round's three auctions are over (their stacks have given up their top tile)."""
    if state.phase in ("draw", "over"):
        return data.AUCTION_STACKS
    if state.phase in ("auction", "develop") and state.auction is not None:
        return state.auction.stack - (1 if state.phase == "auction" else 0)
    return 0


def _auction_house(state: State) -> list[Violation]:
    """Each round sells the top tile of every stack in turn, so the round and phase fix what the house holds."""
    if not 1 <= state.round <= data.ROUNDS or len(state.auction_house) != data.AUCTION_STACKS:
        return []
    held = _auctions_held(state)
    expected = tuple(stack[state.round - (1 if i >= held else 0):] for i, stack in enumerate(data.AUCTION_HOUSE))
    if tuple(tuple(s) for s in state.auction_house) == expected:
        return []
    return [violation("state.auction_house",
                      f"In round {state.round} ({state.phase}) the auction house holds "
                      f"{[list(s) for s in expected]}, not {[list(s) for s in state.auction_house]}.",
                      "/state/auction_house")]


def _pieces(state: State) -> list[Violation]:
    out = []
    opts = state.options
    on_board = sum(b.floors for _, blk in state.blocks for b in blk.buildings)
    in_factories = sum(b.floors for p in state.players for b in p.factory)
    if state.floors + on_board + in_factories != data.FLOORS_TOTAL:
        out.append(violation("state.floors", f"Supply {state.floors} + factories {in_factories} + board {on_board} "
                             f"is not {data.FLOORS_TOTAL}.", "/state/floors"))
    for i, p in enumerate(state.players):
        for shape in data.ROOFS:
            used = sum(1 for b in p.factory if b.roof == shape)
            used += sum(1 for _, blk in state.blocks for b in blk.buildings if b.owner == p.id and b.roof == shape)
            if p.roofs_left(shape) + used != opts.roofs_per_shape:
                out.append(violation("state.roofs", f"{p.id}'s {shape} roofs: {p.roofs_left(shape)} left + {used} built "
                                     f"is not {opts.roofs_per_shape}.", f"/state/players/{i}/roofs/{shape}"))
        placed = sum(1 for _, blk in state.blocks for o in blk.billboards if o == p.id)
        if p.billboards + placed + p.billboards_retired != opts.billboards_per_player:
            out.append(violation("state.billboards", f"{p.id}'s billboards: {p.billboards} left + {placed} placed + "
                                 f"{p.billboards_retired} retired is not {opts.billboards_per_player}.",
                                 f"/state/players/{i}/billboards"))
    house = Counter(t for stack in state.auction_house for t in stack)
    removed = Counter(state.removed_developments)
    award = Counter([state.award.tile]) if state.award else Counter()
    board_count = Counter({"green": sum(blk.greens for _, blk in state.blocks)})
    board_count.update(blk.large for _, blk in state.blocks if blk.large)
    for tile, total in data.TILE_TOTALS.items():
        have = house[tile] + removed[tile] + award[tile] + board_count[tile]
        if have != total:
            out.append(violation("state.developments", f"{tile}: {have} found (board, auction house, removed, "
                                 f"awaiting placement), {total} expected.", "/state/auction_house"))
    for block_id, blk in state.blocks:
        spec = opts.block(block_id)
        if spec is not None and blk.greens < spec.starting_greens:
            out.append(violation("state.developments", f"Block {block_id} has fewer greens than its printed starting greens.",
                                 f"/state/blocks/{_esc(block_id)}/greens"))
    return out


def _cards(state: State) -> list[Violation]:
    out = []
    for i, p in enumerate(state.players):
        if p.hand is not None and len(p.hand) != p.hand_size:
            out.append(violation("state.hand_size", f"{p.id} holds {len(p.hand)} cards, hand_size says {p.hand_size}.",
                                 f"/state/players/{i}/hand_size"))
    for deck, pile in state.piles:
        if pile.draw is not None and len(pile.draw) != pile.draw_size:
            out.append(violation("state.pile_size", f"The {deck} draw pile holds {len(pile.draw)} cards, "
                                 f"draw_size says {pile.draw_size}.", f"/state/piles/{deck}/draw_size"))
        if pile.draw is None and pile.top is not None:
            spec = state.options.card(pile.top)
            if spec is None or spec.deck != deck or pile.draw_size <= 0:
                out.append(violation("state.pile_top", pointer=f"/state/piles/{deck}/top"))
        for j, c in enumerate(tuple(pile.draw or ()) + pile.discard):
            spec = state.options.card(c)
            if spec is not None and spec.deck != deck:
                out.append(violation("state.cards", f"{c} lies on the {deck} pile.", f"/state/piles/{deck}"))
    places = cards.known_places(state)
    for c, where in places.items():
        if state.options.card(c) is None:
            out.append(violation("state.cards", f"No card {c!r} in this game.", where[0]))
        elif len(where) > 1:
            out.append(violation("state.cards", f"{c} is in {len(where)} places.", where[1]))
    pool = cards.unknown_cards(state)
    hidden_hands = sum(p.hand_size for p in state.players if p.hand is None)
    hidden_draws = cards.hidden_draw_sizes(state)
    if len(pool) != hidden_hands + sum(hidden_draws.values()):
        out.append(violation("state.cards", f"{len(pool)} cards are in no known place but hidden hands and piles hold "
                             f"{hidden_hands + sum(hidden_draws.values())}.", "/state/piles"))
    per_deck = Counter(state.options.card(c).deck for c in pool)
    for deck, size in hidden_draws.items():
        if per_deck[deck] < size:
            out.append(violation("state.cards", f"The hidden {deck} pile holds {size} cards but only {per_deck[deck]} "
                                 f"{deck} cards are unaccounted for.", f"/state/piles/{deck}/draw_size"))
    return out
