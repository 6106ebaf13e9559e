"""Baltic's event kinds, declared with who may see each field (`reported.py`, 13.6): every
event bot games emit is declared and has its prose, a block's identity never reaches the
public report unless declared public, and an undeclared kind or field is refused."""

from __future__ import annotations

import pytest

from adjudicator import render
from adjudicator.requests import Event
from adjudicator.rulesets.audience import See, UndeclaredEvent
from adjudicator.rulesets.baltic.reported import EVENTS
from adjudicator.rulesets.baltic.ruleset import to_events
from adjudicator.rulesets.baltic.state import State
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.driver import play

MOVE = {
    "kind": "move",
    "side": "sweden",
    "path": ["svealand", "gotaland"],
    "count": 1,
    "blocks": ["swe_stenbock"],
}


def say(event: Event) -> str:
    return render.environment("baltic", "md", "en").globals["event"](event)


@pytest.mark.parametrize("seed", range(4))
def test_every_event_of_a_bot_game_is_declared_typed_and_public_only_where_declared(
    seed: int,
) -> None:
    faults: list[str] = []

    def check(_before: State | None, state: State, events: list[Event]) -> None:
        for event in events:
            if not render.has_event_macro("baltic", event.kind, event.shape):
                faults.append(f"no prose: {event}")
            (declared,) = EVENTS.shapes[event.kind]  # baltic's kinds have one shape each
            faults.extend(f"{event.kind} {fault}" for fault in declared.mistyped(event.data))
            if not event.public:  # the whole event, to its owner
                EVENTS.declaration(event.kind, set(event.data) - {"private"})
                continue
            hidden = [k for k in event.data if declared.see.get(k) is not See.PUBLIC]
            if hidden and not (event.kind == "destroyed" and hidden == ["block"]):
                faults.append(f"public {event.kind} shows {hidden}")
            if event.kind == "destroyed" and hidden and event.data["block"] not in state.revealed:
                faults.append(f"public destroyed shows the unrevealed {event.data['block']}")

    play("poltava", seed, check=check, keep=False)
    assert faults == []


def test_every_declared_kind_has_its_macro() -> None:
    assert [k for k in sorted(EVENTS.kinds()) if not render.has_event_macro("baltic", k)] == []


def test_13_6_the_blocks_of_a_move_reach_only_their_side() -> None:
    state = blank_state()
    public, own = to_events(state, [dict(MOVE)])
    assert (public.public, public.data) == (
        True,
        {"side": "sweden", "path": MOVE["path"], "count": 1},
    )
    assert (own.public, own.to) == (False, "sweden")
    assert own.data["blocks"] == ["swe_stenbock"] and own.data["private"] is True
    assert "Stenbock" not in say(public)
    assert "Stenbock" in say(own)


def test_13_6_a_destroyed_block_is_public_only_once_a_battle_revealed_it() -> None:
    state = blank_state()
    raw = {"kind": "destroyed", "block": "swe_stenbock", "nation": "SWE", "type": "army"}
    hidden = to_events(state, [{**raw, "at": "gotaland", "cause": "winter"}])
    assert "block" not in hidden[0].data and hidden[1].to == "sweden"
    state.revealed.append("swe_stenbock")
    (shown,) = to_events(state, [{**raw, "at": "gotaland", "cause": "winter"}])
    assert shown.public and shown.data["block"] == "swe_stenbock"


def test_a_field_added_to_an_event_without_declaring_it_is_refused() -> None:
    with pytest.raises(UndeclaredEvent, match="'move' with fields"):
        to_events(blank_state(), [{**MOVE, "plan": "to Moscow"}])
    with pytest.raises(UndeclaredEvent, match="'march' is not declared"):
        to_events(blank_state(), [{**MOVE, "kind": "march"}])


def test_an_event_saved_by_an_older_version_with_its_deny_list_reads_the_same() -> None:
    # State.carried keeps the Entry Phase's events in the saved state; before the
    # declarations an event listed its own secrets in `_secret`.
    old = {**MOVE, "_secret": ["blocks"]}
    assert to_events(blank_state(), [old]) == to_events(blank_state(), [dict(MOVE)])
