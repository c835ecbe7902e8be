"""The cache can't be poisoned: what Redis holds is served only when it was sealed with our secret under
that very key, and even then only as a body of a known type; the app builds every header itself. Each
bad value is counted by reason, recomputed, overwritten in Redis, and never copied into memory.

These run against the real Redis (REDIS_TEST_URL)."""

import json
from pathlib import Path

import pytest
import redis

from service import create_app
from service.api.answer_cache import ANSWERS
from service.cache.memo import NO_SECRET
from service.cache.seal import _mac, seal, unseal

from .support import SECRET, lookups, rejected, with_redis

CHINATOWN = {"state": {"board": {}}}
NEWYORK_KIND = "answer.newyork.score"
NEWYORK = json.loads((Path(__file__).resolve().parents[2] / "bench/requests/newyork-score-6p-endgame.json").read_text())


def compute_and_share(redis_url, path, body):
    """The true answer, computed by one replica and written to Redis; and the Redis key it lives under."""
    app = create_app(with_redis(redis_url))
    answer = app.test_client().post(path, json=body)
    app.extensions["memo"].stores[1].flush()
    kind = "answer." + ".".join(path.split("/")[3:5])
    (key,) = redis.Redis.from_url(redis_url).keys(f"cg:{kind}:*")
    return answer, key.decode()


def ask_a_fresh_replica(redis_url, path, body):
    app = create_app(with_redis(redis_url))
    response = app.test_client().post(path, json=body)
    app.extensions["memo"].stores[1].flush()
    return app, response


def assert_recovered(app, raw, key, response, truth):
    """The true answer was served with the app's own headers, Redis now holds it sealed, and memory
    holds it too (never the bad value)."""
    assert response.status_code == 200 and response.data == truth.data
    assert response.mimetype == truth.mimetype and response.headers["ETag"] == truth.headers["ETag"]
    assert "Set-Cookie" not in response.headers
    assert ANSWERS.loads(unseal(SECRET.encode(), key, raw.get(key))) == {
        "body": truth.get_data(as_text=True),
        "mimetype": truth.mimetype,
        "etag": truth.headers["ETag"],
    }
    memory = app.extensions["memo"].stores[0]
    assert ANSWERS.loads(memory.fetch([key])[key])["body"] == truth.get_data(as_text=True)


FORGED = ANSWERS.dumps({"body": "<script>alert(1)</script>", "mimetype": "text/html", "etag": '"' + "0" * 32 + '"'})
TAG = '"' + "0" * 32 + '"'  # an ETag of the service's own form


@pytest.mark.parametrize(
    "forge",
    [
        pytest.param(lambda key: FORGED.encode(), id="unsigned"),
        pytest.param(lambda key: seal(b"another-secret-altogether", key, FORGED), id="other-secret"),
        pytest.param(lambda key: b"h1:" + b"0" * 64 + b":" + FORGED.encode(), id="made-up-mac"),
        pytest.param(
            lambda key: seal(SECRET.encode(), key, f"application/json\n{TAG}\n{{}}")[:-1] + b"}}", id="tampered"
        ),
    ],
)
def test_a_value_not_sealed_with_our_secret_under_its_key_is_refused(redis_url, forge):
    truth, key = compute_and_share(redis_url, "/v1/games/chinatown/score", CHINATOWN)
    raw = redis.Redis.from_url(redis_url)
    raw.set(key, forge(key))
    before = rejected("answer.chinatown.score", "redis", "mac")
    app, response = ask_a_fresh_replica(redis_url, "/v1/games/chinatown/score", CHINATOWN)
    assert rejected("answer.chinatown.score", "redis", "mac") == before + 1
    assert_recovered(app, raw, key, response, truth)


def test_an_answer_copied_under_another_games_key_is_refused(redis_url):
    chinatown, chinatown_key = compute_and_share(redis_url, "/v1/games/chinatown/score", CHINATOWN)
    truth = create_app({"redis_url": None}).test_client().post("/v1/games/newyork/score", json=NEWYORK)
    newyork, newyork_key = compute_and_share(redis_url, "/v1/games/newyork/score", NEWYORK)
    raw = redis.Redis.from_url(redis_url)
    raw.set(newyork_key, raw.get(chinatown_key))  # a genuine, sealed answer, under the wrong key
    before = rejected(NEWYORK_KIND, "redis", "mac")
    app, response = ask_a_fresh_replica(redis_url, "/v1/games/newyork/score", NEWYORK)
    assert rejected(NEWYORK_KIND, "redis", "mac") == before + 1
    assert response.data != chinatown.data
    assert_recovered(app, raw, newyork_key, response, truth)


