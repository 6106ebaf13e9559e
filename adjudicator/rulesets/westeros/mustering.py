"""The Westeros card "Mustering": every house recruits in its castles and strongholds.

Rulebook, Mustering: in turn order, each house may recruit in every area it controls that
has a castle (1 point) or a stronghold (2 points); points of one area are spent there only.
The costs, unit limits, supply and the port rule P8 are muster.py's. Brief, decision table:
one decision per castle or stronghold, each house in turn order; the default is nothing.
Progress lives in ``state.action["mustering"]``: the [house, area] pairs still to ask.
"""

from __future__ import annotations

import itertools
from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import flow, muster
from adjudicator.rulesets.westeros.flow import Events, Skip, emit
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.westeros_messages import say

Item = dict[str, Any]


def start_mustering(state: State, events: Events) -> None:
    """NOTE: one request per castle, asked one after another in Iron Throne order (a ship
    mustered earlier may close a sea to a later house); a castle with nothing legal to
    recruit is not asked."""
    queue = [
        [house, area]
        for house in state.tracks["iron_throne"]
        for area in sorted(state.board.areas)
        if muster.muster_points(state, area) and state.controller(area) == house
    ]
    state.action["mustering"] = queue
    emit(events, "mustering_started")


def advance_mustering(state: State, events: Events) -> None:
    """Ask about the next castle where the house could place anything."""
    queue = state.action["mustering"]
    while queue:
        house, area = queue.pop(0)
        if state.controller(area) != house:
            continue
        choices = muster_options(state, house, area)
        if not choices:
            continue
        flow.open_request(
            state,
            house,
            "muster",
            [area],
            {
                "area": area,
                "points": muster.muster_points(state, area),
                "choices": choices,
                "optional": True,
            },
            say("muster", area=state.board.name(area)),
        )
        return
    del state.action["mustering"]


def candidate_items(state: State, house: str, area: str) -> list[Item]:
    """Every single recruit or upgrade one could try at `area` (P8 seas and port included)."""
    items: list[Item] = [{"unit": k, "area": area, "from": None} for k in muster.LAND_UNITS]
    items += [
        {"unit": "ship", "area": sea, "from": None} for sea in muster.ship_areas(state, house, area)
    ]
    items += [{"unit": k, "area": area, "from": "footman"} for k in muster.UPGRADES]
    return items


def muster_options(state: State, house: str, area: str) -> list[list[Item]]:
    """Every legal set of recruits at `area` (one or two items), for the bot and the receipt."""
    singles = candidate_items(state, house, area)
    sets = [[i] for i in singles]
    if muster.muster_points(state, area) >= 2:
        sets += [list(p) for p in itertools.combinations_with_replacement(singles, 2)]
    return [s for s in sets if muster.muster_problem(state, house, area, s) is None]


# -- the "muster" request -------------------------------------------------------------------
def answer_muster(state: State, req: dict[str, Any], value: Any) -> list[Item]:
    """`value`: {"mode": "muster", "items": [...]}, {"mode": "none"}, or a list of items
    (one of the request's `choices`)."""
    if isinstance(value, list):
        value = {"mode": "muster", "items": value}
    if value is None or value.get("mode") == "none" or not value.get("items"):
        return []
    area = req["context"]["area"]
    items = list(value["items"])
    problem = muster.muster_problem(state, req["house"], area, items)
    if problem:
        raise Skip(problem)
    return items


def apply_muster(
    state: State, req: dict[str, Any], items: list[Item], rng: Dice, ev: Events
) -> None:
    area = req["context"]["area"]
    if items:
        muster.apply_muster(state, req["house"], area, items, ev)
    else:
        emit(ev, "muster_declined", house=req["house"], area=area)


def default_muster(state: State, req: dict[str, Any], rng: Dice) -> None:
    """Brief: nothing is mustered."""
    return None
