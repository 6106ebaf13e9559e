"""Rejected order files, as `status` shows them to the GM: whose, which, when.

A rejected file is kept under .adjudicator/rejected/ as ``<UTC stamp>-<file name>`` (its
password removed), beside ``<same>.errors.txt`` (`Intake._keep_rejected`). A player whose
file was rejected often thinks it was taken; `status` lists, per player, the files rejected
since the decisions now open were asked, so the GM sees them at a glance.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.submissions import header_field

if TYPE_CHECKING:
    from adjudicator.engine import Game

STAMP = "%Y-%m-%dT%H%M%SZ"
"""The kept file's prefix: `clock.utc` without its colons."""


@dataclass(frozen=True)
class Rejected:
    """One rejected file."""

    player: str
    """The player its header names ('' when it names none we know)."""
    name: str
    """The file's name as it came (a mail's 'mail-...')."""
    when: datetime
    errors: Path
    """The errors as the player was told them."""


def rejected_since(game: Game, since: datetime | None) -> list[Rejected]:
    """The files rejected at or after `since` (all when None), oldest first."""
    folder = game.dir.rejected
    found = []
    for errors in sorted(folder.glob("*.errors.txt")) if folder.is_dir() else []:
        kept = errors.with_name(errors.name.removesuffix(".errors.txt"))
        stamp, _, rest = kept.name.partition("Z-")
        try:
            when = datetime.strptime(stamp + "Z", STAMP).replace(tzinfo=UTC)
        except ValueError:
            continue  # not one of ours
        if since is not None and when < since:
            continue
        found.append(Rejected(_player_of(game, kept), rest, when, errors))
    return found


def _player_of(game: Game, kept: Path) -> str:
    """The player the kept file's header names, or ''."""
    try:
        text = kept.read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return ""
    for line in text.splitlines():
        field = header_field(line)
        if field and field[0] == "player":
            return game.player_named(field[1]) or ""
    return ""
