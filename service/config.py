"""Settings from environment variables (docs/operations.md), validated once at start."""

from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any
from urllib.parse import urlparse

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("json", "text")


class ConfigError(ValueError):
    """A setting has a value the service cannot run with; the message names the variable."""


@dataclass(frozen=True)
class Settings:
    redis_url: str | None = None
    cache_ttl_seconds: int = 6 * 3600
    cache_max_entries: int = 50_000
    # Per worker, for every in-process cache entry (key + value + bookkeeping) and queued Redis write.
    # 64 MiB: two workers of about 50 MiB each, plus their caches, plus a request's transient peak
    # (a 1 MiB body parsed into objects: tens of MiB) stay under the 512 Mi pod limit with room to spare.
    cache_max_bytes: int = 64 * 1024 * 1024
    cache_hmac_secret: str | None = field(default=None, repr=False)
    max_body_bytes: int = 1024 * 1024
    # A body not complete this long after its reading began is a 408 (reading.py): 1 MiB in 10 s is
    # 100 KiB/s, a slow mobile link; a game's body of a few KiB needs a fraction of a second at 2G speed.
    body_deadline_seconds: int = 10
    # Per worker, for the bytes of every body being read at once; past it a body is a 503 (reading.py).
    # 32 bodies of the 1 MiB limit; with the caches and a request's peak, under the 512 Mi pod limit.
    body_buffer_bytes: int = 32 * 1024 * 1024
    log_level: str = "INFO"
    log_format: str = "json"
    log_buffer_lines: int = 10_000
    host: str = "0.0.0.0"
    cors_origins: tuple[str, ...] = ()
    port: int = 8080
    workers: int = 2
    redis_timeout_ms: int = 50
    breaker_fail_max: int = 3
    breaker_reset_seconds: float = 10
    # A Redis whose median read is slower than this (and than the compute a hit saves) is bypassed.
    # A healthy one answers in 0.2-1 ms; on a loaded 2-core machine medians of 4 ms were seen on
    # loopback (the process waiting for a core), so 10 ms avoids false alarms and is still far
    # below the 50 ms timeout and the 40 ms Redis a hostile-load review used.
    redis_slow_ms: int = 10
    request_deadline_ms: int = 2000
    metrics_port: int | None = None
    # Past one Redis: REDIS_URL names any node of a Redis Cluster, or sentinels name the primary.
    redis_cluster: bool = False
    redis_sentinels: tuple[tuple[str, int], ...] = ()
    redis_sentinel_service: str | None = None
    probe_port: int | None = None

    def with_overrides(self, overrides: Mapping[str, Any] | None) -> Settings:
        known = {f.name for f in fields(self)}
        unknown = set(overrides or {}) - known
        if unknown:
            raise ConfigError(f"unknown settings: {', '.join(sorted(unknown))}")
        return replace(self, **dict(overrides or {}))


def _milliseconds_as_seconds(name: str, low: int, high: int) -> Callable[[str], float]:
    parse = _int_in(name, low, high)
    return lambda raw: parse(raw) / 1000


def _int_in(name: str, low: int, high: int) -> Callable[[str], int]:
    def parse(raw: str) -> int:
        try:
            value = int(raw.strip())
        except ValueError:
            raise ConfigError(f"{name} must be a whole number, got {raw!r}") from None
        if not low <= value <= high:
            raise ConfigError(f"{name} must be between {low} and {high}, got {value}")
        return value

    return parse


def _choice(name: str, choices: tuple[str, ...], upper: bool) -> Callable[[str], str]:
    def parse(raw: str) -> str:
        value = raw.strip().upper() if upper else raw.strip().lower()
        if value not in choices:
            raise ConfigError(f"{name} must be one of {', '.join(choices)}, got {raw!r}")
        return value

    return parse


MIN_SECRET_CHARS = 16
MIN_SECRET_DISTINCT = 8  # 'aaaaaaaaaaaaaaaa' and '0101010101010101' are long enough and guessable
# Words of the placeholders people leave in (compared without case, spaces or punctuation).
PLACEHOLDER_WORDS = ("changeme", "replaceme", "placeholder", "example", "yoursecret", "insertsecret", "todo", "xxxx")
HOST_NAME = re.compile(
    r"(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*"
)


def _secret(raw: str) -> str | None:
    value = raw.strip()
    if not value:
        return None
    if len(value) < MIN_SECRET_CHARS:
        raise ConfigError(
            f"CACHE_HMAC_SECRET must be at least {MIN_SECRET_CHARS} characters "
            f"(got {len(value)}); use a long random string, e.g. 32 bytes in hex"
        )
    if len(set(value)) < MIN_SECRET_DISTINCT:
        raise ConfigError(
            f"CACHE_HMAC_SECRET has only {len(set(value))} distinct characters (at least {MIN_SECRET_DISTINCT}): "
            "it is guessable; use a long random string, e.g. `openssl rand -hex 32`"
        )
    folded = re.sub(r"[^a-z0-9]", "", value.lower())
    if any(word in folded for word in PLACEHOLDER_WORDS):
        raise ConfigError(
            "CACHE_HMAC_SECRET looks like a placeholder (it holds a word such as 'changeme' or 'example'); "
            "use a long random string, e.g. `openssl rand -hex 32`"
        )
    return value


