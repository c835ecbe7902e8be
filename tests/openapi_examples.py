"""Rewrite the contract's documented answers from what the service answers to their request examples.

tests/test_contract_examples.py holds every documented answer equal to the real one; after a change of
shapes, run ``python -m tests.openapi_examples`` and read the diff: it rewrites each game's examples (``x-games``) in the
hand-kept ``service/api/contract/document.yaml`` and regenerates ``openapi.yaml`` from it. Request examples are kept as written,
only normalised (``--seeds``: an old ``shuffle_seed`` key becomes ``seed``, a seed above 2^53-1 is cut to
53 bits). Each example is one line of JSON, as the contract writes them.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from service import create_app
from service.api import contract

CONTRACT = contract.DOCUMENT
SEED_MAX = 2**53 - 1
GAME = re.compile(r"^  ([a-z0-9]+):$")  # a game under `x-games`
PATH = re.compile(r"^    (/v1/games/\S+):$")
METHOD = re.compile(r"^      (post|get):$")
REQUEST = re.compile(r"^( {14})example: (\{.*\})$")
ANSWER = re.compile(r"^( {16})example: (\{.*\})$")


def normalise(value: Any) -> Any:
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            key = "seed" if key == "shuffle_seed" else key
            if key == "seed" and isinstance(item, int) and item > SEED_MAX:
                item >>= 11
            out[key] = normalise(item)
        return out
    if isinstance(value, list):
        return [normalise(item) for item in value]
    return value


def rewrite(lines: list[str], seeds: bool) -> list[str]:
    """The lines of the document with each game's documented answers (``x-games``) made anew."""
    client = create_app({"redis_url": None}).test_client()
    out, game, path, method, body, in_200, in_games = [], None, None, None, None, False, False
    for line in lines:
        if not line.startswith(" ") and line.strip():
            in_games = line.startswith("x-games:")
        elif in_games and (m := GAME.match(line)):
            game, path, method = m.group(1), None, None
        elif in_games and (m := PATH.match(line)):
            path, method, body = m.group(1).replace("{game}", game or ""), None, None
        elif in_games and (m := METHOD.match(line)):
            method, body, in_200 = m.group(1), None, False
        elif in_games and line.startswith("          '") and line.rstrip().endswith(":"):
            in_200 = line.strip() == "'200':"
        elif in_games and path and method and (m := REQUEST.match(line)) and body is None:
            body = json.loads(m.group(2))
            if seeds:
                body = normalise(body)
            line = f"{m.group(1)}example: {json.dumps(body, ensure_ascii=False)}"
        elif in_games and path and body is not None and in_200 and (m := ANSWER.match(line)):
            response = client.open(path, method=method.upper(), json=body)
            if response.status_code == 200 and response.is_json:
                line = f"{m.group(1)}example: {json.dumps(response.get_json(), ensure_ascii=False)}"
            else:
                print(f"{method.upper()} {path}: {response.status_code}", file=sys.stderr)
        out.append(line)
    return out


def main() -> None:
    lines = CONTRACT.read_text().split("\n")
    CONTRACT.write_text("\n".join(rewrite(lines, "--seeds" in sys.argv)))
    contract.CONTRACT.write_text(contract.dump(contract.build()))


if __name__ == "__main__":
    main()
