"""The rule book's codes and the readings are complete; the engine through the HTTP routes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.engine.fifthavenue import GAME, INFO
from service.engine.fifthavenue.state import MOVE_TYPES

ENGINE = Path(__file__).resolve().parents[2] / "service" / "engine" / "fifthavenue"


def test_every_emitted_code_is_listed_with_its_text_and_rule():
    """Every code a module emits is in the rule book, and every code in the book is emitted somewhere."""
    listed = {r.code for r in GAME.rule_codes()}
    emitted = set()
    for path in ENGINE.glob("*.py"):
        emitted |= {
            f"fifthavenue.{c}" for c in re.findall(r'book\.violation\(\s*"([a-z_0-9]+\.[a-z_0-9]+)"', path.read_text())
        }
    assert emitted == listed, (sorted(emitted - listed), sorted(listed - emitted))
    assert all(r.text and r.rule for r in GAME.rule_codes())


def test_every_reading_has_a_test_named_after_it():
    names = [r.name for r in GAME.readings()]
    tests = "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    for name in names:
        assert f"def test_reading_{name}" in tests, name
    described = GAME.describe()
    assert [r["name"] for r in described["readings"]] == names
    assert {r["provenance"] for r in described["readings"]} <= {"seed", "rulebook", "public source", "assumption"}


def test_info_and_describe():
    assert INFO.rules_version == "fifthavenue-5"
    assert set(INFO.move_types) == set(MOVE_TYPES)
    described = GAME.describe()
    assert described["scoring_tables"]["per_skyscraper_by_distinct_adjacent_types"] == [1, 2, 3, 5, 8]
    assert described["options"]["valuation_black_cards"] == 2


def test_a_game_through_the_routes(client):
    r = client.post("/v1/games/fifthavenue/setup", json={"players": ["anna", "bob"], "seed": 3})
    assert r.status_code == 200
    state = r.get_json()["state"]
    assert state["dummy"] == {"id": "alea", "general": 18}
    for _ in range(6):
        moves = client.post("/v1/games/fifthavenue/legal-moves", json={"state": state}).get_json()["moves"]
        answer = client.post("/v1/games/fifthavenue/moves", json={"state": state, "move": moves[0]}).get_json()
        assert answer["legal"], answer
        state = answer["state"]
    wrong = client.post(
        "/v1/games/fifthavenue/moves",
        json={"state": state, "move": {"type": "take_cards", "player": "bob", "colours": ["gray"]}},
    )
    body = wrong.get_json()
    assert wrong.status_code == 200 and body["legal"] is False
    assert {v["code"] for v in body["violations"]} >= {"fifthavenue.turn.wrong_phase"}
    view = client.post("/v1/games/fifthavenue/view", json={"state": state, "player": "anna"}).get_json()["state"]
    assert view["players"][1]["hand"] is None and view["black_deck"]["cards"] is None
    svg = client.post("/v1/games/fifthavenue/render", json={"state": state})
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"


def test_score_route_takes_the_partial_format(client):
    body = {
        "state": {
            "districts": {
                "times-square": {
                    "plots": {
                        "violet": {"skyscrapers": {"owner": "yellow", "count": 1}},
                        "orange": {"businesses": ["boutique", "jeweler"]},
                        "brown": {"businesses": ["gallery"]},
                        "gray": {"skyscrapers": {"owner": "blue", "count": 3}},
                        "green": {"businesses": ["gallery"]},
                    }
                }
            }
        },
        "scoring": "building_stop:times-square",
        "declarer": "red",
    }
    answer = client.post("/v1/games/fifthavenue/score", json=body).get_json()
    assert answer["totals"] == {"yellow": 2, "blue": 3, "red": 4}
    bad = client.post("/v1/games/fifthavenue/score", json={"state": {"districts": {}}, "scoring": "district:nowhere"})
    assert bad.status_code == 422


def test_replay_of_a_whole_game_lists_its_scorings(client):
    from service.schemas.fifthavenue import WIRE

    from .helpers import random_game

    log = []
    end = random_game(3, 77, lambda before, move, after, listed, rnd: log.append(WIRE.move().dump(move)))
    body = {"setup": {"players": ["red", "yellow", "blue"], "seed": 77}, "moves": log}
    answer = client.post("/v1/games/fifthavenue/replay", json=body).get_json()
    assert answer["valid"] and answer["first_illegal"] is None
    assert answer["scores"] == {p.id: p.points for p in end.players}
    kinds = {s["kind"] for s in answer["scorings"]}
    assert {"final_district_scored", "central_park_scored"} <= kinds


def test_every_emitted_violation_cites_the_book_rule_of_its_code():
    """One code, one rule: what moves, validate, score and setup emit cites the rule the rule book lists."""

    from service.engine.core import RulesError
    from service.engine.fifthavenue.state import Move
    from service.schemas.fifthavenue import from_plain, to_plain

    from .helpers import random_game
    from .test_playout import unlisted

    rule_of = {r.code: r.rule for r in GAME.rule_codes()}
    seen: list = []

    def collect(before, move, after, listed, rnd):
        for m in unlisted(before, set(listed), rnd):
            seen.extend(GAME.apply(before, m).violations)
        seen.extend(GAME.apply(before, Move("take_skyscrapers", "nobody")).violations)

    for players, seed in ((2, 11), (3, 12), (4, 13)):
        end = random_game(players, seed, collect)
        w = to_plain(end)  # a broken copy of the end: every part of validate gets something to say
        w["players"][0]["supply"] += 1
        w["players"][1]["hand_size"] += 1
        w["districts"]["times-square"]["stopped"] = True
        w["commissioners"]["white"]["markers"] = ["times-square"] * 4
        w["supply_row"][0] = ["boutique"]
        w["park_order"] = [0]
        seen.extend(GAME.validate(from_plain(w)))
    for body in (
        {"scoring": "district:times-square"},
        {"scoring": "building_stop:times-square"},
        {"scoring": "final"},
        {"scoring": "final", "central_park_tiles": ["boutique"] * 3},
    ):
        state = from_plain({"districts": {"times-square": {"stopped": True}}}, partial=True)
        seen.extend(v for v in (GAME.score(state, body)["violations"]))
    for players in (["a"], ["a", "a"], ["alea", "b"]):
        try:
            GAME.setup(players, 1, {})
        except RulesError as err:
            seen.extend(err.violations)
    seen = [v if isinstance(v, dict) else v.to_dict() for v in seen]
    codes = {v["code"] for v in seen}
    assert len(codes) >= 25, sorted(codes)  # moves, validate, score and setup all spoke
    wrong = {(v["code"], v["rule"]) for v in seen if rule_of.get(v["code"]) != v["rule"]}
    assert not wrong, sorted(wrong)


def test_seed_readings_quote_the_seed_and_provenances_are_known():
    """A reading whose provenance is the seed quotes the seed's own (Dutch) words."""
    by_provenance: dict[str, list[str]] = {}
    for r in GAME.readings():
        by_provenance.setdefault(r.provenance, []).append(r.name)
        if r.provenance != "seed":
            continue
        assert re.findall(r"'([^']{12,})'", r.text), r.name
    assert set(by_provenance) == {"seed", "rulebook", "public source", "assumption"}
    # the English rulebook's own words, quoted with where they were read
    for name in ("valuation_black_cards", "build_count", "dummy_bidder", "park_tiles_fewer", "board_side"):
        assert name in by_provenance["rulebook"]
        assert "English rulebook" in GAME.readings()[[r.name for r in GAME.readings()].index(name)].text
    for name in ("special_scorings", "plot_ring"):
        assert name in by_provenance["public source"]
    for name in (
        "black_deck_empty",
        "dummy_plot",
        "dummy_building_stop",
        "bid_requires_supply",
        "plot_ring_order",
        "dummy_builds",
        "district_names",
        "coloured_stack_empty",
        "sixth_plot_colour",
        "sixth_plot_neighbours",
        "park_trigger_passes",
        "black_cards_all_held",
    ):
        assert name in by_provenance["assumption"]
    assert by_provenance["seed"] == ["park_colour"]


