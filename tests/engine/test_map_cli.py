"""`adjudicator map` and the maps published with each report."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import yaml
from click.testing import CliRunner

from adjudicator.cli import main
from tests.conftest import SAMPLE_ORDERS, drop


def test_map_prints_the_public_svg_and_writes_png(new_game, tmp_path) -> None:
    game = new_game()
    out = CliRunner().invoke(main, ["map", str(game)])
    assert out.exit_code == 0
    root = ET.fromstring(out.output)
    drawn = sorted(
        (e.get("data-house"), e.get("data-unit")) for e in root.iter() if e.get("data-unit")
    )
    position = yaml.safe_load((game / "game.yaml").read_text())["position"]
    placed = sorted(
        (house, unit)
        for by_house in position["units"].values()
        for house, units in by_house.items()
        for unit in units
    )
    assert drawn == placed and len(placed) == 27  # every unit of the 6-player start
    png = tmp_path / "m.png"
    assert (
        CliRunner().invoke(main, ["map", str(game), "-o", str(png), "--width", "600"]).exit_code
        == 0
    )
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(png.read_bytes()[16:20], "big") == 600


def test_map_for_an_unknown_house_is_a_usage_error(new_game) -> None:
    out = CliRunner().invoke(main, ["map", str(new_game()), "--house", "targaryen"])
    assert out.exit_code == 2
    assert "'targaryen' is not a player" in out.output


def test_each_report_has_its_map_and_every_house_a_private_one(new_game) -> None:
    game = new_game(settings={"map_base_url": "https://example.org/raw/reports"})
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    CliRunner().invoke(main, ["run", str(game), "--now", "2027-01-01T13:00Z"])
    svg = ET.parse(game / "reports" / "0001.svg").getroot()
    orders = {e.get("data-order") for e in svg.iter() if e.get("data-order")}
    assert {"march+1", "defense+2", "consolidate-power"} <= orders  # revealed orders drawn
    assert (
        "[img]https://example.org/raw/reports/0001.png[/img]"
        in (game / "reports" / "0001.bbcode").read_text()
    )
    for house in SAMPLE_ORDERS:
        assert (game / ".adjudicator" / "private" / house / "0001.svg").exists()
        # Issue 21 item 6: mail readers and forums show PNG, not SVG; under 500 KB.
        png = (game / ".adjudicator" / "private" / house / "0001.png").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 500_000
        # Every house sees the whole westeros board: its PNG is the public one, not the
        # same board drawn again (its SVG still names its reader).
        assert png == (game / "reports" / "0001.png").read_bytes()


def test_map_for_a_baltic_side_is_asked_as_a_player(tmp_path) -> None:
    """`--player` names a side of any game (`--house` stays for westeros GMs): Sweden's map
    shows Sweden's own blocks by name, which the public map keeps hidden."""
    game = tmp_path / "b"
    new = ["new", str(game), "--game", "baltic", "--option", "scenario=poltava"]
    assert CliRunner().invoke(main, new).exit_code == 0
    public = CliRunner().invoke(main, ["map", str(game)])
    sweden = CliRunner().invoke(main, ["map", str(game), "--player", "sweden"])
    assert sweden.exit_code == 0, sweden.output
    assert "Lewenhaupt" in sweden.output and "Lewenhaupt" not in public.output
    wrong = CliRunner().invoke(main, ["map", str(game), "--player", "stark"])
    assert wrong.exit_code == 2
    assert "'stark' is not a player; players: sweden, coalition" in wrong.output
    assert "--player" in wrong.output
