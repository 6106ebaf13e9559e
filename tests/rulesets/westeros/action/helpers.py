"""Helpers for action-phase tests: a position in the action phase, played to a stop."""

from __future__ import annotations

import copy
from collections.abc import Collection, Mapping
from typing import Any

from adjudicator.dice import Dice
from adjudicator.requests import Event
from adjudicator.rulesets.westeros.position import load_position
from adjudicator.rulesets.westeros.rules.action import start_action
from adjudicator.rulesets.westeros.state import State
from tests.rulesets.westeros.harness import Played, play, six_player_position

QUIET = {"stark": [], "lannister": [], "baratheon": [], "greyjoy": [], "tyrell": [], "martell": []}


def action_state(**overrides: Any) -> tuple[State, list[Event]]:
    """The 6-player start with `overrides`, in the action phase, started (events kept)."""
    overrides = copy.deepcopy(overrides)
    overrides.setdefault("phase", "action")
    overrides.setdefault("orders", {})
    state = load_position(six_player_position(**overrides), Dice(b"case", "case", 0))
    events = start_action(state, Dice(b"case", "case", 0))
    return state, events


def run(
    position: Mapping[str, Any],
    submissions: Mapping[str, str | list[str]] | None = None,
    defaults: bool | Collection[str] = False,
) -> Played:
    """Start the action phase of `position` and play the submissions until blocked."""
    state, events = action_state(**position)
    played = play(state, submissions or {}, defaults=defaults, phases=("action",))
    played.events[:0] = events
    return played


def sorted_units(units: Mapping[str, Mapping[str, list[str]]]) -> dict[str, dict[str, list[str]]]:
    return {a: {h: sorted(u) for h, u in hs.items() if u} for a, hs in units.items() if hs}


def describe(played: Played) -> str:
    """Everything a failing case needs to show."""
    lines = [f"units: {sorted_units(played.state.units)}", f"orders: {played.state.orders}"]
    lines.append(f"waiting: {[(r.kind, r.player) for r in played.waiting]}")
    lines.append(f"rejected: { {h: [str(e) for e in es] for h, es in played.rejected.items()} }")
    lines += [f"  {e.kind} {e.data}" for e in played.events]
    return "\n".join(lines)


def find_events(played: Played, kind: str, **data: Any) -> list[Event]:
    """Events of `kind` whose data includes `data`."""
    return [
        e
        for e in played.events
        if e.kind == kind and all(e.data.get(k) == v for k, v in data.items())
    ]


def check_case(
    played: Played, expect: Mapping[str, Any], shown: str, fields: Collection[str]
) -> None:
    """Assert what a rule case file's `expect:` says: rejected lines (with message
    fragments), every unit (`units:` compared whole), the requests left open (`waiting:`),
    the state `fields` named, the top of the decks, and events present or `absent` (kind
    plus a subset of their data). `shown` is printed with any failure."""
    assert sorted(played.rejected) == sorted(expect.get("rejected", {})), shown
    for house, fragments in expect.get("rejected", {}).items():
        text = "\n".join(str(e) for e in played.rejected[house])
        for fragment in fragments:
            assert fragment in text, f"{fragment!r} not in:\n{text}"
    if "units" in expect:
        assert sorted_units(played.state.units) == sorted_units(expect["units"]), shown
    if "waiting" in expect:
        assert [f"{r.kind}:{r.player}" for r in played.waiting] == expect["waiting"], shown
    for name in fields:
        if name in expect:
            value = getattr(played.state, name)
            wanted = expect[name]
            if isinstance(wanted, dict) and isinstance(value, dict):
                value = {k: value.get(k) for k in wanted}
            assert value == wanted, f"{name}: {value!r} != {wanted!r}\n{shown}"
    for deck, top in expect.get("decks", {}).items():
        assert played.state.decks[deck][: len(top)] == top, shown
    for wanted in expect.get("events", []):
        data = {k: v for k, v in wanted.items() if k not in ("kind", "absent")}
        hits = find_events(played, wanted["kind"], **data)
        if wanted.get("absent"):
            assert not hits, f"unexpected {wanted}\n{shown}"
        else:
            assert hits, f"missing event {wanted}\n{shown}"
