"""The PNG map: resvg draws the words from outlines, as the font would, with no font at all
(issue 10, item 21); a missing or failing resvg never costs a game anything.

Pixels are read with tests/pngpixels.py; the pictures are small so that pure Python does.
"""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator import raster
from adjudicator.glyphs import outline_text
from adjudicator.mapdraw import draw_svg
from tests.conftest import SAMPLE_ORDERS, cli, drop
from tests.pngpixels import chunks, filtered_rows, ink, size
from tests.test_mapdraw import start_view

NOW = "2027-01-01T13:00Z"
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed{}.ttf")
STYLES = {"": "", "-Bold": 'font-weight="bold"', "-Oblique": 'font-style="italic"'}
STYLES["-BoldOblique"] = 'font-style="italic" font-weight="bold"'
WORDS = ["Winterfell", "Королевская гавань", "Água Negra", "Sunspear ★ −1"]

pytestmark = pytest.mark.skipif(raster.program() is None, reason="resvg is not installed")


def word_svg(word: str, style: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="40" '
        'font-family="DejaVu Sans Condensed, sans-serif">'
        f'<text x="160" y="28" font-size="20" text-anchor="middle" {style}>{word}</text></svg>'
    )


def with_the_font(svg: str) -> bytes:
    """What resvg draws from the real font files, laying the text out itself."""
    files = [
        a
        for suffix in STYLES
        for a in ("--use-font-file", str(FONT.with_name(FONT.name.format(suffix))))
    ]
    family = ["--font-family", "DejaVu Sans", "--sans-serif-family", "DejaVu Sans"]
    args = [raster.program(), "--skip-system-fonts", *family, *files, "-", "-c"]
    return subprocess.run(args, input=svg.encode(), capture_output=True, check=True).stdout


def difference(reference: bytes, other: bytes) -> tuple[float, float]:
    """(pixel difference, ink) of `other`, both as shares of the reference's ink."""
    a, b = ink(reference), ink(other)
    total = sum(map(sum, a))
    diff = sum(
        abs(x - y)
        for row_a, row_b in zip(a, b, strict=True)
        for x, y in zip(row_a, row_b, strict=True)
    )
    return diff / total, sum(map(sum, b)) / total


@pytest.mark.skipif(
    not all(FONT.with_name(FONT.name.format(s)).is_file() for s in STYLES),
    reason="the map's font (fonts-dejavu-extra) is not installed to compare with",
)
@pytest.mark.parametrize("style", list(STYLES.values()))
@pytest.mark.parametrize("word", WORDS)
def test_outlined_words_look_like_the_fonts_own_text(word: str, style: str) -> None:
    """Issue 10, item 21: 'the same map with its text'. The outlines skip kerning, which
    moves a glyph by a fraction of a pixel: the difference stays under 0.3 of the word's
    ink, where a different word (the same letters reversed) is 0.8 or more."""
    reference = with_the_font(word_svg(word, style))
    drawn = raster.svg_to_png(word_svg(word, style))
    diff, inked = difference(reference, drawn)
    assert diff < 0.3 and inked == pytest.approx(1, abs=0.02)
    assert difference(reference, raster.svg_to_png(word_svg(word[::-1], style)))[0] > 0.6


@pytest.mark.parametrize("word", WORDS)
def test_words_are_drawn_with_no_font_installed(word: str) -> None:
    """resvg gets --skip-system-fonts once every word is outlined: a word still given as
    text would come out blank, and one letter changed would come out the same."""
    assert "--skip-system-fonts" in _arguments(word_svg(word, ""))
    blank = sum(map(sum, ink(raster.svg_to_png(word_svg("", "")))))
    drawn = sum(map(sum, ink(raster.svg_to_png(word_svg(word, "")))))
    assert blank == 0 and drawn > 20_000
    other = raster.svg_to_png(word_svg(word.replace(word[1], "x"), ""))
    assert difference(raster.svg_to_png(word_svg(word, "")), other)[0] > 0.05


