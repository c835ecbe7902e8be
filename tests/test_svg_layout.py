"""The shared picture-layout helper finds text that runs out of the view box, and only that."""

from tests.svg_layout import all_text, texts_outside_view_box

FRAME = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" font-size="10">{}</svg>'


def test_text_inside_the_view_box_passes():
    assert texts_outside_view_box(FRAME.format('<text x="10" y="20">short label</text>')) == []


def test_text_running_off_the_right_edge_is_found():
    svg = FRAME.format('<text x="150" y="20">a label far too long for the space</text>')
    assert [b.text for b in texts_outside_view_box(svg)] == ["a label far too long for the space"]


def test_anchor_and_translate_are_followed():
    svg = FRAME.format(
        '<g transform="translate(180, 0)"><text x="0" y="20" text-anchor="end">end</text>'
        '<text x="0" y="40" text-anchor="start">start</text></g>'
    )
    assert [b.text for b in texts_outside_view_box(svg)] == ["start"]


def test_text_above_the_top_is_found():
    assert len(texts_outside_view_box(FRAME.format('<text x="10" y="2" font-size="20">x</text>'))) == 1


def test_all_text_includes_titles():
    svg = FRAME.format('<g><title>anna-with-a-long-name</title><text x="1" y="20">ann…</text></g>')
    assert "anna-with-a-long-name" in all_text(svg)
