"""Skyline 3000's options, each declared once as an ``OptionSpec``: the defaults, the readings that are
options, ``describe`` and the wire schema's fields all come from ``OPTIONS``.

``board`` and ``cards`` are structured (``kind="value"``): their specs hold the wire form, and
``board_of``/``cards_of`` build the engine's ``BlockSpec``s and ``Card``s from it (``option_values`` is the
way back).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..kit import OptionBook, OptionSpec
from . import data


@dataclass(frozen=True)
class BlockSpec:
    id: str
    district: str
    small_platforms: int
    starting_greens: int


@dataclass(frozen=True)
class Card:
    id: str
    deck: str
    value: int
    district: str | None = None  # contract cards only


DEFAULT_BOARD = {
    "small_platforms": dict(data.DEFAULT_SMALL_PLATFORMS),
    "starting_greens": {
        d: [b for b in data.DISTRICT_BLOCKS[d] for _ in range(data.DEFAULT_STARTING_GREENS.get(b, 0))]
        for d in data.DISTRICTS
    },
}
DEFAULT_CARDS = {
    "roof": list(data.DEFAULT_ROOF_VALUES),
    "floor": list(data.DEFAULT_FLOOR_VALUES),
    "contract": [{"value": v, "district": d} for v, d in data.DEFAULT_CONTRACTS],
}

OPTIONS = OptionBook(
    [
        OptionSpec(
            "board",
            "value",
            DEFAULT_BOARD,
            "assumption",
            "The default board has one large platform and 7 open small platforms in every block, plus its starting "
            "green (greens on red-1, red-3, yellow-2, blue-2). The 7 is a guess: a Skyline review gives 21 open "
            "platforms per district (minaspeltips.se) but not their split, and Capitol's blocks are uneven, \"five to "
            "seven small squares\" each (bgdf.com's Capitol review). The blocks of the 4 greens are not known either. "
            "Option `board` takes any layout, Capitol-style uneven blocks of 5 to 7 sites included "
            "(`small_platforms` counts a starting green's platform).",
            section="board",
        ),
        OptionSpec(
            "cards",
            "value",
            DEFAULT_CARDS,
            "public source",
            "Every card shows a number from 1 to 8 (the Capitol review at poeppelkiste.de, Skyline 3000 being "
            'Capitol re-illustrated: "Alle Karten zeigen zusätzlich einen Zahl zwischen eins und acht", every card '
            "also shows a number between one and eight). How the values spread over each deck and the contracts' "
            "districts are not known: the service's assumption spreads every deck's values 1-8 evenly and gives "
            "each district 8 contracts (option `cards`).",
            section="cards",
        ),
        OptionSpec(
            "billboard_replacement_cost",
            "int",
            data.DEFAULT_BILLBOARD_REPLACEMENT_COST,
            "seed",
            "Placing a building on your own billboard costs 1 point: the seed's contract action ends, after the "
            'billboard replacement, "Ezzel az akcióval ez a játékos veszít 1 pontot" (with this action the '
            "player loses 1 point), read as applying to the replacement only; other contract placements cost "
            "nothing (option `billboard_replacement_cost`).",
            minimum=0,
            maximum=10,
            section="contract-card",
        ),
        OptionSpec(
            "first_tie_rest",
            "choice",
            "second",
            "assumption",
            "Players tied on most floors whose tallest buildings differ: those with the tallest building share "
            "first and the others take second. The seed gives two cases: the tallest building breaks the tie and "
            '"a többiek közülük pedig a második helyért járó pontokat kapják" (the others among them get second\'s '
            'points); only when "a legmagasabb épületük is egyforma magas" (their tallest buildings are equally '
            "tall) do they all take first with nobody second. A tie of some, not all, tallest buildings is not "
            "spelled out: it is read as the first case (option `first_tie_rest`: `no_second`, the former reading, "
            "gives nobody second whenever two or more share first).",
            choices=data.FIRST_TIE_REST,
            section="scoring",
        ),
        OptionSpec(
            "final_tiebreak",
            "choice",
            "highest_card",
            "seed",
            "Tied players at the end: the one holding the highest single card wins, the seed's \"akinek a "
            'legnagyobb értékű maradt a kezében" (whose highest-valued one is left in hand) (option '
            "`final_tiebreak`: `highest_total`); still tied players share the win.",
            choices=data.FINAL_TIEBREAKS,
            section="end-of-game",
        ),
        OptionSpec(
            "billboards_per_player",
            "int",
            data.DEFAULT_BILLBOARDS_PER_PLAYER,
            "assumption",
            "20 billboards over 4 colours: 5 per player (option `billboards_per_player`).",
            minimum=1,
            maximum=10,
            section="components",
        ),
        OptionSpec(
            "roofs_per_shape",
            "int",
            data.DEFAULT_ROOFS_PER_SHAPE,
            "public source",
            "20 arched and 20 peaked roofs over 4 colours: 5 of each shape per player (Capitol's English rules, "
            'Skyline 3000 being Capitol re-illustrated, read at muhaz.org: "40 Roofs (4 sets of 10, each set of 10 '
            'having 5 round and 5 triangular roofs)"; option `roofs_per_shape`).',
            minimum=2,
            maximum=10,
            section="components",
        ),
        OptionSpec(
            "reshuffle",
            "choice",
            "when_empty",
            "seed",
            "A draw pile that runs out takes its shuffled discards at once, so its top card is always visible: "
            '"Ha egy kupacból elfogytak a lapok, akkor a hozzá tartozó eldobott lapokat újrakeverjük ebből képezve '
            'az új húzópaklit" (when a pile has run out, its discards are shuffled into the new draw pile) and '
            '"A következő lap mindhárom típusból mindvégig látszik" (the next card of all three types is visible '
            "throughout). A card discarded while its pile is still empty starts the new pile at once (an "
            "assumption: the seed does not say). Option `reshuffle`: `on_draw`, the former reading, waits until "
            "someone next draws from the empty pile.",
            choices=data.RESHUFFLES,
            section="cards",
        ),
        OptionSpec(
            "empty_hand",
            "choice",
            "done",
            "seed",
            'A player with no card in hand has nothing playable and the construction of that player is over: "A játékosok '
            'mindaddig hajthatnak végre akciókat, amíg van kijátszható a kezükben" (players may take actions as '
            "long as they have something playable in their hand). Option `empty_hand`: `billboards`, the former "
            "reading (an assumption: the billboard action needs no card), lets that player go on placing billboards.",
            choices=data.EMPTY_HANDS,
            section="construction",
        ),
        OptionSpec(
            "spaceport_bonus",
            "choice",
            "optional",
            "seed",
            'The Spaceport\'s extra cards may be declined: the player "minden első helyért további két lapot húzhat" '
            '(for every first place may draw two more cards) and "minden második helyért további egy lapot '
            'húzhat" (for every second place may draw one more); the player may stop once the 6 cards are drawn '
            "(move `stop`). Option `spaceport_bonus`: `compulsory`, the former reading, has the player draw them all.",
            choices=data.SPACEPORT_BONUSES,
            section="card-draw",
        ),
        OptionSpec(
            "unpaid_cost",
            "choice",
            "refused",
            "assumption",
            "A cost in points the player's points cannot cover (a billboard, or building on one's own billboard, at "
            '0 points) is refused: the seed has the player "azonnal le is lépi azt a Pontozósávon" (step it back on '
            "the score track at once), a track that starts at 5, and no source found says a marker goes below 0. Option `unpaid_cost`: "
            "`floored` takes the action and leaves the score at 0; `negative`, the former reading, lets points go "
            "below 0.",
            choices=data.UNPAID_COSTS,
            section="billboard",
        ),
        OptionSpec(
            "chance",
            "choice",
            "digital",
            "assumption",
            "`digital`: setup shuffles and deals and the state holds the pile orders; `table`: the deal happens "
            "at a real table, so setup deals nothing: hands are unknown (sizes only), the piles' face-up top "
            "cards are revealed, and every card the table shows arrives as a `reveal`.",
            choices=data.CHANCE_MODES,
            reading=False,
            section="real-table",
        ),
    ]
)


@dataclass(frozen=True)
class Options:
    """The resolved options of a game, ``board`` and ``cards`` built."""

    board: tuple[BlockSpec, ...]
    cards: tuple[Card, ...]
    billboard_replacement_cost: int
    first_tie_rest: str
    final_tiebreak: str
    billboards_per_player: int
    roofs_per_shape: int
    chance: str  # digital: the state holds the deck orders; table: hands and piles unknown
    reshuffle: str = "when_empty"
    empty_hand: str = "done"
    spaceport_bonus: str = "optional"
    unpaid_cost: str = "refused"
    _cards_by_id: dict[str, Card] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)
    _blocks_by_id: dict[str, BlockSpec] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        # options on the default board and cards themselves (the very tuples) share their lookups
        shared = _DEFAULT_LOOKUPS
        cards = shared[1] if shared is not None and self.cards is shared[0].cards else {c.id: c for c in self.cards}
        board = shared[2] if shared is not None and self.board is shared[0].board else {b.id: b for b in self.board}
        object.__setattr__(self, "_cards_by_id", cards)
        object.__setattr__(self, "_blocks_by_id", board)

    def block(self, block_id: str) -> BlockSpec | None:
        return self._blocks_by_id.get(block_id)

    def known_card(self, card_id: str) -> Card:
        """The card of an id known to be one of the game's (a LookupError otherwise)."""
        return self._cards_by_id[card_id]

    def card(self, card_id: str) -> Card | None:
        return self._cards_by_id.get(card_id)


