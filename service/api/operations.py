"""Operational routes: liveness, readiness, metrics, the contract and its documentation page."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from flask import Blueprint, Response, current_app
from flask_swagger_ui import get_swaggerui_blueprint
from werkzeug.exceptions import NotFound

from ..cache.stores import RedisStore
from ..metrics import render_metrics
from ..version import SERVICE_VERSION
from .answers import bytes_answer

bp = Blueprint("operations", __name__)
HEALTH_JSON = "application/health+json"
CONTRACT = Path(__file__).with_name("openapi.yaml")

docs_bp = get_swaggerui_blueprint(
    "/docs", "/openapi.json", config={"app_name": "City games rules service"}, blueprint_name="docs"
)


@bp.get("/docs")
def docs_page():
    """The documentation page at the contract's path too (its assets are named from /docs/, so it works
    at either address)."""
    return current_app.view_functions["docs.show"]()


@lru_cache(maxsize=1)
def contract_texts() -> tuple[bytes, bytes]:
    text = CONTRACT.read_text(encoding="utf-8")
    # libyaml's safe loader where PyYAML was built with it: the same data, five times faster (0.15 s, not
    # 0.8 s), paid by every worker (and every test process) that serves the contract.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    as_json = json.dumps(yaml.load(text, Loader=loader), separators=(",", ":"), ensure_ascii=False)
    return text.encode(), as_json.encode()


def _health(status: str, checks: dict | None = None) -> Response:
    payload: dict[str, Any] = {"status": status, "service_version": SERVICE_VERSION}
    if checks:
        payload["checks"] = checks
    return Response(json.dumps(payload), mimetype=HEALTH_JSON)


@bp.get("/healthz")
def healthz():
    return _health("pass")


@bp.get("/readyz")
def readyz():
    """Ready while the service can answer; the cache is optional, so a cache problem is ``warn``."""
    memo = current_app.extensions["memo"]
    cache = {"status": "pass", "backend": memo.backend}
    if memo.notes:
        cache = {**cache, "status": "warn", "detail": " ".join(memo.notes)}
    checks = {"cache": cache}
    for store in memo.stores:
        if isinstance(store, RedisStore):
            checks["redis"] = store.health()
    status = "pass" if all(check["status"] == "pass" for check in checks.values()) else "warn"
    if current_app.config["SETTINGS"].probe_port is not None:
        # The app's port is public: what its cache and Redis are doing (hosts, breaker evidence) is told
        # to the operator on the probe port's side of things (its /readyz, /metrics), never to anyone.
        return _health(status)
    return _health(status, checks)


@bp.get("/metrics")
def metrics():
    if current_app.config["SETTINGS"].metrics_port is not None:
        # Served by the gunicorn master on METRICS_PORT only, which the public Service does not expose.
        raise NotFound()
    body, content_type = render_metrics()
    return Response(body, content_type=content_type)


@bp.get("/openapi.yaml")
def contract_yaml():
    return bytes_answer(contract_texts()[0], "application/yaml")


@bp.get("/openapi.json")
def contract_json():
    return bytes_answer(contract_texts()[1], "application/json")
