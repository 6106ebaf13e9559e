"""Every instruction the README's baltic section shows is one the order reader understands
(13.3, 13.4), so the manual cannot drift from the language."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.rulesets.baltic import instructions, words
from adjudicator.rulesets.baltic.position import scenario_state

README = Path(__file__).resolve().parents[3] / "README.md"
HEADING = "### baltic: starting a game, the orders, what each side sees"


def examples() -> list[str]:
    """The lines of the section's instruction blocks (not shell, YAML or a receipt's text),
    comments off."""
    text = README.read_text(encoding="utf-8").split(HEADING, 1)[1].split("\n### ", 1)[0]
    blocks = text.split("```")[1::2]
    lines = []
    for block in blocks:
        if block.startswith(("sh", "yaml", "text")):  # shell, position file, receipt
            continue
        for line in block.splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                lines.append(line)
    return lines


def test_readme_shows_every_action_verb_and_standing_line():
    shown = examples()
    verbs = {line.split()[0] for line in shown}
    assert set(instructions.ACTION_VERBS) <= verbs
    for start in (
        "battle ",
        "hit order",
        "retreat priority",
        "regroup",
        "withdraw fleets",
        "fleet retreat priority",
        "forage losses",
        "displace priority",
        "build priority",
        "battle order",
        "reform",
        "offer truce",
        "decline truce",
        "cede Pommern at entry",
        "clear",
    ):
        assert any(line.startswith(start) for line in shown), start


@pytest.mark.parametrize("line", examples())
def test_readme_example_reads(line):
    side = "coalition" if line.startswith("reform") else "sweden"
    state = scenario_state("grand_campaign")
    words.CURRENT.append(state)
    try:
        if instructions.parse_standing(side, line) is not None:
            return
        verb, _, rest = line.partition(" ")
        assert verb in instructions.ACTION_VERBS
        instructions.parse_action(side, verb, rest.strip(), line)
    finally:
        words.CURRENT.pop()
