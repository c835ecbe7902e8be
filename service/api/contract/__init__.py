"""The contract, ``openapi.yaml``, generated: its components from the marshmallow schemas (the requests'
wire schemas and the answers' declared ones, ``service/schemas/answers.py`` and each game's score
result), the game routes' operations from their declarations (``service/api/routes.py``), the rest (the
prose and the other paths) from ``document.yaml`` beside this module, each game's examples from playing its
seeded game through the service (``played.py``).

``document.yaml`` is the hand-kept part. Every component is generated; for one the document may hold
only prose (``description``, ``example``, ``examples``, ``title`` and the same keys per property): any
other key there, prose for a property the schema lacks, or a component no schema generates stops the
build. ``python -m service.api.contract``
writes ``openapi.yaml``; ``--check`` says whether the committed one is stale.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from marshmallow import fields

from ...cache.state_seal import MAX_SEAL_CHARS
from ...engine.registry import GAME_IDS, SPECS
from ...schemas import answers
from ...schemas.common import PlayerId, Seed, StatusSchema
from ...schemas.errors import problem_schemas
from ...schemas.explain import DifferenceSchema
from .. import language
from ..echo import MAX_ECHO_CHARS, MAX_LISTED_ERRORS
from ..games import SEAL_FIELD, bind_games
from ..routes import ROUTES, GameRoute
from .enums import named_enums
from .played import played_examples
from .schemas import Components, JsonSchema

HERE = Path(__file__).resolve().parent
DOCUMENT = HERE / "document.yaml"
CONTRACT = HERE.parents[2] / "openapi.yaml"
PROSE = {"description", "example", "examples", "title", "summary"}
JSON = "application/json"
# Every game route's answers beside its 200 (the shared problems: service/api/contract/document.yaml's
# `components/responses`), written here once for all routes.
SHARED_RESPONSES = {
    "400": "MalformedJson",
    "413": "TooLarge",
    "408": "BodyTimeout",
    "503": "DeadlineExceeded",
    "415": "NotJson",
    "422": "SchemaErrors",
}
# The order one route's shared responses came in before they were written once (kept so that the contract
# stayed byte-identical; a change free to reorder the contract may drop it).
RESPONSES_ORDER = {"legal-moves": ("400", "408", "413", "503", "415", "422")}
ANSWER_HEADERS = {
    "ETag": {"$ref": "#/components/headers/ETag"},
    "Content-Language": {"$ref": "#/components/headers/ContentLanguage"},
    "Vary": {"$ref": "#/components/headers/Vary"},
}
LANGUAGE_PARAMETERS = [{"$ref": "#/components/parameters/Lang"}, {"$ref": "#/components/parameters/AcceptLanguage"}]


def component_prefix(name: str) -> str:
    """A game's components are named after the game: ``New York`` -> ``NewYorkState``."""
    return "".join(name.split())


class ContractError(ValueError):
    """The hand-kept document and the schemas do not fit together."""


def generated_components() -> dict[str, JsonSchema]:
    """Every component the wire schemas define: the shared ones, then each game's."""
    shared = Components("")
    shared.component(StatusSchema)
    shared.field(PlayerId())
    shared.field(Seed())
    shared.component(problem_schemas(MAX_LISTED_ERRORS, MAX_ECHO_CHARS))
    for schema in answers.SHARED:
        shared.component(schema)
    shared.component(DifferenceSchema)
    edge = {language.FIELD: shared.field(answers.lang_field())}
    seal = {SEAL_FIELD: shared.field(answers.state_seal_field(MAX_SEAL_CHARS))}  # beside a state it may seal
    out = named_enums(shared.schemas, "")
    for _game_id, binding in bind_games().items():
        wire, envelopes = binding.wire, binding.envelopes
        if wire is None or envelopes is None:
            continue
        prefix = component_prefix(binding.info.name)
        game = Components(prefix)
        # One state type per game: the partial state a score (or a picture) takes is the one every route
        # answers and takes, its fields optional beyond what a partial state needs; a full state fits it.
        state_field = envelopes.score_state.fields["state"]
        assert isinstance(state_field, fields.Nested)  # the score envelope nests the game's partial state
        partial = state_field.schema
        game.component(partial, f"{prefix}State")
        game.alias(type(envelopes.state_out), f"{prefix}State")
        for route in ROUTES:
            extra = {**edge, **seal} if route.takes_seal else edge
            game.component(envelopes.requests[route.path], prefix + route.request_component, extra=extra)
        game.component(type(envelopes.moves_out), f"{prefix}Move")
        if wire.event is not None:
            game.component(wire.event, f"{prefix}Event")
        for route in ROUTES:
            if callable(route.answer):
                game.component(route.answer(wire, binding.info, prefix), extra=seal if route.gives_seal else None)
        for name, component in _one_name(named_enums(game.schemas, prefix), f"{prefix}Score", prefix).items():
            if out.setdefault(name, component) != component:
                raise ContractError(f"{name} is generated twice, differently")
    return out


