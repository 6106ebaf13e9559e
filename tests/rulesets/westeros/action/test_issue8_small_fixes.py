"""The two small things issue 8 noticed in the action phase."""

from __future__ import annotations

import pytest

from adjudicator import render
from adjudicator.dice import Dice
from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.westeros import RULESET
from tests.rulesets.westeros.action.helpers import find_events, run
from tests.rulesets.westeros.harness import six_player_position


def test_neutral_force_equal_strength_report_has_no_fiefdoms() -> None:
    # Rulebook, neutral forces: an attack as strong as the token takes the area; Fiefdoms
    # plays no part, so the report must not say "tie: Fiefdoms decides".
    played = run(
        {
            "blade_used": True,
            "units": {"blackwater": {"lannister": ["knight", "knight", "footman"]}},
            "orders": {"blackwater": "march+0"},
            "hands": {"lannister": ["cersei-lannister"]},
        },
        {"lannister": "march Blackwater -> King's Landing\ncard: Cersei Lannister\n"},
    )
    (resolved,) = find_events(played, "battle_resolved")
    assert resolved.data["totals"] == {"attacker": 5, "defender": 5}
    text = render.environment("westeros", "md").globals["event"](resolved)
    assert "Fiefdoms" not in text and "5 against the neutral force 5" in text


@pytest.mark.parametrize(
    "line", ["Port of Lannisport: consolidate power*", "Port of Lannisport: raid*"]
)
def test_p12_error_lists_no_special_order_as_legal(line: str) -> None:
    # P12: with ports: clash-of-kings no special order may stand in a port, so none of
    # them may be offered as an alternative in the error.
    position = six_player_position(options={"ports": "clash-of-kings", "tides_of_battle": False})
    state = RULESET.load_position(position, Dice(b"case", "case", 0))
    with pytest.raises(OrderErrors) as caught:
        RULESET.parse(
            state,
            "lannister",
            f"Lannisport: march\nStoney Sept: raid\nThe Golden Sound: support\n{line}\n",
        )
    (error,) = caught.value.errors
    assert "P12" in str(error.message)
    assert error.alternatives
    special = {"march+1", "defense+2", "support+1", "raid*", "consolidate-power*"}
    assert not special & set(map(str, error.alternatives))
