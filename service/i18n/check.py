"""What is wrong with the catalogs, compared with the message ids the code uses now.

Stale: an id in a catalog (or the template) the code no longer uses, or one the code uses that the
catalog lacks: ``python -m service.i18n update`` fixes both sides. Untranslated or fuzzy: a translator's
job. Mismatched: a translation whose ``{placeholders}`` differ from its id's, which could not be rendered.
"""

from __future__ import annotations

import io
import sys
from contextlib import contextmanager, redirect_stderr
from functools import lru_cache
from pathlib import Path
from string import Formatter

from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from . import MAPPING, TEMPLATE, TRANSLATED, read_catalog

ROOT = Path(__file__).resolve().parents[2]


class _WithoutFstringWarnings(io.TextIOBase):
    """stderr minus Babel's "Skipping f-string" warnings: the service's f-strings in marked calls are JSON
    pointers (a violation's third argument), never messages."""

    def __init__(self, target):
        self._target = target

    def write(self, text: str) -> int:
        if "Skipping f-string" not in text:
            self._target.write(text)
        return len(text)


@contextmanager
def quiet_fstrings():
    with redirect_stderr(_WithoutFstringWarnings(sys.stderr)):
        yield


@lru_cache(maxsize=1)
def code_ids() -> frozenset[tuple[str | None, str]]:
    """Every (context, message id) the code marks, extracted exactly as ``update`` extracts it."""
    with MAPPING.open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg, str(MAPPING))
    with quiet_fstrings():
        found = list(extract_from_dir(str(ROOT), method_map, options_map, keywords={}))
    return frozenset(
        (context, message) for _file, _line, message, _comments, context in found if isinstance(message, str)
    )


def placeholders(text: str) -> set[str]:
    try:
        return {name for _, name, _, _ in Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def _singular(text: str | tuple[str, ...] | list[str]) -> str:
    """A message's id or translation; a plural message's first form (the catalogs have no plural message)."""
    return text if isinstance(text, str) else text[0]


def template_ids() -> frozenset[tuple[str | None, str]]:
    with TEMPLATE.open("rb") as pot:
        return frozenset((m.context, _singular(m.id)) for m in read_po(pot) if m.id)


def problems() -> list[str]:
    wanted = code_ids()
    out = [
        f"template: {kind} {_name(key)}"
        for kind, ids in (("lacks", wanted - template_ids()), ("stale", template_ids() - wanted))
        for key in sorted(ids, key=_name)
    ]
    for lang in TRANSLATED:
        catalog = read_catalog(lang)
        have = {(m.context, _singular(m.id)): m for m in catalog if m.id}
        out += [f"{lang}: lacks {_name(key)}" for key in sorted(wanted - have.keys(), key=_name)]
        out += [f"{lang}: stale {_name(key)}" for key in sorted(have.keys() - wanted, key=_name)]
        for key, message in sorted(have.items(), key=lambda item: _name(item[0])):
            msgid = _name(key)
            if not message.string:
                out.append(f"{lang}: untranslated {msgid}")
            elif message.fuzzy:
                out.append(f"{lang}: fuzzy {msgid}")
            elif placeholders(_singular(message.string)) != placeholders(_singular(message.id)):
                out.append(f"{lang}: placeholders differ {msgid} -> {message.string!r}")
    return out


def _name(key: tuple[str | None, str]) -> str:
    context, msgid = key
    return f"{context}|{msgid!r}" if context else repr(msgid)
