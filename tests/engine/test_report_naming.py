"""Issue 10 item 20: a report is headed by what it narrates, and steps are named alike in the
report, its picture, status and the commit."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.conftest import SAMPLE_ORDERS, drop
from tests.conftest import cli_raising as cli

NOW = "2027-01-01T13:00Z"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "westeros"


def last_commit(game: Path) -> str:
    out = subprocess.run(
        ["git", "-C", str(game), "log", "-1", "--format=%s"], capture_output=True, text=True
    )
    return out.stdout.strip()


def test_a_run_over_a_whole_round_is_headed_from_where_it_began_to_where_it_ends(
    new_game,
) -> None:
    import yaml

    passwords = yaml.safe_load((EXAMPLES / "passwords.yaml").read_text())
    game = new_game(passwords=passwords)
    for order in (EXAMPLES / "orders").glob("*.txt"):
        shutil.copy(order, game / "inbox")
    out = cli("run", game, "--now", NOW).output
    steps = int(out.split("resolved ")[1].split(" step")[0])
    assert steps >= 15  # planning, raven, the action phase: round 1 is over
    report = (game / "reports" / "0001.md").read_text()
    assert report.startswith("## g — round 1, Planning phase to round 2, ")
    assert f"![The board after step {steps}](0001.png)" in report
    assert "round 2, " in cli("status", game).output
    assert f", after step {steps}\n" in cli("status", game).output
    message = last_commit(game)
    assert message.startswith("g: round 1, planning to round 2, ")
    assert message.endswith(f" (after step {steps})")


def test_a_run_within_a_round_names_the_round_once(new_game) -> None:
    game = new_game()
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    cli("run", game, "--now", NOW)
    report = (game / "reports" / "0001.md").read_text()
    assert report.startswith("## g — round 1, Planning phase to Messenger Raven\n")
    assert "![The board after step 1](0001.png)" in report
    assert "round 1, raven, after step 1" in cli("status", game).output
    assert last_commit(game) == "g: round 1, planning to raven (after step 1)"
