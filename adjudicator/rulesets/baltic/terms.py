"""Game words that are not places, blocks or nations, as `text.Name`s for messages.

Seasons, phases and sides are said through ``games/baltic/names.yaml`` (sections
``seasons``, ``phases``, ``sides``) in the reader's language, like every other game word.
"""

from __future__ import annotations

from adjudicator.text import Name


def season_name(season: str) -> Name:
    """'summer' -> 'Summer' ('лето', 'verão')."""
    return Name(season, season.capitalize(), "seasons")


PHASES = {
    "entry": "Entry Phase",
    "action_roll": "Action Roll Phase",
    "action_1": "first Action Phase",
    "action_2": "second Action Phase",
    "supply": "Supply Phase",
    "ended": "game over",
}
"""The English words of the phases (0.2, 3.1); names.yaml `phases` holds the others. The
ids (`action_1`) are the state's, never shown (issue 19)."""


def phase_name(phase: str) -> Name:
    """'action_1' -> 'first Action Phase' ('первая фаза действий', 'primeira Fase de Ação')."""
    return Name(phase, PHASES.get(phase, phase), "phases")


def side_name(side: str) -> Name:
    """'coalition' -> 'Coalition' ('Коалиция', 'Coalizão')."""
    return Name(side, side.capitalize(), "sides")