def _redis_url(raw: str) -> str | None:
    value = raw.strip()
    if not value:
        return None
    parsed = urlparse(value)
    if parsed.scheme not in ("redis", "rediss", "unix") or not (parsed.hostname or parsed.path):
        raise ConfigError(f"REDIS_URL must be a redis://, rediss:// or unix:// URL, got {raw!r}")
    return value


def _flag(name: str) -> Callable[[str], bool]:
    def parse(raw: str) -> bool:
        value = raw.strip().lower()
        if value not in ("0", "1", "true", "false", "yes", "no"):
            raise ConfigError(f"{name} must be 1 or 0 (true/false, yes/no), got {raw!r}")
        return value in ("1", "true", "yes")

    return parse


def _sentinels(raw: str) -> tuple[tuple[str, int], ...]:
    """``host:port,host:port,...`` (``[::1]:26379`` for IPv6): the sentinels that know the primary."""
    found = []
    for item in (part.strip() for part in raw.split(",")):
        if not item:
            continue
        host, sep, port = item.rpartition(":")
        if not sep or not host:
            raise ConfigError(f"REDIS_SENTINELS lists host:port pairs separated by commas, got {item!r}")
        try:
            found.append((parse_host(host), _int_in("REDIS_SENTINELS port", 1, 65535)(port)))
        except ConfigError:
            raise ConfigError(f"REDIS_SENTINELS lists host:port pairs separated by commas, got {item!r}") from None
    return tuple(found)


def _sentinel_service(raw: str) -> str | None:
    value = raw.strip()
    if value and not re.fullmatch(r"[A-Za-z0-9._-]{1,64}", value):
        raise ConfigError(
            f"REDIS_SENTINEL_SERVICE must be a primary's name as the sentinels know it "
            f"(letters, digits, '.', '_', '-'), got {raw!r}"
        )
    return value or None


def _check_redis_topology(settings: Settings) -> None:
    if settings.redis_cluster and settings.redis_sentinels:
        raise ConfigError(
            "REDIS_CLUSTER and REDIS_SENTINELS exclude each other: a Redis Cluster is not behind sentinels"
        )
    if settings.redis_cluster and not settings.redis_url:
        raise ConfigError("REDIS_CLUSTER=1 needs REDIS_URL naming any node of the cluster")
    if settings.redis_cluster and urlparse(settings.redis_url).scheme == "unix":
        raise ConfigError("REDIS_CLUSTER=1 needs a redis:// or rediss:// REDIS_URL, not a socket")
    if bool(settings.redis_sentinels) != bool(settings.redis_sentinel_service):
        raise ConfigError(
            "REDIS_SENTINELS and REDIS_SENTINEL_SERVICE go together: the sentinels and the "
            "name of the primary they watch"
        )


def parse_host(raw: str) -> str:
    """An IPv4 or IPv6 address (``::`` for every interface) or a host name such as ``localhost``."""
    value = raw.strip().removeprefix("[").removesuffix("]")
    try:
        return str(ipaddress.ip_address(value))
    except ValueError:
        pass
    if not HOST_NAME.fullmatch(value):
        raise ConfigError(f"HOST must be an IP address or a host name, got {raw!r}")
    return value


