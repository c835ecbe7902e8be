"""Reading a request body: JSON only, bounded, strict (no NaN or Infinity), an object at the top."""
from __future__ import annotations

import json
from typing import Any

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from .problems import ApiProblem


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def raw_json_body() -> bytes:
    """The body's bytes, once it is known to be JSON by its media type and within the size limit."""
    if not _is_json(request.mimetype):
        raise ApiProblem(415, "Send the body as application/json.")
    try:
        return request.get_data(cache=False)
    except RequestEntityTooLarge:
        raise ApiProblem(413, f"The body is over the limit of {request.max_content_length} bytes.") from None


def parse_json_object(raw: bytes) -> dict[str, Any]:
    try:
        data = json.loads(raw, parse_constant=_refuse_constant)
    except RecursionError:
        raise ApiProblem(400, "The JSON is nested too deeply.") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiProblem(400, f"The body is not well-formed JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ApiProblem(422, "The body must be a JSON object.", [{"pointer": "", "message": "Must be an object."}])
    return data


def _is_json(mimetype: str) -> bool:
    return mimetype == "application/json" or (mimetype.startswith("application/") and mimetype.endswith("+json"))
