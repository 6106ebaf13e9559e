"""Westeros-phase rule cases: one YAML file a case under westeros_cases/, one harness.

A case names its rule (`rule:` names the Westeros card or the step it checks), sets up a
position (keys override the 6-player start; `phase: westeros`, the decks as they lie, top
card first), sends submissions, lets the request kinds in `defaults` take their defaults,
and states what must follow when the phase is over (or blocked): where every unit stands
(`units:` is compared whole), the requests left open, events that must appear (kind plus a
subset of their data), and any other state field named.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import RULESET
from tests.rulesets.westeros.action.helpers import check_case, describe
from tests.rulesets.westeros.harness import play, six_player_position

CASES = sorted((Path(__file__).parent / "westeros_cases").glob("*.yaml"))
FIELDS = (
    "power",
    "supply",
    "tracks",
    "wildlings",
    "restricted",
    "deck_discards",
    "power_tokens",
    "phase",
    "round",
    "winner",
)


def run_case(case: dict):
    position = six_player_position(**{"phase": "westeros", "round": 2, **case["position"]})
    state = RULESET.load_position(position, Dice(b"case", "case", 0))
    return play(
        state,
        case.get("submissions") or {},
        defaults=case.get("defaults", False),
        phases=("westeros",),
    )


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert case.get("rule"), f"{path.name} must name the rule it checks"
    played = run_case(case)
    expect = case["expect"]
    shown = f"{path.stem}: {case['rule']}\n{describe(played)}"
    # Here the requests left open are always checked: none unless the case names them.
    check_case(played, {"waiting": [], **expect}, shown, FIELDS)