def parse_bind(raw: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:8080`` for IPv6) as given to ``city-games serve --bind``."""
    host, sep, port = raw.strip().rpartition(":")
    if not sep or not host:
        raise ConfigError(f"--bind takes HOST:PORT, got {raw!r}")
    return parse_host(host), _int_in("--bind port", 1, 65535)(port)


def bind_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _cors_origins(raw: str) -> tuple[str, ...]:
    """A comma-separated list of origins (``https://app.example:8443``) allowed to call the API from a
    browser, or ``*`` for any; empty = none."""
    origins = tuple(o.strip().rstrip("/") for o in raw.split(",") if o.strip())
    if origins == ("*",):
        return origins
    for origin in origins:
        if not re.fullmatch(r"https?://(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?", origin):
            raise ConfigError(f"CORS_ORIGINS must list origins such as https://app.example (or be *), got {origin!r}")
    return origins


def _optional_port(name: str) -> Callable[[str], int | None]:
    def parse(raw: str) -> int | None:
        value = raw.strip()
        return _int_in(name, 1, 65535)(value) if value else None

    return parse


# The deadline stays well below gunicorn's 30 s worker timeout (service/serving.py), so a request that
# overruns is answered 503 by the deadline, not killed with its worker.
PARSERS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "REDIS_URL": ("redis_url", _redis_url),
    "CACHE_TTL_SECONDS": ("cache_ttl_seconds", _int_in("CACHE_TTL_SECONDS", 1, 30 * 24 * 3600)),
    "CACHE_MAX_ENTRIES": ("cache_max_entries", _int_in("CACHE_MAX_ENTRIES", 1, 10_000_000)),
    "CACHE_MAX_BYTES": ("cache_max_bytes", _int_in("CACHE_MAX_BYTES", 1024 * 1024, 16 * 1024**3)),
    "CACHE_HMAC_SECRET": ("cache_hmac_secret", _secret),
    "MAX_BODY_BYTES": ("max_body_bytes", _int_in("MAX_BODY_BYTES", 1024, 64 * 1024 * 1024)),
    "BODY_DEADLINE_SECONDS": ("body_deadline_seconds", _int_in("BODY_DEADLINE_SECONDS", 1, 300)),
    "BODY_BUFFER_BYTES": ("body_buffer_bytes", _int_in("BODY_BUFFER_BYTES", 1024 * 1024, 16 * 1024**3)),
    "LOG_LEVEL": ("log_level", _choice("LOG_LEVEL", LOG_LEVELS, upper=True)),
    "LOG_FORMAT": ("log_format", _choice("LOG_FORMAT", LOG_FORMATS, upper=False)),
    "LOG_BUFFER_LINES": ("log_buffer_lines", _int_in("LOG_BUFFER_LINES", 10, 1_000_000)),
    "HOST": ("host", parse_host),
    "CORS_ORIGINS": ("cors_origins", _cors_origins),
    "PORT": ("port", _int_in("PORT", 1, 65535)),
    "WORKERS": ("workers", _int_in("WORKERS", 1, 64)),
    "REDIS_TIMEOUT_MS": ("redis_timeout_ms", _int_in("REDIS_TIMEOUT_MS", 1, 5000)),
    "REDIS_SLOW_MS": ("redis_slow_ms", _int_in("REDIS_SLOW_MS", 1, 5000)),
    "REDIS_RETRY_MS": ("breaker_reset_seconds", _milliseconds_as_seconds("REDIS_RETRY_MS", 100, 600_000)),
    "REQUEST_DEADLINE_MS": ("request_deadline_ms", _int_in("REQUEST_DEADLINE_MS", 50, 20_000)),
    "METRICS_PORT": ("metrics_port", _optional_port("METRICS_PORT")),
    "PROBE_PORT": ("probe_port", _optional_port("PROBE_PORT")),
    "REDIS_CLUSTER": ("redis_cluster", _flag("REDIS_CLUSTER")),
    "REDIS_SENTINELS": ("redis_sentinels", _sentinels),
    "REDIS_SENTINEL_SERVICE": ("redis_sentinel_service", _sentinel_service),
}
# What the body budget keeps for bodies' first reads (four reads of 64 KiB: service/api/reading.py).
BODY_FIRST_READS = 4 * 64 * 1024
SECRETS = frozenset({"cache_hmac_secret"})


def describe(settings: Settings) -> dict[str, Any]:
    """The settings as check-config prints them: secrets and passwords in URLs masked."""
    shown: dict[str, Any] = {}
    for item in fields(settings):
        value = getattr(settings, item.name)
        if item.name in SECRETS and value:
            value = f"(set, {len(value)} characters)"
        elif item.name == "redis_url" and value and urlparse(value).password:
            parsed = urlparse(value)
            value = parsed._replace(netloc=parsed.netloc.replace(f":{parsed.password}@", ":***@")).geturl()
        shown[item.name] = value
    return shown


def settings_from_env(environ: Mapping[str, str] | None = None) -> Settings:
    """Read every variable of PARSERS; raise ConfigError naming the first bad one."""
    environ = os.environ if environ is None else environ
    values = {}
    for variable, (attribute, parse) in PARSERS.items():
        raw = environ.get(variable)
        if raw is not None and (
            raw.strip() or variable in ("REDIS_URL", "CACHE_HMAC_SECRET", "METRICS_PORT", "PROBE_PORT")
        ):
            values[attribute] = parse(raw)
    settings = Settings(**values)
    _check_redis_topology(settings)
    if settings.body_buffer_bytes < settings.max_body_bytes + BODY_FIRST_READS:
        raise ConfigError(
            f"BODY_BUFFER_BYTES must hold one body of MAX_BODY_BYTES and {BODY_FIRST_READS} "
            f"bytes more (got {settings.body_buffer_bytes} for {settings.max_body_bytes})"
        )
    if settings.metrics_port == settings.port:
        raise ConfigError(f"METRICS_PORT must differ from PORT (both {settings.port})")
    if settings.probe_port is not None and settings.probe_port in (settings.port, settings.metrics_port):
        raise ConfigError(f"PROBE_PORT must differ from PORT and METRICS_PORT (got {settings.probe_port})")
    return settings
