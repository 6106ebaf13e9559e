"""dice.py: the same secret, game and step give the same draws; anything else differs."""

from __future__ import annotations

from collections import Counter

import pytest

from adjudicator.dice import Dice, commitment


def test_same_inputs_same_draws() -> None:
    a, b = Dice(b"s", "g", 1), Dice(b"s", "g", 1)
    assert [a.below(6) for _ in range(50)] == [b.below(6) for _ in range(50)]
    assert a.shuffled(range(20)) == b.shuffled(range(20))


@pytest.mark.parametrize("other", [Dice(b"t", "g", 1), Dice(b"s", "h", 1), Dice(b"s", "g", 2)])
def test_each_input_changes_the_stream(other: Dice) -> None:
    assert [Dice(b"s", "g", 1).below(1000) for _ in range(5)] != [
        other.below(1000) for _ in range(5)
    ]


def test_below_is_uniform_enough_and_in_range() -> None:
    d = Dice(b"s", "g", 1)
    counts = Counter(d.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(850 < n < 1150 for n in counts.values()), counts


def test_shuffle_is_a_permutation_and_choice_picks_a_member() -> None:
    d = Dice(b"s", "g", 1)
    assert sorted(d.shuffled(list("abcdefgh"))) == list("abcdefgh")
    assert d.choice(["x", "y"]) in ("x", "y")
    with pytest.raises(ValueError):
        d.below(0)


def test_commitment_is_sha256_hex() -> None:
    assert commitment(b"abc") == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )
