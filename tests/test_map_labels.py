"""Labels that fit (issue 21, item 4): no area's name overlaps another name, a unit, a shield,
a castle, a token or an order, nor leaves its region, in every language of the maps; and
no area's marks cover another's.

Boxes are measured as the PNG draws them: a name's width from the map font's glyph
advances (`glyphs.text_width`, the advances `outline_text` places the glyphs by).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from adjudicator.glyphs import text_width
from adjudicator.mapdraw import draw_svg
from adjudicator.rulesets.baltic.position import scenario_state
from adjudicator.rulesets.baltic.view import view as baltic_view
from tests.test_map_regions import drawn_regions, inside
from tests.test_mapdraw import SVG, areas_of
from tests.test_mapdraw_i18n import played_view

Box = tuple[float, float, float, float]  # left, top, right, bottom
FIRST = re.compile(r"M(-?[\d.]+) (-?[\d.]+)")
LANGS = ["en", "ru", "pt_BR"]


def name_boxes(group: ET.Element) -> list[Box]:
    """The boxes of an area's name lines (texts straight in its group)."""
    out = []
    for t in group.findall(f"{SVG}text"):
        size = float(t.get("font-size"))
        width = text_width(
            t.text or "",
            size,
            bold=t.get("font-weight") == "bold",
            italic=t.get("font-style") == "italic",
        )
        x, base = float(t.get("x")), float(t.get("y"))
        left = x - width * {"middle": 0.5, "end": 1.0}.get(t.get("text-anchor"), 0.0)
        out.append((left, base - 0.76 * size, left + width, base + 0.22 * size))
    return out


def mark_boxes(group: ET.Element) -> list[Box]:
    """Boxes of the marks drawn in an area: units, shields, castles, supply and power
    icons, tokens and orders."""
    out = []
    for g in group.iter(f"{SVG}g"):
        kind = g.get("class", "")
        rect = g.find(f"{SVG}rect")
        if "unit" in kind or kind == "order":
            x, y = float(rect.get("x")), float(rect.get("y"))
            out.append((x, y, x + float(rect.get("width")), y + float(rect.get("height"))))
        elif kind == "garrison":
            x, y = map(float, FIRST.match(g.find(f"{SVG}path").get("d")).groups())
            out.append((x, y, x + 16, y + 18))
        elif kind == "castle":
            paths = g.findall(f"{SVG}path")
            x, bottom = map(float, FIRST.match(paths[0].get("d")).groups())
            out.append((x, bottom - 13, x + 11 * len(paths) - 3, bottom))
        elif kind == "icons":  # barrels (rects) and crowns (polygons)
            for r in g.findall(f"{SVG}rect"):
                x, y = float(r.get("x")), float(r.get("y"))
                out.append((x, y, x + float(r.get("width")), y + float(r.get("height"))))
            for p in g.findall(f"{SVG}polygon"):
                xs, ys = zip(
                    *(map(float, xy.split(",")) for xy in p.get("points").split()), strict=True
                )
                out.append((min(xs), min(ys), max(xs), max(ys)))
        elif kind == "power":
            c = g.find(f"{SVG}circle")
            cx, cy, r = (float(c.get(k)) for k in ("cx", "cy", "r"))
            out.append((cx - r, cy - r, cx + r, cy + r))
    return out


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def views() -> dict[str, dict[str, Any]]:
    state = scenario_state("poltava")
    return {
        "westeros": played_view(),
        "westeros-private": played_view("stark"),
        "baltic": baltic_view(state, None),
        "baltic-sweden": baltic_view(state, "sweden"),
    }


VIEWS = views()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("which", sorted(VIEWS))
def test_no_name_overlaps_another_name_or_a_mark(which: str, lang: str) -> None:
    assert clashes(draw_svg(VIEWS[which], lang=lang)) == []


