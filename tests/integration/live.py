"""Real processes for the live-server tests: gunicorn, redis-server, HAProxy, and a steady load.

Every process starts in its own process group and is killed with its whole group when the context
ends, whatever happened inside. Everything binds to 127.0.0.1 on a free port.
"""

from __future__ import annotations

import contextlib
import http.client
import itertools
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"


def need(program: str, what: str) -> None:
    """Skip without ``program`` on a developer's machine, as the Redis tests do; in CI (.ci/run installs
    both and sets REQUIRE_REDIS) its absence is a failure."""
    if Path(program).exists():
        return
    message = f"{what} is not installed ({program}); .ci/run installs it from the OS packages"
    if os.environ.get("REQUIRE_REDIS"):
        pytest.fail(message)
    pytest.skip(message)


def wait_until(predicate, timeout: float, what: str, step: float = 0.05) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self):
        return json.loads(self.body)


def request(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    timeout: float = 10,
    headers: dict[str, str] | None = None,
) -> Answer:
    """One request on a new connection (closed after), so no test depends on keep-alive reuse."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        sent = {
            "Connection": "close",
            **({"Content-Type": "application/json"} if body is not None else {}),
            **(headers or {}),
        }
        connection.request(method, path, body, sent)
        response = connection.getresponse()
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
    finally:
        connection.close()


def answers(port: int, path: str = "/healthz") -> bool:
    try:
        return request(port, "GET", path, timeout=1).status == 200
    except OSError:
        return False


def metric_total(port: int, name: str, path: str = "/metrics", **labels: str) -> float:
    """The sum of a metric's samples whose labels include ``labels``."""
    text = request(port, "GET", path).body.decode()
    return metric_sum(text, name, **labels)


def metric_sum(text: str, name: str, **labels: str) -> float:
    total = 0.0
    for line in text.splitlines():
        if not line.startswith(name + "{") and not line.startswith(name + " "):
            continue
        head, _, value = line.rpartition(" ")
        if all(f'{key}="{wanted}"' in head for key, wanted in labels.items()):
            total += float(value)
    return total


def kill_group(process: subprocess.Popen, sig: int = signal.SIGKILL) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, sig)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=10)


@dataclass
class Gunicorn:
    process: subprocess.Popen
    port: int
    log_path: Path
    metrics_port: int | None = None
    probe_port: int | None = None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def json_lines(self) -> list[dict]:
        found = []
        for line in self.log().splitlines():
            if line.startswith("{"):
                with contextlib.suppress(ValueError):
                    found.append(json.loads(line))
        return found

    def worker_pids(self) -> list[int]:
        """The master's child processes (its workers), from /proc."""
        pids = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                # pid (comm) state ppid ...: comm may hold spaces, so split after its closing parenthesis
                fields = stat.read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == self.process.pid:
                    pids.append(int(stat.parent.name))
        return sorted(pids)