def _one_name(schemas: dict[str, JsonSchema], partial: str, prefix: str) -> dict[str, JsonSchema]:
    """The parts of a partial state named as the state's parts (``NewYorkScorePlayer`` -> ``NewYorkPlayer``)
    when the full part is not generated (the one state type is the partial one)."""
    renames = {
        name: prefix + name[len(partial) :]
        for name in schemas
        if name.startswith(partial + "Player") and prefix + name[len(partial) :] not in schemas
    }
    if not renames:
        return schemas
    text = json.dumps(schemas)
    for old, new in renames.items():
        text = text.replace(f'"#/components/schemas/{old}"', f'"#/components/schemas/{new}"')
    return {renames.get(name, name): schema for name, schema in json.loads(text).items()}


def build() -> dict[str, Any]:
    document = yaml.load(DOCUMENT.read_text(), Loader=LOADER)
    cut = list(_cut_texts(document))
    if cut:
        raise ContractError(f"texts cut by an unquoted comma (a key with a null value): {cut}")
    document = _with_game_ids(document)
    template = _with_routes(document.pop("x-game-paths"))
    generated = generated_components()
    document["paths"] = {**document["paths"], **_game_paths(template, document.pop("x-games"), generated)}
    document["tags"] = _with_game_tags(document["tags"])
    kept = document["components"]["schemas"]
    shapes = sorted(set(kept) - set(generated))
    if shapes:
        raise ContractError(f"components no schema generates (declare them in service/schemas): {shapes}")
    merged = {name: _with_prose(generated.pop(name), part, name) for name, part in kept.items()}
    merged.update(generated)
    document["components"]["schemas"] = merged
    return _with_answer_headers(document)


HEADER = "#/components/headers/"
HTTP_METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def _with_answer_headers(document: dict[str, Any]) -> dict[str, Any]:
    """The headers the service puts on answers, declared on each response that carries them (so that
    generated clients expose them), by the rules that set them (service/api/answers.py, games.py,
    reading.py): ``X-Rules-Version`` on every answer, a shared response's too; ``Cache-Control`` on a GET
    answer with an ETag (the 304, ``NotModified``, declares both itself); ``Retry-After`` on a 429 and a
    503. tests/api/test_answer_headers.py holds the declarations to what the service sends."""
    for response in document["components"]["responses"].values():
        response["headers"] = _declared(response.get("headers", {}), "", cached=False)
    for operations in document["paths"].values():
        for method, operation in operations.items():
            if method not in HTTP_METHODS:
                continue
            for status, response in operation.get("responses", {}).items():
                if "$ref" not in response:
                    response["headers"] = _declared(response.get("headers", {}), str(status), method == "get")
    return document


def _declared(headers: dict[str, Any], status: str, cached: bool) -> dict[str, Any]:
    out = {**headers, "X-Rules-Version": headers.get("X-Rules-Version", {"$ref": HEADER + "XRulesVersion"})}
    if cached and "ETag" in out:
        out.setdefault("Cache-Control", {"$ref": HEADER + "CacheControl"})
    if status in ("429", "503"):
        out.setdefault("Retry-After", {"$ref": HEADER + "RetryAfter"})
    return out


