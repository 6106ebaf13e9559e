"""Action-phase rule cases: one YAML file a case under cases/, one harness.

A case names its rule (`rule:`, with the clause id), sets up a position (keys override
the 6-player start; phase action), sends submissions, and states what must follow: where
every unit stands (`units:` is compared whole), the requests left open, events that must
appear (kind plus a subset of their data), and any other state fields named.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.rulesets.westeros.action.helpers import check_case, describe, run

CASES = sorted((Path(__file__).parent / "cases").glob("*.yaml"))
FIELDS = (
    "power",
    "power_tokens",
    "garrisons",
    "orders",
    "hands",
    "discards",
    "tracks",
    "phase",
    "winner",
    "round",
    "blade_used",
)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert case.get("rule"), f"{path.name} must name the rule it checks"
    played = run(case["position"], case.get("submissions"), case.get("defaults", False))
    expect = case["expect"]
    shown = f"{path.stem}: {case['rule']}\n{describe(played)}"
    check_case(played, expect, shown, FIELDS)
