"""The action phase: raids, marches and combat, consolidate power, then the round's end.

This is the ruleset's entry point for the phase (the contract with ruleset.py). The
chapters live in their own modules; here are the loop that advances until a decision is
needed ("ask only when there is a choice"), the registry of request kinds, and clean-up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from adjudicator.dice import Dice
from adjudicator.requests import Answer, Choice, Event, Instruction, Request
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.flow import Events, Skip, apply_answers, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.rules import (
    abilities,
    casualties,
    combat,
    consolidate,
    marches,
    ports,
    raids,
    retreat,
    support,
    victory,
)
from adjudicator.rulesets.westeros.rules.choices import answer_choice, default_choice
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.units import is_routed, unit_type
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import Text, _l

__all__ = [
    "action_answer",
    "action_default",
    "action_requests",
    "action_step",
    "start_action",
]

Check = Callable[[State, OpenRequest, Any], Any]
Apply = Callable[[State, OpenRequest, Any, Dice, Events], None]
Default = Callable[[State, OpenRequest, Dice], Any]

KINDS: dict[str, tuple[Check, Apply, Default]] = {
    "raid": (raids.answer_raid, raids.apply_raid, raids.default_raid),
    "march": (marches.answer_march, marches.apply_march, marches.default_march),
    "support": (support.answer_support, support.apply_support, support.default_support),
    "card": (answer_choice, combat.apply_card, default_choice),
    "blade": (answer_choice, combat.apply_blade, default_choice),
    "casualties": (
        casualties.answer_casualties,
        casualties.apply_casualties,
        casualties.default_casualties,
    ),
    "retreat": (answer_choice, retreat.apply_retreat, retreat.default_retreat),
    "robb": (answer_choice, retreat.apply_retreat, default_choice),
    "retreat-losses": (retreat.answer_losses, retreat.apply_losses, retreat.default_losses),
    "consolidate": (
        consolidate.answer_consolidate,
        consolidate.apply_consolidate,
        consolidate.default_consolidate,
    ),
    "port": (ports.answer_port, ports.apply_port, ports.default_port),
    **{kind: (answer_choice, effect, default_choice) for kind, effect in abilities.EFFECTS.items()},
}
"""Request kind -> (check an answer, apply it, its default)."""

ORDERED_KINDS = ("raid", "march")
"""Kinds whose instructions are used up once their order is resolved."""
MAX_STEPS = 100_000


def start_action(state: State, rng: Dice) -> list[Event]:
    """Begin the phase with the raids; advance to the first real decision."""
    state.action = {"step": "raid", "last": None, "open": [], "n": 0, "done": []}
    events: Events = []
    emit(events, "step_started", step="raid")
    _advance(state, rng, events)
    return events


def action_requests(state: State) -> list[Request]:
    return [req.as_request() for req in state.action.get("open", [])]


def action_answer(state: State, request: Request, instructions: Sequence[Instruction]) -> Choice:
    """The house's first instruction that answers `request` legally now (read-only)."""
    data = flow.find_open(state, request.id)
    if data is None:
        return Choice(None)
    check = KINDS[data.kind][0]
    skipped: list[tuple[Instruction, str | Text]] = []
    for ins in instructions:
        value = ins.value
        if ins.kind == "muster" and data.kind == "consolidate":
            # NOTE: 'muster Winterfell: knight' also answers a starred Consolidate Power
            # there ('muster Winterfell: none' then means gaining power): one line says
            # what the house musters at that castle, whichever step asks first.
            value = value if value["mode"] == "muster" else {"mode": "power"}
        elif ins.kind != data.kind:
            continue
        if ins.key and ins.key not in data.keys:
            reason = _used_up_or_reason(state, data, ins)
            if reason:
                skipped.append((ins, reason))
            continue
        try:
            value = check(state, data, value)
        except Skip as skip:
            skipped.append((ins, skip.why))
            continue
        return Choice(ins, value, tuple(skipped))
    return Choice(None, None, tuple(skipped))


def _used_up_or_reason(state: State, data: OpenRequest, ins: Instruction) -> str | Text:
    """Silent for instructions already used or meant for another battle; else why not."""
    kind = data.kind
    if kind not in ORDERED_KINDS or f"{kind}:{ins.key}" in state.action.get("done", []):
        return ""
    return _l(
        "there is no unresolved %(order)s order of yours in %(area)s",
        order=said.order(kind),
        area=said.area(state, ins.key),
    )


def action_default(state: State, request: Request, rng: Dice) -> Any:
    data = flow.find_open(state, request.id)
    return KINDS[data.kind][2](state, data, rng)


def action_step(state: State, answers: Mapping[str, Answer], rng: Dice) -> list[Event]:
    """Apply the answers to every open request, then advance until new requests open."""
    events = apply_answers(state, answers, rng, KINDS)
    _advance(state, rng, events)
    return events


def _advance(state: State, rng: Dice, events: Events) -> None:
    """Resolve everything automatic; stop at open requests or the end of the phase."""
    act = state.action
    for _ in range(MAX_STEPS):
        if state.phase != "action" or act.get("open"):
            return
        if act.get("ports"):
            ports.next_port_capture(state, events)
        elif act.get("battle"):
            combat.advance_battle(state, rng, events)
        elif act["step"] == "raid":
            raids.start_raid_turn(state, events)
        elif act["step"] == "march":
            marches.start_march_turn(state, events)
        elif act["step"] == "consolidate":
            consolidate.start_consolidate_turn(state, events)
        else:
            end_round(state, events)
            return
    raise RuntimeError("the action phase did not settle (a bug: please report the position)")


def end_round(state: State, events: Events) -> None:
    """Clean-up: orders removed, routed units stand up, the blade is ready again.

    After round 10 the game ends with the final standings; otherwise the next round
    begins with its Westeros phase.
    """
    state.orders.clear()
    for houses in state.units.values():
        for house, units in houses.items():
            houses[house] = [unit_type(u) for u in units] if any(map(is_routed, units)) else units
    state.blade_used = False
    state.action = {}
    emit(events, "round_ended", round=state.round)
    if state.round >= state.board.game["rounds"]:
        victory.end_game(state, "last_round", events)
        return
    state.round += 1
    state.phase = "westeros"
