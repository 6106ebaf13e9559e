"""Issue 18, points 9 and 10: inbox/ never follows a link, never opens a pipe, names what it
does not read, and reads no file over the mail's text limit."""

from __future__ import annotations

import os
import time
from pathlib import Path

from adjudicator.inbox import limits
from tests.conftest import SAMPLE_ORDERS, cli, drop

NOW = "2027-01-01T13:00:00Z"


def _rejected_files(game: Path) -> list[Path]:
    folder = game / ".adjudicator" / "rejected"
    return sorted(folder.iterdir()) if folder.is_dir() else []


def test_links_pipes_and_folders_are_named_and_never_read(new_game) -> None:
    game = new_game()
    inbox = game / "inbox"
    (inbox / "secret.txt").symlink_to(game / ".adjudicator" / "secret")
    (inbox / "passwd.txt").symlink_to("/etc/passwd")
    (inbox / "dangling.txt").symlink_to(game / "nowhere")
    os.mkfifo(inbox / "pipe.txt")
    (inbox / "folder").mkdir()
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    result = cli("run", game, "--now", NOW)
    assert result.exit_code == 0, result.output
    for name in ("secret.txt", "passwd.txt", "dangling.txt"):
        assert f"rejected {name}:" in result.output
    assert "is a symbolic link: links are never followed; it stays in inbox/" in result.output
    assert "rejected pipe.txt:" in result.output and "rejected folder:" not in result.output
    assert "inbox/folder/ is ignored: only files directly in inbox/ are read" in result.output
    assert "is not a plain file (a folder, a pipe or a device)" in result.output
    assert "stark: accepted" in result.output
    assert _rejected_files(game) == [], "nothing was copied"
    secret = (game / ".adjudicator" / "secret").read_bytes()
    for path in (game / ".adjudicator").rglob("*"):
        if path.is_file() and path.name != "secret":
            assert secret.strip() not in path.read_bytes(), path


def test_a_file_over_the_mail_limit_is_not_read(new_game) -> None:
    game = new_game()
    big = game / "inbox" / "big.txt"
    big.write_bytes(b"house: stark\npassword: pw-stark\n" + b"x" * (50 * 2**20))
    start = time.perf_counter()
    result = cli("run", game, "--now", NOW)
    assert time.perf_counter() - start < 5
    assert result.exit_code == 0, result.output
    assert "this file holds 51201 KB, and the limit is 256 KB: it was not read" in result.output
    assert not big.exists()
    kept = _rejected_files(game)
    assert [p.stat().st_size for p in kept if not p.name.endswith(".errors.txt")] == [
        50 * 2**20 + 32
    ]


def test_one_limit_for_mail_and_files(new_game, monkeypatch) -> None:
    """The limit is defined once (`inbox.limits`): lowered there, it refuses a file and a
    mail alike; reading inbox/ files does not load the mail parser to know it."""
    import subprocess
    import sys

    from adjudicator.inbox.mail import parse_mail

    monkeypatch.setattr(limits, "MAX_TEXT_BYTES", 2048)
    game = new_game()
    body = "house: stark\npassword: pw-stark\n" + "# a long note\n" * 200
    (game / "inbox" / "long.txt").write_text(body)
    result = cli("run", game, "--now", NOW)
    assert "this file holds 3 KB, and the limit is 2 KB: it was not read" in result.output
    mail = (
        "From: a@example.org\r\nTo: gm@example.org\r\nSubject: orders\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n\r\n" + body.replace("\n", "\r\n")
    )
    assert parse_mail(mail.encode()).oversize > 2048
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, adjudicator.intake; print(sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "adjudicator.inbox.limits" in loaded and "adjudicator.inbox.mail" not in loaded
