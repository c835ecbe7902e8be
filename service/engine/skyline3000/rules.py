"""Every rule code of Skyline 3000 with its text and the rule it cites (``BOOK``), and the readings the rules
text fixes (the readings that are options are declared in ``options.py``)."""
from __future__ import annotations

from ..core import Reading
from ..kit import RuleBook
from . import data

D = "rules/skyline3000.md"

BOOK = RuleBook(data.GAME_ID, {
    # turn and phase
    "turn.unknown_player": ("The acting player is not in the game.", f"{D} Setup"),
    "turn.game_over": ("The game is over: no more moves.", f"{D} End of game"),
    "turn.wrong_phase": ("This move does not belong to the current phase.", f"{D} Round structure"),
    "turn.not_your_turn": ("It is another player's turn.", f"{D} Phase 1 / Phase 4: clockwise from the Key holder"),
    "turn.already_passed": ("A player who passed takes no more actions this construction phase.", f"{D} Phase 1 e) Pass"),
    "turn.reveal_pending": ("A card must be revealed first (a draw at a real table).", "DESIGN.md section 5"),
    # cards
    "card.not_in_hand": ("The card is not in the player's hand.", f"{D} Cards"),
    "card.unknown": ("No such card in this game's decks.", f"{D} Cards"),
    "card.wrong_deck": ("The action needs a card of another deck.", f"{D} Phase 1 a), b), d)"),
    # factory
    "factory.no_floors": ("The floor supply has fewer than 2 floors.", f"{D} Phase 1 a) Floor card"),
    "factory.floor_placement": ("A Floor card's 2 floors go onto new or unfinished buildings: both on one, or one "
                                "each on two; a new building takes the factory's next number, a second new one the "
                                "number after it.", f"{D} Phase 1 a) Floor card; DESIGN.md section 9"),
    "factory.unknown_building": ("No such building in the player's factory.", f"{D} Phase 1"),
    "factory.building_finished": ("A finished (roofed) building can never be changed.", f"{D} Phase 1 a), b)"),
    "factory.building_unfinished": ("Only a finished building can be moved to the board.", f"{D} Phase 1 d) Contract card"),
    "factory.no_roof_piece": ("The player has no roof piece of that shape left.", f"{D} Phase 1 b) Roof card"),
    # placement on the board
    "placement.unknown_block": ("No such block.", f"{D} Board"),
    "placement.wrong_district": ("The contract card names another district.", f"{D} Phase 1 d) Contract card"),
    "placement.no_empty_platform": ("The block has no empty small platform.", f"{D} Phase 1 c), d); Phase 2"),
    "placement.large_platform": ("Buildings, billboards and greens never go on a large platform.", f"{D} Phase 1 d); Board"),
    "placement.on_green": ("Nothing is built on a Greenspace.", f"{D} Phase 1 d)"),
    "placement.not_own_billboard": ("The player has no billboard of his own in that block to build on.", f"{D} Phase 1 d)"),
    "placement.roof_shape_block": ("Every building in a block has the same roof shape.", f"{D} Placement: roof shape within a block"),
    "placement.roof_shape_district": ("The three blocks of a district may not all have the same roof shape.", f"{D} Placement: roof shape within a district"),
    "placement.first_height": ("The first building in a block is exactly 1 floor tall.", f"{D} Placement: height"),
    "placement.height": ("A later building equals the tallest in the block or is exactly one floor taller.", f"{D} Placement: height"),
    "placement.bad_target": ("Unknown target platform.", f"{D} Board"),
    "billboard.none_left": ("The player has no billboard left.", f"{D} Phase 1 c) Billboard"),
    # auctions
    "auction.already_bid": ("The player has already laid his pile for this auction.", f"{D} Phase 2"),
    "auction.card_not_in_hand": ("A bid card is not in the player's hand.", f"{D} Phase 2: bid with cards in hand"),
    "auction.duplicate_card": ("The same card appears twice in the bids.", f"{D} Phase 2"),
    "auction.missing_pile": ("Every player's pile is needed to settle the auction.", f"{D} Phase 2"),
    "auction.unknown_pile": ("A pile belongs to nobody in the game.", f"{D} Phase 2"),
    "auction.sealed_bids_laid": ("Some players have already laid sealed piles; finish with single bids.", f"{D} Phase 2"),
    "auction.not_reporter": ("The Key holder reports the table's piles of an auction.", f"{D} Phase 2 (one move per auction at a real table)"),
    "auction.no_lot": ("The auction house stack is empty.", f"{D} Auction house"),
    "develop.not_winner": ("Only the auction's winner places the development.", f"{D} Phase 2"),
    "develop.large_taken": ("The block's large platform is not free.", f"{D} Phase 2: Spaceport / Megamarket"),
    "develop.no_empty_platform": ("A Greenspace goes on an empty small platform.", f"{D} Phase 2: Greenspace"),
    # draws
    "draw.pile_empty": ("That pile and its discards are empty.", f"{D} Cards: reshuffle"),
    "draw.unknown_pile": ("No such pile.", f"{D} Phase 4"),
    "reveal.not_pending": ("No card is waiting to be revealed.", "DESIGN.md section 5"),
    "reveal.wrong_player": ("The pending draw belongs to another player.", "DESIGN.md section 5"),
    "reveal.wrong_pile": ("The revealed card does not belong to the pile drawn from.", "DESIGN.md section 5"),
    "reveal.not_top": ("The drawn card is the pile's face-up top card, which is known.", f"{D} Phase 4: the piles lie face up"),
    "state.pile_top": ("A hidden draw pile's face-up top card does not fit (wrong deck, known elsewhere, or an empty pile).", f"{D} Cards"),
    "reveal.card_unavailable": ("That card cannot still be in the pile (it is known to be elsewhere).", "DESIGN.md section 5: conservation"),
    # state consistency (validate)
    "state.unknown_player": ("A piece or marker names a player who is not in the game.", f"{D} Setup"),
    "state.duplicate_player": ("Two players share an id.", "DESIGN.md section 4"),
    "state.player_count": ("Skyline 3000 is for 2 to 4 players.", f"{D} Identity"),
    "state.phase": ("The phase markers do not fit together.", f"{D} Round structure"),
    "state.floors": ("Floors do not add up to 90 (supply, factories, board).", f"{D} Components"),
    "state.roofs": ("A player's roof pieces do not add up.", f"{D} Components"),
    "state.billboards": ("A player's billboards do not add up.", f"{D} Components"),
    "state.developments": ("Greens, spaceports and megamarkets do not add up.", f"{D} Components; Auction house"),
    "state.auction_house": ("The auction house does not hold what the round has left: every round sells the top "
                            "tile of stacks 1, 2 and 3 in turn.", f"{D} Board: Auction house; Phase 2"),
    "state.cards": ("The cards do not add up (each card in exactly one place).", f"{D} Cards"),
    "state.hand_size": ("A hand's size does not match its cards.", f"{D} Cards"),
    "state.pile_size": ("A draw pile's size does not match its cards.", f"{D} Cards"),
    "state.block_capacity": ("A block holds more than its small platforms.", f"{D} Board"),
    "state.block_roofs": ("A block holds buildings of both roof shapes.", f"{D} Placement: roof shape within a block"),
    "state.district_roofs": ("All three blocks of a district have the same roof shape.", f"{D} Placement: roof shape within a district"),
    "state.block_heights": ("The block's heights cannot come from the height rule (start at 1, climb by at most 1).", f"{D} Placement: height"),
    "state.large": ("A large platform holds something other than a spaceport or a megamarket.", f"{D} Board"),
    "state.unknown_block": ("No such block.", f"{D} Board"),
    "state.pending": ("The pending reveal does not fit the state.", "DESIGN.md section 5"),
    "state.hidden_information": ("The state hides what the engine needs to go on (a hand or a sealed bid).", "DESIGN.md section 5"),
})


