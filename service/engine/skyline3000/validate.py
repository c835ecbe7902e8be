"""Is a state one the rules can reach? Conservation of every piece and card, placement, phase sanity."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .. import kit
from ..core import Violation
from ..kit import RuleBook
from . import board, data, hidden
from .checks import construction_over
from .state import Block, Options, Pending, State


def block_violations(
    book: RuleBook,
    options: Options,
    blocks: Iterable[tuple[str, Block]],
    players: set[str] | None,
    prefix: str = "/state/blocks",
) -> list[Violation]:
    """Capacity, roof shapes per block and district, heights, owners: for full and partial cities."""
    out: list[Violation] = []
    items = list(blocks)
    lookup = dict(items)
    for block_id, block in items:
        ptr = prefix + kit.pointer(block_id)
        spec = options.block(block_id)
        if spec is None:
            out.append(book.violation("state.unknown_block", "No block {block!r}.", ptr, block=block_id))
            continue
        if block.used_platforms() > spec.small_platforms:
            out.append(
                book.violation(
                    "state.block_capacity",
                    "Block {block} has {platforms} small platforms but holds {used} pieces.",
                    ptr,
                    block=block_id,
                    platforms=spec.small_platforms,
                    used=block.used_platforms(),
                )
            )
        shapes = {b.roof for b in block.buildings}
        if len(shapes) > 1:
            out.append(
                book.violation(
                    "state.block_roofs",
                    "Block {block} holds both roof shapes.",
                    ptr + kit.pointer("buildings"),
                    block=block_id,
                )
            )
        if not board.heights_reachable([b.floors for b in block.buildings]):
            out.append(
                book.violation(
                    "state.block_heights",
                    "Block {block}'s heights {heights} cannot be built (the "
                    "first building has 1 floor, each later one equals the tallest or is one "
                    "taller).",
                    ptr + kit.pointer("buildings"),
                    block=block_id,
                    heights=sorted(b.floors for b in block.buildings),
                )
            )
        if block.large is not None and block.large not in data.LARGE_TILES:
            out.append(book.violation("state.large", None, ptr + kit.pointer("large")))
        if players is not None:
            for i, b in enumerate(block.buildings):
                if b.owner not in players:
                    out.append(
                        book.violation(
                            "state.unknown_player",
                            "{owner!r} is not a player.",
                            ptr + kit.pointer("buildings", i, "owner"),
                            owner=b.owner,
                        )
                    )
            for i, owner in enumerate(block.billboards):
                if owner not in players:
                    out.append(
                        book.violation(
                            "state.unknown_player",
                            "{owner!r} is not a player.",
                            ptr + kit.pointer("billboards", i),
                            owner=owner,
                        )
                    )
    for district, ids in data.DISTRICT_BLOCKS.items():
        district_shapes = [board.block_shape(lookup.get(b)) for b in ids]
        if (
            all(s is not None for s in district_shapes)
            and len(set(district_shapes)) == 1
            and all(b in lookup for b in ids)
        ):
            out.append(
                book.violation(
                    "state.district_roofs",
                    "All three blocks of the {district} district hold {shape} roofs.",
                    prefix + kit.pointer(ids[0]),
                    district=district,
                    shape=district_shapes[0],
                )
            )
    return out


def validate(book: RuleBook, state: State) -> list[Violation]:
    out: list[Violation] = []
    ids = [p.id for p in state.players]
    id_set = set(ids)
    if len(id_set) != len(ids):
        out.append(book.violation("state.duplicate_player", None, "/state/players"))
    if not 2 <= len(ids) <= 4:
        out.append(book.violation("state.player_count", "{count} players.", "/state/players", count=len(ids)))
    out += block_violations(book, state.options, state.blocks, id_set)
    out += _phase(book, state, id_set)
    out += _pieces(book, state)
    out += _cards(book, state)
    return out


def _phase(book: RuleBook, state: State, ids: set[str]) -> list[Violation]:
    out = []

    def bad(message: str, pointer: str) -> None:
        out.append(book.violation("state.phase", message, pointer))

    if state.key not in ids:
        out.append(
            book.violation(
                "state.unknown_player", "The Key holder {key!r} is not a player.", "/state/key", key=state.key
            )
        )
    if state.turn is not None and state.turn not in ids:
        out.append(book.violation("state.unknown_player", "{turn!r} is not a player.", "/state/turn", turn=state.turn))
    phase = state.phase
    if phase == "construction":
        mover = state.player(state.turn) if state.turn is not None else None
        if state.turn is None or (mover is not None and construction_over(state, mover)):
            bad(
                kit.N_(
                    "The construction phase needs a player to move who has not passed and (option empty_hand: "
                    "done) holds a card."
                ),
                "/state/turn",
            )
        if state.auction is not None or state.award is not None:
            bad(kit.N_("No auction runs in the construction phase."), "/state/auction")
    elif phase == "auction":
        if state.auction is None:
            bad(kit.N_("The auction phase needs an auction."), "/state/auction")
        else:
            if (
                not (1 <= state.auction.stack <= len(state.auction_house))
                or not state.auction_house[state.auction.stack - 1]
            ):
                out.append(book.violation("auction.no_lot", None, "/state/auction/stack"))
            for pid, bid in state.auction.sealed:
                p = state.player(pid)
                if p is None:
                    out.append(
                        book.violation(
                            "state.unknown_player",
                            "{player!r} is not a player.",
                            kit.pointer("state", "auction", "sealed", pid),
                            player=pid,
                        )
                    )
                elif bid is not None and not hidden.holds(state, p, bid):
                    out.append(
                        book.violation(
                            "state.cards",
                            "{player}'s sealed bid holds cards not in his hand.",
                            kit.pointer("state", "auction", "sealed", pid),
                            player=pid,
                        )
                    )
            if len(state.auction.sealed) >= len(state.players) and any(b is None for _, b in state.auction.sealed):
                out.append(
                    book.violation(
                        "state.hidden_information", "Every bid is laid but some are hidden.", "/state/auction/sealed"
                    )
                )
        if state.award is not None:
            bad(kit.N_("No development waits to be placed in the auction phase."), "/state/award")
    elif phase == "develop":
        if state.award is None or state.award.player not in ids:
            bad(kit.N_("The develop phase needs the auction winner and the tile."), "/state/award")
    elif phase == "draw":
        if state.turn is None or (state.draws_of(state.turn) <= 0 and state.pending is None):
            bad(kit.N_("The draw phase needs a player with draws left."), "/state/turn")
        for pid, _ in state.draws_left:
            if pid not in ids:
                out.append(
                    book.violation(
                        "state.unknown_player", "{player!r} is not a player.", "/state/draws_left", player=pid
                    )
                )
        if state.round >= data.ROUNDS:
            bad(kit.N_("There is no card draw after round 4."), "/state/phase")
    elif phase == "over":
        if state.round != data.ROUNDS:
            bad(kit.N_("The game ends after round 4."), "/state/round")
    out += _auction_house(book, state)
    if state.pending is not None:
        out += _pending(book, state, state.pending, ids)
    return out


def _pending(book: RuleBook, state: State, pending: Pending, ids: set[str]) -> list[Violation]:
    """A pending reveal: a draw's card (the drawing player's, in the draw phase) or a pile's face-up top (at a
    real table, any phase but the end), from a hidden, non-empty pile whose top is not known."""
    pile = state.pile(pending.pile)
    hidden = pending.pile in data.DECKS and pile.draw is None and pile.draw_size > 0
    if pending.kind == "draw":
        fits = hidden and state.phase == "draw" and pending.player == state.turn
    else:
        fits = hidden and pile.top is None and state.phase != "over" and pending.player in ids
    if fits:
        return []
    return [
        book.violation(
            "state.pending",
            "The pending reveal must be a draw of the drawing player in the draw "
            "phase, or a real table's face-up top card not known yet, from a hidden, non-empty "
            "draw pile.",
            "/state/pending",
        )
    ]


def _auctions_held(state: State) -> int:
    """How many of this round's three auctions are over (their stacks have given up their top tile)."""
    if state.phase in ("draw", "over"):
        return data.AUCTION_STACKS
    if state.phase in ("auction", "develop") and state.auction is not None:
        return state.auction.stack - (1 if state.phase == "auction" else 0)
    return 0