GUNICORN = (sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy" / "gunicorn.conf.py"))
CITY_GAMES_SERVE = (sys.executable, "-m", "service", "serve")


@contextlib.contextmanager
def gunicorn(
    env: dict[str, str] | None = None,
    app: str = "service.wsgi:app",
    extra_args: tuple[str, ...] = (),
    workers: int = 2,
    wait_for: str = "/healthz",
    command: tuple[str, ...] = GUNICORN,
    port: int | None = None,
    output: int | None = None,
) -> Iterator[Gunicorn]:
    """gunicorn with deploy/gunicorn.conf.py (the container's configuration) on a free port, or
    ``command=CITY_GAMES_SERVE`` (which takes no app argument). Its stdout and stderr go to its log file,
    or to the file descriptor ``output`` (then its log reads empty)."""
    port = port or free_port()
    workdir = Path(tempfile.mkdtemp(prefix="citygames-live-"))
    log_path = workdir / "gunicorn.log"
    full_env = dict(
        os.environ,
        PORT=str(port),
        WORKERS=str(workers),
        LOG_FORMAT="json",
        PROMETHEUS_MULTIPROC_DIR=str(workdir / "metrics"),
        PYTHONPATH=str(ROOT),
    )
    for name in ("REDIS_URL", "METRICS_PORT", "CACHE_HMAC_SECRET"):
        full_env.pop(name, None)
    full_env.update(env or {})
    metrics_port = int(full_env["METRICS_PORT"]) if full_env.get("METRICS_PORT") else None
    probe_port = int(full_env["PROBE_PORT"]) if full_env.get("PROBE_PORT") else None
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [*command, *extra_args, *([app] if command == GUNICORN else [])],
            cwd=ROOT,
            env=full_env,
            stdout=log if output is None else output,
            stderr=log if output is None else output,
            start_new_session=True,
        )
    server = Gunicorn(process, port, log_path, metrics_port, probe_port)
    try:
        try:
            wait_until(lambda: answers(port, wait_for) or process.poll() is not None, 30, "gunicorn to answer")
        except AssertionError:
            pass
        if not answers(port, wait_for):
            pytest.fail("gunicorn did not start:\n" + server.log()[-3000:])
        yield server
    finally:
        kill_group(process)
        shutil.rmtree(workdir, ignore_errors=True)


@dataclass
class RedisServer:
    process: subprocess.Popen
    port: int
    password: str
    dbfile_dir: Path

    @property
    def url(self) -> str:
        return f"redis://:{self.password}@127.0.0.1:{self.port}/0"

    def client(self):
        import redis

        return redis.Redis(host="127.0.0.1", port=self.port, password=self.password, socket_timeout=2)

    def answers(self) -> bool:
        try:
            return bool(self.client().ping())
        except Exception:
            return False


def _start_redis(port: int, password: str, workdir: Path) -> subprocess.Popen:
    need(REDIS_SERVER, "redis-server")
    return subprocess.Popen(
        [
            REDIS_SERVER,
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--requirepass",
            password,
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(workdir),
            "--maxmemory",
            "64mb",
            "--maxmemory-policy",
            "allkeys-lru",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


@contextlib.contextmanager
def redis_server(password: str = "integration-secret") -> Iterator[RedisServer]:
    """A private redis-server with a password on a free loopback port (never the shared one)."""
    workdir = Path(tempfile.mkdtemp(prefix="citygames-redis-"))
    port = free_port()
    server = RedisServer(_start_redis(port, password, workdir), port, password, workdir)
    try:
        wait_until(server.answers, 10, "redis-server to answer")
        yield server
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.process.pid, signal.SIGCONT)
        kill_group(server.process)
        shutil.rmtree(workdir, ignore_errors=True)


def restart_redis(server: RedisServer) -> None:
    """Start a fresh redis-server on the same port (after the old one was killed)."""
    server.process = _start_redis(server.port, server.password, server.dbfile_dir)
    wait_until(server.answers, 10, "the restarted redis-server to answer")


@dataclass
class LoadReport:
    ok: int = 0
    failed: list[str] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)


def distinct_chinatown_scores() -> Callable[[], bytes]:
    """Bodies that differ on every call (a new owner name), so no answer is ever found in memory and each
    request asks Redis, when there is one, before computing."""
    numbers = itertools.count()

    def body() -> bytes:
        owner = f"p{next(numbers)}"
        return json.dumps(
            {"state": {"board": {"1": {"owner": owner, "shop": "photo"}, "2": {"owner": owner, "shop": "photo"}}}}
        ).encode()

    return body


