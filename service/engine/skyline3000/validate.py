"""Is a state one the rules can reach? Conservation of every piece and card, placement, phase sanity."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from .. import kit
from ..core import Violation
from ..kit import RuleBook
from . import board, data, hidden
from .checks import construction_over
from .options import BlockSpec
from .state import Auction, Block, Options, Pending, Pile, Player, State


# =============================================================================================
# the city: full or partial
# =============================================================================================
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
    for block_id, block in items:
        out += _block(book, options, block_id, block, players, prefix + kit.pointer(block_id))
    return out + _district_roofs(book, dict(items), prefix)


def _block(
    book: RuleBook, options: Options, block_id: str, block: Block, players: set[str] | None, ptr: str
) -> list[Violation]:
    """One block: the game's, within its small platforms, of one roof shape, with heights the height rule
    builds, a development its large platform may hold and (``players`` known) owners who play."""
    spec = options.block(block_id)
    if spec is None:
        return [book.violation("state.unknown_block", "No block {block!r}.", ptr, block=block_id)]
    out = _block_capacity(book, spec, block_id, block, ptr) + _block_buildings(book, block_id, block, ptr)
    if block.large is not None and block.large not in data.LARGE_TILES:
        out.append(book.violation("state.large", None, ptr + kit.pointer("large")))
    if players is not None:
        out += _block_owners(book, block, players, ptr)
    return out


def _block_capacity(book: RuleBook, spec: BlockSpec, block_id: str, block: Block, ptr: str) -> list[Violation]:
    if block.used_platforms() <= spec.small_platforms:
        return []
    return [
        book.violation(
            "state.block_capacity",
            "Block {block} has {platforms} small platforms but holds {used} pieces.",
            ptr,
            block=block_id,
            platforms=spec.small_platforms,
            used=block.used_platforms(),
        )
    ]


def _block_buildings(book: RuleBook, block_id: str, block: Block, ptr: str) -> list[Violation]:
    """The block's buildings: one roof shape, and heights the height rule can build."""
    out = []
    if len({b.roof for b in block.buildings}) > 1:
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
    return out


def _block_owners(book: RuleBook, block: Block, players: set[str], ptr: str) -> list[Violation]:
    """Every building's and billboard's owner is a player."""
    strangers: list[tuple[tuple[str | int, ...], str]] = [
        (("buildings", i, "owner"), b.owner) for i, b in enumerate(block.buildings) if b.owner not in players
    ]
    strangers += [(("billboards", i), owner) for i, owner in enumerate(block.billboards) if owner not in players]
    return [
        book.violation("state.unknown_player", "{owner!r} is not a player.", ptr + kit.pointer(*where), owner=owner)
        for where, owner in strangers
    ]


def _district_roofs(book: RuleBook, lookup: dict[str, Block], prefix: str) -> list[Violation]:
    """No district whose three blocks are all given has one roof shape in all three."""
    out = []
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


# =============================================================================================
# a whole state
# =============================================================================================
def validate(book: RuleBook, state: State) -> list[Violation]:
    """Every rule the state breaks, in the checks' order. A consistent state (nearly every one a request
    sends) is told by one pass that builds no violation (``consistent``); only a state it doubts is
    checked rule by rule."""
    if consistent(book, state):
        return []
    return violations(book, state)


def violations(book: RuleBook, state: State) -> list[Violation]:
    """Every rule the state breaks, checked rule by rule."""
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


