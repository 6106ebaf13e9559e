"""The GM's repository gets one commit per run, in two git processes on the usual path:
the GM's identity when configured, a neutral one on a fresh machine, none when nothing
changed (issue 10, item 21: every git process is ~10 ms of a run)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from adjudicator.publish import git


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository on a machine with no git identity anywhere (a fresh cron box)."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for variable in (
        "GIT_AUTHOR_NAME",
        "GIT_AUTHOR_EMAIL",
        "GIT_COMMITTER_NAME",
        "GIT_COMMITTER_EMAIL",
        "EMAIL",
        "GIT_CONFIG_GLOBAL",
    ):
        monkeypatch.delenv(variable, raising=False)
    path = tmp_path / "g"
    path.mkdir()
    git.init(path)
    return path


def _author(repo: Path) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), "log", "-1", "--format=%an <%ae>"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def test_a_fresh_machine_commits_under_a_neutral_identity(repo: Path) -> None:
    (repo / "game.yaml").write_text("a: 1\n")
    assert git.commit(repo, ["game.yaml"], "g: new game") is True
    assert _author(repo) == "adjudicator <adjudicator@localhost>"


def test_the_gms_own_identity_is_used_when_configured(repo: Path) -> None:
    subprocess.run(["git", "-C", str(repo), "config", "user.name", "Ann GM"], check=True)
    subprocess.run(["git", "-C", str(repo), "config", "user.email", "ann@example.org"], check=True)
    (repo / "game.yaml").write_text("a: 1\n")
    assert git.commit(repo, ["game.yaml"], "g: new game") is True
    assert _author(repo) == "Ann GM <ann@example.org>"


def test_nothing_changed_makes_no_commit(repo: Path) -> None:
    (repo / "game.yaml").write_text("a: 1\n")
    git.commit(repo, ["game.yaml"], "first")
    assert git.commit(repo, ["game.yaml"], "second") is False
    assert len(git.log(repo)) == 1
