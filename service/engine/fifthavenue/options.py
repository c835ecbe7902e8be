"""Fifth Avenue's options, each declared once (kit ``OptionSpec``): the engine's defaults, the readings,
``describe`` and the wire schema's options fields all derive from ``OPTIONS``."""
from __future__ import annotations

from ..kit import OptionBook, OptionSpec
from . import data as D

OPTIONS = OptionBook([
    OptionSpec("board", kind="value", provenance="assumption", reading=False,
               default={"plot_ring": list(D.DEFAULT_PLOT_RING),
                        "commissioner_graph": {k: list(v) for k, v in D.DEFAULT_COMMISSIONER_GRAPH.items()}},
               text="The plot ring of a district and the commissioners' graph (readings plot_ring and "
                    "commissioner_graph).", section="board"),
    OptionSpec("valuation_black_cards", kind="int", default=D.VALUATION_BLACK_CARDS, minimum=1, maximum=2,
               provenance="public source",
               text="After action D the scorer takes 2 black cards (English rulebook p. 9: 'take 2 black cards'; its "
                    "example: 'He takes 2 black cards plus a third black card, as he has no skyscraper in this district. "
                    "Green also takes 1 black card'; German reviews agree), and every player with no skyscraper in the "
                    "valued district, the scorer included, takes 1 more. The Dutch summary says one ('één zwarte kaart "
                    "(na keuze D)'): option valuation_black_cards 1 plays it that way.", section="second-action"),
    OptionSpec("special_scorings", kind="value", default=[{"after": a, "points": p, "districts": d} for a, p, d in D.DEFAULT_SPECIAL_SCORINGS],
               provenance="public source",
               text="After the 3rd, 6th, 9th business placed: 4, 6, 8 points to each player with a "
                    "skyscraper in at least 3, 4, 5 districts (English rulebook p. 13 for the 6th and 9th; a Dutch review for all three: "
                    "'de eerste keer 4 punten voor drie wijken, de tweede keer 6 punten voor vier wijken, en de derde keer "
                    "8 punten voor vijf wijken'). Option special_scorings.", section="special-scorings"),
    OptionSpec("bid_requires_supply", kind="bool", default=True,
               provenance="seed",
               text="A player needs at least 1 skyscraper in his supply to open a bid, except in a full district, where a "
                    "building stop is possible. The strategy note of the seed: 'Aangezien je medespeler slechts weinig "
                    "wolkenkrabbers heeft, kan hij niet aan alle veilingen deelnemen' (a player with few skyscrapers "
                    "cannot take part in all auctions). Option bid_requires_supply.", section="auctions"),
    OptionSpec("black_deck_empty", kind="choice", default=D.BLACK_DECK_EMPTY[0], choices=D.BLACK_DECK_EMPTY,
               provenance="assumption",
               text="When a black card must be drawn and the black deck is empty, the discarded black cards are shuffled "
                    "into a new deck (random games empty the deck in 10-60% of games, and a game without black cards "
                    "stalls its auctions). Digital play shuffles with the pinned shuffle seeded by the deck's hidden "
                    "seed; at a real table the discards join the unseen deck as soon as a draw needs them and "
                    "the draw is revealed. Option black_deck_empty: reshuffle or no_draw (an empty deck gives nothing).", section="second-action"),
    OptionSpec("park_tiles_fewer", kind="choice", default=D.PARK_TILES_FEWER[0], choices=D.PARK_TILES_FEWER,
               provenance="assumption",
               text="When 3 or fewer businesses lie below Central Park at the end, all are revealed and their distinct "
                    "types count; with none, each skyscraper there scores 1 (the table's 0 types) (count_revealed). "
                    "Option park_tiles_fewer minimum_two never scores a park skyscraper below 2, the park's lowest "
                    "value in the rulebook.", section="end-of-game"),
    OptionSpec("dummy_plot", kind="choice", default=D.DUMMY_PLOT[0], choices=D.DUMMY_PLOT,
               provenance="assumption",
               text="The plot Alea bids for: its own plot in the district, else the first empty plot in ring order "
                    "(ring_order); option dummy_plot most_types takes the empty plot touching the most business types "
                    "(ties in ring order).", section="two-players"),
    OptionSpec("dummy_building_stop", kind="bool", default=False,
               provenance="assumption",
               text="Alea never bids for a building stop: in a full district where it owns no plot it passes. Option "
                    "dummy_building_stop true lets it bid for the first business plot in ring order and declare the "
                    "stop when it wins (it scores nothing; the others get half).", section="two-players"),
])
