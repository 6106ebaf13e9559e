"""Issue 18, point 11: a full disk is said in one line naming the folder, exit 1, and the
game is as before (the next run, with space, does the job)."""

from __future__ import annotations

import errno
import os

from adjudicator import gamedir
from tests.conftest import SAMPLE_ORDERS, cli, drop

NOW = "2027-01-01T13:00:00Z"


def test_a_full_disk_is_one_line_naming_the_folder(new_game, monkeypatch) -> None:
    game = new_game()
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    before = (game / "game.yaml").read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(gamedir.os, "fsync", full)
    result = cli("run", game, "--now", NOW)
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"Error: no space left to write in {game}/.adjudicator/")
    assert "No space left on device" in line and "nothing was lost" in line
    assert "Traceback" not in result.output
    assert (game / "game.yaml").read_bytes() == before
    monkeypatch.undo()
    done = cli("run", game, "--now", NOW)
    assert done.exit_code == 0, done.output
    assert "resolved 1 step" in done.output
