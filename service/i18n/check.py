"""What is wrong with the catalogs, compared with the message ids the code uses now.

Stale: an id in a catalog (or the template) the code no longer uses, or one the code uses that the
catalog lacks: ``python -m service.i18n update`` fixes both sides. Untranslated or fuzzy: a translator's
job. Mismatched: a translation whose ``{placeholders}`` differ from its id's, which could not be rendered.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from string import Formatter

from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from . import MAPPING, TEMPLATE, TRANSLATED, read_catalog

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=1)
def code_ids() -> frozenset[str]:
    """Every message id the code marks, extracted exactly as ``update`` extracts it."""
    with MAPPING.open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg, str(MAPPING))
    found = extract_from_dir(str(ROOT), method_map, options_map, keywords={})
    return frozenset(message for _file, _line, message, _comments, _context in found if isinstance(message, str))


def placeholders(text: str) -> set[str]:
    try:
        return {name for _, name, _, _ in Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def template_ids() -> frozenset[str]:
    with TEMPLATE.open("rb") as pot:
        return frozenset(m.id for m in read_po(pot) if m.id)


def problems() -> list[str]:
    wanted = code_ids()
    out = [f"template: {kind} {msgid!r}" for kind, ids in (("lacks", wanted - template_ids()),
                                                          ("stale", template_ids() - wanted))
           for msgid in sorted(ids)]
    for lang in TRANSLATED:
        catalog = read_catalog(lang)
        have = {m.id: m for m in catalog if m.id}
        out += [f"{lang}: lacks {msgid!r}" for msgid in sorted(wanted - have.keys())]
        out += [f"{lang}: stale {msgid!r}" for msgid in sorted(have.keys() - wanted)]
        for msgid, message in sorted(have.items()):
            if not message.string:
                out.append(f"{lang}: untranslated {msgid!r}")
            elif message.fuzzy:
                out.append(f"{lang}: fuzzy {msgid!r}")
            elif placeholders(message.string) != placeholders(msgid):
                out.append(f"{lang}: placeholders differ {msgid!r} -> {message.string!r}")
    return out
