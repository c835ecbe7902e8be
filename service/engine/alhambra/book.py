"""Alhambra's rule book: the same rule codes as New York's under ``alhambra.*``, in Alhambra's words (walls,
the six buildings, the four currencies) and citing Alhambra's rules page; and the readings its rules fix.

New York's code writes a few of its messages in New York's words; ``WORDING`` gives Alhambra's for them, so
a refusal reads as Alhambra's own."""

from __future__ import annotations

from typing import Any

from ..core import Reading, Violation
from ..kit import N_, T_, Cite, RuleBook, Term
from .data import ALHAMBRA
from .options import BGA, HU_RULEBOOK

# Each code cites a section of the game's rules page (service/engine/alhambra/rules.yaml) by its anchor.
B1 = Cite("Building rule 1: tiles face the same way", "building-rule-1")
B2 = Cite("Building rule 2: touching edges must match", "building-rule-2")
B3 = Cite("Building rule 3: every tile reachable on foot", "building-rule-3")
B4 = Cite("Building rule 4: a full edge with the Alhambra", "building-rule-4")
B5 = Cite("Building rule 5: no holes", "building-rule-5")
BUILD = Cite("Building rules: one tile to a cell", "building-rules")
END_TURN = Cite("End of the turn: placing bought tiles", "end-of-turn")
TWO = Cite("Two players: Dirk", "two-players")
REBUILD = Cite("Redesigning the Alhambra", "redesigning")
MONEY = Cite("Taking money: one card, or several up to 5", "taking-money")
BUY = Cite("Buying: pay in the square's currency, no change", "buying")
TURN = Cite("Turn: one of three actions", "turn")
GAME_END = Cite("End of the game", "end-of-game")
TABLE = Cite("Playing at a real table: reveals", "real-table")
SCORING_CARDS = Cite("Scoring cards A and B in the money deck", "scoring-cards")
COMPONENTS = Cite("Components", "components")
PLAYERS = Cite("Players", "players")
SETUP = Cite("Setup: starting money and the start player", "setup")
SCORING = Cite("Scoring: the buildings' points", "scoring")
VIEWS = Cite("Hidden information: views", "views")

RULES: dict[str, tuple[str, Cite]] = {
    # the five building rules, plus the cell itself
    "placement.orientation": ("Tiles face the same way as the starting tile (roofs up); no rotation.", B1),
    "placement.wall_mismatch": ("Touching edges must match: wall against wall, or none against none.", B2),
    "placement.unreachable": (
        "Every tile must be reachable on foot from the fountain without crossing a wall or leaving the tiles.",
        B3,
    ),
    "placement.no_contact": (
        "A tile must share at least one full edge with the Alhambra; a corner is not enough.",
        B4,
    ),
    "placement.hole": (
        "No empty cell may be enclosed by the Alhambra (4-neighbour flood fill; a diagonal gap does not let it out).",
        B5,
    ),
    "placement.occupied": ("A tile goes on an empty cell; (0,0) holds the starting tile.", BUILD),
    "placement.not_to_place": (
        "Only a tile bought this turn (or awarded at the end) and not yet placed can be placed this way.",
        END_TURN,
    ),
    "placement.no_dummy": ("Only in the 2-player game may a bought tile go to Dirk.", TWO),
    "rebuild.start_tile": ("The starting tile can never be removed or swapped.", REBUILD),
    "rebuild.no_tile": ("There is no tile of the Alhambra at that cell.", REBUILD),
    "rebuild.not_in_reserve": ("The tile is not in the player's reserve.", REBUILD),
    "money.empty_slot": ("That money slot holds no card.", MONEY),
    "money.duplicate_slot": ("A money slot is named twice.", MONEY),
    "money.over_five": ("Several money cards may be taken only when they sum to at most 5.", MONEY),
    "money.no_slots": ("Taking money takes at least one card.", MONEY),
    "buy.empty_slot": ("That market square holds no tile.", BUY),
    "buy.wrong_bank": ("A tile is paid in the currency of its market square.", BUY),
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
        "The player must take an action (take money, buy or redesign) while any is possible, and the extra one "
        "after an exact payment too with option extra_action_optional false; end_turn only when none is.",
        TURN,
    ),
    "turn.unknown_player": ("The player is not in this game.", PLAYERS),
    "reveal.not_pending": ("Nothing is waiting to be revealed.", TABLE),
    "reveal.wrong_kind": ("The reveal does not carry what is pending (a tile or a money card).", TABLE),
    "reveal.impossible": ("What was revealed cannot still be in the bag or the money deck.", TABLE),
    "reveal.out_of_order": ("Scoring card B lies below A in the deck; A comes first.", SCORING_CARDS),
    "state.tile_count": (
        "Every catalogue tile is in exactly one place (bag, market, Alhambras, reserves, to place, Dirk).",
        COMPONENTS,
    ),
    "state.unknown_tile": ("Inline tiles belong to score requests only; a game state uses catalogue ids.", COMPONENTS),
    "state.money_count": (
        "Money cards are conserved: each currency has values 1-9, three of each (with 2 players too, unless "
        "option two_player_money is two_of_each: two of each).",
        COMPONENTS,
    ),
    "state.scoring_cards": (
        "Scoring cards A and B are in the deck until revealed, and revealed in order.",
        SCORING_CARDS,
    ),
    "state.players": ("A game has 2 to 6 players with distinct ids.", PLAYERS),
    "state.current": ("The current player must be one of the players.", TURN),
    "state.phase": ("The phase does not fit the rest of the state.", TURN),
    "state.dummy": ("Dirk plays in the 2-player game only, and his counts must match his tiles.", TWO),
    "state.pending": ("The pending reveal does not fit the state.", TABLE),
    "state.deal": (
        "At setup the table deals in order: the market (denar to florin), Dirk's tiles, each player's starting "
        "money until it reaches 20, then the money row.",
        SETUP,
    ),
    "state.chance": (
        "At a real table the bag's and the money deck's orders are unknown: bag, money_deck and seed are null.",
        TABLE,
    ),
    "state.youngest": ("Option youngest, when given, names a player of the game.", SETUP),
    "state.options": (
        "Alhambra has no tier option: its rulebook gives every building its points, so no options can clash.",
        SCORING,
    ),
    "state.hidden_money": ("Moves need every player's money; a view hides other players' money.", VIEWS),
}

