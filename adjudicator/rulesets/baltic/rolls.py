"""Every die and draw of the game, labelled and logged in the order rolled (13.7).

The dice come from the engine's seeded `Dice` only. Each roll is appended to `state.rolls`
(the current phase's log, which the report lists); a draw is private to its side.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from adjudicator.dice import Dice
from adjudicator.rulesets.baltic.state import State
from adjudicator.rulesets.baltic.terms import season_name
from adjudicator.text import Name, Text, _l, to_data

T = TypeVar("T")
Part = Name | Text
"""A part of a label: a game word (a block) or a short message ('round %(n)d')."""


def label(state: State, *parts: Part) -> str:
    """'1701 Summer / battle Ingermanland / round 1 / Sheremetev' (13.7), in English."""
    return " / ".join(str(part) for part in _parts(state, parts))


def said(state: State, *parts: Part) -> list[object]:
    """The label's parts as data, said in the reader's language by the report (13.7)."""
    return [to_data(part) for part in _parts(state, parts)]


def _parts(state: State, parts: tuple[Part, ...]) -> list[Part]:
    season = _l("%(year)d %(season)s", year=state.year, season=season_name(state.season))
    return [season, *parts]


def roll(state: State, rng: Dice, count: int, *parts: Part) -> list[int]:
    """`count` d6, public, logged under the label made of `parts`."""
    dice = [rng.below(6) + 1 for _ in range(count)]
    state.rolls.append(
        {
            "label": label(state, *parts),
            "said": said(state, *parts),
            "dice": dice,
            "private": False,
        }
    )
    return dice


def draw(state: State, rng: Dice, items: Sequence[T], side: str, *parts: Part) -> T:
    """8.5: uniform over `items` (sorted by the caller), private to `side`."""
    item = items[rng.below(len(items))]
    state.rolls.append(
        {
            "label": label(state, *parts),
            "said": said(state, *parts),
            "drawn": item,
            "private": True,
            "side": side,
        }
    )
    return item
