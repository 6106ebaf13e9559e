"""Issue 18, point 12: a broken `.git` is found before a run writes anything."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_ORDERS, cli, drop

NOW = "2027-01-01T13:00:00Z"


def _objects_gone(git: Path) -> None:
    for folder in (git / "objects").iterdir():
        if folder.name not in ("info", "pack"):
            shutil.rmtree(folder)


def _index_damaged(git: Path) -> None:
    (git / "index").write_bytes(b"garbage")


def _head_garbage(git: Path) -> None:
    (git / "HEAD").write_text("garbage\n")


def _git_gone(git: Path) -> None:
    shutil.rmtree(git)


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (_objects_gone, "HEAD names a commit that is missing"),
        (_index_damaged, ".git/index is damaged"),
        (_head_garbage, "broken"),
        (_git_gone, "broken"),
    ],
)
def test_a_broken_git_stops_the_run_before_anything_is_written(new_game, damage, said) -> None:
    game = new_game()
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    private = game / ".adjudicator"
    before = {p: p.read_bytes() for p in private.rglob("*") if p.is_file() and p.name != "lock"}
    damage(game / ".git")
    result = cli("run", game, "--now", NOW)
    assert result.exit_code == 1
    assert f"the git repository of {game} is broken" in result.output
    assert said in result.output
    assert sorted(p.name for p in (game / "inbox").iterdir()) == sorted(
        f"{h}.txt" for h in SAMPLE_ORDERS
    )
    assert not any((game / "reports").iterdir())
    after = {p: p.read_bytes() for p in private.rglob("*") if p.is_file() and p.name != "lock"}
    assert after == before
