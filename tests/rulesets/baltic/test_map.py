"""The baltic map picture: drawing.yaml matches map.yaml, and the fog holds on the map (13.6):
the public and the enemy see only nation colours, the owner sees identity and strength."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from adjudicator.data import load_game_data
from adjudicator.mapdraw import draw_svg
from adjudicator.rulesets.baltic.board import load_board
from adjudicator.rulesets.baltic.position import scenario_state
from adjudicator.rulesets.baltic.view import view

SVG = "{http://www.w3.org/2000/svg}"


def test_drawing_has_every_location_and_exactly_the_maps_links():
    board = load_board()
    drawing = load_game_data("baltic", "drawing.yaml")
    kinds = {a["id"]: a["kind"] for a in drawing["areas"]}
    assert kinds == {**{t: "land" for t in board.territories}, **{z: "sea" for z in board.seas}}
    drawn = {frozenset(pair) for pair in drawing["adjacency"]}
    expected = set(board.borders)
    expected |= {frozenset((z.id, o)) for z in board.seas.values() for o in z.adjacent}
    expected |= {frozenset((t.id, t.port.sea)) for t in board.territories.values() if t.port}
    assert drawn == expected
    assert len(drawing["adjacency"]) == len(drawn)


def units(svg: str) -> list[dict[str, str]]:
    root = ET.fromstring(svg)
    return [
        dict(g.attrib, area=area.get("data-area"))
        for area in root.iter(f"{SVG}g")
        if "data-area" in area.attrib
        for g in area.iter(f"{SVG}g")
        if "unit" in g.get("class", "")
    ]


def test_13_6_public_map_shows_nation_colours_only():
    state = scenario_state("poltava")
    svg = draw_svg(view(state, None))
    drawn = units(svg)
    assert len(drawn) == sum(1 for b in state.blocks if state.is_on_map(b))
    assert {u["data-unit"] for u in drawn} == {"hidden", "fleet"}
    assert not any("data-block" in u for u in drawn)
    lithuania = [u["data-house"] for u in drawn if u["area"] == "lithuania"]
    assert lithuania == ["SWE"] * 5
    for block in load_board().blocks.values():
        if block.name not in ("Savolax", "Bergenhus"):  # also territory names
            assert block.name not in svg, block.id


def test_13_6_owner_sees_identity_and_strength_enemy_only_colour():
    state = scenario_state("poltava")
    drawn = units(draw_svg(view(state, "sweden")))
    mine = {u["data-block"] for u in drawn if u.get("data-block")}
    board = load_board()
    assert "Karl XII" in mine and "Wachtmeister" in mine
    assert all(u["data-house"] in ("SWE", "POL") for u in drawn if u.get("data-block"))
    russians = [u for u in drawn if u["data-house"] == "RUS"]
    assert russians and all("data-block" not in u for u in russians)
    karl = next(u for u in drawn if u.get("data-block") == "Karl XII")
    assert karl["area"] == "lithuania"
    svg = draw_svg(view(state, "sweden"))
    assert "Karl XII (4)" in svg
    assert board.blocks["rus_repnin_h"].name + " (" not in svg


def test_11_2m_sankt_peterburg_is_drawn_by_its_new_name():
    state = scenario_state("poltava")  # Nyen is converted in 1708
    svg = draw_svg(view(state, None))
    assert "Sankt-Peterburg" in svg
    state.converted = []
    assert "Sankt-Peterburg" not in draw_svg(view(state, None))
