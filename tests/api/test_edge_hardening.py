"""The request edge under hostile input: chunked bodies over the limit, security headers on every
answer, problem details without Python internals, and bounded echoes of bad input."""

import base64
import hashlib
import io
import json
import re

import pytest

from service import create_app
from service.api.echo import MAX_ECHO_CHARS, MAX_LISTED_ERRORS

PROBLEM = "application/problem+json"
LIMIT = 1024 * 1024


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


@pytest.fixture(scope="module")
def state(client):
    return client.post("/v1/games/newyork/setup", json={"players": ["anna", "bob"], "seed": 1}).get_json()["state"]


def _padded(body: dict, size: int) -> bytes:
    """Valid JSON of exactly ``size`` bytes (trailing spaces)."""
    raw = json.dumps(body).encode()
    assert len(raw) <= size
    return raw + b" " * (size - len(raw))


def _chunked(client, raw: bytes):
    """A body with no Content-Length, as a WSGI server passes on Transfer-Encoding: chunked."""
    return client.post(
        "/v1/games/newyork/validate",
        input_stream=io.BytesIO(raw),
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )


# --- chunked bodies ---------------------------------------------------------------------------------


def test_a_chunked_body_over_the_limit_is_413_even_when_its_prefix_is_valid_json(client, state):
    # a hostile-load review found that a valid 1 MiB prefix and 700 KB of garbage used to be answered 200 from the prefix
    response = _chunked(client, _padded({"state": state}, LIMIT) + b"x" * 700_000)
    assert response.status_code == 413 and response.mimetype == PROBLEM
    assert str(LIMIT) in response.get_json()["detail"]


def test_a_3_mib_chunked_body_is_413_not_400(client):
    assert _chunked(client, b"x" * (3 * LIMIT)).status_code == 413


def test_a_chunked_body_of_exactly_the_limit_is_read_whole(client, state):
    response = _chunked(client, _padded({"state": state}, LIMIT))
    assert response.status_code == 200 and response.get_json()["valid"] is True


def test_a_chunked_body_one_byte_over_the_limit_is_413(client, state):
    assert _chunked(client, _padded({"state": state}, LIMIT) + b" ").status_code == 413


# --- security headers ---------------------------------------------------------------------------------


def _every_kind_of_answer(client, state):
    yield "json", client.get("/v1/games")
    yield "problem", client.post("/v1/games/newyork/validate", data="{", content_type="application/json")
    yield "404", client.get("/nowhere")
    yield "yaml", client.get("/openapi.yaml")
    yield "health", client.get("/healthz")
    yield "metrics", client.get("/metrics")
    yield "svg", client.post("/v1/games/newyork/render", json={"state": state})
    yield "html", client.get("/docs/")
    tag = client.get("/v1/games").headers["ETag"]
    yield "304", client.get("/v1/games", headers={"If-None-Match": tag})


def test_every_answer_forbids_sniffing_and_framing(client, state):
    for kind, response in _every_kind_of_answer(client, state):
        assert response.headers["X-Content-Type-Options"] == "nosniff", kind
        assert response.headers["X-Frame-Options"] == "DENY", kind
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"], kind


def test_svg_and_json_answers_may_load_and_run_nothing(client, state):
    for kind, response in _every_kind_of_answer(client, state):
        if kind != "html":
            assert response.headers["Content-Security-Policy"].startswith("default-src 'none';"), kind
            assert "script-src" not in response.headers["Content-Security-Policy"], kind


def test_the_docs_page_may_run_only_its_own_assets_and_its_one_inline_script(client):
    response = client.get("/docs/")
    policy = dict(part.strip().split(" ", 1) for part in response.headers["Content-Security-Policy"].split(";"))
    assert policy["default-src"] == "'none'"
    scripts = re.findall(rb"<script>(.*?)</script>", response.data, re.DOTALL)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0]).digest()).decode()
    assert policy["script-src"] == f"'self' 'sha256-{digest}'"
    assert "unsafe-eval" not in policy["script-src"] and "unsafe-inline" not in policy["script-src"]
    for source in re.findall(rb'<script src="([^"]+)"', response.data):  # external scripts come from here
        assert source.startswith(b"/docs/") and client.get(source.decode()).status_code == 200


# --- problem details: no Python internals, bounded echoes ---------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '{"seed": ' + "9" * 5000 + "}",
        '{"seed": -' + "9" * 5000 + "}",
        '{"a": NaN}',
        '{"a": 1,}',
        '{"a": "\x01"}',
    ],
)
def test_malformed_json_details_name_the_fault_not_the_decoder(client, text):
    response = client.post("/v1/games/newyork/setup", data=text, content_type="application/json")
    assert response.status_code == 400
    detail = response.get_json()["detail"]
    for internal in ("sys.", "set_int_max_str_digits", "Traceback", "Exceeds the limit", "char "):
        assert internal not in detail


def test_an_integer_of_too_many_digits_is_named_as_such(client):
    detail = client.post(
        "/v1/games/newyork/setup", data='{"seed": ' + "9" * 5000 + "}", content_type="application/json"
    ).get_json()["detail"]
    assert "more than 1000 digits" in detail


@pytest.mark.parametrize("digits, refused", [(1000, False), (1001, True)])
def test_the_integer_digit_limit_holds_on_both_sides_of_it(client, digits, refused):
    response = client.post(
        "/v1/games/newyork/setup",
        data='{"players": ["a", "b"], "seed": -' + "9" * digits + "}",
        content_type="application/json",
    )
    if refused:
        assert response.status_code == 400 and "more than 1000 digits" in response.get_json()["detail"]
    else:  # read as a number, then refused by the schema as out of range
        assert response.status_code == 422 and response.get_json()["errors"][0]["pointer"] == "/seed"


def test_a_long_run_of_digits_in_a_string_is_text_not_an_integer(client):
    # the run sends the parser down its slow path (each integer checked), which must still read the body
    response = client.post("/v1/games/newyork/setup", json={"players": ["a", "b"], "seed": 11, "lang": "9" * 5000})
    assert response.status_code == 200, response.get_json()


def test_an_unknown_900_kb_member_name_is_not_echoed_whole(client):
    key = "k" * 900_000
    response = client.post("/v1/games/newyork/setup", json={"players": ["a", "b"], key: 1})
    assert response.status_code == 422
    assert len(response.data) < 2000
    [error] = response.get_json()["errors"]
    assert error["pointer"].startswith("/kkkk") and len(error["pointer"]) == MAX_ECHO_CHARS


def test_a_huge_bad_value_is_not_echoed_whole(client):
    response = client.post("/v1/games/newyork/legal-moves", json={"state": {"game": "newyork"}, "type": "t" * 500_000})
    assert response.status_code == 422
    assert len(response.data) < 20_000


def test_errors_are_listed_up_to_a_cap_and_the_rest_counted(client):
    body = {"players": ["a", "b"], **{f"unknown{i}": i for i in range(5000)}}
    problem = client.post("/v1/games/newyork/setup", json=body).get_json()
    assert len(problem["errors"]) == MAX_LISTED_ERRORS
    assert problem["errors_left_out"] == 5000 - MAX_LISTED_ERRORS
    assert "5000 field(s)" in problem["detail"] and f"{5000 - MAX_LISTED_ERRORS} more are left out" in problem["detail"]


def test_the_table_page_may_run_its_own_modules_and_nothing_inline(client):
    page = client.get("/table/")
    policy = page.headers["Content-Security-Policy"]
    assert page.status_code == 200 and "script-src 'self';" in policy and "sha256-" not in policy
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy
