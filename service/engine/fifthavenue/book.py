"""Fifth Avenue's rule book: every rule code with its text and the rules-page section it cites (``BOOK``),
and the readings the service chose where the rules leave a question open (``FIXED_READINGS``)."""

from __future__ import annotations

from ..core import Reading
from ..kit import Cite, Edition, RuleBook
from . import data as D
from .options import OPTIONS

# What each group of codes cites: a section of the game's rules page (service/engine/fifthavenue/rules.yaml).
CITES = {
    "board": Cite("The board: 7 districts of 5 plots", "board"),
    "plot": Cite("Plots: up to 2 businesses, or one player's skyscrapers", "plots"),
    "one_plot": Cite("One plot per district for each player", "one-plot"),
    "setup": Cite("Setup", "setup"),
    "turn": Cite("Turn: three actions in order", "turn"),
    "action_a": Cite("Action A: 3 skyscrapers to your supply", "action-a"),
    "action_b": Cite("Action B: a business from the current set", "action-b"),
    "action_c": Cite("Action C: a black card and a commissioner step", "action-c"),
    "action_d": Cite("Action D: value a district holding a commissioner", "action-d"),
    "action2": Cite("Second action: two cards", "second-action"),
    "action3": Cite("Third action: move a commissioner one step", "third-action"),
    "auction": Cite("Auctions: bidding", "auctions"),
    "park": Cite("The Central Park auction", "central-park-auction"),
    "bid_colour": Cite("Auctions: which colour a player may bid", "bid-colour"),
    "build": Cite("Auctions: the winner builds 1 up to the limit", "building"),
    "stop": Cite("Building stop", "building-stop"),
    "dummy": Cite("Two players: the dummy bidder Alea", "two-players"),
    "end": Cite("End of the game and final valuation", "end-of-game"),
    "chance": Cite("Playing at a real table: reveals", "real-table"),
    "conservation": Cite("Components: every piece and card in one place", "components"),
}

