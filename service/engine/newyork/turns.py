"""The flow of the game: setup, the end of a turn (refills, scorings, the dummy), the end of the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..core import NULL_MEMO, Event, Memo, RulesError
from ..random import SEED_SPAN, Rng
from .codes import BOOK, GAME_NAME
from .data import BANKS, DUMMY_FIRST, MONEY_SLOTS, PILES, START_SUM, TILE_IDS, catalogue, money_cards
from .pool import bag_size, unseen_money, unseen_scoring_cards
from .scoring import scoring_points
from .state import Card, Dummy, Options, Pending, Player, State, Tile


def setup(player_ids: Sequence[str], seed: int, options: Options) -> State:
    """A starting state. Draw order: bag, market (blue to red), dummy, money deck, starting money,
    four money cards, piles with A in pile 2 and B in pile 4, then the reshuffle seed."""
    if not 2 <= len(player_ids) <= 6 or len(set(player_ids)) != len(player_ids):
        raise RulesError(
            [
                BOOK.violation(
                    "state.players", "{game} needs 2 to 6 players with distinct ids.", "/players", game=GAME_NAME
                )
            ]
        )
    if options.youngest is not None and options.youngest not in player_ids:
        raise RulesError([youngest_violation(options.youngest, "/options/youngest")])
    if options.chance == "table":
        return table_setup(player_ids, options)
    rng = Rng(seed)
    tiles = catalogue(options.type_tiers)
    bag = [tiles[i] for i in rng.shuffled(list(TILE_IDS))]
    market, bag = tuple(bag[:4]), bag[4:]
    dummy = None
    if len(player_ids) == 2:
        dummy, bag = Dummy(tiles=tuple(bag[:DUMMY_FIRST])), bag[DUMMY_FIRST:]
    copies = 2 if len(player_ids) == 2 else 3
    deck = [Card(b, v) for b, v in rng.shuffled(money_cards(copies))]
    players = []
    for pid in player_ids:
        hand = []
        while sum(c.value for c in hand) < START_SUM:
            hand.append(deck.pop(0))
        players.append(Player(id=pid, money=tuple(sorted(hand))))
    money_market, deck = tuple(deck[:MONEY_SLOTS]), deck[MONEY_SLOTS:]
    piles = _piles(deck)
    for pile, card in ((piles[1], "A"), (piles[3], "B")):
        pile.insert(rng.below(len(pile) + 1), card)
    full_deck = tuple(e for pile in piles for e in pile)
    return State(
        options=options,
        players=tuple(players),
        current=start_player(players, options.youngest),
        phase="actions",
        market=market,
        money_market=money_market,
        bag=tuple(bag),
        money_deck=full_deck,
        dummy=dummy,
        shuffle_seed=rng.below(SEED_SPAN),
    )


def table_setup(player_ids: Sequence[str], options: Options) -> State:
    """A game dealt at a real table: nothing is dealt here; the state asks for each draw as a reveal."""
    dummy = Dummy(tiles=()) if len(player_ids) == 2 else None
    state = State(
        options=options,
        players=tuple(Player(id=pid) for pid in player_ids),
        current=None,
        phase="setup",
        dummy=dummy,
        dummy_owed=DUMMY_FIRST if dummy is not None else 0,
    )
    return deal(state, [])


def setup_pending(state: State) -> Pending | None:
    """The table's next draw at setup, in the seed's order: the market from the blue bank to the red, the
    dummy's tiles (2 players), each player's starting money in seat order, then the money row."""
    bank = next((i for i, t in enumerate(state.market) if t is None), None)
    if bank is not None:
        return Pending("market_tile", BANKS[bank])
    if state.dummy is not None and state.dummy_owed > 0:
        return Pending("dummy_tile")
    for player in state.players:
        if hand_total(player) < START_SUM:
            return Pending("starting_money", player.id)
    slot = next((i for i, c in enumerate(state.money_market) if c is None), None)
    return None if slot is None else Pending("money_card", slot)


def hand_total(player: Player) -> int:
    return sum(c.value for c in player.money or ())


def deal(state: State, events: list[Event]) -> State:
    """Ask for the next setup draw; once all is dealt, the start player's turn begins."""
    pending = setup_pending(state)
    if pending is not None:
        return replace(state, pending=pending)
    state = replace(state, phase="actions", pending=None, current=start_player(state.players, state.options.youngest))
    events.append(Event("turn_started", {"player": state.players[state.current].id}))
    return state


