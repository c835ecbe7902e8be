"""The referee's table in a real browser: Debian's Chromium driven by Playwright for Python, against the
app served by a real WSGI server on a free loopback port. Skipped on a developer's machine without
chromium (or without playwright); in CI (.ci/run sets REQUIRE_REDIS, and installs chromium) a skip is a
failure, as for the Redis tests."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from service import create_app

from .table import SLOW_MACHINE_DEADLINE_MS

SHOTS = Path(__file__).parent / "screenshots"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _unavailable(reason: str):
    if os.environ.get("REQUIRE_REDIS"):
        pytest.fail(f"CI needs the browser tests: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium_path():
    path = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    if path is None:
        _unavailable("no chromium on PATH (the OS package `chromium`)")
    return path


# The page must work under a strict Content-Security-Policy (no inline scripts, styles or handlers); the
# tests serve it with one, and a CSP violation is a console error, which the tests count as a failure.
STRICT_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)


@pytest.fixture(scope="session")
def live_url():
    app = create_app({"redis_url": None, "request_deadline_ms": SLOW_MACHINE_DEADLINE_MS})

    @app.after_request
    def _strict_csp(response):
        if response.mimetype == "text/html":
            response.headers.setdefault("Content-Security-Policy", STRICT_CSP)
        return response

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture(scope="session")
def browser(chromium_path):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (the test extra)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=live_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.errors = errors
    yield page
    context.close()


@pytest.fixture(scope="session")
def screenshots():
    SHOTS.mkdir(exist_ok=True)
    return SHOTS