SEED = "the seed (Hungarian rulebook)"


# The readings the rules text fixes; the readings that are options are declared with them (options.py).
FIXED_READINGS: tuple[Reading, ...] = (
    Reading("board_open_platforms", {"per_district": 3 * data.OPEN_SMALL_PLATFORMS_PER_BLOCK},
            "public source",
            "Each district has 21 open small platforms besides its starting greens (minaspeltips.se review: "
            "\"1-2 fields per district are green at the start, the other 21 are open\"); the seed's yellow "
            "example needs 5, 7 and 5 pieces in one district's three blocks."),
    Reading("floor_card_split", True, "seed",
            f"A Floor card's 2 floors go onto new or unfinished buildings: both on one building or one each on "
            f"two. {SEED} says the player takes \"két Emeletet, melyeket arra használja, hogy az Üzemében egy új "
            f"épület építésébe kezdjen, vagy meglévő, de be nem fejezett épület magasságát növelje vele\" (two "
            f"floors, to start a new building or raise an unfinished one), and its examples need odd heights that "
            f"a 2-floor step never makes: \"2- vagy 3 emeletes épületet rakhat le\" (White may place a 2- or "
            f"3-floor building) and block B's tie of 5 floors each, \"Fehér nyeri a döntetlent, mivel az itteni "
            f"legmagasabb épülete magasabb, mint Zöldé\" (White wins the tie: his tallest building is taller)."),
    Reading("negative_points", True, "assumption",
            "Points may go below zero (billboards and billboard replacement cost points)."),
    Reading("billboard_without_cards", True, "assumption",
            "A player with no cards may still place billboards in the construction phase: the billboard action "
            "needs no card, though the rulebook only says players act while they have something playable."),
    Reading("development_without_place", "removed", "assumption",
            "A won development with no free place anywhere (no empty small platform for a green) is removed from "
            "the game."),
    Reading("draw_when_cards_run_out", "skip", "assumption",
            "When every pile and discard pile is empty the remaining draws of the phase are lost."),
    Reading("reshuffle_seed", "seed * 1000003 + shuffles + 1", "assumption",
            "A digital reshuffle of a discard pile uses the pinned shuffle seeded with seed * 1000003 + shuffles + 1 "
            "(mod 2**63)."),
)
