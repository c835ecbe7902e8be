"""gunicorn settings and hooks, shared by ``city-games serve`` and ``deploy/gunicorn.conf.py``.

Worker class: gevent (deploy/README.md has the measurements). Each connection is a greenlet, so a client
that never finishes its headers costs a parked greenlet, not a worker; gunicorn drops it after
``keepalive`` seconds of silence; a body that stops arriving is cut off after IDLE_SECONDS of silence, and
any body not complete within BODY_DEADLINE_SECONDS is a 408 (service/api/reading.py, which also bounds the
bytes of the bodies a worker reads at once). CPU work is bounded by the engines and by REQUEST_DEADLINE_MS
(service/deadline.py), well below the 30 s ``timeout`` after which gunicorn kills a stuck worker.

Failures are visible: a worker aborted for a missed heartbeat, interrupted, or ended in any way is
logged as one JSON line (logger ``service.workers``) and counted in /metrics. With METRICS_PORT set, the
master process serves /metrics on that port and the app's own /metrics answers 404, so a deployment can
expose the app's port to the public and the metrics port to the scraper only.
"""

from __future__ import annotations

import gc
import logging
import os
import re
import shutil
import signal
import tempfile
from typing import Any

from gunicorn.glogging import Logger as GunicornLogger
from gunicorn.http import wsgi as gunicorn_wsgi

from .config import Settings, bind_address
from .probes import WorkerSlot, WorkerTable, assign_slot, serve_probes

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
WORKER_CONNECTIONS = 1000
IDLE_SECONDS = 10  # a client silent this long while sending its body (or not reading the answer) is cut off
log = logging.getLogger("service.workers")


class PROBES:
    """The probes' shared table (made in the master) and, in a worker, its own slot."""

    table: WorkerTable | None = None
    slot: WorkerSlot | None = None


def prepare_metrics_dir() -> str:
    """prometheus_client's multiprocess mode needs a directory set before any worker starts."""
    path = os.environ.get(MULTIPROC_ENV) or os.path.join(tempfile.gettempdir(), f"citygames-metrics-{os.getpid()}")
    os.environ[MULTIPROC_ENV] = path
    return path


def gunicorn_options(settings: Settings) -> dict[str, Any]:
    BODY_LIMIT.bytes = settings.max_body_bytes
    options = {
        "bind": bind_address(settings.host, settings.port),
        "workers": settings.workers,
        "worker_class": "gevent",
        "worker_connections": WORKER_CONNECTIONS,
        "timeout": 30,
        "graceful_timeout": 20,
        "keepalive": 5,  # also the gevent worker's limit for reading a request's headers
        "max_requests": 10_000,
        "max_requests_jitter": 1_000,
        "accesslog": None,  # the app logs one structured line per request itself
        "errorlog": "-",
        "loglevel": settings.log_level.lower(),
        "logger_class": ExitStatusLogger,
        "limit_request_line": 4094,
        "limit_request_fields": 100,
        "on_starting": on_starting,
        "when_ready": when_ready,
        "pre_request": pre_request,
        "post_request": post_request,
        "pre_fork": pre_fork,
        "post_worker_init": post_worker_init,
        "worker_abort": worker_abort,
        "worker_int": worker_int,
        "child_exit": child_exit,
        "worker_exit": worker_exit,
    }
    if _gunicorn_knows("control_socket_disable"):
        # gunicorn 25+ opens a control socket in $HOME by default: not wanted in a read-only container,
        # and two servers on one machine would share it.
        options["control_socket_disable"] = True
    return options


def _gunicorn_knows(setting: str) -> bool:
    from gunicorn.config import KNOWN_SETTINGS

    return any(known.name == setting for known in KNOWN_SETTINGS)


# --- hooks: master ---------------------------------------------------------------------------


