"""``python -m service.api.contract``: write openapi.yaml; ``--check``: exit 1 if the committed one is stale."""

from __future__ import annotations

import sys

from . import CONTRACT, build, dump


def main(argv: list[str]) -> int:
    text = dump(build())
    if "--check" in argv:
        if CONTRACT.read_text() != text:
            print(f"{CONTRACT} is stale: run `python -m service.api.contract`", file=sys.stderr)
            return 1
        return 0
    CONTRACT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