_CODES = [
    ("turn.game_over", "The game is over: no move is possible.", "end"),
    ("turn.unknown_player", "The player is not in this game.", "turn"),
    ("turn.not_your_turn", "It is another player's turn.", "turn"),
    ("turn.wrong_phase", "This move type is not possible in the current phase or auction stage.", "turn"),
    ("chance.pending_reveal", "A reveal must come first.", "chance"),
    ("chance.nothing_pending", "Nothing is waiting to be revealed.", "chance"),
    ("board.unknown_district", "No such district.", "board"),
    ("board.unknown_plot", "No such plot.", "board"),
    ("board.district_stopped", "The district is under a building stop.", "stop"),
    ("board.one_plot_per_district", "A player owns at most one plot per district.", "one_plot"),
    ("start.plot_occupied", "A starting skyscraper goes on an empty plot.", "setup"),
    ("action_a.general_empty", "No skyscraper is left in the general supply.", "action_a"),
    ("action_b.business_not_in_set", "The business is not in the current set.", "action_b"),
    ("action_b.plot_has_skyscrapers", "A business may not go on a plot with skyscrapers.", "action_b"),
    ("action_b.plot_full", "A plot holds at most 2 businesses.", "plot"),
    ("commissioner.unknown", "No such commissioner.", "action3"),
    ("commissioner.not_a_step", "The commissioner cannot reach that place in one step.", "action3"),
    ("action_d.no_commissioner", "Only a district where a commissioner stands may be valued.", "action_d"),
    ("cards.same_colour", "The two cards come from two different stacks.", "action2"),
    ("cards.stack_empty", "The stack is empty.", "action2"),
    ("cards.wrong_count", "Take two coloured cards (fewer only when fewer stacks hold cards).", "action2"),
    ("auction.no_cards", "A bid lays at least one card.", "auction"),
    ("auction.card_not_in_hand", "The card is not in the hand.", "auction"),
    ("auction.hand_hidden", "A bid from a hand the state hides cannot be checked.", "auction"),
    ("auction.colour_changed", "Raises use the bid's colour or black cards.", "bid_colour"),
    ("auction.colour_missing", "A first bid names its colour.", "bid_colour"),
    ("auction.colour_not_allowed", "That colour may not be bid here.", "bid_colour"),
    ("auction.no_coloured_card", "A first bid holds a card of its colour.", "auction"),
    ("auction.foreign_colour_card", "A bid holds cards of its colour and black cards only.", "auction"),
    ("auction.not_higher", "A bid must be higher than the current high bid.", "auction"),
    (
        "auction.park_colour_missing",
        "The player who started the auctions names Central Park's colour when passing.",
        "park",
    ),
    ("auction.pass_colour_not_asked", "Only the player who started the auctions names Central Park's colour.", "park"),
    ("auction.more_cards_than_hand", "A bid lays no more cards than the hand holds.", "auction"),
    ("auction.no_supply", "A bidder needs a skyscraper in supply (except for a building stop).", "auction"),
    (
        "build.count_not_allowed",
        "The winner builds 1 up to the highest card's limit and the skyscrapers in supply (0 with an empty supply).",
        "build",
    ),
    ("stop.not_possible", "A building stop needs a district whose plots were all occupied.", "stop"),
    ("setup.duplicate_player", "Player ids differ.", "setup"),
    ("setup.player_count", "2 to 4 players.", "setup"),
    ("setup.dummy_id_taken", "With 2 players the dummy bidder's id is taken by no player.", "dummy"),
    ("reveal.wrong_fields", "The reveal does not carry what is pending.", "chance"),
    ("reveal.wrong_count", "The reveal carries the wrong number of items.", "chance"),
    ("reveal.wrong_sequence", "The dummy's draw stops at the first repeated value.", "dummy"),
    ("reveal.impossible_card", "That card cannot still be in its deck.", "conservation"),
    ("reveal.impossible_tile", "That business cannot be where it is revealed from.", "conservation"),
    ("reveal.start_colours", "The starting businesses cover every plot colour, none more than twice.", "setup"),
    ("state.bad_plot_ring", "The plot ring lists the five colours once each.", "board"),
    ("state.bad_commissioner_graph", "The commissioners' graph is unusable.", "board"),
    ("state.plot_mixed", "A plot holds businesses or skyscrapers, not both.", "plot"),
    ("state.plot_overfull", "A plot holds at most 2 businesses.", "plot"),
    ("state.sixth_plot", "The sixth plot takes businesses only.", "board"),
    ("state.empty_skyscrapers", "A skyscraper entry counts at least 1.", "plot"),
    ("state.stopped_not_empty", "A stopped district holds no pieces.", "stop"),
    ("state.two_plots_in_district", "A player owns at most one plot per district.", "one_plot"),
    ("state.park_owner_twice", "A player appears once below Central Park.", "board"),
    ("state.player_count", "2 to 4 players.", "setup"),
    ("state.duplicate_player", "Player ids differ.", "setup"),
    ("state.dummy", "The dummy exists exactly in the 2-player game.", "dummy"),
    ("state.unknown_owner", "Skyscrapers belong to a player in the game.", "board"),
    ("state.hand_size", "hand_size equals the cards in hand.", "conservation"),
    ("state.no_turn", "A game state has its turn.", "turn"),
    ("state.turn_player", "The turn's player is in the game.", "turn"),
    ("state.start_queue", "The starting placements are consistent.", "setup"),
    ("state.auction_phase", "An auction is in progress exactly in the auction phase.", "auction"),
    ("state.turn_action", "The turn records its first action.", "turn"),
    ("state.result", "A finished game, and only that, has a result.", "end"),
    ("state.park_order", "Central Park's draw order is an order of its 8 places.", "end"),
    ("state.commissioner_at", "A commissioner stands on a known place.", "action3"),
    ("state.markers", "Markers lie once each on live districts, at most 3.", "action3"),
    ("state.auction", "The auction's commissioner, trigger and resume are known.", "auction"),
    ("state.auction_site", "Auctions are held in live districts and Central Park.", "auction"),
    ("state.auction_order", "The bidding order lists every bidder once.", "auction"),
    ("state.auction_to_act", "The bidder to act is active.", "auction"),
    ("state.auction_passed", "Passed bidders are bidders.", "auction"),
    ("state.auction_stage", "The auction stage fits the auction.", "auction"),
    ("state.auction_full", "The full flag fits the district.", "stop"),
    ("state.auction_bid", "Bids are well-formed.", "auction"),
    ("state.pending", "The pending reveal fits the state.", "chance"),
    ("state.supply_row", "The supply row is consistent.", "action_b"),
    ("state.stack", "The colour stacks are consistent.", "conservation"),
    ("state.black_deck", "The black deck is consistent.", "conservation"),
    ("state.skyscrapers", "Each colour accounts for 18 skyscrapers.", "conservation"),
    ("state.businesses", "36 businesses, 9 of each type.", "conservation"),
    ("state.businesses_placed", "The count of businesses placed fits the supply row and plots.", "action_b"),
    ("state.park_businesses", "Central Park holds one business per emptied set.", "action_b"),
    ("state.cards", "60 coloured and 50 black cards.", "conservation"),
    ("score.unknown_district", "No such district.", "board"),
    ("score.stopped_district", "A stopped district has no valuation.", "stop"),
    ("score.declarer_missing", "A building-stop scoring needs the declarer.", "stop"),
    ("score.stop_not_full", "A building stop needs every plot occupied.", "stop"),
    ("score.park_tiles_missing", "Central Park needs the revealed tiles.", "end"),
    ("score.park_tiles_not_there", "The revealed tiles are not below Central Park.", "end"),
]


