"""Any Unicode input gets a 4xx or a correct 200, never a 5xx, on every game and every POST route.

A lone UTF-16 surrogate (``"\\ud800"``) is refused once, where the body is read, with a pointer to the
string that holds it. A player id holding a control or formatting character (NUL, bell, a right-to-left
override, a zero-width space) is a 422 pointing at it, one that is blank too; other odd text (emoji,
combining marks, U+FFFF, markup) is a valid player id and comes back in NFC, and pictures stay
well-formed XML.
"""

import json
import unicodedata
import xml.etree.ElementTree as ElementTree

import pytest

from service import create_app
from service.api.routes import BY_PATH, ROUTES, Position

GAMES = ["newyork", "chinatown", "skyline3000", "fifthavenue"]
PATHS = [route.path for route in ROUTES]  # every declared game route
PROBLEM = "application/problem+json"
NAME = "anna"


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


@pytest.fixture(scope="module")
def bodies(client):
    """Per game, a well-formed body for every route (its declared example) around a fresh three-player game
    in which ``anna`` plays."""
    out = {}
    for game in GAMES:
        setup = {"players": [NAME, "bob", "cara"], "seed": 1}
        state = client.post(f"/v1/games/{game}/setup", json=setup).get_json()["state"]
        move = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).get_json()["moves"][0]
        position = Position(game, setup, state, move, NAME)
        out[game] = {route.path: route.example(position) for route in ROUTES}
    return out


def _seat_pointer(body) -> str:
    """The pointer to the first seat's id in a body: ``/players/0`` of a setup, ``/state/players/0/id``..."""
    found = []

    def walk(node, at):
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, f"{at}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{at}/{index}")
        elif node == NAME and at.endswith(("/players/0", "/players/0/id")):
            found.append(at)

    walk(body, "")
    assert found, body
    return found[0]


def _with_name(body: dict, escaped: str) -> str:
    """The body's JSON text with every ``"anna"`` replaced by a string written with JSON escapes."""
    text = json.dumps(body)
    assert f'"{NAME}"' in text
    return text.replace(f'"{NAME}"', f'"{escaped}"')


def _post(client, game, route, text):
    return client.post(f"/v1/games/{game}/{route}", data=text, content_type="application/json")


def _assert_invalid_unicode(response, pointer):
    assert response.status_code == 400, response.data[:300]
    assert response.mimetype == PROBLEM
    problem = response.get_json()
    assert problem["type"] == "/problems/invalid-unicode"
    assert pointer in [e["pointer"] for e in problem["errors"]]
    return problem


def _resolve(document, pointer: str):
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        document = document[int(token)] if isinstance(document, list) else document[token]
    return document


@pytest.mark.parametrize("route", PATHS)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("surrogate", ["\\ud800", "\\udfff", "x\\udbff", "\\ude00\\ud83d"])
def test_a_lone_surrogate_in_a_player_id_is_400_with_its_pointer(client, bodies, game, route, surrogate):
    text = _with_name(bodies[game][route], surrogate)
    response = _post(client, game, route, text)
    problem = _assert_invalid_unicode(response, _seat_pointer(bodies[game][route]))
    sent = json.loads(text)
    for error in problem["errors"]:  # every pointer leads to a string that holds the surrogate
        assert _resolve(sent, error["pointer"]) == json.loads(f'"{surrogate}"')


@pytest.mark.parametrize("route", PATHS)
@pytest.mark.parametrize("game", GAMES)
def test_a_lone_surrogate_in_another_string_or_a_member_name_is_400(client, bodies, game, route):
    body = dict(bodies[game][route])
    body["note"] = {"deep": ["ok", "PLACEHOLDER"], "KEYHOLDER": 1}
    text = json.dumps(body).replace('"PLACEHOLDER"', '"a\\udc00b"').replace('"KEYHOLDER"', '"k\\ud800"')
    problem = _assert_invalid_unicode(_post(client, game, route, text), "/note/deep/1")
    assert {"pointer": "/note", "message": "A member name of this object holds a lone UTF-16 surrogate."} in problem[
        "errors"
    ]