def consistent(book: RuleBook, state: State) -> bool:
    """True only when ``validate`` finds nothing in ``state``: its checks in one pass over the players, the
    city and the cards, stopping at the first doubt and building no violation (the phase's checks are
    asked for a verdict only). ``tests/skyline3000/test_validate.py`` holds it to the rule-by-rule checks."""
    players = state.players
    ids = {p.id for p in players}
    if len(ids) != len(players) or not 2 <= len(players) <= 4:
        return False
    options = state.options
    # the city: each block's capacity, starting greens, development, roofs, heights and owners
    on_board = greens = 0
    roofs_built: dict[tuple[str, str], int] = {}  # (owner, shape) -> buildings on the board
    billboards: dict[str, int] = {}  # owner -> billboards on the board
    larges: dict[str, int] = {}
    shapes: dict[str, str | None] = {}
    for block_id, block in state.blocks:
        spec = options.block(block_id)
        buildings = block.buildings
        if (
            spec is None
            or len(buildings) + block.greens + len(block.billboards) > spec.small_platforms
            or block.greens < spec.starting_greens
        ):
            return False
        greens += block.greens
        if block.large is not None:
            if block.large not in data.LARGE_TILES:
                return False
            larges[block.large] = larges.get(block.large, 0) + 1
        shape = buildings[0].roof if buildings else None
        shapes[block_id] = shape
        if buildings:
            heights = []
            for b in buildings:
                if b.roof != shape or b.owner not in ids:
                    return False
                heights.append(b.floors)
                built = (b.owner, b.roof)
                roofs_built[built] = roofs_built.get(built, 0) + 1
            if not board.heights_reachable(heights):
                return False
            on_board += sum(heights)
        for owner in block.billboards:
            if owner not in ids:
                return False
            billboards[owner] = billboards.get(owner, 0) + 1
    for district_blocks in data.DISTRICT_BLOCKS.values():
        district_shapes = {shapes.get(b) for b in district_blocks}
        if len(district_shapes) == 1 and None not in district_shapes:
            return False
    if not kit.allowed(lambda judge: _phase(judge, state, ids), book):
        return False
    # the pieces: floors, each player's roofs and billboards, the developments
    in_factories = 0
    for p in players:
        factory_roofs = {shape: 0 for shape in data.ROOFS}
        for fb in p.factory:
            in_factories += fb.floors
            if fb.roof in factory_roofs:
                factory_roofs[fb.roof] += 1
        for shape, used in factory_roofs.items():
            if p.roofs_left(shape) + used + roofs_built.get((p.id, shape), 0) != options.roofs_per_shape:
                return False
        if p.billboards + billboards.get(p.id, 0) + p.billboards_retired != options.billboards_per_player:
            return False
    if state.floors + on_board + in_factories != data.FLOORS_TOTAL:
        return False
    tiles = {"green": greens, **larges}
    for tile in (*(t for stack in state.auction_house for t in stack), *state.removed_developments):
        tiles[tile] = tiles.get(tile, 0) + 1
    if state.award is not None:
        tiles[state.award.tile] = tiles.get(state.award.tile, 0) + 1
    if any(tiles.get(tile, 0) != total for tile, total in data.TILE_TOTALS.items()):
        return False
    # the cards: sizes, each pile's own deck, every known card the game's and in one place, the unknown
    # ones filling the hidden hands and piles
    card = options.card
    known: list[str] = []
    hidden_hands = 0
    for p in players:
        if p.hand is None:
            hidden_hands += p.hand_size
            continue
        if len(p.hand) != p.hand_size or any(card(c) is None for c in p.hand):
            return False
        known += p.hand
    hidden_draws: dict[str, int] = {}
    for deck, pile in state.piles:
        on_pile = pile.discard
        if pile.draw is not None:
            if len(pile.draw) != pile.draw_size:
                return False
            on_pile = pile.draw + on_pile
        else:
            if pile.top is not None:
                top = card(pile.top)
                if top is None or top.deck != deck or pile.draw_size <= 0:
                    return False
                known.append(pile.top)
            hidden_draws[deck] = pile.draw_size - (1 if pile.top is not None else 0)
        for c in on_pile:
            held = card(c)
            if held is None or held.deck != deck:
                return False
        known += on_pile
    placed = set(known)
    if len(placed) != len(known):
        return False
    pool = [c.id for c in options.cards if c.id not in placed]
    if len(pool) != hidden_hands + sum(hidden_draws.values()):
        return False
    if hidden_draws:
        per_deck = Counter(options.known_card(c).deck for c in pool)
        if any(per_deck[deck] < size for deck, size in hidden_draws.items()):
            return False
    return True


# -- the phase markers ---------------------------------------------------------------------------
def _phase(book: RuleBook, state: State, ids: set[str]) -> list[Violation]:
    """The Key holder and the player on turn play; the phase's own markers fit; the auction house holds what
    the round has left; a pending reveal fits."""
    out = _markers_seated(book, state, ids)
    phase_check = PHASE_CHECKS.get(state.phase)
    if phase_check is not None:
        out += phase_check(book, state, ids)
    out += _auction_house(book, state)
    if state.pending is not None:
        out += _pending(book, state, state.pending, ids)
    return out


def _markers_seated(book: RuleBook, state: State, ids: set[str]) -> list[Violation]:
    out = []
    if state.key not in ids:
        out.append(
            book.violation(
                "state.unknown_player", "The Key holder {key!r} is not a player.", "/state/key", key=state.key
            )
        )
    if state.turn is not None and state.turn not in ids:
        out.append(book.violation("state.unknown_player", "{turn!r} is not a player.", "/state/turn", turn=state.turn))
    return out


