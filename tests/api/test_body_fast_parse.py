"""The body parser reads with orjson where that gives what the standard parser gives, and leaves every
other body (and so every refusal and its message) to the standard parser."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api import body
from service.api.problem_types import ApiProblem


def typed(value):
    """The value with every scalar's exact type beside it (1 and 1.0 and True differ; floats by their bits)."""
    if isinstance(value, dict):
        return ("dict", [(key, typed(item)) for key, item in value.items()])
    if isinstance(value, list):
        return ("list", [typed(item) for item in value])
    if isinstance(value, float):
        return ("float", value.hex() if math.isfinite(value) else repr(value))
    return (type(value).__name__, value)


def standard(raw: bytes):
    """What the standard parser reads, or the problem it raises."""
    try:
        return typed(body._parsed(raw))
    except ApiProblem as problem:
        return problem.status, problem.detail, problem.params, problem.errors


scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
documents = st.dictionaries(
    st.text(),
    st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=30,
    ),
)


@settings(max_examples=300, deadline=None)
@given(documents, st.booleans())
def test_any_object_reads_the_same_as_the_standard_parser_reads_it(document, ascii_only):
    raw = json.dumps(document, ensure_ascii=ascii_only).encode()
    assert typed(body.parse_json_object(raw)) == standard(raw)


@pytest.mark.parametrize(
    "raw",
    [
        b'{"state": {"round": 3, "players": ["a", "b"]}, "player": "a"}',
        b'{"n": 123456789012345678, "m": -123456789012345678, "x": 2.5e-3, "t": true, "z": null}',
        b' \t\r\n{"a" : [ ] , "b" : { } }\n',
        b'{"a": "\\ud83d\\ude00 \\u00e9 \\/ \\n", "a": 2}',
    ],
)
def test_ordinary_bodies_take_the_fast_path(raw):
    fast = body._parsed_fast(raw)
    assert fast is not None and typed(fast) == standard(raw)


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(b'{"n": 18446744073709551616}', id="an integer past 64 bits (orjson: a float)"),
        pytest.param(b'{"n": -9223372036854775809}', id="a negative integer past 64 bits"),
        pytest.param(b'{"n": 1234567890123456789}', id="a 19-digit integer"),
        pytest.param(b'{"s": "1234567890123456789"}', id="19 digits in a string"),
        pytest.param(b'{"n": ' + b"9" * 1001 + b"}", id="an integer of too many digits"),
        pytest.param(b'\xef\xbb\xbf{"a": 1}', id="a byte order mark"),
        pytest.param(b'{"a": NaN}', id="NaN"),
        pytest.param(b'{"a": 1e400}', id="past a double"),
        pytest.param(b'{"a": "\\ud800"}', id="a lone surrogate escape"),
        pytest.param(b'{"a": "\xed\xa0\x80"}', id="an encoded surrogate"),
        pytest.param(b'{"a": "\xff"}', id="not UTF-8"),
        pytest.param(b'{"a": "\x01"}', id="a control character"),
        pytest.param(b'{"a": 1,}', id="a trailing comma"),
        pytest.param(b'{"a": 1} x', id="extra data"),
        pytest.param(b"", id="empty"),
        pytest.param(b"[1, 2]", id="not an object"),
        pytest.param(b'{"a": ' + b"[" * 501 + b"]" * 501 + b"}", id="nesting that could go past the standard parser"),
        pytest.param(b'{"a": ' + b"[" * 1100 + b"]" * 1100 + b"}", id="nested too deeply"),
    ],
)
def test_bodies_orjson_would_refuse_or_read_otherwise_go_to_the_standard_parser(raw):
    assert body._parsed_fast(raw) is None


@pytest.mark.parametrize(
    "raw",
    [
        b'\xef\xbb\xbf{"a": 1}',
        b'{"n": 18446744073709551616}',
        b'{"a": 1e400}',
        b'{"a": [' + b",".join([b"[]"] * 600) + b"]}",
    ],
)
def test_what_the_fast_path_leaves_is_read_as_before(raw):
    assert typed(body.parse_json_object(raw)) == standard(raw)


def test_an_integer_past_64_bits_stays_an_integer():
    assert body.parse_json_object(b'{"seed": 18446744073709551616}') == {"seed": 2**64}
    assert type(body.parse_json_object(b'{"seed": 18446744073709551616}')["seed"]) is int


@pytest.mark.parametrize(
    "raw",
    [
        b'{"a": NaN}',
        b'{"a": 1,}',
        b'{"a": "\x01"}',
        b'{"a": "\xff"}',
        b"",
        b'{"a": 1} x',
        b'{"a": "\\ud800"}',
        b'{"a": ' + b"9" * 1001 + b"}",
        b'{"a": ' + b"[" * 100000 + b"]" * 100000 + b"}",
    ],
)
def test_every_refusal_is_the_standard_parsers(raw):
    with pytest.raises(ApiProblem) as refused:
        body.parse_json_object(raw)
    problem = refused.value
    assert (problem.status, problem.detail, problem.params, problem.errors) == standard(raw)


def test_a_body_that_is_no_object_is_still_a_422():
    with pytest.raises(ApiProblem) as refused:
        body.parse_json_object(b"[1]")
    assert refused.value.status == 422 and refused.value.errors == [{"pointer": "", "message": "Must be an object."}]