class SteadyLoad:
    """``clients`` threads sending one request after another (each on a new connection) until stopped.
    ``body`` is bytes, a callable giving each request's bytes, or None for a GET. ``pace`` seconds between
    one client's requests keep a load that lasts a fixed time from taking both cores from the rest of the
    suite; 0 (the default) is as fast as the service answers, for throughput."""

    def __init__(
        self,
        port: int,
        path: str,
        body: bytes | Callable[[], bytes] | None,
        clients: int = 4,
        timeout: float = 10,
        pace: float = 0.0,
    ):
        self.port, self.path, self.body, self.timeout, self.pace = port, path, body, timeout, pace
        self.report = LoadReport()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._run, daemon=True) for _ in range(clients)]

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                body = self.body() if callable(self.body) else self.body
                answer = request(
                    self.port, "POST" if body is not None else "GET", self.path, body, timeout=self.timeout
                )
                outcome = None if answer.status == 200 else f"status {answer.status}: {answer.body[:200]!r}"
                status = answer.status
            except (OSError, http.client.HTTPException) as exc:  # refused, reset, cut off mid-answer
                outcome, status = f"{type(exc).__name__}: {exc}", 0
            with self._lock:
                self.report.statuses[status] = self.report.statuses.get(status, 0) + 1
                if outcome is None:
                    self.report.ok += 1
                else:
                    self.report.failed.append(outcome)
            if self.pace:
                self._stop.wait(self.pace)

    def count(self) -> int:
        with self._lock:
            return self.report.ok + len(self.report.failed)

    def __enter__(self) -> SteadyLoad:
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=self.timeout + 5)

    def wait_for(self, more: int, timeout: float = 30) -> None:
        """Wait until ``more`` further requests were answered (or failed)."""
        target = self.count() + more
        wait_until(lambda: self.count() >= target, timeout, f"{more} more requests under load")


@contextlib.contextmanager
def slow_header_clients(port: int, count: int = 16, payload: bytes | None = None) -> Iterator[list[socket.socket]]:
    """``count`` connections that send the start of a request and then never finish the headers."""
    opening = payload if payload is not None else b"POST /v1/games/newyork/score HTTP/1.1\r\nHost: x\r\n"
    sockets = []
    try:
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(opening)
            sockets.append(sock)
        yield sockets
    finally:
        for sock in sockets:
            sock.close()


HAPROXY_CONFIG = ROOT / "deploy" / "haproxy" / "haproxy.cfg"
CLEAN_ANSWER = re.compile(r" 200 \d+ - - ---- \d+/\d+/\d+/\d+/0 ")  # httplog: a 200, a normal end, no retry


@dataclass
class HAProxy:
    port: int
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def not_clean(self) -> list[str]:
        """Its log's lines about anything but a 200 answered at the first try: a server taken out or put
        back, a retry, another status, an abnormal end."""
        return [line for line in self.log().splitlines() if line.strip() and not CLEAN_ANSWER.search(line)]


@contextlib.contextmanager
def haproxy(replicas: list[Gunicorn], env: dict[str, str] | None = None) -> Iterator[HAProxy]:
    """HAProxy with the deployment's example config (deploy/haproxy/haproxy.cfg) on a free port in front of
    two replicas started with PROBE_PORT, checking their masters' /readyz; its log (one line a request)
    lives as long as the context."""
    need(HAPROXY, "haproxy")
    assert len(replicas) == 2, "the example config names two replicas"
    assert all(r.probe_port for r in replicas), "HAProxy checks each replica's probe port (PROBE_PORT)"
    port = free_port()
    workdir = Path(tempfile.mkdtemp(prefix="citygames-haproxy-"))
    env = dict(
        os.environ,
        FRONTEND=f"127.0.0.1:{port}",
        **{f"REPLICA_{n}": f"127.0.0.1:{r.port}" for n, r in enumerate(replicas)},
        **{f"PROBES_{n}": str(r.probe_port) for n, r in enumerate(replicas)},
        **(env or {}),
    )
    front = HAProxy(port, workdir / "haproxy.log")
    log = open(front.log_path, "wb")
    process = subprocess.Popen(
        [HAPROXY, "-db", "-f", str(HAPROXY_CONFIG)], stdout=log, stderr=log, env=env, start_new_session=True
    )
    try:
        wait_until(lambda: answers(port) or process.poll() is not None, 15, "haproxy to answer")
        if process.poll() is not None:
            pytest.fail("haproxy did not start:\n" + front.log())
        yield front
    finally:
        kill_group(process)
        log.close()
        shutil.rmtree(workdir, ignore_errors=True)
