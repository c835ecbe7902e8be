"""Every example in openapi.yaml is a test: schema examples fit their schemas, and every request
example is sent to the app, answered 200 with an answer that fits the documented schema and equals the
documented answer example."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from service import create_app
from tests.contract_document import contract

CONTRACT = contract()
URI = "urn:city-games:contract"
REGISTRY = Registry().with_resource(
    URI,
    Resource.from_contents(CONTRACT, default_specification=__import__("referencing.jsonschema").jsonschema.DRAFT202012),
)


def pointer(*tokens: str) -> str:
    return "#/" + "/".join(t.replace("~", "~0").replace("/", "~1") for t in tokens)


def validator_at(*tokens: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": URI + pointer(*tokens)}, registry=REGISTRY)


def schema_examples():
    for name, schema in CONTRACT["components"]["schemas"].items():
        found = ([schema["example"]] if "example" in schema else []) + list(schema.get("examples", []))
        for index, example in enumerate(found):
            yield pytest.param(name, example, id=f"{name}[{index}]")


def request_examples():
    for path, item in CONTRACT["paths"].items():
        for method, operation in item.items():
            content = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            found = {}
            if "example" in content:
                found["example"] = content["example"]
            for key, value in content.get("examples", {}).items():
                found[key] = value["value"]
            for key, body in found.items():
                yield pytest.param(path, method, body, id=f"{method.upper()} {path} {key}")


@pytest.mark.parametrize("name, example", list(schema_examples()))
def test_schema_example_fits_its_schema(name, example):
    errors = sorted(validator_at("components", "schemas", name).iter_errors(example), key=str)
    assert not errors, [e.message for e in errors[:5]]


@pytest.fixture(scope="module")
def client():
    return create_app({"redis_url": None}).test_client()


@pytest.mark.parametrize("path, method, body", list(request_examples()))
def test_request_example_is_answered_as_documented(client, path, method, body):
    operation = CONTRACT["paths"][path][method]
    request_errors = list(
        validator_at("paths", path, method, "requestBody", "content", "application/json", "schema").iter_errors(body)
    )
    assert not request_errors, [e.message for e in request_errors[:5]]
    response = client.open(path, method=method.upper(), json=body)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    content = operation["responses"]["200"]["content"]
    if "application/json" in content:
        answer = response.get_json()
        errors = list(
            validator_at(
                "paths", path, method, "responses", "200", "content", "application/json", "schema"
            ).iter_errors(answer)
        )
        assert not errors, [e.message for e in errors[:5]]
        documented = content["application/json"].get("example")
        if documented is not None:  # the documented answer is the one the service gives, versions aside
            assert _without_service_version(answer) == _without_service_version(documented)
    else:
        assert response.mimetype in content


def _without_service_version(answer):
    return {k: v for k, v in answer.items() if k != "service_version"} if isinstance(answer, dict) else answer


def test_every_json_answer_of_a_game_operation_has_an_example():
    missing = [
        f"{m.upper()} {p}"
        for p, item in CONTRACT["paths"].items()
        for m, op in item.items()
        if "requestBody" in op
        and "application/json" in op["responses"]["200"]["content"]
        and "example" not in op["responses"]["200"]["content"]["application/json"]
    ]
    assert not missing, missing


def test_every_game_operation_has_a_request_example():
    missing = [
        f"{m.upper()} {p}"
        for p, item in CONTRACT["paths"].items()
        for m, op in item.items()
        if "requestBody" in op and not ({"example", "examples"} & set(op["requestBody"]["content"]["application/json"]))
    ]
    assert not missing, missing


def test_every_operation_has_a_200_example_of_each_media_type():
    """JSON, SVG, HTML, YAML and text alike: a generated client's documentation shows one for each."""
    missing = [
        f"{m.upper()} {p} {media}"
        for p, item in CONTRACT["paths"].items()
        for m, op in item.items()
        if m in ("get", "post")
        for media, content in op["responses"]["200"].get("content", {}).items()
        if not {"example", "examples"} & set(content)
    ]
    assert not missing, missing
