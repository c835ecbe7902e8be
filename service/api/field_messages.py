"""A schema problem's field messages in the request's language.

A field's message is either a catalog id (``Unknown field.``) or an English template filled with values
(``Length must be between 1 and 32.``): marshmallow's validators and the schemas format theirs before the
edge sees them. Such a message is recognised by matching it against every template of
``service/schemas/messages.py`` turned into a pattern, then rendered from the translated template with the
values it was filled with (ids and numbers, shown as sent). A message that is neither stays as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from string import Formatter
from typing import Any

from ..schemas.messages import MARSHMALLOW_TEMPLATES, SCHEMA_TEMPLATES
from .localize import Translator

TEMPLATES = MARSHMALLOW_TEMPLATES + SCHEMA_TEMPLATES


def _pattern(template: str) -> re.Pattern[str]:
    parts = []
    for literal, name, _spec, _conversion in Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(f"(?P<{name}>.+?)")
    return re.compile("".join(parts), re.DOTALL)


@lru_cache(maxsize=1)
def patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each template with its pattern, the most literal text first: ``Must be greater than or equal to 1.``
    could be read as the start of the longer Range message otherwise."""
    return tuple((t, _pattern(t)) for t in sorted(TEMPLATES, key=_literal_length, reverse=True))


def _literal_length(template: str) -> int:
    return sum(len(literal) for literal, _name, _spec, _conversion in Formatter().parse(template))


def recognise(message: str) -> tuple[str, dict[str, str]] | None:
    """The template ``message`` was formatted from and its values, or None."""
    for template, pattern in patterns():
        found = pattern.fullmatch(message)
        if found:
            return template, found.groupdict()
    return None


def field_message(tr: Translator, message: str) -> str:
    translated = tr.text(message)
    if translated != message:
        return translated
    found = recognise(message)
    return tr.format(*found) if found else message


def localized_errors(tr: Translator, errors: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    if tr.english:
        return list(errors)
    return [
        {**e, "message": field_message(tr, e["message"])} if isinstance(e.get("message"), str) else e for e in errors
    ]
