"""Every rule code of Skyline 3000 with its text and the rule it cites (``BOOK``), and the readings the rules
text fixes (the readings that are options are declared in ``options.py``)."""

from __future__ import annotations

from ..core import Reading
from ..kit import Cite, Edition, RuleBook
from . import data

# Each code cites a section of the game's rules page (service/engine/skyline3000/rules.yaml) by its anchor.
PLAYERS = Cite("Players: 2 to 4, distinct ids", "players")
END = Cite("End of the game", "end-of-game")
ROUNDS = Cite("Rounds: four phases, clockwise from the Key holder", "rounds")
PASS = Cite("Construction e): passing", "pass")
TABLE = Cite("Playing at a real table: reveals", "real-table")
CARDS = Cite("Cards: three decks, face-up piles", "cards")
CONSTRUCTION = Cite("Construction: one action a turn", "construction")
FLOOR = Cite("Construction a): a Floor card's two floors", "floor-card")
ROOF = Cite("Construction b): a Roof card finishes a building", "roof-card")
BILLBOARD = Cite("Construction c): a billboard", "billboard")
CONTRACT = Cite("Construction d): a Contract card moves a finished building", "contract-card")
BOARD = Cite("The board: districts, blocks and platforms", "board")
ROOF_BLOCK = Cite("Placement: one roof shape in a block", "roof-shape-block")
ROOF_DISTRICT = Cite("Placement: not one roof shape in a whole district", "roof-shape-district")
HEIGHT = Cite("Placement: height", "height")
AUCTIONS = Cite("Development: sealed auctions", "auctions")
AUCTION_HOUSE = Cite("The auction house", "auction-house")
DEVELOP = Cite("Development: placing the tile won", "developments")
DRAW = Cite("Card draw: six cards from the face-up piles", "card-draw")
COMPONENTS = Cite("Components", "components")
VIEWS = Cite("Hidden information: views", "views")

RULES: dict[str, tuple[str, Cite]] = {
    # turn and phase
    "turn.unknown_player": ("The acting player is not in the game.", PLAYERS),
    "turn.game_over": ("The game is over: no more moves.", END),
    "turn.wrong_phase": ("This move does not belong to the current phase.", ROUNDS),
    "turn.not_your_turn": ("It is another player's turn.", ROUNDS),
    "turn.already_passed": ("A player who passed takes no more actions this construction phase.", PASS),
    "turn.reveal_pending": ("A card must be revealed first (a draw at a real table).", TABLE),
    # cards
    "card.not_in_hand": ("The card is not in the player's hand.", CARDS),
    "card.unknown": ("No such card in this game's decks.", CARDS),
    "card.wrong_deck": ("The action needs a card of another deck.", CONSTRUCTION),
    # factory
    "factory.no_floors": ("The floor supply has fewer than 2 floors.", FLOOR),
    "factory.floor_placement": (
        "A Floor card's 2 floors go onto new or unfinished buildings: both on one, or one "
        "each on two; a new building takes the factory's next number, a second new one the "
        "number after it.",
        FLOOR,
    ),
    "factory.unknown_building": ("No such building in the player's factory.", CONSTRUCTION),
    "factory.building_finished": ("A finished (roofed) building can never be changed.", ROOF),
    "factory.building_unfinished": ("Only a finished building can be moved to the board.", CONTRACT),
    "factory.no_roof_piece": ("The player has no roof piece of that shape left.", ROOF),
    # placement on the board
    "placement.unknown_block": ("No such block.", BOARD),
    "placement.wrong_district": ("The contract card names another district.", CONTRACT),
    "placement.no_empty_platform": ("The block has no empty small platform.", CONTRACT),
    "placement.large_platform": ("Buildings, billboards and greens never go on a large platform.", BOARD),
    "placement.on_green": ("Nothing is built on a Greenspace.", CONTRACT),
    "placement.not_own_billboard": ("The player owns no billboard in that block to build on.", CONTRACT),
    "placement.roof_shape_block": ("Every building in a block has the same roof shape.", ROOF_BLOCK),
    "placement.roof_shape_district": (
        "The three blocks of a district may not all have the same roof shape.",
        ROOF_DISTRICT,
    ),
    "placement.first_height": ("The first building in a block is exactly 1 floor tall.", HEIGHT),
    "placement.height": (
        "A later building equals the tallest in the block or is exactly one floor taller.",
        HEIGHT,
    ),
    "placement.bad_target": ("Unknown target platform.", BOARD),
    "billboard.none_left": ("The player has no billboard left.", BILLBOARD),
    "points.cannot_pay": ("The player's points cannot pay the action's cost.", BILLBOARD),
    # auctions
    "auction.already_bid": ("The player has already laid a pile for this auction.", AUCTIONS),
    "auction.card_not_in_hand": ("A bid card is not in the player's hand.", AUCTIONS),
    "auction.duplicate_card": ("The same card appears twice in the bids.", AUCTIONS),
    "auction.missing_pile": ("Every player's pile is needed to settle the auction.", AUCTIONS),
    "auction.unknown_pile": ("A pile belongs to nobody in the game.", AUCTIONS),
    "auction.sealed_bids_laid": ("Some players have already laid sealed piles; finish with single bids.", AUCTIONS),
    "auction.not_reporter": ("The Key holder reports the table's piles of an auction.", AUCTIONS),
    "auction.bids_table_only": (
        "The combined bids move reports a real table's piles; in a digital game each player lays a pile of their own.",
        AUCTIONS,
    ),
    "auction.no_lot": ("The auction house stack is empty.", AUCTION_HOUSE),
    "develop.not_winner": ("Only the auction's winner places the development.", DEVELOP),
    "develop.large_taken": ("The block's large platform is not free.", DEVELOP),
    "develop.no_empty_platform": ("A Greenspace goes on an empty small platform.", DEVELOP),
    # draws
    "draw.pile_empty": ("That pile and its discards are empty.", CARDS),
    "draw.unknown_pile": ("No such pile.", DRAW),
    "draw.cards_owed": ("Only the Spaceport's extra cards may be declined, once the 6 cards are drawn.", DRAW),
    "reveal.not_pending": ("No card is waiting to be revealed.", TABLE),
    "reveal.wrong_player": ("The pending draw belongs to another player.", TABLE),
    "reveal.wrong_pile": ("The revealed card does not belong to the pile drawn from.", TABLE),
    "reveal.not_top": ("The drawn card is the pile's face-up top card, which is known.", DRAW),
    "state.pile_top": (
        "A hidden draw pile's face-up top card does not fit (wrong deck, known elsewhere, or an empty pile).",
        CARDS,
    ),
    "reveal.card_unavailable": ("That card cannot still be in the pile (it is known to be elsewhere).", TABLE),
    # state consistency (validate)
    "state.unknown_player": ("A piece or marker names a player who is not in the game.", PLAYERS),
    "state.duplicate_player": ("Two players share an id.", PLAYERS),
    "state.player_count": (data.TEXTS["rule.player_count"], PLAYERS),
    "state.phase": ("The phase markers do not fit together.", ROUNDS),
    "state.floors": ("Floors do not add up to 90 (supply, factories, board).", COMPONENTS),
    "state.roofs": ("A player's roof pieces do not add up.", COMPONENTS),
    "state.billboards": ("A player's billboards do not add up.", COMPONENTS),
    "state.developments": ("Greens, spaceports and megamarkets do not add up.", COMPONENTS),
    "state.auction_house": (
        "The auction house does not hold what the round has left: every round sells the top "
        "tile of stacks 1, 2 and 3 in turn.",
        AUCTION_HOUSE,
    ),
    "state.cards": ("The cards do not add up (each card in exactly one place).", CARDS),
    "state.hand_size": ("A hand's size does not match its cards.", CARDS),
    "state.pile_size": ("A draw pile's size does not match its cards.", CARDS),
    "state.block_capacity": ("A block holds more than its small platforms.", BOARD),
    "state.block_roofs": ("A block holds buildings of both roof shapes.", ROOF_BLOCK),
    "state.district_roofs": ("All three blocks of a district have the same roof shape.", ROOF_DISTRICT),
    "state.block_heights": (
        "The block's heights cannot come from the height rule (start at 1, climb by at most 1).",
        HEIGHT,
    ),
    "state.large": ("A large platform holds something other than a spaceport or a megamarket.", BOARD),
    "state.unknown_block": ("No such block.", BOARD),
    "state.pending": ("The pending reveal does not fit the state.", TABLE),
    "state.hidden_information": ("The state hides what the engine needs to go on (a hand or a sealed bid).", VIEWS),
}