def reveal_starting_money(state: State, player_id: str, card: Card, events: list[Event]) -> State:
    """A card dealt face up to ``player_id``, whose starting money is being dealt."""
    who = next(i for i, p in enumerate(state.players) if p.id == player_id)
    player = state.players[who]
    players = list(state.players)
    players[who] = replace(player, money=tuple(sorted(player.money + (card,))))
    events.append(
        Event("starting_money_dealt", {"player": player_id, "card": {"bank": card.bank, "value": card.value}})
    )
    return replace(state, players=tuple(players))


def revealer(state: State) -> int | None:
    """The seat that enters a pending draw: the player being dealt starting money; the first seat for the
    rest of the deal; during play, the player whose turn ends."""
    if state.pending is None:
        return None
    if state.pending.kind == "starting_money":
        return next((i for i, p in enumerate(state.players) if p.id == state.pending.slot), None)
    if state.phase == "setup":
        return 0 if state.players else None
    return state.current


def youngest_violation(youngest: str, at: str):
    """Option ``youngest`` names someone who does not play: the start player's last tie cannot be broken."""
    return BOOK.violation(
        "state.youngest", "The youngest player ({player}) is not a player of this game.", at, player=youngest
    )


def _piles(deck: list) -> list[list]:
    """Five nearly equal piles, the larger ones on top."""
    base, extra = divmod(len(deck), PILES)
    piles, at = [], 0
    for k in range(PILES):
        size = base + (1 if k < extra else 0)
        piles.append(list(deck[at : at + size]))
        at += size
    return piles


def start_player(players: Sequence[Player], youngest: str | None) -> int:
    """Fewest cards, then the lowest total, then the youngest (when named), then seat order."""

    def key(i: int):
        p = players[i]
        return (len(p.money or ()), sum(c.value for c in p.money or ()), p.id != youngest, i)

    return min(range(len(players)), key=key)


# --- the end of a turn ------------------------------------------------------------------------------


def advance(state: State, events: list[Event], memo: Memo = NULL_MEMO) -> State:
    """Run the refill until it needs a reveal or the next turn starts (or the game ends)."""
    while state.phase == "refill" and state.pending is None:
        if state.dummy is not None and state.dummy_owed > 0:
            state = _dummy_draw(state, events)
            continue
        slot = _fillable_money_slot(state)
        if slot is not None:
            state = _money_draw(state, slot, events, memo)
            continue
        bank = next((i for i, t in enumerate(state.market) if t is None), None)
        if bank is not None:
            if bag_size(state) == 0:
                return end_game(state, events, memo)
            state = _tile_draw(state, bank, events)
            continue
        state = replace(state, phase="actions", current=(state.current + 1) % len(state.players))
        events.append(Event("turn_started", {"player": state.players[state.current].id}))
    return state


def _fillable_money_slot(state: State) -> int | None:
    slot = next((i for i, c in enumerate(state.money_market) if c is None), None)
    if slot is None:
        return None
    if state.money_deck is not None:
        return slot if state.money_deck or state.discard else None
    has_unseen = sum(unseen_money(state).values()) + len(unseen_scoring_cards(state))
    return slot if has_unseen or state.discard else None


def _money_draw(state: State, slot: int, events: list[Event], memo: Memo) -> State:
    deck = state.money_deck
    if deck is None:
        if not sum(unseen_money(state).values()) and not unseen_scoring_cards(state):
            events.append(Event("money_reshuffled", {"cards": len(state.discard)}))
            state = replace(state, discard=())
        return replace(state, pending=Pending("money_card", slot))
    if not deck:
        events.append(Event("money_reshuffled", {"cards": len(state.discard)}))
        if state.shuffle_seed is None:
            return replace(state, money_deck=None, discard=(), pending=Pending("money_card", slot))
        rng = Rng(state.shuffle_seed)
        deck = tuple(rng.shuffled(list(state.discard)))
        state = replace(state, money_deck=deck, discard=(), shuffle_seed=rng.below(SEED_SPAN))
    state = replace(state, money_deck=deck[1:])
    return reveal_money(state, slot, deck[0], events, memo)