def _phase_violation(book: RuleBook, message: str, pointer: str) -> Violation:
    return book.violation("state.phase", message, pointer)


def _construction_phase(book: RuleBook, state: State, ids: set[str]) -> list[Violation]:
    out = []
    mover = state.player(state.turn) if state.turn is not None else None
    if state.turn is None or (mover is not None and construction_over(state, mover)):
        message = kit.N_(
            "The construction phase needs a player to move who has not passed and (option empty_hand: "
            "done) holds a card."
        )
        out.append(_phase_violation(book, message, "/state/turn"))
    if state.auction is not None or state.award is not None:
        out.append(_phase_violation(book, kit.N_("No auction runs in the construction phase."), "/state/auction"))
    return out


def _auction_phase(book: RuleBook, state: State, ids: set[str]) -> list[Violation]:
    if state.auction is None:
        out = [_phase_violation(book, kit.N_("The auction phase needs an auction."), "/state/auction")]
    else:
        out = _auction_running(book, state, state.auction)
    if state.award is not None:
        message = kit.N_("No development waits to be placed in the auction phase.")
        out.append(_phase_violation(book, message, "/state/award"))
    return out


def _auction_running(book: RuleBook, state: State, auction: Auction) -> list[Violation]:
    """The auction has a lot, every sealed pile is a player's and fits his hand, and once every pile is
    laid none is hidden."""
    out = []
    if not (1 <= auction.stack <= len(state.auction_house)) or not state.auction_house[auction.stack - 1]:
        out.append(book.violation("auction.no_lot", None, "/state/auction/stack"))
    for pid, bid in auction.sealed:
        bidder = state.player(pid)
        if bidder is None:
            out.append(
                book.violation(
                    "state.unknown_player",
                    "{player!r} is not a player.",
                    kit.pointer("state", "auction", "sealed", pid),
                    player=pid,
                )
            )
        elif bid is not None and not hidden.holds(state, bidder, bid):
            out.append(
                book.violation(
                    "state.cards",
                    "{player}'s sealed bid holds cards not in {player}'s hand.",
                    kit.pointer("state", "auction", "sealed", pid),
                    player=pid,
                )
            )
    if len(auction.sealed) >= len(state.players) and any(b is None for _, b in auction.sealed):
        out.append(
            book.violation(
                "state.hidden_information", "Every bid is laid but some are hidden.", "/state/auction/sealed"
            )
        )
    return out


def _develop_phase(book: RuleBook, state: State, ids: set[str]) -> list[Violation]:
    if state.award is None or state.award.player not in ids:
        message = kit.N_("The develop phase needs the auction winner and the tile.")
        return [_phase_violation(book, message, "/state/award")]
    return []


def _draw_phase(book: RuleBook, state: State, ids: set[str]) -> list[Violation]:
    out = []
    if state.turn is None or (state.draws_of(state.turn) <= 0 and state.pending is None):
        out.append(_phase_violation(book, kit.N_("The draw phase needs a player with draws left."), "/state/turn"))
    for pid, _ in state.draws_left:
        if pid not in ids:
            out.append(
                book.violation("state.unknown_player", "{player!r} is not a player.", "/state/draws_left", player=pid)
            )
    if state.round >= data.ROUNDS:
        out.append(_phase_violation(book, kit.N_("There is no card draw after round 4."), "/state/phase"))
    return out


def _over_phase(book: RuleBook, state: State, ids: set[str]) -> list[Violation]:
    if state.round != data.ROUNDS:
        return [_phase_violation(book, kit.N_("The game ends after round 4."), "/state/round")]
    return []


PhaseCheck = Callable[[RuleBook, State, set[str]], list[Violation]]
PHASE_CHECKS: dict[str, PhaseCheck] = {
    "construction": _construction_phase,
    "auction": _auction_phase,
    "develop": _develop_phase,
    "draw": _draw_phase,
    "over": _over_phase,
}


def _pending(book: RuleBook, state: State, pending: Pending, ids: set[str]) -> list[Violation]:
    """A pending reveal: a draw's card (the drawing player's, in the draw phase) or a pile's face-up top (at a
    real table, any phase but the end), from a hidden, non-empty pile whose top is not known."""
    pile = state.pile(pending.pile)
    from_hidden_pile = pending.pile in data.DECKS and pile.draw is None and pile.draw_size > 0
    if pending.kind == "draw":
        fits = from_hidden_pile and state.phase == "draw" and pending.player == state.turn
    else:
        fits = from_hidden_pile and pile.top is None and state.phase != "over" and pending.player in ids
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


