"""The answers' encoder writes exactly what the standard library wrote before it, whichever writer it uses.

The one difference is a float's spelling (orjson writes ``0.00006103515625`` where the standard library
writes ``6.103515625e-05``, the same number); no game answer holds a float, and the last test holds them
to that.
"""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api.answers import encode_json

SCALARS = st.none() | st.booleans() | st.integers() | st.text()
ROOT = Path(__file__).resolve().parents[2]
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=6) | st.integers(-5, 5), inner, max_size=4)
    ),
    max_leaves=12,
)


def standard(value) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


@settings(max_examples=400, deadline=None)
@given(VALUES)
def test_encode_json_is_byte_for_byte_the_standard_librarys(value):
    assert encode_json(value) == standard(value)


def test_what_orjson_refuses_is_written_by_the_standard_library():
    for value in ({"big": 2**70}, {3: "int key"}, {"nested": [{"k": -(2**65)}]}):
        assert encode_json(value) == standard(value)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), max_size=4))
def test_a_float_is_written_as_the_same_number(values):
    assert json.loads(encode_json(values)) == values


def _floats(value):
    if isinstance(value, float):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _floats(item)
    elif isinstance(value, list):
        for item in value:
            yield from _floats(item)


@pytest.mark.parametrize("path", sorted((ROOT / "bench" / "requests").glob("*.json")), ids=lambda p: p.stem)
def test_game_answers_hold_no_float(client, path):
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    from http_bench import read_case

    _name, route, body = read_case(path)
    answer = client.post(route, data=body, content_type="application/json")
    assert answer.status_code == 200
    assert list(_floats(json.loads(answer.data))) == []


@settings(max_examples=60, deadline=None)
@given(
    payload=st.dictionaries(st.sampled_from(["labels", "rules_version", "a", "b", "é"]) | st.text(max_size=4), VALUES),
    labels=st.dictionaries(st.text(max_size=6), st.text(max_size=6), max_size=3),
)
def test_an_answer_extended_from_its_text_is_the_answer_written_whole(payload, labels):
    """``json_answer_with`` (the score's labels added to the answer's text) writes exactly what
    ``json_answer`` writes for the payload with the labels set last, and its ETag."""
    from flask import Flask

    from service.api.answers import encoded, json_answer, json_answer_with

    with Flask(__name__).test_request_context("/", method="POST"):
        whole = json_answer({**payload, "labels": labels}, "1.0")
        extended = json_answer_with(dict(payload), encoded(payload), {"labels": labels}, "1.0")
    assert extended.get_data() == whole.get_data()
    assert extended.headers.to_wsgi_list() == whole.headers.to_wsgi_list()
