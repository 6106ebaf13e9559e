"""Whether a mailed submission was written for what the game asks now (issue 18, point 5).

A player's mail of round 1, sent again later (by the player's mail client, a forwarding
loop, or someone who got hold of it) with only a new Message-ID, passed every other check:
the right address, the right password, orders that parse. It is refused when

* its `Date` is before the current epoch (a round) began: it was written for an earlier
  one. NOTE: the issue says "before the request it would answer was opened"; but a player
  may write instructions for requests that open later in the same round (standing
  instructions, DESIGN.md), so the line is drawn where the round began; or
* its text is, byte for byte, one the player sent at an earlier step (staged or spent).

Only mail is checked: order files are put in inbox/ on the GM's own machine.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from adjudicator.clock import parse_time, utc
from adjudicator.publish.messages import SAME_AS_BEFORE, WRITTEN_BEFORE
from adjudicator.submissions import load_submission
from adjudicator.text import Text, _l

if TYPE_CHECKING:
    from adjudicator.intake import Intake

CLOCK_SLACK = timedelta(minutes=10)
"""NOTE: a player's clock may be a few minutes off; a mail dated up to this long before a
decision opened still counts as written for it."""


def stale(game: Intake, player: str, digest: str, written: datetime | None) -> Text | None:
    """Why `player`'s mail (text digest `digest`, `Date` `written`) cannot be applied now,
    or None when it may."""
    began = game.epoch_began
    if written is not None and began and written + CLOCK_SLACK < parse_time(began):
        return _l(WRITTEN_BEFORE, written=utc(written), opened=began)
    earlier = _earlier_submission(game, player, digest)
    if earlier is not None:
        return _l(SAME_AS_BEFORE, submission=earlier)
    return None


def _earlier_submission(game: Intake, player: str, digest: str) -> str | None:
    """The id of a submission of `player` with this text from an earlier step, if any."""
    for submission in game.submissions:
        mine = submission.player == player and submission.sha256 == digest
        if mine and submission.after_step < game.step:
            return submission.id
    spent = game.spent_digests
    if player not in spent:
        paths = sorted(game.dir.spent.glob(f"*-{player}.yaml"))
        spent[player] = {load_submission(p).sha256: p.stem for p in paths}
    return spent[player].get(digest)
