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

from tests.rulesets.westeros.action.helpers import describe, run, sorted_units

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
    assert sorted(played.rejected) == sorted(expect.get("rejected", {})), shown
    for house, fragments in expect.get("rejected", {}).items():
        text = "\n".join(str(e) for e in played.rejected[house])
        for fragment in fragments:
            assert fragment in text, f"{fragment!r} not in:\n{text}"
    if "units" in expect:
        assert sorted_units(played.state.units) == sorted_units(expect["units"]), shown
    if "waiting" in expect:
        assert [f"{r.kind}:{r.player}" for r in played.waiting] == expect["waiting"], shown
    for name in FIELDS:
        if name in expect:
            value = getattr(played.state, name)
            wanted = expect[name]
            if isinstance(wanted, dict) and isinstance(value, dict):
                value = {k: value.get(k) for k in wanted}
            assert value == wanted, f"{name}: {value!r} != {wanted!r}\n{shown}"
    for wanted in expect.get("events", []):
        kind = wanted["kind"]
        data = {k: v for k, v in wanted.items() if k not in ("kind", "absent")}
        hits = [
            e
            for e in played.events
            if e.kind == kind and all(e.data.get(k) == v for k, v in data.items())
        ]
        if wanted.get("absent"):
            assert not hits, f"unexpected {wanted}\n{shown}"
        else:
            assert hits, f"missing event {wanted}\n{shown}"