def _auction_house(book: RuleBook, state: State) -> list[Violation]:
    """Each round sells the top tile of every stack in turn, so the round and phase fix what the house holds."""
    if not 1 <= state.round <= data.ROUNDS or len(state.auction_house) != data.AUCTION_STACKS:
        return []
    held = _auctions_held(state)
    expected = tuple(stack[state.round - (1 if i >= held else 0) :] for i, stack in enumerate(data.AUCTION_HOUSE))
    if tuple(tuple(s) for s in state.auction_house) == expected:
        return []
    return [
        book.violation(
            "state.auction_house",
            "In round {round} ({phase}) the auction house holds {expected}, not {found}.",
            "/state/auction_house",
            round=state.round,
            phase=state.phase,
            expected=[list(s) for s in expected],
            found=[list(s) for s in state.auction_house],
        )
    ]


def _pieces(book: RuleBook, state: State) -> list[Violation]:
    out = []
    opts = state.options
    on_board = sum(b.floors for _, blk in state.blocks for b in blk.buildings)
    in_factories = sum(b.floors for p in state.players for b in p.factory)
    if state.floors + on_board + in_factories != data.FLOORS_TOTAL:
        out.append(
            book.violation(
                "state.floors",
                "Supply {floors} + factories {factories} + board {board} is not {total}.",
                "/state/floors",
                floors=state.floors,
                factories=in_factories,
                board=on_board,
                total=data.FLOORS_TOTAL,
            )
        )
    for i, p in enumerate(state.players):
        for shape in data.ROOFS:
            used = sum(1 for b in p.factory if b.roof == shape)
            used += sum(1 for _, blk in state.blocks for b in blk.buildings if b.owner == p.id and b.roof == shape)
            if p.roofs_left(shape) + used != opts.roofs_per_shape:
                out.append(
                    book.violation(
                        "state.roofs",
                        "{player}'s {shape} roofs: {left} left + {used} built is not {total}.",
                        kit.pointer("state", "players", i, "roofs", shape),
                        player=p.id,
                        shape=shape,
                        left=p.roofs_left(shape),
                        used=used,
                        total=opts.roofs_per_shape,
                    )
                )
        placed = sum(1 for _, blk in state.blocks for o in blk.billboards if o == p.id)
        if p.billboards + placed + p.billboards_retired != opts.billboards_per_player:
            out.append(
                book.violation(
                    "state.billboards",
                    "{player}'s billboards: {left} left + {placed} placed + {retired} retired is not {total}.",
                    kit.pointer("state", "players", i, "billboards"),
                    player=p.id,
                    left=p.billboards,
                    placed=placed,
                    retired=p.billboards_retired,
                    total=opts.billboards_per_player,
                )
            )
    house = Counter(t for stack in state.auction_house for t in stack)
    removed = Counter(state.removed_developments)
    award = Counter([state.award.tile]) if state.award else Counter()
    board_count = Counter({"green": sum(blk.greens for _, blk in state.blocks)})
    board_count.update(blk.large for _, blk in state.blocks if blk.large)
    for tile, total in data.TILE_TOTALS.items():
        have = house[tile] + removed[tile] + award[tile] + board_count[tile]
        if have != total:
            out.append(
                book.violation(
                    "state.developments",
                    "{tile}: {found} found (board, auction house, removed, awaiting placement), {total} expected.",
                    "/state/auction_house",
                    tile=tile,
                    found=have,
                    total=total,
                )
            )
    for block_id, blk in state.blocks:
        spec = opts.block(block_id)
        if spec is not None and blk.greens < spec.starting_greens:
            out.append(
                book.violation(
                    "state.developments",
                    "Block {block} has fewer greens than its printed starting greens.",
                    kit.pointer("state", "blocks", block_id, "greens"),
                    block=block_id,
                )
            )
    return out


