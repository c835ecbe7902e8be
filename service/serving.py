"""gunicorn settings and hooks, shared by ``city-games serve`` and ``deploy/gunicorn.conf.py``."""
from __future__ import annotations

import os
import shutil
import tempfile
from typing import Any

from .config import Settings

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


def prepare_metrics_dir() -> str:
    """prometheus_client's multiprocess mode needs a directory set before any worker starts."""
    path = os.environ.get(MULTIPROC_ENV) or os.path.join(tempfile.gettempdir(), f"citygames-metrics-{os.getpid()}")
    os.environ[MULTIPROC_ENV] = path
    return path


def gunicorn_options(settings: Settings) -> dict[str, Any]:
    return {
        "bind": f"0.0.0.0:{settings.port}",
        "workers": settings.workers,
        "worker_class": "sync",
        "timeout": 30,
        "graceful_timeout": 20,
        "keepalive": 5,
        "max_requests": 10_000,
        "max_requests_jitter": 1_000,
        "accesslog": None,  # the app logs one structured line per request itself
        "errorlog": "-",
        "loglevel": settings.log_level.lower(),
        "limit_request_line": 4094,
        "limit_request_fields": 100,
        "on_starting": on_starting,
        "child_exit": child_exit,
    }


def on_starting(server: Any) -> None:
    """Wipe stale metric files from an earlier run before the first worker starts."""
    path = os.environ.get(MULTIPROC_ENV)
    if path:
        shutil.rmtree(path, ignore_errors=True)
        os.makedirs(path, exist_ok=True)


def child_exit(server: Any, worker: Any) -> None:
    from prometheus_client import multiprocess

    if os.environ.get(MULTIPROC_ENV):
        multiprocess.mark_process_dead(worker.pid)


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