def on_starting(server: Any) -> None:
    """Wipe stale metric files from an earlier run before the first worker starts; JSON logs here too."""
    from .config import settings_from_env
    from .logs import configure_logging

    path = os.environ.get(MULTIPROC_ENV)
    if path:
        shutil.rmtree(path, ignore_errors=True)
        os.makedirs(path, exist_ok=True)
    settings = settings_from_env()
    configure_logging(settings.log_level, settings.log_format, settings.log_buffer_lines)
    if settings.probe_port is not None:
        PROBES.table = WorkerTable()  # before the first fork, so that every worker shares it


def pre_fork(server: Any, worker: Any) -> None:
    if PROBES.table is not None:
        assign_slot(PROBES.table, server, worker)
    HELD_SIGNALS.hold()


class HELD_SIGNALS:
    """The stop signals a new worker would lose, held from just before its fork until it has its handlers.

    A forked worker keeps the master's signal handlers until its own are installed (after gevent patches
    the process, well after the fork), and the master's handler only queues the signal in the worker's copy
    of the master's queue, which nobody reads: a SIGTERM sent to a worker in that window (by the master or
    anyone else) was lost, and the worker lived on, answering and heartbeating, never replaced
    (https://github.com/benoitc/gunicorn/issues/1910, still so in gunicorn 27). So the master blocks them
    around the fork (``pre_fork``, and ``os.register_at_fork`` unblocks them in the master at once); the
    worker inherits the blocked mask, a signal sent meanwhile waits, pending, and ``post_worker_init``,
    its own handlers installed, unblocks them and the signal is handled as it would have been later."""

    signals = frozenset({signal.SIGTERM, signal.SIGINT, signal.SIGQUIT, signal.SIGUSR1})  # a worker's handlers
    before: set[int] | None = None  # the forking thread's mask before the hold, while held
    master: int | None = None  # the process that holds them around its forks

    @classmethod
    def hold(cls) -> None:
        if cls.master is None:
            cls.master = os.getpid()
            os.register_at_fork(after_in_parent=cls._forked)
        cls.before = {int(s) for s in signal.pthread_sigmask(signal.SIG_BLOCK, cls.signals)}

    @classmethod
    def _forked(cls) -> None:
        if os.getpid() == cls.master:  # the registration is inherited: a worker's own forks are not its
            cls.release()

    @classmethod
    def release(cls) -> None:
        """In the master right after the fork; in the worker once its handlers are installed."""
        if cls.before is not None:
            before, cls.before = cls.before, None
            signal.pthread_sigmask(signal.SIG_SETMASK, before)


def when_ready(server: Any) -> None:
    """With PROBE_PORT, the master serves the probes (service/probes.py); with METRICS_PORT, /metrics
    (every worker summed), each on its own listener."""
    from .config import settings_from_env

    settings = settings_from_env()
    if settings.probe_port is not None and PROBES.table is not None:
        serve_probes(PROBES.table, server, settings.probe_port)
        log.info("probe listener", extra={"event": "probe_listener", "port": settings.probe_port})
    port = settings.metrics_port
    if port is None:
        return
    from prometheus_client import CollectorRegistry, start_http_server

    from .metrics import ArchiveAwareCollector

    registry = CollectorRegistry()
    ArchiveAwareCollector(registry)
    start_http_server(port, addr="0.0.0.0", registry=registry)
    log.info("metrics listener", extra={"event": "metrics_listener", "port": port})


