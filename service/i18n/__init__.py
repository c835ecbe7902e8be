"""The message catalogs: English message ids, translated in gettext ``.po`` files managed with Babel.

The engine writes English only and marks its texts with ``kit.N_``; the edge renders them through the
catalog of the language a request asks for. The ``.po`` files ship as package data and are compiled in
memory with Babel's own reader and writer the first time a language is asked for, so installing the
package is all a deployment needs (no generated ``.mo`` files to keep fresh). ``python -m service.i18n``
extracts, updates and checks them.
"""

from __future__ import annotations

import gettext
import hashlib
from functools import lru_cache
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

LANGUAGES = ("en", "hu", "nl", "de")
DEFAULT = "en"
TRANSLATED = LANGUAGES[1:]
DOMAIN = "messages"
LOCALES = Path(__file__).with_name("locales")
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
MAPPING = Path(__file__).with_name("babel.cfg")


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(lang: str) -> Catalog:
    with po_path(lang).open("rb") as po:
        return read_po(po, locale=lang, domain=DOMAIN)


# One entry per language (four at most, a few hundred KB in all): see service/cache/policy.py.
@lru_cache(maxsize=len(LANGUAGES))
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang``; English, the message ids' own language, translates nothing.
    Fuzzy (unchecked) entries are left out, so they read as English until someone confirms them."""
    if lang not in TRANSLATED:
        return gettext.NullTranslations()
    compiled = BytesIO()
    write_mo(compiled, read_catalog(lang))
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


@lru_cache(maxsize=1)
def catalogs_digest() -> str:
    """A hash of every catalog: cached answers carry it, so a corrected translation is never hidden by an
    answer cached before it (the rules fingerprint covers the code, not the catalogs)."""
    digest = hashlib.blake2b(digest_size=8)
    for lang in TRANSLATED:
        path = po_path(lang)
        digest.update(lang.encode() + b"\0" + (path.read_bytes() if path.exists() else b""))
    return digest.hexdigest()


def ids_in(paths, method_map: list[tuple[str, str]], keywords: dict) -> frozenset[str]:
    """The message ids Babel extracts from ``paths`` (files) with ``method_map``'s extractors."""
    from babel.messages.extract import extract_from_file

    found: set[str] = set()
    for path in paths:
        method = next(m for pattern, m in method_map if path.match(pattern))
        for _line, message, _comments, _context in extract_from_file(method, str(path), keywords=keywords):
            if isinstance(message, str):
                found.add(message)
    return frozenset(found)
