"""Random legal play: seeded bots answer every request of many action phases.

Looks for crashes, dead ends and broken invariants (two houses in one area, ports over
3 ships or held by a house without the land, orders without units, armies over supply).
"""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.dice import Dice
from adjudicator.requests import Answer, Request
from adjudicator.rulesets.westeros.flow import Skip, find_open
from adjudicator.rulesets.westeros.rules import action
from adjudicator.rulesets.westeros.rules.supply import fits_supply, unit_counts
from adjudicator.rulesets.westeros.state import State
from tests.rulesets.westeros.action.helpers import action_state

TOKENS = [
    "march-1",
    "march+0",
    "march+1",
    "defense+1",
    "support+0",
    "support+1",
    "raid",
    "raid*",
    "consolidate-power",
    "consolidate-power*",
]


def random_orders(state: State, rng: Dice) -> dict[str, str]:
    return {area: rng.choice(TOKENS) for area in sorted(state.units)}


def random_march(request: Request, rng: Dice) -> dict[str, Any]:
    options = request.context["options"]
    area = rng.choice(sorted(options))
    option = options[area]
    moves: dict[str, list[str]] = {}
    for unit in option["units"]:
        reach = option["sea"] if unit == "ship" else option["land"]
        if reach and rng.below(3):
            moves.setdefault(rng.choice(reach), []).append(unit)
    return {"from": area, "moves": [[d, u] for d, u in moves.items()], "leave": bool(rng.below(2))}


def random_value(state: State, request: Request, rng: Dice) -> Any:
    context = request.context
    if request.kind == "raid":
        area = rng.choice(sorted(context["options"]))
        return {"from": area, "to": rng.choice([None, *context["options"][area]])}
    if request.kind == "march":
        return random_march(request, rng)
    if request.kind == "consolidate":
        area = context["area"]
        unit = rng.choice(["footman", "knight", "siege_engine", "ship"])
        where = area if unit != "ship" else rng.choice(sorted(state.board.links[area]))
        return {"mode": "muster", "items": [{"unit": unit, "area": where, "from": None}]}
    if request.kind == "casualties":
        return {"units": rng.shuffled(context["choices"])}
    if request.kind == "support":
        return rng.choice(["attacker", "defender", "none"])
    if "choices" in context and request.kind != "casualties":
        extra = [None] if context.get("optional") else []
        return rng.choice([*context["choices"], *extra])
    return action.action_default(state, request, rng)


def legal_value(state: State, request: Request, rng: Dice) -> Any:
    """A random value the ruleset accepts (a few tries), else the default."""
    data = find_open(state, request.id)
    check = action.KINDS[request.kind][0]
    for _ in range(8):
        value = random_value(state, request, rng)
        try:
            return check(state, data, value)
        except Skip:
            continue
    return action.action_default(state, request, rng)


def check_invariants(state: State) -> None:
    board = state.board
    for area, houses in state.units.items():
        assert len(houses) == 1, f"{area} holds {houses}"
        (house,) = houses
        info = board.areas[area]
        if info.is_port:
            assert len(houses[house]) <= 3
            assert state.controller(info.port_land) == house, f"{area}: {house} without its land"
        kinds = {u.removeprefix("routed ") for u in houses[house]}
        assert (kinds == {"ship"}) == (not info.is_land), f"{area}: {houses}"
    for area in state.orders:
        assert state.units.get(area), f"order without units in {area}"
    for house in state.houses:
        assert fits_supply(state, house, unit_counts(state, house)), f"{house} over supply"


@pytest.mark.parametrize("seed", range(40))
def test_random_action_phases(seed: int) -> None:
    state, _ = action_state(orders={})
    tides = seed % 2 == 1
    state.options.tides_of_battle = tides
    for round_ in range(1, 4):
        rng = Dice(b"fuzz", str(seed), round_ * 1000)
        state.phase, state.round = "action", round_
        state.orders = random_orders(state, rng)
        action.start_action(state, rng)
        for step in range(1, 400):
            requests = action.action_requests(state)
            if not requests:
                break
            dice = Dice(b"fuzz", str(seed), round_ * 1000 + step)
            answers = {r.id: Answer(r.id, legal_value(state, r, dice)) for r in requests}
            events = action.action_step(state, answers, dice)
            assert not [e for e in events if e.kind == "answer_rejected"], events
        else:
            raise AssertionError("the action phase did not end")
        if state.phase == "ended":
            break
        assert state.phase == "westeros" and state.orders == {}
        check_invariants(state)
