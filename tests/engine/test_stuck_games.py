"""Issue 10: a game never gets stuck, whatever a kill or an odd inbox file left behind."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_ORDERS, drop, order_file
from tests.conftest import cli_raising as cli

NOW = "2027-01-01T13:00Z"


@pytest.mark.parametrize("name", ["index.lock", "HEAD.lock", "refs/heads/{branch}.lock"])
def test_stale_git_index_lock_left_by_a_kill_is_removed(new_game, name: str) -> None:
    game = new_game()
    branch = subprocess.run(
        ["git", "-C", str(game), "branch", "--show-current"], capture_output=True, text=True
    ).stdout.strip()
    lock = game / ".git" / name.format(branch=branch)
    lock.touch()
    past = time.time() - 60
    os.utime(lock, (past, past))
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    result = cli("run", game, "--now", NOW)
    assert result.exit_code == 0, result.output
    assert "resolved 1 step" in result.output
    assert not lock.exists()
    assert cli("status", game).exit_code == 0
    assert cli("export", game).exit_code == 0


def test_kill_inside_git_add_leaves_a_lock_the_next_run_clears_and_commits(
    new_game, monkeypatch
) -> None:
    from adjudicator.publish import git

    game = new_game()
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    real = git.commit

    def killed_in_git_add(repo, paths, message):
        (repo / ".git" / "index.lock").touch()  # what a SIGKILL of `git add` leaves
        past = time.time() - 5
        os.utime(repo / ".git" / "index.lock", (past, past))
        raise KeyboardInterrupt

    monkeypatch.setattr(git, "commit", killed_in_git_add)
    from adjudicator import engine

    with pytest.raises(KeyboardInterrupt):
        engine.run(game, engine.parse_time(NOW))
    monkeypatch.setattr(git, "commit", real)
    assert (game / ".adjudicator" / "journal.yaml").exists()
    # `run` recovers (not `status`, which reads without the lock: issue 18, point 14)
    assert cli("run", game, "--now", NOW).exit_code == 0  # lock removed, journal committed
    assert not (game / ".git" / "index.lock").exists()
    assert not (game / ".adjudicator" / "journal.yaml").exists()
    log = subprocess.run(
        ["git", "-C", str(game), "log", "--format=%s"], capture_output=True, text=True
    ).stdout.splitlines()
    assert log == ["g: round 1, planning to raven (after step 1)", "g: new game"]


def test_inbox_file_name_not_utf8_is_taken_and_others_still_read(new_game) -> None:
    game = new_game()
    odd = os.fsencode(game / "inbox") + b"/b-greyjoy-\xe9.txt"
    with open(odd, "wb") as handle:
        handle.write(order_file("greyjoy", SAMPLE_ORDERS["greyjoy"]).encode())
    bad = os.fsencode(game / "inbox") + b"/z-\xff\xfe.txt"
    with open(bad, "wb") as handle:
        handle.write(b"house: stark\npassword: wrong\n")
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    result = cli("run", game, "--now", NOW)
    assert result.exit_code == 0, result.output
    assert "greyjoy: accepted as" in result.output
    assert "stark: accepted as" in result.output
    assert "rejected z-\\xff\\xfe.txt" in result.stderr
    assert os.listdir(os.fsencode(game / "inbox")) == []
    assert cli("status", game).exit_code == 0


def test_rejected_file_with_a_very_long_name_is_recorded(new_game) -> None:
    game = new_game()
    name = "s" * 240 + ".txt"
    drop(game, "stark", "Winterfell: fly\n", name=name)
    result = cli("run", game, "--now", NOW)
    assert result.exit_code == 0, result.output
    assert f"rejected {name}" in result.stderr
    records = sorted(p.name for p in (game / ".adjudicator" / "rejected").iterdir())
    assert len(records) == 2
    assert all(len(r.encode()) <= 200 for r in records)
    assert not list((game / "inbox").iterdir())


def test_rejections_whose_names_differ_only_in_suffix_keep_both_records(new_game) -> None:
    game = new_game()
    drop(game, "stark", "Winterfell: fly\n", name="stark.txt")
    drop(game, "stark", "Winterfell: swim\n", name="stark.txt~")
    cli("run", game, "--now", NOW)
    folder = game / ".adjudicator" / "rejected"
    errors = sorted(p.read_text() for p in folder.glob("*.errors.txt"))
    assert len(errors) == 2
    assert any("fly" in e for e in errors) and any("swim" in e for e in errors)
    assert len(list(folder.iterdir())) == 4


def test_temp_files_left_by_a_kill_are_cleaned_up(new_game) -> None:
    game = new_game()
    leftovers = [
        game / ".adjudicator" / ".state.yaml.abc123.tmp",
        game / ".adjudicator" / "submissions" / ".0001-stark.yaml.x1.tmp",
        game / "reports" / ".0001.md.zz.tmp",
        game / ".game.yaml.q.tmp",
    ]
    for path in leftovers:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("half")
    assert cli("run", game, "--now", NOW).exit_code == 0
    assert [p for p in leftovers if p.exists()] == []


def test_dotfiles_in_the_inbox_are_named_by_status(new_game) -> None:
    game = new_game()
    (game / "inbox" / ".stark.txt").write_text(order_file("stark", SAMPLE_ORDERS["stark"]))
    cli("run", game, "--now", NOW)
    assert (game / "inbox" / ".stark.txt").exists()
    out = cli("status", game, "--now", NOW).output
    assert "inbox/.stark.txt is ignored" in out


def test_receipt_lost_to_a_kill_is_written_by_the_next_run(new_game, monkeypatch) -> None:
    from adjudicator import engine, intake

    game = new_game()
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    real = intake.atomic_write

    def killed(path: Path, data, *args, **kwargs) -> None:
        if "receipts" in str(path):
            raise KeyboardInterrupt
        real(path, data, *args, **kwargs)

    monkeypatch.setattr(intake, "atomic_write", killed)
    with pytest.raises(KeyboardInterrupt):
        engine.run(game, engine.parse_time(NOW))
    monkeypatch.setattr(intake, "atomic_write", real)
    assert not list((game / ".adjudicator" / "receipts").glob("*.txt"))
    cli("run", game, "--now", NOW)
    (receipt,) = (game / ".adjudicator" / "receipts").glob("*.txt")
    text = receipt.read_text()
    assert "stark: accepted as 0001-stark" in text
    assert "Winterfell: March +1 (special)" in text
    receipt.write_text("")  # a power cut after the rename, before the data reached the disk
    cli("run", game, "--now", NOW)
    assert "stark: accepted as 0001-stark" in receipt.read_text()


AS_NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]


def _as_nobody(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*AS_NOBODY, sys.executable, "-m", "adjudicator", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(tmp_path), "PYTHONPATH": str(Path.cwd())},
        cwd=tmp_path,
    )


def _nobody_can_run_adjudicator() -> bool:
    """Root with setpriv, and a checkout and venv an unprivileged user may read (a clone in
    a private folder, such as one `mktemp -d` made, is not)."""
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        return False
    probe = [*AS_NOBODY, sys.executable, "-c", "import adjudicator"]
    env = {**os.environ, "PYTHONPATH": str(Path.cwd())}
    return subprocess.run(probe, capture_output=True, env=env, cwd="/").returncode == 0


needs_nobody = pytest.mark.skipif(
    not _nobody_can_run_adjudicator(),
    reason="needs root, setpriv, and a checkout other users may read",
)


@needs_nobody
def test_read_only_reports_is_named_before_anything_changes(tmp_path: Path) -> None:
    """Run as an unprivileged user: root writes through any mode bits."""
    import tempfile

    home = Path(tempfile.mkdtemp(prefix="adjudicator-nobody-", dir="/tmp"))
    home.chmod(0o755)
    os.chown(home, 65534, 65534)
    made = _as_nobody(home, "new", "g", "--game", "westeros", "--players", "6", "--now", NOW)
    assert made.returncode == 0, made.stderr
    game = home / "g"
    passwords = dict(line.split(": ", 1) for line in made.stdout.splitlines()[1:])
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body, pw=passwords[house])
        os.chown(game / "inbox" / f"{house}.txt", 65534, 65534)
    (game / "reports").chmod(0o555)
    before = sorted(p.name for p in (game / ".adjudicator").rglob("*"))
    done = _as_nobody(home, "run", "g", "--now", NOW)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "reports" in done.stderr and "not writable" in done.stderr
    assert sorted(p.name for p in (game / ".adjudicator").rglob("*")) == before
    assert len(list((game / "inbox").iterdir())) == 6
    (game / "reports").chmod(0o755)
    game.chmod(0o555)
    done = _as_nobody(home, "run", "g", "--now", NOW)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "Error: g is not writable" in done.stderr
    game.chmod(0o755)
    shutil.rmtree(home)
