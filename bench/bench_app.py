"""The service as the benchmark serves it: the real app plus the JSON-echo floor route, and the memo
chosen by BENCH_MEMO (none = always compute, memory, redis = Redis only, tiered = memory then Redis).

``/bench/echo-redis`` is the floor with one Redis round trip added (a GET of a value the body's size,
through a redis-py client set up as the service's): what an answer shared through Redis cannot cost less
than, whatever the service does around it."""

from __future__ import annotations

import hashlib
import json
import os

import redis
from flask import Response, request

from service.api.answers import encode_json
from service.cache.memo import Memo
from service.cache.stores import MemoryStore, RedisStore
from service.wsgi import _settings, app


def _memo(kind: str) -> Memo:
    memory = MemoryStore(_settings.cache_max_entries, _settings.cache_ttl_seconds, _settings.cache_max_bytes)
    redis_url = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
    secret = (_settings.cache_hmac_secret or "bench-only-secret-not-for-deploys").encode()
    options = {"secret": secret, "timeout_ms": _settings.redis_timeout_ms, "slow_ms": _settings.redis_slow_ms}
    if kind == "none":
        return Memo([])
    if kind == "memory":
        return Memo([memory])
    if kind == "redis":
        return Memo([RedisStore(redis_url, _settings.cache_ttl_seconds, **options)])
    return Memo([memory, RedisStore(redis_url, _settings.cache_ttl_seconds, **options)])


app.extensions["memo"] = _memo(os.environ.get("BENCH_MEMO", "memory"))
_echo_redis = redis.Redis.from_url(
    os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14"), socket_timeout=_settings.redis_timeout_ms / 1000
)


@app.post("/bench/echo")
def echo():
    """The floor: parse the body and serialise it again (with the encoder the answers use), nothing else."""
    body = json.loads(request.get_data())
    return Response(encode_json(body), mimetype="application/json")


@app.post("/bench/echo-redis")
def echo_redis():
    """The floor plus one Redis GET of a value as large as the body (written by the first request)."""
    raw = request.get_data()
    key = "bench:echo:" + hashlib.blake2b(raw, digest_size=16).hexdigest()
    if _echo_redis.get(key) is None:
        _echo_redis.set(key, raw, ex=3600)
    body = json.loads(raw)
    return Response(encode_json(body), mimetype="application/json")
