"""Game words that are not places, blocks or nations, as `text.Name`s for messages.

Seasons, phases and sides are said through ``games/baltic/names.yaml`` (sections
``seasons``, ``phases``, ``sides``) in the reader's language, like every other game word.
"""

from __future__ import annotations

from adjudicator.text import Name


def season_name(season: str) -> Name:
    """'summer' -> 'Summer' ('лето', 'verão')."""
    return Name(season, season.capitalize(), "seasons")


def phase_name(phase: str) -> Name:
    """'entry' -> 'entry phase' ('входная фаза', 'fase de entrada')."""
    return Name(phase, phase.replace("_", " ") + " phase", "phases")


def side_name(side: str) -> Name:
    """'coalition' -> 'Coalition' ('Коалиция', 'Coalizão')."""
    return Name(side, side.capitalize(), "sides")
