"""The redis-py client behind the shared cache: one Redis, a Redis Cluster, or a primary behind Sentinel.

Every client has the same short timeouts and no retries of its own (a failed call is the breaker's to
count and the request's to compute without), opens at most ``max_connections`` per server, and times
its connection set-ups apart (``timed``: a new connection's handshake is not a slow read).

- One Redis: ``REDIS_URL``.
- Cluster (``REDIS_CLUSTER=1``): ``REDIS_URL`` names any node; the client learns the slots from it and
  sends each key to the node that holds it. A read of several keys is one MGET per slot, pipelined per
  node (``mget_nonatomic``): one round trip to each node it needs, and no command across slots.
- Sentinel (``REDIS_SENTINELS`` and ``REDIS_SENTINEL_SERVICE``): the sentinels are asked for the primary
  on every new connection, so after a failover the next connection goes to the promoted replica; a
  connection to a demoted primary is dropped on its first read-only refusal. ``REDIS_URL``, when set,
  gives the primary's password, user name, database and TLS (its host is not used).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlparse

import redis
from redis.backoff import NoBackoff
from redis.cluster import RedisCluster
from redis.retry import Retry
from redis.sentinel import Sentinel

from .bounded import Limits, bounded, parser_for

SINGLE, CLUSTER, SENTINEL = "single", "cluster", "sentinel"


@dataclass(frozen=True)
class RedisTarget:
    url: str | None = None
    cluster: bool = False
    sentinels: tuple[tuple[str, int], ...] = ()
    service: str | None = None

    @property
    def kind(self) -> str:
        return CLUSTER if self.cluster else SENTINEL if self.sentinels else SINGLE

    @classmethod
    def of(cls, target: RedisTarget | str) -> RedisTarget:
        return target if isinstance(target, RedisTarget) else cls(url=target)


def _no_retry() -> Retry:
    return Retry(NoBackoff(), 0)


def connect(
    target: RedisTarget, timeout: float, max_connections: int, timed: Callable[[type], type], limits: Limits
) -> Any:
    """The client for ``target``. ``timed`` wraps a connection class to time its connection set-ups.
    Every connection reads RESP2 through a parser that refuses replies past ``limits``, and its socket
    honours the deadline of the call in progress (``bounded``). A cluster client asks its node for the
    slots as it is made, so call this where a failure is caught (the store does it on first use)."""
    parser = parser_for(limits)
    common: dict[str, Any] = {
        "socket_timeout": timeout,
        "socket_connect_timeout": timeout,
        "health_check_interval": 30,
        "parser_class": parser,
        "protocol": 2,
    }
    if target.kind == CLUSTER:
        assert target.url is not None  # a cluster is reached through REDIS_URL, one of its nodes
        return RedisCluster.from_url(
            target.url,
            retry=_no_retry(),
            max_connections=max_connections,
            connection_class=timed(bounded(redis.Connection)),
            **common,
        )
    if target.kind == SENTINEL:
        sentinel = Sentinel(
            list(target.sentinels),
            sentinel_kwargs={
                "socket_timeout": timeout,
                "socket_connect_timeout": timeout,
            },
        )
        assert target.service is not None  # the configuration refuses sentinels without a service
        return sentinel.master_for(
            target.service,
            retry=_no_retry(),
            max_connections=max_connections,
            connection_class=timed(bounded(redis.sentinel.SentinelManagedConnection)),
            **common,
            **_credentials(target.url),
        )
    assert target.url is not None  # one server: REDIS_URL
    pool = redis.BlockingConnectionPool.from_url(
        target.url, max_connections=max_connections, timeout=timeout, retry=_no_retry(), **common
    )
    pool.connection_class = timed(bounded(pool.connection_class))
    return redis.Redis(connection_pool=pool, retry=_no_retry())


def _credentials(url: str | None) -> dict[str, Any]:
    """The primary's password, user name, database and TLS from a ``redis://`` URL (its host aside)."""
    if not url:
        return {}
    parsed = urlparse(url)
    found: dict[str, Any] = {}
    if parsed.password:
        found["password"] = unquote(parsed.password)
    if parsed.username:
        found["username"] = unquote(parsed.username)
    if parsed.path.strip("/").isdigit():
        found["db"] = int(parsed.path.strip("/"))
    if parsed.scheme == "rediss":
        found["ssl"] = True
    return found


def read_many(client: Any, kind: str, keys: list[str]) -> list[bytes | None]:
    """The values of ``keys`` in order: MGET on one server; one MGET per slot, pipelined per node, on a
    cluster. One key (every answer lookup) is one GET, on either: the same round trip with less to
    parse."""
    if len(keys) == 1:
        return [client.get(keys[0])]
    found: list[bytes | None] = client.mget_nonatomic(keys) if kind == CLUSTER else client.mget(keys)
    return found
