"""Texts made from values, in the request's language: a schema problem's field messages (marshmallow's
validators' and the schemas' own), the JSON parser's reason in a 400's detail, and the HTTP errors that
have no detail of their own. English answers stay as they were."""

import inspect
import json

import pytest
from flask import abort
from marshmallow import Schema, fields, validate
from werkzeug.exceptions import RequestedRangeNotSatisfiable, default_exceptions

from service import create_app
from service.api.body import JSON_REASONS
from service.api.field_messages import TEMPLATES, field_message, recognise
from service.api.localize import Translator
from service.api.problems import STATUS_DETAILS
from service.schemas import messages as M

GAMES = ("newyork", "chinatown", "skyline3000", "fifthavenue")
LANGS = ("hu", "nl", "de")
# Recorded from main's answers before the change: English must read byte for byte the same.
ENGLISH = {
    "chinatown-setup": '{"type":"/problems/schema","title":"The request does not fit the schema","status":422,'
    '"errors":[{"pointer":"/players","message":"Length must be between 3 and 5."},'
    '{"pointer":"/seed","message":"Must be greater than or equal to 0 and less than or equal '
    'to 9007199254740991."}],"detail":"2 field(s) do not fit the schema."}',
    "json": '{"type":"/problems/malformed-json","title":"Malformed JSON","status":400,'
    '"detail":"The body is not well-formed JSON: Expecting \':\' delimiter at line 1, column 6."}',
    "416": '{"type":"/problems/error","title":"Error","status":416,'
    '"detail":"The server cannot provide the requested range."}',
    "ny-bank": '{"type":"/problems/schema","title":"The request does not fit the schema","status":422,'
    '"errors":[{"pointer":"/state/players/0/money/0/bank","message":"Must be one of: blue, green, '
    'yellow, red."}],"detail":"1 field(s) do not fit the schema."}',
}


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


@pytest.fixture(scope="module")
def states(client):
    return {
        g: client.post(f"/v1/games/{g}/setup", json={"players": ["a", "b", "c"], "seed": 1}).get_json()["state"]
        for g in GAMES
    }


# -- the tables match the libraries they stand for ----------------------------------------------------------
def test_the_marshmallow_templates_are_the_installed_marshmallows_own():
    r = validate.Range
    assert {
        M.ONE_OF,
        M.LENGTH_MIN,
        M.LENGTH_MAX,
        M.LENGTH_BETWEEN,
        M.LENGTH_EQUAL,
        M.RANGE_MIN,
        M.RANGE_MAX,
        M.RANGE_BETWEEN,
        M.EQUAL,
    } == {
        validate.OneOf.default_message,
        validate.Length.message_min,
        validate.Length.message_max,
        validate.Length.message_all,
        validate.Length.message_equal,
        r.message_min.format(min_op=r.message_gte),
        r.message_max.format(max_op=r.message_lte),
        r.message_all.format(min_op=r.message_gte, max_op=r.message_lte),
        validate.Equal.default_message,
    }
    assert set(M.MARSHMALLOW_TEMPLATES) == {
        M.ONE_OF,
        M.LENGTH_MIN,
        M.LENGTH_MAX,
        M.LENGTH_BETWEEN,
        M.LENGTH_EQUAL,
        M.RANGE_MIN,
        M.RANGE_MAX,
        M.RANGE_BETWEEN,
        M.EQUAL,
    }


def test_the_marshmallow_messages_are_the_installed_marshmallows_own():
    defaults = set(Schema._default_error_messages.values())
    for field in vars(fields).values():
        if inspect.isclass(field) and issubclass(field, fields.Field):
            defaults.update(vars(field).get("default_error_messages", {}).values())
    assert set(M.MARSHMALLOW_MESSAGES) <= defaults


def test_the_json_reasons_are_the_parsers_own():
    seen = set()
    for text in ("", '{"a" 1}', '{"a":1,}', "[1", '"abc', '"a\x01"', r'"\q"', r'"\u12"', "1 2"):
        with pytest.raises(json.JSONDecodeError) as caught:
            json.loads(text)
        seen.add(caught.value.msg)
    assert seen <= JSON_REASONS and len(seen) == 9


@pytest.fixture(scope="module")
def aborting():
    """The service with one more route that answers werkzeug's own error of the status it is given."""
    app = create_app({"redis_url": None})
    app.add_url_rule("/abort/<int:status>", "abort", lambda status: abort(status))
    app.add_url_rule("/abort/<int:status>/own", "abort_own", lambda status: abort(status, "Own words."))
    return app.test_client()


@pytest.mark.parametrize("status", sorted(STATUS_DETAILS))
def test_each_status_detail_stands_for_werkzeugs_default_description(aborting, status):
    english = aborting.get(f"/abort/{status}").get_json()
    assert english["status"] == status and english["detail"] == default_exceptions[status].description
    for lang in LANGS:
        detail = aborting.get(f"/abort/{status}?lang={lang}").get_json()["detail"]
        assert detail == Translator.of(lang).text(STATUS_DETAILS[status]) != STATUS_DETAILS[status]


def test_a_description_given_for_one_error_stays_as_it_is(aborting):
    assert aborting.get("/abort/400/own?lang=de").get_json()["detail"] == "Own words."


