"""Position files: every fault listed with its YAML path; export and load round-trip."""

from __future__ import annotations

import pytest

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import RULESET
from adjudicator.rulesets.westeros.position import PositionError
from tests.rulesets.westeros.harness import six_player_position


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_new_game_exports_and_reloads_exactly(players: int) -> None:
    state = RULESET.new_game({"players": players}, Dice(b"s", "g", 0))
    exported = RULESET.export(state)
    again = RULESET.export(RULESET.load_position(exported, Dice(b"t", "g", 0)))
    assert again == exported
    assert len(exported["houses"]) == players


def test_three_players_close_the_south() -> None:
    state = RULESET.new_game({"players": 3}, Dice(b"s", "g", 0))
    assert "sunspear" in state.impassable and "port_of_pyke" in state.impassable
    assert state.houses == ["stark", "lannister", "baratheon"]


def test_names_are_accepted_by_display_name_and_alias() -> None:
    position = six_player_position(
        units={
            "Winterfell": {"stark": ["footman", "routed knight"]},
            "Winterfell port": {"stark": ["ship"]},
        },
        power_tokens={"Moat Cailin": "stark"},
        hands={"stark": ["Eddard Stark", "robb-stark"]},
    )
    state = RULESET.load_position(position, Dice(b"s", "g", 0))
    assert state.units == {
        "winterfell": {"stark": ["footman", "routed knight"]},
        "port_of_winterfell": {"stark": ["ship"]},
    }
    assert state.power_tokens == {"moat_cailin": "stark"}
    assert state.hands["stark"] == ["eddard-stark", "robb-stark"]
    assert "catelyn-stark" in state.discards["stark"]


def test_every_fault_is_listed_with_its_path() -> None:
    position = six_player_position(
        round=11,
        units={
            "Winterfel": {"stark": ["ship"]},
            "Nowhere": {"stark": ["footman"]},
            "Bay of Ice": {"stark": ["dragon"]},
        },
        supply={"stark": 9},
        options={"ports": "third-edition"},
        orders={"winterfell": "march"},
    )
    with pytest.raises(PositionError) as caught:
        RULESET.load_position(position, Dice(b"s", "g", 0))
    faults = [str(f) for f in caught.value.faults]
    assert "round: expected a whole number from 1 to 10, got 11" in faults
    assert any(
        f.startswith("units.Winterfel.stark[0]: a ship can only stand on a sea") for f in faults
    )
    assert any(
        f.startswith("units.Nowhere: invalid") or "no area called 'Nowhere'" in f for f in faults
    )
    assert any(f.startswith("units.Bay of Ice.stark[0]: unknown unit 'dragon'") for f in faults)
    assert any(f.startswith("supply: missing") for f in faults)
    assert any(
        f.startswith("options.ports: unknown option or value 'third-edition'") for f in faults
    )
    assert "orders: orders are only given in a position with phase: raven or action" in faults
