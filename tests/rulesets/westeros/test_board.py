"""The board data: 58 areas, 143 links, 8 ports each linked to one land and one sea (P1)."""

from __future__ import annotations

import copy

import pytest

from adjudicator.data import load_game_data
from adjudicator.rulesets.westeros import board as board_module
from adjudicator.rulesets.westeros.board import BoardError, load_board


def test_counts() -> None:
    board = load_board()
    kinds = [a.kind for a in board.areas.values()]
    assert (len(kinds), kinds.count("land"), kinds.count("sea"), kinds.count("port")) == (
        58,
        38,
        12,
        8,
    )
    assert sum(len(links) for links in board.links.values()) // 2 == 143


def test_p1_every_port_links_exactly_one_land_and_one_sea() -> None:
    # P1: "A port is an area linked to exactly one land area and one sea area."
    board = load_board()
    for port in (a for a in board.areas.values() if a.is_port):
        assert board.links[port.id] == {port.port_land, port.port_sea}
        assert board.areas[port.port_land].is_land and board.areas[port.port_sea].is_sea
        assert board.adjacent(port.port_land, port.port_sea)
        assert board.port_of_land(port.port_land) == port.id


def test_links_are_symmetric() -> None:
    board = load_board()
    assert all(a in board.links[b] for a, links in board.links.items() for b in links)


def test_setups_place_units_on_real_areas_of_the_right_kind() -> None:
    board = load_board()
    for count, setup in board.setups.items():
        assert len(setup["houses"]) == count
        for placed in setup["units"].values():
            for area, units in placed.items():
                at_sea = board.areas[area].kind in ("sea", "port")
                assert all((u == "ship") == at_sea for u in units), (count, area)


def test_a_broken_board_file_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    data = copy.deepcopy(load_game_data("westeros", "board.yaml"))
    data["adjacency"].append(["port_of_pyke", "sunset_sea"])
    data["adjacency"].append(["winterfell", "nowhere"])
    monkeypatch.setattr(board_module, "load_game_data", lambda game, name: data)
    board_module.load_board.cache_clear()
    try:
        with pytest.raises(BoardError) as caught:
            board_module.load_board()
    finally:
        board_module.load_board.cache_clear()
    message = str(caught.value)
    assert "link [winterfell, nowhere] names an unknown area" in message
    assert "port port_of_pyke must link one land and one sea" in message
