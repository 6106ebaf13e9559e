"""Planning: an area may stay without an order only when no placeable token is left."""

from __future__ import annotations

from adjudicator.dice import Dice
from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.westeros import RULESET
from adjudicator.rulesets.westeros.rules.planning import count_placeable

NON_STAR = [
    "march -1",
    "march",
    "defense",
    "defense",
    "support",
    "support",
    "consolidate power",
    "consolidate power",
    "raid",
    "raid",
]
"""The 10 plain order tokens of a house."""
AREAS = [
    "winterfell",
    "white_harbor",
    "karhold",
    "castle_black",
    "moat_cailin",
    "widows_watch",
    "the_stony_shore",
    "the_twins",
    "the_fingers",
    "the_mountains_of_the_moon",
    "the_eyrie",
]


def stark_everywhere(star_limit_last: bool):
    state = RULESET.new_game({"players": 6}, Dice(b"t", "t", 0))
    state.units = {a: {"stark": ["footman"]} for a in AREAS}
    if star_limit_last:  # King's Court last: no special order at all (6 players: 3,3,2,1,0,0)
        court = [h for h in state.tracks["kings_court"] if h != "stark"]
        state.tracks["kings_court"] = [*court, "stark"]
    return state


def order_text(state, tokens):
    return "".join(f"{state.board.name(a)}: {t}\n" for a, t in zip(AREAS, tokens, strict=False))


def test_planning_house_without_stars_may_leave_areas_it_cannot_fill() -> None:
    # 11 areas, 10 plain tokens, no special order allowed: the 11th area stays empty.
    state = stark_everywhere(star_limit_last=True)
    assert count_placeable(state, "stark") == 10
    instructions = RULESET.parse(state, "stark", order_text(state, NON_STAR))
    assert len(instructions) == 10


def test_planning_house_with_stars_must_use_them_to_fill_its_areas() -> None:
    # King's Court first: 3 special tokens placeable, so 11 areas all need an order.
    state = stark_everywhere(star_limit_last=False)
    state.tracks["kings_court"] = [
        "stark",
        *[h for h in state.tracks["kings_court"] if h != "stark"],
    ]
    assert count_placeable(state, "stark") == 13
    try:
        RULESET.parse(state, "stark", order_text(state, NON_STAR))
    except OrderErrors as errors:
        assert "missing: The Eyrie" in str(errors)
    else:
        raise AssertionError("an area left empty although a special token was placeable")
