"""The starting state: every draw through the pinned random generator, or, at a real table, a reveal the
state asks for in the deal's order; and the start player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Event, RulesError, Violation
from ..kit import RuleBook, replace
from ..random import SEED_SPAN, Rng
from .data import DUMMY_FIRST, MONEY_SLOTS, PILES, START_SUM, Edition
from .hidden import money_copies
from .options import Options
from .state import Card, Dummy, Pending, Player, State


def setup(player_ids: Sequence[str], seed: int, options: Options, book: RuleBook, edition: Edition) -> State:
    """A starting state. Draw order: bag, market (first bank to last), dummy, money deck, starting money,
    four money cards, piles with A in pile 2 and B in pile 4, then the reshuffle seed."""
    if not 2 <= len(player_ids) <= 6 or len(set(player_ids)) != len(player_ids):
        raise RulesError(
            [
                book.violation(
                    "state.players", "{game} needs 2 to 6 players with distinct ids.", "/players", game=edition.name
                )
            ]
        )
    if options.youngest is not None and options.youngest not in player_ids:
        raise RulesError([youngest_violation(options.youngest, "/options/youngest", book)])
    if options.chance == "table":
        return table_setup(player_ids, options, edition)
    rng = Rng(seed)
    tiles = edition.catalogue(options.type_tiers)
    bag = [tiles[i] for i in rng.shuffled(list(edition.tile_ids))]
    market, bag = tuple(bag[:4]), bag[4:]
    dummy = None
    if len(player_ids) == 2:
        dummy, bag = Dummy(tiles=tuple(bag[:DUMMY_FIRST])), bag[DUMMY_FIRST:]
    copies = money_copies(len(player_ids), options.two_player_money)
    deck = [Card(b, v) for b, v in rng.shuffled(edition.money_cards(copies))]
    players = []
    for pid in player_ids:
        hand: list[Card] = []
        while sum(c.value for c in hand) < START_SUM:
            hand.append(deck.pop(0))
        players.append(Player(id=pid, money=tuple(sorted(hand))))
    money_market, deck = tuple(deck[:MONEY_SLOTS]), deck[MONEY_SLOTS:]
    piles: list[list[Card | str]] = _piles(deck)
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


def table_setup(player_ids: Sequence[str], options: Options, edition: Edition) -> State:
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
    return deal(state, [], edition)


def setup_pending(state: State, edition: Edition) -> Pending | None:
    """The table's next draw at setup, in the seed's order: the market from the first bank to the last, the
    dummy's tiles (2 players), each player's starting money in seat order, then the money row."""
    bank = next((i for i, t in enumerate(state.market) if t is None), None)
    if bank is not None:
        return Pending("market_tile", edition.banks[bank])
    if state.dummy is not None and state.dummy_owed > 0:
        return Pending("dummy_tile")
    for player in state.players:
        if hand_total(player) < START_SUM:
            return Pending("starting_money", player.id)
    slot = next((i for i, c in enumerate(state.money_market) if c is None), None)
    return None if slot is None else Pending("money_card", slot)


def hand_total(player: Player) -> int:
    return sum(c.value for c in player.money or ())


def deal(state: State, events: list[Event], edition: Edition) -> State:
    """Ask for the next setup draw; once all is dealt, the start player's turn begins."""
    pending = setup_pending(state, edition)
    if pending is not None:
        return replace(state, pending=pending)
    current = start_player(state.players, state.options.youngest)
    state = replace(state, phase="actions", pending=None, current=current)
    events.append(Event("turn_started", {"player": state.players[current].id}))
    return state


def reveal_starting_money(state: State, player_id: str, card: Card, events: list[Event]) -> State:
    """A card dealt face up to ``player_id``, whose starting money is being dealt."""
    who = next(i for i, p in enumerate(state.players) if p.id == player_id)
    player = state.players[who]
    players = list(state.players)
    players[who] = replace(player, money=tuple(sorted((player.money or ()) + (card,))))
    events.append(
        Event("starting_money_dealt", {"player": player_id, "card": {"bank": card.bank, "value": card.value}})
    )
    return replace(state, players=tuple(players))


def youngest_violation(youngest: str, at: str, book: RuleBook) -> Violation:
    """Option ``youngest`` names someone who does not play: the start player's last tie cannot be broken."""
    return book.violation(
        "state.youngest", "The youngest player ({player}) is not a player of this game.", at, player=youngest
    )


def _piles(deck: list[Any]) -> list[list[Any]]:
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

    def key(i: int) -> tuple[int, int, bool, int]:
        p = players[i]
        return (len(p.money or ()), sum(c.value for c in p.money or ()), p.id != youngest, i)

    return min(range(len(players)), key=key)
