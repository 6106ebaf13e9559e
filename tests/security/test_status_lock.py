"""Issue 18, point 14: `status` reads without the run's lock, so a `run` or `cron` at the
same moment neither fails nor skips the game."""

from __future__ import annotations

import fcntl

from tests.conftest import cli


def test_status_answers_while_a_run_holds_the_lock(new_game) -> None:
    game = new_game()
    with open(game / ".adjudicator" / "lock", "a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a run at work
        result = cli("status", game, "--now", "2027-01-01T13:00:00Z")
        busy = cli("run", game, "--now", "2027-01-01T13:00:00Z")
    assert result.exit_code == 0, result.output
    assert "stark" in result.output and "MISSING" in result.output
    assert busy.exit_code == 1 and "another adjudicator run" in busy.output, "the lock holds"


def test_status_takes_no_lock_a_run_would_meet(new_game, monkeypatch) -> None:
    from adjudicator import gamedir

    game = new_game()
    taken = []
    monkeypatch.setattr(gamedir, "file_lock", lambda *a: taken.append(a))
    assert cli("status", game).exit_code == 0
    assert taken == []
