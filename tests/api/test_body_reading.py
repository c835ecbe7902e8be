"""Reading a body: a total deadline, a per-worker budget of bytes being read, broken framing as a 400, and
UTF-8 only. Streams stand in for the connection here; tests/integration/test_slow_bodies.py holds the same
against a served instance."""

import io
import json

import gevent
import pytest
from gunicorn.http.errors import ChunkMissingTerminator, InvalidChunkSize, NoMoreData

from service import create_app
from service.api.reading import READ_CHUNK, BodyBudget

PROBLEM = "application/problem+json"
PATH = "/v1/games/newyork/validate"


@pytest.fixture
def app():
    return create_app({"redis_url": None, "body_deadline_seconds": 1})


class Trickle(io.RawIOBase):
    """A body that arrives ``step`` bytes at a time, ``pause`` seconds apart (a cooperative sleep, as a
    socket read blocks under gevent)."""

    def __init__(self, data: bytes, step: int, pause: float):
        self.data, self.step, self.pause = data, step, pause

    def read(self, size=-1):
        gevent.sleep(self.pause)
        part, self.data = self.data[: min(size, self.step)], self.data[min(size, self.step) :]
        return part


class Failing(io.RawIOBase):
    def __init__(self, error: Exception):
        self.error = error

    def read(self, size=-1):
        raise self.error


def _post(app, stream, length=None, content_type="application/json"):
    overrides = {"wsgi.input": stream, "wsgi.input_terminated": length is None}
    if length is not None:
        overrides["CONTENT_LENGTH"] = str(length)
    return app.test_client().post(PATH, content_type=content_type, environ_overrides=overrides)


def test_a_body_trickling_past_its_deadline_is_408(app):
    body = b'{"state": {}}' + b" " * 200
    response = _post(app, Trickle(body, 1, 0.02), len(body))  # about 4 s in all; the deadline is 1 s
    assert response.status_code == 408 and response.mimetype == PROBLEM
    assert response.get_json()["type"] == "/problems/body-timeout"
    assert "1 s" in response.get_json()["detail"]


def test_a_body_that_arrives_within_its_deadline_is_read(app):
    body = json.dumps({"state": {}}).encode()
    response = _post(app, Trickle(body, 4, 0.001), len(body))
    assert response.status_code == 422  # read whole, and refused by the schema: not a 408


@pytest.mark.parametrize(
    "error",
    [InvalidChunkSize(b"zz"), ChunkMissingTerminator(b"ab"), NoMoreData(b"")],
    ids=["bad-chunk-size", "missing-terminator", "missing-last-chunk"],
)
def test_broken_chunked_framing_is_400_not_500(app, error):
    response = _post(app, Failing(error))
    assert response.status_code == 400 and response.mimetype == PROBLEM
    assert response.get_json()["type"] == "/problems/unreadable-body"


def test_a_stalled_body_is_408(app):
    response = _post(app, Failing(TimeoutError("timed out")))
    assert response.status_code == 408


def test_a_body_shorter_than_its_length_is_400(app):
    response = _post(app, io.BytesIO(b'{"state": {}}'), 400)
    assert response.status_code == 400 and response.get_json()["type"] == "/problems/unreadable-body"


def test_past_the_budget_a_body_is_503_with_retry_after(app):
    budget = app.extensions["body_budget"]
    budget.held = budget.total - budget.reserve  # all but the reserve held by bodies being read
    big = b'{"state": {}}' + b" " * (3 * READ_CHUNK)
    response = _post(app, io.BytesIO(big), len(big))
    assert response.status_code == 503 and response.headers["Retry-After"] == "1"
    assert response.get_json()["type"] == "/problems/busy-reading"
    small = b'{"state": {}}'
    assert _post(app, io.BytesIO(small), len(small)).status_code == 422  # one read: the reserve takes it
    budget.held = budget.total
    assert _post(app, io.BytesIO(small), len(small)).status_code == 503


def test_the_budget_is_given_back_however_a_read_ends(app):
    budget = app.extensions["body_budget"]
    body = b'{"state": {}}' + b" " * (2 * READ_CHUNK)
    _post(app, io.BytesIO(body), len(body))
    _post(app, Failing(InvalidChunkSize(b"zz")))
    _post(app, Trickle(body, 1, 0.02), len(body))
    assert budget.held == 0


def test_the_budget_keeps_its_reserve_for_first_reads():
    budget = BodyBudget(10, 4)
    assert budget.take(6, first=False) and not budget.take(1, first=False)
    assert budget.take(4, first=True) and not budget.take(1, first=True)
    budget.give_back(10)
    assert budget.held == 0


@pytest.mark.parametrize("charset", ["latin-1", "utf-16", "ISO-8859-1"])
def test_a_body_in_another_charset_is_415(app, charset):
    response = _post(app, io.BytesIO(b"{}"), 2, content_type=f"application/json; charset={charset}")
    assert response.status_code == 415 and response.get_json()["type"] == "/problems/charset"


@pytest.mark.parametrize("charset", ["utf-8", "UTF-8", "utf8"])
def test_a_body_declared_utf_8_is_read(app, charset):
    response = _post(app, io.BytesIO(b"{}"), 2, content_type=f"application/json; charset={charset}")
    assert response.status_code == 422