def book_of(edition: Edition) -> RuleBook:
    """The rule codes under an edition's id, carrying the edition."""
    return RuleBook(edition.id, {code: (text, CITES[rule]) for code, text, rule in _CODES}, edition=edition)


BOOK = book_of(D.FIFTH_AVENUE)


FIXED_READINGS = tuple(
    OPTIONS.readings(
        extra=(
            Reading(
                "plot_ring",
                "a ring of five",
                "public source",
                "The 5 plots of a district form a ring, each touching two others (a published review: 'arranged in a "
                "circular pattern, each lot adjacent to two others'); no board picture was found to confirm it.",
                section="plots",
            ),
            Reading(
                "plot_ring_order",
                OPTIONS["board"].default["plot_ring"],
                "assumption",
                "The ring's colour order, violet, brown, gray, green, orange, is in no source found; option "
                "board.plot_ring takes another.",
                section="plots",
            ),
            Reading(
                "district_names",
                "seventh district named Fifth Avenue",
                "assumption",
                "The English rulebook names six districts: 34th Street East and West, Times Square, 42nd St. West, 52nd "
                "St. East and West. The seventh is called Fifth Avenue here on the seed's word alone, '7 verschillende "
                "wijken in New York, waaronder 'Fifth Avenue'' (7 different districts of New York, among them 'Fifth "
                "Avenue'), which may name the board rather than a district; the rulebook's pattern makes 42nd St East, "
                "the partner of 42nd St West, the likelier name. Its id fifth-avenue and its place are kept.",
                section="board",
            ),
            Reading(
                "sixth_plot_colour",
                "no colour",
                "assumption",
                "On the board's back side the sixth plot (broken border) has no colour of its own, so no card bids for "
                "it: it holds the district's starting business, may take a second one, and never skyscrapers. The "
                "rulebook's back-side rules say only that the starting business goes there and that 'players may later "
                "place a second business on this building plot'.",
                section="board",
            ),
            Reading(
                "sixth_plot_neighbours",
                "touches every plot",
                "assumption",
                "On the board's back side the sixth plot touches each of the district's five plots (no picture of that "
                "side was found), so its businesses count for every skyscraper in the district.",
                section="plots",
            ),
            Reading(
                "commissioner_graph",
                OPTIONS["board"].default["commissioner_graph"],
                "assumption",
                "The commissioners' directed graph from City Hall to Central Park (consistent with the English rulebook's figure 4); "
                "option board.commissioner_graph. Stopped districts are skipped to their successors.",
                section="third-action",
            ),
            Reading(
                "start_player",
                "first listed",
                "assumption",
                "The first listed player is the youngest: places the first starting skyscraper (then "
                "counter-clockwise, the last player twice, back clockwise) and takes the first turn.",
                section="setup",
            ),
            Reading(
                "auction_order",
                "path order",
                "assumption",
                "District auctions are held in the order the commissioner's markers were laid, then Central Park; "
                "the markers go back to City Hall when the auctions start.",
                section="auctions",
            ),
            Reading(
                "build_count",
                "1 up to the limit",
                "rulebook",
                "In every auction, the Central Park one included, the winner builds any number from 1 up to the "
                "limit of the winner's highest card (6: 1, 5: 2, 4: 3) and supply (English rulebook, Rio Grande Games, read at manualsdump.com, p. 10: 'also, fewer "
                "than allowed as normal'); the build move carries the number. With an empty supply the winner "
                "builds nothing. In a district that was full the winner may declare a building stop instead, and "
                "must when owning no plot there. A single choice is made at once.",
                section="building",
            ),
            Reading(
                "park_trigger_passes",
                "names the colour as he passes",
                "assumption",
                "The player who started the auctions and does not want to bid in Central Park still sets its colour "
                "(reading park_colour): that player's pass names it. The rules speak only of that player opening with a "
                "coloured card.",
                section="central-park-auction",
            ),
            Reading(
                "dummy_bidder",
                "third bidder, black cards until a repeat",
                "rulebook",
                "With 2 players the dummy 'alea' bids third in every auction, Central Park included: black cards drawn "
                "until a value repeats, held while highest (English rulebook, Rio Grande Games, read at manualsdump.com, p. 5); 'If Alea wins in Central Park, he "
                "does not build'; its cards go to the bottom of the black deck after the auction.",
                section="two-players",
            ),
            Reading(
                "dummy_builds",
                "its limit, on its own or the first empty plot",
                "assumption",
                "Page 5 of the English rulebook breaks off before saying how many skyscrapers Alea builds in a district "
                "and on which plot: here it has 18 skyscrapers, all in its general supply, builds the full limit of its "
                "highest card on its own plot there or else on the plot of reading dummy_plot, and scores no points.",
                section="two-players",
            ),
            Reading(
                "dummy_park_opening",
                "never opens",
                "assumption",
                "Alea holds only black cards, so it does not open Central Park: it bids there only after a player "
                "has opened and set the colour.",
                section="two-players",
            ),
            Reading(
                "black_cards_all_held",
                "owed cards not given",
                "assumption",
                "When every black card is in a hand (the deck and the discarded black cards both empty), a player "
                "owed black cards (after action D, or by the third action) gets what the deck still holds and the "
                "rest is not given, now or later: the event black_cards_not_given names the player and how many "
                "cards were owed and not given. The rules read here say only how many cards are taken, not what "
                "happens when none is left (see reading black_deck_empty for the discards).",
                section="second-action",
            ),
            Reading(
                "second_stop_ends",
                "at once",
                "public source",
                "The 2nd building stop ends the game once resolved (English rulebook p. 7): the remaining auctions are not held.",
                section="end-of-game",
            ),
            Reading(
                "tie_break",
                "most cards, then shared",
                "public source",
                "Ties go to the most cards left in hand (English rulebook p. 7); a tie that stays is shared.",
                section="end-of-game",
            ),
            Reading(
                "real_table_supply_row",
                "revealed set by set",
                "assumption",
                "At a real table setup asks for the supply row set by set, as the table lays it out; a state may also "
                "hold a set as null (not yet typed in), revealed as it becomes the current set. The 9 businesses in "
                "the box stay unseen.",
                section="real-table",
            ),
            Reading(
                "real_table_hands",
                "unknown unless entered",
                "assumption",
                "At a real table a hand is unknown (its size public) unless its player enters it in the state: cards "
                "drawn face down into an unknown hand are not revealed, and a bid from it may lay any cards not known "
                "to be elsewhere, no more than the hand holds. A known hand's face-down draws are revealed.",
                section="real-table",
            ),
        )
    )
)
