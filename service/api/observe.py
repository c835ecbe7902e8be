"""One structured log line and the metrics for every request."""

from __future__ import annotations

import logging
import time

from flask import Flask, g, request

from ..metrics import LATENCY, REQUESTS, method_label

log = logging.getLogger("service.access")


def install_request_observers(app: Flask) -> None:
    @app.before_request
    def _start_clock():
        g.started = time.perf_counter()

    @app.after_request
    def _observe(response):
        elapsed = time.perf_counter() - g.get("started", time.perf_counter())
        route = request.url_rule.rule if request.url_rule is not None else "unmatched"
        method = method_label(request.method)
        REQUESTS.labels(route=route, method=method, status=str(response.status_code)).inc()
        LATENCY.labels(route=route, method=method).observe(elapsed)
        log.info(
            "request",
            extra={
                "method": request.method,
                "path": request.path,
                "route": route,
                "game": (request.view_args or {}).get("game_id"),
                "status": response.status_code,
                "duration_ms": round(elapsed * 1000, 3),
            },
        )
        return response
