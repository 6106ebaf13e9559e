"""The sentences that sum up a moment of the game: what a request asks, what the next run
does by itself. The ruleset's requests and the order form say them alike (13.5)."""

from __future__ import annotations

from adjudicator.rulesets.baltic.state import State
from adjudicator.rulesets.baltic.terms import phase_name, season_name
from adjudicator.text import Text, _l


def automatic_summary(state: State) -> Text:
    """What the next run does by itself (no player is waited for): the action dice of the
    season (3.3), or the phase it resolves."""
    if state.phase == "action_roll":
        return _l("roll the action dice of %(season)s (3.3)", season=state_season(state))
    return _l("resolve the %(phase)s", phase=phase_name(state.phase))


def state_season(state: State) -> Text:
    """'Summer 1708', in the reader's language."""
    return _l("%(season)s %(year)s", season=season_name(state.season), year=state.year)


def orders_summary(ap: int) -> Text:
    """What the orders request asks (13.5): a side with 0 AP is still asked, since it may
    send standing lines or a cession, but it is told that `pass` ends its phase now."""
    if ap:
        return _l("send your action lines")
    return _l(
        "0 AP this season: `pass` ends your phase now; only standing lines or a cession can be sent"
    )
