"""Reports (issue 19 point 7): no heading stands alone, and the phase ids of the state
(`action_1`, `action_roll`) never reach `status`, a commit message or the map's title;
right after `new`, `status` tells the GM that `run` rolls the first action dice."""

from __future__ import annotations

import subprocess
from datetime import timedelta
from pathlib import Path

from adjudicator import engine
from adjudicator.create import create_game
from adjudicator.rulesets.baltic import sequence
from tests.conftest import START, cli
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.phase import reports

PASSWORDS = {"sweden": "pw-sweden", "coalition": "pw-coalition"}
IDS = ("action_1", "action_2", "action_roll")


def test_7_5_a_supply_phase_without_losses_says_so() -> None:
    state = blank_state(season="spring", phase="supply", blocks={"swe_karl": ("svealand", 4)})
    out: list = []
    sequence.supply_phase(state, LoadedDice([]), out)
    said = reports(state, out)
    for reader in ("public", "sweden", "coalition"):
        assert (
            "### Supply Phase, Spring 1705\n\nNo block loses a step to forage or supply."
            in said[reader]
        )
    assert state.blocks["swe_karl"].at == "svealand" and state.blocks["swe_karl"].strength == 4


def test_13_5_an_action_phase_with_no_lines_says_so() -> None:
    """A submission with only standing lines answers the orders as `pass` (13.5)."""
    state = blank_state(blocks={"swe_karl": ("svealand", 4)})
    out: list = []
    sequence.action_phase(state, "sweden", [], False, LoadedDice([]), out)
    said = reports(state, out)
    assert "### Sweden's Action Phase (3 AP)\n\nSweden takes no action." in said["public"]
    assert "Sweden takes no action." in said["sweden"]


def test_3_3_after_new_status_says_run_rolls_the_first_action_dice(tmp_path: Path) -> None:
    path = tmp_path / "g"
    create_game(
        path,
        "baltic",
        now=START,
        roster={"sweden": {"name": "Ann"}, "coalition": {"name": "Bo"}},
        options={"scenario": "poltava"},
        passwords=PASSWORDS,
        settings={"png": False},
    )
    status = cli("status", path)
    assert status.exit_code == 0, status.output
    assert "Spring 1708, Action Roll Phase, no step resolved yet" in status.output
    assert "run 'adjudicator run' to roll the action dice of Spring 1708 (3.3)" in status.output
    engine.run(path, START + timedelta(minutes=1))
    status = cli("status", path)
    assert "Action Phase, after step 1" in status.output
    log = subprocess.run(
        ["git", "-C", str(path), "log", "--format=%s"], capture_output=True, text=True, check=True
    ).stdout
    assert "1708 Spring, Action Roll Phase to" in log
    svg = (path / "reports" / "0001.svg").read_text(encoding="utf-8")
    assert "Spring · First action phase" in svg or "Spring · Second action phase" in svg
    for shown in (status.output, log, svg):
        assert not any(ident in shown for ident in IDS), shown
