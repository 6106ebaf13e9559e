"""Benchmarks of the foundation (not a test): CLI start-up and a full planning step.

Targets: `adjudicator --help` under 0.25 s wall; `run` with six order files (parse, resolve,
two report formats, YAML write, git commit) under 0.5 s wall; the adjudication itself
(parse and resolve, no I/O) under 50 ms.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
EXAMPLES = HERE / "examples" / "westeros"
ADJ = [sys.executable, "-m", "adjudicator"]


def wall(cmd: list[str], repeat: int = 7) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def planning_run(maps: bool, repeat: int = 5) -> list[float]:
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


def adjudication_only(repeat: int = 50) -> list[float]:
    sys.path.insert(0, str(HERE))
    from tests.rulesets.westeros.harness import play, six_player_position

    texts = {p.stem: p.read_text() for p in (EXAMPLES / "orders").glob("*.txt")}
    bodies = {
        h: "\n".join(
            line for line in t.splitlines() if not line.startswith(("house:", "password:"))
        )
        for h, t in texts.items()
    }
    position = six_player_position()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        play(position, bodies)  # parse six files, reveal; stops at the raven
        times.append(time.perf_counter() - start)
    return times


def report(name: str, times: list[float], target: float) -> None:
    best, median = min(times), statistics.median(times)
    verdict = "ok" if median < target else "SLOW"
    print(
        f"{name:<48} best {best * 1000:7.1f} ms  median {median * 1000:7.1f} ms  "
        f"(target {target * 1000:.0f} ms) {verdict}"
    )


def main() -> None:
    report("adjudicator --help (wall)", wall([*ADJ, "--help"]), 0.25)
    report("run: planning step, 6 files (wall, with git)", planning_run(maps=False), 0.5)
    report("the same with SVG + PNG maps", planning_run(maps=True), 1.0)
    report("planning step: parse + resolve (no I/O)", adjudication_only(), 0.05)


if __name__ == "__main__":
    main()
