"""Wrong passwords per house and step: after `LIMIT`, nothing more is checked for that house
until the next step (issue 18, point 8: 500 wrong files and then the right one were all
checked, and the right one accepted, in one run).

Kept in `.adjudicator/guesses.yaml` ({step, counts: {house: n}}), written when a count
changes; a new step starts from nothing. The GM reads the counts in `status` and cron's
log; cron also tells the house's own address once, when its limit is reached.

NOTE: refusing the right password too, once the limit is reached, lets someone who knows a
player's address lock that player out for the rest of a step. It is the price of making a
guess worthless; the player and the GM are told at once, and the GM can extend the
deadline or take the orders by hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.gamedir import atomic_write, dump_yaml, load_yaml_text
from adjudicator.text import N_

if TYPE_CHECKING:
    from adjudicator.gamedir import GameDir

LIMIT = 5
"""Wrong passwords a house may get in one step; a player's typos rarely pass two."""

LOCKED = N_(
    "too many wrong passwords were sent for this house in this step: nothing more is "
    "checked for it until the next step, and the GM has been told"
)


class Guesses:
    """The counts of one game, loaded once."""

    def __init__(self, gamedir: GameDir) -> None:
        self.path = gamedir.private / "guesses.yaml"
        self._data: dict[str, Any] | None = None

    def _load(self, step: int) -> dict[str, int]:
        if self._data is None:
            try:
                data = load_yaml_text(self.path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                data = None
            self._data = data if isinstance(data, dict) else {}
        if self._data.get("step") != step:
            self._data = {"step": step, "counts": {}}
        return self._data.setdefault("counts", {})

    def count(self, player: str, step: int) -> int:
        return int(self._load(step).get(player, 0))

    def add(self, player: str, step: int) -> int:
        """One more wrong password for `player`; returns the count now."""

        counts = self._load(step)
        counts[player] = counts.get(player, 0) + 1
        atomic_write(self.path, dump_yaml(self._data), durable=False)
        return counts[player]

    def locked(self, step: int) -> dict[str, int]:
        """Houses at or over the limit in `step`, with their counts."""
        return {p: n for p, n in sorted(self._load(step).items()) if n >= LIMIT}
