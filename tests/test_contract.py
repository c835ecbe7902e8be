"""The contract: openapi.yaml is valid OpenAPI 3.1, its examples fit its schemas, and schemathesis runs
every operation against the app with all default checks, on positive and negative data.

The default run is the cheap one CI takes: the examples phase and the fuzzing phase (positive and
negative data, ``CONTRACT_EXAMPLES`` per operation, derandomized so CI is repeatable); a test below holds
that every operation got both kinds. Before a release run the exhaustive one, which adds schemathesis's
coverage phase (every boundary and every constraint broken, about 300 s on the CI machine) and draws
freshly each time:

    CONTRACT_EXHAUSTIVE=1 .venv/bin/python -m pytest tests/test_contract.py
"""

from __future__ import annotations

import copy
import os
import re
from collections import defaultdict

import hypothesis
import pytest
import schemathesis
import yaml
from openapi_spec_validator import validate as validate_spec

from service import create_app
from service.engine.registry import GAME_IDS
from tests.contract_document import PATH as CONTRACT
from tests.contract_document import contract

EXHAUSTIVE = os.environ.get("CONTRACT_EXHAUSTIVE", "") not in ("", "0")
EXAMPLES = int(
    os.environ.get("CONTRACT_EXAMPLES", "100" if EXHAUSTIVE else "25")
)  # 15 leaves an operation without negative data

# One xdist worker runs the whole file in order: the last test reads what the schemathesis cases saw.
pytestmark = pytest.mark.xdist_group("contract")

# Requests that fit the schema yet break a rule JSON Schema cannot state, refused with a 422 the contract
# describes: a New York (or Alhambra) setup (and a replay's) whose option youngest names someone who is not among the
# players (at /options/youngest), and a legal-moves cursor that was not given for that state, player and
# type (at /cursor: a cursor is tied to what it pages through, which no schema can say).
ACCEPT_422 = {
    "positive_data_acceptance": {"expected-statuses": ["2xx", "3xx", "401", "403", "404", "409", "422", "429", "5xx"]}
}
# And a state that fits the one state type of its game (whose fields a partial state, what score and render
# take, may leave out) yet lacks what a route that plays needs: validate, legal-moves, moves, replay, view,
# explain and record (a correction or the start) refuse it with a 422 pointing at each missing field.
RULES_REFUSE_VALID_DATA = [
    {"include-path-regex": "^/v1/games/(newyork|alhambra)/(setup|replay|record)$", "checks": ACCEPT_422},
    {"include-path-regex": "^/v1/games/[a-z0-9]+/(validate|moves|replay|view|record|explain)$", "checks": ACCEPT_422},
    {"include-path-regex": "^/v1/games/[a-z0-9]+/legal-moves$", "checks": ACCEPT_422},
]
CONFIG = schemathesis.Config.from_dict(
    {
        "generation": {"mode": "all"},
        "phases": {"coverage": {"enabled": EXHAUSTIVE}},
        "operations": RULES_REFUSE_VALID_DATA,
    }
)
APP = create_app({"redis_url": None})
schema = schemathesis.openapi.from_wsgi("/openapi.json", APP, config=CONFIG)


def test_contract_is_valid_openapi_3_1():
    document = copy.deepcopy(contract())
    assert document["openapi"] == "3.1.0"
    validate_spec(document)


def test_contract_names_no_key_twice():
    """YAML keeps the last of two equal keys silently: a merge that adds a component twice would drop one."""

    class Strict(yaml.SafeLoader):
        pass

    def mapping(loader, node):
        keys = [loader.construct_object(key) for key, _ in node.value]
        assert len(keys) == len(set(keys)), f"a key twice near line {node.start_mark.line + 1}"
        return yaml.SafeLoader.construct_mapping(loader, node)

    Strict.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    yaml.load(CONTRACT.read_text(), Strict)


def test_every_route_of_the_app_is_in_the_contract():
    app = create_app({"redis_url": None})
    documented = set(contract()["paths"])
    for rule in app.url_map.iter_rules():
        # Pages for people, not API operations: the docs page and the referee's table (static files).
        if rule.endpoint in ("static", "docs.show", "table.index", "table.asset"):
            continue
        route = re.sub(r"<(?:\w+:)?(?!game_id>)(\w+)>", r"{\1}", rule.rule)  # /problems/<slug> -> {slug}
        if rule.strict_slashes is False:  # answered with and without its trailing slash: documented without
            route = route.rstrip("/")
        paths = {route.replace("<game_id>", g) for g in GAME_IDS} if "<game_id>" in route else {route}
        assert paths <= documented, rule.rule


def test_every_game_is_built():
    """No operation is left to a 501: the schemathesis run below checks every one of them in full."""
    assert all(binding.available for binding in APP.extensions["games"].values())


MODES_SEEN: dict[str, set[str]] = defaultdict(set)


@schema.parametrize()
@hypothesis.settings(
    max_examples=EXAMPLES, deadline=None, derandomize=not EXHAUSTIVE, suppress_health_check=list(hypothesis.HealthCheck)
)
def test_api_conforms_to_the_contract(case):
    if len(case.operation.body):  # an operation without input has no negative data to send
        MODES_SEEN[case.operation.label].add(str(case.meta.generation.mode.value))
    case.call_and_validate()


def test_every_operation_got_positive_and_negative_data():
    """Runs after the schemathesis cases above (file order): each operation they ran saw both kinds."""
    if not MODES_SEEN:
        pytest.skip("the schemathesis cases were deselected in this session")
    missing = {
        op: sorted({"positive", "negative"} - modes)
        for op, modes in MODES_SEEN.items()
        if not {"positive", "negative"} <= modes
    }
    assert missing == {}
