"""Each game's examples in the contract, made by playing a seeded game through the service: nothing about
a game's examples is kept by hand.

The game's ``examples.py`` names the seeded game (``CONTRACT_SETUP``, its setup request, and
``CONTRACT_MOVES``, how many moves are played from it, the first legal move listed each time). The
position reached (and the state its first legal move reaches) gives every declared route its example request (``GameRoute.example``,
service/api/routes.py) and the service's answer to it is the route's answer example (a JSON answer; a
route answering another media keeps its shared example). The game's own GETs (``/v1/games/{game}``, its
rules) are asked too, their answers abridged (the fields their schema declares, each list at the
answer's top level cut to its first two items). The play goes through the app itself (no Redis), so every documented answer is the
one the service gives, which tests/test_contract_examples.py checks again.
"""

from __future__ import annotations

from typing import Any

from ..routes import ROUTES, Position

JSON = "application/json"
ABRIDGED = 2


class PlayError(ValueError):
    """The seeded game of the contract's examples could not be played (a refused request)."""


def played_examples(
    game_id: str, spec: Any, template: dict[str, Any], client: Any, components: dict[str, Any]
) -> dict[str, Any]:
    """The examples of one game's paths, shaped as the game's paths (merged over its filled template):
    every declared route's request and answer examples from the seeded position, and the answer examples
    of the game's GETs in ``template`` (the game's paths, filled)."""
    examples = spec.examples
    setup = dict(examples.CONTRACT_SETUP)
    base = f"/v1/games/{game_id}"
    state = _asked(client, "post", f"{base}/setup", setup)["state"]
    for _ in range(examples.CONTRACT_MOVES):
        move = _first_move(client, base, state)
        if move is None:
            break
        state = _asked(client, "post", f"{base}/moves", {"state": state, "move": move})["state"]
    move = _first_move(client, base, state)
    reached = None if move is None else _asked(client, "post", f"{base}/moves", {"state": state, "move": move})["state"]
    position = Position(game_id, setup, state, move, setup["players"][0], reached)
    out: dict[str, Any] = {}
    for path, operations in template.items():
        operation = operations.get("get")
        content = {} if operation is None else operation.get("responses", {}).get("200", {}).get("content", {})
        if JSON in content:
            schema = components.get(content[JSON]["schema"].get("$ref", "").rpartition("/")[2], {})
            answer = _abridged(_asked(client, "get", path.replace("{game}", game_id)), schema)
            out[path] = {"get": {"responses": {"200": {"content": {JSON: {"example": answer}}}}}}
    for route in ROUTES:
        body = route.example(position)
        if body is None:
            continue
        post: dict[str, Any] = {"requestBody": {"content": {JSON: {"example": body}}}}
        if route.media == JSON:
            answer = _asked(client, "post", f"{base}/{route.path}", body)
            post["responses"] = {"200": {"content": {JSON: {"example": answer}}}}
        out[f"/v1/games/{{game}}/{route.path}"] = {"post": post}
    return out


def _abridged(answer: Any, schema: dict[str, Any]) -> Any:
    """A GET's answer with the fields its schema declares (the others, a game's own facts, are not
    documented there), each list among them cut to its first ``ABRIDGED`` items (a game's every rule code
    and reading would be most of the contract)."""
    if not isinstance(answer, dict) or "properties" not in schema:
        return answer
    declared = schema["properties"]
    return {
        key: value[:ABRIDGED] if isinstance(value, list) else value for key, value in answer.items() if key in declared
    }


def _first_move(client: Any, base: str, state: dict[str, Any]) -> dict[str, Any] | None:
    moves = _asked(client, "post", f"{base}/legal-moves", {"state": state, "limit": 1})["moves"]
    return moves[0] if moves else None


def _asked(client: Any, method: str, path: str, body: Any = None) -> Any:
    response = client.open(path, method=method.upper(), json=body, headers={"Accept": JSON})
    if response.status_code != 200:
        raise PlayError(f"{method.upper()} {path}: {response.status_code} {response.get_data(as_text=True)[:300]}")
    return response.get_json()
