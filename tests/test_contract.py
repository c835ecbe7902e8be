"""The contract: openapi.yaml is valid OpenAPI 3.1, its examples fit its schemas, and schemathesis runs
every operation against the app with all default checks, on positive and negative data."""
from __future__ import annotations

import os
from pathlib import Path

import hypothesis
import schemathesis
import yaml
from openapi_spec_validator import validate as validate_spec

from service import create_app
from service.engine.core import GAME_IDS

CONTRACT = Path(__file__).resolve().parents[1] / "openapi.yaml"
EXAMPLES = int(os.environ.get("CONTRACT_EXAMPLES", "25"))

CONFIG = schemathesis.Config.from_dict({"generation": {"mode": "all"}})
APP = create_app({"redis_url": None})
schema = schemathesis.openapi.from_wsgi("/openapi.json", APP, config=CONFIG)


def test_contract_is_valid_openapi_3_1():
    document = yaml.safe_load(CONTRACT.read_text())
    assert document["openapi"] == "3.1.0"
    validate_spec(document)


def test_every_route_of_the_app_is_in_the_contract():
    app = create_app({"redis_url": None})
    documented = set(yaml.safe_load(CONTRACT.read_text())["paths"])
    for rule in app.url_map.iter_rules():
        # Pages for people, not API operations: the docs page and the referee's table (static files).
        if rule.endpoint in ("static", "docs.show", "table.index", "table.asset"):
            continue
        paths = {rule.rule.replace("<game_id>", g) for g in GAME_IDS} if "<game_id>" in rule.rule else {rule.rule}
        assert paths <= documented, rule.rule


def test_every_game_is_built():
    """No operation is left to a 501: the schemathesis run below checks every one of them in full."""
    assert all(binding.available for binding in APP.extensions["games"].values())


@schema.parametrize()
@hypothesis.settings(max_examples=EXAMPLES, deadline=None,
                     suppress_health_check=list(hypothesis.HealthCheck))
def test_api_conforms_to_the_contract(case):
    case.call_and_validate()