class ExitStatusLogger(GunicornLogger):
    """gunicorn's logger, also noting how each worker ended: the arbiter logs a timeout, a worker's exit
    code or its killing signal before it calls ``child_exit``, which receives no status of its own.
    Noted before the level filter, so no log level hides it; matched on the formatted text, since
    gunicorn versions differ in how they pass the arguments."""

    causes: dict[int, str] = {}

    def setup(self, cfg: Any) -> None:
        """gunicorn's own lines (the master's too) through the same never-blocking writer as the app's:
        a master stuck writing to a pipe nobody reads would stop killing stuck workers."""
        from .logs import NonBlockingHandler

        super().setup(cfg)
        for logger in (self.error_log, self.access_log):
            for index, handler in enumerate(logger.handlers):
                if type(handler) is logging.StreamHandler:
                    replacement = NonBlockingHandler(handler.stream)
                    replacement.setFormatter(handler.formatter)
                    logger.handlers[index] = replacement

    TIMEOUT = re.compile(r"WORKER TIMEOUT \(pid:(\d+)\)")
    SIGNAL = re.compile(r"Worker \(pid:(\d+)\) was sent (\w+)")
    CODE = re.compile(r"Worker \(pid:(\d+)\) exited with code (\d+)")

    def _note(self, msg: Any, args: tuple) -> None:
        if not isinstance(msg, str) or "(pid:" not in msg:
            return
        try:
            text = msg % args if args else msg
        except (TypeError, ValueError):
            return
        if found := self.TIMEOUT.search(text):
            self.causes[int(found[1])] = "timeout"  # SIGABRT follows: the first cause wins
        elif found := self.SIGNAL.search(text):
            self.causes.setdefault(int(found[1]), found[2])
        elif found := self.CODE.search(text):
            self.causes.setdefault(int(found[1]), f"code {found[2]}")

    def critical(self, msg, *args, **kwargs):
        self._note(msg, args)
        super().critical(msg, *args, **kwargs)

    def error(self, msg, *args, **kwargs):
        self._note(msg, args)
        super().error(msg, *args, **kwargs)

    def warning(self, msg, *args, **kwargs):
        self._note(msg, args)
        super().warning(msg, *args, **kwargs)

    def info(self, msg, *args, **kwargs):
        self._note(msg, args)
        super().info(msg, *args, **kwargs)


def child_exit(server: Any, worker: Any) -> None:
    """In the master, after a worker ended: one JSON line and a count, by cause."""
    from .metrics import WORKER_EXITS, archive_dead_worker

    cause = ExitStatusLogger.causes.pop(worker.pid, "ok")
    if cause == "SIGTERM":
        cause = "ok"  # a graceful stop (shutdown, max_requests, scaling down)
    WORKER_EXITS.labels(cause=cause).inc()
    level = logging.INFO if cause == "ok" else logging.ERROR
    log.log(level, "worker exited", extra={"event": "worker_exit", "pid": worker.pid, "cause": cause})
    if os.environ.get(MULTIPROC_ENV):
        archive_dead_worker(os.environ[MULTIPROC_ENV], worker.pid)


# --- hooks: worker -------------------------------------------------------------------------------


def pre_request(worker: Any, req: Any) -> None:
    """gunicorn bounds reading the headers (``keepalive``) but not the body: without a socket timeout a
    client that declares a Content-Length and then trickles or stops would hold its greenlet forever.

    A request that says ``Expect: 100-continue`` with a Content-Length over MAX_BODY_BYTES is not told to
    go on (gunicorn would send ``100 Continue`` before the app sees the request): it gets its 413 at once,
    and its body is never asked for."""
    sock = getattr(getattr(req, "unreader", None), "sock", None)
    if sock is not None:
        sock.settimeout(IDLE_SECONDS)
    if getattr(req, "_expected_100_continue", False) and _declared_length(req) > BODY_LIMIT.bytes:
        req._expected_100_continue = False
    if PROBES.slot is not None:
        PROBES.slot.started()


class BODY_LIMIT:
    """MAX_BODY_BYTES, set with the options in the master (so every worker has it)."""

    bytes = 1024 * 1024


def _declared_length(req: Any) -> int:
    for name, value in getattr(req, "headers", ()):
        if name == "CONTENT-LENGTH":
            try:
                return int(value)
            except ValueError:
                return 0
    return 0


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    if PROBES.slot is not None:
        PROBES.slot.ended()


