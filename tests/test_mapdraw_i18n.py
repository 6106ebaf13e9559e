"""The map in the game's language (issue 12): names from names.yaml, the rest from maps.po.

Checked through the SVG's text and ``data-*`` attributes, as test_mapdraw does; the PNG
through resvg and the map font's outlines, which must draw Cyrillic and accented letters.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from adjudicator.dice import Dice
from adjudicator.mapdraw import draw_svg
from adjudicator.raster import svg_to_png
from adjudicator.vocabulary import name_in
from tests.test_mapdraw import BOARD, SVG, areas_of, start_view, units_in

LATIN = re.compile(r"[A-Za-z]")


def played_view(lang_viewer: str | None = None) -> dict[str, Any]:
    """The 6-player start with orders on the board, a routed unit and a power token."""
    view = start_view(viewer=lang_viewer)
    view["round"], view["phase"] = 3, "action"
    view["units"]["winterfell"] = {"stark": ["footman", "routed knight"]}
    view["orders"] = {
        "winterfell": "march+1",
        "pyke": "raid*",
        "kings_landing": "support+0",
        "highgarden": "defense+2",
        "sunspear": "consolidate-power",
    }
    view["power_tokens"] = {"karhold": "stark"}
    return view


def texts(svg: str) -> list[str]:
    """Every line of text the picture draws (titles are tooltips, not drawn)."""
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def badges(svg: str) -> dict[str, str]:
    """Area id -> the text of the order badge drawn in it."""
    found = {}
    for area, group in areas_of(svg).items():
        for g in group.iter(f"{SVG}g"):
            if g.get("class") == "order":
                found[area] = "".join(g.itertext())
    return found


def chip_marks(svg: str, area: str) -> list[tuple[str, str | None]]:
    """(text, symbol) drawn on each unit chip of an area."""
    group = areas_of(svg)[area]
    chips = [g for g in group.iter(f"{SVG}g") if "data-unit" in g.attrib]
    return [
        ("".join(g.itertext()), next(iter(g.iter(f"{SVG}use")), ET.Element("")).get("href"))
        for g in chips
    ]


def test_a_russian_map_names_every_area_in_russian_and_draws_no_latin_letter() -> None:
    svg = draw_svg(played_view(), lang="ru")
    drawn = areas_of(svg)
    for area in BOARD["areas"]:
        russian = name_in("westeros", "areas", area["id"], "ru")
        assert drawn[area["id"]].find(f"{SVG}title").text == russian
    assert "Винтерфелл" in texts(svg) and "Порт" in texts(svg)
    latin = [t for t in texts(svg) if LATIN.search(t.replace("±n", ""))]
    assert latin == []  # panel, legend, chips and badges included ('±n': the bonus, as math)
    panel = texts(svg)
    for word in ("Вестерос", "Влияние", "Дома", "Условные знаки", "Угроза одичалых: 2"):
        assert word in panel, word
    assert "Раунд 3 · фаза действий" in panel
    assert {"Железный", "Трон", "Вотчины", "Королевский", "двор"} <= set(panel)  # tracks
    assert {"Поход", "Оборона", "Подмога", "Набег", "Сбор власти"} <= set(panel)  # the key
    assert {"Пехотинец", "Рыцарь", "Корабль", "Осадная башня"} <= set(panel)


def test_russian_orders_are_marked_with_russian_letters_and_units_with_symbols() -> None:
    svg = draw_svg(played_view(), lang="ru")
    assert badges(svg) == {
        "winterfell": "М+1",  # марш: поход and подмога would both be П
        "pyke": "Н★",
        "kings_landing": "П+0",
        "highgarden": "О+2",
        "sunspear": "СВ",
    }
    # Issue 21 item 3: a unit is a symbol, the same in every language, never a letter
    # (K was a knight on the English map and К a ship on the Russian one).
    symbols = [("", "#sym-footman"), ("", "#sym-knight")]
    assert chip_marks(svg, "winterfell") == symbols
    assert chip_marks(draw_svg(played_view(), lang="en"), "winterfell") == symbols
    assert units_in(areas_of(svg)["winterfell"]) == {
        ("stark", "footman"): 1,
        ("stark", "routed knight"): 1,
    }  # the data attributes stay ids, whatever the language
    houses = [t for t in texts(svg) if t in {"СТА", "ЛАН", "БАР", "ГРЕ", "ТИР", "МАР"}]
    assert len(set(houses)) == 6


def test_a_portuguese_map_uses_the_brazilian_names() -> None:
    svg = draw_svg(played_view(), lang="pt_BR")
    drawn = areas_of(svg)
    assert drawn["kings_landing"].find(f"{SVG}title").text == "Porto Real"
    assert {"Porto Real", "Atalaia da", "Água Cinzenta"} <= set(texts(svg))  # wrapped in two
    panel = texts(svg)
    for word in ("Influência", "Casas", "Legenda", "Rodada 3 · Fase de Ação", "Intransponível"):
        assert word in panel, word
    assert {"Trono", "de Ferro", "Feudos", "Corte do Rei"} <= set(panel)  # tracks
    assert {"Soldado", "Cavaleiro", "Navio", "Catapulta"} <= set(panel)
    assert badges(svg)["pyke"] == "I★" and badges(svg)["sunspear"] == "CP"
    assert [mark for mark, _ in chip_marks(svg, "winterfell")] == ["", ""]
    for english in ("Influence", "Key", "Wildling threat: 2", "Footman", "Round 3 · action"):
        assert english not in panel, english


def test_the_private_map_names_its_reader_in_their_language() -> None:
    """The line is a sentence of the game's catalog, its viewer a name with its grammar
    (issue 20): a house as a family in Russian, the nation in the genitive."""
    from adjudicator.rulesets.baltic.position import scenario_state
    from adjudicator.rulesets.baltic.view import view as baltic_view

    assert "Личная карта дома Старков" in texts(draw_svg(start_view(viewer="stark"), lang="ru"))
    assert "Mapa privado da Casa Stark" in texts(draw_svg(start_view(viewer="stark"), lang="pt_BR"))
    state = scenario_state("poltava")
    assert "Личная карта Швеции" in texts(draw_svg(baltic_view(state, "sweden"), lang="ru"))
    assert "Mapa privado da Coalizão" in texts(
        draw_svg(baltic_view(state, "coalition"), lang="pt_BR")
    )
    assert "Private map: Sweden" in texts(draw_svg(baltic_view(state, "sweden")))


def test_a_baltic_map_says_its_season_as_the_game_says_it() -> None:
    """The title's moment is the game's sentence, not its English words swapped one by one
    («1708 Лето»): the season said from names.yaml, in the language's order."""
    from adjudicator.rulesets.baltic.position import scenario_state
    from adjudicator.rulesets.baltic.view import view as baltic_view

    view = baltic_view(scenario_state("poltava"), None)
    lines = {
        lang: next(t for t in texts(draw_svg(view, lang=lang)) if " · " in t)
        for lang in ("en", "ru", "pt_BR")
    }
    assert lines["en"].startswith("1708 Spring · ")
    assert lines["ru"].startswith("Весна 1708 · ")
    assert lines["pt_BR"].startswith("Primavera de 1708 · ")