GAME_IDS_MARK = "$game_ids"  # an enum of the hand-kept document listing every game id: filled from the registry


def _with_routes(template: dict[str, Any]) -> dict[str, Any]:
    """The document's game paths (its GETs) with every declared game route after the game's own GET
    (``/v1/games/{game}``), in the routes' order."""
    own = "/v1/games/{game}"
    declared = {f"{own}/{route.path}": {"post": _operation(route)} for route in ROUTES}
    clash = sorted(set(declared) & set(template))
    if clash:
        raise ContractError(f"x-game-paths declares routes service/api/routes.py declares: {clash}")
    at = list(template).index(own) + 1 if own in template else 0
    items = list(template.items())
    return {**dict(items[:at]), **declared, **dict(items[at:])}


def _operation(route: GameRoute) -> dict[str, Any]:
    """A declared game route's operation, as the template of every game's (``{game}``, ``{Name}``, ``{Prefix}``)."""
    operation: dict[str, Any] = {
        "operationId": "{game}" + route.name,
        "parameters": [dict(parameter) for parameter in LANGUAGE_PARAMETERS],
        "tags": ["{Name}"],
        "summary": route.summary,
    }
    if route.description is not None:
        operation["description"] = route.description
    operation["requestBody"] = {
        "required": True,
        "content": {JSON: {"schema": {"$ref": "#/components/schemas/{Prefix}" + route.request_component}}},
    }
    if isinstance(route.answer, str):
        schema: dict[str, Any] = {"$ref": f"#/components/schemas/{route.answer}"}
    elif route.answer is not None:
        schema = {"$ref": "#/components/schemas/{Prefix}" + route.name + "Answer"}
    else:
        schema = {"type": "string"}
    media: dict[str, Any] = {"schema": schema}
    if route.answer_example is not None:
        media["example"] = route.answer_example
    ok: dict[str, Any] = {} if route.answered is None else {"description": route.answered}
    ok["headers"] = {name: dict(header) for name, header in ANSWER_HEADERS.items()}
    ok["content"] = {route.media: media}
    order = RESPONSES_ORDER.get(route.path, tuple(SHARED_RESPONSES))
    responses = {"200": ok, **{code: {"$ref": f"#/components/responses/{SHARED_RESPONSES[code]}"} for code in order}}
    operation["responses"] = responses
    return operation


def _game_paths(
    template: dict[str, Any], overrides: dict[str, Any], components: dict[str, JsonSchema]
) -> dict[str, Any]:
    """Every registered game's paths: the template filled with the game's id, name and component prefix,
    with what the game says differently (``x-games``: descriptions) merged over it, and its examples made
    by playing its seeded game (``played.py``)."""
    unknown = set(overrides) - set(SPECS)
    if unknown:
        raise ContractError(f"x-games names games the registry lacks: {sorted(unknown)}")
    from ... import create_app  # the app answers the examples (the edge's modules load the contract's, not this)

    client = create_app({"redis_url": None}).test_client()
    paths: dict[str, Any] = {}
    for game_id, spec in SPECS.items():
        words = _words(spec)
        own = _merged(_filled(template, words), overrides.get(game_id, {}))
        own = _merged(own, played_examples(game_id, spec, own, client, components))
        paths.update({path.replace("{game}", game_id): operations for path, operations in own.items()})
    return paths


def _words(spec: Any) -> dict[str, str]:
    return {"{game}": spec.id, "{Name}": spec.info.name, "{Prefix}": component_prefix(spec.info.name)}


def _filled(node: Any, words: dict[str, str]) -> Any:
    if isinstance(node, dict):
        return {key: _filled(value, words) for key, value in node.items()}
    if isinstance(node, list):
        return [_filled(item, words) for item in node]
    if isinstance(node, str):
        for mark, word in words.items():
            node = node.replace(mark, word)
    return node


def _merged(base: Any, over: Any) -> Any:
    if isinstance(base, dict) and isinstance(over, dict):
        return {**base, **{key: _merged(base.get(key), value) for key, value in over.items()}}
    return over


