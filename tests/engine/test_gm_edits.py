"""Issue 10: the GM's hand edits of game.yaml are checked, and new games and files behave."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
import yaml

from tests.conftest import SAMPLE_ORDERS, cli, drop

NOW = "2027-01-01T13:00Z"


def _edit(game: Path, old: str, new: str) -> None:
    path = game / "game.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("nmr: defaults", "nmr: wiat", "settings.nmr: 'wiat' is not allowed; use one of"),
        (
            "deadline_hours: 48",
            "deadlin_hours: 1",
            "settings.deadlin_hours: unknown key; did you mean 'deadline_hours'?",
        ),
        (
            "deadline_hours: 48",
            "deadline_hours: -5",
            "settings.deadline_hours: -5 is not allowed; use a number of hours above 0",
        ),
        (
            "deadline_hours: 48",
            "deadline_hours: two days",
            "settings.deadline_hours: 'two days' is not allowed; use a number of hours above 0",
        ),
        (
            "deadline_hours: 48",
            "deadline_hours: 48\n  deadline_hours: 24",
            "the key 'deadline_hours' appears twice",
        ),
        ("players:\n", "players: oops\nplayerz:\n", "players: 'oops' is not allowed"),
        ("nmr: defaults", "nmr: defaults\n  paused: maybe", "settings.paused: 'maybe'"),
    ],
)
def test_game_yaml_settings_are_checked_and_nothing_changes(new_game, old, new, message) -> None:
    game = new_game()
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    _edit(game, old, new)
    before = sorted(p.name for p in game.rglob("*"))
    for command in (["run", game, "--now", NOW], ["status", game]):
        result = cli(*command)
        assert result.exit_code == 1, result.output
        assert "Traceback" not in result.output
        assert message in result.output, result.output
    assert sorted(p.name for p in game.rglob("*")) == before
    assert (game / "inbox" / "stark.txt").exists()


def test_hand_edit_of_position_is_warned_about(new_game) -> None:
    game = new_game()
    _edit(game, "lannister: 5\n    stark: 5", "lannister: 5\n    stark: 25")
    out = cli("status", game).output
    assert "the position was edited by hand" in out
    assert "adjudicator export" in out
    run = cli("run", game, "--now", NOW)
    assert "the position was edited by hand" in run.stderr
    clean = new_game("h")
    assert "edited by hand" not in cli("status", clean).output


def test_public_files_follow_the_umask_and_private_ones_stay_private(new_game) -> None:
    old = os.umask(0o022)
    try:
        game = new_game()
        for house, body in SAMPLE_ORDERS.items():
            drop(game, house, body)
        assert cli("run", game, "--now", NOW).exit_code == 0
    finally:
        os.umask(old)

    def mode(path: Path) -> int:
        return stat.S_IMODE(path.stat().st_mode)

    assert mode(game / "game.yaml") == 0o644
    assert mode(game / ".gitignore") == 0o644
    for report in (game / "reports").iterdir():
        assert mode(report) == 0o644, report
    for archived in (game / "archive").rglob("*.yaml"):
        assert mode(archived) == 0o644, archived
    assert mode(game / ".adjudicator" / "state.yaml") == 0o600
    assert mode(game / ".adjudicator" / "secret") == 0o600


def test_new_inside_a_game_folder_is_refused(new_game) -> None:
    game = new_game()
    result = cli("new", game / "nested", "--game", "westeros", "--players", "3")
    assert result.exit_code == 1
    assert f"{game} is a game folder" in result.output
    assert not (game / "nested").exists()
    import subprocess

    status = subprocess.run(
        ["git", "-C", str(game), "status", "--porcelain"], capture_output=True, text=True
    )
    assert status.stdout == ""


def test_player_names_with_newlines_and_entities_stay_in_their_cell(new_game) -> None:
    game = new_game()
    meta = yaml.safe_load((game / "game.yaml").read_text())
    meta["players"]["stark"]["name"] = "Ann\n| evil | row |\r\nx"
    meta["players"]["lannister"]["name"] = "Tom &amp; Jerry"
    (game / "game.yaml").write_text(yaml.safe_dump(meta, sort_keys=False))
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    assert cli("run", game, "--now", NOW).exit_code == 0
    report = (game / "reports" / "0001.md").read_text()
    rows = [line for line in report.splitlines() if line.startswith("| Stark |")]
    assert any("Ann \\| evil \\| row \\| x" in row for row in rows), rows
    assert "\n| evil" not in report
    assert "Tom \\&amp; Jerry" in report
    bbcode = (game / "reports" / "0001.bbcode").read_text()
    assert "Ann | evil | row | x" in bbcode