def test_a_surrogate_pair_is_one_character_not_a_problem(client, bodies):
    response = _post(client, "newyork", "setup", _with_name(bodies["newyork"]["setup"], "\\ud83d\\ude00"))
    assert response.status_code == 200
    assert response.get_json()["state"]["players"][0]["id"] == "\U0001f600"


def test_utf8_encoded_surrogates_are_not_utf8(client):
    response = client.post(
        "/v1/games/newyork/setup", data=b'{"players": ["\xed\xa0\x80", "b"]}', content_type="application/json"
    )
    assert response.status_code == 400
    assert "not UTF-8" in response.get_json()["detail"]


def test_many_lone_surrogates_are_listed_up_to_the_cap(client):
    text = json.dumps({"players": ["PLACEHOLDER"] * 500}).replace('"PLACEHOLDER"', '"\\ud800"')
    problem = client.post("/v1/games/chinatown/setup", data=text, content_type="application/json").get_json()
    assert len(problem["errors"]) == 50 and problem["errors_left_out"] == 450
    assert problem["errors"][0]["pointer"] == "/players/0"


def test_a_lone_surrogate_deep_in_nested_arrays_is_400_with_a_cut_pointer(client):
    text = '{"x":' + "[" * 900 + '"\\ud800"' + "]" * 900 + "}"
    response = client.post("/v1/games/newyork/setup", data=text, content_type="application/json")
    assert response.status_code == 400
    [error] = response.get_json()["errors"]
    assert error["pointer"].startswith("/x/0/0/0") and error["pointer"].endswith("\u2026")  # cut, marked
    assert len(error["pointer"]) == 200


REFUSED = {
    "nul": "a\\u0000b",
    "bell-escape": "\\u0007\\u001b",
    "rtl-override": "\\u202eevil",
    "isolate": "\\u2067evil\\u2069",
    "zero-width-space": "an\\u200bna",
    "blank": "\\u3000 ",
}


@pytest.mark.parametrize("route", PATHS)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("odd", list(REFUSED), ids=list(REFUSED))
def test_an_id_that_could_rewrite_or_hide_text_is_422_with_its_pointer(client, bodies, game, route, odd):
    response = _post(client, game, route, _with_name(bodies[game][route], REFUSED[odd]))
    assert response.status_code == 422, response.data[:300]
    pointers = [error["pointer"] for error in response.get_json()["errors"]]
    assert _seat_pointer(bodies[game][route]) in pointers, pointers


ODD = {
    "emoji": "\U0001f3d9\ufe0f\U0001f600",
    # a subdivision's flag: a black flag and the tag characters (format characters beyond the BMP) that spell it
    "flag-with-tags": "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
    "combining": "e\\u0301\\u0308",
    "noncharacter": "\\uffff\\ufffe",
    "markup": '<b>&amp;\\"',
}


@pytest.mark.parametrize("route", PATHS)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("odd", list(ODD), ids=list(ODD))
def test_odd_but_valid_unicode_ids_get_a_correct_200(client, bodies, game, route, odd):
    text = _with_name(bodies[game][route], ODD[odd])
    name = json.loads(f'"{ODD[odd]}"')
    response = _post(client, game, route, text)
    assert response.status_code == 200, response.data[:300]
    if BY_PATH[route].media == "image/svg+xml":
        svg = ElementTree.fromstring(response.data)  # well-formed XML whatever the id holds
        assert svg.tag.endswith("svg")
        return
    answer = response.get_json()
    if isinstance(answer.get("state"), dict) and answer["state"].get("players"):  # a state answered
        first = answer["state"]["players"][0]
        # the id comes back as sent, in NFC
        assert (first["id"] if isinstance(first, dict) else first) == unicodedata.normalize("NFC", name)