@pytest.mark.parametrize(
    ("game", "setup"),
    [("westeros", {"players": 6}), ("baltic", {"scenario": "poltava", "players": 2})],
)
def test_names_stay_clear_through_a_bot_game(game: str, setup: dict) -> None:
    """Every moment of a bot game, public and private maps in turn, each language in turn:
    armies pile up and tiles grow, and still no name is covered."""
    import importlib

    from adjudicator.bots import bot_source, play
    from adjudicator.dice import Dice
    from adjudicator.rulesets import known_games

    ruleset = importlib.import_module(known_games()[game]).RULESET
    state = ruleset.new_game(setup, Dice(b"labels", "labels", 0))
    found: list[str] = []
    moments: list[int] = []

    def check(state: Any, events: list) -> None:
        if len(moments) >= 80 or not events:
            return
        viewers = [None, *ruleset.players(state)]
        viewer = viewers[len(moments) % len(viewers)]
        lang = LANGS[len(moments) % 3]
        svg = draw_svg(ruleset.view(state, viewer), lang=lang)
        found.extend(f"moment {len(moments)} ({lang}): {c}" for c in clashes(svg))
        moments.append(len(moments))

    play(ruleset, state, source=bot_source(ruleset, seed=5), check=check)
    assert "\n".join(found) == ""


def clashes(svg: str) -> list[str]:
    """Every name that overlaps another name or a mark, and every mark that overlaps
    another area's mark, as 'name A / name B'."""
    groups = areas_of(svg)
    names = {a: name_boxes(g) for a, g in groups.items()}
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        if g.get("class") == "harbour":  # a port's name on its coast (baltic)
            names[g.get("data-territory")] += name_boxes(g)
    marks = {a: mark_boxes(g) for a, g in groups.items()}
    clashes = []
    for a, boxes in names.items():
        for box in boxes:
            for b, others in names.items():
                if b > a and any(overlap(box, o) for o in others):
                    clashes.append(f"name {a} / name {b}")
            for b, others in marks.items():
                if any(overlap(box, o) for o in others):
                    clashes.append(f"name {a} / a mark of {b}")
    for a, boxes in marks.items():  # a shield on a neighbour's ship hides the ship
        for b, others in marks.items():
            if b > a and any(overlap(box, o) for box in boxes for o in others):
                clashes.append(f"a mark of {a} / a mark of {b}")
    return sorted(set(clashes))


@pytest.mark.parametrize("lang", LANGS)
def test_every_westeros_name_stays_in_its_region(lang: str) -> None:
    svg = draw_svg(VIEWS["westeros"], lang=lang)
    root = ET.fromstring(svg)
    ox, oy = (float(v) for v in root.find(f"{SVG}g[@id='regions']").get("transform")[10:-1].split())
    regions = drawn_regions(svg)
    out = []
    for area, group in areas_of(svg).items():
        if area not in regions:
            continue  # a port: its name is in its harbour
        for left, top, right, bottom in name_boxes(group):
            corners = [(left, top), (right, top), (left, bottom), (right, bottom)]
            if not all(inside((x - ox, y - oy), regions[area]) for x, y in corners):
                out.append(area)
    assert sorted(set(out)) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("which", ["westeros-private", "baltic-sweden"])
def test_every_word_of_the_key_fits_in_the_panel(which: str, lang: str) -> None:
    svg = draw_svg(VIEWS[which], lang=lang)
    root = ET.fromstring(svg)
    panel = root.find(f".//{SVG}g[@id='panel']/{SVG}rect")
    right = float(panel.get("x")) + float(panel.get("width"))
    legend = root.find(f".//{SVG}g[@id='legend']")
    too_long = [
        t.text for t in legend.iter(f"{SVG}text") for box in name_boxes_of(t) if box[2] > right
    ]
    assert too_long == []


def name_boxes_of(text: ET.Element) -> list[Box]:
    holder = ET.Element("g")
    holder.append(text)
    return name_boxes(holder)
