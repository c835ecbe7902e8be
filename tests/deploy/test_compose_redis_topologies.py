"""The compose files for the shared cache past one Redis: a primary behind Sentinel, and a Redis Cluster.
No Docker here: the files are read as compose would read them, and the service's settings in each are
read by the service's own settings parser."""

import re
from pathlib import Path

import yaml

from service.cache.memo import redis_target
from service.config import settings_from_env

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def compose(name):
    return yaml.safe_load((DEPLOY / name).read_text())


def service_settings(environment):
    """The rules service's settings, with compose's ``${VAR:?message}`` filled in."""
    filled = {
        key: re.sub(r"\$\{(\w+):\?[^}]*\}", "0123456789abcdef0123456789abcdef", str(value))
        for key, value in environment.items()
    }
    return settings_from_env(filled)


def redis_commands(services):
    return {name: " ".join(s["command"]) for name, s in services.items() if s.get("image", "").startswith("redis")}


def test_sentinel_compose_finds_the_primary_through_three_sentinels():
    services = compose("docker-compose.sentinel.yml")["services"]
    settings = service_settings(services["rules"]["environment"])
    target = redis_target(settings)
    assert target.kind == "sentinel" and target.service == "citygames"
    sentinels = {name for name in services if name.startswith("redis-sentinel-")}
    assert {f"{host}" for host, _ in target.sentinels} == sentinels and len(sentinels) == 3
    commands = redis_commands(services)
    for name in sentinels:
        assert "sentinel monitor citygames redis-primary 6379 2" in commands[name]  # two of three agree
        assert "sentinel auth-pass citygames" in commands[name]
    for name in ("redis-primary", "redis-replica"):
        # the password on standard input, never on a command line
        assert 'requirepass "$$REDIS_PASSWORD"' in commands[name] and 'masterauth "$$REDIS_PASSWORD"' in commands[name]
        assert "--requirepass" not in commands[name] and "exec redis-server - " in commands[name]
        assert "--maxmemory 256mb" in commands[name] and "allkeys-lru" in commands[name]
    assert "--replicaof redis-primary 6379" in commands["redis-replica"]
    assert [name for name, s in services.items() if s.get("ports")] == ["rules"]


def test_cluster_compose_joins_three_masters_and_names_one_to_the_service():
    document = compose("docker-compose.cluster.yml")
    services = document["services"]
    settings = service_settings(services["rules"]["environment"])
    target = redis_target(settings)
    assert target.kind == "cluster" and "@redis-node-1:6379/" in target.url
    nodes = {
        name: s["networks"]["cache"]["ipv4_address"] for name, s in services.items() if name.startswith("redis-node-")
    }
    assert len(nodes) == 3
    create = " ".join(services["redis-cluster-create"]["command"])
    assert all(f"{address}:6379" in create for address in nodes.values()) and "--cluster-yes" in create
    for name, command in redis_commands(services).items():
        if name in nodes:
            assert "--cluster-enabled yes" in command and "--maxmemory" in command
            assert 'requirepass "$$REDIS_PASSWORD"' in command and "--requirepass" not in command
    assert services["rules"]["depends_on"]["redis-cluster-create"]["condition"] == "service_completed_successfully"
    assert [name for name, s in services.items() if s.get("ports")] == ["rules"]