def _with_game_ids(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: _with_game_ids(value) for key, value in node.items()}
    if isinstance(node, list):
        return list(GAME_IDS) if node == [GAME_IDS_MARK] else [_with_game_ids(item) for item in node]
    return node


def _with_game_tags(tags: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The document's tags with one per registered game after ``Games`` (each game's operations carry it)."""
    games = [{"name": spec.info.name} for spec in SPECS.values()]
    names = {tag["name"] for tag in games}
    kept = [tag for tag in tags if tag["name"] not in names]
    at = next((i + 1 for i, tag in enumerate(kept) if tag["name"] == "Games"), 0)
    return kept[:at] + games + kept[at:]


def _with_prose(schema: JsonSchema, prose: dict[str, Any], name: str) -> JsonSchema:
    wrong = set(prose) - PROSE - {"properties"}
    if wrong:
        raise ContractError(f"{name}: a generated component's hand-kept part holds only prose, not {sorted(wrong)}")
    out = {**schema, **{k: v for k, v in prose.items() if k != "properties"}}
    if "properties" in prose:
        props = dict(schema.get("properties", {}))
        for prop, text in prose["properties"].items():
            if prop not in props:
                raise ContractError(f"{name}.{prop}: prose for a property the schema lacks")
            if set(text) - PROSE:
                raise ContractError(f"{name}.{prop}: only prose, not {sorted(set(text) - PROSE)}")
            said = _default_note(props[prop].get("description", ""))
            if said and "description" in text and said not in text["description"]:
                text = {**text, "description": f"{text['description'].rstrip()} {said}"}
            props[prop] = {**props[prop], **text}
        out["properties"] = props
    return out


def _default_note(description: str) -> str:
    """The generated "Default: `x`." a description ends with (prose replacing it keeps the default said)."""
    start = description.rfind("Default: `")
    return description[start:] if start >= 0 else ""


def _cut_texts(node: Any, where: str = "") -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if value is None and isinstance(key, str) and " " in key:
                yield f"{where}/{key}"
            yield from _cut_texts(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _cut_texts(value, f"{where}/{index}")


LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """Keys in order; a list of plain values, or a small mapping of them, on one line; the rest in block
    style. The emitter quotes whatever needs quoting, so no text is ever cut by a comma."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def _flat(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _list(dumper: yaml.SafeDumper, data: list) -> yaml.Node:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=all(map(_flat, data)))


def _dict(dumper: yaml.SafeDumper, data: dict) -> yaml.Node:
    small = len(data) <= 4 and all(_flat(v) and len(str(v)) < 40 for v in data.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=small)


class _Flow(dict):
    """An example: one flow mapping, however deep (as the hand-kept document writes them)."""


def _flow(dumper: yaml.SafeDumper, data: _Flow) -> yaml.Node:
    node = dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=True)
    _all_flow(node)
    return node


def _all_flow(node: yaml.Node) -> None:
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        node.flow_style = True
        for item in node.value:
            for part in item if isinstance(item, tuple) else (item,):
                _all_flow(part)


def _examples_in_flow(node: Any) -> Any:
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "example" and isinstance(value, dict):
                value = _Flow(value)
            elif key == "examples" and isinstance(value, dict):
                value = {
                    k: {**v, "value": _Flow(v["value"])} if isinstance(v.get("value"), dict) else v
                    for k, v in value.items()
                }
            else:
                value = _examples_in_flow(value)
            out[key] = value
        return out
    if isinstance(node, list):
        return [_examples_in_flow(item) for item in node]
    return node


_Dumper.add_representer(list, _list)
_Dumper.add_representer(dict, _dict)
_Dumper.add_representer(_Flow, _flow)


def dump(document: dict[str, Any]) -> str:
    header = (
        "# Generated by `python -m service.api.contract` from the routes (service/api/routes.py), the wire\n"
        "# schemas (service/schemas/), the hand-kept prose and paths (service/api/contract/document.yaml) and\n"
        "# examples played from each game's seeded game. Do not edit.\n"
    )
    return header + yaml.dump(
        _examples_in_flow(document), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110
    )


__all__ = ["CONTRACT", "ContractError", "DOCUMENT", "build", "dump", "generated_components"]
