"""Bot answers to the action phase's requests: random among the options the request lists.

Each request of the action phase carries its legal options in its context (`options` for
raids and marches, `choices` for the rest); a proposal draws from them and is written as a
line (bot_words), which bot.py then checks by the round trip through the parser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.dice import Dice
from adjudicator.requests import Request
from adjudicator.rulesets.westeros.bots import lines as words
from adjudicator.rulesets.westeros.language.action_lines import retreat_losses_line
from adjudicator.rulesets.westeros.request_contexts import (
    CONTEXTS,
    BattleChoice,
    CasualtiesChoice,
    ConsolidateChoice,
    Context,
    OrderTurn,
    PortChoice,
    RetreatLossesChoice,
    SupportCall,
    context_of,
)
from adjudicator.rulesets.westeros.rules import recruiting
from adjudicator.rulesets.westeros.state import State

Lines = list[str]


def propose(state: State, request: Request, rng: Dice) -> Lines:
    """A random legal-looking answer to one action-phase request, as lines."""
    return KINDS[request.kind](state, request, rng)


def render(state: State, request: Request, value: Any) -> Lines:
    """A value of the request (its default) as the line that says it."""
    kind = request.kind
    if kind == "raid":
        return [words.raid_line(state, value)]
    if kind == "march":
        return [words.march_line(state, value)]
    if kind == "support":
        return [words.support_line(state, context_of(request, SupportCall).support_area, value)]
    if kind == "casualties":
        return [words.casualties_line(state, context_of(request, CasualtiesChoice).area, value)]
    if kind == "consolidate":
        return [words.consolidate_line(state, context_of(request, ConsolidateChoice).area, value)]
    if kind == "port":
        return [words.port_line(state, context_of(request, PortChoice).port, value)]
    if kind == "retreat-losses":
        return [retreat_losses_line(state, context_of(request, RetreatLossesChoice).area, value)]
    if issubclass(CONTEXTS.get(kind, Context), BattleChoice):
        area = context_of(request, BattleChoice).area
        return [words.choice_line(state, kind, area, [value])]
    return []


def raid(state: State, request: Request, rng: Dice) -> Lines:
    options = context_of(request, OrderTurn).options
    area = rng.choice(sorted(options))
    target = rng.choice([*options[area], *options[area], None])
    return [words.raid_line(state, {"from": area, "to": target})]


def march(state: State, request: Request, rng: Dice) -> Lines:
    """Mostly every unit to one area; sometimes a split or a part left behind."""
    options = context_of(request, OrderTurn).options
    area = rng.choice(sorted(options))
    return [words.march_line(state, random_march(state, area, options[area], rng))]


def random_march(state: State, area: str, option: dict[str, Any], rng: Dice) -> dict[str, Any]:
    units = [u for u in option["units"]]
    moves: dict[str, list[str]] = {}
    whole = rng.below(3) > 0
    first: dict[str, str] = {}
    for unit in units:
        reach = option["sea"] if unit == "ship" else option["land"]
        if not reach or (not whole and rng.below(3) == 0):
            continue
        kind = "sea" if unit == "ship" else "land"
        if kind not in first or not whole:
            first[kind] = rng.choice(reach)
        moves.setdefault(first[kind], []).append(unit)
    leave = rng.below(3) == 0
    return {"from": area, "moves": [[d, u] for d, u in moves.items()], "leave": leave}


def support(state: State, request: Request, rng: Dice) -> Lines:
    context = context_of(request, SupportCall)
    sides = ["attacker", "none"]
    if context.sides["defender"] != "neutral":
        sides.append("defender")
    if request.player in context.sides.values():
        sides += [request.player] * 3  # mostly support yourself when you fight
    return [words.support_line(state, context.support_area, rng.choice(sides))]


def casualties(state: State, request: Request, rng: Dice) -> Lines:
    context = context_of(request, CasualtiesChoice)
    units = rng.shuffled(context.choices)[: context.count]
    return [words.casualties_line(state, context.area, units)]


def retreat_losses(state: State, request: Request, rng: Dice) -> Lines:
    context = context_of(request, RetreatLossesChoice)
    units = rng.shuffled(context.choices)[: context.pick]
    return [retreat_losses_line(state, context.area, units)]


def consolidate(state: State, request: Request, rng: Dice) -> Lines:
    area = context_of(request, ConsolidateChoice).area
    if rng.below(3) == 0:
        return [words.consolidate_line(state, area, {"mode": "power"})]
    items = random_muster(state, request.player, area, rng)
    value = {"mode": "muster", "items": items} if items else {"mode": "power"}
    return [words.consolidate_line(state, area, value)]


def random_muster(state: State, house: str, area: str, rng: Dice) -> list[dict[str, Any]]:
    """Items bought one by one at random while each addition is still legal."""

    candidates = [{"unit": u, "area": area, "from": None} for u in recruiting.LAND_UNITS]
    candidates += [
        {"unit": "ship", "area": sea, "from": None}
        for sea in recruiting.ship_areas(state, house, area)
    ]
    candidates += [{"unit": u, "area": area, "from": "footman"} for u in recruiting.UPGRADES]
    items: list[dict[str, Any]] = []
    for candidate in rng.shuffled(candidates) * 2:
        if recruiting.muster_problem(state, house, area, [*items, candidate]) is None:
            items.append(candidate)
    return items


def port(state: State, request: Request, rng: Dice) -> Lines:
    context = context_of(request, PortChoice)
    return [words.port_line(state, context.port, rng.choice(context.choices))]


def choice(state: State, request: Request, rng: Dice) -> Lines:
    """Card, blade, retreat and every card ability: one of the listed choices (or no)."""
    context = context_of(request, BattleChoice)
    options = [*context.choices, *([None] if context.optional else [])]
    return [words.choice_line(state, request.kind, context.area, [rng.choice(options)])]


KINDS: dict[str, Callable[[State, Request, Dice], Lines]] = {
    "raid": raid,
    "march": march,
    "support": support,
    "casualties": casualties,
    "retreat-losses": retreat_losses,
    "consolidate": consolidate,
    "port": port,
    **{
        kind: choice
        for kind in (
            "card",
            "blade",
            "retreat",
            "robb",
            "tyrion",
            "replace",
            "aeron",
            "mace",
            "queen",
            "doran",
            "renly",
            "cersei",
            "patchface",
        )
    },
}
"""Action-phase request kind -> its random proposal."""
