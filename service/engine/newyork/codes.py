"""New York's name and every rule code it can report, with its text and the rule it cites: its rule book.

The game id is written here only: the codes' prefix, the memo kinds and the game's info are built from it,
so a re-skin of New York (Alhambra is exactly New York with other names) is a rule book over the same
``RULES`` under another id, not a copy of the engine.
"""
from __future__ import annotations

from ..kit import RuleBook

GAME_ID = "newyork"
GAME_NAME = "New York"

D = "rules/newyork.md"
S = "seed 000_4117bd1a4d463244"

RULES: dict[str, tuple[str, str]] = {
    # the five building rules, plus the cell itself
    "placement.orientation": ("Tiles face the same way as the start tile (roofs up); no rotation.", f"Building rule 1 ({D} 4.1; {S})"),
    "placement.street_mismatch": ("Touching edges must match: street against street, or none against none.", f"Building rule 2 ({D} 4.1; {S})"),
    "placement.unreachable": ("Every tile must be reachable on foot from the start tile without crossing a street or leaving the tiles.", f"Building rule 3 ({D} 4.1; {S})"),
    "placement.no_contact": ("A tile must share at least one full edge with the city; a corner is not enough.", f"Building rule 4 ({D} 4.1; {S})"),
    "placement.hole": ("No empty cell may be enclosed by the city (4-neighbour flood fill; a diagonal gap does not let it out).", f"Building rule 5 ({D} 4.1; {S}; DESIGN.md 9 holes)"),
    "placement.occupied": ("A tile goes on an empty cell; (0,0) holds the start tile.", f"Building rules ({D} 4.1)"),
    "placement.not_to_place": ("Only a tile bought this turn (or awarded at the end) and not yet placed can be placed this way.", f"End of turn ({D} 4.3; {S})"),
    "placement.no_dummy": ("Only in the 2-player game may a bought tile go to the dummy.", f"Two players ({D} 4.8; {S})"),
    "rebuild.start_tile": ("The start tile can never be removed or swapped.", f"Rebuilding ({D} 4.3; {S})"),
    "rebuild.no_tile": ("There is no city tile at that cell.", f"Rebuilding ({D} 4.3; {S})"),
    "rebuild.not_in_reserve": ("The tile is not in the player's reserve.", f"Rebuilding ({D} 4.3; {S})"),
    "money.empty_slot": ("That money slot holds no card.", f"Taking money ({D} 4.4; {S})"),
    "money.duplicate_slot": ("A money slot is named twice.", f"Taking money ({D} 4.4; {S})"),
    "money.over_five": ("Several money cards may be taken only when they sum to at most 5.", f"Taking money ({D} 4.4; {S})"),
    "money.no_slots": ("Taking money takes at least one card.", f"Taking money ({D} 4.4; {S})"),
    "buy.empty_slot": ("That market slot holds no tile.", f"Buying ({D} 4.3; {S})"),
    "buy.wrong_bank": ("A tile is paid in the currency of its market slot's bank.", f"Buying ({D} 4.3; {S})"),
    "buy.not_in_hand": ("The player does not hold the cards offered.", f"Buying ({D} 4.3; {S})"),
    "buy.underpaid": ("The cards must add up to at least the tile's price.", f"Buying ({D} 4.3; {S})"),
    "buy.no_cards": ("A purchase needs at least one card.", f"Buying ({D} 4.3; {S})"),
    "buy.surplus_card": ("A card the price does not need is refused (only with option allow_surplus_cards false).", "assumption, off by default (DESIGN.md 9 reading allow_surplus_cards)"),
    "turn.not_your_turn": ("Only the player whose turn it is may act now (the message names whom the game awaits).", f"Turn order ({D} 4.3; {S})"),
    "turn.wrong_phase": ("That move does not fit the phase of the turn.", f"Turn structure ({D} 4.3; {S})"),
    "turn.game_over": ("The game is over.", f"End of game ({D} 4.7; {S})"),
    "turn.pending_reveal": ("A draw must be revealed first.", "DESIGN.md 5 (chance at a real table)"),
    "turn.cannot_end": ("The player must take an action (take money, buy or rebuild), the extra one after an exact payment too, while any is possible; end_turn only when none is.", f"Actions ({D} 4.3; {S}; DESIGN.md 9 readings extra_action_optional, stalled_turn)"),
    "turn.unknown_player": ("The player is not in this game.", f"Players ({D} 1)"),
    "reveal.not_pending": ("Nothing is waiting to be revealed.", "DESIGN.md 5"),
    "reveal.wrong_kind": ("The reveal does not carry what is pending (a tile or a money card).", "DESIGN.md 5"),
    "reveal.impossible": ("What was revealed cannot still be in the bag or the money deck.", "DESIGN.md 5 (conservation)"),
    "reveal.out_of_order": ("Scoring card B lies below A in the deck; A comes first.", f"Scoring cards ({D} 4.6; {S})"),
    "state.tile_count": ("Every catalogue tile is in exactly one place (bag, market, cities, reserves, to place, dummy).", f"Components ({D} 3)"),
    "state.unknown_tile": ("Inline tiles belong to score requests only; a game state uses catalogue ids.", f"Components ({D} 3)"),
    "state.money_count": ("Money cards are conserved: each bank has values 1-9, three of each (two with 2 players).", f"Components ({D} 1, 4.8; {S})"),
    "state.scoring_cards": ("Scoring cards A and B are in the deck until revealed, and revealed in order.", f"Scoring cards ({D} 4.6; {S})"),
    "state.players": ("A game has 2 to 6 players with distinct ids.", f"Players ({D} 1)"),
    "state.current": ("The current player must be one of the players.", "Turn order"),
    "state.phase": ("The phase does not fit the rest of the state.", f"Turn structure ({D} 4.3)"),
    "state.dummy": ("The dummy exists in the 2-player game only, and its counts must match its tiles.", f"Two players ({D} 4.8; {S})"),
    "state.pending": ("The pending reveal does not fit the state.", "DESIGN.md 5"),
    "state.options": ("type_tiers must give museum, theater and station the tiers 1, 2 and 3 once each.", "DESIGN.md 9 type_tiers"),
    "state.hidden_money": ("Moves need every player's money; a view hides other players' money.", "DESIGN.md 5 (view)"),
}


BOOK = RuleBook(GAME_ID, RULES)


def memo_kind(name: str) -> str:
    """The memo kind of one of the game's costly computations (e.g. ``newyork.longest_street``)."""
    return f"{GAME_ID}.{name}"
