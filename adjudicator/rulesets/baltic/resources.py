"""RP levels and the Swedish Attrition Track (8.1, 8.2, 11.1d, C.3): recomputed, never stored.

The level follows control, cessions and the Attrition box; only RP available is state.
"""

from __future__ import annotations

import functools

from adjudicator.rulesets.baltic.control import board, controller, home_nation, is_active
from adjudicator.rulesets.baltic.state import State


def swedes_in_russia(state: State) -> bool:
    """11.1g: a Swedish-nation land block in region russia or ukraine."""
    territories = board().territories
    for block in board().nation_blocks("SWE"):
        at = state.blocks[block].at
        if at in territories and territories[at].region in ("russia", "ukraine"):
            return True
    return False


def attrition_row(state: State) -> str:
    """The row follows the state at every moment (11.1g)."""
    return "bottom" if swedes_in_russia(state) else "top"


def attrition_effect(state: State, kind: str) -> int:
    """The sum of one kind of effect over the boxes up to the marker, in the row in use."""
    effects = board().attrition_effects(state.attrition, attrition_row(state))
    return sum(e["value"] for e in effects if e["kind"] == kind)


def counts_as_home(state: State, territory: str, nation: str) -> bool:
    """A home territory of `nation` for RP and LOC sources: its own, or one it stands in for
    while the home nation is inactive (Russia for Ukraine, 11.7a)."""
    home = home_nation(state, territory)
    if home is None:
        return False
    if home == nation:
        return True
    stand_in = board().nations[home].counts_as_while_inactive
    return stand_in == nation and not is_active(state, home)


@functools.cache
def printed_homes(nation: str) -> tuple[str, ...]:
    """Territories whose printed home nation is `nation` (Appendix A)."""
    return board().home_territories(nation)


def home_candidates(state: State, nation: str) -> list[str]:
    """Territories that may count as `nation`'s home now: its printed ones, ceded ones, and
    those of an inactive nation it stands in for (11.7a); `counts_as_home` decides."""
    found = list(printed_homes(nation)) + [c["territory"] for c in state.cessions]
    for other, info in board().nations.items():
        if info.counts_as_while_inactive == nation:
            found += printed_homes(other)
    return found


def rp_level(state: State, nation: str) -> int:
    """8.1: rp_base + RP of the home territories it controls + cession adjustments, and the
    Attrition effects for Sweden (11.1d)."""
    info = state.nations[nation]
    level = info.rp_base + info.rp_adjust
    territories = board().territories
    for tid in dict.fromkeys(home_candidates(state, nation)):
        if controller(state, tid) == nation and counts_as_home(state, tid, nation):
            level += territories[tid].rp
    if nation == "SWE":
        level += attrition_effect(state, "rp_level")
    return level


def russian_deduction(state: State) -> int:
    """11.2d: 4 RP for each Russian army block still on the Year Track (11.2l)."""
    per = board().tables["reform"]["rp_deduction"]
    on_track = [
        b
        for b in board().nation_blocks("RUS")
        if board().blocks[b].is_army and state.blocks[b].at.startswith("year:")
    ]
    return per * len(on_track)


def allot_rp(state: State, nation: str) -> int:
    """8.2: RP available = max(0, level - deductions); returns it."""
    deduction = russian_deduction(state) if nation == "RUS" else 0
    state.nations[nation].rp_available = max(0, rp_level(state, nation) - deduction)
    return state.nations[nation].rp_available


def cap_rp_available(state: State) -> None:
    """8.2: if the level drops below RP available, RP available drops with it (not below 0);
    an inactive nation has 0."""
    for nation, info in state.nations.items():
        if info.status != "active":
            info.rp_available = 0
        else:
            info.rp_available = max(0, min(info.rp_available, rp_level(state, nation)))
