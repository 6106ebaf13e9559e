"""A wildling card's options in the players' words: what a card line lists, what a reason
an instruction is not used names as possible, what the order form offers.

The `str()` of each is the English the order language reads back
(`language/wildling_lines.py`), so an echo or a 'possible:' list pasted back means the same.
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import said
from adjudicator.rulesets.westeros.words.said import TRACK_NAMES
from adjudicator.text import N_, Name, Text, _l


def item_text(state: State, item: Any) -> Name | Text:
    """One option in the players' words (its str() is the English the parser reads)."""
    if item is None:
        return _l("no")
    if isinstance(item, dict):
        return muster_text(state, item)
    if isinstance(item, (list, tuple)):
        unit, area = item
        return _l("%(unit)s in %(area)s", unit=said.unit(unit), area=said.area(state, area))
    if item in TRACK_NAMES:
        return said.track(item)
    if item in ("influence", "units"):
        return _l(OPTION_WORDS[item])
    return said.card(item)


OPTION_WORDS = {"influence": N_("influence"), "units": N_("units")}
"""Preemptive Raid's two penalties as a line names them."""


def muster_text(state: State, muster: dict[str, Any]) -> Text:
    shown: list[Any] = []
    for item in muster["items"]:
        unit = said.unit(item["unit"])
        if item.get("from"):
            shown.append(_l("%(unit)s from %(old)s", unit=unit, old=said.unit(item["from"])))
        elif item["area"] != muster["area"]:
            area = said.area(state, item["area"])
            shown.append(_l("%(unit)s in %(area)s", unit=unit, area=area))
        else:
            shown.append(unit)
    area = said.area(state, muster["area"])
    return _l("muster %(area)s: %(items)s", area=area, items=said.joined(shown))
