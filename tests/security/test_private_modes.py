"""Issue 18, point 2: nothing under a game's `.adjudicator/` is readable by another user of
the GM's machine (receipts with card plans and bids, private reports, queued mail, the
secret), whatever the umask the GM runs with."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.cron.games import remember_read, remember_run
from adjudicator.inbox.imap import SeenMail
from adjudicator.publish.smtp import Outbox
from tests.conftest import SAMPLE_ORDERS, START, cli, drop
from tests.engine.test_stuck_games import AS_NOBODY, needs_nobody

NOW = "2027-01-01T13:00:00Z"


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The worst umask a GM may have: every new file and folder readable by all."""
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


def _played_game(root: Path) -> Path:
    """A game with submissions, receipts, a rejected file, private reports, queued mail."""
    game = root / "g"
    passwords = root / "passwords.yaml"
    passwords.write_text("".join(f"{h}: pw-{h}-long\n" for h in SAMPLE_ORDERS))
    made = cli(
        "new",
        game,
        "--game",
        "westeros",
        "--players",
        "6",
        "--now",
        START.isoformat(),
        "--passwords",
        passwords,
    )
    assert made.exit_code == 0, made.output
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body, pw=f"pw-{house}-long")
    drop(game, "stark", "Winterfell: march\n", name="wrong.txt", pw="not-the-password")
    done = cli("run", game, "--now", NOW)
    assert done.exit_code == 0, done.output
    Outbox(game).add("receipt-stark", "mail", b"Subject: for stark only\n\nbid 3\n")
    SeenMail(game).record("<m1@example.org>", "abc", "accepted")
    remember_run(game)
    remember_read(game, START)
    return game


def _private_entries(game: Path) -> list[Path]:
    private = game / ".adjudicator"
    return [private, *sorted(private.rglob("*"))]


def test_every_private_file_is_0600_and_every_folder_0700_whatever_the_umask(
    tmp_path: Path, open_umask: None
) -> None:
    game = _played_game(tmp_path)
    entries = _private_entries(game)
    assert any(p.parent.name == "pending" for p in entries), "the outbox holds a mail"
    assert any(p.parent.name == "seen" for p in entries), "a mail was recorded as seen"
    assert any(p.parent.name == "receipts" for p in entries), "receipts were written"
    loose = {
        str(p.relative_to(game)): oct(stat.S_IMODE(p.lstat().st_mode))
        for p in entries
        if not p.is_symlink()
        and stat.S_IMODE(p.lstat().st_mode) != (0o700 if p.is_dir() else 0o600)
    }
    assert loose == {}


def test_an_old_game_with_open_folders_is_closed_on_the_next_run(tmp_path: Path) -> None:
    game = _played_game(tmp_path)
    for path in _private_entries(game):
        path.chmod(0o755 if path.is_dir() else 0o644)
    assert cli("run", game, "--now", NOW).exit_code == 0
    modes = {stat.S_IMODE(p.stat().st_mode) for p in _private_entries(game)}
    assert modes <= {0o600, 0o700}


@needs_nobody
def test_another_user_can_read_nothing_under_adjudicator(open_umask: None) -> None:
    """As `nobody`, try to open every file and list every folder there: all must fail."""
    root = Path(tempfile.mkdtemp(prefix="adjudicator-modes-", dir="/tmp"))
    try:
        root.chmod(0o755)
        game = _played_game(root)
        game.chmod(0o755)  # the game folder itself is public: reports, game.yaml
        paths = [str(p) for p in _private_entries(game)]
        probe = (
            "import json, os, sys\n"
            "read = []\n"
            "for p in json.loads(sys.argv[1]):\n"
            "    try:\n"
            "        os.listdir(p) if os.path.isdir(p) else open(p, 'rb').read(1)\n"
            "        read.append(p)\n"
            "    except OSError:\n"
            "        pass\n"
            "print(json.dumps(read))\n"
        )
        done = subprocess.run(
            [*AS_NOBODY, sys.executable, "-c", probe, json.dumps(paths)],
            capture_output=True,
            text=True,
            cwd="/",
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == []
        readable = subprocess.run(
            [*AS_NOBODY, sys.executable, "-c", f"open({str(game / 'game.yaml')!r}).read()"],
            capture_output=True,
            cwd="/",
        )
        assert readable.returncode == 0, "the probe itself works: game.yaml is public"
    finally:
        shutil.rmtree(root)
