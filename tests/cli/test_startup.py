"""The CLI starts fast: `adjudicator --help` loads none of the heavy modules (the engine,
YAML, jinja2, the mail clients), which the commands import when they run."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("yaml", "jinja2", "imapclient", "adjudicator.engine", "adjudicator.gamedir")


def test_help_loads_no_heavy_module() -> None:
    code = (
        "import sys\n"
        "from adjudicator.cli import main\n"
        "try:\n"
        "    main(['--help'], prog_name='adjudicator')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert "adjudicator.cron.command" in loaded  # the cron command is listed, so loaded
    assert sorted(m for m in HEAVY if m in loaded) == []
