"""Whole answers memoised by the request's bytes; cheap evaluations kept in process only."""

import json
from pathlib import Path

import redis

from service import create_app
from service.api.answer_cache import ANSWERS
from service.api.answers import etag_of
from service.cache.keys import memo_key
from service.cache.memo import Memo
from service.cache.policy import IN_PROCESS_ONLY
from service.cache.seal import unseal
from service.cache.stores import MemoryStore
from service.engine.registry import SPECS

from ..memos import RecordingMemo, play_seeded
from .support import SECRET, lookups, with_redis

BENCH = Path(__file__).resolve().parents[2] / "bench" / "requests"
SCORE = json.loads((BENCH / "newyork-score-6p-endgame.json").read_text())


def test_a_repeated_request_is_answered_from_the_cache_byte_for_byte(client):
    first = client.post("/v1/games/newyork/score", json=SCORE)
    hits = lookups("answer.newyork.score", "memory", "hit")
    again = client.post("/v1/games/newyork/score", json=SCORE)
    assert first.status_code == again.status_code == 200
    assert again.data == first.data and again.headers["ETag"] == first.headers["ETag"]
    assert lookups("answer.newyork.score", "memory", "hit") == hits + 1


def test_refusals_are_not_remembered(app, client):
    store = app.extensions["memo"].stores[0]
    before = len(store)
    for _ in range(2):
        assert client.post("/v1/games/newyork/score", json={"state": {"players": "x"}}).status_code == 422
    assert len(store) == before


def test_a_corrupt_cached_answer_is_ignored_and_overwritten(app, client):
    first = client.post("/v1/games/chinatown/score", json={"state": {"board": {}}})
    store = app.extensions["memo"].stores[0]
    key = next(k for k in store.keys() if k.startswith("cg:answer.chinatown.score:"))
    store.put({key: "text/html\n" + first.headers["ETag"] + "\n<p>5</p>"})
    again = client.post("/v1/games/chinatown/score", json={"state": {"board": {}}})
    assert again.data == first.data
    assert ANSWERS.loads(store.fetch([key])[key])["body"] == first.get_data(as_text=True)


def test_svg_answers_keep_their_type_and_headers_from_the_cache(client):
    body = {"state": SCORE["state"], "player": SCORE["state"]["players"][0]["id"]}
    first = client.post("/v1/games/newyork/render", json=body)
    again = client.post("/v1/games/newyork/render", json=body)
    assert again.mimetype == "image/svg+xml" and again.data == first.data
    assert again.headers["X-Rules-Version"] == first.headers["X-Rules-Version"]


def test_an_answer_computed_by_one_replica_is_a_hit_for_another_sharing_redis(redis_url):
    one, two = create_app(with_redis(redis_url)), create_app(with_redis(redis_url))
    first = one.test_client().post("/v1/games/newyork/score", json=SCORE)
    one.extensions["memo"].stores[1].flush()
    hits = lookups("answer.newyork.score", "redis", "hit")
    second = two.test_client().post("/v1/games/newyork/score", json=SCORE)
    assert second.data == first.data
    assert lookups("answer.newyork.score", "redis", "hit") == hits + 1


def test_with_redis_down_a_game_request_still_succeeds():
    app = create_app(with_redis("redis://127.0.0.1:1/0"))
    errors = lookups("answer.newyork.score", "redis", "error")
    response = app.test_client().post("/v1/games/newyork/score", json=SCORE)
    assert response.status_code == 200 and response.get_json()["players"]
    assert lookups("answer.newyork.score", "redis", "error") == errors + 1


def test_garbage_in_redis_for_an_answer_is_recomputed(redis_url):
    app = create_app(with_redis(redis_url))
    first = app.test_client().post("/v1/games/chinatown/score", json={"state": {"board": {}}})
    app.extensions["memo"].stores[1].flush()
    raw = redis.Redis.from_url(redis_url)
    (key,) = [k for k in raw.keys("cg:answer.chinatown.score:*")]
    raw.set(key, b"\x00garbage")
    fresh = create_app(with_redis(redis_url))
    again = fresh.test_client().post("/v1/games/chinatown/score", json={"state": {"board": {}}})
    assert again.data == first.data
    fresh.extensions["memo"].stores[1].flush()
    assert ANSWERS.loads(unseal(SECRET.encode(), key.decode(), raw.get(key)))["body"] == first.get_data(as_text=True)


