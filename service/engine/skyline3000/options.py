"""Skyline 3000's options, each declared once as an ``OptionSpec``: the defaults, the readings that are
options, ``describe`` and the wire schema's fields all come from ``OPTIONS``.

``board`` and ``cards`` are structured (``kind="value"``): their specs hold the wire form, and
``board_of``/``cards_of`` build the engine's ``BlockSpec``s and ``Card``s from it (``option_values`` is the
way back).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

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
    district: Optional[str] = None  # contract cards only


DEFAULT_BOARD = {
    "small_platforms": dict(data.DEFAULT_SMALL_PLATFORMS),
    "starting_greens": {d: [b for b in data.DISTRICT_BLOCKS[d] for _ in range(data.DEFAULT_STARTING_GREENS.get(b, 0))]
                        for d in data.DISTRICTS},
}
DEFAULT_CARDS = {
    "roof": list(data.DEFAULT_ROOF_VALUES),
    "floor": list(data.DEFAULT_FLOOR_VALUES),
    "contract": [{"value": v, "district": d} for v, d in data.DEFAULT_CONTRACTS],
}

OPTIONS = OptionBook([
    OptionSpec("board", "value", DEFAULT_BOARD, "assumption",
               "One large platform and 7 open small platforms in every block, plus its starting green (greens on "
               "red-1, red-3, yellow-2, blue-2): the split of a district's 21 and the blocks of the 4 greens are not "
               "known (option `board`; `small_platforms` counts a starting green's platform).", section="board"),
    OptionSpec("cards", "value", DEFAULT_CARDS, "assumption",
               "The printed card values and contract districts are not known: every deck is valued 1-8 spread "
               "evenly and the contracts are 8 per district (option `cards`).", section="cards"),
    OptionSpec("billboard_replacement_cost", "int", data.DEFAULT_BILLBOARD_REPLACEMENT_COST, "seed",
               "Placing a building on your own billboard costs 1 point: the seed's contract action ends, after the "
               "billboard replacement, \"Ezzel az akcióval ez a játékos veszít 1 pontot\" (with this action the "
               "player loses 1 point), read as applying to the replacement only; other contract placements cost "
               "nothing (option `billboard_replacement_cost`).", minimum=0, maximum=10, section="contract-card"),
    OptionSpec("first_tie_rest", "choice", "no_second", "seed",
               "Players tied on most floors whose tallest buildings tie for the top all take first and nobody takes "
               "second, even a tied player with a shorter tallest building: the seed read literally, \"ezek a "
               "játékosok megkapják ez első helyezettnek járó pontokat, és senki nem kapja meg a második "
               "helyezettnek járó pontokat\" (these players get first place's points and nobody gets second's) "
               "(option `first_tie_rest`: `second` gives that player second).", choices=data.FIRST_TIE_REST, section="scoring"),
    OptionSpec("final_tiebreak", "choice", "highest_card", "seed",
               "Tied players at the end: the one holding the highest single card wins, the seed's \"akinek a "
               "legnagyobb értékű maradt a kezében\" (whose highest-valued one is left in hand) (option "
               "`final_tiebreak`: `highest_total`); still tied players share the win.", choices=data.FINAL_TIEBREAKS, section="end-of-game"),
    OptionSpec("billboards_per_player", "int", data.DEFAULT_BILLBOARDS_PER_PLAYER, "assumption",
               "20 billboards over 4 colours: 5 per player (option `billboards_per_player`).", minimum=1, maximum=10, section="components"),
    OptionSpec("roofs_per_shape", "int", data.DEFAULT_ROOFS_PER_SHAPE, "assumption",
               "20 arched and 20 peaked roofs over 4 colours: 5 of each shape per player (option `roofs_per_shape`).",
               minimum=2, maximum=10, section="components"),
    OptionSpec("chance", "choice", "digital", "assumption",
               "`digital`: setup shuffles and deals and the state holds the pile orders; `table`: the deal happens "
               "at a real table, so hands and pile orders are unknown and draws are revealed.",
               choices=data.CHANCE_MODES, reading=False, section="real-table"),
])


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
    _cards_by_id: dict = field(default=None, init=False, repr=False, compare=False, hash=False)
    _blocks_by_id: dict = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self):
        object.__setattr__(self, "_cards_by_id", {c.id: c for c in self.cards})
        object.__setattr__(self, "_blocks_by_id", {b.id: b for b in self.board})

    def block(self, block_id: str) -> Optional[BlockSpec]:
        return self._blocks_by_id.get(block_id)

    def card(self, card_id: str) -> Optional[Card]:
        return self._cards_by_id.get(card_id)


def board_of(value: Any) -> tuple[BlockSpec, ...]:
    """The board from its wire form (``small_platforms`` per block, ``starting_greens`` by district; a block
    named twice starts with 2); built BlockSpecs pass through."""
    if not isinstance(value, Mapping):
        return tuple(value)
    greens = [b for blocks in value["starting_greens"].values() for b in blocks]
    return tuple(BlockSpec(b, data.BLOCK_DISTRICT[b], value["small_platforms"][b], greens.count(b))
                 for b in data.BLOCK_IDS)


def make_cards(roof_values, floor_values, contracts) -> tuple[Card, ...]:
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


def default_board() -> tuple[BlockSpec, ...]:
    return board_of(DEFAULT_BOARD)


def option_values(o: Options) -> dict[str, Any]:
    """The options in their wire form (every option spelled out)."""
    values = {spec.name: getattr(o, spec.name) for spec in OPTIONS}
    values["board"] = {
        "small_platforms": {b.id: b.small_platforms for b in o.board},
        "starting_greens": {d: [b.id for b in o.board if b.district == d for _ in range(b.starting_greens)]
                            for d in data.DISTRICTS},
    }
    values["cards"] = {
        "roof": [c.value for c in o.cards if c.deck == "roof"],
        "floor": [c.value for c in o.cards if c.deck == "floor"],
        "contract": [{"value": c.value, "district": c.district} for c in o.cards if c.deck == "contract"],
    }
    return values
