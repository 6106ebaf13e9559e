"""Lines that are accepted but cannot be carried out as the board stands: said at once.

A standing line is checked in full only when its request opens (the board may change before:
a march may open a way, a castle may be won). Until issue 17 a line that could never work
today ('muster Dragonstone: knight, knight' in a castle of 2 points, a march to an area no
ship of the house reaches) was accepted in silence and skipped later, with the reason told
only to the GM. Now the receipt warns, with the same reason the skip would give; the line
still stands, as the board may change by then.
"""

from __future__ import annotations

import functools
from typing import Any

from adjudicator.requests import Instruction
from adjudicator.rulesets.westeros.rules.marches import land_reach, ship_reach
from adjudicator.rulesets.westeros.rules.recruiting import muster_problem
from adjudicator.rulesets.westeros.rules.supply import fits_supply, unit_counts
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import Text, _l


def warning(state: State, house: str, ins: Instruction) -> Text | None:
    """Why `ins` cannot be carried out now, or None (also when it cannot be judged now)."""
    check = CHECKS.get(ins.kind)
    return check(state, house, ins.key, ins.value) if check else None


def _muster(state: State, house: str, area: str, value: Any) -> Text | None:
    """A muster (Westeros card or Consolidate Power): points, reserve, supply, ship seas."""
    if not isinstance(value, dict) or value.get("mode") != "muster" or not value.get("items"):
        return None
    if state.controller(area) != house:
        return None  # the receipt already says: used only if you hold it when asked
    return muster_problem(state, house, area, value["items"])


def _march(state: State, house: str, area: str, value: Any) -> Text | None:
    """Where no unit of the march can go with the house's ships as they stand, or an army
    over supply after it."""
    origin = value["from"]
    here = [u.removeprefix("routed ") for u in state.house_units(origin, house)]
    if not here:
        return None
    name = functools.partial(said.area, state)
    land, sea = land_reach(state, house, origin), ship_reach(state, house, origin)
    counts = unit_counts(state, house)
    for dest, units in value["moves"]:
        for unit in sorted(set(units or here)):
            if (
                dest not in (sea if unit == "ship" else land)
                and not state.board.areas[dest].is_port
            ):
                return _l(
                    "a %(unit)s in %(from)s cannot reach %(to)s",
                    unit=said.unit(unit),
                    to=name(dest),
                    **{"from": name(origin)},
                )
        moving = len(units) if units else len(here)
        counts[origin] = counts.get(origin, 0) - moving
        counts[dest] = counts.get(dest, 0) + moving
    if not fits_supply(state, house, {a: n for a, n in counts.items() if n > 0}):
        return _l("the armies after this march would exceed your supply limits")
    return None


def _raid(state: State, house: str, area: str, value: Any) -> Text | None:
    """A raid on an area of the raiding house itself removes nothing."""
    target = value.get("to")
    if target is None or state.occupant(target) != house:
        return None
    return _l(
        "%(area)s is yours: a raid removes another house's order", area=said.area(state, target)
    )


CHECKS = {"muster": _muster, "consolidate": _muster, "march": _march, "raid": _raid}
"""Instruction kind -> its check as the board stands."""
