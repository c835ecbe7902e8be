"""Longest street and the majority table go through the memo; the second identical evaluation is a hit."""

from service.engine.memo import memo_scope
from service.engine.newyork import GAME
from service.engine.newyork.data import NEW_YORK
from service.engine.newyork.scoring import MAJORITIES, STREET

from ..memos import CountingMemo
from .helpers import city, partial_state

STREET_KIND = NEW_YORK.memo_kind(STREET)
MAJORITY_KIND = NEW_YORK.memo_kind(MAJORITIES)


def score(state, scoring, memo):
    with memo_scope(memo):
        return GAME.score(state, scoring)


def _state():
    return partial_state({"a": city((1, 0, "park", "ne")), "b": city((0, 1, "church", "s"))})


def test_memo_second_identical_score_is_a_hit():
    memo = CountingMemo()
    first = score(_state(), "final", memo)
    computed = list(memo.computed_kinds)
    assert sorted(set(computed)) == sorted({STREET_KIND, MAJORITY_KIND})
    second = score(_state(), "final", memo)
    assert memo.computed_kinds == computed  # nothing recomputed
    assert memo.hits == len(computed)
    assert first == second


def test_memo_street_key_is_the_street_layout_not_the_player():
    memo = CountingMemo()
    score(partial_state({"a": city((1, 0, "park", "ne")), "b": city()}), "A", memo)
    before = memo.computed_kinds.count(STREET_KIND)
    score(partial_state({"zed": city((1, 0, "church", "ne")), "b": city()}), "A", memo)
    assert memo.computed_kinds.count(STREET_KIND) == before  # same streets, another type and player: a hit


def test_memo_corrupt_entry_is_detected_and_recomputed():
    memo = CountingMemo()
    good = score(_state(), "final", memo)
    for key in memo.store:
        memo.store[key] = {"length": "long"} if key[0] == STREET_KIND else [["bad"]]
    again = score(_state(), "final", memo)
    assert again == good