# -- recognising a filled template --------------------------------------------------------------------------
@pytest.mark.parametrize("template", TEMPLATES)
def test_every_template_filled_with_values_is_recognised_as_itself(template):
    from string import Formatter

    values = {name: f"v{i} x" for i, (_, name, _, _) in enumerate(Formatter().parse(template)) if name}
    assert recognise(template.format(**values)) == (template, values)


def test_the_one_sided_range_is_not_read_into_the_two_sided_one():
    assert recognise("Must be greater than or equal to 1 and less than or equal to 6.") == (
        M.RANGE_BETWEEN,
        {"min": "1", "max": "6"},
    )
    assert recognise("Must be greater than or equal to 1.") == (M.RANGE_MIN, {"min": "1"})


def test_a_message_that_is_no_template_stays_as_it_is():
    assert field_message(Translator.of("de"), "Something else entirely.") == "Something else entirely."


# -- answers in each language -------------------------------------------------------------------------------
def _messages(answer):
    return [e["message"] for e in answer.get_json()["errors"]]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_length_and_range_violations_of_a_setup_answer_in_the_language(client, game, lang):
    english = client.post(f"/v1/games/{game}/setup", json={"players": ["a"], "seed": -1})
    answer = client.post(f"/v1/games/{game}/setup?lang={lang}", json={"players": ["a"], "seed": -1})
    tr = Translator.of(lang)
    (length, low), (rng, bounds) = (recognise(m) for m in _messages(english))
    assert (length, rng) == (M.LENGTH_BETWEEN, M.RANGE_BETWEEN)
    assert _messages(answer) == [tr.text(M.LENGTH_BETWEEN).format(**low), tr.text(M.RANGE_BETWEEN).format(**bounds)]
    assert all(m not in _messages(english) for m in _messages(answer))
    assert [e["pointer"] for e in answer.get_json()["errors"]] == ["/players", "/seed"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_move_type_outside_the_choices_answers_in_the_language(client, states, game, lang):
    body = {"state": states[game], "move": {"type": "fly", "player": "a"}}
    english = _messages(client.post(f"/v1/games/{game}/moves", json=body))
    answer = _messages(client.post(f"/v1/games/{game}/moves?lang={lang}", json=body))
    template, values = recognise(english[0])
    assert template == M.ONE_OF and "fly" not in values["choices"]
    assert answer == [Translator.of(lang).text(M.ONE_OF).format(**values)] and answer != english


def test_a_schemas_own_message_with_values_answers_in_the_language(client):
    state = client.post("/v1/games/newyork/setup", json={"players": ["a", "b"], "seed": 1}).get_json()["state"]
    state["players"][0]["money"][0]["bank"] = "pink"
    english = client.post("/v1/games/newyork/score", json={"state": state})
    assert english.get_data(as_text=True) == ENGLISH["ny-bank"]
    answer = client.post("/v1/games/newyork/score?lang=hu", json={"state": state})
    assert _messages(answer) == ["Ezek egyike lehet: blue, green, yellow, red."]


def test_the_english_answers_read_as_before(client):
    assert (
        client.post("/v1/games/chinatown/setup", json={"players": ["a"], "seed": -1}).get_data(as_text=True)
        == ENGLISH["chinatown-setup"]
    )
    assert (
        client.post("/v1/games/newyork/setup", data=b'{"a" 1}', content_type="application/json").get_data(as_text=True)
        == ENGLISH["json"]
    )
    assert client.get("/table/app.js", headers={"Range": "bytes=99999999-"}).get_data(as_text=True) == ENGLISH["416"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "body, reason",
    [
        (b'{"a" 1}', "Expecting ':' delimiter"),
        (b'{"a":1,}', "Expecting property name enclosed in double quotes"),
        (b"[1 2]", "Expecting ',' delimiter"),
        (b"1 2", "Extra data"),
    ],
)
def test_a_malformed_json_body_names_its_fault_in_the_language(client, body, reason, lang):
    english = client.post("/v1/games/newyork/setup", data=body, content_type="application/json").get_json()
    answer = client.post(f"/v1/games/newyork/setup?lang={lang}", data=body, content_type="application/json")
    tr = Translator.of(lang)
    assert answer.status_code == 400 and reason in english["detail"]
    assert tr.text(reason) != reason and tr.text(reason) in answer.get_json()["detail"]
    assert reason not in answer.get_json()["detail"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_json_value_is_named_in_the_language(client, lang):
    english = client.post("/v1/games/newyork/setup", data=b'{"a": NaN}', content_type="application/json")
    answer = client.post(f"/v1/games/newyork/setup?lang={lang}", data=b'{"a": NaN}', content_type="application/json")
    assert english.get_json()["detail"] == "The body is not well-formed JSON: NaN is not valid JSON."
    assert answer.get_json()["detail"] == Translator.of(lang).format(
        "The body is not well-formed JSON: {name} is not valid JSON.", {"name": "NaN"}
    )
    assert answer.get_json()["detail"] != english.get_json()["detail"]


@pytest.mark.parametrize("lang", LANGS)
def test_an_http_error_without_a_detail_of_its_own_answers_in_the_language(client, lang):
    answer = client.get(f"/table/app.js?lang={lang}", headers={"Range": "bytes=99999999-"})
    assert answer.status_code == 416
    assert answer.get_json()["detail"] == Translator.of(lang).text(STATUS_DETAILS[416])
    assert answer.get_json()["detail"] not in (STATUS_DETAILS[416], RequestedRangeNotSatisfiable.description)
