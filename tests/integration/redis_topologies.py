"""A three-master Redis Cluster and a primary, a replica and a sentinel, on free loopback ports, for the
live tests of the shared cache past one Redis. Every server has a password; every process is killed with
its group when its context ends. The timings are cut short (node timeout, down-after, failover timeout)
so a failover takes about a second or two, not the default half minute."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tests.ports import free_port

from .live import REDIS_SERVER, kill_group, need, wait_until

REDIS_CLI = shutil.which("redis-cli") or "/usr/bin/redis-cli"
PASSWORD = "topology-secret"


def _server(port: int, workdir: Path, *extra: str) -> subprocess.Popen:
    need(REDIS_SERVER, "redis-server")
    return subprocess.Popen(
        [
            REDIS_SERVER,
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--requirepass",
            PASSWORD,
            "--masterauth",
            PASSWORD,
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(workdir),
            *extra,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def client(port: int):
    import redis

    return redis.Redis(host="127.0.0.1", port=port, password=PASSWORD, socket_timeout=2)


def _answers(port: int) -> bool:
    try:
        return bool(client(port).ping())
    except Exception:
        return False


@dataclass
class Cluster:
    ports: list[int]
    processes: dict[int, subprocess.Popen] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"redis://:{PASSWORD}@127.0.0.1:{self.ports[0]}/0"

    def kill(self, port: int) -> None:
        kill_group(self.processes.pop(port))

    def sizes(self) -> dict[int, int]:
        return {port: client(port).dbsize() for port in self.ports if port in self.processes}


@contextlib.contextmanager
def redis_cluster(masters: int = 3) -> Iterator[Cluster]:
    """``masters`` cluster-enabled redis-servers joined by ``redis-cli --cluster create``; a master that
    dies leaves the others serving their slots (``cluster-require-full-coverage no``)."""
    need(REDIS_CLI, "redis-cli")
    workdir = Path(tempfile.mkdtemp(prefix="citygames-cluster-"))
    cluster = Cluster([free_port() for _ in range(masters)])
    try:
        for port in cluster.ports:
            cluster.processes[port] = _server(
                port,
                workdir,
                "--cluster-enabled",
                "yes",
                "--cluster-config-file",
                str(workdir / f"nodes-{port}.conf"),
                "--cluster-node-timeout",
                "1000",
                "--cluster-require-full-coverage",
                "no",
            )
        for port in cluster.ports:
            wait_until(lambda port=port: _answers(port), 10, f"cluster node {port} to answer")
        subprocess.run(
            [
                REDIS_CLI,
                "-a",
                PASSWORD,
                "--no-auth-warning",
                "--cluster",
                "create",
                *[f"127.0.0.1:{port}" for port in cluster.ports],
                "--cluster-yes",
            ],
            check=True,
            capture_output=True,
            timeout=30,
        )
        wait_until(
            lambda: all(b"cluster_state:ok" in client(p).execute_command("CLUSTER", "INFO") for p in cluster.ports),
            15,
            "the cluster to agree on its slots",
        )
        yield cluster
    finally:
        for process in cluster.processes.values():
            kill_group(process)
        shutil.rmtree(workdir, ignore_errors=True)


@dataclass
class Replicated:
    primary: int
    replica: int
    sentinel: int
    service: str
    processes: dict[int, subprocess.Popen] = field(default_factory=dict)

    @property
    def sentinels(self) -> str:
        return f"127.0.0.1:{self.sentinel}"

    @property
    def url(self) -> str:
        """The primary's credentials and database for REDIS_URL (the sentinels say where it is)."""
        return f"redis://:{PASSWORD}@sentinel-primary/0"

    def kill(self, port: int) -> None:
        kill_group(self.processes.pop(port))

    def primary_port(self) -> int | None:
        """The primary's port as the sentinel sees it now."""
        import redis

        try:
            found = redis.Redis(host="127.0.0.1", port=self.sentinel, socket_timeout=2).execute_command(
                "SENTINEL", "GET-MASTER-ADDR-BY-NAME", self.service
            )
        except Exception:
            return None
        return int(found[1]) if found else None

    def knows_replica(self) -> bool:
        import redis

        try:
            return bool(
                redis.Redis(host="127.0.0.1", port=self.sentinel, socket_timeout=2).execute_command(
                    "SENTINEL", "REPLICAS", self.service
                )
            )
        except Exception:
            return False

    def is_primary(self, port: int) -> bool:
        try:
            return client(port).info("replication")["role"] == "master"
        except Exception:
            return False


@contextlib.contextmanager
def redis_sentinel(service: str = "citygames") -> Iterator[Replicated]:
    """A primary, its replica and one sentinel (quorum 1) that calls the primary down after 300 ms of
    silence and may fail over again after 2 s."""
    workdir = Path(tempfile.mkdtemp(prefix="citygames-sentinel-"))
    setup = Replicated(free_port(), free_port(), free_port(), service)
    try:
        setup.processes[setup.primary] = _server(setup.primary, workdir)
        wait_until(lambda: _answers(setup.primary), 10, "the primary to answer")
        setup.processes[setup.replica] = _server(setup.replica, workdir, "--replicaof", "127.0.0.1", str(setup.primary))
        wait_until(
            lambda: (
                _answers(setup.replica) and client(setup.replica).info("replication").get("master_link_status") == "up"
            ),
            15,
            "the replica to follow the primary",
        )
        conf = workdir / "sentinel.conf"
        conf.write_text(
            f"port {setup.sentinel}\nbind 127.0.0.1\ndir {workdir}\n"
            f"sentinel monitor {service} 127.0.0.1 {setup.primary} 1\n"
            f"sentinel auth-pass {service} {PASSWORD}\n"
            f"sentinel down-after-milliseconds {service} 300\n"
            f"sentinel failover-timeout {service} 2000\n"
            f"sentinel parallel-syncs {service} 1\n"
        )
        setup.processes[setup.sentinel] = subprocess.Popen(
            [REDIS_SERVER, str(conf), "--sentinel"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_until(lambda: setup.primary_port() == setup.primary, 10, "the sentinel to watch the primary")
        yield setup
    finally:
        for process in setup.processes.values():
            kill_group(process)
        shutil.rmtree(workdir, ignore_errors=True)
