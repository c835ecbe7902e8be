"""SVG answers stay well-formed XML whatever the client's strings hold.

A player id may be any Unicode text (NUL, bell, U+FFFF included), but XML 1.0 allows only tab, line feed,
carriage return and the characters from U+0020 up, less U+FFFE and U+FFFF (surrogates are refused with the
body). The games escape markup; the characters XML cannot carry at all are replaced here, once for every
game, by U+FFFD. The engines' own markup never holds them, so only echoed client text changes.

The isolates around every player id in a label (FSI ... PDI, ``kit.isolated``) are written as character
references: the same characters to any XML reader, and a picture whose text is otherwise Latin-1 stays a
one-byte-a-character string in memory (one such character would double what the answer cache holds).
"""

from __future__ import annotations

import re

_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
REPLACEMENT = "\ufffd"


def xml_safe(svg: str) -> str:
    return _NOT_XML.sub(REPLACEMENT, svg).replace("\u2068", "&#x2068;").replace("\u2069", "&#x2069;")