def board_of(value: Any) -> tuple[BlockSpec, ...]:
    """The board from its wire form (``small_platforms`` per block, ``starting_greens`` by district; a block
    named twice starts with 2); built BlockSpecs pass through."""
    if not isinstance(value, Mapping):
        return tuple(value)
    greens = [b for blocks in value["starting_greens"].values() for b in blocks]
    return tuple(
        BlockSpec(b, data.BLOCK_DISTRICT[b], value["small_platforms"][b], greens.count(b)) for b in data.BLOCK_IDS
    )


def make_cards(
    roof_values: Iterable[int], floor_values: Iterable[int], contracts: Iterable[tuple[int, str]]
) -> tuple[Card, ...]:
    cards = [Card(data.card_id("roof", i + 1), "roof", v) for i, v in enumerate(roof_values)]
    cards += [Card(data.card_id("floor", i + 1), "floor", v) for i, v in enumerate(floor_values)]
    cards += [Card(data.card_id("contract", i + 1), "contract", v, d) for i, (v, d) in enumerate(contracts)]
    return tuple(cards)


def cards_of(value: Any) -> tuple[Card, ...]:
    """The cards from their wire form (values per deck; contracts with their district); built Cards pass through."""
    if not isinstance(value, Mapping):
        return tuple(value)
    return make_cards(value["roof"], value["floor"], [(c["value"], c["district"]) for c in value["contract"]])


