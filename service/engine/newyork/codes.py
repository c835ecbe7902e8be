"""Every rule code New York can report, with its text and the rule it cites; and a Violation maker."""
from __future__ import annotations

from ..core import RuleCode, Violation

D = "rules/newyork.md"
S = "seed 000_4117bd1a4d463244"

_CODES: dict[str, tuple[str, str]] = {
    # the five building rules, plus the cell itself
    "newyork.placement.orientation": ("Tiles face the same way as the start tile (roofs up); no rotation.", f"Building rule 1 ({D} 4.1; {S})"),
    "newyork.placement.street_mismatch": ("Touching edges must match: street against street, or none against none.", f"Building rule 2 ({D} 4.1; {S})"),
    "newyork.placement.unreachable": ("Every tile must be reachable on foot from the start tile without crossing a street or leaving the tiles.", f"Building rule 3 ({D} 4.1; {S})"),
    "newyork.placement.no_contact": ("A tile must share at least one full edge with the city; a corner is not enough.", f"Building rule 4 ({D} 4.1; {S})"),
    "newyork.placement.hole": ("No empty cell may be enclosed by the city (4-neighbour flood fill; a diagonal gap does not let it out).", f"Building rule 5 ({D} 4.1; {S}; DESIGN.md 9 holes)"),
    "newyork.placement.occupied": ("A tile goes on an empty cell; (0,0) holds the start tile.", f"Building rules ({D} 4.1)"),
    "newyork.placement.not_to_place": ("Only a tile bought this turn (or awarded at the end) and not yet placed can be placed this way.", f"End of turn ({D} 4.3; {S})"),
    "newyork.placement.no_dummy": ("Only in the 2-player game may a bought tile go to the dummy.", f"Two players ({D} 4.8; {S})"),
    "newyork.rebuild.start_tile": ("The start tile can never be removed or swapped.", f"Rebuilding ({D} 4.3; {S})"),
    "newyork.rebuild.no_tile": ("There is no city tile at that cell.", f"Rebuilding ({D} 4.3; {S})"),
    "newyork.rebuild.not_in_reserve": ("The tile is not in the player's reserve.", f"Rebuilding ({D} 4.3; {S})"),
    "newyork.money.empty_slot": ("That money slot holds no card.", f"Taking money ({D} 4.4; {S})"),
    "newyork.money.duplicate_slot": ("A money slot is named twice.", f"Taking money ({D} 4.4; {S})"),
    "newyork.money.over_five": ("Several money cards may be taken only when they sum to at most 5.", f"Taking money ({D} 4.4; {S})"),
    "newyork.money.no_slots": ("Taking money takes at least one card.", f"Taking money ({D} 4.4; {S})"),
    "newyork.buy.empty_slot": ("That market slot holds no tile.", f"Buying ({D} 4.3; {S})"),
    "newyork.buy.wrong_bank": ("A tile is paid in the currency of its market slot's bank.", f"Buying ({D} 4.3; {S})"),
    "newyork.buy.not_in_hand": ("The player does not hold the cards offered.", f"Buying ({D} 4.3; {S})"),
    "newyork.buy.underpaid": ("The cards must add up to at least the tile's price.", f"Buying ({D} 4.3; {S})"),
    "newyork.buy.no_cards": ("A purchase needs at least one card.", f"Buying ({D} 4.3; {S})"),
    "newyork.buy.surplus_card": ("A card the price does not need is refused (only with option allow_surplus_cards false).", "assumption, off by default (DESIGN.md 9 reading allow_surplus_cards)"),
    "newyork.turn.not_your_turn": ("Only the player whose turn it is may act now (the message names whom the game awaits).", f"Turn order ({D} 4.3; {S})"),
    "newyork.turn.wrong_phase": ("That move does not fit the phase of the turn.", f"Turn structure ({D} 4.3; {S})"),
    "newyork.turn.game_over": ("The game is over.", f"End of game ({D} 4.7; {S})"),
    "newyork.turn.pending_reveal": ("A draw must be revealed first.", "DESIGN.md 5 (chance at a real table)"),
    "newyork.turn.cannot_end": ("The player must take an action (take money, buy or rebuild), the extra one after an exact payment too, while any is possible; end_turn only when none is.", f"Actions ({D} 4.3; {S}; DESIGN.md 9 readings extra_action_optional, stalled_turn)"),
    "newyork.turn.unknown_player": ("The player is not in this game.", f"Players ({D} 1)"),
    "newyork.reveal.not_pending": ("Nothing is waiting to be revealed.", "DESIGN.md 5"),
    "newyork.reveal.wrong_kind": ("The reveal does not carry what is pending (a tile or a money card).", "DESIGN.md 5"),
    "newyork.reveal.impossible": ("What was revealed cannot still be in the bag or the money deck.", "DESIGN.md 5 (conservation)"),
    "newyork.reveal.out_of_order": ("Scoring card B lies below A in the deck; A comes first.", f"Scoring cards ({D} 4.6; {S})"),
    "newyork.state.tile_count": ("Every catalogue tile is in exactly one place (bag, market, cities, reserves, to place, dummy).", f"Components ({D} 3)"),
    "newyork.state.unknown_tile": ("Inline tiles belong to score requests only; a game state uses catalogue ids.", f"Components ({D} 3)"),
    "newyork.state.money_count": ("Money cards are conserved: each bank has values 1-9, three of each (two with 2 players).", f"Components ({D} 1, 4.8; {S})"),
    "newyork.state.scoring_cards": ("Scoring cards A and B are in the deck until revealed, and revealed in order.", f"Scoring cards ({D} 4.6; {S})"),
    "newyork.state.players": ("A game has 2 to 6 players with distinct ids.", f"Players ({D} 1)"),
    "newyork.state.current": ("The current player must be one of the players.", "Turn order"),
    "newyork.state.phase": ("The phase does not fit the rest of the state.", f"Turn structure ({D} 4.3)"),
    "newyork.state.dummy": ("The dummy exists in the 2-player game only, and its counts must match its tiles.", f"Two players ({D} 4.8; {S})"),
    "newyork.state.pending": ("The pending reveal does not fit the state.", "DESIGN.md 5"),
    "newyork.state.options": ("type_tiers must give museum, theater and station the tiers 1, 2 and 3 once each.", "DESIGN.md 9 type_tiers"),
    "newyork.state.hidden_money": ("Moves need every player's money; a view hides other players' money.", "DESIGN.md 5 (view)"),
}


def rule_codes() -> list[RuleCode]:
    return [RuleCode(code, text, rule) for code, (text, rule) in _CODES.items()]


def violation(code: str, message: str, pointer: str = "") -> Violation:
    return Violation(code, message, _CODES[code][1], pointer)


CODES = frozenset(_CODES)
