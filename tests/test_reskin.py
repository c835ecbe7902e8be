"""A game is its folder: a re-skin of Chinatown under another id (``tests/reskin/littleitaly``: its edition,
its words, its rules page, nothing else changed) is served without a change anywhere under ``service/``,
answers every route as Chinatown does in its own words, and the shared suites run on it unchanged."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from service import create_app
from service.api.games import bind
from service.api.pages import build_pages
from service.engine.chinatown import INFO as CHINATOWN_INFO
from service.engine.core import RulesError
from service.engine.registry import SPECS
from tests.reskin.littleitaly import LITTLE_ITALY, SPEC

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["anna", "ben", "cleo"]
STEPS = 60
EVERY = 7  # steps between the rarer routes


@pytest.fixture(scope="module")
def client():
    app = create_app({"redis_url": None})
    games = app.extensions["games"]
    games[SPEC.id] = bind(SPEC)  # what one more name in the registry does
    app.extensions["pages"] = build_pages(games)
    return app.test_client()


def in_own_words(text: str) -> str:
    """Chinatown's answer as the re-skin words it: its id and its name for Chinatown's, its own rules version,
    and Chinatown named as the family whose rules it plays."""
    own = {
        CHINATOWN_INFO.rules_version: SPEC.info.rules_version,
        '"family":"chinatown"': "\0family\0",
    }
    for theirs, ours in own.items():
        text = text.replace(theirs, ours)
    text = text.replace("chinatown", LITTLE_ITALY.id).replace("Chinatown", LITTLE_ITALY.name)
    return text.replace("\0family\0", '"family":"chinatown"')


def both(client, op: str, body: dict | None = None, method: str = "POST", **headers: str) -> dict | None:
    """Ask Chinatown and the re-skin the same; the re-skin answers with Chinatown's status and body in its
    own words. Returns Chinatown's answer (JSON) for the next request."""
    asked = {}
    for game in ("chinatown", LITTLE_ITALY.id):
        sent = None if body is None else in_own_words_body(body, game)
        response = client.open(
            f"/v1/games/{game}/{op}".rstrip("/"), method=method, json=sent, headers={"Accept": "*/*", **headers}
        )
        asked[game] = response
    original, reskin = asked["chinatown"], asked[LITTLE_ITALY.id]
    assert reskin.status_code == original.status_code, (op, reskin.get_data(as_text=True)[:300])
    assert reskin.mimetype == original.mimetype
    assert reskin.get_data(as_text=True) == in_own_words(original.get_data(as_text=True)), op
    return original.get_json(silent=True)


def in_own_words_body(body: dict, game: str) -> dict:
    """A request as each game is sent it: a state names the game it belongs to."""
    if game == "chinatown":
        return body
    import json

    return json.loads(json.dumps(body).replace('"game": "chinatown"', f'"game": "{LITTLE_ITALY.id}"'))


@pytest.mark.parametrize("options", [{}, {"chance": "table"}], ids=["digital", "table"])
def test_the_reskin_answers_every_route_as_chinatown_does_in_its_own_words(client, options):
    both(client, "", method="GET")
    both(client, "rules", method="GET")
    setup = both(client, "setup", {"players": PLAYERS, "seed": 11, "options": options})
    assert setup is not None
    state, rnd, log = setup["state"], random.Random(11), []
    for step in range(STEPS):
        listed = both(client, "legal-moves", {"state": state})
        assert listed is not None
        if not listed["moves"]:
            break
        move = rnd.choice(listed["moves"])
        if step % EVERY == 0:
            both(client, "score", {"state": state})
            both(client, "score", {"state": state, "scoring": "final"})
            both(client, "render", {"state": state})
            both(client, "render", {"state": {"board": state["board"]}})  # a partial state's picture
            both(client, "view", {"state": state, "player": move["player"]})
            both(client, "validate", {"state": {**state, "players": state["players"][:1]}})  # too few
            both(client, "moves", {"state": state, "move": {**move, "type": "juggle"}})
            both(client, "moves", {"state": state, "move": move}, **{"Accept-Language": "hu"})
        answer = both(client, "moves", {"state": state, "move": move})
        assert answer is not None and answer["legal"]
        log.append(move)
        state = answer["state"]
    assert log
    both(client, "replay", {"setup": {"players": PLAYERS, "seed": 11, "options": options}, "moves": log})
    both(client, "setup", {"players": PLAYERS[:2], "seed": 11})  # the schema refuses two players
    with pytest.raises(RulesError) as refused:  # and so do the rules, in the re-skin's words
        SPEC.engine.setup(PLAYERS[:2], 11, options)
    assert [v.message for v in refused.value.violations] == ["Little Italy needs 3 to 5 players."]
    assert [v.code for v in refused.value.violations] == ["littleitaly.state.player_count"]


def test_the_reskin_touches_nothing_under_service():
    """Serving the re-skin changed no file of the service: its id and name appear in its own folder only
    (the registry line it would take is the test's ``bind`` here, the plug-in's ``register`` below)."""
    named = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "service").rglob("*")
        if path.is_file()
        and path.suffix in (".py", ".yaml", ".json", ".html", ".js", ".po", ".pot")
        and (
            LITTLE_ITALY.id in path.read_text(errors="replace") or LITTLE_ITALY.name in path.read_text(errors="replace")
        )
    ]
    assert named == []
    folder = sorted(
        p.name for p in (ROOT / "tests" / "reskin" / "littleitaly").iterdir() if p.suffix in (".py", ".yaml")
    )
    assert folder == ["__init__.py", "rules.yaml", "words.py"]


