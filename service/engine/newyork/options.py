"""New York's options, each declared once: the engine's Options, the readings, ``describe`` and the wire
schema's options fields all come from ``OPTIONS``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..kit import OptionBook, OptionSpec

STALLED_TURNS = ("no_action_possible", "no_money_face_up")
TWO_OF_EACH, FULL_BOX = "two_of_each", "full_box"
TWO_PLAYER_MONEY = (TWO_OF_EACH, FULL_BOX)
CHANCE_MODES = ("digital", "table")

OPTIONS = OptionBook(
    [
        OptionSpec(
            "type_tiers",
            "value",
            {"museum": 1, "theater": 2, "station": 3},
            "assumption",
            "Theater, museum and station take Alhambra's tiers 1-3 in an order no source gives (the seed never "
            "states their points); the default museum = pavilion (1), theater = seraglio (2), station = arcades (3) "
            "is the service's own guess, and the picture's tile colours follow the guess, not the other way round. "
            "Church = 4, park = 5, skyscraper = 6 come from the seed's own examples.",
            section="scoring",
        ),
        OptionSpec(
            "allow_surplus_cards",
            "bool",
            True,
            "seed",
            'A payment may hold more cards than the price needs and gives no change (the seed: "legalább annyit '
            'kell fizetnie, mint amennyi az épület értéke. Ha a játékos többet fizet, nem kap visszajárót!", pay at '
            "least the building's value; pay more and you get no change). legal-moves lists each minimal payment "
            "(no card can be dropped); moves accepts any sufficient one. Set false for the earlier assumption that "
            "refuses a card the price does not need.",
            section="buying",
        ),
        OptionSpec(
            "extra_action_optional",
            "bool",
            False,
            "seed",
            "The extra action earned by an exact payment must be taken when any action is possible (the seed: "
            '"Ha a játékos az épület árát pontosan fizeti ki, új cselekedetet kap, megint választhat a három '
            'cselekvési lehetőség közül", pay the exact price and you get a new action and again choose among the '
            "three); end_turn is refused then. Set true for the earlier assumption that it may be declined.",
            section="turn",
        ),
        OptionSpec(
            "stalled_turn",
            "choice",
            "no_action_possible",
            "seed",
            'A player may end the turn without an action only when no action is possible (the seed: "Az épp '
            'soron lévő játékosnak az alábbi három cselekedet közül kell", the player to move must '
            "choose one of the three actions). Option value no_money_face_up is the earlier assumption: a pass "
            "whenever no money card lies face up.",
            choices=STALLED_TURNS,
            section="turn",
        ),
        OptionSpec(
            "youngest",
            "value",
            None,
            "seed",
            "Start player: fewest cards, then the lowest total, then the youngest, named by option `youngest` (the "
            'seed: "A játékot az kezdi majd, akinek a legkevesebb kártya va a kezében. Egyezőségnél az a játékos '
            'kezd, akinél kisebb a kártyák összértéke; ha ez is egyenlő, a fiatalabb játékos kezd", the player with '
            "the fewest cards starts; on a tie the one with the lower total; if that is equal too, the younger "
            "player). It must name a player of the game.",
            section="setup",
        ),
        OptionSpec(
            "two_player_money",
            "choice",
            TWO_OF_EACH,
            "seed",
            "The money deck of the 2-player game: `two_of_each` puts one of the three cards of each value and bank "
            'back in the box (the seed: "Minden pénzkártyából három ugyanolyan tartozik a játékhoz, ezek közül '
            'egyet vissza kell rakni a dobozba; így 72 pénzkártya lesz a játékban", of each money card three '
            "belong to the game, one of them goes back in the box, so 72 money cards are in play); `full_box` "
            "plays all 108, as with more players.",
            choices=TWO_PLAYER_MONEY,
            section="two-players",
        ),
        OptionSpec(
            "chance",
            "choice",
            "digital",
            "assumption",
            "`digital`: setup shuffles the bag and the money deck into the state and deals from them; `table`: the "
            "game is dealt at a real table, so setup deals nothing and every draw, from the market's first four "
            "tiles and each player's starting money on, is a pending reveal.",
            choices=CHANCE_MODES,
            reading=False,
            section="real-table",
        ),
    ]
)


# The type_tiers option: a type -> tier mapping, or the sorted pairs the engine keeps (``tiers_key``).
TypeTiers = Mapping[str, int] | tuple[tuple[str, int], ...]


def tiers_key(type_tiers: TypeTiers) -> tuple[tuple[str, int], ...]:
    """A tier mapping as the engine keeps it: sorted pairs, hashable."""
    return tuple(sorted(dict(type_tiers).items()))


_DEFAULTS = OPTIONS.defaults()


@dataclass(frozen=True)
class Options:
    type_tiers: tuple[tuple[str, int], ...] = tiers_key(_DEFAULTS["type_tiers"])
    allow_surplus_cards: bool = _DEFAULTS["allow_surplus_cards"]
    extra_action_optional: bool = _DEFAULTS["extra_action_optional"]
    stalled_turn: str = _DEFAULTS["stalled_turn"]
    youngest: str | None = _DEFAULTS["youngest"]
    chance: str = _DEFAULTS["chance"]
    two_player_money: str = _DEFAULTS["two_player_money"]

    @classmethod
    def of(cls, given: Mapping[str, Any] | Options | None, book: OptionBook = OPTIONS) -> Options:
        """The options of a setup request: the given ones over ``book``'s defaults (type_tiers as any
        mapping; a re-skin whose book has no type_tiers keeps the default, which its edition never reads)."""
        if isinstance(given, Options):
            return given
        plain: dict[str, Any] = dict(given or {})
        if not plain.get("type_tiers", True):  # null or empty: the default tiers
            del plain["type_tiers"]
        resolved = book.resolve(plain)
        return cls(**{**resolved, "type_tiers": tiers_key(resolved.get("type_tiers", _DEFAULTS["type_tiers"]))})

    def to_plain(self) -> dict[str, Any]:
        plain = {f.name: getattr(self, f.name) for f in fields(self)}
        plain["type_tiers"] = dict(self.type_tiers)  # in its place, as the mapping the wire holds
        return plain
