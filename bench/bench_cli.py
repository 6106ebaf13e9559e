"""Benchmarks of the foundation (not a test): CLI start-up and a full planning step.

Targets: `adjudicator --help` under 0.25 s wall; `run` with six order files (parse, resolve,
two report formats, YAML write, git commit) under 0.5 s wall, with the SVG and PNG maps
too (issue 10 item 21), in English and in Russian (issue 12), with argon2id checks at
OWASP's parameters (issue 18) and private PNG maps (issues 17, 21); a baltic (Poltava) run
of one bot's file with its three maps, SVG and PNG; the adjudication itself (parse and
resolve, no I/O) under 50 ms.

    python bench/bench_cli.py            # every row, 9 runs each
    python bench/bench_cli.py maps       # only the rows whose name holds "maps"
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
EXAMPLES = HERE / "examples" / "westeros"
BALTIC = HERE / "examples" / "baltic"
ADJ = [sys.executable, "-m", "adjudicator"]
# A GM's Python keeps compiled bytecode; without it (PYTHONDONTWRITEBYTECODE, as in some CI
# shells) every run recompiles every module, a quarter of a second here. Cache it aside.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "adjudicator-pyc"))


def wall(cmd: list[str], repeat: int = 7) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def planning_run(maps: bool, repeat: int = 9, lang: str = "en") -> list[float]:
    times = []
    for _ in range(repeat):
        root = Path(tempfile.mkdtemp())
        game = root / "g"
        subprocess.run(
            [
                *ADJ,
                "new",
                str(game),
                "--game",
                "westeros",
                "--players",
                "6",
                "--passwords",
                str(EXAMPLES / "passwords.yaml"),
                "--now",
                "2027-01-01T12:00Z",
                "--lang",
                lang,
            ],
            check=True,
            capture_output=True,
        )
        if not maps:
            meta = game / "game.yaml"
            meta.write_text(meta.read_text().replace("settings:\n", "settings:\n  maps: false\n"))
        for order in (EXAMPLES / "orders").glob("*.txt"):
            shutil.copy(order, game / "inbox")
        start = time.perf_counter()
        subprocess.run(
            [*ADJ, "run", str(game), "--now", "2027-01-01T13:00Z"], check=True, capture_output=True
        )
        times.append(time.perf_counter() - start)
        shutil.rmtree(root)
    return times


def baltic_run(repeat: int = 9) -> list[float]:
    """A Poltava run: the Coalition's bot file (its first season's actions) in the inbox,
    resolved, reported, with three SVG and three PNG maps (each side sees its own blocks)."""
    root = Path(tempfile.mkdtemp())
    base = root / "base"
    passwords = ["--passwords", str(BALTIC / "passwords.yaml")]
    steps = [
        [
            "new",
            str(base),
            "--game",
            "baltic",
            "--option",
            "scenario=poltava",
            *passwords,
            "--now",
            "2027-01-01T12:00Z",
        ],
        ["run", str(base), "--now", "2027-01-01T13:00Z"],
        ["bot", str(base), *passwords, "--seed", "1", "--ahead"],
    ]
    for step in steps:
        subprocess.run([*ADJ, *step], check=True, capture_output=True)
    times = []
    for n in range(repeat):
        game = root / f"g{n}"
        shutil.copytree(base, game, symlinks=True)
        start = time.perf_counter()
        subprocess.run(
            [*ADJ, "run", str(game), "--now", "2027-01-01T14:00Z"], check=True, capture_output=True
        )
        times.append(time.perf_counter() - start)
    shutil.rmtree(root)
    return times


def _bodies(orders_only: bool) -> dict[str, str]:
    """The demo's order files without header lines; `orders_only` keeps the planning part
    (the lines before the first blank line), leaving out the action-phase instructions."""
    bodies = {}
    for path in (EXAMPLES / "orders").glob("*.txt"):
        lines = [
            line
            for line in path.read_text().splitlines()
            if not line.startswith(("house:", "password:", "#"))
        ]
        if orders_only:
            lines = lines[: lines.index("")] if "" in lines else lines
        bodies[path.stem] = "\n".join(lines)
    return bodies


def adjudication_only(orders_only: bool, repeat: int = 50) -> list[float]:
    sys.path.insert(0, str(HERE))
    from adjudicator.dice import Dice
    from adjudicator.rulesets.westeros import RULESET
    from tests.rulesets.westeros.harness import play, six_player_position

    bodies = _bodies(orders_only)
    position = six_player_position()
    times = []
    for _ in range(repeat):
        state = RULESET.load_position(position, Dice(b"bench", "bench", 0))
        start = time.perf_counter()
        play(state, bodies)  # parse six files, resolve until nobody has answered
        times.append(time.perf_counter() - start)
    return times


def report(name: str, times: list[float], target: float) -> None:
    best, median = min(times), statistics.median(times)
    verdict = "ok" if median < target else "SLOW"
    print(
        f"{name:<48} best {best * 1000:7.1f} ms  median {median * 1000:7.1f} ms  "
        f"(target {target * 1000:.0f} ms) {verdict}"
    )


ROWS = [
    ("adjudicator --help (wall)", lambda: wall([*ADJ, "--help"]), 0.25),
    ("run: planning step, 6 files (wall, with git)", lambda: planning_run(maps=False), 0.5),
    ("the same with SVG + PNG maps", lambda: planning_run(maps=True), 0.5),
    ("the same in Russian (settings.lang: ru), maps", lambda: planning_run(True, lang="ru"), 0.5),
    ("baltic: Poltava run, 1 file, 3 SVG + 3 PNG maps", baltic_run, 0.5),
    ("planning step: parse + resolve (no I/O)", lambda: adjudication_only(True), 0.05),
    ("whole round 1 by standing instructions (no I/O)", lambda: adjudication_only(False), 0.05),
]


def main() -> None:
    wanted = sys.argv[1:]
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for name, measure, target in ROWS:
        if not wanted or any(word in name for word in wanted):
            report(name, measure(), target)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
