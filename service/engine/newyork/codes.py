"""New York's name and every rule code it can report, with its text and the rule it cites: its rule book.

The game id is written here only: the codes' prefix, the memo kinds and the game's info are built from it,
so a re-skin of New York (Alhambra is exactly New York with other names) is a rule book over the same
``RULES`` under another id, not a copy of the engine.
"""

from __future__ import annotations

from ..kit import Cite, RuleBook

GAME_ID = "newyork"
GAME_NAME = "New York"

# Each code cites a section of the game's rules page (service/api/rules/newyork.yaml) by its anchor.
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
        "Money cards are conserved: each bank has values 1-9, three of each (two with 2 players).",
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


BOOK = RuleBook(GAME_ID, RULES)


def memo_kind(name: str) -> str:
    """The memo kind of one of the game's costly computations (e.g. ``newyork.longest_street``)."""
    return f"{GAME_ID}.{name}"
