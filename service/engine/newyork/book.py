"""New York's rule book: every rule code it can report, with its text and the rule it cites (``BOOK``),
and the readings the rules text fixes (``FIXED_READINGS``; the option readings come from ``OPTIONS``).

A re-skin of New York (Alhambra) has a book of its own with the same rule suffixes under its id, in its
own words and citing its own rules page; the engine takes the book as a parameter.
"""

from __future__ import annotations

from ..core import Reading
from ..kit import Cite, RuleBook
from .data import NEW_YORK

# Each code cites a section of the game's rules page (service/engine/newyork/rules.yaml) by its anchor.
B1 = Cite("Building rule 1: tiles face the same way", "building-rule-1")
B2 = Cite("Building rule 2: touching edges must match", "building-rule-2")
B3 = Cite("Building rule 3: every tile reachable on foot", "building-rule-3")
B4 = Cite("Building rule 4: a full edge with the city", "building-rule-4")
B5 = Cite("Building rule 5: no holes", "building-rule-5")
BUILD = Cite("Building rules: one tile to a cell", "building-rules")
END_TURN = Cite("End of the turn: placing bought tiles", "end-of-turn")
TWO = Cite("Two players: the dummy", "two-players")
REBUILD = Cite("Rebuilding", "rebuilding")
MONEY = Cite("Taking money: one card, or several up to 5", "taking-money")
BUY = Cite("Buying: pay in the slot's currency, no change", "buying")
TURN = Cite("Turn: one of three actions", "turn")
GAME_END = Cite("End of the game", "end-of-game")
TABLE = Cite("Playing at a real table: reveals", "real-table")
SCORING_CARDS = Cite("Scoring cards A and B in the money deck", "scoring-cards")
COMPONENTS = Cite("Components", "components")
PLAYERS = Cite("Players", "players")
SETUP = Cite("Setup: starting money and the start player", "setup")
SCORING = Cite("Scoring: the building types' tiers", "scoring")
VIEWS = Cite("Hidden information: views", "views")