#: New York's messages (and the words they carry) in Alhambra's words.
WORDING: dict[str, str] = {
    "A tile at {cell} could not be reached on foot from the start tile without crossing a street.": N_(
        "A tile at {cell} could not be reached on foot from the fountain without crossing a wall."
    ),
    "has a street": T_("has a wall"),
    "has none": T_("has no wall"),
    "none": T_("no wall"),
    "one": T_("a wall"),
}


class AlhambraBook(RuleBook):
    """A rule book whose messages New York's code writes in New York's words are told in Alhambra's."""

    def violation(self, suffix: str, message: str | None = None, pointer: str = "", **params: Any) -> Violation:
        if message is not None:
            message = WORDING.get(message, message)
        for name, value in params.items():
            if isinstance(value, Term) and value in WORDING:
                params[name] = Term(WORDING[value])
        return super().violation(suffix, message, pointer, **params)


#: New York's code names a rule in New York's words: Alhambra's own code for it.
ALIASES = {"placement.street_mismatch": "placement.wall_mismatch"}

BOOK = AlhambraBook(ALHAMBRA.id, RULES, ALIASES)

# The readings the rules text fixes (not options); the option readings come from OPTIONS.
FIXED_READINGS = (
    Reading(
        "banks",
        list(ALHAMBRA.banks),
        "assumption",
        "The four currencies are denars, dirhams, ducats and florins, and the money cards are blue, green, orange "
        "and yellow; the rulebook names both but neither pairs them nor orders the market's squares. The "
        "service's assumption: denar green, dirham orange, ducat blue, florin yellow, in the market in that "
        "order (denar first, florin last).",
        section="components",
    ),
    Reading(
        "start_player_last_tie",
        "seat_order",
        "assumption",
        "The rulebook breaks the start player's tie by the fewest cards, then the lowest total. Beyond it the "
        "service lets option `youngest` name a player, as New York's rules do, and when nobody is named the first "
        "of the tied players in seat order starts: the service's own fallback.",
        section="setup",
    ),
    Reading(
        "tiles",
        "alhambra",
        "public source",
        "The 54 tiles (buildings, prices and walls) as three independent public implementations of Alhambra agree "
        "on them; the rulebook's table of prices and counts (7 pavilions 2-8, 7 seraglios 3-9, 9 arcades 4-10, "
        "9 chambers 5-11, 11 gardens 6-12, 11 towers 7-13) holds for them.",
        section="components",
    ),
    Reading(
        "scoring_table",
        "rulebook_table",
        "public source",
        "The points of the three scorings: the first pays the majority only, the second the first two places, "
        'the final one the first three (the review at ludozine, sunsite.informatik.rwth-aachen.de: "Bei der '
        'ersten Wertung erhält nur der Spieler Punkte, der die meisten Gebäude einer Art hat" [...] "Bei '
        'Spielende erhält auch noch der Spieler Punkte, der die drittmeisten Gebäude einer Art besitzt"). The '
        "published game prints the table of all three scorings on the reserve boards (" + HU_RULEBOOK + ": "
        '"6 Tartalékmező értékelési segédlettel", 6 reserve boards with the scoring aid); the numbers here are '
        "that table's as three independent public implementations agree on every one of them: the table on "
        "the rules page.",
        section="scoring",
    ),
    Reading(
        "longest_wall",
        "outline",
        "assumption",
        "Wall edges facing an empty cell outside the Alhambra count one point each; a wall continues along the "
        "outline of the Alhambra (at a corner where two tiles touch only diagonally it turns around the same "
        "tile); a closed ring of n edges scores n.",
        section="longest-wall",
    ),
    Reading(
        "inner_walls",
        "score_nothing",
        "public source",
        "Only outer walls score: a wall edge facing another tile or an enclosed empty cell (a hole, found in a "
        "score input that breaks building rule 5) is inside the Alhambra and scores nothing (the review at "
        'spielwiese.at, under the publisher\'s picture: "Innen liegende Stadtmauern bringen keine Punkte", '
        "inner walls score no points).",
        section="longest-wall",
    ),
    Reading(
        "dummy_points",
        "scored_every_scoring",
        "public source",
        "In the 2-player game Dirk takes part in every majority, and his points add up over the three scorings "
        "like a player's, kept in the state's `dummy.points`; he never scores for walls (players report his "
        'totals beside theirs, gamingground.blogspot.com, 2009: "Van 126, Me 114, Dirk 93").',
        section="two-players",
    ),
    Reading(
        "dummy_draws",
        "six_six_third",
        "public source",
        "Dirk gets 6 tiles from the bag at the start, 6 more after the first scoring and a third of the bag "
        '(rounded down) after the second (the review at gamesweplay.de: "Dirk bekommt zu Spielbeginn sechs '
        'Gebäude" [...] "Im Anschluss an die Zwischenwertung bekommt Dirk nochmals sechs zufällige Gebäude"; '
        "a player's comment at gamesnightnews.blogspot.com, 2012: \"Dirks final set of tiles is a third rounded "
        "down\"). The rulebook's two-player section could not be read here; New York's rules say the same.",
        section="two-players",
    ),
    Reading(
        "dummy_gift",
        "bought_tile",
        "public source",
        "At the end of a turn a player may give a tile bought this turn to Dirk instead of building or "
        'reserving it (a session report at gamingground.blogspot.com, 2009: "The 2-player rules allow players '
        "to purchase tiles on behalf of Dirk\"). The rulebook's two-player section could not be read here; New "
        "York's rules say the same.",
        section="two-players",
    ),
    Reading(
        "dummy_can_win",
        False,
        "assumption",
        "The winners are chosen among the two players only; Dirk's points are shown beside theirs, so a table "
        "that counts Dirk as a rival can see whether he came first. Table reports rank Dirk among the players "
        '("I was even beaten by Dirk", the blog Two Player Alhambra, christmas-tree-pictures.blogspot.com, 2009).',
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
        "public source",
        "What others see: how many money cards each player holds is public, their values are hidden (" + BGA + ": "
        '"Each player is dealt starting money cards one at a time, face up, until the total is 20 or more. After '
        "this the player's hand of currency cards are kept secret\"); a view shows other hands as that many "
        "hidden cards.",
        section="views",
    ),
    Reading(
        "scoring_card_piles",
        "five_piles",
        "public source",
        "The deck left after dealing is cut into five piles as equal as can be (larger piles on top); A goes at "
        "a pinned-random place in pile 2, B in pile 4 (" + BGA + ': "deck divided into 5 equalish parts and 1st '
        'scoring & 2nd scoring shuffled into stacks"; the review at poeppelkiste.de: "In Teil zwei und vier '
        'werden Wertungskarten eingemischt").',
        section="scoring-cards",
    ),
    Reading(
        "leftover_tiles",
        "unique_richest",
        "carried over",
        "At the end each market tile goes to the one player with the most money of its currency (the review at "
        'spielen.de: "Wer noch genug Geld in der entsprechenden Währung auf dem Konto hat, kann die letzten '
        'Bauelemente in seinen Besitz bringen"); a tie (or nobody holding any) leaves it in the market: New '
        "York's rule, carried over, as no Alhambra text read here says what a tie does.",
        section="end-of-game",
        carried_from="newyork",
    ),
    Reading(
        "table_scoring_cards",
        "revealed_when_drawn",
        "assumption",
        "At a real table the scoring cards' places are not entered at setup: they are shuffled into the second "
        "and fourth of the five piles after the deal, so after the deal any money draw may turn up A, and B only "
        "after A.",
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
