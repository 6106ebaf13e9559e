"""Playing one Action Phase of a bare position through the order language, for rule tests.

`play` parses the side's order text as a submission would be read (13.5: checked at
receipt), then resolves the Action Phase (actions, battles, sieges, end of phase) with the
dice a worked example gives.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.baltic import sequence, standing
from adjudicator.rulesets.baltic.instructions import parse_submission
from adjudicator.rulesets.baltic.state import State


def submit(state: State, side: str, text: str) -> list[dict[str, Any]]:
    """Read a submission; standing lines go into the state; returns the action lines."""
    instructions = parse_submission(state, side, text)
    standing.merge(state, side, [i.value for i in instructions if i.kind == "standing"])
    orders = next(i for i in instructions if i.kind == "orders")
    return orders.value["lines"]


def play(state: State, side: str, text: str, dice: Dice) -> list[dict[str, Any]]:
    """The side's Action Phase from its order text; returns the events."""
    state.phase = "action_1" if state.first_player == side else "action_2"
    lines = submit(state, side, text)
    out: list[dict[str, Any]] = []
    sequence.action_phase(state, side, lines, False, dice, out)
    return out


def kinds(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind]


def reports(state: State, events: list[dict[str, Any]], lang: str = "en") -> dict[str, str]:
    """What each reader is told of `events` (13.6), as the engine writes it: the public
    report (key "public") and each side's private one (Markdown)."""
    from adjudicator.render import render
    from adjudicator.rulesets.baltic.ruleset import to_events
    from adjudicator.rulesets.baltic.state import SIDES
    from adjudicator.rulesets.baltic.view import view

    engine_events = to_events(state, events)
    base = {
        "game_id": "g",
        "step": 1,
        "now": None,
        "players": {"sweden": "Ann", "coalition": "Bo"},
        "tables": True,
        "waiting": [],
        "map_url": None,
        "used": [],
    }
    public = [e for e in engine_events if e.public]
    said = {
        "public": render(
            "baltic",
            "report",
            "md",
            {
                **base,
                "view": view(state, None),
                "events": public,
                "player": None,
                "timeline": public,
            },
            lang,
        )
    }
    for side in SIDES:
        seen = [e for e in engine_events if e.public or e.to == side]
        context = {
            **base,
            "view": view(state, side),
            "events": seen,
            "player": side,
            "timeline": seen,
        }
        said[side] = render("baltic", "private", "md", context, lang)
    return said