# A writer holding the secret (an older release, a bug) still cannot make the app send headers, a
# status or a content type of its choosing: a value holds a media type, an ETag and a body, nothing else;
# a type that is not one the answers have, or a tag not of the service's own form, is refused.
@pytest.mark.parametrize(
    "text, reason",
    [
        pytest.param(f"text/html\n{TAG}\n<script>alert(1)</script>", "content_type", id="html"),
        pytest.param(
            f"application/json\r\nSet-Cookie: session=stolen\n{TAG}\n{{}}", "content_type", id="header-in-type"
        ),
        pytest.param(f"application/json; charset=latin-1\n{TAG}\n{{}}", "content_type", id="type-with-parameters"),
        pytest.param('{"body": "{}", "mimetype": "application/json"}', "content_type", id="json-wrapped-no-newline"),
        pytest.param("", "content_type", id="empty"),
        pytest.param(
            f"image/svg+xml\n{TAG}\n<svg xmlns='http://www.w3.org/2000/svg'/>", "content_type", id="svg-on-a-json-route"
        ),
        pytest.param("application/json\n{}", "etag", id="no-etag"),
        pytest.param(f"application/json\n{TAG}\r\nSet-Cookie: session=stolen\n{{}}", "etag", id="header-in-etag"),
        pytest.param('application/json\nW/"weak"\n{}', "etag", id="etag-of-another-form"),
        pytest.param(f'application/json\n{TAG[:-2]}"\n{{}}', "etag", id="etag-too-short"),
    ],
)
def test_a_sealed_value_of_the_wrong_shape_or_type_is_refused(redis_url, text, reason):
    truth, key = compute_and_share(redis_url, "/v1/games/chinatown/score", CHINATOWN)
    raw = redis.Redis.from_url(redis_url)
    raw.set(key, seal(SECRET.encode(), key, text))
    before = rejected("answer.chinatown.score", "redis", reason)
    for _ in range(2):  # the next replica reads the repaired value
        app, response = ask_a_fresh_replica(redis_url, "/v1/games/chinatown/score", CHINATOWN)
        assert_recovered(app, raw, key, response, truth)
    assert rejected("answer.chinatown.score", "redis", reason) == before + 1


@pytest.mark.parametrize(
    "payload",
    [b"\xff\xfe not utf-8", b'application/json\n"' + b"0" * 32 + b'"\n\xc3('],
    ids=["not-utf8", "body-not-utf8"],
)
def test_a_sealed_value_that_does_not_decode_is_refused(redis_url, payload):
    truth, key = compute_and_share(redis_url, "/v1/games/chinatown/score", CHINATOWN)
    raw = redis.Redis.from_url(redis_url)
    raw.set(key, b"h1:" + _mac(SECRET.encode(), key, payload) + b":" + payload)
    before = rejected("answer.chinatown.score", "redis", "undecodable")
    app, response = ask_a_fresh_replica(redis_url, "/v1/games/chinatown/score", CHINATOWN)
    assert rejected("answer.chinatown.score", "redis", "undecodable") == before + 1
    assert_recovered(app, raw, key, response, truth)


def test_pictures_come_back_from_redis_with_the_apps_own_headers(redis_url):
    body = {"state": NEWYORK["state"], "player": NEWYORK["state"]["players"][0]["id"]}
    first, _key = compute_and_share(redis_url, "/v1/games/newyork/render", body)
    hits = lookups("answer.newyork.render", "redis", "hit")
    _app, again = ask_a_fresh_replica(redis_url, "/v1/games/newyork/render", body)
    assert lookups("answer.newyork.render", "redis", "hit") == hits + 1
    assert again.data == first.data and again.mimetype == "image/svg+xml"
    assert again.headers["X-Rules-Version"] == first.headers["X-Rules-Version"]
    assert again.headers["ETag"] == first.headers["ETag"]


def test_without_a_secret_redis_is_neither_read_nor_written(redis_url):
    truth, key = compute_and_share(redis_url, "/v1/games/chinatown/score", CHINATOWN)
    raw = redis.Redis.from_url(redis_url)
    raw.set(key, FORGED)
    app = create_app({"redis_url": redis_url, "cache_hmac_secret": None})
    assert app.extensions["memo"].backend == "memory"
    response = app.test_client().post("/v1/games/chinatown/score", json=CHINATOWN)
    assert response.data == truth.data
    app.test_client().post("/v1/games/newyork/score", json=NEWYORK)
    assert raw.keys("cg:answer.newyork.*") == [] and raw.get(key).decode() == FORGED
    ready = app.test_client().get("/readyz").get_json(force=True)
    assert ready["status"] == "warn"
    assert ready["checks"]["cache"] == {"status": "warn", "backend": "memory", "detail": NO_SECRET}
