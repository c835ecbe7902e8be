"""Chinatown's rule book: every rule code with its text and the rule it cites, declared once.

Violations are made only through ``BOOK.violation(suffix, template, pointer, **params)``.
"""

from __future__ import annotations

from ..kit import Cite, RuleBook
from .data import GAME_ID

# Each code cites a section of the game's rules page (service/api/rules/chinatown.yaml) by its anchor.
R_SETUP = Cite("Setup: 3 to 5 players, $50,000 each", "setup")
R_DEAL = Cite("Phase 1: building cards dealt and kept", "deal")
R_DRAW = Cite("Phase 2: shop tiles drawn", "draw")
R_TRADE = Cite("Phase 3: trading", "trade")
R_PLACE = Cite("Phase 4: placing shop tiles on one's own empty lots", "place")
R_END = Cite("Six years and the end of the game", "end-of-game")
R_MONEY = Cite("Money: $10,000 steps, kept secret", "money")
R_CHANCE = Cite("Playing at a real table: reveals", "real-table")
R_BOARD = Cite("The board: lots 1 to 85 in 6 blocks", "board")

BOOK = RuleBook(
    GAME_ID,
    {
        # state consistency
        "state.player_count": ("Chinatown is played by 3 to 5 players.", R_SETUP),
        "state.duplicate_player": ("Player ids must be unique.", R_SETUP),
        "state.unknown_player": ("A player named in the state is not in the game.", R_SETUP),
        "state.hidden": ("Hidden information (money, a hand) is missing: a view cannot be played on.", R_MONEY),
        "state.money": ("Money is a non-negative multiple of $10,000.", R_MONEY),
        "state.lot_duplicated": ("A building card or lot is in two places at once.", R_DEAL),
        "state.deck_mismatch": ("The deck must hold exactly the building cards not on the board or in a hand.", R_DEAL),
        "state.not_in_box": (
            "Only the box's pieces are in play: building cards 1 to 85 and the twelve shop types.",
            R_SETUP,
        ),
        "state.tile_count": (
            "Each shop type has its size + 3 tiles: bag, supplies and board hold no more (and, with the bag known, exactly that).",
            R_SETUP,
        ),
        "state.hand_size": (
            "Hands hold the dealt cards, or the kept ones, during the deal and keep phases only.",
            R_DEAL,
        ),
        "state.lot_count": ("The number of claimed lots is what the deals so far kept.", R_DEAL),
        "state.drawn_count": ("The tiles on the board and in supplies are those drawn so far.", R_DRAW),
        "state.phase": ("The phase does not fit the round, the chance mode or who has finished.", R_END),
        "state.turn_order": (
            "Players finish dealing, drawing and placing in turn order from the first player.",
            R_PLACE,
        ),
        "state.pending": ("The pending reveal must be the next deal or draw of the table.", R_CHANCE),
        # moves in general
        "move.game_over": ("The game has ended after 1970's income.", R_END),
        "move.unknown_player": ("The moving player is not in the game.", R_SETUP),
        "move.wrong_phase": ("This move belongs to another phase.", R_END),
        "move.reveal_pending": ("A draw is pending at the table: the next move is its reveal.", R_CHANCE),
        "move.not_your_turn": ("Players place in turn order from the first player.", R_PLACE),
        # keep
        "keep.already_kept": ("A player chooses the cards to keep once a year.", R_DEAL),
        "keep.count": ("Keep exactly the number of cards table 1 says.", R_DEAL),
        "keep.not_in_hand": ("Only cards in one's hand can be kept.", R_DEAL),
        "keep.duplicate": ("A card is kept once.", R_DEAL),
        # reveal
        "reveal.not_pending": ("Nothing is waiting to be revealed.", R_CHANCE),
        "reveal.wrong_player": ("The reveal is for the player the pending draw names.", R_CHANCE),
        "reveal.wrong_kind": ("A deal reveals building cards (lots); a draw reveals shop tiles (tiles).", R_CHANCE),
        "reveal.count": (
            "Reveal at least one card or tile and no more than the pending deal or draw still holds.",
            R_CHANCE,
        ),
        "reveal.lot_unavailable": ("A revealed building card must still be in the deck.", R_CHANCE),
        "reveal.duplicate": ("Each building card exists once.", R_CHANCE),
        "reveal.tile_unavailable": ("Revealed tiles must still be in the bag.", R_CHANCE),
        # trade
        "trade.not_party": ("The player recording a trade must be one of its parties.", R_TRADE),
        "trade.unknown_party": ("Every party of a trade is a player of the game.", R_TRADE),
        "trade.self": ("A transfer goes from one player to another.", R_TRADE),
        "trade.empty": ("Each transfer gives something: lots, tiles or money.", R_TRADE),
        "trade.lot_not_owned": (
            "A party gives only lots it owns (empty or built) or receives from their owner in the same trade.",
            R_TRADE,
        ),
        "trade.lot_twice": ("A party gives a lot on only as often as it holds it in the trade.", R_TRADE),
        "trade.tiles_short": ("A party gives only unplaced tiles it holds or receives in the same trade.", R_TRADE),
        "trade.money_denomination": ("Money changes hands in multiples of $10,000.", R_MONEY),
        "trade.money_short": ("A party gives only money it has or receives in the same trade.", R_TRADE),
        "trade.already_ended": ("This player has already agreed to end trading.", R_TRADE),
        # placement
        "placement.lot_not_owned": ("A tile goes only on a lot its player owns.", R_PLACE),
        "placement.lot_occupied": ("A tile goes only on an empty lot; placed tiles never move.", R_PLACE),
        "placement.tile_not_held": ("A player places only tiles from their own supply.", R_PLACE),
        # scoring
        "score.unknown_owner": ("Every owner on the board is one of the listed players.", R_BOARD),
        "score.money_unknown": ("The final ranking needs every player's money.", R_END),
    },
)