def reveal_money(state: State, slot: int, entry, events: list[Event], memo: Memo) -> State:
    """A card turned up for money slot ``slot``: a money card fills it; a scoring card scores."""
    if isinstance(entry, str):
        events.append(Event("scoring_card_revealed", {"card": entry}))
        return apply_scoring(state, entry, events, memo)
    market = list(state.money_market)
    market[slot] = entry
    events.append(Event("money_card_revealed", {"slot": slot, "card": {"bank": entry.bank, "value": entry.value}}))
    return replace(state, money_market=tuple(market))


def _tile_draw(state: State, bank: int, events: list[Event]) -> State:
    if state.bag is None:
        return replace(state, pending=Pending("market_tile", BANKS[bank]))
    return reveal_market_tile(replace(state, bag=state.bag[1:]), bank, state.bag[0], events)


def reveal_market_tile(state: State, bank: int, tile: Tile, events: list[Event]) -> State:
    market = list(state.market)
    market[bank] = tile
    events.append(Event("market_tile_revealed", {"slot": BANKS[bank], "tile": tile.id}))
    return replace(state, market=tuple(market))


def _dummy_draw(state: State, events: list[Event]) -> State:
    if bag_size(state) == 0:
        return replace(state, dummy_owed=0)
    if state.bag is None:
        return replace(state, pending=Pending("dummy_tile"))
    return reveal_dummy_tile(replace(state, bag=state.bag[1:]), state.bag[0], events)


def reveal_dummy_tile(state: State, tile: Tile, events: list[Event]) -> State:
    dummy = replace(state.dummy, tiles=(state.dummy.tiles or ()) + (tile,))
    events.append(Event("dummy_tile_drawn", {"tile": tile.id}))
    return replace(state, dummy=dummy, dummy_owed=state.dummy_owed - 1)


def apply_scoring(state: State, scoring: str, events: list[Event], memo: Memo) -> State:
    """Score A, B or final: every player's points grow, and the dummy's; the dummy gets its tiles after A and B."""
    result = scoring_points(state, scoring, memo)
    players = tuple(replace(p, points=p.points + result["totals"][p.id]) for p in state.players)
    done = {"A": 1, "B": 2, "final": 3}[scoring]
    owed = state.dummy_owed
    state = replace(state, players=players, scorings_done=done)
    details = {"scoring": scoring, "totals": result["totals"]}
    if state.dummy is not None:
        state = replace(state, dummy=replace(state.dummy, points=state.dummy.points + result["dummy"]["total"]))
        details["dummy"] = result["dummy"]["total"]
        if scoring in ("A", "B"):
            owed = DUMMY_FIRST if scoring == "A" else bag_size(state) // 3
    events.append(Event("scoring", details))
    return replace(state, dummy_owed=owed)


# --- the end of the game -----------------------------------------------------------------------------


def end_game(state: State, events: list[Event], memo: Memo) -> State:
    """The market could not be refilled: leftovers go to the richest in their bank (a tie leaves them)."""
    events.append(Event("market_exhausted", {}))
    market = list(state.market)
    gains: dict[int, list[Tile]] = {}
    for bank_index, tile in enumerate(state.market):
        if tile is None:
            continue
        totals = [sum(c.value for c in p.money or () if c.bank == BANKS[bank_index]) for p in state.players]
        best = max(totals)
        if best > 0 and totals.count(best) == 1:
            winner = totals.index(best)
            gains.setdefault(winner, []).append(tile)
            market[bank_index] = None
            events.append(
                Event(
                    "leftover_awarded", {"slot": BANKS[bank_index], "tile": tile.id, "player": state.players[winner].id}
                )
            )
    players = tuple(replace(p, to_place=p.to_place + tuple(gains.get(i, ()))) for i, p in enumerate(state.players))
    state = replace(state, players=players, market=tuple(market), phase="final_placement", pending=None)
    return finish_if_placed(state, events, memo)


def finish_if_placed(state: State, events: list[Event], memo: Memo) -> State:
    if any(p.to_place for p in state.players):
        return state
    state = apply_scoring(state, "final", events, memo)
    best = max(p.points for p in state.players)
    winners = tuple(p.id for p in state.players if p.points == best)
    events.append(Event("game_over", {"winners": list(winners), "draw": len(winners) > 1}))
    return replace(state, phase="over", winners=winners, dummy_owed=0)
