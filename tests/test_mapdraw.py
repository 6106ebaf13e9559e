"""mapdraw draws exactly what a view holds, where the view says, the same way every time.

The pictures are checked through their data attributes (``data-area``, ``data-house``,
``data-unit``, ``data-order``), never through pixels (the PNG is test_raster's).
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

from adjudicator import mapwords
from adjudicator.data import load_game_data
from adjudicator.mapdraw import draw_svg

SVG = "{http://www.w3.org/2000/svg}"
BOARD = load_game_data("westeros", "board.yaml")


def start_view(players: int = 6, viewer: str | None = None) -> dict[str, Any]:
    """The public view of a westeros start, built by hand from ``board.yaml`` setups."""
    setup = BOARD["setups"][players]
    units: dict[str, dict[str, list[str]]] = {}
    for house, placed in setup["units"].items():
        for area, kinds in placed.items():
            units.setdefault(area, {})[house] = list(kinds)
    return {
        "game": "westeros",
        "round": 1,
        "phase": "planning",
        "viewer": viewer,
        "houses": list(setup["houses"]),
        "tracks": {k: list(v) for k, v in setup["influence"].items()},
        "supply": dict(setup["supply"]),
        "power": dict(setup["power_tokens"]),
        "wildlings": 2,
        "units": units,
        "orders": {},
        "power_tokens": {},
        "garrisons": {**setup["home_garrisons"], **setup["neutral_forces"]},
        "impassable": list(setup["impassable"]),
        "castles": {h: 1 for h in setup["houses"]},
        "not_drawn": {"extra keys": "are ignored"},
    }


def areas_of(svg: str) -> dict[str, ET.Element]:
    """The area groups of a drawing by area id; parsing also proves the SVG is valid XML."""
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(f"{SVG}g") if "data-area" in g.attrib]
    ids = [g.get("data-area") for g in groups]
    assert len(ids) == len(set(ids)), "an area is drawn twice"
    return dict(zip(ids, groups, strict=True))


def units_in(group: ET.Element) -> Counter[tuple[str, str]]:
    """(house, unit) of every unit chip inside one area group; routed ones as 'routed <type>'."""
    found: Counter[tuple[str, str]] = Counter()
    for g in group.iter(f"{SVG}g"):
        if "data-unit" in g.attrib:
            routed = "routed " if g.get("data-routed") == "true" else ""
            found[g.get("data-house"), routed + g.get("data-unit")] += 1
    return found


def count_units(view: dict[str, Any]) -> int:
    """How many units the view holds on the whole board."""
    return sum(len(units) for area in view["units"].values() for units in area.values())


def test_every_area_is_drawn_once() -> None:
    drawn = areas_of(draw_svg(start_view()))
    assert len(drawn) == 58
    assert set(drawn) == {a["id"] for a in BOARD["areas"]}
    for area in BOARD["areas"]:
        assert drawn[area["id"]].get("id") == f"area-{area['id']}"
        assert drawn[area["id"]].find(f"{SVG}title").text == area["name"]


def test_every_unit_is_in_the_area_the_view_says() -> None:
    view = start_view()
    drawn = areas_of(draw_svg(view))
    for area_id, group in drawn.items():
        expected = Counter(
            (house, unit)
            for house, units in view["units"].get(area_id, {}).items()
            for unit in units
        )
        assert units_in(group) == expected, area_id
    assert sum(units_in(g).total() for g in drawn.values()) == count_units(view) == 27


def test_no_unit_outside_an_area_legend_included() -> None:
    root = ET.fromstring(draw_svg(start_view()))
    everywhere = [e for e in root.iter() if "data-unit" in e.attrib]
    assert len(everywhere) == count_units(start_view())


def test_routed_orders_power_tokens_and_garrisons_drawn_in_their_areas() -> None:
    view = start_view()
    view["units"]["winterfell"] = {"stark": ["footman", "routed knight"]}
    view["orders"] = {"winterfell": "defense+2", "pyke": "raid*"}
    view["power_tokens"] = {"karhold": "stark"}
    drawn = areas_of(draw_svg(view))
    assert units_in(drawn["winterfell"]) == {("stark", "footman"): 1, ("stark", "routed knight"): 1}
    assert [
        o.get("data-order") for o in drawn["winterfell"].iter() if "data-order" in o.attrib
    ] == ["defense+2"]
    pyke_text = "".join(drawn["pyke"].itertext())
    assert "R★" in pyke_text
    power = [e for e in drawn["karhold"].iter() if e.get("class") == "power"]
    assert [p.get("data-house") for p in power] == ["stark"]
    shields = {a: g for a, g in drawn.items() for e in g.iter() if e.get("class") == "garrison"}
    assert set(shields) == set(view["garrisons"])


def test_impassable_areas_are_marked() -> None:
    view = start_view(players=3)
    drawn = areas_of(draw_svg(view))
    greyed = {a for a, g in drawn.items() if g.get("data-impassable") == "true"}
    assert greyed == set(view["impassable"])


def test_private_view_without_orders_shows_no_order() -> None:
    view = start_view(viewer="stark")
    svg = draw_svg(view)
    root = ET.fromstring(svg)
    assert not [e for e in root.iter() if "data-order" in e.attrib]
    for group in areas_of(svg).values():
        assert not [e for e in group.iter() if e.get("class") == "order"]
    assert "Private map: Stark" in "".join(root.itertext())


def test_hidden_units_are_anonymous_blocks() -> None:
    view = start_view(viewer="stark")
    view["units"]["moat_cailin"] = {"greyjoy": ["hidden", "hidden", "hidden"]}
    group = areas_of(draw_svg(view))["moat_cailin"]
    chips = [g for g in group.iter(f"{SVG}g") if "data-unit" in g.attrib]
    assert [(c.get("data-house"), c.get("data-unit")) for c in chips] == [("greyjoy", "hidden")] * 3
    for chip in chips:
        assert chip.find(f"{SVG}text") is None, "a hidden block shows a letter"
        assert (
            chip.find(f"{SVG}rect").get("fill")
            == load_game_data("westeros", "map.yaml")["sides"]["greyjoy"]["colour"]
        )


def test_text_is_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    board = copy.deepcopy(BOARD)
    board["areas"][0]["name"] = 'Rock & Roll\'s <Keep> "x"'

    def fake(game: str, name: str) -> Any:
        return board if name == "board.yaml" else load_game_data(game, name)

    monkeypatch.setattr(mapwords, "load_game_data", fake)  # where the map data is read
    view = start_view(viewer="o'neil & <co>")
    view["phase"] = "<script>&'"
    view["units"]["winterfell"] = {"a&b<'": ["foot<man>"]}
    svg = draw_svg(view)
    drawn = areas_of(svg)
    assert drawn[board["areas"][0]["id"]].find(f"{SVG}title").text == board["areas"][0]["name"]
    assert units_in(drawn["winterfell"]) == {("a&b<'", "foot<man>"): 1}
    assert "<script>" not in svg


def test_unknown_area_is_an_error() -> None:
    view = start_view()
    view["orders"] = {"atlantis": "march+1"}
    with pytest.raises(ValueError, match="atlantis"):
        draw_svg(view)


def test_width_scales_the_drawing_not_the_layout() -> None:
    wide, narrow = (ET.fromstring(draw_svg(start_view(), width=w)) for w in (1000, 500))
    assert (wide.get("width"), narrow.get("width")) == ("1000", "500")
    assert wide.get("viewBox") == narrow.get("viewBox")
    assert int(narrow.get("height")) == round(int(wide.get("height")) / 2)
    bare = ET.fromstring(draw_svg(start_view(), panel=False))
    assert bare.find(f".//{SVG}g[@id='panel']") is None


def test_same_view_same_bytes_whatever_the_dict_order() -> None:
    view = start_view()
    view["orders"] = {"winterfell": "march+1", "pyke": "support+0", "kingswood": "raid"}
    shuffled = copy.deepcopy(view)
    shuffled["units"] = dict(reversed(list(view["units"].items())))
    shuffled["orders"] = dict(reversed(list(view["orders"].items())))
    shuffled["garrisons"] = dict(reversed(list(view["garrisons"].items())))
    assert draw_svg(view) == draw_svg(view) == draw_svg(shuffled)


@pytest.mark.parametrize(
    ("game", "setup"),
    [("westeros", {"players": 6}), ("baltic", {"scenario": "poltava", "players": 2})],
)
def test_the_memo_of_a_runs_maps_draws_every_map_as_without_it(game: str, setup: dict) -> None:
    """A run draws the public map and each player's with one memo of areas (issue 10,
    item 21). Here one memo per language lives through a bot game's first 80 moments, so
    an area's entry that the memo's key missed would be found changed from an earlier
    moment or from another player's view: every map must come out byte for byte as
    drawn alone."""
    import importlib

    from adjudicator.bots import bot_source, play
    from adjudicator.dice import Dice
    from adjudicator.rulesets import known_games

    ruleset = importlib.import_module(known_games()[game]).RULESET
    state = ruleset.new_game(setup, Dice(b"memo", "memo", 0))
    memos: dict[str, dict] = {"en": {}, "ru": {}, "pt_BR": {}}
    moments = []

    def check(state: Any, events: list) -> None:
        if len(moments) >= 80 or not events:
            return
        lang = ("en", "ru", "pt_BR")[len(moments) % 3]
        for viewer in [None, *ruleset.players(state)]:
            view = ruleset.view(state, viewer)
            assert draw_svg(view, lang=lang, memo=memos[lang]) == draw_svg(view, lang=lang)
        moments.append(lang)

    play(ruleset, state, source=bot_source(ruleset, seed=3), check=check)
    assert len(moments) >= 30  # Poltava is over in 33


def test_the_units_symbols_are_the_games_own() -> None:
    """Issue 22, step 5: the drawer holds no unit glyph; each game's map data gives the
    symbols of its own units, and a map defines those and no other."""
    svg = draw_svg(start_view())
    defined = set(re.findall(r'<path id="sym-([a-z_]+)"', svg))
    assert defined == {"footman", "knight", "ship", "siege_engine"}
    assert 'href="#sym-ship"' in svg and 'href="#sym-knight"' in svg
    units = load_game_data("westeros", "map.yaml")["units"]
    assert f'<path id="sym-knight" d="{units["knight"]["symbol"]}"/>' in svg


def test_an_order_token_is_drawn_as_the_games_map_data_says_not_read_by_the_drawer() -> None:
    """The drawer knows no game's token syntax (issue 22): map.yaml's `tokens` gives each of
    the board's tokens (`OrderToken.text`) its order and the mark after the letter; a text
    the table lacks is drawn as it is, in ink, never taken apart."""
    from adjudicator.mapwords import drawing_data
    from adjudicator.rulesets.westeros.board import load_board
    from tests.test_mapdraw_i18n import badges

    _, style = drawing_data("westeros")
    assert set(style["tokens"]) == {t.text() for t in load_board().tokens}
    view = start_view()
    view["orders"] = {
        "winterfell": "march+1",
        "pyke": "raid*",
        "sunspear": "consolidate-power*",
        "highgarden": "defense+2",
        "kings_landing": "march+7",  # no token of the game
    }
    drawn = badges(draw_svg(view))
    assert drawn == {
        "winterfell": "M+1",
        "pyke": "R★",
        "sunspear": "CP★",
        "highgarden": "D+2",
        "kings_landing": "march+7",
    }
