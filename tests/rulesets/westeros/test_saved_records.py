"""The typed records of a game in progress (the battle; issue 22) save as the plain data the
game file has always held, and a game saved by the earlier code loads and plays on the same.

Combat (cards.yaml combat_sequence): a battle stopped at any stage resumes where it stood.
"""

from __future__ import annotations

from adjudicator.dice import Dice
from adjudicator.gamedir import dump_yaml, load_yaml_text
from adjudicator.rulesets.westeros.battle import Battle
from adjudicator.rulesets.westeros.rules import action, combat
from adjudicator.rulesets.westeros.state import State
from tests.rulesets.westeros.action.test_tides import battle_at_retreat

OLD_BATTLE = {
    # As the earlier code saved a battle after Tyrion: keys in the order it set them.
    "n": 2,
    "area": "the_twins",
    "origin": "seagard",
    "attacker": "tyrell",
    "defender": "stark",
    "units": ["knight", "knight"],
    "march": "march+0",
    "stage": "retreat",
    "supports": {"riverrun": "defender"},
    "cards": {"attacker": "tyrion-lannister", "defender": "catelyn-stark"},
    "did": ["cancel"],
    "barred": ["eddard-stark"],
    "replacing": None,
    "abilities": [{"card": "tyrion-lannister", "house": "tyrell"}],
    "strength": {"attacker": {"units": 4}, "defender": {"units": 3}},
    "winner": "attacker",
    "loser": "defender",
}


def _saved(state: State) -> State:
    """The state written to the game file and read back, as a run between two runs does."""
    return State.from_data(load_yaml_text(dump_yaml(state.to_data())))


def test_an_old_saved_battle_loads_as_a_battle_and_saves_the_same_data() -> None:
    state = battle_at_retreat({"attacker": "zero", "defender": "zero"})
    data = state.to_data()
    data["action"]["battle"] = dict(OLD_BATTLE)
    restored = State.from_data(data)
    battle = restored.action["battle"]
    assert isinstance(battle, Battle)
    assert (battle.house_of("attacker"), battle.house_of("defender")) == ("tyrell", "stark")
    assert battle.barred == ["eddard-stark"] and battle.replacing is None
    assert battle.tides is None and battle.moved_in is None
    assert restored.to_data()["action"]["battle"] == OLD_BATTLE


def test_a_battle_saved_at_its_retreat_plays_on_as_the_unsaved_one() -> None:
    # Rulebook, Combat: the beaten defender retreats; the saved battle must resume there.
    kept = battle_at_retreat({"attacker": "skull", "defender": "zero"})
    saved = _saved(kept)
    assert saved.to_data() == kept.to_data()
    for state in (kept, saved):
        combat.advance_battle(state, Dice(b"t", "t", 1), [])
    (asked,) = action.action_requests(kept)
    assert [(r.id, r.kind, r.player, r.context) for r in action.action_requests(saved)] == [
        (asked.id, "casualties", "stark", asked.context)
    ]
    assert _saved(saved).to_data() == kept.to_data()