SHARED_SUITES = (
    "tests/api/test_conventions.py",
    "tests/api/test_answers_fit_the_contract.py",
    "tests/api/test_citations.py",
)


@pytest.mark.xdist_group("reskin-suites")
def test_the_shared_suites_pass_on_the_reskin():
    """The suites that walk every registered game, run with the re-skin registered (``-p tests.reskin.plugin``)
    and only its cases selected: the conventions of every answer, the answers against the contract generated
    with it, its citations and rules page."""
    command = [sys.executable, "-m", "pytest", "-p", "tests.reskin.plugin", "-n", "0", "-q", "-k", LITTLE_ITALY.id]
    done = subprocess.run(
        [*command, *SHARED_SUITES], cwd=ROOT, capture_output=True, text=True, env={**os.environ}, timeout=600
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    summary = done.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary and "error" not in summary, summary
    passed = int(summary.split(" passed")[0].split()[-1])
    assert passed >= 10, summary  # the re-skin's cases ran (not all deselected)


def reskinned(game: str, new_id: str, new_name: str):
    """A re-skin of ``game`` made as its package would make it: its edition under another id and name with
    the texts that name the game in that name, its book over the edition, the same engine class, and a spec
    naming the game whose code and wire it runs."""
    from dataclasses import replace
    from importlib import import_module

    original = SPECS[game]
    edition_of = {"skyline3000": "SKYLINE_3000", "fifthavenue": "FIFTH_AVENUE"}[game]
    data, book = import_module(f"service.engine.{game}.data"), import_module(f"service.engine.{game}.book")
    edition = getattr(data, edition_of)
    texts = {role: text.replace(original.info.name, new_name) for role, text in edition.texts.items()}
    own = replace(edition, id=new_id, name=new_name, texts=texts)
    info = replace(original.info, id=new_id, name=new_name, rules_version=f"{new_id}-1", family=game)
    engine = type(original.engine)(info, book.book_of(own))
    return replace(original, info=info, engine=engine, sources=(game,), memo_kinds=own.memo_kinds, rules_page=None)


# Fifth Avenue's name is also one of its districts' (whose words a re-skin keeps): its re-skin here changes
# the id only, so that the comparison below can tell the game's name from the district's.
@pytest.mark.parametrize("game,name", [("skyline3000", "Re Skin"), ("fifthavenue", "Fifth Avenue")])
def test_a_reskin_of_every_game_with_rules_of_its_own_answers_as_it_does_in_its_own_words(game, name):
    """Skyline 3000's and Fifth Avenue's editions and wires take another id as Chinatown's do: a re-skin
    made of an edition, its book and the spec answers setup, legal-moves, moves, score, view, render and
    validate as the game does, under its own id and name."""
    spec = reskinned(game, "reskin", name)
    app = create_app({"redis_url": None})
    app.extensions["games"]["reskin"] = bind(spec)
    client = app.test_client()
    original_name = SPECS[game].info.name

    def own(text: str) -> str:
        return (
            text.replace(SPECS[game].info.rules_version, spec.info.rules_version)
            .replace(game, "reskin")
            .replace(original_name, name)
        )

    def ask(op: str, body: dict) -> dict | None:
        theirs = client.post(f"/v1/games/{game}/{op}", json=body)
        ours_body = json.loads(json.dumps(body).replace(f'"game": "{game}"', '"game": "reskin"'))
        ours = client.post(f"/v1/games/reskin/{op}", json=ours_body)
        assert ours.status_code == theirs.status_code, (op, ours.get_data(as_text=True)[:300])
        # a listing's cursor seals the state it pages, which names its game: the same page, another seal
        cursor = re.compile(r'("next_cursor":"\d+-)[0-9a-f]+"')
        assert cursor.sub(r'\1"', ours.get_data(as_text=True)) == cursor.sub(r'\1"', own(theirs.get_data(as_text=True)))
        return theirs.get_json(silent=True)

    seats = list(SPECS[game].examples.PLAYERS)
    answer = ask("setup", {"players": seats, "seed": 5})
    assert answer is not None
    state, rnd = answer["state"], random.Random(5)
    for step in range(40):
        listed = ask("legal-moves", {"state": state})
        assert listed is not None
        if not listed["moves"]:
            break
        move = rnd.choice(listed["moves"])
        if step % EVERY == 0:
            ask("score", {"state": state})
            ask("render", {"state": state})
            ask("view", {"state": state, "player": move["player"]})
            ask("validate", {"state": {**state, "players": state["players"][:1]}})
        answer = ask("moves", {"state": state, "move": move})
        assert answer is not None and answer["legal"]
        state = answer["state"]
    with pytest.raises(RulesError) as refused:  # the rules refuse one player, in the re-skin's words
        spec.engine.setup(seats[:1], 5, {})
    assert all(v.code.startswith("reskin.") for v in refused.value.violations)
    assert any(name in v.message for v in refused.value.violations)
    assert all(name in v.message or original_name not in v.message for v in refused.value.violations)
