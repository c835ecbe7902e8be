"""The HTTP edge: routes, request bodies, problem+json, observation. No rules live here."""
from __future__ import annotations

from flask import Flask

from . import games, operations, table
from .observe import install_request_observers
from .problems import install_problem_handlers


def register(app: Flask) -> None:
    app.extensions["games"] = games.bind_games()
    install_problem_handlers(app)
    install_request_observers(app)
    app.register_blueprint(games.bp)
    app.register_blueprint(operations.bp)
    app.register_blueprint(operations.docs_bp)
    app.register_blueprint(table.bp)
