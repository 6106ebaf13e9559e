"""Every die and draw of the game, labelled and logged in the order rolled (13.7).

The dice come from the engine's seeded `Dice` only. Each roll is appended to `state.rolls`
(the current phase's log, which the report lists); a draw is private to its side.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from adjudicator.dice import Dice
from adjudicator.rulesets.baltic.state import State

T = TypeVar("T")


def label(state: State, *parts: str) -> str:
    """'1701 Summer / battle Ingermanland / round 1 / Sheremetev' (13.7)."""
    return " / ".join([state.label, *parts])


def roll(state: State, rng: Dice, count: int, *parts: str) -> list[int]:
    """`count` d6, public, logged under the label made of `parts`."""
    dice = [rng.below(6) + 1 for _ in range(count)]
    state.rolls.append({"label": label(state, *parts), "dice": dice, "private": False})
    return dice


def draw(state: State, rng: Dice, items: Sequence[T], side: str, *parts: str) -> T:
    """8.5: uniform over `items` (sorted by the caller), private to `side`."""
    item = items[rng.below(len(items))]
    state.rolls.append(
        {"label": label(state, *parts), "drawn": item, "private": True, "side": side}
    )
    return item
