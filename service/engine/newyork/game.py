"""The New York engine object the HTTP layer calls (the Game protocol of ``service.engine.core``)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..core import NULL_MEMO, GameInfo, Memo, Outcome, Reading, RuleCode, Violation
from . import moves as _moves
from .codes import BOOK
from .data import BANKS, CATALOGUE, DEFAULT_TYPE_TIERS, TYPES, scoring_tables, tiers
from .pool import seen_by
from .scoring import scoring_points
from .state import Move, Options, State
from .turns import setup as _setup
from .validate import state_violations

READINGS = (
    Reading("type_tiers", dict(DEFAULT_TYPE_TIERS), "assumption",
            "Theater, museum and station take Alhambra's tiers 1-3 in an unknown order; default museum = pavilion "
            "(1), theater = seraglio (2), station = arcades (3), by tile colour. Church = 4, park = 5, skyscraper = 6 "
            "come from the seed's own examples."),
    Reading("banks", list(BANKS), "seed",
            "Banks in market order blue, green, yellow, red: blue first and red last are the seed's; the middle two "
            "are an assumption."),
    Reading("tiles", "alhambra", "assumption", "The 54 tiles are Alhambra's (costs and walls), walls read as streets."),
    Reading("longest_street", "outline", "assumption",
            "Street edges facing an empty cell count one point each; a street continues along the outline of the "
            "city (at a corner where two tiles touch only diagonally it turns around the same tile); a closed ring "
            "of n edges scores n."),
    Reading("holes", "four_neighbour_flood_fill", "public source",
            "An empty cell that cannot reach the outside by edge steps is a hole; a diagonal gap does not let it out."),
    Reading("allow_surplus_cards", True, "seed",
            "A payment may hold more cards than the price needs and gives no change (the seed: \"legalább annyit "
            "kell fizetnie, mint amennyi az épület értéke. Ha a játékos többet fizet, nem kap visszajárót!\", pay at "
            "least the building's value; pay more and you get no change). legal-moves lists each minimal payment "
            "(no card can be dropped); moves accepts any sufficient one. Set false for the earlier assumption that "
            "refuses a card the price does not need."),
    Reading("extra_action_optional", False, "seed",
            "The extra action earned by an exact payment must be taken when any action is possible (the seed: "
            "\"Ha a játékos az épület árát pontosan fizeti ki, új cselekedetet kap, megint választhat a három "
            "cselekvési lehetőség közül\", pay the exact price and you get a new action and again choose among the "
            "three); end_turn is refused then. Set true for the earlier assumption that it may be declined."),
    Reading("stalled_turn", "no_action_possible", "seed",
            "A player may end the turn without an action only when no action is possible (the seed: \"Az épp "
            "soron lévő játékosnak az alábbi három cselekedet közül kell választania\", the player to move must "
            "choose one of the three actions). Option value no_money_face_up is the earlier assumption: a pass "
            "whenever no money card lies face up."),
    Reading("money_visibility", "count_public", "seed",
            "What others see: how many money cards each player holds is public, their values are hidden (the "
            "seed: \"a játékosok kezükbe veszik kártyáikat, és innentől kezdve titokban tartják, mennyi pénzük "
            "van\", the players take their cards in hand and keep secret how much money they have); a view shows "
            "other hands as that many hidden cards."),
    Reading("youngest", None, "seed",
            "Start player: fewest cards, then the lowest total, then the youngest (option `youngest`), then seat order."),
    Reading("scoring_card_piles", "five_piles", "seed",
            "The deck left after dealing is cut into five piles as equal as can be (larger piles on top); A goes at "
            "a pinned-random place in pile 2, B in pile 4."),
    Reading("leftover_tiles", "unique_richest", "seed",
            "At the end each market tile goes to the one player with the most money of its bank; a tie (or nobody "
            "holding any) leaves it in the market."),
    Reading("money_reshuffle", "pinned_seed", "assumption",
            "Digital play reshuffles the discard with the pinned shuffle seeded from the hidden `shuffle_seed`; "
            "without it the deck becomes unknown and the next card is revealed."),
)


class NewYork:
    def __init__(self, info: GameInfo):
        self.info = info

    def describe(self) -> dict[str, Any]:
        defaults = Options()
        return {
            "id": self.info.id,
            "tiles": [{"id": t.id, "alhambra_type": t.alhambra, "cost": t.cost, "streets": list(t.streets)}
                      for t in CATALOGUE],
            "types": list(TYPES),
            "tiers": tiers(defaults.type_tiers),
            "banks": list(BANKS),
            "scoring_tables": {k: {s: list(v) for s, v in t.items()} for k, t in
                               scoring_tables(defaults.type_tiers).items()},
            "options": {"type_tiers": dict(defaults.type_tiers), "allow_surplus_cards": defaults.allow_surplus_cards,
                        "extra_action_optional": defaults.extra_action_optional,
                        "stalled_turn": defaults.stalled_turn, "youngest": defaults.youngest},
            "legal_moves_notes": [
                "A buy is listed once per minimal payment (no card can be dropped and still pay); cards of one bank "
                "and value are interchangeable, so each multiset of values appears once. Any sufficient payment is "
                f"legal in moves. At most {_moves.MAX_PAYMENTS_PER_SLOT} payments are listed per market slot.",
            ],
            "move_types": list(_moves.MOVE_TYPES),
            "rule_codes": [{"code": r.code, "text": r.text, "rule": r.rule} for r in self.rule_codes()],
            "readings": [{"name": r.name, "default": r.default, "provenance": r.provenance, "text": r.text}
                         for r in self.readings()],
        }

    def rule_codes(self) -> Sequence[RuleCode]:
        return BOOK.rule_codes()

    def readings(self) -> Sequence[Reading]:
        return READINGS

    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any] | Options | None = None) -> State:
        return _setup(list(players), seed, to_options(options))

    def validate(self, state: State) -> list[Violation]:
        return state_violations(state)

    def legal_moves(self, state: State, player: str | None = None, move_type: str | None = None) -> list[Move]:
        return _moves.legal_moves(state, player, move_type)

    def apply(self, state: State, move: Move, memo: Memo = NULL_MEMO) -> Outcome:
        return _moves.apply(state, move, memo)

    def score(self, state: State, scoring: Any = None, memo: Memo = NULL_MEMO) -> dict[str, Any]:
        scoring = scoring if scoring in ("A", "B", "final") else "final"
        out = scoring_points(state, scoring, memo)
        out["violations"] = [v.to_dict() for v in state_violations(state)]
        return out

    def standings(self, state: State) -> dict[str, int]:
        return {p.id: p.points for p in state.players}

    def view(self, state: State, player: str) -> State:
        return seen_by(state, player)

    def render(self, state: State, player: str | None = None, memo: Memo = NULL_MEMO) -> str:
        from .render import render_table

        return render_table(state, player, memo)


def to_options(options: Mapping[str, Any] | Options | None) -> Options:
    if isinstance(options, Options):
        return options
    options = dict(options or {})
    base = Options()
    tiers_given = options.get("type_tiers")
    return Options(
        type_tiers=tuple(sorted(dict(tiers_given).items())) if tiers_given else base.type_tiers,
        allow_surplus_cards=bool(options.get("allow_surplus_cards", base.allow_surplus_cards)),
        extra_action_optional=bool(options.get("extra_action_optional", base.extra_action_optional)),
        stalled_turn=options.get("stalled_turn", base.stalled_turn),
        youngest=options.get("youngest", base.youngest),
    )
