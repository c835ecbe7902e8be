"""A pytest plug-in that serves the re-skin (``pytest -p tests.reskin.plugin``): it registers Little Italy
before any test module reads the registry, so every suite that walks the games walks it too, and points the
tests' contract at one generated with it (the committed openapi.yaml lists the registry's games only)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from service.engine.registry import register
from tests.reskin.littleitaly import SPEC

register(SPEC)


def pytest_configure(config):
    from service.api.contract import build, dump
    from tests import contract_document

    folder = Path(tempfile.mkdtemp(prefix="reskin-contract-"))
    (folder / "openapi.yaml").write_text(dump(build()))
    contract_document.PATH = folder / "openapi.yaml"
