"""A plain, non-editable install ships the game data and templates and works from anywhere."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_installs_and_runs_from_another_folder(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("adjudicator-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "adjudicator/games/westeros/board.yaml" in names
    assert "adjudicator/games/westeros/cards.yaml" in names
    assert "adjudicator/templates/westeros/report.md.j2" in names
    assert "adjudicator/templates/common/bbcode.j2" in names
    site = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(site),
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            f"import sys; sys.path.insert(0, {str(site)!r}); "
            "from adjudicator.cli import main; main()",
            "new",
            "g",
            "--game",
            "westeros",
            "--players",
            "4",
        ],
        cwd=elsewhere,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "greyjoy: " in done.stdout
    where = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            f"import sys; sys.path.insert(0, {str(site)!r}); import adjudicator; "
            "print(adjudicator.__file__)",
        ],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=True,
    )
    assert where.stdout.startswith(str(site))  # the wheel, not this checkout
    assert (elsewhere / "g" / "game.yaml").exists()
