"""Issue 18, point 15: time never runs backwards in a game."""

from __future__ import annotations

from datetime import UTC, datetime

from adjudicator import cli as cli_module
from tests.conftest import SAMPLE_ORDERS, cli, drop


def test_a_now_before_the_last_run_is_refused(new_game) -> None:
    game = new_game()  # created 2027-01-01T12:00Z
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    result = cli("run", game, "--now", "2026-12-31T12:00Z")
    assert result.exit_code == 2
    assert "2026-12-31T12:00:00Z is before the game's last update (2027-01-01T12:00:00Z)" in (
        result.output
    )
    assert (game / "inbox" / "stark.txt").exists(), "nothing was taken"


def test_a_system_clock_behind_the_game_is_warned_about(new_game, monkeypatch) -> None:
    game = new_game()
    behind = datetime(2026, 6, 1, tzinfo=UTC)
    monkeypatch.setattr(cli_module, "parse_now", lambda value, lang="en": behind)
    result = cli("run", game)
    assert result.exit_code == 0, result.output
    assert "warning: the system clock (2026-06-01T00:00:00Z) is behind the game's last " in (
        result.stderr
    )


def test_cron_refuses_a_now_before_a_games_last_update(new_game) -> None:
    from click.testing import CliRunner

    from adjudicator.cron.command import cron_command

    game = new_game("w1")
    result = CliRunner().invoke(cron_command, [str(game.parent), "--now", "2026-12-31T12:00Z"])
    assert result.exit_code == 2
    assert "is before the last update of w1 (2027-01-01T12:00:00Z)" in result.output