def test_english_is_drawn_as_before() -> None:
    view = played_view()
    svg = draw_svg(view)
    assert svg == draw_svg(view, lang="en")
    panel = texts(svg)
    assert "Round 3 · action" in panel and "Influence" in panel and "Winterfell" in panel
    assert (
        badges(svg)["winterfell"] == "M+1" and chip_marks(svg, "winterfell")[1][1] == "#sym-knight"
    )
    assert areas_of(svg)["kings_landing"].find(f"{SVG}title").text == "King's Landing"


def test_a_russian_baltic_map_names_places_and_nations_in_russian() -> None:
    from adjudicator.rulesets.baltic.ruleset import RULESET

    state = RULESET.new_game({"scenario": "poltava", "players": 2}, Dice(b"t", "t", 0))
    svg = draw_svg(RULESET.view(state, None), lang="ru")
    drawn = areas_of(svg)
    assert drawn["gulf_of_finland"].find(f"{SVG}title").text == "Финский залив"
    assert drawn["estland"].find(f"{SVG}title").text == name_in(
        "baltic", "territories", "estland", "ru"
    )
    panel = texts(svg)
    assert {"Балтика", "Нации", "Условные знаки", "ШВЕ", "РОС"} <= set(panel)
    assert "Sweden" not in panel and "Key" not in panel


@pytest.mark.parametrize("word", ["Винтерфелл", "Água Negra"])
def test_resvg_draws_cyrillic_and_accented_letters_from_the_maps_outlines(word: str) -> None:
    """Each glyph comes out as itself: a font without Cyrillic (or without the accented
    letters) would draw the same empty box for both words, or nothing at all."""
    head = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="40" '
        'font-family="DejaVu Sans Condensed, sans-serif">'
    )

    def png(text: str) -> bytes:
        return svg_to_png(f'{head}<text x="5" y="30" font-size="20">{text}</text></svg>')

    blank = svg_to_png(head + "</svg>")
    other = word.translate(str.maketrans("ВинтерфлÁguaNg", "ЖЩЮЯЫЭЁЦЧШÉÇÕÍ"))
    assert png(word) != blank
    assert png(word) != png(other)
    assert png(word[:1]) != png(other[:1])  # one glyph apart, no box


def test_a_russian_png_map_is_drawn() -> None:
    svg = draw_svg(played_view(), lang="ru")
    png = svg_to_png(svg)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 50_000


@pytest.mark.parametrize(
    ("lang", "name", "mark"), [("ru", "Карл XII", "КX"), ("pt_BR", "Carlos XII", "CX")]
)
def test_a_baltic_owner_sees_their_blocks_named_in_their_language(
    lang: str, name: str, mark: str
) -> None:
    """The private map's chips: the block's name (its title) and its two letters come from
    names.yaml, and the legend's sample chip is marked in the same language."""
    from adjudicator.rulesets.baltic.ruleset import RULESET

    state = RULESET.new_game({"scenario": "poltava", "players": 2}, Dice(b"t", "t", 0))
    svg = draw_svg(RULESET.view(state, "sweden"), lang=lang)
    titles = re.findall(r'<g class="unit block"[^>]*><title>([^<(]*) \(', svg)
    assert name in titles and "Karl XII" not in titles
    chip = re.search(rf"<title>{name} \(\d\)</title>.*?<text[^>]*>([^<]*)</text>", svg)
    assert chip and chip.group(1) == mark
    assert ">Ab<" not in svg
