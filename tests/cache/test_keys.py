"""Memo keys: canonical JSON is the standard library's sorted compact text, and a float anywhere is refused."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.cache.keys import canonical_json

MATERIAL = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=15,
)


@settings(max_examples=300, deadline=None)
@given(MATERIAL)
def test_canonical_json_is_the_standard_librarys_sorted_compact_text(material):
    assert canonical_json(material) == json.dumps(material, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@settings(max_examples=200, deadline=None)
@given(MATERIAL, st.floats(allow_nan=False) | st.sampled_from([0.0, -0.0, 3.0]), st.integers(0, 4))
def test_a_float_anywhere_in_a_material_is_refused(material, number, depth):
    for _ in range(depth):
        material = [material, {"k": number}] if depth % 2 else {"a": (number, material)}
    with pytest.raises(TypeError):
        canonical_json([material, number] if depth == 0 else material)
