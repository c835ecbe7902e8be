"""Every rule code of the engine with its text and the rule it cites."""
from __future__ import annotations

from ..core import RuleCode, Violation

SEED = "seed 001 (Hungarian rulebook)"
R_SETUP = f"Setup: 3-5 players, $50,000 each, 90 tiles in the bag, 85 building cards ({SEED}; rules/chinatown.md 3)"
R_DEAL = f"Phase 1: building cards dealt and kept by table 1 ({SEED}; rules/chinatown.md 3)"
R_DRAW = f"Phase 2: shop tiles drawn from the bag, clockwise from the first player ({SEED}; rules/chinatown.md 3)"
R_TRADE = f"Phase 3: trading lots, tiles and money in any mix ({SEED}; rules/chinatown.md 4.4)"
R_PLACE = f"Phase 4: placing tiles on one's own empty lots, in turn order ({SEED}; rules/chinatown.md 4.4-4.6)"
R_INCOME = f"Phase 5: income by table 2 ({SEED}; rules/chinatown.md 4.7)"
R_END = f"Phase 6 and the end: six years, 1965-1970 ({SEED}; rules/chinatown.md 3)"
R_MONEY = f"Money cards of $10,000 to $200,000; money is secret ({SEED}; rules/chinatown.md 3)"
R_CHANCE = "Chance at a real table: reveals must be possible (DESIGN.md section 5)"
R_BOARD = "Board: lots 1-85 in 6 blocks (data/chinatown_board.json; rules/chinatown.md 1)"

_CODES: dict[str, tuple[str, str]] = {
    # state consistency
    "chinatown.state.player_count": ("Chinatown is played by 3 to 5 players.", R_SETUP),
    "chinatown.state.duplicate_player": ("Player ids must be unique.", R_SETUP),
    "chinatown.state.unknown_player": ("A player named in the state is not in the game.", R_SETUP),
    "chinatown.state.hidden": ("Hidden information (money, a hand) is missing: a view cannot be played on.", R_MONEY),
    "chinatown.state.money": ("Money is a non-negative multiple of $10,000.", R_MONEY),
    "chinatown.state.lot_duplicated": ("A building card or lot is in two places at once.", R_DEAL),
    "chinatown.state.deck_mismatch": ("The deck must hold exactly the building cards not on the board or in a hand.", R_DEAL),
    "chinatown.state.tile_count": ("Each shop type has its size + 3 tiles: bag, supplies and board hold no more (and, with the bag known, exactly that).", R_SETUP),
    "chinatown.state.hand_size": ("Hands hold the dealt cards, or the kept ones, during the deal and keep phases only.", R_DEAL),
    "chinatown.state.lot_count": ("The number of claimed lots is what the deals so far kept.", R_DEAL),
    "chinatown.state.drawn_count": ("The tiles on the board and in supplies are those drawn so far.", R_DRAW),
    "chinatown.state.phase": ("The phase does not fit the round, the chance mode or who has finished.", R_END),
    "chinatown.state.turn_order": ("Players finish dealing, drawing and placing in turn order from the first player.", R_PLACE),
    "chinatown.state.pending": ("The pending reveal must be the next deal or draw of the table.", R_CHANCE),
    # moves in general
    "chinatown.move.game_over": ("The game has ended after 1970's income.", R_END),
    "chinatown.move.unknown_player": ("The moving player is not in the game.", R_SETUP),
    "chinatown.move.wrong_phase": ("This move belongs to another phase.", R_END),
    "chinatown.move.reveal_pending": ("A draw is pending at the table: the next move is its reveal.", R_CHANCE),
    "chinatown.move.not_your_turn": ("Players place in turn order from the first player.", R_PLACE),
    # keep
    "chinatown.keep.already_kept": ("A player chooses the cards to keep once a year.", R_DEAL),
    "chinatown.keep.count": ("Keep exactly the number of cards table 1 says.", R_DEAL),
    "chinatown.keep.not_in_hand": ("Only cards in one's hand can be kept.", R_DEAL),
    "chinatown.keep.duplicate": ("A card is kept once.", R_DEAL),
    # reveal
    "chinatown.reveal.not_pending": ("Nothing is waiting to be revealed.", R_CHANCE),
    "chinatown.reveal.wrong_player": ("The reveal is for the player the pending draw names.", R_CHANCE),
    "chinatown.reveal.wrong_kind": ("A deal reveals building cards (lots); a draw reveals shop tiles (tiles).", R_CHANCE),
    "chinatown.reveal.count": ("Reveal exactly as many cards or tiles as the pending draw says.", R_CHANCE),
    "chinatown.reveal.lot_unavailable": ("A revealed building card must still be in the deck.", R_CHANCE),
    "chinatown.reveal.duplicate": ("Each building card exists once.", R_CHANCE),
    "chinatown.reveal.tile_unavailable": ("Revealed tiles must still be in the bag.", R_CHANCE),
    # trade
    "chinatown.trade.not_party": ("The player recording a trade must be one of its parties.", R_TRADE),
    "chinatown.trade.unknown_party": ("Every party of a trade is a player of the game.", R_TRADE),
    "chinatown.trade.self": ("A transfer goes from one player to another.", R_TRADE),
    "chinatown.trade.empty": ("Each transfer gives something: lots, tiles or money.", R_TRADE),
    "chinatown.trade.lot_not_owned": ("A party gives only lots it owns (empty or built).", R_TRADE),
    "chinatown.trade.lot_twice": ("A lot changes hands once in a trade.", R_TRADE),
    "chinatown.trade.tiles_short": ("A party gives only unplaced tiles it holds.", R_TRADE),
    "chinatown.trade.money_denomination": ("Money changes hands in multiples of $10,000.", R_MONEY),
    "chinatown.trade.money_short": ("A party gives only money it has.", R_TRADE),
    "chinatown.trade.already_ended": ("This player has already agreed to end trading.", R_TRADE),
    # placement
    "chinatown.placement.lot_not_owned": ("A tile goes only on a lot its player owns.", R_PLACE),
    "chinatown.placement.lot_occupied": ("A tile goes only on an empty lot; placed tiles never move.", R_PLACE),
    "chinatown.placement.tile_not_held": ("A player places only tiles from their own supply.", R_PLACE),
    # scoring
    "chinatown.score.unknown_owner": ("Every owner on the board is one of the listed players.", R_BOARD),
    "chinatown.score.money_unknown": ("The final ranking needs every player's money.", R_END),
}

RULE_CODES: tuple[RuleCode, ...] = tuple(RuleCode(code, text, rule) for code, (text, rule) in _CODES.items())


def violation(code: str, message: str, pointer: str = "") -> Violation:
    return Violation(code=code, message=message, rule=_CODES[code][1], pointer=pointer)
