"""A plain, non-editable install ships the game data and templates and works from anywhere."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build_wheel(source: Path, out: Path) -> tuple[Path, set[str]]:
    """Build the wheel of `source` into `out`; (the wheel, the files it holds).

    Issue 10 item 19: every data folder is a declared package, so the build is quiet.
    """
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(out), str(source)],
        check=True,
        capture_output=True,
        text=True,
    )
    assert "is absent from" not in built.stdout + built.stderr
    (wheel,) = out.glob("adjudicator-*.whl")
    return wheel, set(zipfile.ZipFile(wheel).namelist())


def test_wheel_installs_and_runs_from_another_folder(tmp_path: Path) -> None:
    wheel, names = build_wheel(ROOT, tmp_path)
    assert "adjudicator/games/westeros/board.yaml" in names
    assert "adjudicator/games/westeros/cards.yaml" in names
    assert "adjudicator/games/westeros/locale/ru.po" in names
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


def test_a_new_game_ships_without_editing_the_package_list(tmp_path: Path) -> None:
    """A third game adds rulesets/<game>/, games/<game>/ and templates/<game>/ only."""
    copy = tmp_path / "src"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(
            ".venv", ".git", "build", "*.egg-info", "demo", "demo-baltic"
        ),
    )
    (copy / "adjudicator" / "rulesets" / "thirdgame").mkdir()
    (copy / "adjudicator" / "rulesets" / "thirdgame" / "__init__.py").write_text("")
    (copy / "games" / "thirdgame" / "scenarios").mkdir(parents=True)
    (copy / "games" / "thirdgame" / "scenarios" / "poltava.yaml").write_text("a: 1\n")
    (copy / "templates" / "thirdgame").mkdir()
    (copy / "templates" / "thirdgame" / "report.md.j2").write_text("x\n")
    _, names = build_wheel(copy, tmp_path)
    assert "adjudicator/rulesets/thirdgame/__init__.py" in names
    assert "adjudicator/games/thirdgame/scenarios/poltava.yaml" in names
    assert "adjudicator/templates/thirdgame/report.md.j2" in names


STUB = '#!/bin/sh\necho "$(basename "$0") $*" >> {log}\n'


def test_make_install_says_what_it_will_apt_get_install_and_is_quiet_otherwise(
    tmp_path: Path,
) -> None:
    """Stubs stand in for apt-get, dpkg-query and python, so nothing is installed."""
    bin_dir, log = tmp_path / "bin", tmp_path / "log"
    bin_dir.mkdir()
    for tool in ("apt-get",):
        (bin_dir / tool).write_text(STUB.format(log=log))
    # dpkg-query: every package installed except git and fonts-dejavu-extra.
    (bin_dir / "dpkg-query").write_text(
        '#!/bin/sh\nfor p; do :; done\ncase "$p" in git|fonts-dejavu-extra) exit 1;; esac\n'
        'echo "install ok installed"\n'
    )
    # python -m venv DIR: a venv whose pip only logs.
    (bin_dir / "py").write_text(
        '#!/bin/sh\nmkdir -p "$3/bin"\n'
        f'printf \'#!/bin/sh\\necho "pip $*" >> {log}\\n\' > "$3/bin/pip"\n'
        'chmod +x "$3/bin/pip"\n'
    )
    for stub in bin_dir.iterdir():
        stub.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    args = [
        "make",
        "--no-print-directory",
        "-C",
        str(ROOT),
        "install",
        f"VENV={tmp_path / 'venv'}",
        "PY=py",
    ]
    first = subprocess.run(args, capture_output=True, text=True, env=env)
    assert first.returncode == 0, first.stderr
    assert first.stdout == "apt-get install: git fonts-dejavu-extra\n"
    assert first.stderr == ""
    calls = log.read_text().splitlines()
    assert calls[0] == "apt-get update -qq"
    assert "install -y -qq --no-install-recommends git fonts-dejavu-extra" in calls[1]
    assert any(c.startswith("pip install") for c in calls)
    (bin_dir / "dpkg-query").write_text('#!/bin/sh\necho "install ok installed"\n')
    (tmp_path / "venv" / "bin" / "adjudicator").unlink()
    again = subprocess.run(args, capture_output=True, text=True, env=env)
    assert (again.returncode, again.stdout, again.stderr) == (0, "", "")
