"""The drawer speaks no game's nouns (issue 22, point 5): the view's keys it reads and the
words it writes into the SVG's attributes come from the game's drawing data, as the sides,
counters, shields and named pieces always did; a third game names its own.

Checked twice: the drawer's code holds none of the words the games' drawing data gives it,
and a game that words its year track and its ports otherwise is drawn in its own words.
"""

from __future__ import annotations

import ast
import copy
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import adjudicator.mapdraw
from adjudicator import mapwords
from adjudicator.data import load_game_data
from adjudicator.mapdraw import draw_svg
from adjudicator.rulesets.baltic.position import scenario_state
from adjudicator.rulesets.baltic.view import view as baltic_view
from tests.test_mapdraw import SVG

DRAWER = Path(adjudicator.mapdraw.__file__).parent


def game_words() -> set[str]:
    """Every word the games' drawing data gives the drawer for the view and the SVG."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict | list):
            for inner in value.values() if isinstance(value, dict) else value:
                walk(inner)

    for game in ("westeros", "baltic"):
        _, style = mapwords.drawing_data(game)
        walk(style["view"])
        walk(style.get("coast_ports", {}))
    return found


def code_strings(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string in a module's code; docstrings are prose, not code."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose
    ]


def test_the_drawers_code_names_none_of_the_words_the_games_give_it() -> None:
    words = game_words()
    assert {"cube", "year_track", "territory", "block", "house", "power"} <= words
    baked = [
        f"{path.name}:{line} {text!r}"
        for path in sorted(DRAWER.glob("*.py"))
        for line, text in code_strings(path)
        if words & set(re.findall(r"[a-z_]+", text))
    ]
    assert baked == []


@pytest.fixture
def reworded(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Baltic's drawing data as a third game might word it: its year track is a
    ``calendar`` whose markers are ``seal``s, and its ports serve a ``province``."""
    style = copy.deepcopy(load_game_data("baltic", "drawing.yaml"))
    style["view"]["years"] = {"key": "calendar", "marker": "seal"}
    style["coast_ports"] = {"attribute": "province"}
    legend = next(s for s in style["panel"]["sections"] if s["kind"] == "legend")
    legend["labels"]["seal"] = legend["labels"].pop("cube")

    def fake(game: str, name: str) -> Any:
        return style if name == "drawing.yaml" else load_game_data(game, name)

    monkeypatch.setattr(mapwords, "load_game_data", fake)  # where the map data is read
    return style


def test_1_7_a_year_track_is_read_by_the_names_its_drawing_data_gives(reworded) -> None:
    shown = baltic_view(scenario_state("poltava"), None)
    shown.update(year=1703, last_year=1721)
    shown["calendar"] = [{"year": 1705, "seal": "SAX"}, {"year": 1704, "block": "x"}]
    shown["year_track"] = [{"year": 1706, "cube": "DEN"}]  # not this game's words: not drawn
    panel = ET.fromstring(draw_svg(shown)).find(f".//{SVG}g[@id='panel']")
    seals = [r.get("data-seal") for r in panel.iter(f"{SVG}rect") if r.get("data-seal")]
    assert seals == ["SAX"]
    assert not [r for r in panel.iter(f"{SVG}rect") if r.get("data-cube")]
    due = [r for r in panel.iter(f"{SVG}rect") if r.get("fill") == "#6e6e6e"]
    assert len(due) == 2  # the block due back in 1704, and the key's sample
    key = [t.text for t in panel.find(f"{SVG}g[@id='legend']").iter(f"{SVG}text")]
    assert {"Truce cube (Year Track)", "Block due back (Year Track)"} <= set(key)


def test_a_port_on_a_coast_names_its_land_in_the_games_word(reworded) -> None:
    root = ET.fromstring(draw_svg(baltic_view(scenario_state("poltava"), None)))
    ports = [g for g in root.iter(f"{SVG}g") if g.get("class") == "harbour"]
    assert len(ports) == len(load_game_data("baltic", "regions.yaml")["harbours"])
    assert {g.get("data-province") for g in ports} >= {"danzig", "estland"}
    assert not [g for g in ports if "data-territory" in g.attrib]
