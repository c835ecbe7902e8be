"""The HTTP edge: routes, request bodies, problem+json, observation. No rules live here."""

from __future__ import annotations

from flask import Flask

from . import explain, games, operations, pages, table  # noqa: F401 - explain adds its route to games'
from .answers import install_answer_headers
from .cors import install_cors
from .language import install_language
from .observe import install_request_observers
from .problems import install_problem_handlers
from .protocol import install_protocol_checks
from .security import install_security_headers


def register(app: Flask) -> None:
    games.check_served()
    app.extensions["games"] = games.bind_games()
    app.extensions["pages"] = pages.build_pages(app.extensions["games"])
    install_problem_handlers(app)
    install_request_observers(app)
    install_protocol_checks(app)
    install_cors(app, app.config["SETTINGS"].cors_origins)
    install_security_headers(app)
    install_language(app)
    install_answer_headers(app)
    app.register_blueprint(games.bp)
    app.register_blueprint(operations.bp)
    app.register_blueprint(operations.docs_bp)
    app.register_blueprint(table.bp)
    app.register_blueprint(pages.bp)
