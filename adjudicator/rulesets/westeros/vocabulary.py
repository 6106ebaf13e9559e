"""Westeros's words in the players' languages (games/westeros/names.yaml).

A thin binding of the game-independent `adjudicator.vocabulary` to this game, so that the
ruleset's modules ask `spellings("areas", id)` without naming the game each time.
"""

from __future__ import annotations

from adjudicator import vocabulary
from adjudicator.vocabulary import LANGUAGES

GAME = "westeros"

__all__ = ["LANGUAGES", "name_in", "spellings"]


def spellings(section: str, ident: str) -> list[str]:
    """Every name `ident` has in ru and pt_BR: printed names first, then aliases.

    >>> spellings("areas", "kings_landing")[:2]
    ['Королевская Гавань', 'КГ']
    """
    return vocabulary.spellings(GAME, section, ident)


def name_in(section: str, ident: str, lang: str) -> str | None:
    """The printed name of `ident` in `lang` (None for English or when unknown)."""
    return vocabulary.name_in(GAME, section, ident, lang)