def _cards(book: RuleBook, state: State) -> list[Violation]:
    out = []
    for i, p in enumerate(state.players):
        if p.hand is not None and len(p.hand) != p.hand_size:
            out.append(
                book.violation(
                    "state.hand_size",
                    "{player} holds {held} cards, hand_size says {hand_size}.",
                    kit.pointer("state", "players", i, "hand_size"),
                    player=p.id,
                    held=len(p.hand),
                    hand_size=p.hand_size,
                )
            )
    for deck, pile in state.piles:
        if pile.draw is not None and len(pile.draw) != pile.draw_size:
            out.append(
                book.violation(
                    "state.pile_size",
                    "The {deck} draw pile holds {held} cards, draw_size says {draw_size}.",
                    kit.pointer("state", "piles", deck, "draw_size"),
                    deck=deck,
                    held=len(pile.draw),
                    draw_size=pile.draw_size,
                )
            )
        if pile.draw is None and pile.top is not None:
            spec = state.options.card(pile.top)
            if spec is None or spec.deck != deck or pile.draw_size <= 0:
                out.append(book.violation("state.pile_top", None, kit.pointer("state", "piles", deck, "top")))
        for c in tuple(pile.draw or ()) + pile.discard:
            spec = state.options.card(c)
            if spec is not None and spec.deck != deck:
                out.append(
                    book.violation(
                        "state.cards",
                        "{card} lies on the {deck} pile.",
                        kit.pointer("state", "piles", deck),
                        card=c,
                        deck=deck,
                    )
                )
    places = hidden.known_places(state)
    for c, where in places.items():
        if state.options.card(c) is None:
            out.append(book.violation("state.cards", "No card {card!r} in this game.", kit.pointer(*where[0]), card=c))
        elif len(where) > 1:
            out.append(
                book.violation(
                    "state.cards", "{card} is in {places} places.", kit.pointer(*where[1]), card=c, places=len(where)
                )
            )
    pool = hidden.unknown_cards(state)
    hidden_hands = sum(p.hand_size for p in state.players if p.hand is None)
    hidden_draws = hidden.hidden_draw_sizes(state)
    if len(pool) != hidden_hands + sum(hidden_draws.values()):
        out.append(
            book.violation(
                "state.cards",
                "{unplaced} cards are in no known place but hidden hands and piles hold {hidden}.",
                "/state/piles",
                unplaced=len(pool),
                hidden=hidden_hands + sum(hidden_draws.values()),
            )
        )
    per_deck = Counter(state.options.known_card(c).deck for c in pool)
    for deck, size in hidden_draws.items():
        if per_deck[deck] < size:
            out.append(
                book.violation(
                    "state.cards",
                    "The hidden {deck} pile holds {size} cards but only {unplaced} {deck} cards are unaccounted for.",
                    kit.pointer("state", "piles", deck, "draw_size"),
                    deck=deck,
                    size=size,
                    unplaced=per_deck[deck],
                )
            )
    return out
