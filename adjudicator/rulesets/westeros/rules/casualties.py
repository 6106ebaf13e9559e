"""Casualties: what the loser of a battle loses before it retreats.

cards.yaml combat_sequence: a defeated garrison is removed; the loser's routed units and
its siege engines (which cannot retreat) are destroyed; then it loses max(0, winner's
swords - loser's towers) more units of its choice, unless The Blackfish prevents it. Each
Tides of Battle skull costs the other side one unit afterwards.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros.battle import Battle, Loss
from adjudicator.rulesets.westeros.flow import Events, Skip, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import CasualtiesChoice
from adjudicator.rulesets.westeros.rules.choices import ask
from adjudicator.rulesets.westeros.rules.house_cards import (
    card_fortifications,
    card_swords,
    prevents_casualties,
    tides_value,
)
from adjudicator.rulesets.westeros.rules.marches import NEUTRAL
from adjudicator.rulesets.westeros.rules.strength import combat_army, other
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.units import is_routed, loss_order, take_units, unit_type
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import _l, _ln


def kill(
    state: State, battle: Battle, side: str, units: list[str], reason: str, events: Events
) -> None:
    """Destroy units of one side's combat army."""
    if not units:
        return
    if side == "attacker":
        for unit in units:
            battle.units.remove(unit)
    else:
        take_units(state, battle.area, battle.house_of(side), units)
    if battle.losses is None:
        battle.losses = []
    battle.losses.append(Loss(battle.house_of(side), sorted(units), reason))
    emit(
        events,
        "casualties",
        house=battle.house_of(side),
        area=battle.area,
        units=sorted(units),
        reason=reason,
    )


def stage_casualties(state: State, battle: Battle, rng: Dice, events: Events) -> None:
    battle.stage = "retreat"
    loser = battle.loser
    house = battle.house_of(loser)
    if house == NEUTRAL or battle.defender == NEUTRAL:
        # NOTE: a march that cannot beat a neutral force simply fails (retreat.py).
        return
    area = battle.area
    if loser == "defender" and state.board.areas[area].home == house and state.garrisons.get(area):
        del state.garrisons[area]
        emit(events, "garrison_removed", area=area, house=house)
    army = combat_army(state, battle, loser)
    doomed = [u for u in army if is_routed(u) or unit_type(u) == "siege_engine"]
    kill(state, battle, loser, doomed, "cannot_retreat", events)
    rest = combat_army(state, battle, loser)
    count = casualty_count(state, battle)
    if count >= len(rest) or len(set(rest)) == 1:
        kill(state, battle, loser, loss_order(rest)[:count], "swords", events)
    elif count:
        battle.stage = "casualties"
        ask(
            state,
            house,
            "casualties",
            battle,
            sorted(rest),
            False,
            _ln("choose %(n)d casualty", "choose %(n)d casualties", count),
            count=count,
            side=loser,
        )


def casualty_count(state: State, battle: Battle) -> int:
    """Winner's swords minus the loser's towers; none at all with The Blackfish."""
    winner, loser = battle.winner, battle.loser
    if prevents_casualties(battle, loser):
        return 0
    return max(0, card_swords(state, battle, winner) - card_fortifications(state, battle, loser))


def take_skulls(state: State, battle: Battle, events: Events) -> bool:
    """Tides of Battle: each skull costs the other side one standing unit of its choice.

    The Blackfish prevents it; routed units are never taken. False while the victim is
    asked which unit (a "casualties" request for one unit); True when every skull is paid.
    """
    for side in ("attacker", "defender"):
        key = f"skull:{side}"
        victim = other(side)
        if key in battle.did:
            continue
        # Rulebook, Retreats and Routing: "Routed units may never be chosen as casualties
        # in combat"; a skull is a casualty, so only standing units can pay for it.
        army = [u for u in combat_army(state, battle, victim) if not is_routed(u)]
        if (
            battle.house_of(victim) == NEUTRAL
            or not tides_value(battle, side, "skulls")
            or not army
            or prevents_casualties(battle, victim)
        ):
            battle.did.append(key)
            continue
        if len(set(army)) > 1:
            ask(
                state,
                battle.house_of(victim),
                "casualties",
                battle,
                sorted(army),
                False,
                _l("choose 1 casualty (Tides of Battle skull)"),
                count=1,
                side=victim,
                reason="skull",
                did=key,
            )
            return False
        kill(state, battle, victim, army[:1], "skull", events)
        battle.did.append(key)
    return True


# -- the "casualties" request -------------------------------------------------------------
def answer_casualties(state: State, req: OpenRequest, value: Any) -> list[str]:
    """Take units from the player's list, in its order, until enough are chosen."""
    context = CasualtiesChoice.of(req)
    pool, count = Counter(context.choices), context.count
    chosen: list[str] = []
    units = value["units"] if isinstance(value, dict) else value
    for unit in units:
        if len(chosen) < count and pool[unit] > 0:
            pool[unit] -= 1
            chosen.append(unit)
    if len(chosen) < count:
        legal = said.units(context.choices)
        raise Skip(
            _ln(
                "%(n)d casualty is needed from: %(legal)s; the list names too few",
                "%(n)d casualties are needed from: %(legal)s; the list names too few",
                count,
                legal=legal,
            )
        )
    return chosen


def apply_casualties(
    state: State, req: OpenRequest, units: list[str], rng: Dice, events: Events
) -> None:
    battle = state.action["battle"]
    context = CasualtiesChoice.of(req)
    kill(state, battle, context.side, units, context.reason or "swords", events)
    if context.did:
        battle.did.append(context.did)
    battle.stage = "retreat"


def default_casualties(state: State, req: OpenRequest, rng: Dice) -> list[str]:
    """Brief: footmen, then ships, then siege engines, then knights."""
    context = CasualtiesChoice.of(req)
    return loss_order(context.choices)[: context.count]
