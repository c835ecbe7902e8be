"""Cross-origin calls from browser apps on other origins, allowed only for the origins configured in
``CORS_ORIGINS`` (none by default), through flask-cors."""

from __future__ import annotations

from flask import Flask
from flask_cors import CORS

# What a browser client may read beyond the simple headers: revalidation, versions and back-off.
EXPOSED = ["ETag", "X-Rules-Version", "Retry-After"]


def install_cors(app: Flask, origins: tuple[str, ...]) -> None:
    if not origins:
        return
    CORS(
        app,
        resources={r"/v1/*": {}, r"/openapi.json": {}, r"/openapi.yaml": {}},
        origins=list(origins),
        methods=["GET", "POST", "OPTIONS"],
        allow_headers=["Content-Type", "If-None-Match", "Accept-Language"],
        expose_headers=EXPOSED,
        max_age=600,
        supports_credentials=False,
    )
