"""What the cache tests share: the test secret, and readers of the cache metrics."""

from prometheus_client import REGISTRY

SECRET = "test-secret-for-the-cache-0123456789"


def with_redis(url: str, **overrides):
    """create_app overrides for a Redis-backed app that can verify what it reads."""
    return {"redis_url": url, "cache_hmac_secret": SECRET, **overrides}


def lookups(kind: str, tier: str, result: str) -> float:
    labels = {"kind": kind, "tier": tier, "result": result}
    return REGISTRY.get_sample_value("citygames_cache_lookups_total", labels) or 0


def rejected(kind: str, tier: str, reason: str) -> float:
    labels = {"kind": kind, "tier": tier, "reason": reason}
    return REGISTRY.get_sample_value("citygames_cache_rejected_total", labels) or 0


def trips(reason: str) -> float:
    return REGISTRY.get_sample_value("citygames_cache_breaker_trips_total", {"tier": "redis", "reason": reason}) or 0
