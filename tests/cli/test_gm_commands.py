"""Issue 17, point 17: the GM's commands say what they take and refuse what they cannot do."""

from __future__ import annotations

import os
from pathlib import Path

import yaml

from adjudicator.clock import parse_time
from tests.conftest import SAMPLE_ORDERS, cli, drop, password

NOW = "2027-01-01T13:00Z"


def test_new_help_names_every_game_its_options_and_defaults() -> None:
    result = cli("new", "--help")
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "westeros 3 to 6 players (--players, default 6)" in text
    assert "--option ports=second-edition|clash-of-kings (default second-edition)" in text
    assert "--option tides_of_battle=true|false (default false)" in text
    assert "baltic 2 players, sweden and russia" in text
    assert "--option scenario=grand_campaign|poltava (default grand_campaign)" in text


def test_a_baltic_game_file_records_no_player_count(tmp_path: Path) -> None:
    game = tmp_path / "b"
    result = cli("new", game, "--game", "baltic", "--option", "scenario=poltava", "--now", NOW)
    assert result.exit_code == 0, result.output
    start = yaml.safe_load((game / "game.yaml").read_text())["start"]
    assert "players" not in start
    westeros = tmp_path / "w"
    assert cli("new", westeros, "--game", "westeros", "--players", "4").exit_code == 0
    assert yaml.safe_load((westeros / "game.yaml").read_text())["start"]["players"] == 4


def test_two_player_options_for_one_house_are_refused(tmp_path: Path) -> None:
    game = tmp_path / "g"
    result = cli(
        "new",
        game,
        "--game",
        "westeros",
        "--player",
        "stark=Ann <ann@example.org>",
        "--player",
        "Stark=Bob <bob@example.org>",
    )
    assert result.exit_code == 2
    assert "--player stark is given twice; give each player once" in result.output
    assert not game.exists()


def test_two_player_options_are_refused_in_the_games_language(tmp_path: Path) -> None:
    args = ["--player", "stark=Ann", "--player", "stark=Bob", "--lang", "ru"]
    result = cli("new", tmp_path / "g", "--game", "westeros", *args)
    assert "--player stark указан дважды" in result.output


def test_map_to_a_jpeg_is_refused(new_game, tmp_path: Path) -> None:
    target = tmp_path / "x.jpg"
    result = cli("map", new_game(), "-o", target)
    assert result.exit_code == 2
    assert "x.jpg: a map is written as .svg or .png" in result.output
    assert not target.exists()


def test_private_maps_are_drawn_as_png_too(new_game) -> None:
    game = new_game()
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    assert cli("run", game, "--now", NOW).exit_code == 0
    png = game / ".adjudicator" / "private" / "stark" / "0001.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (game / ".adjudicator" / "private" / "stark" / "0001.svg").exists()


def test_extend_takes_now(new_game) -> None:
    game = new_game()
    result = cli("extend", game, "--hours", "2", "--now", "2027-01-02T08:30Z")
    assert result.exit_code == 0, result.output
    meta = yaml.safe_load((game / "game.yaml").read_text())
    assert parse_time(str(meta["updated"])) == parse_time("2027-01-02T08:30Z")


def test_bot_takes_now_and_dates_its_files(new_game, tmp_path: Path) -> None:
    game = new_game()
    passwords = tmp_path / "pw.yaml"
    houses = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell")
    passwords.write_text(yaml.safe_dump({h: password(h) for h in houses}))
    result = cli("bot", game, "--passwords", passwords, "--now", "2027-01-01T18:00Z")
    assert result.exit_code == 0, result.output
    files = sorted((game / "inbox").iterdir())
    assert len(files) == 6
    moment = parse_time("2027-01-01T18:00Z").timestamp()
    assert all(os.stat(f).st_mtime == moment for f in files)


def test_export_warns_that_it_prints_the_deck_order() -> None:
    text = " ".join(cli("export", "--help").output.split())
    assert "WARNING: this prints the order of the decks" in text
    assert "--public" in text


def test_export_public_keeps_the_deck_order_secret(new_game, tmp_path: Path) -> None:
    game = new_game()
    whole = yaml.safe_load(cli("export", game).output)
    public = yaml.safe_load(cli("export", game, "--public").output)
    assert whole["decks"]["westeros_1"] and "decks" not in public
    assert public["units"] == whole["units"] and public["hands"] == whole["hands"]
    assert "westeros_progress" not in public
    # Anyone may start a game from it: the decks are shuffled anew.
    position = tmp_path / "public.yaml"
    position.write_text(yaml.safe_dump(public))
    again = tmp_path / "again"
    assert cli("new", again, "--game", "westeros", "--position", position).exit_code == 0
    assert yaml.safe_load(cli("export", again).output)["units"] == whole["units"]


def test_export_public_of_a_game_without_one_says_so(tmp_path: Path) -> None:
    game = tmp_path / "b"
    cli("new", game, "--game", "baltic", "--option", "scenario=poltava", "--now", NOW)
    result = cli("export", game, "--public")
    assert result.exit_code == 1
    assert "this game has no public position" in result.output
