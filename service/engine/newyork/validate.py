"""Is a state one the rules can reach? Conservation of tiles and money, cities, turn and phase sanity."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core import Violation
from ..kit import N_, RuleBook, pointer
from .city import CityChecker, city_violations
from .data import DUMMY_FIRST, START_SUM, Edition
from .hidden import copies, visible_money, visible_tiles
from .setup import hand_total, setup_pending, youngest_violation
from .state import Card, Pending, Player, State


def state_violations(state: State, book: RuleBook, edition: Edition, check_city: CityChecker) -> list[Violation]:
    """Every inconsistency of ``state`` (the engine keeps the answer for the same state in its StateMemo,
    and passes ``check_city``, its memo of city checks under its book)."""
    if not edition.tiers_are_valid(state.options.type_tiers):
        return [
            book.violation(
                "state.options",
                "type_tiers must map museum, theater and station to 1, 2, 3.",
                "/state/options/type_tiers",
            )
        ]
    out: list[Violation] = []
    out += player_violations(state, book, edition)
    if out:
        return out
    youngest = state.options.youngest
    if youngest is not None and all(p.id != youngest for p in state.players):
        out.append(youngest_violation(youngest, "/state/options/youngest", book))
    for i, player in enumerate(state.players):
        if check_city(player.city)[0]:  # the pointer is written only for a city that breaks a rule
            out += city_violations(player.city, pointer("state", "players", i, "city"), check_city)[0]
    out += dummy_violations(state, book, edition)
    if state.partial:
        return out
    out += tile_violations(state, book, edition)
    out += money_violations(state, book, edition)
    out += chance_violations(state, book)
    out += setup_violations(state, book, edition) if state.phase == "setup" else phase_violations(state, book, edition)
    return out


def player_violations(state: State, book: RuleBook, edition: Edition) -> list[Violation]:
    ids = [p.id for p in state.players]
    low = 1 if state.partial else 2
    if not low <= len(ids) <= 6 or len(set(ids)) != len(ids):
        return [
            book.violation(
                "state.players",
                "{count} players (distinct ids: {distinct}); {game} has {low} to 6 players with distinct ids.",
                "/state/players",
                count=len(ids),
                distinct=len(set(ids)),
                game=edition.name,
                low=low,
            )
        ]
    return []


def dummy_violations(state: State, book: RuleBook, edition: Edition) -> list[Violation]:
    out = []
    d = state.dummy
    if d is not None and d.tiles is not None and d.counts is not None:
        from_tiles = Counter(t.kind for t in d.tiles)
        if any(from_tiles.get(k, 0) != dict(d.counts).get(k, 0) for k in edition.types):
            out.append(
                book.violation(
                    "state.dummy", "The dummy's building counts do not match its tiles.", "/state/dummy/buildings"
                )
            )
    if not state.partial and (d is not None) != (len(state.players) == 2):
        out.append(book.violation("state.dummy", "The dummy takes part in the 2-player game only.", "/state/dummy"))
    if state.dummy_owed and d is None:
        out.append(book.violation("state.dummy", "Tiles are owed to a dummy that does not exist.", "/state/dummy_owed"))
    return out


def _twice(state: State, book: RuleBook, tile_id: int, where: str, edition: Edition) -> Violation:
    """A tile found in two places, named as the referee reads it (its building and price, as on the tile);
    by its id only when the catalogue lacks it."""
    try:
        known = edition.catalogue_tile(state.options.type_tiers, tile_id)
    except (ValueError, KeyError, TypeError):
        return book.violation("state.tile_count", "Tile {tile} is in two places.", where, tile=tile_id)
    return book.violation(
        "state.tile_count", "The {kind} tile of price {cost} is in two places.", where, kind=known.kind, cost=known.cost
    )


def tile_violations(state: State, book: RuleBook, edition: Edition) -> list[Violation]:
    ids = _tile_ids(state)
    if None not in ids and len(set(ids)) == len(ids):  # no tile without an id, none twice: no pointer needed
        if state.bag is None or len(ids) == len(edition.tiles):
            return []
    return _tile_faults(state, book, edition)


def _tile_ids(state: State) -> list[int | None]:
    """The ids of every tile the state shows and of the bag's, as ``visible_tiles`` and the bag list them."""
    ids = [t.id for t in state.market if t is not None]
    for player in state.players:
        ids += [p.tile.id for p in player.city]
        ids += [t.id for t in player.reserve]
        ids += [t.id for t in player.to_place]
    if state.dummy is not None and state.dummy.tiles is not None:
        ids += [t.id for t in state.dummy.tiles]
    if state.bag is not None:
        ids += [t.id for t in state.bag]
    return ids


