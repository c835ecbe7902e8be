"""Every number a request may carry has a bound the contract states (a minimum and a maximum, or a list of
values), none past 2^53 - 1: a state whose points were 10^500 was once valid, and its score a 501-digit
number a JavaScript client reads as Infinity. Read from the generated contract (openapi.yaml), every
component a request body reaches."""

from pathlib import Path

import yaml

from service.schemas.common import SAFE_INTEGER

CONTRACT = yaml.safe_load((Path(__file__).resolve().parents[1] / "openapi.yaml").read_text())
SCHEMAS = CONTRACT["components"]["schemas"]


def _refs(node):
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"].rsplit("/", 1)[1]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def request_components() -> set[str]:
    bodies = [
        operation["requestBody"]
        for path in CONTRACT["paths"].values()
        for operation in path.values()
        if isinstance(operation, dict) and "requestBody" in operation
    ]
    found, todo = set(), list(_refs(bodies))
    while todo:
        name = todo.pop()
        if name in found or name not in SCHEMAS:
            continue
        found.add(name)
        todo.extend(_refs(SCHEMAS[name]))
    return found


def _numbers(node, where):
    if isinstance(node, dict):
        kind = node.get("type")
        kinds = kind if isinstance(kind, list) else [kind]  # a property named "type" holds a schema, no kind
        if {"integer", "number"} & {k for k in kinds if isinstance(k, str)} and not {"enum", "const"} & set(node):
            yield where, node
        for key, value in node.items():
            yield from _numbers(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _numbers(value, f"{where}/{index}")


def test_the_requests_reach_the_states_and_moves_of_every_game():
    reached = request_components()
    assert {"NewYorkState", "AlhambraState", "ChinatownState", "Skyline3000State", "FifthAvenueState"} <= reached


def test_every_number_a_request_may_carry_is_bounded_within_2_53():
    unbounded = []
    for name in sorted(request_components()):
        for where, number in _numbers(SCHEMAS[name], name):
            low, high = number.get("minimum"), number.get("maximum")
            if low is None or high is None or low < -SAFE_INTEGER or high > SAFE_INTEGER:
                unbounded.append(where)
    assert unbounded == []
