"""The engine kit: rule books, option books, the per-state memo and the engine flow."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import pytest

from service.engine.core import GameInfo, Outcome
from service.engine.kit import (
    NOT_YOUR_TURN,
    Cite,
    Engine,
    OptionBook,
    OptionSpec,
    RuleBook,
    StateMemo,
    awaited_text,
    build,
    placeholders,
    pointer,
)

BOOK = RuleBook(
    "toy",
    {
        "turn.not_your_turn": ("Only the player to move may act.", Cite("Toy rules 2.1", "turn")),
        "move.too_big": ("At most {limit} steps.", Cite("Toy rules 3.4: steps", "moves")),
        "state.negative": ("Counters are never negative.", Cite("Toy rules 1.2", "counters")),
    },
)


def test_pointer_escapes_tilde_and_slash():
    assert pointer("state", "blocks", "a/b~c", 0) == "/state/blocks/a~1b~0c/0"
    assert pointer() == ""


def test_a_violation_cites_its_codes_own_rule_and_keeps_its_template():
    v = BOOK.violation("move.too_big", "At most {limit} steps, not {steps}.", "/move/steps", limit=3, steps=5)
    assert (v.code, v.message, v.rule, v.pointer) == (
        "toy.move.too_big",
        "At most 3 steps, not 5.",
        "Toy rules 3.4: steps",
        "/move/steps",
    )
    assert v.template == "At most {limit} steps, not {steps}."
    assert dict(v.params) == {"limit": 3, "steps": 5}
    assert v.to_dict() == {
        "code": "toy.move.too_big",
        "message": "At most 3 steps, not 5.",
        "rule": "Toy rules 3.4: steps",
        "pointer": "/move/steps",
        "rule_url": "/v1/games/toy/rules#moves",
    }


def test_a_rule_code_links_to_its_section_of_the_games_rules_page():
    codes = {c.code: c for c in BOOK.rule_codes()}
    assert codes["toy.turn.not_your_turn"].rule_url == "/v1/games/toy/rules#turn"
    assert codes["toy.state.negative"].to_dict() == {
        "code": "toy.state.negative",
        "text": "Counters are never negative.",
        "rule": "Toy rules 1.2",
        "rule_url": "/v1/games/toy/rules#counters",
    }
    assert BOOK.sections() == {"turn", "moves", "counters"}


def test_a_violation_defaults_to_the_codes_text():
    assert BOOK.violation("state.negative").message == "Counters are never negative."


def test_unknown_codes_and_missing_parameters_are_programming_errors():
    with pytest.raises(KeyError):
        BOOK.violation("move.unknown")
    with pytest.raises(KeyError):
        BOOK.violation("move.too_big", "At most {limit} steps.")
    with pytest.raises(KeyError):
        BOOK.violation("move.too_big", "At most {0} steps.", limit=3)
    with pytest.raises(KeyError):
        BOOK.violation("move.too_big", "At most {limit} steps, not {steps}.", limit=3)


def test_the_game_id_is_a_parameter_so_a_reskin_reuses_the_rules():
    reskin = RuleBook("alhambra", BOOK.material())
    assert reskin.violation("state.negative").code == "alhambra.state.negative"
    assert reskin.violation("state.negative").rule_url == "/v1/games/alhambra/rules#counters"
    assert {c.code for c in reskin.rule_codes()} == {c.replace("toy.", "alhambra.") for c in BOOK.codes}


def test_not_your_turn_is_one_template_naming_whom_the_game_awaits():
    assert awaited_text(["ben"]) == "ben"
    assert awaited_text(("ben", "carl")) == "ben and carl"
    assert awaited_text(["ben", "carl", "dora"]) == "ben, carl and dora"
    assert awaited_text([]) == "nobody"
    v = BOOK.violation(
        "turn.not_your_turn", NOT_YOUR_TURN, "/move/player", player="anna", awaited=awaited_text(["ben", "carl"])
    )
    assert v.message == "It is not \u2068anna\u2069's turn: the game awaits \u2068ben\u2069 and \u2068carl\u2069."
    assert v.template == NOT_YOUR_TURN and dict(v.params) == {"player": "anna", "awaited": "ben and carl"}


def test_placeholders_lists_the_fields():
    assert placeholders("It is not {player}'s turn: the game awaits {awaited}.") == {"player", "awaited"}


OPTIONS = OptionBook(
    [
        OptionSpec(
            "black_cards",
            "int",
            2,
            "public source",
            "Action D draws this many black cards.",
            minimum=1,
            maximum=3,
            section="action-d",
        ),
        OptionSpec(
            "reshuffle", "choice", "discards", "assumption", "What an empty deck does.", choices=("discards", "none")
        ),
        OptionSpec("seed_shown", "bool", False, "assumption", "A setting, not a reading.", reading=False),
    ]
)


def test_options_resolve_over_defaults_and_refuse_what_the_spec_refuses():
    assert OPTIONS.resolve({"black_cards": 1}) == {"black_cards": 1, "reshuffle": "discards", "seed_shown": False}
    for bad in ({"black_cards": 4}, {"black_cards": True}, {"reshuffle": "never"}, {"colour": "red"}):
        with pytest.raises(ValueError):
            OPTIONS.resolve(bad)


def test_readings_and_description_come_from_the_same_specs():
    assert [r.name for r in OPTIONS.readings()] == ["black_cards", "reshuffle"]
    described = {d["name"]: d for d in OPTIONS.describe()}
    assert described["black_cards"] == {
        "name": "black_cards",
        "type": "int",
        "default": 2,
        "minimum": 1,
        "maximum": 3,
        "provenance": "public source",
        "text": "Action D draws this many black cards.",
    }
    assert described["reshuffle"]["choices"] == ["discards", "none"]


def test_a_reading_links_to_its_own_entry_and_to_the_rule_it_reads():
    reading = OPTIONS.readings()[0]
    assert reading.to_dict("toy") == {
        "name": "black_cards",
        "default": 2,
        "provenance": "public source",
        "text": "Action D draws this many black cards.",
        "rule_url": "/v1/games/toy/rules#reading-black-cards",
        "reads_url": "/v1/games/toy/rules#action-d",
    }


def test_a_spec_must_be_coherent():
    with pytest.raises(ValueError):
        OptionSpec("x", "choice", "c", "assumption", "t", choices=("a", "b"))
    with pytest.raises(ValueError):
        OptionSpec("x", "bool", True, "hearsay", "t")


def test_the_state_memo_computes_once_per_live_state_and_stays_bounded():
    calls = []
    memo: StateMemo[int] = StateMemo(size=2)
    states = [object() for _ in range(3)]
    for s in states + states[-1:]:
        memo.get(s, lambda s: calls.append(s) or len(calls))
    assert calls == states
    assert len(memo._entries) == 2
    memo.get(states[0], lambda s: calls.append(s) or 0)
    assert calls == states + [states[0]]


def test_the_state_memo_is_safe_under_threads():
    memo: StateMemo[int] = StateMemo(size=4)
    states = [object() for _ in range(8)]
    errors = []

    def worker(k):
        for i in range(300):
            s = states[(i + k) % 8]
            if memo.get(s, id) != id(s):
                errors.append(i)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(memo._entries) <= 4


@dataclass(frozen=True)
class Toy:
    to_move: str
    counter: int


@dataclass(frozen=True)
class Step:
    player: str
    steps: int


class ToyEngine(Engine):
    info = GameInfo("toy", "Toy", ("nobody",), "none", 2, 2, "toy-1")
    book = BOOK

    def __init__(self):
        super().__init__()
        self.state_checks = 0

    def state_violations(self, state):
        self.state_checks += 1
        return [BOOK.violation("state.negative", pointer="/state/counter")] if state.counter < 0 else []

    def move_violations(self, state, move):
        out = []
        if move.player != state.to_move:
            out.append(BOOK.violation("turn.not_your_turn", pointer="/move/player"))
        if move.steps > 3:
            out.append(BOOK.violation("move.too_big", pointer="/move/steps", limit=3))
        return out

    def effects(self, state, move):
        return Outcome(True, state=Toy("b" if state.to_move == "a" else "a", state.counter + move.steps))

    def candidates(self, state, player, move_type):
        return [Step(p, n) for p in ("a", "b") if player in (None, p) for n in range(1, 6)]


def test_apply_checks_the_state_then_the_move_then_applies():
    game = ToyEngine()
    bad_state = game.apply(Toy("a", -1), Step("a", 1))
    assert not bad_state.legal and [v.code for v in bad_state.violations] == ["toy.state.negative"]
    bad_move = game.apply(Toy("a", 0), Step("b", 5))
    assert [v.code for v in bad_move.violations] == ["toy.turn.not_your_turn", "toy.move.too_big"]
    assert game.apply(Toy("a", 0), Step("a", 2)).state == Toy("b", 2)


def test_legal_moves_are_the_candidates_the_move_checks_pass_and_nothing_in_a_broken_state():
    game = ToyEngine()
    state = Toy("a", 0)
    assert game.legal_moves(state) == [Step("a", n) for n in (1, 2, 3)]
    assert game.state_checks == 1
    assert game.legal_moves(Toy("a", -1)) == []
    for move in game.candidates(state, None, None):
        assert game.apply(state, move).legal == (move in game.legal_moves(state))


def test_the_wire_options_schema_is_derived_from_the_specs():
    from marshmallow import ValidationError, fields

    from service.schemas.options import options_schema

    book = OptionBook(list(OPTIONS) + [OptionSpec("board", "value", {"size": 3}, "assumption", "The board.")])
    schema = options_schema("ToyOptions", book, {"board": fields.Dict(load_default=lambda: {"size": 3})})()
    assert schema.load({}) == {"black_cards": 2, "reshuffle": "discards", "seed_shown": False, "board": {"size": 3}}
    assert schema.load({"black_cards": 1, "board": {"size": 4}})["board"] == {"size": 4}
    for bad in ({"black_cards": 0}, {"black_cards": "2"}, {"reshuffle": "never"}, {"seed_shown": 1}):
        with pytest.raises(ValidationError):
            schema.load(bad)


def test_awaited_text_names_one_two_or_more_players():
    assert awaited_text(["ben"]) == "ben"
    assert awaited_text(("ben", "carl")) == "ben and carl"
    assert awaited_text(["ben", "carl", "dora"]) == "ben, carl and dora"
    assert awaited_text([]) == "nobody"


def test_a_choice_matches_the_json_type_too():
    from marshmallow import ValidationError

    from service.schemas.options import options_schema

    book = OptionBook([OptionSpec("cards", "choice", 1, "assumption", "Cards drawn.", choices=(1, 2))])
    schema = options_schema("Cards", book)()
    assert schema.load({"cards": 2}) == {"cards": 2}
    for bad in (True, 1.0, "1"):
        with pytest.raises(ValidationError):
            schema.load({"cards": bad})
        with pytest.raises(ValueError):
            book.resolve({"cards": bad})


@dataclass(frozen=True)
class _Built:
    name: str
    count: int = 2
    tags: tuple[str, ...] = field(default_factory=tuple)
    seen: list[str] = field(default_factory=list, init=False, compare=False)


@dataclass(frozen=True)
class _Checked:
    count: int

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("negative")


def test_build_makes_what_the_classes_own_init_makes():
    for members in ({"name": "a"}, {"name": "b", "count": 5}, {"name": "c", "tags": ("x",)}):
        built, made = build(_Built, **members), _Built(**members)
        assert built == made and vars(built) == vars(made)
    first, second = build(_Built, name="a"), build(_Built, name="a")
    assert first.seen == [] and first.seen is not second.seen and first.tags == ()  # factories run per object


def test_build_leaves_a_refusal_and_a_post_init_to_the_class():
    with pytest.raises(TypeError):
        build(_Built, name="a", colour="red")
    with pytest.raises(TypeError):
        build(_Built, count=3)  # the required name is missing
    with pytest.raises(ValueError, match="negative"):
        build(_Checked, count=-1)
    assert build(_Checked, count=1) == _Checked(1)
