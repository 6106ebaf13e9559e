"""What tally tells its reports: every event kind, each field with who may see it
(`rulesets.audience`), as a game of the package declares them in
``adjudicator/rulesets/<game>/reported.py``.

A pick is secret until the step that applies it (T1), and that step reveals both picks
together (T2): its event is public. A field added later stays the owner's, or nobody's,
until it is declared public here.
"""

from __future__ import annotations

from adjudicator.rulesets.audience import Declared, declare, public


@declare("picked")
class Picked:
    """T2: a player's pick, revealed with the other's."""

    player: str = public()
    pick: int = public()
    round: int = public()


@declare("scored")
class Scored:
    """T2: the higher pick scores the round."""

    player: str = public()
    round: int = public()


@declare("ended")
class Ended:
    """T4: the game is over, with the scores."""

    scores: dict[str, int] = public()


EVENTS = Declared(Picked, Scored, Ended)
"""Every event kind of tally, for `tally.emit` and the tests."""