RULES: dict[str, tuple[str, Cite]] = {
    # the five building rules, plus the cell itself
    "placement.orientation": ("Tiles face the same way as the start tile (roofs up); no rotation.", B1),
    "placement.street_mismatch": ("Touching edges must match: street against street, or none against none.", B2),
    "placement.unreachable": (
        "Every tile must be reachable on foot from the start tile without crossing a street or leaving the tiles.",
        B3,
    ),
    "placement.no_contact": ("A tile must share at least one full edge with the city; a corner is not enough.", B4),
    "placement.hole": (
        "No empty cell may be enclosed by the city (4-neighbour flood fill; a diagonal gap does not let it out).",
        B5,
    ),
    "placement.occupied": ("A tile goes on an empty cell; (0,0) holds the start tile.", BUILD),
    "placement.not_to_place": (
        "Only a tile bought this turn (or awarded at the end) and not yet placed can be placed this way.",
        END_TURN,
    ),
    "placement.no_dummy": ("Only in the 2-player game may a bought tile go to the dummy.", TWO),
    "rebuild.start_tile": ("The start tile can never be removed or swapped.", REBUILD),
    "rebuild.no_tile": ("There is no city tile at that cell.", REBUILD),
    "rebuild.not_in_reserve": ("The tile is not in the player's reserve.", REBUILD),
    "money.empty_slot": ("That money slot holds no card.", MONEY),
    "money.duplicate_slot": ("A money slot is named twice.", MONEY),
    "money.over_five": ("Several money cards may be taken only when they sum to at most 5.", MONEY),
    "money.no_slots": ("Taking money takes at least one card.", MONEY),
    "buy.empty_slot": ("That market slot holds no tile.", BUY),
    "buy.wrong_bank": ("A tile is paid in the currency of its market slot's bank.", BUY),
    "buy.not_in_hand": ("The player does not hold the cards offered.", BUY),
    "buy.underpaid": ("The cards must add up to at least the tile's price.", BUY),
    "buy.no_cards": ("A purchase needs at least one card.", BUY),
    "buy.surplus_card": (
        "A card the price does not need is refused (only with option allow_surplus_cards false).",
        BUY,
    ),
    "turn.not_your_turn": (
        "Only the player whose turn it is may act now (the message names whom the game awaits).",
        TURN,
    ),
    "turn.wrong_phase": ("That move does not fit the phase of the turn.", TURN),
    "turn.game_over": ("The game is over.", GAME_END),
    "turn.pending_reveal": ("A draw must be revealed first.", TABLE),
    "turn.cannot_end": (
        "The player must take an action (take money, buy or rebuild), the extra one after an exact payment too, while any is possible; end_turn only when none is.",
        TURN,
    ),
    "turn.unknown_player": ("The player is not in this game.", PLAYERS),
    "reveal.not_pending": ("Nothing is waiting to be revealed.", TABLE),
    "reveal.wrong_kind": ("The reveal does not carry what is pending (a tile or a money card).", TABLE),
    "reveal.impossible": ("What was revealed cannot still be in the bag or the money deck.", TABLE),
    "reveal.out_of_order": ("Scoring card B lies below A in the deck; A comes first.", SCORING_CARDS),
    "state.tile_count": (
        "Every catalogue tile is in exactly one place (bag, market, cities, reserves, to place, dummy).",
        COMPONENTS,
    ),
    "state.unknown_tile": ("Inline tiles belong to score requests only; a game state uses catalogue ids.", COMPONENTS),
    "state.money_count": (
        "Money cards are conserved: each bank has values 1-9, three of each (two with 2 players, option two_player_money).",
        COMPONENTS,
    ),
    "state.scoring_cards": (
        "Scoring cards A and B are in the deck until revealed, and revealed in order.",
        SCORING_CARDS,
    ),
    "state.players": ("A game has 2 to 6 players with distinct ids.", PLAYERS),
    "state.current": ("The current player must be one of the players.", TURN),
    "state.phase": ("The phase does not fit the rest of the state.", TURN),
    "state.dummy": ("The dummy exists in the 2-player game only, and its counts must match its tiles.", TWO),
    "state.pending": ("The pending reveal does not fit the state.", TABLE),
    "state.deal": (
        "At setup the table deals in order: the market (blue to red), the dummy's tiles, each player's starting money until it reaches 20, then the money row.",
        SETUP,
    ),
    "state.chance": (
        "At a real table the bag's and the money deck's orders are unknown: bag, money_deck and seed are null.",
        TABLE,
    ),
    "state.youngest": ("Option youngest, when given, names a player of the game.", SETUP),
    "state.options": ("type_tiers must give museum, theater and station the tiers 1, 2 and 3 once each.", SCORING),
    "state.hidden_money": ("Moves need every player's money; a view hides other players' money.", VIEWS),
}


BOOK = RuleBook(NEW_YORK.id, RULES)

