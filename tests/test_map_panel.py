"""The baltic panel's Year Track (issue 21, item 2: the tracks beside the map; rule 1.7: the
Year Track is public): this year marked, the years to come, truce cubes and blocks due."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from adjudicator.mapdraw import draw_svg
from adjudicator.rulesets.baltic.position import scenario_state
from adjudicator.rulesets.baltic.view import view
from tests.test_mapdraw import SVG


def test_1_7_the_year_track_shows_the_years_to_come_and_what_comes_back_when() -> None:
    shown = view(scenario_state("poltava"), None)
    shown.update(year=1703, last_year=1721)
    shown["year_track"] = [{"year": 1705, "cube": "SAX"}, {"year": 1704, "block": "x"}]
    root = ET.fromstring(draw_svg(shown))
    panel = root.find(f".//{SVG}g[@id='panel']")
    texts = [t.text for t in panel.iter(f"{SVG}text")]
    assert "Year Track" in texts
    assert [str(y) for y in range(1703, 1711)] == [
        t for t in texts if t and t.isdigit() and len(t) == 4
    ]
    cubes = [r for r in panel.iter(f"{SVG}rect") if r.get("data-cube")]
    assert [c.get("data-cube") for c in cubes] == ["SAX"]
    current = [r for r in panel.iter(f"{SVG}rect") if r.get("fill") == "#a61b1b"]
    assert len(current) == 2  # this year, and the attrition box above it
