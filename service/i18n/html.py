"""A Babel extractor for the table page's HTML: every text between tags and every ``aria-label``, except
inside an element marked ``translate="no"`` (the language chooser names each language in itself).

The page translates itself the same way (``i18n.js`` looks each trimmed text up in the catalog), so the
HTML needs no markup for translation and the two can never disagree about what a message is.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

ATTRIBUTES = ("aria-label", "placeholder", "title")
SKIPPED = ("script", "style")
VOID = ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr")


def texts(html: str) -> list[tuple[int, str]]:
    """(line, text) of every translatable text of a page, in order."""
    found: list[tuple[int, str]] = []
    skipping: list[str] = []

    class Collector(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag in VOID:
                if not skipping:
                    self._attributes(attrs)
                return
            if skipping or tag in SKIPPED or ("translate", "no") in attrs:
                skipping.append(tag)
                return
            self._attributes(attrs)

        def _attributes(self, attrs: list[tuple[str, str | None]]) -> None:
            for name, value in attrs:
                if name in ATTRIBUTES and value and value.strip():
                    found.append((self.getpos()[0], " ".join(value.split())))

        def handle_endtag(self, tag: str) -> None:
            if skipping and skipping[-1] == tag:
                skipping.pop()

        def handle_data(self, data: str) -> None:
            text = " ".join(data.split())
            if text and not skipping:
                found.append((self.getpos()[0], text))

    parser = Collector(convert_charrefs=True)
    parser.feed(html)
    parser.close()
    return found


def extract_html(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor protocol: (line, function name, message, comments)."""
    encoding = (options or {}).get("encoding", "utf-8")
    for line, text in texts(fileobj.read().decode(encoding)):
        yield line, "", text, []