# The readings the rules text fixes (not options); the option readings come from OPTIONS.
FIXED_READINGS = (
    Reading(
        "banks",
        list(NEW_YORK.banks),
        "assumption",
        'Banks in market order blue, green, yellow, red. The seed names only the first and the last ("a kék '
        'banktól a piros felé haladva", going from the blue bank towards the red one); green and yellow in '
        "the middle, and their order, are the service's assumption.",
        section="components",
    ),
    Reading(
        "start_player_last_tie",
        "seat_order",
        "assumption",
        "When the youngest is not named (option `youngest` null) and fewest cards and the lowest total still "
        "tie, the first of the tied players in seat order starts: the service's own fallback, not the seed's.",
        section="setup",
    ),
    Reading(
        "tiles",
        "alhambra",
        "carried over",
        "The 54 tiles are Alhambra's (costs and walls), walls read as streets: the seed gives the count (\"54 "
        'épületlapka - 6 különböző épületfajtából", 54 building tiles of 6 kinds) but not each tile, so '
        "Alhambra's are carried over.",
        section="components",
        carried_from="alhambra",
    ),
    Reading(
        "longest_street",
        "outline",
        "assumption",
        "Street edges facing an empty cell outside the city count one point each; a street continues along the "
        "outline of the city (at a corner where two tiles touch only diagonally it turns around the same tile); "
        "a closed ring of n edges scores n.",
        section="longest-street",
    ),
    Reading(
        "inner_streets",
        "score_nothing",
        "seed",
        "A street edge facing another tile or an enclosed empty cell (a hole, found in a score input that "
        'breaks building rule 5) is inside the city and scores nothing (the seed: "A városon belül, dupla '
        'utcákért nem jár pont. A belső utcákért nem jár pont.", no points for double streets inside the city; '
        "no points for inner streets).",
        section="longest-street",
    ),
    Reading(
        "dummy_points",
        "scored_every_scoring",
        "seed",
        "In the 2-player game the dummy's majority points add up over the three scorings like a player's and "
        "are kept in the state's `dummy.points` (the seed: \"Az értékeléseknél Sanyi is kap pontokat az "
        'épületeiért (többségek), de utcáért nem kap pontokat", at the scorings Sanyi also gets points for his '
        'buildings, the majorities, but none for streets; and "A játékosok annyi mezőt lépnek előre a '
        'pontsávon korongjukkal, ahány pontot kapnak", the players move their disc forward by the points '
        "they get).",
        section="two-players",
    ),
    Reading(
        "dummy_can_win",
        False,
        "assumption",
        "The winners are chosen among the two players only; the dummy's points are shown beside theirs, so a "
        "table that counts the dummy as a rival can see whether it came first. The seed never says whether "
        'Sanyi can win ("A játékot az nyeri, aki a harmadik értékelés után a legelőrébb jutott korongjával a '
        "pontsávon\", the winner is whoever's disc is furthest ahead after the third scoring, and Sanyi is "
        '"egy képzeletbeli harmadik játékos", an imaginary third player); table reports of Alhambra\'s '
        'two-player game rank the dummy among the players ("I was even beaten by Dirk", the blog Two Player '
        "Alhambra, christmas-tree-pictures.blogspot.com, 2009) but report no game the dummy won.",
        section="two-players",
    ),
    Reading(
        "holes",
        "four_neighbour_flood_fill",
        "public source",
        "An empty cell that cannot reach the outside by edge steps is a hole; a diagonal gap does not let it out.",
        section="building-rule-5",
    ),
    Reading(
        "money_visibility",
        "count_public",
        "seed",
        "What others see: how many money cards each player holds is public, their values are hidden (the "
        'seed: "a játékosok kezükbe veszik kártyáikat, és innentől kezdve titokban tartják, mennyi pénzük '
        'van", the players take their cards in hand and keep secret how much money they have); a view shows '
        "other hands as that many hidden cards.",
        section="views",
    ),
    Reading(
        "scoring_card_piles",
        "five_piles",
        "seed",
        "The deck left after dealing is cut into five piles as equal as can be (larger piles on top); A goes at "
        'a pinned-random place in pile 2, B in pile 4 (the seed: "A megmaradt paklit 5 körülbelül egyforma '
        "paklira kell osztani, és az A értékelőkártyát be kell keverni a 2., a B értékelőkártyát pedig a 4. "
        'pakliba", the rest of the deck is split into 5 roughly equal piles, A shuffled into the 2nd, B into '
        "the 4th; how equal is the service's reading).",
        section="scoring-cards",
    ),
    Reading(
        "leftover_tiles",
        "unique_richest",
        "seed",
        "At the end each market tile goes to the one player with the most money of its bank; a tie (or nobody "
        'holding any) leaves it in the market (the seed: "Egyezőség esetén az adott épületlapka marad az '
        'épületpiacon", on a tie the tile stays in the market).',
        section="end-of-game",
    ),
    Reading(
        "table_scoring_cards",
        "revealed_when_drawn",
        "seed",
        "At a real table the scoring cards' places are not entered at setup. They are set aside while the "
        'money is dealt (the seed: "Félre kell tenni a két értékelőkártyát", the two scoring cards are put '
        "aside), so neither can come up during the deal; then A is shuffled into the second and B into the "
        'fourth of five piles whose size the seed leaves loose ("5 körülbelül egyforma paklira kell '
        'osztani", split into 5 roughly equal piles), so after the deal any money draw may turn up A, and B '
        "only after A.",
        section="real-table",
    ),
    Reading(
        "money_reshuffle",
        "pinned_seed",
        "assumption",
        "Digital play reshuffles the discard with the pinned shuffle seeded from the hidden `seed`; "
        "without it the deck becomes unknown and the next card is revealed.",
        section="end-of-turn",
    ),
)
