"""City games rules service: ``create_app`` builds the Flask application."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from .config import Settings, settings_from_env


def create_app(config: Settings | Mapping[str, Any] | None = None) -> Flask:
    """The application. ``config`` is a Settings, or overrides applied to the environment's settings."""
    from . import api
    from .api.reading import BodyBudget
    from .cache import build_memo
    from .config import BODY_FIRST_READS

    settings = config if isinstance(config, Settings) else settings_from_env().with_overrides(config)
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    app.config["SETTINGS"] = settings
    assert isinstance(app.json, DefaultJSONProvider)  # Flask's own, whose sort_keys it reads
    app.json.sort_keys = False
    app.url_map.strict_slashes = True
    app.extensions["memo"] = build_memo(settings)
    app.extensions["body_budget"] = BodyBudget(settings.body_buffer_bytes, BODY_FIRST_READS)
    api.register(app)
    return app


__all__ = ["create_app", "Settings"]
