"""The pinned shuffle (docs/wire.md, "Randomness"): Fisher-Yates over random.Random(seed).random()."""

import random

from service.engine.random import Rng, shuffled


def reference_shuffle(items, seed):
    """The recipe as the contract states it, written out independently of the engine."""
    out = list(items)
    source = random.Random(seed)
    for i in range(len(out) - 1, 0, -1):
        j = int(source.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def test_pinned_shuffle_output_for_a_known_seed():
    # Fixed once and for all: a change here breaks every client reproducing deals from seeds.
    assert shuffled(range(10), 42) == [9, 7, 8, 5, 3, 4, 1, 2, 0, 6]


def test_pinned_shuffle_follows_the_documented_recipe():
    for seed in (0, 1, 2**40 + 3, 2**63 - 1):
        assert shuffled(range(54), seed) == reference_shuffle(range(54), seed)


def test_pinned_shuffle_is_a_permutation_and_leaves_its_input_alone():
    items = list("abcdefgh")
    out = Rng(5).shuffled(items)
    assert sorted(out) == items and items == list("abcdefgh")


def test_successive_draws_continue_one_sequence():
    rng = Rng(9)
    first, second = rng.shuffled(range(5)), rng.shuffled(range(5))
    source = random.Random(9)
    expected = []
    for _ in range(2):
        out = list(range(5))
        for i in range(4, 0, -1):
            j = int(source.random() * (i + 1))
            out[i], out[j] = out[j], out[i]
        expected.append(out)
    assert [first, second] == expected


def test_below_stays_in_range():
    rng = Rng(3)
    assert all(0 <= rng.below(7) < 7 for _ in range(1000))