def _tile_faults(state: State, book: RuleBook, edition: Edition) -> list[Violation]:
    """``tile_violations`` of a state with a tile fault, each with its pointer and message."""
    out = []
    places = list(visible_tiles(state))
    if state.bag is not None:
        bag = pointer("state", "bag")
        places += [(t, f"{bag}/{j}") for j, t in enumerate(state.bag)]  # an index needs no escaping
    seen: dict[int, str] = {}
    for tile, where in places:
        if tile.id is None:
            out.append(book.violation("state.unknown_tile", "A game state names tiles by catalogue id.", where))
        elif tile.id in seen:
            out.append(_twice(state, book, tile.id, where, edition))
        else:
            seen[tile.id] = where
    if state.bag is not None and len(seen) != len(edition.tiles) and not out:
        missing = sorted(set(edition.tile_ids) - set(seen))
        out.append(
            book.violation(
                "state.tile_count",
                "{count} tile(s) are nowhere: {tiles}.",
                "/state/bag",
                count=len(missing),
                tiles=", ".join(map(str, missing)),
            )
        )
    return out


def money_violations(state: State, book: RuleBook, edition: Edition) -> list[Violation]:
    out = []
    n = copies(state)
    deck = state.money_deck
    # every card shown and in the deck, counted at once (the deck's scoring cards taken out by name)
    counts: Counter[Any] = Counter(deck or ())
    scoring_a, scoring_b = counts.pop("A", 0), counts.pop("B", 0)
    for player in state.players:
        counts.update(player.money or ())
    counts.update([c for c in state.money_market if c is not None])
    counts.update(state.discard)
    over = n < max(counts.values(), default=0) or not counts.keys() <= _cards_of(edition.banks)
    if over:  # counted again as the census reads it, each card by its kind, for the messages in card order
        counts = visible_money(state)
        if deck is not None:
            counts.update(e for e in deck if isinstance(e, Card))
    for card, k in sorted(counts.items()) if over else ():  # in the cards' order, only when one is wrong
        if card.bank not in edition.banks or not 1 <= card.value <= 9:
            out.append(
                book.violation(
                    "state.money_count", "There is no {bank} {value} card.", "/state", bank=card.bank, value=card.value
                )
            )
        elif k > n:
            out.append(
                book.violation(
                    "state.money_count",
                    "{count} copies of {bank} {value}; the game has {copies}.",
                    "/state",
                    count=k,
                    bank=card.bank,
                    value=card.value,
                    copies=n,
                )
            )
    hidden = sum(p.money_count or 0 for p in state.players if p.money is None)
    if hidden and sum(counts.values()) + hidden > n * 36:
        out.append(
            book.violation(
                "state.money_count",
                "The hidden hands hold {hidden} cards, more than the {left} not shown elsewhere.",
                "/state/players",
                hidden=hidden,
                left=n * 36 - sum(counts.values()),
            )
        )
    if deck is not None and all(p.money is not None for p in state.players) and not out:
        total = sum(counts.values())
        if total != n * 36:
            out.append(
                book.violation(
                    "state.money_count",
                    "{total} money cards are accounted for; the game has {full}.",
                    "/state/money_deck",
                    total=total,
                    full=n * 36,
                )
            )
    if deck is not None:
        once = not over and scoring_a <= 1 and scoring_b <= 1  # no other strings: they would be counted keys
        if once and not (scoring_a and scoring_b and deck.index("B") < deck.index("A")):
            scoring = ["A"] * scoring_a + ["B"] * scoring_b  # the deck's scoring cards, in its order
        else:
            scoring = [e for e in deck if isinstance(e, str)]
        expected = [c for c, done in (("A", 1), ("B", 2)) if state.scorings_done < done]
        if state.scorings_done == 3:  # the game may end before A or B came up
            expected = scoring if scoring in (["A", "B"], ["B"]) else []
        if scoring != expected:
            out.append(
                book.violation(
                    "state.scoring_cards",
                    "After {done} scoring(s) the deck must hold {expected} in that order.",
                    "/state/money_deck",
                    done=state.scorings_done,
                    expected=expected or "no scoring card",
                )
            )
    return out


_CARDS: dict[tuple[str, ...], frozenset[Card]] = {}


def _cards_of(banks: tuple[str, ...]) -> frozenset[Card]:
    """Every money card there is in these banks (a constant per edition, made on first use)."""
    cards = _CARDS.get(banks)
    if cards is None:
        cards = _CARDS[banks] = frozenset(Card(bank, value) for bank in banks for value in range(1, 10))
    return cards


def phase_violations(state: State, book: RuleBook, edition: Edition) -> list[Violation]:
    out: list[Violation] = []
    n = len(state.players)
    if state.current is None or not 0 <= state.current < n:
        return [book.violation("state.current", "The current player is not one of the players.", "/state/current")]
    waiting = [i for i, p in enumerate(state.players) if p.to_place]
    phase = state.phase
    bad = None
    if phase in ("actions", "placement", "refill") and any(i != state.current for i in waiting):
        bad = N_("Only the current player can have bought tiles waiting.")
    elif phase == "placement" and not waiting:
        bad = N_("The placement phase needs bought tiles to place.")
    elif phase == "refill" and (waiting or state.pending is None):
        bad = N_("A refill stops only for a reveal.")
    elif phase == "final_placement" and not waiting:
        bad = N_("The final placement needs awarded tiles to place.")
    elif phase == "over" and (state.winners is None or state.scorings_done != 3 or waiting):
        bad = N_("A finished game has had its final scoring and names its winners.")
    elif phase != "over" and (state.winners is not None or state.scorings_done > 2):
        bad = N_("Only a finished game has winners or a final scoring.")
    elif state.winners is not None and not set(state.winners) <= {p.id for p in state.players}:
        bad = N_("The winners must be players of the game.")
    if bad:
        out.append(book.violation("state.phase", bad, "/state/phase"))
    out += pending_violations(state, book, edition)
    return out


