"""The catalogs' maintenance, each step one Babel command with the service's mapping and paths.

    python -m service.i18n update        extract every message id into messages.pot, then merge it into
                                         each language's messages.po (new ids arrive untranslated,
                                         changed ones fuzzy; ids no longer used are dropped)
    python -m service.i18n init LANG     start the catalog of another language
    python -m service.i18n check         what is untranslated, fuzzy, stale or mismatched (exit 1 if any)

Run from the repository root. After ``update``, translate the new and fuzzy entries in the .po files
(remove the ``fuzzy`` flag once checked); ``tests/i18n/test_catalogs.py`` fails until every one is done.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

from . import DOMAIN, LOCALES, MAPPING, TEMPLATE, TRANSLATED, po_path
from .check import problems, quiet_fstrings

ROOT = Path(__file__).resolve().parents[2]


def pybabel(*args: str) -> None:
    with quiet_fstrings():
        CommandLineInterface().run(["pybabel", "-q", *args])


def extract() -> None:
    pybabel(
        "extract",
        "-F",
        str(MAPPING.relative_to(ROOT)),
        "--no-location",
        "--sort-output",
        "--no-wrap",
        "--project",
        "city-games-rules",
        "-o",
        str(TEMPLATE.relative_to(ROOT)),
        ".",
    )


def update() -> None:
    extract()
    for lang in TRANSLATED:
        if not po_path(lang).exists():
            init(lang)
        pybabel(
            "update",
            "-i",
            str(TEMPLATE),
            "-d",
            str(LOCALES),
            "-D",
            DOMAIN,
            "-l",
            lang,
            "--ignore-obsolete",
            "--no-wrap",
        )


def init(lang: str) -> None:
    pybabel("init", "-i", str(TEMPLATE), "-d", str(LOCALES), "-D", DOMAIN, "-l", lang, "--no-wrap")


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        update()
        return 0
    if argv[:1] == ["init"] and len(argv) == 2:
        init(argv[1])
        return 0
    if argv[:1] == ["check"]:
        found = problems()
        for line in found:
            print(line)
        print(f"{len(found)} problem(s)")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    import os

    os.chdir(ROOT)
    sys.exit(main(sys.argv[1:]))
