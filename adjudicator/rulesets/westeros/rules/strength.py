"""Combat strength, term by term, and the winner.

house_cards.yaml combat_sequence: units + order bonus (march / defense) + support + house card
+ garrison (defender) + Valyrian Steel Blade + Tides of Battle; ties go to the house
higher on the Fiefdoms track.
"""

from __future__ import annotations

from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.battle import Battle
from adjudicator.rulesets.westeros.rules import house_cards
from adjudicator.rulesets.westeros.rules.marches import NEUTRAL
from adjudicator.rulesets.westeros.rules.support import declared
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.units import is_routed, unit_type

BASE = {"footman": 1, "knight": 2, "ship": 1, "siege_engine": 0}


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def combat_army(state: State, battle: Battle, side: str) -> list[str]:
    """The units fighting on one side: the marching units, or those in the embattled area."""
    if side == "attacker":
        return list(battle.units)
    if battle.defender == NEUTRAL:
        return []
    return list(state.house_units(battle.area, battle.defender))


def unit_strength(state: State, battle: Battle, side: str, house: str, unit: str) -> int:
    """One unit's strength for `side`: routed 0; siege engines 4 only against a castle."""
    if is_routed(unit):
        return 0
    kind = unit_type(unit)
    if kind == "siege_engine":
        # Rulebook: 4 when attacking (or supporting an attack on) a castle or stronghold.
        has_castle = state.board.areas[battle.area].has_castle
        value = 4 if side == "attacker" and has_castle else 0
    else:
        value = BASE[kind]
    return house_cards.unit_modifier(state, battle, side, house, kind, value)


def support_strength(state: State, battle: Battle, side: str) -> int:
    """Units in each support area declared for `side`, plus Support +1 bonuses."""
    total = 0
    for area in declared(state, battle, side):
        house = flow.order_owner(state, area)
        units = state.house_units(area, house)
        total += sum(unit_strength(state, battle, side, house, u) for u in units)
        total += flow.order_bonus(state.orders[area])
    return total


def strength_terms(state: State, battle: Battle, side: str) -> dict[str, int]:
    """Every term of one side's total, for the battle table."""
    if side == "defender" and battle.defender == NEUTRAL:
        return {"neutral": state.garrisons.get(battle.area, 0)}
    house = battle.house_of(side)
    army = combat_army(state, battle, side)
    terms = {"units": sum(unit_strength(state, battle, side, house, u) for u in army)}
    terms["order"] = order_strength(state, battle, side)
    terms["support"] = support_strength(state, battle, side)
    if side == "defender" and state.board.areas[battle.area].home == house:
        terms["garrison"] = state.garrisons.get(battle.area, 0)
    terms["card"] = house_cards.card_strength(state, battle, side)
    terms["blade"] = 1 if battle.blade == side else 0
    terms["tides"] = house_cards.tides_value(battle, side, "strength")
    return terms


def order_strength(state: State, battle: Battle, side: str) -> int:
    """The attacker's march modifier; the defender's Defense order (Catelyn doubles it)."""
    if side == "attacker":
        return flow.order_bonus(battle.march)
    token = state.orders.get(battle.area, "")
    if flow.order_type(token) != "defense":
        return 0
    return flow.order_bonus(token) * house_cards.defense_multiplier(battle)


def decide_winner(state: State, battle: Battle) -> str:
    """Higher total wins; a tie goes to the house higher on the Fiefdoms track.

    NOTE: against a neutral force the attacker needs a total equal to or higher than the
    token (rulebook, Neutral Force tokens); no house cards are played.
    """
    totals = {s: sum(battle.strength[s].values()) for s in ("attacker", "defender")}
    if battle.defender == NEUTRAL:
        return "attacker" if totals["attacker"] >= totals["defender"] else "defender"
    if totals["attacker"] != totals["defender"]:
        return max(totals, key=totals.__getitem__)
    fiefdoms = state.tracks["fiefdoms"]
    return min(("attacker", "defender"), key=lambda s: fiefdoms.index(battle.house_of(s)))
