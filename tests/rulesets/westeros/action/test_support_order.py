"""Support is declared in turn order, one house after the other.

Rulebook, Combat, Call for Support: "If there are multiple Support Orders adjacent to the
embattled area, support must be declared (or refused) in turn order." A house later on the
Iron Throne track decides knowing what the houses before it declared.
"""

from __future__ import annotations

from tests.rulesets.westeros.action.helpers import describe, find_events, run, sorted_units
from tests.rulesets.westeros.harness import play

POSITION = {
    "blade_used": True,
    "units": {
        "seagard": {"lannister": ["knight"]},
        "the_twins": {"stark": ["footman"]},
        "moat_cailin": {"greyjoy": ["footman"]},
        "the_fingers": {"baratheon": ["footman"]},
    },
    "orders": {"seagard": "march+0", "moat_cailin": "support+0", "the_fingers": "support+0"},
    "hands": {"lannister": ["ser-jaime-lannister"], "stark": ["greatjon-umber"]},
}
# Iron Throne track of the 6-player start: baratheon, lannister, stark, martell, greyjoy, tyrell.


def test_support_is_asked_of_one_house_at_a_time_in_turn_order() -> None:
    played = run(POSITION, {"lannister": "march Seagard -> The Twins\n"})
    shown = describe(played)
    # Baratheon comes before Greyjoy on the Iron Throne track: only Baratheon is asked now.
    assert [(r.kind, r.player) for r in played.waiting] == [("support", "baratheon")], shown
    played = play(played.state, {"baratheon": "support: Stark\n"}, phases=("action",))
    shown = describe(played)
    assert [(r.kind, r.player) for r in played.waiting] == [("support", "greyjoy")], shown
    # Greyjoy now sees Baratheon's declaration before it declares.
    assert find_events(played, "support_declared", house="baratheon", supported="stark"), shown
    played = play(played.state, {"greyjoy": "support: Lannister\n"}, phases=("action",))
    shown = describe(played)
    assert played.waiting == [], shown
    # Lannister knight 2 + Jaime 2 + Greyjoy footman 1 = 5 against Stark 1 + 2 + Baratheon 1 = 4.
    (resolved,) = find_events(played, "battle_resolved")
    assert resolved.data["totals"] == {"attacker": 5, "defender": 4}, shown
    assert sorted_units(played.state.units) == {
        "the_twins": {"lannister": ["knight"]},
        "moat_cailin": {"greyjoy": ["footman"]},
        "the_fingers": {"baratheon": ["footman"]},
    }, shown
    declared = [e.data["house"] for e in played.events if e.kind == "support_declared"]
    assert declared == ["greyjoy"], shown


def test_standing_instructions_still_resolve_every_support_in_one_run() -> None:
    played = run(
        POSITION,
        {
            "lannister": "march Seagard -> The Twins\n",
            "greyjoy": "support: Lannister\n",
            "baratheon": "support: none\n",
        },
    )
    shown = describe(played)
    assert played.waiting == [], shown
    declared = [
        (e.data["house"], e.data["side"]) for e in played.events if e.kind == "support_declared"
    ]
    assert declared == [("baratheon", "none"), ("greyjoy", "attacker")], shown
    assert sorted_units(played.state.units) == {
        "the_twins": {"lannister": ["knight"]},
        "moat_cailin": {"greyjoy": ["footman"]},
        "the_fingers": {"baratheon": ["footman"]},
    }, shown