def book_of(edition: Edition) -> RuleBook:
    """The rule codes under an edition's id, its texts in the edition's words, carrying the edition."""
    rules = {**RULES, "state.player_count": (edition.texts["rule.player_count"], PLAYERS)}
    return RuleBook(edition.id, rules, edition=edition)


BOOK = book_of(data.SKYLINE_3000)


SEED = "the seed (Hungarian rulebook)"


# The readings the rules text fixes; the readings that are options are declared with them (options.py).
FIXED_READINGS: tuple[Reading, ...] = (
    Reading(
        "board_open_platforms",
        {"per_district": 3 * data.OPEN_SMALL_PLATFORMS_PER_BLOCK},
        "public source",
        "Each district has 21 open small platforms besides its starting greens (minaspeltips.se review: "
        '"1-2 fields per district are green at the start, the other 21 are open"); the seed\'s yellow '
        "example needs 5, 7 and 5 pieces in one district's three blocks.",
        section="board",
    ),
    Reading(
        "floor_card_split",
        True,
        "seed",
        f"A Floor card's 2 floors go onto new or unfinished buildings: both on one building or one each on "
        f'two. {SEED} says the player takes "két Emeletet, melyeket arra használja, hogy az Üzemében egy új '
        f'épület építésébe kezdjen, vagy meglévő, de be nem fejezett épület magasságát növelje vele" (two '
        f"floors, to start a new building or raise an unfinished one), and its examples need odd heights that "
        f'a 2-floor step never makes: "2- vagy 3 emeletes épületet rakhat le" (White may place a 2- or '
        f"3-floor building) and block B's tie of 5 floors each, \"Fehér nyeri a döntetlent, mivel az itteni "
        f'legmagasabb épülete magasabb, mint Zöldé" (White wins the tie: the tallest building of White is taller).',
        section="floor-card",
    ),
    Reading(
        "table_key",
        "first listed player",
        "assumption",
        "At a real table the Key goes to the first player of the setup's list: the table draws the Key holder "
        '("Válasszatok magatok közül véletlenszerűen egy játékost, ő kapja a Kulcsot": choose a player at '
        "random, that player takes the Key) and lists the players clockwise from the Key holder.",
        section="real-table",
    ),
    Reading(
        "development_without_place",
        "removed",
        "assumption",
        "A won development with no free place anywhere (no empty small platform for a green) is removed from the game.",
        section="developments",
    ),
    Reading(
        "draw_when_cards_run_out",
        "skip",
        "assumption",
        "When every pile and discard pile is empty the remaining draws of the phase are lost.",
        section="card-draw",
    ),
    Reading(
        "reshuffle_seed",
        "seed * 1000003 + shuffles + 1",
        "assumption",
        "A digital reshuffle of a discard pile uses the pinned shuffle seeded with seed * 1000003 + shuffles + 1 "
        "(mod 2**63).",
        section="cards",
    ),
)
