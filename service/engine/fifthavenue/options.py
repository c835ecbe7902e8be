"""Fifth Avenue's options, each declared once (kit ``OptionSpec``): the engine's defaults, the readings,
``describe`` and the wire schema's options fields all derive from ``OPTIONS``; ``Options`` holds a game's
resolved values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..kit import OptionBook, OptionSpec, build
from . import data as D

OPTIONS = OptionBook(
    [
        OptionSpec(
            "board_side",
            kind="choice",
            default=D.BOARD_SIDES[0],
            choices=D.BOARD_SIDES,
            provenance="rulebook",
            text="The board's front side has 5 plots in each district (front). Option board_side back plays the back "
            "side, 'especially for 4 players' (English rulebook, Rio Grande Games, rules for the side with 6 "
            "building plots, read at manualmachine.com): "
            "'All rules are the same, with one exception: during preparation, the 7 business tiles are placed "
            "on the sixth building plot (with broken border) in each district. Of course, players may later "
            "place a second business on this building plot.' See the readings sixth_plot_colour and "
            "sixth_plot_neighbours for what that text leaves open.",
            section="board",
        ),
        OptionSpec(
            "board",
            kind="value",
            provenance="assumption",
            reading=False,
            default={
                "plot_ring": list(D.DEFAULT_PLOT_RING),
                "commissioner_graph": {k: list(v) for k, v in D.DEFAULT_COMMISSIONER_GRAPH.items()},
            },
            text="The plot ring of a district and the commissioners' graph (readings plot_ring and "
            "commissioner_graph).",
            section="board",
        ),
        OptionSpec(
            "valuation_black_cards",
            kind="int",
            default=D.VALUATION_BLACK_CARDS,
            minimum=1,
            maximum=2,
            provenance="rulebook",
            text="After action D the scorer takes 2 black cards (English rulebook, Rio Grande Games, read at "
            "manualsdump.com, p. 9: 'take 2 black cards'; its "
            "example: 'He takes 2 black cards plus a third black card, as he has no skyscraper in this district. "
            "Green also takes 1 black card'; German reviews agree), and every player with no skyscraper in the "
            "valued district, the scorer included, takes 1 more. The Dutch summary says one ('één zwarte kaart "
            "(na keuze D)'): option valuation_black_cards 1 plays it that way.",
            section="second-action",
        ),
        OptionSpec(
            "special_scorings",
            kind="value",
            default=[{"after": a, "points": p, "districts": d} for a, p, d in D.DEFAULT_SPECIAL_SCORINGS],
            provenance="public source",
            text="After the 3rd, 6th, 9th business placed: 4, 6, 8 points to each player with a "
            "skyscraper in at least 3, 4, 5 districts (English rulebook p. 13 for the 6th and 9th; a Dutch review for all three: "
            "'de eerste keer 4 punten voor drie wijken, de tweede keer 6 punten voor vier wijken, en de derde keer "
            "8 punten voor vijf wijken'). Option special_scorings.",
            section="special-scorings",
        ),
        OptionSpec(
            "bid_requires_supply",
            kind="bool",
            default=True,
            provenance="assumption",
            text="A player needs at least 1 skyscraper in supply to open a bid, except in a full district, where a "
            "building stop is possible. No rule text says so: it is inferred from the seed's strategy note, "
            "'Aangezien je medespeler slechts weinig wolkenkrabbers heeft, kan hij niet aan alle veilingen "
            "deelnemen' (your fellow player, having only few skyscrapers, cannot take part in all auctions), "
            "and from its rule 'Een speler kan namelijk alleen wolkenkrabbers bouwen, als hij deze ook in voorraad "
            "heeft' (a player can only build skyscrapers held in supply). Option bid_requires_supply "
            "false lets a player with an empty supply bid (and build nothing on winning).",
            section="auctions",
        ),
        OptionSpec(
            "black_deck_empty",
            kind="choice",
            default=D.BLACK_DECK_EMPTY[0],
            choices=D.BLACK_DECK_EMPTY,
            provenance="assumption",
            text="When a black card must be drawn and the black deck is empty, the discarded black cards are shuffled "
            "into a new deck (random games empty the deck in 10-60% of games, and a game without black cards "
            "stalls its auctions). Digital play shuffles with the pinned shuffle seeded by the deck's hidden "
            "seed; at a real table the discards join the unseen deck as soon as a draw needs them and "
            "the draw is revealed. Option black_deck_empty: reshuffle or no_draw (an empty deck gives nothing).",
            section="second-action",
        ),
        OptionSpec(
            "park_tiles_fewer",
            kind="choice",
            default=D.PARK_TILES_FEWER[0],
            choices=D.PARK_TILES_FEWER,
            provenance="rulebook",
            text="A skyscraper below Central Park scores 2, 3 or 5 for 1, 2 or 3 distinct types among the revealed "
            "businesses, and never less than 2, also when fewer than 3 businesses (or none) lie there at the end: "
            "the English rulebook (Rio Grande Games, read at manualsdump.com, p. 7) shows the park's values as 'lowest is 2 and the highest is 5' "
            "(minimum_two). Option park_tiles_fewer count_revealed, the service's earlier assumption, counts "
            "only what is there: with no business below the park each skyscraper scores 1 (the table's 0 "
            "types).",
            section="end-of-game",
        ),
        OptionSpec(
            "park_colour",
            kind="choice",
            default=D.PARK_COLOUR[0],
            choices=D.PARK_COLOUR,
            provenance="seed",
            text="The player who started the auctions sets the colour of Central Park: the seed, 'De actieve speler "
            "bepaalt de kleur van de gekleurde kaart, die het eerste bod van elke meebiedende speler moet "
            "bevatten' (the active player decides the colour of the coloured card that the first bid of every "
            "bidding player must hold), and the English rulebook (p. 10) has that player open Central Park with a "
            "coloured card, setting it with the opening bid, or naming it when passing (a pass there carries "
            "the colour) (trigger). Option park_colour opening_bid, an earlier assumption of the service, lets "
            "the first player who bids set it, so that the next bidder chooses when the trigger passes.",
            section="central-park-auction",
        ),
        OptionSpec(
            "coloured_stack_empty",
            kind="choice",
            default=D.COLOURED_STACK_EMPTY[0],
            choices=D.COLOURED_STACK_EMPTY,
            provenance="assumption",
            text="A colour stack that runs out is refilled at once from the discarded cards of its colour, shuffled, "
            "its top card face up; discards of a colour whose stack is empty refill it as they arrive. No rule "
            "text found says what happens (60 coloured cards, two taken on most turns, most spent on bids: "
            "in random games every stack is empty by mid-game, and a game without coloured cards stalls, as "
            "no bid can open without one); this follows the black deck's own reading. Digital play shuffles "
            "with the pinned shuffle seeded by the state's hidden seed; at a real table the new top is "
            "revealed. Option coloured_stack_empty no_reshuffle: an empty stack stays empty.",
            section="second-action",
        ),
        OptionSpec(
            "dummy_plot",
            kind="choice",
            default=D.DUMMY_PLOT[0],
            choices=D.DUMMY_PLOT,
            provenance="assumption",
            text="The plot Alea bids for: its own plot in the district, else the first empty plot in ring order "
            "(ring_order); option dummy_plot most_types takes the empty plot touching the most business types "
            "(ties in ring order).",
            section="two-players",
        ),
        OptionSpec(
            "dummy_building_stop",
            kind="bool",
            default=False,
            provenance="assumption",
            text="Alea never bids for a building stop: in a full district where it owns no plot it passes. Option "
            "dummy_building_stop true lets it bid for the first business plot in ring order and declare the "
            "stop when it wins (it scores nothing; the others get half).",
            section="two-players",
        ),
        OptionSpec(
            "chance",
            kind="choice",
            default=D.CHANCE_MODES[0],
            choices=D.CHANCE_MODES,
            provenance="assumption",
            reading=False,
            text="digital: setup shuffles and deals, and the state holds every hidden order; table: the game is "
            "played with a real box, so setup deals nothing: the state starts with the public deal to reveal "
            "(each district's starting business, the supply row, the five stack tops), every hand is unknown "
            "(its size public) unless its player enters it, and every draw is revealed.",
            section="real-table",
        ),
    ]
)


def _default(name: str) -> Any:
    return OPTIONS[name].default


@dataclass(frozen=True)
class Options:
    """The resolved options of a game (``options.OPTIONS`` declares each one and its default)."""

    plot_ring: tuple[str, ...] = tuple(_default("board")["plot_ring"])
    commissioner_graph: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
        (k, tuple(v)) for k, v in _default("board")["commissioner_graph"].items()
    )
    valuation_black_cards: int = _default("valuation_black_cards")
    special_scorings: tuple[tuple[int, int, int], ...] = tuple(
        (s["after"], s["points"], s["districts"]) for s in _default("special_scorings")
    )
    bid_requires_supply: bool = _default("bid_requires_supply")
    black_deck_empty: str = _default("black_deck_empty")
    park_tiles_fewer: str = _default("park_tiles_fewer")
    dummy_plot: str = _default("dummy_plot")
    dummy_building_stop: bool = _default("dummy_building_stop")
    board_side: str = _default("board_side")
    park_colour: str = _default("park_colour")
    coloured_stack_empty: str = _default("coloured_stack_empty")
    chance: str = _default("chance")

    @property
    def graph(self) -> dict[str, tuple[str, ...]]:
        return dict(self.commissioner_graph)

    @property
    def plot_ids(self) -> tuple[str, ...]:
        """A district's plots: the five colours, and on the board's back side the sixth plot."""
        return D.PLOT_IDS if self.board_side == "back" else D.COLOURS


def options_with(values: Mapping[str, Any]) -> Options:
    """``Options(**values)``, built by the kit's ``build`` (a load makes one per state)."""
    return build(Options, **values)


# The options the engine keeps as the wire gives them (the structured ones are read into tuples below).
SIMPLE_OPTIONS = tuple(spec.name for spec in OPTIONS if spec.kind != "value")


def resolved(given: Mapping[str, Any] | None) -> Options:
    """The options of a game from the values given (as the wire loads them); what is missing takes its
    declared default."""
    given = given or {}
    values: dict[str, Any] = {name: given[name] for name in SIMPLE_OPTIONS if given.get(name) is not None}
    board = given.get("board") or {}
    if board.get("plot_ring"):
        values["plot_ring"] = tuple(board["plot_ring"])
    if board.get("commissioner_graph") is not None:
        values["commissioner_graph"] = tuple((k, tuple(v)) for k, v in board["commissioner_graph"].items())
    if given.get("special_scorings") is not None:
        values["special_scorings"] = tuple((s["after"], s["points"], s["districts"]) for s in given["special_scorings"])
    return Options(**values)