def test_cheap_evaluations_never_touch_redis():
    class Refusing:
        name = "redis"

        def fetch(self, keys):
            raise AssertionError("an in-process-only kind asked Redis")

        def put(self, items):
            raise AssertionError("an in-process-only kind wrote to Redis")

    memory = MemoryStore(10, 60)
    memo = Memo([memory, Refusing()], "v1", in_process_only=IN_PROCESS_ONLY)
    for kind in IN_PROCESS_ONLY:
        assert memo.get_or_compute(kind, 1, lambda: 2) == 2
        assert memo.get_or_compute(kind, 1, lambda: 3) == 2
    assert memory.fetch([memo_key("chinatown.shops", "v1", 1)])


def engine_memo_kinds() -> set[str]:
    """The memo kinds the engines use: recorded while each game plays seeded moves, scores and draws."""
    memo = RecordingMemo()
    for spec in SPECS.values():
        play_seeded(spec.engine, memo)
    return memo.kinds


def test_every_in_process_only_kind_is_one_an_engine_uses():
    kinds = engine_memo_kinds()
    assert {"chinatown.shops", "newyork.majorities", "alhambra.majorities"} <= kinds
    for kind in IN_PROCESS_ONLY:
        assert kind in kinds, kind


def test_a_rules_change_is_never_answered_from_an_old_entry(app, client):
    """Two replicas with different code for the same game (a rolling deploy) share no answers."""
    from dataclasses import replace

    client.post("/v1/games/newyork/score", json=SCORE)
    games = app.extensions["games"]
    old = games["newyork"]
    store = app.extensions["memo"].stores[0]
    assert any(f":{old.cache_version}+" in k for k in store.keys() if k.startswith("cg:answer.newyork.score:"))
    games["newyork"] = replace(old, fingerprint="0" * 12)
    try:
        misses = lookups("answer.newyork.score", "memory", "miss")
        client.post("/v1/games/newyork/score", json=SCORE)
        assert lookups("answer.newyork.score", "memory", "miss") == misses + 1
    finally:
        games["newyork"] = old


def test_an_answer_is_kept_as_its_type_its_etag_and_its_body_whatever_the_body_holds():
    tag = '"' + "a" * 32 + '"'
    for body in ("", "{}", "<svg>\n<g>\n</g>\n</svg>\n", "line\r\nbreaks and \u00e9"):
        value = {"body": body, "mimetype": "image/svg+xml", "etag": tag}
        assert ANSWERS.dumps(value) == f"image/svg+xml\n{tag}\n" + body
        assert ANSWERS.loads(ANSWERS.dumps(value)) == value


def test_a_hit_is_served_with_the_etag_its_answer_was_first_served_with(app, client):
    first = client.post("/v1/games/newyork/score", json=SCORE)
    store = app.extensions["memo"].stores[0]
    key = next(k for k in store.keys() if k.startswith("cg:answer.newyork.score:"))
    assert ANSWERS.loads(store.fetch([key])[key])["etag"] == first.headers["ETag"]
    again = client.post("/v1/games/newyork/score", json=SCORE)
    assert again.headers["ETag"] == etag_of(again.data, "en") == first.headers["ETag"]


def test_the_same_bytes_in_another_language_are_another_entry_with_their_own_etag(app, client):
    english = client.post("/v1/games/newyork/score", json=SCORE)
    german = client.post("/v1/games/newyork/score", json=SCORE, headers={"Accept-Language": "de"})
    again = client.post("/v1/games/newyork/score", json=SCORE, headers={"Accept-Language": "de"})
    assert again.headers["ETag"] == german.headers["ETag"] == etag_of(german.data, "de")
    assert german.headers["ETag"] != english.headers["ETag"]


def test_the_way_answers_are_written_is_part_of_their_key(app, client, monkeypatch):
    from service.api import answer_cache

    client.post("/v1/games/chinatown/score", json={"state": {"board": {}}})
    store = app.extensions["memo"].stores[0]
    before = set(store.keys())
    monkeypatch.setattr(answer_cache.AnswerCodec, "FORMAT", "another-format")
    client.post("/v1/games/chinatown/score", json={"state": {"board": {}}})
    assert len(set(store.keys()) - before) == 1
