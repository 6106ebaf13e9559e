"""Planning-phase rule cases: one YAML file a case under cases/, one harness.

Each case names its rule, sets up a position (keys override the 6-player start), sends
submissions, and states what must follow: rejected submissions with message fragments,
orders on the board after the reveal, and the requests then open.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.rulesets.westeros.harness import play, six_player_position

CASES = sorted((Path(__file__).parent / "cases").glob("*.yaml"))


def _describe(played) -> str:
    rejected = {h: [str(e) for e in errs] for h, errs in played.rejected.items()}
    return (
        f"orders: {played.state.orders}\nrejected: {rejected}\n"
        f"waiting: {[r.id for r in played.waiting]}\nevents: {played.kinds()}"
    )


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert case.get("rule"), f"{path.name} must name the rule it checks"
    position = six_player_position(**case.get("position", {}))
    played = play(position, case["submissions"], defaults=case.get("defaults", False))
    expect = case["expect"]
    shown = _describe(played)
    assert sorted(played.rejected) == sorted(expect.get("rejected", {})), shown
    for house, fragments in expect.get("rejected", {}).items():
        text = "\n".join(str(e) for e in played.rejected[house])
        for fragment in fragments:
            assert fragment in text, f"{fragment!r} not in:\n{text}"
    if "orders" in expect:
        assert played.state.orders == expect["orders"], shown
    if "waiting" in expect:
        assert [r.kind for r in played.waiting] == expect["waiting"], shown
    if "events" in expect:
        assert played.kinds() == expect["events"], shown
