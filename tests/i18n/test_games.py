"""A sample of violations from every game, asked in every language: the same codes, pointers and rules,
each message in the asked language (the catalog's translation, never the English text)."""

import pytest

from service import create_app
from service.api.localize import Translator
from service.engine.kit import isolated
from service.engine.registry import GAME_IDS, SPECS

LANGS = ("hu", "nl", "de")
PLAYERS = ["anna", "ben", "carl"]
# The move-out-of-turn template in each language, which every game uses (kit.NOT_YOUR_TURN).
NOT_YOUR_TURN = {
    "hu": "Nem {player} következik: a játék {awaited} lépésére vár.",
    "nl": "{player} is niet aan de beurt: het spel wacht op {awaited}.",
    "de": "{player} ist nicht am Zug: Das Spiel wartet auf {awaited}.",
}


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


def _sample(client, game):
    """(request path, body) pairs whose answers carry violations: listed moves sent by the wrong player,
    by an unknown one, and so on, at most one per rule code."""
    state = client.post(f"/v1/games/{game}/setup", json={"players": PLAYERS, "seed": 5}).get_json()["state"]
    moves = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).get_json()["moves"]
    found = {}
    for move in moves[:30]:
        for player in PLAYERS + ["zed"]:
            body = {"state": state, "move": {**move, "player": player}}
            for v in client.post(f"/v1/games/{game}/moves", json=body).get_json()["violations"]:
                found.setdefault(v["code"], body)
    return [(f"/v1/games/{game}/moves", body) for body in found.values()]


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_sample_of_each_games_violations_answers_in_every_language(client, game):
    sample = _sample(client, game)
    assert len(sample) >= 2
    for path, body in sample:
        english = client.post(path, json=body).get_json()["violations"]
        for lang in LANGS:
            answer = client.post(path, json=body, headers={"Accept-Language": lang})
            assert answer.headers["Content-Language"] == lang
            shown = answer.get_json()["violations"]
            assert [(v["code"], v["pointer"], v["rule"]) for v in shown] == [
                (v["code"], v["pointer"], v["rule"]) for v in english
            ]
            for theirs, ours in zip(shown, english):
                assert theirs["message"] and theirs["message"] != ours["message"], (lang, ours)


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_move_out_of_turn_is_refused_in_the_asked_language(client, game, lang):
    state = client.post(f"/v1/games/{game}/setup", json={"players": PLAYERS, "seed": 5}).get_json()["state"]
    for move in client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).get_json()["moves"]:
        for player in PLAYERS:
            body = {"state": state, "move": {**move, "player": player}, "lang": lang}
            shown = client.post(f"/v1/games/{game}/moves", json=body).get_json()["violations"]
            turn = [v for v in shown if v["code"].endswith("not_your_turn")]
            if turn:
                awaited = [p for p in PLAYERS if p != player]
                assert any(
                    turn[0]["message"] == NOT_YOUR_TURN[lang].format(player=isolated(player), awaited=isolated(a))
                    for a in awaited
                ), turn[0]["message"]
                return
    if not SPECS[game].examples.OPENS_WITH_EVERYONE_AT_ONCE:  # (then no first move is out of turn)
        pytest.fail(f"no move out of turn found in {game}")