def _arguments(svg: str) -> list[str]:
    """The command line `start` gives resvg for `svg`."""
    seen: list[list[str]] = []
    real = subprocess.Popen

    def spy(args, **kwargs):
        seen.append(list(args))
        return real(args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(subprocess, "Popen", spy)
        raster.svg_to_png(svg)
    return seen[0]


def test_a_word_the_outlines_lack_is_left_to_the_systems_fonts() -> None:
    svg = word_svg("Winterfell 北", "")
    assert "--skip-system-fonts" not in _arguments(svg)
    assert raster.svg_to_png(svg).startswith(raster.SIGNATURE)


@pytest.mark.parametrize("width", [1000, 640])
def test_the_png_has_the_svgs_size(width: int) -> None:
    svg = draw_svg(start_view(), width=width)
    assert size(raster.svg_to_png(svg)) == (width, int(ET.fromstring(svg).get("height")))


def test_the_png_is_deterministic() -> None:
    svg = draw_svg(start_view())
    assert raster.svg_to_png(svg) == raster.svg_to_png(svg)


def test_the_png_keeps_resvgs_pixels_in_little_more_than_half_the_bytes() -> None:
    """resvg 0.44 compresses fast and little; `_deflated_again` packs the same rows again."""
    svg = outline_text(draw_svg(start_view()))
    args = [raster.program(), "--skip-system-fonts", "-", "-c"]
    own = subprocess.run(args, input=svg.encode(), capture_output=True, check=True).stdout
    ours = raster.svg_to_png(svg)
    assert filtered_rows(ours) == filtered_rows(own)
    assert len(ours) < 0.65 * len(own)
    kinds = [kind for kind, _ in chunks(ours)]
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND" and kinds.count(b"IDAT") == 1


def _fake_resvg(tmp_path: Path, script: str, monkeypatch: pytest.MonkeyPatch) -> None:
    program = tmp_path / "resvg"
    program.write_text(f"#!/bin/sh\n{script}\n")
    program.chmod(0o755)
    monkeypatch.setattr(raster, "program", lambda: str(program))


def _played(new_game) -> Path:
    game = new_game()
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    return game


def test_without_resvg_the_run_publishes_the_svg_map(new_game, monkeypatch) -> None:
    monkeypatch.setattr(raster, "program", lambda: None)
    game = _played(new_game)
    assert cli("run", game, "--now", NOW).exit_code == 0
    reports = sorted(p.name for p in (game / "reports").iterdir())
    assert reports == ["0001.bbcode", "0001.md", "0001.svg"]
    assert "![The board after step 1](0001.svg)" in (game / "reports" / "0001.md").read_text()


def test_a_failing_resvg_stops_the_run_and_loses_nothing(new_game, tmp_path, monkeypatch) -> None:
    game = _played(new_game)
    before = (game / "game.yaml").read_bytes()
    _fake_resvg(tmp_path, "echo 'Error: out of memory' >&2; exit 1", monkeypatch)
    failed = cli("run", game, "--now", NOW)
    assert failed.exit_code == 1 and "Traceback" not in failed.output
    said = "drawing reports/0001.png failed (resvg: Error: out of memory); nothing was written"
    assert said in failed.output
    assert (game / "game.yaml").read_bytes() == before
    assert not (game / "reports").exists() or not any((game / "reports").iterdir())
    assert list((game / ".adjudicator" / "tx").iterdir()) == []  # staged meanwhile, removed
    monkeypatch.undo()
    assert cli("run", game, "--now", NOW).exit_code == 0
    assert (game / "reports" / "0001.png").read_bytes().startswith(raster.SIGNATURE)
    assert "Stark" in (game / "reports" / "0001.md").read_text()


def test_a_broken_png_from_resvg_is_a_draw_error(tmp_path, monkeypatch) -> None:
    """A PNG cut short (a disk full, a resvg bug) is said, not a traceback from the thread."""
    _fake_resvg(tmp_path, r"printf '\211PNG\r\n\032\n\000\000'", monkeypatch)
    with pytest.raises(raster.DrawError, match=r"resvg wrote a broken PNG"):
        raster.svg_to_png(word_svg("Winterfell", ""))


def test_a_resvg_that_hangs_is_stopped(tmp_path, monkeypatch) -> None:
    _fake_resvg(tmp_path, "exec sleep 30", monkeypatch)
    monkeypatch.setattr(raster, "TIMEOUT", 0.3)
    with pytest.raises(raster.DrawError, match=r"resvg took more than 0\.3 s and was stopped"):
        raster.svg_to_png(word_svg("Winterfell", ""))


def test_map_to_png_without_resvg_says_how_to_get_it(new_game, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(raster, "program", lambda: None)
    done = cli("map", new_game(), "-o", tmp_path / "m.png")
    assert done.exit_code == 1 and not (tmp_path / "m.png").exists()
    assert "PNG needs the resvg program: pip install 'adjudicator[png]'" in done.output
