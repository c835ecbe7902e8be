"""Chinatown's rule book: every rule code with its text and the rule it cites, declared once, and the
readings the rules text fixes.

Violations are made only through ``book.violation(suffix, template, pointer, **params)``: the engine
(``game.ChinatownGame``) is built over ``BOOK`` and hands it to every check, so the checks name no book of
their own. A book is an edition's (``book_of``): its codes are under the edition's id, and it carries the
edition (``book.edition``) to every rule that reads the edition's texts or tables.
"""

from __future__ import annotations

from ..core import Reading
from ..kit import Cite, RuleBook
from .data import CHINATOWN, TEXTS, Edition

# Each code cites a section of the game's rules page (service/engine/chinatown/rules.yaml) by its anchor.
R_SETUP = Cite("Setup: 3 to 5 players, $50,000 each", "setup")
R_DEAL = Cite("Phase 1: building cards dealt and kept", "deal")
R_DRAW = Cite("Phase 2: shop tiles drawn", "draw")
R_TRADE = Cite("Phase 3: trading", "trade")
R_PLACE = Cite("Phase 4: placing shop tiles on one's own empty lots", "place")
R_END = Cite("Six years and the end of the game", "end-of-game")
R_MONEY = Cite("Money: $10,000 steps, kept secret", "money")
R_CHANCE = Cite("Playing at a real table: reveals", "real-table")
R_BOARD = Cite("The board: lots 1 to 85 in 6 blocks", "board")

RULES: dict[str, tuple[str, Cite]] = {
    # state consistency
    "state.player_count": (TEXTS["rule.player_count"], R_SETUP),
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
}


class EditionBook(RuleBook):
    """Chinatown's rule codes under an edition's id, its texts in the edition's words; ``edition`` is the
    edition whose texts and tables the rules read."""

    def __init__(self, edition: Edition) -> None:
        super().__init__(edition.id, {**RULES, "state.player_count": (edition.texts["rule.player_count"], R_SETUP)})
        self.edition = edition


def book_of(edition: Edition) -> EditionBook:
    return EditionBook(edition)


BOOK = book_of(CHINATOWN)

# The readings fixed by the rules text; the options that are readings come first (options.OPTIONS).
FIXED_READINGS: tuple[Reading, ...] = (
    Reading(
        "player_count",
        {"min": 3, "max": 5},
        "seed",
        "3 to 5 players: the rulebook's table covers only these (the seed's table 1 of the cards dealt each "
        'round: "3 players 7/5 6/4 6/4 6/4 6/4 6/4 4 players 6/4 5/3 5/3 5/3 5/3 5/3 5 players 5/3 5/3 5/3 '
        '4/2 4/2 4/2"); there is no official 2-player game.',
        section="setup",
    ),
    Reading(
        "money_unlimited",
        True,
        "assumption",
        "Money is unlimited (the bank's denominations are unknown) and counted in dollars; every amount is a multiple of $10,000.",
        section="money",
    ),
    Reading(
        "oversized_group_split",
        "full_shops_and_remainder",
        "public source",
        "A same-owner group larger than the shop's size splits into complete shops of full size and one remainder (the same as the rules' single split for every legal state).",
        section="income",
    ),
    Reading(
        "tiles_per_round",
        "dealt_then_kept",
        "public source",
        "Shop tiles drawn: round 1 the number of cards dealt, later rounds the number kept (French quick-start; totals 81/84/85).",
        section="draw",
    ),
    Reading(
        "trade_parties",
        "any_parties_any_goods",
        "seed",
        "A deal may be among any number of players and move lots (empty or built), unplaced tiles and money "
        'in any mix (the rulebook: "A játékosok bárkivel üzletelhetnek, akár többükkel is egyszerre!", '
        'players may deal with anyone, even with several of them at once; "Bármi lehet a kereskedés alapja: '
        'épületek (üzlettel vagy anélkül), üzlet lapkák és pénz bármilyen kombinációban és értékben", anything '
        "can be traded: buildings, with a shop or without, shop tiles and money, in any combination and amount).",
        section="trade",
    ),
    Reading(
        "trade_pass_on",
        "supply_after_receipts",
        "assumption",
        "A deal is judged as a whole: a party may pass on a lot, tiles or money it receives in the same deal, "
        "so a deal among three players equals trades made one after the other, which the rulebook allows "
        '("A szakasz végéig akárhány üzletet lehet kötni", any number of deals may be made until the end of '
        "the phase). A lot passes on only along the deal from its owner; the order the transfers are listed in "
        "does not matter.",
        section="trade",
    ),
    Reading(
        "end_trading_votes",
        "all_players_reset_by_trade",
        "assumption",
        'Trading ends when every player has sent end_trading (the rulebook: "A tárgyalások addig folytatódnak, '
        'amíg minden játékos együttesen meg nem szavazza a továbblépést", the negotiations go on until all the '
        "players together vote to move on). What a deal made after some have voted does is not said: here it "
        "starts the vote over, and every player must agree again.",
        section="trade",
    ),
    Reading(
        "tie_break",
        "tiles_on_board",
        "seed",
        "The richest player wins; a money tie goes to the player with more shop tiles on the board (the "
        'rulebook: "Egyenlőség esetén az lesz a győztes, akinek több leépített üzlet lapkája van a táblán", '
        "in a tie the winner is the one who has more shop tiles built on the board).",
        section="end-of-game",
    ),
    Reading(
        "unbroken_tie",
        "shared",
        "assumption",
        "Players still equal after the tie-break share the win: the rulebook does not say.",
        section="end-of-game",
    ),
    Reading(
        "ownership_markers",
        "no_cap",
        "assumption",
        "Each colour has 30 markers, but nothing caps the lots a player may own through trades: the engine sets no limit.",
        section="trade",
    ),
    Reading(
        "deal_order",
        "each_player_takes_a_block",
        "assumption",
        "Digital deals give each player in turn, from the first player, the next cards of the deck; discards are shuffled back with the state's seed.",
        section="deal",
    ),
)
