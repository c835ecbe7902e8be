"""Layout checks for the rendered pictures, shared by every game's picture tests.

Text extents are estimated, not measured: no font is loaded in a test. A glyph of a sans-serif font is at
most about 0.6 em wide on average for the Latin text these pictures use, so a label whose estimate fits
the view box fits when drawn. ``<g transform="translate(...)">`` is followed; other transforms are not
used by the renderers and are refused so that a new one cannot slip past the check.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"
AVERAGE_GLYPH_EM = 0.6
DEFAULT_FONT_SIZE = 16.0
_TRANSLATE = re.compile(r"^\s*translate\(\s*([-\d.]+)(?:[\s,]+([-\d.]+))?\s*\)\s*$")


@dataclass(frozen=True)
class TextBox:
    text: str
    left: float
    top: float
    right: float
    bottom: float


def _font_size(element: ET.Element, inherited: float) -> float:
    value = element.get("font-size")
    return float(value.removesuffix("px")) if value else inherited


def _offset(element: ET.Element) -> tuple[float, float]:
    transform = element.get("transform")
    if not transform:
        return 0.0, 0.0
    match = _TRANSLATE.match(transform)
    if not match:
        raise AssertionError(f"unsupported transform in picture: {transform!r}")
    return float(match.group(1)), float(match.group(2) or 0)


def _box(element: ET.Element, dx: float, dy: float, size: float, anchor: str) -> TextBox:
    text = "".join(element.itertext())
    x = float(element.get("x", "0")) + dx
    y = float(element.get("y", "0")) + dy
    width = len(text) * size * AVERAGE_GLYPH_EM
    left = {"middle": x - width / 2, "end": x - width}.get(anchor, x)
    return TextBox(text, left, y - size * 0.8, left + width, y + size * 0.2)


def text_boxes(svg: str) -> list[TextBox]:
    """Every ``<text>`` element's estimated box, in the picture's user coordinates."""
    root = ET.fromstring(svg)
    boxes: list[TextBox] = []

    def walk(element: ET.Element, dx: float, dy: float, size: float, anchor: str) -> None:
        ox, oy = _offset(element)
        dx, dy = dx + ox, dy + oy
        size = _font_size(element, size)
        anchor = element.get("text-anchor", anchor)
        if element.tag == f"{SVG}text":
            boxes.append(_box(element, dx, dy, size, anchor))
            return
        for child in element:
            walk(child, dx, dy, size, anchor)

    walk(root, 0.0, 0.0, DEFAULT_FONT_SIZE, "start")
    return boxes


def view_box(svg: str) -> tuple[float, float, float, float]:
    minx, miny, width, height = (float(v) for v in ET.fromstring(svg).get("viewBox", "").replace(",", " ").split())
    return minx, miny, minx + width, miny + height


def texts_outside_view_box(svg: str) -> list[TextBox]:
    """The text elements whose estimated box is not wholly inside the view box."""
    left, top, right, bottom = view_box(svg)
    return [b for b in text_boxes(svg) if b.left < left or b.top < top or b.right > right or b.bottom > bottom]


def all_text(svg: str) -> str:
    """All the picture's text (labels and ``<title>`` tooltips), for checking that names appear."""
    return "\n".join("".join(e.itertext()) for e in ET.fromstring(svg).iter() if e.tag in (f"{SVG}text", f"{SVG}title"))
