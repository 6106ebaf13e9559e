"""Submissions as the engine keeps them: the receipt, the rejection, and the stored file.

A submission is stored as one YAML file (its text with the password removed, where it came
from, and the instructions understood); it stays under `.adjudicator/submissions/` until it
is revealed, then moves into the committed `archive/`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.orders.errors import OrderError
from adjudicator.requests import Instruction, Submission


class SubmissionRejected(Exception):
    """A submission that was not accepted; nothing of it was stored."""

    def __init__(self, errors: list[OrderError], player: str | None = None) -> None:
        self.errors = errors
        self.player = player
        super().__init__("\n".join(str(e) for e in errors))


@dataclass(frozen=True)
class Receipt:
    """What the engine understood of an accepted submission."""

    submission: str
    player: str
    understood: tuple[str, ...]
    replaced: tuple[str, ...] = ()
    """Earlier instructions this submission replaced, as the player wrote them."""
    duplicate: bool = False
    deadline: str | None = None
    """The player's nearest open deadline, if any."""

    def __str__(self) -> str:
        if self.duplicate:
            return f"{self.player}: already received as {self.submission}; nothing changed"
        lines = [f"{self.player}: accepted as {self.submission}"]
        lines += [f"  {u}" for u in self.understood] or ["  (no instructions)"]
        lines += [f"  replaces: {r}" for r in self.replaced]
        if self.deadline:
            lines.append(f"  deadline: {self.deadline}")
        return "\n".join(lines)


def redact(text: str) -> str:
    """The text with the password's value removed: archives and rejects never hold one."""
    out = []
    for line in text.splitlines():
        key, sep, _ = line.partition(":")
        out.append(f"{key}: (removed)" if sep and key.strip().lower() == "password" else line)
    return "\n".join(out) + "\n"


def dump_submission(s: Submission) -> dict[str, Any]:
    return {
        "id": s.id,
        "player": s.player,
        "received": s.received,
        "source": s.source,
        "sha256": s.sha256,
        "epoch": s.epoch,
        "after_step": s.after_step,
        "text": s.text,
        "instructions": [i.to_data() for i in s.instructions],
    }


def load_submission(path: Path) -> Submission:
    from adjudicator.gamedir import load_yaml

    data = load_yaml(path, "a stored submission")
    instructions = tuple(
        Instruction(**i, submission=data["id"]) for i in data.get("instructions", [])
    )
    fields = {
        k: data[k]
        for k in ("id", "player", "received", "source", "sha256", "epoch", "after_step", "text")
    }
    return Submission(**fields, instructions=instructions)