def test_contract_options_match_the_option_specs():
    """The contract's options are the engine's option specs: the same names, defaults, choices and ranges."""
    from service.engine.fifthavenue.options import OPTIONS
    from tests.contract_document import component, said_default

    props = component("FifthAvenueOptions")["properties"]
    assert set(props) == {s.name for s in OPTIONS}
    for spec in OPTIONS:
        prop = props[spec.name]
        if spec.kind == "value":
            continue  # a structure the contract spells out field by field
        assert said_default(prop) == spec.default, spec.name
        assert prop["type"] == {"bool": "boolean", "int": "integer", "choice": "string"}[spec.kind], spec.name
        if spec.kind == "choice":
            assert prop["enum"] == list(spec.choices), spec.name
        if spec.kind == "int":
            assert (prop["minimum"], prop["maximum"]) == (spec.minimum, spec.maximum), spec.name


def test_wire_options_derive_from_the_option_specs():
    """Defaults, choices and ranges on the wire are the specs': an empty options object loads to the specs'
    defaults, and a value outside a spec is refused."""
    from marshmallow import ValidationError

    from service.engine.fifthavenue.options import OPTIONS
    from service.schemas.fifthavenue import WIRE

    assert WIRE.options().load({}) == OPTIONS.defaults()
    bad = {
        "valuation_black_cards": [0, 3, True, "2"],
        "black_deck_empty": ["shuffle"],
        "dummy_plot": [1],
        "bid_requires_supply": [1, "yes"],
        "park_tiles_fewer": [None],
    }
    for name, values in bad.items():
        for value in values:
            with pytest.raises(ValidationError):
                WIRE.options().load({name: value})
    for value in (1, 2):
        assert WIRE.options().load({"valuation_black_cards": value})["valuation_black_cards"] == value
