"""Which language an answer speaks: Accept-Language with quality values, an explicit ``lang`` that wins,
English for anything else; the headers that say so; answers and ETags kept apart per language."""

import pytest

from service import create_app
from service.api.language import supported

from ..cache.support import with_redis

MOVE = "/v1/games/newyork/moves"
NOT_FOUND = {"en": "Not found", "hu": "Nem található", "nl": "Niet gevonden", "de": "Nicht gefunden"}


@pytest.fixture(scope="module")
def state():
    client = create_app({"redis_url": None}).test_client()
    return client.post("/v1/games/newyork/setup", json={"players": ["anna", "ben"], "seed": 3}).get_json()["state"]


def _wrong_turn(client, state, query="", **headers):
    waiting = "ben" if state["current"] == "anna" else "anna"
    body = {"state": state, "move": {"type": "end_turn", "player": waiting}}
    return client.post(MOVE + query, json=body, headers=headers)


def test_language_tags_map_to_the_four_languages_and_anything_else_to_english():
    assert [supported(t) for t in ("hu", "hu-HU", "nl_BE", "DE-at", "en-GB", "fr", "", "x-klingon")] == [
        "hu",
        "hu",
        "nl",
        "de",
        "en",
        "en",
        "en",
        "en",
    ]


@pytest.mark.parametrize(
    "header, expected",
    [
        ("hu-HU,hu;q=0.9,en;q=0.5", "hu"),
        ("fr, de;q=0.5, nl;q=0.4", "de"),
        ("en;q=0.3, nl;q=0.8", "nl"),
        ("fr-CA, fr;q=0.9", "en"),
        ("nl-BE, en;q=0.5", "nl"),
        ("de;q=0, hu;q=0.1", "hu"),
        ("*", "en"),
    ],
)
def test_accept_language_is_negotiated_with_its_quality_values(client, header, expected):
    answer = client.get("/v1/games/nope", headers={"Accept-Language": header})
    assert answer.headers["Content-Language"] == expected
    assert answer.get_json()["title"] == NOT_FOUND[expected]


def test_the_lang_query_parameter_wins_over_accept_language(client):
    answer = client.get("/v1/games/nope?lang=nl", headers={"Accept-Language": "de"})
    assert answer.headers["Content-Language"] == "nl" and answer.get_json()["title"] == NOT_FOUND["nl"]


def test_an_unknown_language_falls_back_to_english(client, state):
    english = _wrong_turn(client, state)
    for query, headers in (("?lang=fr", {}), ("", {"Accept-Language": "fr-FR, es;q=0.5"})):
        answer = _wrong_turn(client, state, query, **headers)
        assert answer.headers["Content-Language"] == "en"
        assert answer.get_json()["violations"] == english.get_json()["violations"]


def test_the_body_lang_field_wins_and_is_not_part_of_the_game_request(client, state):
    waiting = "ben" if state["current"] == "anna" else "anna"
    body = {"lang": "de", "state": state, "move": {"type": "end_turn", "player": waiting}}
    answer = client.post(MOVE + "?lang=hu", json=body, headers={"Accept-Language": "nl"})
    assert answer.status_code == 200 and answer.headers["Content-Language"] == "de"
    message = answer.get_json()["violations"][0]["message"]
    assert message.startswith(f"\u2068{waiting}\u2069 ist nicht am Zug")


def test_a_lang_field_that_is_not_a_string_is_a_schema_error(client, state):
    answer = client.post(MOVE, json={"lang": 7, "state": state, "move": {"type": "end_turn", "player": "ben"}})
    assert answer.status_code == 422
    assert answer.get_json()["errors"] == [{"pointer": "/lang", "message": "Not a valid string."}]


def test_answers_say_their_language_and_vary_on_accept_language(client, state):
    for lang in ("en", "hu", "nl", "de"):
        answer = _wrong_turn(client, state, **{"Accept-Language": lang})
        assert answer.headers["Content-Language"] == lang
        assert "Accept-Language" in answer.headers["Vary"]


def test_codes_pointers_and_field_names_never_change_with_the_language(client, state):
    english = _wrong_turn(client, state).get_json()
    for lang in ("hu", "nl", "de"):
        other = _wrong_turn(client, state, f"?lang={lang}").get_json()
        assert other.keys() == english.keys()
        assert [(v["code"], v["pointer"], v["rule"]) for v in other["violations"]] == [
            (v["code"], v["pointer"], v["rule"]) for v in english["violations"]
        ]
        assert [v["message"] for v in other["violations"]] != [v["message"] for v in english["violations"]]


def test_a_cached_answer_in_one_language_is_never_served_for_another(client, state):
    seen = {}
    for lang in ("hu", "en", "de", "nl", "hu", "en"):
        answer = _wrong_turn(client, state, **{"Accept-Language": lang})
        body, tag = answer.get_data(as_text=True), answer.headers["ETag"]
        seen.setdefault(lang, (body, tag))
        assert (body, tag) == seen[lang]  # the second hu and en are cache hits of their own language
    assert len({body for body, _ in seen.values()}) == 4
    assert len({tag for _, tag in seen.values()}) == 4


def test_answers_without_text_still_get_an_etag_per_language(client, state):
    body = {"state": state}
    tags = {lang: client.post(f"/v1/games/newyork/legal-moves?lang={lang}", json=body) for lang in ("en", "hu")}
    assert tags["en"].data == tags["hu"].data
    assert tags["en"].headers["ETag"] != tags["hu"].headers["ETag"]


def test_languages_stay_apart_in_a_shared_redis(redis_url, state):
    one, two = create_app(with_redis(redis_url)), create_app(with_redis(redis_url))
    hungarian = _wrong_turn(one.test_client(), state, **{"Accept-Language": "hu"})
    one.extensions["memo"].stores[1].flush()
    english = _wrong_turn(two.test_client(), state, **{"Accept-Language": "en"})
    assert english.headers["Content-Language"] == "en"
    assert english.get_data(as_text=True) != hungarian.get_data(as_text=True)
    assert "It is not" in english.get_json()["violations"][0]["message"]


def test_an_answer_that_already_says_a_language_or_varies_keeps_one_of_each_header():
    """The language headers are added at the end of an answer's headers; one the answer already has is
    replaced (Content-Language) or extended (Vary) in its place, never written twice."""
    from flask import Flask, Response, g

    app = Flask(__name__)
    from service.api.language import install_language

    install_language(app)
    say = app.after_request_funcs[None][-1]
    with app.test_request_context("/"):
        g.lang = "hu"
        plain = say(Response(b"{}", mimetype="application/json", headers={"ETag": '"e"'}))
        assert list(plain.headers.items())[-2:] == [("Content-Language", "hu"), ("Vary", "Accept-Language")]
        said = say(Response(b"{}", headers={"content-language": "en", "Vary": "Origin", "X": "1"}))
        assert said.headers.getlist("Content-Language") == ["hu"] and said.headers.getlist("Vary") == [
            "Origin, Accept-Language"
        ]
        assert [name for name, _ in said.headers][:3] == ["Content-Language", "Vary", "X"]
        varied = say(Response(b"{}", headers={"VARY": "Origin"}))
        assert (
            varied.headers.getlist("Vary") == ["Origin, Accept-Language"] and varied.headers["Content-Language"] == "hu"
        )