class HeadHeldSocket:
    """A response's socket as gunicorn's Response writes to it: the first write (the head: status line and
    headers) is held back and sent in one ``sendall`` with the first bytes of the body, or alone by
    ``flush`` when the answer has no body."""

    def __init__(self, sock: Any):
        self._sock = sock
        self._head: bytes | None = None
        self._head_written = False

    def sendall(self, data: Any) -> None:
        if not self._head_written:
            self._head_written = True
            self._head = bytes(data)
            return
        if self._head is not None:
            data, self._head = self._head + bytes(data), None
        self._sock.sendall(data)

    def flush(self) -> None:
        if self._head is not None:
            head, self._head = self._head, None
            self._sock.sendall(head)

    def sendfile(self, *args: Any, **kwargs: Any) -> Any:
        self.flush()
        return self._sock.sendfile(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


class OneWriteResponse(gunicorn_wsgi.Response):
    """gunicorn's HTTP/1 response, writing an answer's head and body in one ``sendall`` instead of two.

    A worker killed between the two writes (SIGKILL, the memory limit) left a proxy with a complete head
    and no body: the proxy had already passed the head to its client, so it could not send the request to
    another replica, and the client saw the answer cut off. Written at once, an answer that fits the
    socket's buffer (every game answer but the largest pictures) reaches the proxy whole or not at all,
    and nothing at all is what HAProxy's ``retry-on empty-response`` sends again."""

    def __init__(self, req: Any, sock: Any, cfg: Any):
        super().__init__(req, sock, cfg)
        self._held = HeadHeldSocket(sock)
        # Duck-typed: gunicorn's Response only calls the socket's sendall (the stubs say a real socket).
        self.sock = self._held  # type: ignore[assignment]

    def close(self) -> None:
        super().close()
        self._held.flush()


def post_worker_init(worker: Any) -> None:
    """In the worker, its loop running (gevent patched): the stop signals held since its fork released
    (HELD_SIGNALS); its slot of the probes' table, ticking;
    gunicorn's own error answers (a request it cannot parse) written with the security headers; and every
    answer's head and body written at once (OneWriteResponse)."""
    from gunicorn import util

    from .api.protocol import write_error

    HELD_SIGNALS.release()  # gunicorn installed the worker's signal handlers: a stop sent meanwhile is handled

    util.write_error = write_error  # gunicorn has no hook for these answers (service/api/protocol.py)
    gunicorn_wsgi.Response = OneWriteResponse  # type: ignore[misc]  # nor for the response class that wsgi.create makes
    slot = getattr(worker, "probe_slot", None)
    if PROBES.table is not None and slot is not None:
        PROBES.slot = WorkerSlot(PROBES.table, slot, os.getpid())
        PROBES.slot.start_ticking()


def worker_abort(worker: Any) -> None:
    """SIGABRT from the arbiter: this worker missed its heartbeat for ``timeout`` seconds."""
    from .metrics import WORKER_TIMEOUTS

    WORKER_TIMEOUTS.inc()
    log.error("worker timeout", extra={"event": "worker_timeout", "pid": worker.pid, "timeout_s": worker.cfg.timeout})


def worker_exit(server: Any, worker: Any) -> None:
    """In the worker, as it ends: give back to the collector what service.wsgi froze, and collect it now.
    Left frozen, it is torn down with the interpreter after gevent's modules are gone, and every stop of
    a worker printed "Exception ignored" tracebacks from logging's handler references."""
    gc.unfreeze()
    gc.collect()


def worker_int(worker: Any) -> None:
    log.warning("worker interrupted", extra={"event": "worker_interrupted", "pid": worker.pid})


def serve(settings: Settings) -> None:
    from gunicorn.app.base import BaseApplication

    prepare_metrics_dir()

    class CityGames(BaseApplication):
        def load_config(self) -> None:
            for key, value in gunicorn_options(settings).items():
                self.cfg.set(key, value)

        def load(self):
            from .wsgi import app

            return app

    CityGames().run()
