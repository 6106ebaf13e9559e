"""Retreats: where the loser's surviving units go, and Robb Stark choosing for them.

Rulebook: a beaten attacker goes back to the area it marched from; a beaten defender
retreats to an adjacent area that is empty or its own (by ship transport too), never into
an enemy area, a neutral force or the area the attacker came from, and only among the
areas where it loses the fewest units to supply. No legal area: the units are destroyed.
Retreated units are routed for the rest of the round.
# P11: ships retreat into a port only if their house controls the port's land; an
# attacker beaten after sailing out of a port returns to it.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros.battle import Battle, Retreat
from adjudicator.rulesets.westeros.flow import Events, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import RetreatChoice, RetreatLossesChoice
from adjudicator.rulesets.westeros.rules.abilities import fired
from adjudicator.rulesets.westeros.rules.casualties import take_skulls
from adjudicator.rulesets.westeros.rules.choices import ask
from adjudicator.rulesets.westeros.rules.house_cards import card_of
from adjudicator.rulesets.westeros.rules.marches import NEUTRAL, land_reach
from adjudicator.rulesets.westeros.rules.strength import combat_army
from adjudicator.rulesets.westeros.rules.supply import losses_to_fit
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.units import (
    add_units,
    loss_order,
    remove_all,
    routed,
    unit_type,
)
from adjudicator.text import _l


def is_hostile(state: State, house: str, area: str) -> bool:
    """Enemy units, an enemy token or home, or a neutral force: no retreat there."""
    owner = state.controller(area)
    if owner is not None and owner != house:
        return True
    return bool(state.garrisons.get(area)) and state.board.areas[area].home != house


def retreat_areas(state: State, house: str, origin: str, units: list[str]) -> list[str]:
    """Every area the units could retreat to from `origin`, before the supply rule."""
    board = state.board
    if any(unit_type(u) == "ship" for u in units):
        candidates = set()
        for other in board.links[origin]:
            info = board.areas[other]
            if info.is_sea:
                candidates.add(other)
            elif info.is_port and state.controller(info.port_land) == house:
                candidates.add(other)  # P11
    else:
        candidates = land_reach(state, house, origin)
    return sorted(
        a for a in candidates if a not in state.impassable and not is_hostile(state, house, a)
    )


def fewest_losses(
    state: State, house: str, areas: list[str], units: list[str], origin: str
) -> dict[str, int]:
    """Rulebook: the loser must pick among the areas where it loses the fewest units."""
    losses = {a: len(losses_to_fit(state, house, a, units, origin)) for a in areas}
    least = min(losses.values(), default=0)
    return {a: n for a, n in losses.items() if n == least}


def stage_retreat(state: State, battle: Battle, rng: Dice, events: Events) -> None:
    if not take_skulls(state, battle, events):
        return
    battle.stage = "move_in"
    loser = battle.loser
    units = combat_army(state, battle, loser)
    if battle.house_of(loser) == NEUTRAL or not units:
        return
    if battle.defender == NEUTRAL:
        # NOTE: the rulebook lets only a strong enough army march against a neutral force;
        # here supports are declared after the march, so a failed attempt leaves the units
        # where they stood, not routed, and spends the order.
        add_units(state, battle.origin, battle.attacker, units)
        battle.units = []
        emit(
            events,
            "neutral_held",
            house=battle.attacker,
            area=battle.area,
            origin=battle.origin,
        )
        return
    house = battle.house_of(loser)
    robb = card_of(battle, battle.winner) == "robb-stark"
    if loser == "attacker" and not robb:
        origin = battle.origin
        target = None if is_hostile(state, house, origin) else origin
        # NOTE: supply applies to every retreat; a march that split its units may fill the
        # area it came from, so units coming back there can exceed the supply track (found
        # by bot games) and the excess is lost as in any retreat.
        retreat_to(state, battle, target, events)
        return
    areas = retreat_areas(state, house, battle.area, units)
    if loser == "attacker":
        # robb-stark: "any legal retreat area adjacent to the embattled area, the area it
        # marched from included" (also when it came by ship transport).
        if not is_hostile(state, house, battle.origin):
            areas = sorted({*areas, battle.origin})
    else:
        areas = [a for a in areas if a != battle.origin]
    options = fewest_losses(state, house, areas, units, battle.area)
    if len(options) <= 1:
        retreat_to(state, battle, next(iter(options), None), events)
        return
    battle.stage = "retreat"
    chooser = battle.house_of(battle.winner) if robb else house
    kind = "robb" if robb else "retreat"
    ask(
        state,
        chooser,
        kind,
        battle,
        sorted(options),
        False,
        _l("choose the retreat area"),
        losses=options,
        loser=house,
    )


def retreating(state: State, battle: Battle) -> tuple[str, list[str], str | None]:
    """The loser, its retreating units, and the area they leave (None: in transit)."""
    loser = battle.loser
    house = battle.house_of(loser)
    if loser == "attacker":
        return house, list(battle.units), None
    return house, list(state.house_units(battle.area, house)), battle.area


def retreat_to(
    state: State,
    battle: Battle,
    target: str | None,
    events: Events,
    supply: bool = True,
    lost: list[str] | None = None,
) -> None:
    """Move the loser's survivors (routed) to `target`; None destroys them.

    Units the retreat loses to supply are the owner's choice (the "retreat-losses"
    request) when it has one: more than one kind of unit, and not all of them lost.
    """
    house, units, leaving = retreating(state, battle)
    if target is not None and supply and lost is None:
        lost = losses_to_fit(state, house, target, units, leaving)
        if lost and len(lost) < len(units) and len(set(units)) > 1:
            battle.stage = "retreat"
            ask(
                state,
                house,
                "retreat-losses",
                battle,
                sorted(units),
                False,
                _l("choose the units your retreat loses to supply"),
                pick=len(lost),
                to=target,
                default=lost,
            )
            return
    if battle.loser == "attacker":
        units, battle.units = battle.units, []
    else:
        units = remove_all(state, battle.area, house)
    lost = list(lost or []) if target is not None and supply else []
    if target is None:
        lost = list(units)
    kept = list(units)
    for unit in lost:
        kept.remove(unit)
    if target is not None:
        add_units(state, target, house, [routed(u) for u in kept])
    battle.retreat = Retreat(house, target, sorted(kept), sorted(lost))
    emit(
        events,
        "retreat",
        house=house,
        area=battle.area,
        to=target,
        units=sorted(kept),
        lost=sorted(lost),
    )
    battle.stage = "move_in"


# -- the "retreat" and "robb" requests -------------------------------------------------------
def apply_retreat(state: State, req: OpenRequest, area: Any, rng: Dice, events: Events) -> None:
    battle = state.action["battle"]
    if req.kind == "robb":
        fired(events, battle, "robb-stark", req.house, to=area)
    retreat_to(state, battle, area, events, supply=True)


def answer_losses(state: State, req: OpenRequest, value: Any) -> list[str]:
    """The units lost to supply: those listed first, in order, then the default order.

    Instruction: 'retreat losses Moat Cailin: knight' (brief, decision table: the default
    loses footmen, then ships, then siege engines, then knights).
    """
    context = RetreatLossesChoice.of(req)
    wanted = value["units"] if isinstance(value, dict) else list(value)
    left = list(context.choices)
    lost = []
    for unit in [*wanted, *context.default, *loss_order(context.choices)]:
        if len(lost) == context.pick:
            break
        match = unit if unit in left else routed(unit) if routed(unit) in left else None
        if match is not None:
            left.remove(match)
            lost.append(match)
    return lost


def apply_losses(state: State, req: OpenRequest, lost: Any, rng: Dice, events: Events) -> None:
    battle = state.action["battle"]
    retreat_to(state, battle, RetreatLossesChoice.of(req).to, events, supply=True, lost=list(lost))


def default_losses(state: State, req: OpenRequest, rng: Dice) -> list[str]:
    return list(RetreatLossesChoice.of(req).default)


def default_retreat(state: State, req: OpenRequest, rng: Dice) -> str:
    """Brief: fewest losses, then an area the loser controls, then the first by id."""
    context = RetreatChoice.of(req)
    house = context.loser
    return min(context.choices, key=lambda a: (state.controller(a) != house, a))