def test_a_scores_violations_and_breakdown_labels_are_in_the_asked_language(client):
    body = {
        "state": {
            "players": [
                {
                    "id": "anna",
                    "city": [
                        {"x": 1, "y": 0, "tile": 17},
                        {"x": 0, "y": 1, "tile": {"type": "park", "streets": ["n", "e"]}},
                    ],
                }
            ]
        }
    }
    english = client.post("/v1/games/newyork/score", json=body).get_json()
    hungarian = client.post("/v1/games/newyork/score?lang=hu", json=body).get_json()
    assert english["violations"] and len(hungarian["violations"]) == len(english["violations"])
    for theirs, ours in zip(hungarian["violations"], english["violations"]):
        assert theirs["code"] == ours["code"] and theirs["message"] != ours["message"]
    assert english["labels"]["skyscraper"] == "skyscraper"
    assert hungarian["labels"]["skyscraper"] == "felhőkarcoló" and hungarian["labels"]["church"] == "templom"
    assert hungarian["players"] == english["players"]  # the breakdown itself keeps its ids


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_games_rule_codes_and_readings_are_described_in_the_asked_language(client, game):
    english = client.get(f"/v1/games/{game}").get_json()
    dutch = client.get(f"/v1/games/{game}?lang=nl").get_json()
    assert [r["code"] for r in dutch["rule_codes"]] == [r["code"] for r in english["rule_codes"]]
    assert [r["name"] for r in dutch["readings"]] == [r["name"] for r in english["readings"]]
    changed = [
        d["text"] != e["text"]
        for d, e in zip(dutch["rule_codes"] + dutch["readings"], english["rule_codes"] + english["readings"])
    ]
    assert all(changed)


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_games_setup_options_are_named_in_the_asked_language(client, game, lang):
    """The setup options the table offers (`setup_options`): every declared option, with its type and
    choices as the engine declares them, and its name and each text choice's name translated."""
    english = client.get(f"/v1/games/{game}").get_json()["setup_options"]
    asked = client.get(f"/v1/games/{game}?lang={lang}").get_json()["setup_options"]
    declared = SPECS[game].options
    assert [o["name"] for o in asked] == [s.name for s in declared]
    assert [o["default"] for o in asked] == [s.default for s in declared]
    assert [[c["value"] for c in o.get("choices", [])] for o in asked] == [list(s.choices) for s in declared]
    assert [o["label"] for o in english] == [s.name.replace("_", " ") for s in declared]
    words = Translator.of(lang)
    pairs = [(a["label"], e["label"]) for a, e in zip(asked, english, strict=True)]
    for a, e in zip(asked, english, strict=True):
        pairs += [(mine["label"], theirs["label"]) for mine, theirs in zip(a.get("choices", []), e.get("choices", []))]
    assert all(mine == words.text(theirs) for mine, theirs in pairs)
    assert all(mine != theirs for mine, theirs in pairs if theirs != "digital"), lang  # German "digital" is itself
    kinds = {o["name"]: o["kind"] for o in asked}
    assert kinds.get("youngest", "player") == "player"  # New York's and Alhambra's start player: a player or null


def test_a_problem_title_and_detail_are_in_the_asked_language(client):
    answer = client.post("/v1/games/nope/moves", json={}, headers={"Accept-Language": "de"})
    problem = answer.get_json()
    assert answer.status_code == 404 and problem["type"] == "/problems/unknown-game"
    assert problem["title"] == "Nicht gefunden"
    assert problem["detail"].startswith("Es gibt kein Spiel 'nope'")


def test_a_word_parameter_is_translated_in_its_games_context_and_a_player_id_never_is(client):
    from service.api.localize import Translator, Words

    hu = Translator.of("hu")
    skyline, fifth = Words("Skyline 3000", frozenset({"green"})), Words("Fifth Avenue", frozenset({"green"}))
    assert hu.format("{tile}", {"tile": "green"}, skyline) == "Zöldterület"
    assert hu.format("{colour}", {"colour": "green"}, fifth) == "zöld"
    assert hu.format("{player}", {"player": "green"}, fifth) == "\u2068green\u2069"  # untranslated, isolated


def test_a_schema_problems_field_messages_are_in_the_asked_language_when_the_catalog_has_them(client):
    body = {"state": {"x": 1}, "move": 5}
    english = client.post("/v1/games/newyork/moves", json=body).get_json()
    dutch = client.post("/v1/games/newyork/moves?lang=nl", json=body).get_json()
    assert [e["pointer"] for e in dutch["errors"]] == [e["pointer"] for e in english["errors"]]
    said = {e["pointer"]: e["message"] for e in dutch["errors"]}
    assert said["/state/x"] == "Onbekend veld." and said["/state/game"] == "Gegevens ontbreken voor een verplicht veld."
    assert dutch["detail"] == f"{len(english['errors'])} veld(en) passen niet in het schema."


def test_every_problem_types_title_is_a_catalog_entry_translated_in_every_language():
    from service.api.localize import Translator
    from service.api.problem_types import PROBLEM_TYPES

    for lang in LANGS:
        tr = Translator.of(lang)
        assert all(tr.text(kind.title) != kind.title for kind in PROBLEM_TYPES.values()), lang


def test_the_pages_problems_speak_the_asked_language(client):
    unknown_type = client.get("/problems/nope?lang=hu")
    assert unknown_type.status_code == 404 and unknown_type.headers["Content-Language"] == "hu"
    assert unknown_type.get_json()["detail"] == "Nincs 'nope' problématípus; a /problems/ oldal felsorolja őket."
    unknown_game = client.get("/v1/games/nope/rules", headers={"Accept-Language": "de"}).get_json()
    assert unknown_game["title"] == "Nicht gefunden" and unknown_game["detail"].startswith("Es gibt kein Spiel 'nope'")
