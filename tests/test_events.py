"""The events the move and replay answers carry, typed in the contract: every event the games emit in
seeded play fits its member of the game's ``{Prefix}Event`` union in openapi.yaml, the union has one
member per kind an engine can emit, and every game ends with the one ``game_ended`` event."""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service.api.contract import component_prefix
from service.engine.core import GAME_ENDED
from service.engine.registry import SPECS as GAMES
from tests.conformance.games import SPECS as POLICIES
from tests.conformance.playout import Probe, Table
from tests.contract_document import contract

URI = "urn:city-games:contract"
REGISTRY = Registry().with_resource(URI, Resource.from_contents(contract(), default_specification=DRAFT202012))
ENGINES = Path(__file__).resolve().parents[1] / "service" / "engine"
MAX_STEPS = 3000
GAME_IDS = sorted(GAMES)


def union(game_id: str) -> dict:
    return contract()["components"]["schemas"][component_prefix(GAMES[game_id].info.name) + "Event"]


def member(game_id: str, kind: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": URI + union(game_id)["discriminator"]["mapping"][kind]}, registry=REGISTRY)


@functools.cache
def playouts(game_id: str) -> tuple[tuple[list[dict], dict, dict], ...]:
    """Seeded games to their end, digital and at a real table: each game's events (as the answers give
    them), its final score and its final status."""
    table = Table(game_id)
    game, policy = table.game, POLICIES[game_id].policy
    info = game.info
    out = []
    for chance in ("digital", "table"):
        for players in range(info.min_players, info.max_players + 1):
            seed = 7919 * players + len(chance)
            rnd = random.Random(seed)
            state = game.setup(
                [f"p{i}" for i in range(players)], seed, {"chance": "table"} if chance == "table" else {}
            )
            events: list[dict] = []
            for _ in range(MAX_STEPS):
                listed = game.legal_moves(state)
                if not listed:
                    break
                wires = table.moves.dump(listed, many=True)
                chosen = policy(wires, Probe(table, state, listed, wires), rnd)
                outcome = game.apply(state, listed[wires.index(chosen)])
                assert outcome.legal, chosen
                state = outcome.state
                events += [event.to_dict() for event in outcome.events]
            out.append((events, game.score(state), game.status(state)))
    return tuple(out)


def emitted_kinds(game_id: str) -> set[str]:
    """The kinds an engine's source can emit: its ``Event("kind", ...)`` calls, its scoring kinds (named
    by constants) and the end every game shares."""
    family = GAMES[game_id].info.family or game_id
    source = "\n".join(path.read_text() for path in (ENGINES / family).glob("*.py"))
    written = set(re.findall(r'Event\(\s*"(\w+)"', source))
    return written | set(GAMES[game_id].engine.scoring_events) | {GAME_ENDED}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_kind_an_engine_emits_is_a_member_of_its_event_union(game_id):
    assert set(union(game_id)["discriminator"]["mapping"]) == emitted_kinds(game_id)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_scoring_kind_says_what_it_awarded(game_id):
    scorings = GAMES[game_id].engine.scoring_events
    assert scorings, "every game has a scoring"
    for kind in scorings:
        assert kind.endswith("scored"), kind
        schema = contract()["components"]["schemas"][member(game_id, kind).schema["$ref"].rsplit("/", 1)[1]]
        assert "awarded" in schema["required"], kind


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_of_seeded_play_fits_its_member_of_the_contract(game_id):
    mapping = union(game_id)["discriminator"]["mapping"]
    seen = set()
    for events, _score, _status in playouts(game_id):
        for event in events:
            assert event["kind"] in mapping, event
            errors = [e.message for e in member(game_id, event["kind"]).iter_errors(event)]
            assert errors == [], (event, errors)
            seen.add(event["kind"])
    assert GAME_ENDED in seen and seen & GAMES[game_id].engine.scoring_events, "the games scored and ended"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_replay_scoring_with_its_move_index_fits_its_member(game_id):
    for events, _score, _status in playouts(game_id)[:1]:
        scorings = [e for e in events if e["kind"] in GAMES[game_id].engine.scoring_events]
        for index, event in enumerate(scorings):
            assert list(member(game_id, event["kind"]).iter_errors({**event, "index": index})) == []
            assert list(member(game_id, event["kind"]).iter_errors({**event, "index": -1})) != []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_ends_with_one_game_ended_event_of_the_score_answers_winners_and_standings(game_id):
    for events, score, status in playouts(game_id):
        assert status.over
        ended = [e for e in events if e["kind"] == GAME_ENDED]
        assert len(ended) == 1
        assert ended[0] == {"kind": GAME_ENDED, "winners": score["winners"], "standings": score["standings"]}
        assert ended[0]["winners"] == list(status.winners)


def test_an_event_of_a_kind_the_union_lacks_or_with_a_field_its_member_lacks_is_refused():
    validator = Draft202012Validator({"$ref": URI + "#/components/schemas/NewYorkEvent"}, registry=REGISTRY)
    ended = {"kind": GAME_ENDED, "winners": ["a"], "standings": {"a": 3}}
    assert validator.is_valid(ended)
    assert not validator.is_valid({**ended, "draw": False})
    assert not validator.is_valid({**ended, "kind": "game_over"})
    assert not validator.is_valid({"kind": "scored", "scoring": "A", "totals": {"a": 1}})


def test_a_building_stop_scored_event_fits_its_member_of_the_contract():
    """Seeded play does not reach a building stop; the English rulebook's example (p. 10) does: Red wins
    the auction without a plot in the full district, and the last pass scores the stop (Red 4, Yellow 2,
    Blue 3)."""
    from service.engine.fifthavenue.state import Move
    from tests.fifthavenue.helpers import ok
    from tests.fifthavenue.test_auctions import TS, _full_with_rivals, auction_at, bid

    game = GAMES["fifthavenue"].engine
    state = auction_at(
        layout=_full_with_rivals,
        hands={"red": ["green-4"]},
        extra=lambda w: w["commissioners"]["beige"].update(at="52nd-st-east", markers=[TS]),
    )
    state = ok(bid(state, "red", ["green-4"], "green"), Move("pass", "yellow"))
    outcome = game.apply(state, Move("pass", "blue"))
    assert outcome.legal
    scored = [e.to_dict() for e in outcome.events if e.kind == "building_stop_scored"]
    assert len(scored) == 1 and scored[0]["awarded"] == {"red": 4, "yellow": 2, "blue": 3}
    member("fifthavenue", "building_stop_scored").validate(scored[0])
