"""glyphs turns a map's words into outlines placed where the text would be (issue 10, item 21).

Checked through the SVG it writes: which glyph goes where, in which face. That those
outlines look like the font's own text is test_raster's (through pixels).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path

import pytest

from adjudicator.dice import Dice
from adjudicator.glyphs import _font, _moved, outline_text, word_path
from adjudicator.mapdraw import draw_svg
from tests.test_mapdraw import start_view
from tests.test_mapdraw_i18n import played_view

SVG = "{http://www.w3.org/2000/svg}"
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60">'
UPEM = 2048  # DejaVu Sans Condensed's units per em


def advance(face: str, char: str) -> int:
    return _font()["faces"][face][char][0]


def outlined(text_element: str) -> ET.Element:
    """The path that replaced a lone ``<text>`` element."""
    root = ET.fromstring(outline_text(HEAD + text_element + "</svg>"))
    assert root.find(f".//{SVG}text") is None
    (path,) = root.findall(f"{SVG}path")
    return path


def glyph_starts(path: ET.Element) -> list[float]:
    """The x of each glyph's first point (each outline starts with M), in font units."""
    return [float(x) for x in re.findall(r"M(-?[\d.]+)", path.get("d"))]


def placement(group: ET.Element) -> tuple[float, float, float]:
    """(x, y, scale) of the path's transform."""
    found = re.fullmatch(r"translate\((\S+) (\S+)\) scale\((\S+)\)", group.get("transform"))
    x, y, scale = found.groups()
    return float(x), float(y), float(scale)


def test_the_outlines_are_dejavu_sans_condensed_in_font_units() -> None:
    font = _font()
    assert font["units_per_em"] == UPEM
    assert set(font["faces"]) == {"regular", "bold", "italic", "bold-italic"}
    # Condensed: an M narrower than DejaVu Sans's 1767 units; bold wider than regular.
    assert advance("regular", "M") < 1767 < advance("bold", "M") + 200
    assert advance("bold", "M") > advance("regular", "M")


def test_a_centred_word_becomes_its_glyphs_one_advance_apart() -> None:
    group = outlined('<text x="150" y="40" font-size="20" text-anchor="middle">Wi</text>')
    font = _font()["faces"]["regular"]
    w, i = font["W"][1], font["i"][1]
    assert group.get("d").startswith(w)  # the W where the word starts
    # the i one W's advance to the right: its first point moved by exactly that
    (i_x,) = [float(x) for x in re.findall(r"M(-?[\d.]+)", i)][:1]
    assert glyph_starts(group)[-len(re.findall("M", i))] == i_x + advance("regular", "W")
    x, y, scale = placement(group)
    width = (advance("regular", "W") + advance("regular", "i")) * 20 / UPEM
    assert (x, y, scale) == (pytest.approx(150 - width / 2, abs=0.01), 40, 20 / UPEM)


def test_a_moved_glyph_shifts_every_x_and_no_y() -> None:
    # M, L and Q take x y pairs, H an x, V a y; halves stay halves, written as short as
    # before they moved (the parsed paths are kept per glyph: the same glyph moved twice).
    path = "M632 -563Q431 -563 353.5 -512.5L-0.5 0H796V-170Z"
    moved = "M732 -563Q531 -563 453.5 -512.5L99.5 0H896V-170Z"
    assert _moved(path, 100) == _moved(path, 100) == moved
    assert _moved(path, 1) == "M633 -563Q432 -563 354.5 -512.5L0.5 0H797V-170Z"


@pytest.mark.parametrize(("anchor", "share"), [("start", 0), ("end", 1)])
def test_start_and_end_anchors(anchor: str, share: float) -> None:
    group = outlined(f'<text x="100" y="30" font-size="10" text-anchor="{anchor}">ab</text>')
    width = (advance("regular", "a") + advance("regular", "b")) * 10 / UPEM
    assert placement(group)[0] == pytest.approx(100 - share * width, abs=0.01)


@pytest.mark.parametrize(
    ("style", "face"),
    [
        ('font-weight="bold"', "bold"),
        ('font-style="italic"', "italic"),
        ('font-style="italic" font-weight="bold"', "bold-italic"),
    ],
)
def test_weight_and_style_choose_the_face(style: str, face: str) -> None:
    group = outlined(f'<text x="5" y="30" font-size="12" {style}>K</text>')
    assert group.get("d") == _font()["faces"][face]["K"][1]


def test_colour_and_other_attributes_stay_and_a_space_is_only_an_advance() -> None:
    group = outlined('<text x="5" y="30" font-size="12" fill="#a61b1b" class="x">A &amp; B</text>')
    assert (group.get("fill"), group.get("class")) == ("#a61b1b", "x")
    font = _font()["faces"]["regular"]
    a_, amp, b_ = (font[c] for c in "A&B")
    space = font[" "][0]
    assert font[" "][1] == ""  # a space draws nothing
    assert group.get("d") == word_path("regular", "A & B")[0]
    assert word_path("regular", "A & B")[1] == a_[0] + amp[0] + b_[0] + 2 * space


def test_a_halo_keeps_its_width_in_the_maps_units() -> None:
    """A stroke's width is the map's, not the font's: the transform scales it back."""
    path = outlined('<text x="5" y="30" font-size="10" stroke="#fff" stroke-width="2">a</text>')
    assert float(path.get("stroke-width")) * 10 / UPEM == pytest.approx(2, rel=1e-3)


def test_a_word_with_a_letter_the_outlines_lack_stays_text() -> None:
    """Chinese is not in the map's font: the text stays for resvg to find a font for it."""
    svg = HEAD + '<text x="5" y="30" font-size="12">Winterfell 北</text></svg>'
    assert outline_text(svg) == svg


def test_same_svg_same_bytes() -> None:
    svg = draw_svg(played_view(), lang="ru")
    assert outline_text(svg) == outline_text(svg)


def _baltic_view() -> dict:
    from adjudicator.rulesets.baltic.ruleset import RULESET

    state = RULESET.new_game({"scenario": "poltava", "players": 2}, Dice(b"t", "t", 0))
    return RULESET.view(state, None)


@pytest.mark.parametrize("lang", ["en", "ru", "pt_BR"])
@pytest.mark.parametrize("view", [start_view, played_view, _baltic_view])
def test_every_word_of_both_maps_is_outlined_in_every_language(view, lang: str) -> None:
    assert "<text" not in outline_text(draw_svg(view(), lang=lang))


def test_every_letter_of_the_maps_data_has_an_outline_in_every_face() -> None:
    """The names and the map catalog's words: a new name with a letter the outlines lack
    would be drawn with whatever font a machine has. Run tools/outline_font.py to add it."""
    games = resources.files("adjudicator.games")
    locale = Path(str(resources.files("adjudicator"))) / "locale"
    texts = [p.read_text("utf-8") for p in Path(str(games)).rglob("*.yaml")]
    texts += [p.read_text("utf-8") for p in locale.glob("*/maps.po")]
    letters = {c for text in texts for c in text if c.isprintable() and not c.isspace()}
    for face, glyphs in _font()["faces"].items():
        assert letters - set(glyphs) == set(), face
