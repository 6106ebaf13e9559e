"""Tides of Battle skulls: each costs the other side one unit of its choice, win or lose."""

from __future__ import annotations

from adjudicator.dice import Dice
from adjudicator.requests import Answer
from adjudicator.rulesets.westeros.battle import Battle
from adjudicator.rulesets.westeros.rules import action, combat
from tests.rulesets.westeros.action.helpers import action_state, sorted_units


def battle_at_retreat(tides: dict[str, str]):
    """Tyrell (2 knights) has beaten Stark (footman, knight) at The Twins; casualties done."""
    state, _ = action_state(
        units={"the_twins": {"stark": ["footman", "knight"]}},
        orders={},
    )
    state.phase = "action"
    state.action = {"step": "march", "last": "tyrell", "open": [], "n": 0, "done": []}
    state.action["battle"] = Battle(
        n=1,
        area="the_twins",
        origin="seagard",
        attacker="tyrell",
        defender="stark",
        units=["knight", "knight"],
        march="march+0",
        stage="retreat",
        supports={},
        cards={"attacker": None, "defender": None},
        did=[],
        winner="attacker",
        loser="defender",
        tides=tides,
    )
    return state


def test_skull_victim_chooses_its_unit() -> None:
    state = battle_at_retreat({"attacker": "skull", "defender": "zero"})
    combat.advance_battle(state, Dice(b"t", "t", 1), [])
    (request,) = action.action_requests(state)
    assert (request.kind, request.player, request.context["count"]) == ("casualties", "stark", 1)
    events = action.action_step(
        state, {request.id: Answer(request.id, ["knight"])}, Dice(b"t", "t", 2)
    )
    assert [e.data["units"] for e in events if e.kind == "casualties"] == [["knight"]]
    assert [e.data["reason"] for e in events if e.kind == "casualties"] == ["skull"]


def test_skull_costs_the_winner_too() -> None:
    state = battle_at_retreat({"attacker": "zero", "defender": "skull"})
    events: list = []
    for _ in range(10):
        if state.action.get("open") or "battle" not in state.action:
            break
        combat.advance_battle(state, Dice(b"t", "t", 1), events)
    assert [(e.data["house"], e.data["units"]) for e in events if e.kind == "casualties"] == [
        ("tyrell", ["knight"])
    ]
    assert [r.kind for r in state.action["open"]] == ["retreat"]
    assert state.action["battle"].units == ["knight"]
    assert sorted_units(state.units) == {"the_twins": {"stark": ["footman", "knight"]}}


def test_skull_never_takes_a_routed_unit() -> None:
    # Rulebook, Retreats and Routing: "Routed units may never be chosen as casualties in
    # combat"; a Tides of Battle skull is a casualty, so the victim loses a standing unit.
    state = battle_at_retreat({"attacker": "skull", "defender": "zero"})
    state.units["the_twins"]["stark"] = ["routed footman", "knight"]
    state.action["battle"].winner, state.action["battle"].loser = "defender", "attacker"
    events: list = []
    for _ in range(10):
        if state.action.get("open") or "battle" not in state.action:
            break
        combat.advance_battle(state, Dice(b"t", "t", 1), events)
    assert state.action["open"] == []
    assert [
        (e.data["house"], e.data["units"], e.data["reason"])
        for e in events
        if e.kind == "casualties"
    ] == [("stark", ["knight"], "skull")]
    assert [(e.data["house"], e.data["to"]) for e in events if e.kind == "retreat"] == [
        ("tyrell", "seagard")
    ]
    assert sorted_units(state.units) == {
        "the_twins": {"stark": ["routed footman"]},
        "seagard": {"tyrell": ["routed knight", "routed knight"]},
    }


def test_skull_with_only_routed_units_left_costs_nothing() -> None:
    # Rulebook: routed units are never casualties; a skull finds no unit to take.
    state = battle_at_retreat({"attacker": "skull", "defender": "zero"})
    state.units["the_twins"]["stark"] = ["routed footman"]
    state.action["battle"].winner, state.action["battle"].loser = "defender", "attacker"
    events: list = []
    for _ in range(10):
        if state.action.get("open") or "battle" not in state.action:
            break
        combat.advance_battle(state, Dice(b"t", "t", 1), events)
    assert [e for e in events if e.kind == "casualties"] == []
    assert sorted_units(state.units) == {
        "the_twins": {"stark": ["routed footman"]},
        "seagard": {"tyrell": ["routed knight", "routed knight"]},
    }
