"""The contract: openapi.yaml is valid OpenAPI 3.1, its examples fit its schemas, and schemathesis runs
every operation against the app with all default checks, on positive and negative data."""
from __future__ import annotations

import os
from pathlib import Path

import hypothesis
import pytest
import schemathesis
import yaml
from openapi_spec_validator import validate as validate_spec

from service import create_app
from service.engine.core import GAME_IDS

CONTRACT = Path(__file__).resolve().parents[1] / "openapi.yaml"
EXAMPLES = int(os.environ.get("CONTRACT_EXAMPLES", "25"))

CONFIG = schemathesis.Config.from_dict({"generation": {"mode": "all"}})
APP = create_app({"redis_url": None})
NOT_BUILT = {g for g, binding in APP.extensions["games"].items() if not binding.available}
schema = schemathesis.openapi.from_wsgi("/openapi.json", APP, config=CONFIG)


def test_contract_is_valid_openapi_3_1():
    document = yaml.safe_load(CONTRACT.read_text())
    assert document["openapi"] == "3.1.0"
    validate_spec(document)


def test_every_route_of_the_app_is_in_the_contract():
    app = create_app({"redis_url": None})
    documented = set(yaml.safe_load(CONTRACT.read_text())["paths"])
    for rule in app.url_map.iter_rules():
        if rule.endpoint in ("static", "docs.show"):
            continue
        paths = {rule.rule.replace("<game_id>", g) for g in GAME_IDS} if "<game_id>" in rule.rule else {rule.rule}
        assert paths <= documented, rule.rule


def _game_of(case) -> str | None:
    parts = case.operation.path.split("/")
    return parts[3] if len(parts) > 3 and parts[1:3] == ["v1", "games"] else None


@schema.parametrize()
@hypothesis.settings(max_examples=EXAMPLES, deadline=None,
                     suppress_health_check=list(hypothesis.HealthCheck))
def test_api_conforms_to_the_contract(case):
    if _game_of(case) in NOT_BUILT and case.operation.method.upper() == "POST":
        # Until that game's engine lands its rules routes answer a 501 problem and nothing else.
        response = case.call()
        assert response.status_code < 500 or response.status_code == 501
        if response.status_code == 501:
            assert response.headers["content-type"][0].startswith("application/problem+json")
        return
    case.call_and_validate()
