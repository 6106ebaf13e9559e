"""Issue 17, point 19: `make demo` says how the bots' games move, a line per round."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

DEMO = Path(__file__).resolve().parents[1] / "examples" / "demo.sh"


def test_the_demo_prints_a_line_per_round_while_the_bots_play(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "DEMO_MAX_RUNS": "2",
    }
    done = subprocess.run(
        ["bash", str(DEMO), str(tmp_path / "demo"), "1"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    out = done.stdout
    assert re.search(r"^  round 2 \(run 1, \d+ s\)$", out, re.M), out + done.stderr
    assert re.search(r"^  1708 Spring \(run 1, \d+ s\)$", out, re.M), out