def default_options(**given: Any) -> Options:
    """Every option: the given ones over the specs' defaults."""
    values = OPTIONS.resolve(given)
    return Options(**{**values, "board": board_of(values["board"]), "cards": cards_of(values["cards"])})


# The default options, built once with their lookups: other options on the same board and cards tuples
# (``dataclasses.replace`` of these) take the lookups over instead of building them again.
_DEFAULT_LOOKUPS: tuple[Options, dict[str, Card], dict[str, BlockSpec]] | None = None
_default = default_options()
_DEFAULT_LOOKUPS = (_default, _default._cards_by_id, _default._blocks_by_id)


def shared_defaults() -> Options:
    """The default options whose board and cards (and their lookups) options made from them share."""
    assert _DEFAULT_LOOKUPS is not None  # set at import
    return _DEFAULT_LOOKUPS[0]


def default_board() -> tuple[BlockSpec, ...]:
    return board_of(DEFAULT_BOARD)


def option_values(o: Options) -> dict[str, Any]:
    """The options in their wire form (every option spelled out)."""
    values = {spec.name: getattr(o, spec.name) for spec in OPTIONS}
    values["board"] = {
        "small_platforms": {b.id: b.small_platforms for b in o.board},
        "starting_greens": {
            d: [b.id for b in o.board if b.district == d for _ in range(b.starting_greens)] for d in data.DISTRICTS
        },
    }
    values["cards"] = {
        "roof": [c.value for c in o.cards if c.deck == "roof"],
        "floor": [c.value for c in o.cards if c.deck == "floor"],
        "contract": [{"value": c.value, "district": c.district} for c in o.cards if c.deck == "contract"],
    }
    return values