# -- the pieces ----------------------------------------------------------------------------------
def _pieces(book: RuleBook, state: State) -> list[Violation]:
    """Floors, each player's roofs and billboards, and the developments all add up."""
    out = _floors(book, state)
    for i, p in enumerate(state.players):
        out += _player_pieces(book, state, i, p)
    return out + _developments(book, state) + _starting_greens(book, state)


def _floors(book: RuleBook, state: State) -> list[Violation]:
    on_board = sum(b.floors for _, blk in state.blocks for b in blk.buildings)
    in_factories = sum(b.floors for p in state.players for b in p.factory)
    if state.floors + on_board + in_factories == data.FLOORS_TOTAL:
        return []
    return [
        book.violation(
            "state.floors",
            "Supply {floors} + factories {factories} + board {board} is not {total}.",
            "/state/floors",
            floors=state.floors,
            factories=in_factories,
            board=on_board,
            total=data.FLOORS_TOTAL,
        )
    ]


def _player_pieces(book: RuleBook, state: State, index: int, p: Player) -> list[Violation]:
    """The player's roofs of each shape, then his billboards: left, built or placed, and retired add up."""
    out = []
    opts = state.options
    for shape in data.ROOFS:
        used = sum(1 for b in p.factory if b.roof == shape)
        used += sum(1 for _, blk in state.blocks for b in blk.buildings if b.owner == p.id and b.roof == shape)
        if p.roofs_left(shape) + used != opts.roofs_per_shape:
            out.append(
                book.violation(
                    "state.roofs",
                    "{player}'s {shape} roofs: {left} left + {used} built is not {total}.",
                    kit.pointer("state", "players", index, "roofs", shape),
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
                kit.pointer("state", "players", index, "billboards"),
                player=p.id,
                left=p.billboards,
                placed=placed,
                retired=p.billboards_retired,
                total=opts.billboards_per_player,
            )
        )
    return out


def _developments(book: RuleBook, state: State) -> list[Violation]:
    """Every development tile is on the board, in the auction house, removed or awaiting placement."""
    house = Counter(t for stack in state.auction_house for t in stack)
    removed = Counter(state.removed_developments)
    award = Counter([state.award.tile]) if state.award else Counter()
    board_count = Counter({"green": sum(blk.greens for _, blk in state.blocks)})
    board_count.update(blk.large for _, blk in state.blocks if blk.large)
    out = []
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
    return out


def _starting_greens(book: RuleBook, state: State) -> list[Violation]:
    out = []
    for block_id, blk in state.blocks:
        spec = state.options.block(block_id)
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


# -- the cards -----------------------------------------------------------------------------------
def _cards(book: RuleBook, state: State) -> list[Violation]:
    """Sizes match the cards, piles hold their own deck, each card is in one place, and the unknown cards
    fill the hidden hands and piles exactly."""
    out = _hand_sizes(book, state)
    for deck, pile in state.piles:
        out += _pile(book, state, deck, pile)
    return out + _card_places(book, state) + _unknown_pool(book, state)


def _hand_sizes(book: RuleBook, state: State) -> list[Violation]:
    return [
        book.violation(
            "state.hand_size",
            "{player} holds {held} cards, hand_size says {hand_size}.",
            kit.pointer("state", "players", i, "hand_size"),
            player=p.id,
            held=len(p.hand),
            hand_size=p.hand_size,
        )
        for i, p in enumerate(state.players)
        if p.hand is not None and len(p.hand) != p.hand_size
    ]


def _pile(book: RuleBook, state: State, deck: str, pile: Pile) -> list[Violation]:
    """One deck's pile: its size, its known face-up top, and only cards of its own deck."""
    out = []
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
    return out


def _card_places(book: RuleBook, state: State) -> list[Violation]:
    """Every card in a known place is one of the game's, and in that one place only."""
    out = []
    for c, where in hidden.known_places(state).items():
        if state.options.card(c) is None:
            out.append(book.violation("state.cards", "No card {card!r} in this game.", kit.pointer(*where[0]), card=c))
        elif len(where) > 1:
            out.append(
                book.violation(
                    "state.cards", "{card} is in {places} places.", kit.pointer(*where[1]), card=c, places=len(where)
                )
            )
    return out


def _unknown_pool(book: RuleBook, state: State) -> list[Violation]:
    """The cards in no known place fill the hidden hands and draw piles, each pile with its own deck."""
    out = []
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
