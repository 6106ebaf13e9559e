"""The Westeros card "Mustering": every house recruits in its castles and strongholds.

Rulebook, Mustering: in turn order, each house may recruit in every area it controls that
has a castle (1 point) or a stronghold (2 points); points of one area are spent there only.
The costs, unit limits, supply and the port rule P8 are recruiting.py's. Brief, decision table:
one decision per castle or stronghold, each house in turn order (all of a house's castles
asked together); the default is nothing.
Progress lives in ``state.action["mustering"]``: the [house, area] pairs still to ask.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from adjudicator.dice import Dice
from adjudicator.requests import Instruction
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.flow import Events, Skip, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import MusterChoice
from adjudicator.rulesets.westeros.rules import recruiting
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import said
from adjudicator.rulesets.westeros.words.westeros_phase_messages import say

Item = dict[str, Any]


def start_mustering(state: State, events: Events) -> None:
    """Queue every castle and stronghold of every house, houses in Iron Throne order."""
    queue = [
        [house, area]
        for house in state.tracks["iron_throne"]
        for area in sorted(state.board.areas)
        if recruiting.muster_points(state, area) and state.controller(area) == house
    ]
    state.action["mustering"] = queue
    emit(events, "mustering_started")


def advance_mustering(state: State, events: Events) -> None:
    """Ask together every house, in Iron Throne order, until one whose musters could meet
    an earlier one's; each about all its castles at once.

    Rulebook, Mustering: houses muster in turn order. NOTE (issue 17): musters of
    different houses meet only in a sea both could muster a ship into (a ship mustered
    there first closes it to the other's), so houses with no such sea are asked at once
    (a fresh deadline each cost a round-trip per house), and a house that shares one with
    a house asked before waits for that answer, as the rules' order demands. The answers
    are applied in the queue's order (`flow.apply_answers`), so the report keeps the
    rules' order. A castle with nothing legal to recruit is not asked.
    """
    queue = state.action["mustering"]
    taken: set[str] = set()  # the seas the houses asked in this batch could muster into
    while queue:
        house = queue[0][0]
        areas = [area for owner, area in queue if owner == house]
        areas = [area for area in areas if state.controller(area) == house]
        seas = {sea for area in areas for sea in _seas(state, house, area)}
        if state.action.get("open") and seas & taken:
            return  # waits for the houses before it
        queue[:] = [item for item in queue if item[0] != house]
        if any([_ask(state, house, area) for area in areas]):
            taken |= seas
    if not state.action.get("open"):
        del state.action["mustering"]


def _seas(state: State, house: str, area: str) -> set[str]:
    """The seas a ship mustered at `area` could go to (its port is the house's own)."""
    return {a for a in recruiting.ship_areas(state, house, area) if state.board.areas[a].is_sea}


def _ask(state: State, house: str, area: str) -> bool:
    """Open the muster request of one castle; False when nothing could be recruited there."""
    choices = muster_options(state, house, area)
    if not choices:
        return False
    flow.open_request(
        state,
        house,
        "muster",
        [area],
        MusterChoice(area, recruiting.muster_points(state, area), choices, optional=True),
        say("muster", area=said.area(state, area)),
    )
    return True


def after_earlier_castles(
    state: State, data: OpenRequest, instructions: Sequence[Instruction], first_legal: Any
) -> State:
    """The state a castle's muster answer must fit in: a copy with the house's musters at
    the castles asked before it (answered from the same instructions) applied, as they will
    be when the answers are applied in order. A line that fits alone but not beside the
    ones before it is skipped with the reason, and the castle waits for its answer."""
    earlier = []
    for other in state.action.get("open", []):
        if other.id == data.id:
            break
        if other.kind == "muster" and other.house == data.house:
            earlier.append(other)
    if not earlier:
        return state
    after = State.from_data(state.to_data())
    for other in earlier:
        ins, items, _ = first_legal(after, other, instructions)
        if ins is not None and items:
            recruiting.apply_muster(after, other.house, MusterChoice.of(other).area, items, [])
    return after


def candidate_items(state: State, house: str, area: str) -> list[Item]:
    """Every single recruit or upgrade one could try at `area` (P8 seas and port included)."""
    items: list[Item] = [{"unit": k, "area": area, "from": None} for k in recruiting.LAND_UNITS]
    items += [
        {"unit": "ship", "area": sea, "from": None}
        for sea in recruiting.ship_areas(state, house, area)
    ]
    items += [{"unit": k, "area": area, "from": "footman"} for k in recruiting.UPGRADES]
    return items


def muster_options(state: State, house: str, area: str) -> list[list[Item]]:
    """Every legal set of recruits at `area` (one or two items), for the bot and the receipt."""
    singles = candidate_items(state, house, area)
    sets = [[i] for i in singles]
    if recruiting.muster_points(state, area) >= 2:
        sets += [list(p) for p in itertools.combinations_with_replacement(singles, 2)]
    return [s for s in sets if recruiting.muster_problem(state, house, area, s) is None]


# -- the "muster" request -------------------------------------------------------------------
def answer_muster(state: State, req: OpenRequest, value: Any) -> list[Item]:
    """`value`: {"mode": "muster", "items": [...]}, {"mode": "none"}, or a list of items
    (one of the request's `choices`)."""
    if isinstance(value, list):
        value = {"mode": "muster", "items": value}
    if value is None or value.get("mode") == "none" or not value.get("items"):
        return []
    area = MusterChoice.of(req).area
    items = list(value["items"])
    problem = recruiting.muster_problem(state, req.house, area, items)
    if problem:
        raise Skip(problem)
    return items


def apply_muster(state: State, req: OpenRequest, items: list[Item], rng: Dice, ev: Events) -> None:
    area = MusterChoice.of(req).area
    if items:
        recruiting.apply_muster(state, req.house, area, items, ev)
    else:
        emit(ev, "muster_declined", house=req.house, area=area)


def default_muster(state: State, req: OpenRequest, rng: Dice) -> None:
    """Brief: nothing is mustered."""
    return None