def pending_violations(state: State, book: RuleBook, edition: Edition) -> list[Violation]:
    p = state.pending
    if p is None:
        return []
    if state.phase != "refill":
        return [book.violation("state.pending", "Draws are revealed only during a refill.", "/state/pending")]
    if p.kind == "money_card":
        ok = (
            state.money_deck is None
            and isinstance(p.slot, int)
            and 0 <= p.slot < 4
            and state.money_market[p.slot] is None
        )
    elif p.kind == "market_tile":
        banks = edition.banks
        ok = (
            state.bag is None
            and isinstance(p.slot, str)
            and p.slot in banks
            and state.market[banks.index(p.slot)] is None
        )
    else:
        ok = p.kind == "dummy_tile" and state.bag is None and state.dummy is not None and state.dummy_owed > 0
    if not ok:
        return [book.violation("state.pending", "The pending reveal does not fit the state.", "/state/pending")]
    return []


def chance_violations(state: State, book: RuleBook) -> list[Violation]:
    """A game dealt at a real table never knows the bag's or the deck's order."""
    if state.options.chance == "table" and not (
        state.bag is None and state.money_deck is None and state.shuffle_seed is None
    ):
        return [
            book.violation(
                "state.chance",
                "At a real table the bag, the money deck and the seed are unknown (null).",
                "/state/options/chance",
            )
        ]
    return []


SETUP_ORDER = ("market_tile", "dummy_tile", "starting_money", "money_card")


def setup_violations(state: State, book: RuleBook, edition: Edition) -> list[Violation]:
    """A real table's deal in progress: nobody on turn, nothing played, and what is dealt so far dealt in the
    seed's order, the pending reveal being the next draw of that order."""
    out = []
    if state.current is not None:
        out.append(book.violation("state.phase", "Nobody is on turn while the table deals.", "/state/current"))
    if state.bag is not None or state.money_deck is not None or state.shuffle_seed is not None:
        out.append(
            book.violation(
                "state.chance",
                "The deal is entered at a real table only: the bag, the money deck and the seed are unknown (null).",
                "/state/phase",
            )
        )
    played = (
        state.discard
        or state.scorings_done
        or state.winners is not None
        or any(p.city or p.reserve or p.to_place or p.points for p in state.players)
    )
    if played:
        out.append(book.violation("state.phase", "Nothing is played before the deal is over.", "/state/phase"))
    if any(p.money is None for p in state.players):
        return out  # a view: the hidden hands' deal cannot be followed
    expected = setup_pending(state, edition)
    if expected is None or state.pending != expected:
        return out + [book.violation("state.pending", "The pending reveal does not fit the state.", "/state/pending")]
    return out + deal_violations(state, SETUP_ORDER.index(expected.kind), expected, book)


def deal_violations(state: State, stage: int, expected: Pending, book: RuleBook) -> list[Violation]:
    """What the deal holds beyond its stage (``stage`` indexes SETUP_ORDER), and hands dealt past 20."""
    out = []
    early = N_(
        "This is dealt before its turn in the setup's order: the market, the dummy's tiles, each "
        "player's starting money in seat order, then the money row."
    )
    d = state.dummy
    if d is not None and len(d.tiles or ()) + state.dummy_owed != DUMMY_FIRST:
        out.append(
            book.violation(
                "state.deal", "The dummy is dealt {count} tiles at setup.", "/state/dummy_owed", count=DUMMY_FIRST
            )
        )
    elif d is not None and stage < 1 and d.tiles:
        out.append(book.violation("state.deal", early, "/state/dummy/tiles"))
    dealing = (
        next((i for i, p in enumerate(state.players) if p.id == expected.slot), None)
        if expected.kind == "starting_money"
        else None
    )
    for i, player in enumerate(state.players):
        waiting = stage < 2 or (dealing is not None and i > dealing)
        if waiting and player.money:
            out.append(book.violation("state.deal", early, pointer("state", "players", i, "money")))
        elif not waiting and i != dealing and player.money and _dealt_past_limit(player):
            out.append(
                book.violation(
                    "state.deal",
                    "Starting money is dealt only until it reaches {limit}; this hand went on past it.",
                    pointer("state", "players", i, "money"),
                    limit=START_SUM,
                )
            )
    slot = expected.slot if expected.kind == "money_card" and isinstance(expected.slot, int) else 0
    if any(c is not None for c in state.money_market[slot:]):
        out.append(book.violation("state.deal", early, "/state/money_market"))
    return out


def _dealt_past_limit(player: Player) -> bool:
    """Cards are dealt one at a time until the total reaches the limit: without its last card (any one
    of them, the largest at best) the hand was still below it."""
    return hand_total(player) - max(c.value for c in player.money or ()) >= START_SUM
