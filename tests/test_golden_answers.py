"""Every answer of the golden set (tests/golden/record.py) is what was recorded: status, the headers a client
reads, and the body byte for byte. A restructuring must leave them all alone; a change of behaviour on
purpose records them anew (``python -m tests.golden.record``) in the same commit, saying why."""

from tests.golden.record import kept, record


def test_every_recorded_answer_is_unchanged():
    digests, bodies = record()
    recorded = kept()
    changed = [label for label in recorded if digests.get(label) != recorded[label]]
    shown = "\n".join(f"{label}: {bodies.get(label, b'(not asked)')[:300]!r}" for label in changed[:5])
    assert not changed, f"{len(changed)} of {len(recorded)} answers changed, first:\n{shown}"
    assert set(digests) == set(recorded), "requests were made that the set does not hold: record it anew"
